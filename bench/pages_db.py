"""The pages table's queries on a synthetic crawl file (or a real one, ``--file``): sorting by each kind of column and
filtering by text (ASCII and not), at 100k and 1M rows (storage/pagequery.py).

    .venv/bin/python bench/pages_db.py [--rows 100000 1000000] [--keep DIR] [--lag]
    .venv/bin/python bench/pages_db.py --file CRAWL.sqlite3 [--lag]

Writes a crawl file per size with fileformat's INSERT_RECORD (records like a docs site's: a
title, a type, a status, a few failures, timings), then times each query on the query thread (median of 3; the
thread's narrow copy of the records made first, and timed) and the first screen's read (the order by seq and 60 rows' records), and the order's memory. ``--lag``:
the same sorts and filters through PagesModel/PagesProxy on the query thread while a 10 ms
QTimer beats on the event loop (offscreen Qt): each one's wall time until applied, and the
loop's lag (the beat's interval - 10 ms) p50/p99/max over all of them.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS
from gui_crawler.storage import pagequery
from gui_crawler.storage.fileformat import INSERT_RECORD, SCHEMA, record_row
from gui_crawler.storage.pagequery import Filter, Querier, Query, Source

H = "http://docs.test"
WORDS = [
    "module",
    "function",
    "class",
    "struct",
    "trait",
    "enum",
    "über",
    "straße",
    "größe",
    "日本語",
    "the",
    "of",
    "and",
]


def records(n: int, start: int) -> list[tuple[object, ...]]:
    rnd = random.Random(start)
    out = []
    for i in range(start, start + n):
        kind = (
            None
            if rnd.random() > 0.02
            else rnd.choice(
                (ErrorKind.TIMEOUT.value, "ClientConnectorError", ErrorKind.ROBOTS.value)
            )
        )
        rec = FetchRecord(
            url=f"{H}/{rnd.choice(WORDS)}/{i}.html",
            status=None if kind else rnd.choice((200,) * 20 + (301, 404, 500)),
            error_kind=kind,
            content_type="text/html" if rnd.random() < 0.9 else "text/css",
            size=rnd.randint(500, 200_000),
            elapsed=rnd.random() * 2,
            depth=rnd.randint(0, 9),
            num_urls=rnd.randint(0, 300),
            title=" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 8))).capitalize(),
            wait_ms=round(rnd.random() * 100, 2),
            ttfb_ms=round(rnd.random() * 40, 2),
        )
        row = list(record_row(rec))
        out.append(tuple(row))
    return out


def write(path: Path, n: int) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size=1024")  # as CrawlStore.create makes it
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    for start in range(0, n, 50_000):
        db.executemany(INSERT_RECORD, records(min(50_000, n - start), start))
        db.commit()
    db.execute("PRAGMA journal_mode=WAL")
    db.close()


def timed(querier: Querier, q: Query, runs: int = 3) -> float:
    """The median time of ``runs`` runs of the query ``q`` on the query thread."""
    times = []
    for _ in range(runs):
        done = threading.Event()
        t0 = time.perf_counter()
        querier.submit("bench", next(_tokens), q, lambda _t, _o, done=done: done.set())
        done.wait(600)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


_tokens = itertools.count(1)


def lag(path: Path) -> None:
    """Sorts and filters through the window's models while a heartbeat measures the loop."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from gui_crawler.models import PagesModel
    from gui_crawler.records.verdicts import StatusClass
    from gui_crawler.ui.pages_proxy import PagesProxy

    app = QApplication.instance() or QApplication([])
    pages = PagesModel()
    proxy = PagesProxy(pages)
    t0 = time.perf_counter()
    pages.attach(path)
    [pages.index(i, 0).data() for i in range(60)]
    print(f"  attach + first screen on the loop: {time.perf_counter() - t0:.2f} s")
    lags: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def beat() -> None:
        now = clock.nsecsElapsed()
        lags.append(max(0.0, (now - last[0]) / 1e6 - 10))
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(beat)
    timer.start()
    idle = QEventLoop()
    QTimer.singleShot(2000, idle.quit)
    idle.exec()
    quiet = sorted(lags)
    print(f"  loop lag idle (the machine's share): p50 {quiet[len(quiet) // 2]:.1f} ms, "
          f"p99 {quiet[int(0.99 * len(quiet))]:.1f} ms, max {quiet[-1]:.1f} ms")  # fmt: skip
    lags.clear()

    def until(signal: object, start: object) -> float:
        loop = QEventLoop()
        signal.connect(loop.quit)  # type: ignore[attr-defined]
        t = time.perf_counter()
        start()  # type: ignore[operator]
        loop.exec()
        signal.disconnect(loop.quit)  # type: ignore[attr-defined]
        return time.perf_counter() - t

    for name in ("title", "status", "verdict", "url"):
        col = COLUMN_INDEX[name]
        took = until(
            pages.layoutChanged, lambda col=col: pages.sort(col, Qt.SortOrder.DescendingOrder)
        )
        print(f"  sort by {name:<8} applied after {took:.2f} s")
    for text, classes in (("module", None), ("größe", None), ("zzz", {StatusClass.OK})):
        took = until(
            proxy.applied, lambda t=text, c=classes: proxy.set_filter(text=t, classes=c or ())
        )
        print(f"  filter {text!r:<9} applied after {took:.2f} s, {proxy.rowCount():,} rows")
    timer.stop()
    lags.sort()
    p = lambda q: lags[min(len(lags) - 1, int(q * len(lags)))]  # noqa: E731
    print(f"  loop lag over {len(lags)} beats: p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"max {lags[-1]:.1f} ms")  # fmt: skip
    pages.attach(None)
    del app


def bench(path: Path, lag_too: bool) -> None:
    searched = tuple(c for c in PAGE_COLUMNS if c.searched)
    src = Source(path)
    n = src.span()[2]
    t0 = time.perf_counter()
    first = pagequery.order(src.db, Query(Filter(cancelled=False), searched))
    src.fetch(first[:60])
    print(f"{path.name}: {n:,} rows, {path.stat().st_size / 1e6:,.0f} MB; an order by seq "
          f"read from the file + 60 records {time.perf_counter() - t0:.2f} s (reopening needs "
          f"none when the seqs run without a gap), the order {8 * len(first) / 1e6:.0f} MB")  # fmt: skip
    status = Query(Filter(), searched, PAGE_COLUMNS[COLUMN_INDEX["status"]].sql_key, True)
    t0 = time.perf_counter()
    pagequery.order(src.db, status)
    print(f"  sort by status read from the crawl file itself: {time.perf_counter() - t0:.2f} s")
    src.close()
    querier = Querier(path)
    t0 = time.perf_counter()
    timed(querier, Query(Filter(), searched), runs=1)
    print(f"  the query thread's copy of the records: {time.perf_counter() - t0:.2f} s")
    for name in ("url", "status", "title", "size", "elapsed_ms", "error", "verdict",
                 "kind", "wait_ms"):  # fmt: skip
        col = PAGE_COLUMNS[COLUMN_INDEX[name]]
        q = Query(Filter(), searched, col.sql_key, True)
        print(f"  sort by {name:<11} {timed(querier, q):.2f} s")
    for text in ("module", "größe", "zzz", "timeout"):
        q = Query(Filter(text), searched)
        print(f"  filter {text!r:<11} {timed(querier, q):.2f} s")
    title = PAGE_COLUMNS[COLUMN_INDEX["title"]].sql_key
    q = Query(Filter("module", frozenset({2})), searched, title)
    print(f"  filter 'module' 2xx sorted by title {timed(querier, q):.2f} s")
    querier.close()
    if lag_too:
        lag(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    ap.add_argument("--keep", type=Path, default=None, help="keep the files in this folder")
    ap.add_argument("--file", type=Path, default=None, help="a crawl file to time instead")
    ap.add_argument("--lag", action="store_true", help="the window's models, the loop's lag")
    args = ap.parse_args()
    if args.file is not None:
        bench(args.file, args.lag)
        return
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pages-db-"))
    folder.mkdir(parents=True, exist_ok=True)
    for n in args.rows:
        path = folder / f"pages-{n}.sqlite3"
        if not path.exists():
            t0 = time.perf_counter()
            write(path, n)
            print(f"{n:,} rows written in {time.perf_counter() - t0:.1f} s")
        bench(path, args.lag)


if __name__ == "__main__":
    main()
