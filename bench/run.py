"""The benchmark, in one command: ``make bench`` (or ``.venv/bin/python bench/run.py [options]``).

Loopback only (nginx and small aiohttp servers started here, stopped by pid at the end), every
crawl a child process with a time limit. Sections are functions in sections.py, picked with
``--only name,name``; ``--list`` names them. Prints a table per section and the targets' verdicts,
and writes bench/out/results.json, bench/out/report.txt and bench/out/scaling.png.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import floor  # noqa: F401  (registers floor: our crawl against what the machine can do)
import gui_ab  # noqa: F401  (registers the window's before/after sections)
import gui_sections  # noqa: F401  (registers the window sections)
import pure  # noqa: F401  (registers real-pure: compiled vs pure Python on the real sites)
import realsites  # noqa: F401  (registers the real-site sections)
from common import OUT, kill_children, raise_nofile, table
from sections import SECTIONS, Context


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--only", default="", help="comma-separated sections (default: all)")
    p.add_argument("--list", action="store_true", help="list the sections and exit")
    p.add_argument("--pages", type=int, default=2000, help="pages of the docs site (2000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=16, help="concurrency for both crawlers (16)")
    p.add_argument("--runs", type=int, default=3, help="runs of our engine, median (3)")
    p.add_argument("--peer-runs", type=int, default=3, help="runs of Scrapy, median (3)")
    p.add_argument("--timeout", type=float, default=240, help="limit per crawl of ours, s (240)")
    p.add_argument("--peer-timeout", type=float, default=300, help="limit per Scrapy crawl, s")
    p.add_argument("--linkx-pages", type=int, default=400, help="pages timed in linkx (400)")
    p.add_argument("--profile-tiny", type=int, default=20000, help="tiny pages profiled (20000)")
    p.add_argument("--latency-ms", type=int, default=100, help="scaling: delay per page (100)")
    p.add_argument("--scale-workers", type=_ints, default=[1, 10, 100, 1000])
    p.add_argument("--scale-secs", type=float, default=4.0, help="scaling: ideal secs per run")
    p.add_argument("--scale-runs", type=int, default=3, help="scaling: runs of CPU-bound points")
    p.add_argument("--cap-pages", type=int, default=8000, help="scaling: pages for the 0 ms run")
    p.add_argument("--c10k-workers", type=int, default=10000)
    p.add_argument("--c10k-hold-ms", type=int, default=2000)
    p.add_argument("--c10k-runs", type=int, default=3, help="C10K runs, median (3)")
    p.add_argument(
        "--c10k-whatif",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="one extra C10K run with a higher gc threshold (not a target)",
    )
    p.add_argument("--real-runs", type=int, default=3, help="real sites: runs of each, median")
    p.add_argument("--real-timeout", type=float, default=600, help="real sites: limit per crawl")
    p.add_argument("--million-urls", type=int, default=1_000_000, help="million: URLs")
    p.add_argument("--million-timeout", type=float, default=1800, help="million: limit, s")
    p.add_argument("--mem-base", type=int, default=10_000)
    p.add_argument("--mem-urls", type=int, default=200_000)
    p.add_argument("--before", default="", help="*-ab sections: the git ref to compare with")
    return p.parse_args(argv)


def _terminate(*_: object) -> None:
    kill_children()  # else a section's worker threads would wait for their crawls to end
    sys.exit(143)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list:
        for name, (help_, _) in SECTIONS.items():
            print(f"{name:10} {help_}")
        return 0
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(f"unknown section(s) {', '.join(unknown)}; known: {', '.join(SECTIONS)}")
        return 2
    raise_nofile()
    # SIGTERM unwinds like Ctrl-C, so the servers are stopped by the ExitStack below.
    signal.signal(signal.SIGTERM, _terminate)
    OUT.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    timings = []
    failed = []
    with ExitStack() as stack:
        ctx = Context(args, stack)
        for name in names:
            ctx.say(f"\n### {name}: {SECTIONS[name][0]}")
            t = time.perf_counter()
            try:
                SECTIONS[name][1](ctx)
            except KeyboardInterrupt:
                kill_children()
                raise
            except Exception as e:  # one broken section must not hide the others' figures
                failed.append(name)
                ctx.say(f"  section {name} FAILED: {type(e).__name__}: {e}")
            timings.append([name, time.perf_counter() - t])
    ctx.say(
        table(
            ["section", "secs"],
            [*timings, ["total", time.perf_counter() - t0]],
            title="\n== time ==",
        )
    )
    if ctx.targets:
        ctx.say(
            table(
                ["target", "measured", "wanted", "ratio", "verdict"],
                [[t.name, t.measured, t.wanted, f"{t.ratio:.2f}x", t.verdict] for t in ctx.targets],
                title="\n== targets ==",
            )
        )
    (OUT / "report.txt").write_text("\n".join(ctx.lines) + "\n")
    (OUT / "results.json").write_text(json.dumps(ctx.results, indent=1, default=str))
    print(f"\nreport: {OUT / 'report.txt'}; data: {OUT / 'results.json'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
