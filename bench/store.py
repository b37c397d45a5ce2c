"""What crash safety costs: crawl time with the crawl file's group commit and per-worker durable
wait, against no crawl file, in one run, side by side.

    .venv/bin/python bench/store.py [--pages 4000] [--workers 10] [--repeats 5]

Two sites: nginx serving the tiny generated tree (answers at once, so the crawl runs as fast as
this machine allows: the worst case for a per-record commit), and the latency tree server holding
each page ``--latency-ms`` (closer to a real site). Each mode crawls ``--pages`` URLs in-process;
modes are interleaved and the medians compared.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from common import median, table
from servers import Nginx, TreeServer

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.storage import CrawlStore

MODES = ("no file", "durable")


async def crawl(url: str, pages: int, workers: int, mode: str, folder: Path) -> float:
    config = CrawlConfig(
        roots=(url,), max_tasks=workers, max_pages=pages, check_external=False
    ).validated()  # loopback only
    store = None
    if mode != "no file":
        path = folder / f"{mode.replace(' ', '_')}-{time.monotonic_ns()}.sqlite3"
        store = CrawlStore.create(path, config)
    crawler = Crawler(
        config,
        store.sink if store is not None else (lambda e: None),
        before_take=store.durable if store is not None else None,
    )
    t0 = time.perf_counter()
    finished = await crawler.run()
    if store is not None:
        store.close(finished.reason)  # the last batch is part of the cost
    elapsed = time.perf_counter() - t0
    assert finished.done == pages, finished
    return elapsed


def section(url: str, title: str, args: argparse.Namespace) -> None:
    times: dict[str, list[float]] = {m: [] for m in MODES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeats):
            for mode in MODES:
                times[mode].append(
                    asyncio.run(crawl(url, args.pages, args.workers, mode, Path(tmp)))
                )
    base = median(times["no file"])
    rows = [
        (m, f"{median(times[m]):.3f}", f"{args.pages / median(times[m]):.0f}",
         f"{median(times[m]) / base:.3f}")
        for m in MODES
    ]  # fmt: skip
    print(
        table(
            ["mode", "median s", "urls/s", "time / no file"],
            rows,
            f"{title}: {args.pages} URLs, {args.workers} workers, median of {args.repeats}",
        )
    )
    print(flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=3000)
    ap.add_argument("--workers", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--latency-ms", type=int, default=20)
    args = ap.parse_args()
    with Nginx(tiny=True) as server:
        section(server.url, "nginx, instant pages", args)
    with TreeServer() as tree:
        section(tree.root(args.latency_ms, args.pages), f"pages held {args.latency_ms} ms", args)
    sys.exit(0)


if __name__ == "__main__":
    main()
