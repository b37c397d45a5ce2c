"""The benchmark, in one command: ``make bench`` (or ``.venv/bin/python bench/run.py [options]``).

Loopback only (nginx and small aiohttp servers started here, stopped by pid at the end), every
crawl a child process with a time limit. Sections are picked with ``--only name,name``;
``--list`` names them (those marked "by hand" run only when named or with ``--all``);
``--quick`` shrinks every size for a smoke run; ``--before REF`` runs the code at REF beside this
tree wherever a section compares trees. Prints a table per section and the targets' verdicts,
and writes bench/out/results.json and bench/out/report.txt.
"""

from __future__ import annotations

import argparse
import importlib
import json
import signal
import sys
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import OUT, kill_children, raise_nofile, table
from sections import SECTIONS, Context

# The modules whose sections run, in this order (sections.py holds the headless engine's).
MODULES = ("sections", "gui_sections", "realsites", "pure", "floor", "unbounded",
           "cli_stream", "hostile_site", "resume_memory", "window_million", "gui_repeat", "pages_db",
           "fuzz", "cluster", "render", "site_graph")  # fmt: skip
for module in MODULES:
    importlib.import_module(module)

# --quick: every size small enough for a smoke run of each section (options given still win).
QUICK = dict(pages=200, runs=1, c10k_workers=500, c10k_runs=1, mem_base=2000, mem_urls=10_000,
             real_runs=1, unbounded_urls=20_000, wm_pages=10_000, real_site="python-docs",
             pure_sites=["python-docs"], repeat_crawls=2, pages_db_rows=[20_000], fuzz_minutes=0.2)  # fmt: skip


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    add = p.add_argument
    add("--only", default="", help="comma-separated sections (default: all but the by-hand ones)")
    add("--all", action="store_true", help="every section, the by-hand ones too")
    add("--list", action="store_true", help="list the sections and exit")
    add("--quick", action="store_true", help="small sizes and one run: a smoke run")
    add("--before", default="", help="also the code at this git ref (or a built folder), side by side")  # fmt: skip
    add("--pages", type=int, default=2000, help="pages of the docs site (2000)")
    add("--seed", type=int, default=1)
    add("--workers", type=int, default=16, help="gui: concurrency, window and headless (16)")
    add("--runs", type=int, default=3, help="runs of our engine, of each tree, median (3)")
    add("--timeout", type=float, default=240, help="limit per crawl of ours, s (240)")
    add("--c10k-workers", type=int, default=10000)
    add("--c10k-hold-ms", type=int, default=2000)
    add("--c10k-runs", type=int, default=3, help="C10K runs, median (3)")
    add("--mem-base", type=int, default=10_000)
    add("--mem-urls", type=int, default=200_000)
    add("--real-runs", type=int, default=3, help="real sites: runs of each, median")
    add("--pure-sites", type=lambda t: t.split(","), default=["python-docs", "rust-docs"],
        help="real-pure: the sites, comma-separated")  # fmt: skip
    add("--real-timeout", type=float, default=600, help="real sites: limit per crawl")
    add("--unbounded-timeout", type=float, default=1800, help="unbounded: limit, s")
    add("--unbounded-urls", type=int, default=1_000_000, help="unbounded: URLs taken in")
    add("--wm-pages", type=int, default=1_000_000, help="window-million: pages, a power of ten")
    add("--wm-workers", type=int, default=0, help="window-million: workers (0: the window's)")
    add("--wm-time-limit", type=float, default=2400, help="window-million: crawl cancelled after, s")  # fmt: skip
    add("--wm-rss-limit", type=float, default=8000, help="window-million: crawl cancelled past, MB")
    add("--real-site", choices=["python-docs", "rust-docs"], default="rust-docs",
        help="the site of gui (window vs CLI), gui-repeat, cli-stream, resume-memory")  # fmt: skip
    add("--repeat-crawls", type=int, default=3, help="gui-repeat: crawls in one window")
    add("--pages-db-rows", type=_ints, default=[100_000, 1_000_000], help="pages-db: rows, comma-separated")  # fmt: skip
    add("--fuzz-minutes", type=float, default=5.0)
    add("--fuzz-pages", type=int, default=200, help="fuzz: pages per round")
    add("--fuzz-seed", type=int, default=None, help="fuzz: first seed (default: random)")
    add("--fuzz-big", type=int, default=10, help="fuzz: pages over 15,000 tags per round")
    args = p.parse_args(argv)
    if args.quick:
        p.set_defaults(**QUICK)
        args = p.parse_args(argv)
    return args


def _terminate(*_: object) -> None:
    kill_children()  # else a section's worker threads would wait for their crawls to end
    sys.exit(143)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list:
        for name, s in SECTIONS.items():
            print(f"{name:18} {s.help}{'  (by hand)' if s.by_hand else ''}")
        return 0
    default = [n for n, s in SECTIONS.items() if args.all or not s.by_hand]
    names = [n.strip() for n in args.only.split(",") if n.strip()] or default
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
            ctx.say(f"\n### {name}: {SECTIONS[name].help}")
            t = time.perf_counter()
            try:
                SECTIONS[name].run(ctx)
            except KeyboardInterrupt:
                kill_children()
                raise
            except Exception as e:  # one broken section must not hide the others' figures
                failed.append(name)
                ctx.say(f"  section {name} FAILED: {type(e).__name__}: {e}")
            timings.append([name, time.perf_counter() - t])
    timings.append(["total", time.perf_counter() - t0])
    ctx.say(table(["section", "secs"], timings, title="\n== time =="))
    if ctx.targets:
        rows = [[t.name, t.measured, t.wanted, f"{t.ratio:.2f}x", t.verdict] for t in ctx.targets]
        heads = ["target", "measured", "wanted", "ratio", "verdict"]
        ctx.say(table(heads, rows, title="\n== targets =="))
    (OUT / "report.txt").write_text("\n".join(ctx.lines) + "\n")
    (OUT / "results.json").write_text(json.dumps(ctx.results, indent=1, default=str))
    print(f"\nreport: {OUT / 'report.txt'}; data: {OUT / 'results.json'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
