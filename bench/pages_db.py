"""The pages table's queries on a synthetic crawl file: ``--only pages-db`` (storage/pagequery.py).

A crawl file per size of ``--pages-db-rows`` written with fileformat's INSERT_RECORD (records like
a docs site's: a title, a type, a status, a few failures, timings); then in a child process the
first screen's read (the order by seq and 60 rows' records), the query thread's narrow copy of
the records, each sort and text filter on the query thread (median of 3). (The same through the
window at 1M rows, with the event loop's lag meanwhile: window-million.) ``--before REF``: the
code at REF side by side.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import statistics
import sys
import threading
import time
from pathlib import Path

from common import run_json
from sections import Context, section

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.storage.fileformat import INSERT_RECORD, SCHEMA, record_row

H = "http://docs.test"
WORDS = "module function class struct trait enum über straße größe 日本語 the of and".split()  # noqa: SIM905
SORTS = ("url", "status", "title", "size", "elapsed_ms", "error", "verdict", "kind", "wait_ms")
FILTERS = ("module", "größe", "zzz", "timeout")


def records(n: int, start: int) -> list[tuple[object, ...]]:
    rnd = random.Random(start)
    out = []
    for i in range(start, start + n):
        kind = None if rnd.random() > 0.02 else rnd.choice((ErrorKind.TIMEOUT.value, "ClientConnectorError",
                                                            ErrorKind.ROBOTS.value))  # fmt: skip
        rec = FetchRecord(
            url=f"{H}/{rnd.choice(WORDS)}/{i}.html", status=None if kind else rnd.choice((200,) * 20 + (301, 404, 500)),
            error_kind=kind, content_type="text/html" if rnd.random() < 0.9 else "text/css",
            size=rnd.randint(500, 200_000), elapsed=rnd.random() * 2, depth=rnd.randint(0, 9),
            num_urls=rnd.randint(0, 300),
            title=" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 8))).capitalize(),
            wait_ms=round(rnd.random() * 100, 2), ttfb_ms=round(rnd.random() * 40, 2)
        )  # fmt: skip
        out.append(tuple(record_row(rec)))
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


def on_query_thread(path: Path) -> dict[str, float]:
    """Seconds of the first screen, the query thread's copy, each sort and filter (median of 3)."""
    from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS
    from gui_crawler.storage import pagequery
    from gui_crawler.storage.pagequery import Filter, Querier, Query, Source

    searched = tuple(c for c in PAGE_COLUMNS if c.searched)
    tokens = itertools.count(1)

    def timed(querier: Querier, q: Query, runs: int = 3) -> float:
        times = []
        for _ in range(runs):
            done = threading.Event()
            t0 = time.perf_counter()
            querier.submit("bench", next(tokens), q, lambda _t, _o, done=done: done.set())
            done.wait(600)
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    src = Source(path)
    t0 = time.perf_counter()
    src.fetch(pagequery.order(src.db, Query(Filter(cancelled=False), searched))[:60])
    out = {"first screen (order by seq, 60 records) s": time.perf_counter() - t0}
    src.close()
    querier = Querier(path)
    out["the query thread's copy s"] = timed(querier, Query(Filter(), searched), runs=1)
    for name in SORTS:
        out[f"sort by {name} s"] = timed(
            querier, Query(Filter(), searched, PAGE_COLUMNS[COLUMN_INDEX[name]].sql_key, True)
        )
    for text in FILTERS:
        out[f"filter {text!r} s"] = timed(querier, Query(Filter(text), searched))
    querier.close()
    return out


@section("pages-db", "the pages table's sorts and filters on 100k and 1M rows, on its thread",
         by_hand=True)  # fmt: skip
def pages_db(ctx: Context) -> None:
    for n in ctx.args.pages_db_rows:
        path = ctx.tmp / f"pages-{n}.sqlite3"
        t0 = time.perf_counter()
        write(path, n)
        ctx.say(f"  {n:,} rows written in {time.perf_counter() - t0:.1f} s, {path.stat().st_size / 1e6:,.0f} MB")  # fmt: skip

        def measure(env: dict[str, str], path: Path = path) -> dict[str, float]:
            return run_json([__file__, str(path)], 3600, env)

        ctx.results[f"pages-db {n}"] = ctx.compare(f"pages-db: {n:,} rows", measure)


if __name__ == "__main__":
    print(json.dumps(on_query_thread(Path(sys.argv[1]))))
