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
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from common import die_with_parent, maxrss_mb, raise_nofile, rss_mb

from gui_crawler.base import urls
from gui_crawler.cli.headless import Report
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord, Queued, fanout
from gui_crawler.records.verdicts import category
from gui_crawler.session import CrawlSession


class Consumer:
    """What a headless consumer does with the events: count records by kind (``keep``: also
    hold every FetchRecord in a list, as a results table would); ``taken``: RSS every 1% of the
    URLs taken in, cancelling the crawl at ``taken``."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.kinds: Counter[str] = Counter()
        self.kept: list[FetchRecord] = []
        self.n, self.taken, self.every = 0, 0, max(1, args.taken // 100)
        self.trace: list[tuple[int, float, float]] = []  # (taken in, seconds, RSS MB)
        self.t0 = time.perf_counter()
        self.crawler: Crawler | None = None

    def __call__(self, ev: Event) -> None:
        if type(ev) is FetchRecord:
            self.n += 1
            self.kinds[category(ev)] += 1
            if self.args.keep:
                self.kept.append(ev)
        elif type(ev) is Queued and self.args.taken:
            self.taken += 1
            if self.taken % self.every == 0:
                self.trace.append((self.taken, time.perf_counter() - self.t0, rss_mb()))
            if self.taken == self.args.taken and self.crawler is not None:
                self.crawler.cancel()


def _rss_children_mb() -> float:
    import psutil

    total = 0
    # The parser processes, from the kernel's list of each thread's children: psutil's
    # children() reads every process's /proc/PID/stat (5-8% of the loop's py-spy samples).
    for task in Path("/proc/self/task").iterdir():
        with contextlib.suppress(OSError, psutil.Error):  # ended meanwhile
            for pid in (task / "children").read_text().split():
                total += psutil.Process(int(pid)).memory_info().rss
    return total / 2**20


async def _sample_rss(peak: list[float]) -> None:
    while True:
        peak[0] = max(peak[0], rss_mb())
        peak[1] = max(peak[1], _rss_children_mb())  # the parser processes
        await asyncio.sleep(0.2)


def _settings(pairs: list[str]) -> dict:
    """``--set name=json`` options: any CrawlConfig field, e.g. ``--set parse_processes=0``."""
    out = {}
    for name, _, value in (pair.partition("=") for pair in pairs):
        try:
            out[name] = json.loads(value)
        except ValueError:
            out[name] = value
    return out


async def crawl(args: argparse.Namespace, consumer: Consumer) -> dict:
    # The docs site links to github.com and example.org: loopback only, so no external checks;
    # every worker on the one host, as the figures before per-host limits were measured.
    cfg = CrawlConfig(roots=(args.url,), max_tasks=args.workers, max_pages=args.max_pages,
                      check_external=False, per_host=args.workers, **_settings(args.set))  # fmt: skip
    sink: Callable[[Event], None] = consumer
    if args.report:
        # What `gui-crawler crawl` keeps for its report: counts only when a crawl file keeps
        # the records (--db), every record without one (--no-db).
        sink = fanout(consumer, Report(None, keep=not args.db))
    # Wired as `gui-crawler crawl` and the window wire a crawl: its crawl file (--db) written as
    # they write it, workers waiting for its commits as theirs do (the kill -9 bound).
    session = CrawlSession.new(cfg, Path(args.db)) if args.db else CrawlSession.unsaved(cfg)
    crawler = consumer.crawler = session.start(sink, worker_events=False)
    peak = [rss_mb(), 0.0]
    sampler = asyncio.get_running_loop().create_task(_sample_rss(peak))
    t = time.perf_counter()
    fin = await crawler.run()
    session.close(fin)  # the last batch is part of the cost
    wall = time.perf_counter() - t
    sampler.cancel()
    gc.collect()
    rss_end = rss_mb()  # the crawler and whatever the consumer kept are still alive here
    return {"reason": fin.reason, "elapsed": fin.elapsed, "wall": wall, "records": consumer.n,
            "loop_cpu": time.thread_time(),  # this thread's, the event loop's: the serial part
            "seen": len(crawler.seen), "queued": crawler.progress().queued, "rss_end_mb": rss_end,
            "rss_peak_mb": max(peak[0], rss_end), "rss_children_peak_mb": peak[1],
            "kept": len(consumer.kept)}  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("url")
    for flag, default in (("--workers", 10), ("--max-pages", 0)):
        p.add_argument(flag, type=int, default=default)
    p.add_argument("--set", action="append", default=[], metavar="NAME=JSON", help="a CrawlConfig field")  # fmt: skip
    p.add_argument("--taken", type=int, default=0, help="cancel once N URLs are taken in; RSS every 1%%")  # fmt: skip
    p.add_argument("--report", action="store_true", help="also feed the CLI's Report")
    p.add_argument("--keep", action="store_true", help="hold every FetchRecord in a list")
    p.add_argument("--db", default="", help="write the crawl file FILE, as the CLI does")
    args = p.parse_args()
    die_with_parent()
    nofile = raise_nofile()
    consumer, rss_start = Consumer(args), rss_mb()
    out = asyncio.run(crawl(args, consumer))
    html, secs = consumer.kinds.get("html", 0), out["elapsed"] or float("nan")
    out.update(kinds=dict(consumer.kinds), pages=html, pages_per_s=html / secs,
               records_per_s=consumer.n / secs, taken=consumer.taken,
               rss_start_mb=rss_start, maxrss_mb=maxrss_mb(), nofile=nofile, trace=consumer.trace,
               join_cache=urls._join.cache_info().currsize)  # fmt: skip
    print(json.dumps(out))


if __name__ == "__main__":
    main()
