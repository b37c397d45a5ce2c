"""What real-site manners cost and what they buy: ``python bench/politeness.py [--base DIR]``.

1. Overhead: the docs site (nginx, loopback) crawled by this engine with every manner on
   (robots.txt, sitemap, per-host table; per_host = workers so no cap binds) against the same crawl
   by the engine in ``--base`` (a checkout of the package before per-host scheduling, e.g.
   ``git archive e5ff9c6 gui_crawler | tar -x -C /tmp/base``), runs alternated, medians.
2. Isolation: a fast host (aiohttp, 300 pages) crawled alone, then beside a host that answers
   every first request 429 Retry-After: 3; time until the fast host's last record, same workers.
3. The cap: peak concurrent requests the server saw for per_host 1, 2, 4 with 20 workers.
Prints ratios side by side; loopback only, children stopped by pid.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, kill_children, run_json, table

CHILD = """
import asyncio, dataclasses, json, sys, time
if len(sys.argv) > 3:
    sys.path.insert(0, sys.argv[3])  # the base package, found before the installed one
import gui_crawler
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
url, workers = sys.argv[1], int(sys.argv[2])
known = {f.name for f in dataclasses.fields(CrawlConfig)}
kw = dict(max_tasks=workers, per_host=workers, check_external=False)
cfg = CrawlConfig(roots=(url,), **{k: v for k, v in kw.items() if k in known})
n = 0
def sink(e):
    global n
    n += type(e).__name__ == "FetchRecord"
t = time.perf_counter()
asyncio.run(Crawler(cfg, sink).run())
print(json.dumps({"records": n, "wall": time.perf_counter() - t, "pkg": gui_crawler.__file__}))
"""


def overhead(base: Path | None, pages: int, workers: int, runs: int) -> list[list[object]]:
    from docsite import generate
    from servers import Nginx

    tmp = Path(tempfile.mkdtemp(prefix="bench-polite-"))
    site = generate(tmp / "site", pages)
    script = tmp / "child.py"
    script.write_text(CHILD)
    rows: list[list[object]] = []
    with Nginx(site.root, site.redirects) as nginx:
        ours, theirs = [], []
        for _ in range(runs):
            ours.append(run_json([str(script), nginx.url, str(workers)], 300))
            if base is not None:
                theirs.append(run_json([str(script), nginx.url, str(workers), str(base)], 300))
        assert not theirs or theirs[0]["pkg"] != ours[0]["pkg"], "the base package was not used"
        mine = statistics.median(r["wall"] for r in ours)
        rows.append(["this branch (manners on)", ours[0]["records"], f"{mine:.2f}", "1.00"])
        if theirs:
            b = statistics.median(r["wall"] for r in theirs)
            rows.append(["base engine", theirs[0]["records"], f"{b:.2f}", f"{b / mine:.2f}"])
    return rows


def _engine(base: Path | None) -> tuple[Any, Any]:
    """(CrawlConfig, Crawler) of this package, or of the one in ``base`` imported under another
    name (its imports are relative, so a renamed copy is a package of its own)."""
    if base is None:
        from gui_crawler.config import CrawlConfig
        from gui_crawler.engine import Crawler

        return CrawlConfig, Crawler
    copy = Path(tempfile.mkdtemp(prefix="bench-base-"))
    shutil.copytree(base / "gui_crawler", copy / "gui_crawler_base")
    sys.path.insert(0, str(copy))
    config = importlib.import_module("gui_crawler_base.config")
    engine = importlib.import_module("gui_crawler_base.engine")
    return config.CrawlConfig, engine.Crawler


async def _isolation(workers: int, base: Path | None) -> list[list[object]]:
    sys.path.insert(0, str(ROOT / "tests"))
    from aiohttp import web
    from test_politeness import HostSite

    CrawlConfig, Crawler = _engine(base)
    known = {f.name for f in dataclasses.fields(CrawlConfig)}

    async def run(with_throttled: bool) -> float:
        fast, slow = HostSite("127.0.0.1"), HostSite("127.0.0.2")
        await fast.start()
        await slow.start()
        try:
            fast.page("/", [f"/p{i}" for i in range(300)])
            for i in range(300):
                fast.page(f"/p{i}", delay=0.02)
            slow.page("/", [f"/t{i}" for i in range(20)])
            seen: set[str] = set()

            async def throttled(request: web.Request) -> web.StreamResponse:
                if request.path not in seen:
                    seen.add(request.path)
                    return web.Response(status=429, headers={"Retry-After": "3"})
                return web.Response(text="ok")

            for i in range(20):
                slow.route(f"/t{i}", throttled)
            # The throttled host first: its URLs reach the queue ahead of the fast ones.
            roots = (slow.url, fast.url) if with_throttled else (fast.url,)
            last = [0.0]

            def sink(e: Any) -> None:
                if type(e).__name__ == "FetchRecord" and e.url.startswith(fast.url):
                    last[0] = max(last[0], e.finished_at)

            kw = {k: v for k, v in dict(per_host=workers).items() if k in known}
            cfg = CrawlConfig(roots=roots, max_tasks=workers, **kw)
            await Crawler(cfg, sink).run()
            return last[0]
        finally:
            await fast.close()
            await slow.close()

    alone, beside = [], []
    for _ in range(3):
        alone.append(await run(False))
        beside.append(await run(True))
    a, b = statistics.median(alone), statistics.median(beside)
    name = "base engine" if base else "this branch"
    return [
        [name, "fast host alone", f"{a:.2f}", "1.00"],
        [name, "beside a 429 host (Retry-After 3 s)", f"{b:.2f}", f"{b / a:.2f}"],
    ]


async def _cap() -> list[list[object]]:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_politeness import HostSite

    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler

    rows: list[list[object]] = []
    for per_host in (1, 2, 4):
        site = await HostSite().start()
        try:
            site.page("/", [f"/p{i}" for i in range(60)])
            for i in range(60):
                site.page(f"/p{i}", delay=0.02)
            t = time.perf_counter()
            await Crawler(CrawlConfig(roots=(site.url,), max_tasks=20, per_host=per_host)).run()
            rows.append([per_host, site.peak_in_flight, f"{time.perf_counter() - t:.2f}"])
        finally:
            await site.close()
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--base", type=Path, help="directory holding a gui_crawler package to compare")
    p.add_argument("--pages", type=int, default=2000)
    p.add_argument("--workers", type=int, default=16)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="1,2,3", help="which of the three parts to run")
    args = p.parse_args()
    parts = set(args.only.split(","))
    try:
        if "1" in parts:
            print(
                table(
                    ["engine", "records", "wall s (median)", "base/this"],
                    overhead(args.base, args.pages, args.workers, args.runs),
                    f"1. overhead on the docs site ({args.pages} pages, {args.workers} workers)",
                )
            )
        if "2" in parts:
            rows = asyncio.run(_isolation(4, None))
            if args.base:
                rows += asyncio.run(_isolation(4, args.base))
            print(
                table(
                    ["engine", "crawl", "fast host done at s", "ratio"],
                    rows,
                    "2. a throttled host slows only itself (4 workers; per_host 4 where it exists)",
                )
            )
        if "3" in parts:
            print(
                table(
                    ["per_host", "peak in flight at the server", "wall s"],
                    asyncio.run(_cap()),
                    "3. the per-host cap, measured by the server (20 workers)",
                )
            )
    finally:
        kill_children()


if __name__ == "__main__":
    main()
