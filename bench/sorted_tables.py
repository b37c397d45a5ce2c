"""What a clicked sort kept true costs in the smaller tables: a dynamic proxy (rows that arrive or
change take their sorted place) against a static one (sorted once, on the click), side by side.

    .venv/bin/python bench/sorted_tables.py [--batches 100] [--repeats 3]

Redirects and Broken links: batches of 100 records (half 404, half 301) plus one page linking to
~1,000 of the broken URLs, so inlink counts change too; the tables end with 5,000 rows each.
Workers: every row changes on every tick (its elapsed time); 1,000 workers, ticks of one update per
7th worker. Prints the median time per batch or tick and dynamic / static.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui_crawler.events import FetchRecord, WorkerEvent, WorkerState
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.views import sorted_proxy
from gui_crawler.ui.workers_model import WorkersModel

H = "http://h.test"


def link_tables(dynamic: bool, batches: int) -> float:
    r = CrawlResults()
    keep = []
    for model, col in ((r.broken, 1), (r.redirects, 0)):
        proxy = sorted_proxy(model, None, dynamic=dynamic)
        proxy.sort(col, Qt.SortOrder.DescendingOrder)
        keep.append(proxy)
    n = 0
    t = time.perf_counter()
    for b in range(batches):
        recs = []
        for i in range(100):
            n += 1
            recs.append(
                FetchRecord(url=f"{H}/x{n}", status=404 if i % 2 else 301,
                            next_url=None if i % 2 else H + "/", content_type="text/html")
            )  # fmt: skip
        links = tuple(f"{H}/x{k}" for k in range(max(1, n - 3000), n, 3))
        recs.append(FetchRecord(url=f"{H}/p{b}", status=200, content_type="text/html", links=links))
        r.add(recs)
    return (time.perf_counter() - t) / batches


def workers(dynamic: bool, n: int = 1000, ticks: int = 10) -> float:
    m = WorkersModel()
    proxy = sorted_proxy(m, None, dynamic=dynamic)
    m.apply([WorkerEvent(i, WorkerState.FETCHING, f"{H}/{i}", float(i % 97)) for i in range(n)])
    proxy.sort(2, Qt.SortOrder.DescendingOrder)
    t = time.perf_counter()
    for k in range(ticks):
        m.apply(
            [WorkerEvent(i, WorkerState.FETCHING, f"{H}/{i}x", float(k)) for i in range(0, n, 7)]
        )
        m.tick(100.0 + k)
    return (time.perf_counter() - t) / ticks


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--batches", type=int, default=100)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    QApplication(sys.argv[:1])
    for name, fn in (
        ("redirects+broken, per batch", lambda d: link_tables(d, args.batches)),
        ("workers (1,000), per tick", workers),
    ):
        static, dynamic = [], []
        for _ in range(args.repeats):  # interleaved: drift on a shared machine hits both
            static.append(fn(False))
            dynamic.append(fn(True))
        s, d = statistics.median(static), statistics.median(dynamic)
        print(
            f"{name:30s} static {s * 1000:7.1f} ms  dynamic {d * 1000:7.1f} ms  ratio {d / s:5.2f}x"
        )


if __name__ == "__main__":
    main()
