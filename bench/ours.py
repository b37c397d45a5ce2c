"""Our engine, headless, in a process of its own: ``python bench/ours.py URL [options]``.

Prints one JSON line with counts, timings and memory. A fresh process per crawl keeps runs
independent (the URL caches in ``gui_crawler.base.urls`` are per process) and lets RSS be measured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from common import die_with_parent, maxrss_mb, raise_nofile, rss_mb, steady_rate

from gui_crawler.base import urls
from gui_crawler.cli.headless import Report
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, Event, FetchRecord, fanout
from gui_crawler.storage import CrawlStore


class Consumer:
    """What a headless consumer does with the events: count records by kind (``keep``: also
    hold every FetchRecord in a list, as a results table would)."""

    def __init__(self, keep: bool, rss_at: int, steady: bool) -> None:
        self.kinds: Counter[str] = Counter()
        self.kept: list[FetchRecord] = []
        self.keep = keep
        self.times: list[float] = []
        self.steady = steady
        self.n = 0
        self.rss_at = rss_at
        self.rss_at_mb = float("nan")
        self.trace_every = 0
        self.trace: list[tuple[int, float, float]] = []  # (records, seconds, RSS MB)
        self.finished: CrawlFinished | None = None

    def __call__(self, ev: Event) -> None:
        if type(ev) is FetchRecord:
            self.n += 1
            self.kinds[ev.kind] += 1
            if self.steady:
                self.times.append(ev.finished_at)
            if self.keep:
                self.kept.append(ev)
            if self.n == self.rss_at:
                self.rss_at_mb = rss_mb()
            if self.trace_every and self.n % self.trace_every == 0:
                self.trace.append((self.n, ev.finished_at, rss_mb()))
        elif type(ev) is CrawlFinished:
            self.finished = ev


def _rss_children_mb() -> float:
    import psutil

    total = 0
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):  # ended meanwhile
            total += child.memory_info().rss
    return total / 2**20


async def _sample_rss(peak: list[float], peak_children: list[float]) -> None:
    while True:
        peak[0] = max(peak[0], rss_mb())
        peak_children[0] = max(peak_children[0], _rss_children_mb())  # the parser processes
        await asyncio.sleep(0.2)


def _settings(pairs: list[str]) -> dict:
    """``--set name=json`` options: any CrawlConfig field, e.g. ``--set parse_processes=0``."""
    out = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            out[name] = json.loads(value)
        except ValueError:
            out[name] = value
    return out


async def crawl(args: argparse.Namespace, consumer: Consumer) -> dict:
    # The docs site links to github.com and example.org: loopback only, so no external checks;
    # every worker on the one host, as the figures before per-host limits were measured.
    cfg = CrawlConfig(
        roots=(args.url,),
        max_tasks=args.workers,
        max_pages=args.max_pages,
        check_external=False,
        per_host=args.workers,
        **_settings(args.set),
    )
    sink: Callable[[Event], None] = consumer
    if args.report:
        # What `gui-crawler crawl` keeps for its report: counts only when a crawl file keeps
        # the records (--db), every record without one (--no-db).
        report = Report(None, keep=not args.db)
        sink = fanout(consumer, report)
    store = None
    if args.db:  # what `gui-crawler crawl` and the window do by default: a crash-safe crawl file
        cfg = cfg.validated()
        store = CrawlStore.create(Path(args.db), cfg)
        sink = fanout(store.sink, sink)
    crawler = Crawler(cfg, sink, before_take=store.durable if store is not None else None)
    peak = [rss_mb()]
    peak_children = [0.0]
    sampler = asyncio.get_running_loop().create_task(_sample_rss(peak, peak_children))
    t = time.perf_counter()
    fin = await crawler.run()
    if store is not None:
        store.close(fin.reason)  # the last batch is part of the cost
    wall = time.perf_counter() - t
    sampler.cancel()
    gc.collect()
    rss_end = rss_mb()  # the crawler and whatever the consumer kept are still alive here
    return {
        "reason": fin.reason,
        "elapsed": fin.elapsed,
        "wall": wall,
        "records": consumer.n,
        "seen": len(crawler.seen),
        "rss_end_mb": rss_end,
        "rss_peak_mb": max(peak[0], rss_end),
        "rss_children_peak_mb": peak_children[0],
        "kept": len(consumer.kept),
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("--workers", type=int, default=10)
    p.add_argument("--max-pages", type=int, default=0)
    p.add_argument("--set", action="append", default=[], metavar="NAME=JSON",
                   help="a CrawlConfig field")  # fmt: skip
    p.add_argument("--trace", type=int, default=0, help="RSS and time every N records")
    p.add_argument("--report", action="store_true", help="also feed the CLI's Report")
    p.add_argument("--keep", action="store_true", help="hold every FetchRecord in a list")
    p.add_argument("--db", default="", help="write the crawl file FILE, as the CLI does")
    p.add_argument("--rss-at", type=int, default=0, help="sample RSS when this many recorded")
    p.add_argument("--steady", action="store_true", help="report the 10%%-90%% steady rate")
    p.add_argument("--profile", type=int, default=0, help="pyinstrument; print top N hotspots")
    p.add_argument("--gc-threshold", type=int, default=0, help="experiment: gc gen0 threshold")
    p.add_argument("--switch-interval", type=float, default=0, help="experiment: GIL switch, s")
    args = p.parse_args()
    die_with_parent()
    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval)
    if args.gc_threshold:
        gc.set_threshold(args.gc_threshold, 10, 10)
    nofile = raise_nofile()
    consumer = Consumer(args.keep, args.rss_at, args.steady)
    consumer.trace_every = args.trace
    rss_start = rss_mb()
    if args.profile:
        from hotspots import profiled

        out, hot = profiled(lambda: asyncio.run(crawl(args, consumer)), args.profile)
        out["hotspots"] = hot
    else:
        out = asyncio.run(crawl(args, consumer))
    html = consumer.kinds.get("html", 0)
    out.update(
        kinds=dict(consumer.kinds),
        pages=html,
        pages_per_s=html / out["elapsed"] if out["elapsed"] else 0.0,
        records_per_s=consumer.n / out["elapsed"] if out["elapsed"] else 0.0,
        steady_per_s=steady_rate(consumer.times) if args.steady else None,
        rss_start_mb=rss_start,
        rss_at_mb=consumer.rss_at_mb,
        maxrss_mb=maxrss_mb(),
        nofile=nofile,
        trace=consumer.trace,
        join_cache=urls._join.cache_info().currsize,
        normalize_cache=urls.normalize.cache_info().currsize,
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
