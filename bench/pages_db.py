"""The pages table's queries on a synthetic crawl file: sorting by each kind of column and
filtering by text (ASCII and not), at 100k and 1M rows (storage/pagequery.py).

    .venv/bin/python bench/pages_db.py [--rows 100000 1000000] [--keep DIR]

Writes a crawl file per size with fileformat's INSERT_RECORD (records like a docs site's: a
title, a type, a status, a few failures, timings), then times each query (median of 3) and the
first screen's read (the order by seq and 60 rows' records), and the order's memory.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS
from gui_crawler.storage import pagequery
from gui_crawler.storage.fileformat import INSERT_RECORD, SCHEMA, record_row
from gui_crawler.storage.pagequery import Filter, Query, Source

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


def timed(src: Source, q: Query, runs: int = 3) -> float:
    """The median time of ``runs`` runs of the query ``q``."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        pagequery.order(src.db, q)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    ap.add_argument("--keep", type=Path, default=None, help="keep the files in this folder")
    args = ap.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pages-db-"))
    folder.mkdir(parents=True, exist_ok=True)
    searched = tuple(c for c in PAGE_COLUMNS if c.searched)
    for n in args.rows:
        path = folder / f"pages-{n}.sqlite3"
        if not path.exists():
            t0 = time.perf_counter()
            write(path, n)
            print(f"{n:,} rows written in {time.perf_counter() - t0:.1f} s "
                  f"({path.stat().st_size / 1e6:.0f} MB)")  # fmt: skip
        src = Source(path)
        t0 = time.perf_counter()
        first = pagequery.order(src.db, Query(Filter(), searched))
        src.fetch(first[:60])
        print(f"{n:,} rows: first screen (order by seq + 60 records) "
              f"{time.perf_counter() - t0:.2f} s, order {first.itemsize * len(first) / 1e6:.0f} MB")  # fmt: skip
        for name in ("url", "status", "title", "size", "elapsed_ms", "error", "verdict",
                     "kind", "wait_ms"):  # fmt: skip
            col = PAGE_COLUMNS[COLUMN_INDEX[name]]
            q = Query(Filter(), searched, col.sql_key, True)
            print(f"  sort by {name:<11} {timed(src, q):.2f} s")
        for text in ("module", "größe", "zzz", "timeout"):
            q = Query(Filter(text), searched)
            print(f"  filter {text!r:<11} {timed(src, q):.2f} s")
        q = Query(
            Filter("module", frozenset({2})), searched, PAGE_COLUMNS[COLUMN_INDEX["title"]].sql_key
        )
        print(f"  filter 'module' 2xx sorted by title {timed(src, q):.2f} s")
        src.close()


if __name__ == "__main__":
    main()
