"""A resume and a re-check read from the crawl file what the crawl needs, not every record: the
URLs taken in (hashed by the Crawler as they are read) and the frontier (taken into the
Crawler's queue as the crawl starts), or the records a re-check replaces. What is fetched, and
what the file holds after, is what reading every record gave."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import tracemalloc
from collections import Counter
from pathlib import Path

import pytest
from sites import Site

from gui_crawler.config import CrawlConfig
from gui_crawler.events import ErrorKind, Event, FetchRecord, Queued
from gui_crawler.session import CrawlSession
from gui_crawler.storage import CrawlStore, StoreError, load

PAGES = 4000  # recorded, each with LINKS links: ~18 MB as records read back, ~0.3 MB hashed
LINKS = 40
LEFT = ["/left0", "/left1", "/left2"]  # queued, never recorded
CUT = "/cut"  # recorded as cut short in flight: fetched again
BROKEN = ["/p7", "/p1234", "/p3999"]  # answered 500: what a re-check fetches again


def site_of_the_file() -> Site:
    """What the file's URLs answer now: the pages left link back into the crawl (to pages
    recorded, to each other), which a resume must not fetch again."""
    site = Site()
    for i in range(PAGES):
        site.page(f"/p{i}", ["/p0"])
    for path in [*LEFT, CUT]:
        site.page(path, ["/p0", "/p3999", *LEFT, CUT])
    site.page("/", ["/p0"])
    return site


def write_file(path: Path, root: str) -> None:
    """A cancelled crawl of PAGES pages as CrawlStore writes one: every page recorded with its
    links, three URLs left to fetch, one cut short in flight, three answered 500."""
    u = root.rstrip("/")
    config = CrawlConfig(roots=(root,), use_sitemaps=False, ignore_robots=True, max_tasks=4)
    store = CrawlStore.create(path, config.validated())
    store.sink(FetchRecord(root, status=200, content_type="text/html", links=(f"{u}/p0",)))
    for i in range(PAGES):
        store.sink(Queued(f"{u}/p{i}", 10, 1, root))
    for p in [*LEFT, CUT]:
        store.sink(Queued(u + p, 10, 2, f"{u}/p0"))
    for i in range(PAGES):
        links = tuple(f"{u}/p{(i + k) % PAGES}?from={i}" for k in range(LINKS))
        status = 500 if f"/p{i}" in BROKEN else 200
        store.sink(
            FetchRecord(
                f"{u}/p{i}", status=status, content_type="text/html", depth=1, referrer=root,
                links=links, title=f"page {i}", num_urls=LINKS,
            )
        )  # fmt: skip
    store.sink(FetchRecord(u + CUT, error_kind=ErrorKind.CANCELLED, exception="Cancelled"))
    store.close("cancelled")


def file_urls(path: Path) -> tuple[list[str], list[str]]:
    """(the records' URLs, the queued URLs), as the file holds them."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        records = [r[0] for r in db.execute("SELECT url FROM records ORDER BY seq")]
        queued = [r[0] for r in db.execute("SELECT url FROM queued ORDER BY seq")]
    return records, queued


def traced(step: object) -> tuple[object, int]:
    """What ``step()`` returns, and the most memory Python held meanwhile beyond before."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        got = step()  # type: ignore[operator]
        return got, tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_a_resume_holds_no_record_and_fetches_exactly_what_was_left(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    events: list[Event] = []

    async def main() -> None:
        async with site_of_the_file() as site:
            write_file(path, site.url)
            loaded = load(path)  # what reading every record holds: the old resume's load
            assert len(loaded.records) == PAGES + 1
            assert {q.url for q in loaded.pending} == {site.u(p) for p in [*LEFT, CUT]}

            def resume_and_start() -> CrawlSession:
                session = CrawlSession.resume(path)
                session.start(events.append)  # its run() takes in the URLs, hashed, in turns
                return session

            session, peak = traced(resume_and_start)
            # The records read back take ~18 MB; resuming reads none.
            assert peak < 3_000_000, f"{peak:,} bytes held while resuming"
            assert isinstance(session, CrawlSession) and session.crawler is not None
            assert session.saved is not None and session.saved.records == []
            assert len(session.saved.pending) == len(LEFT) + 1
            try:
                finished = await session.crawler.run()
            finally:
                session.close(session.crawler.finished)
            assert finished.reason == "done"
            # The URLs left and the one cut short, each fetched once; nothing recorded before.
            assert {p: n for p, n in site.hits.items()} == {p: 1 for p in [*LEFT, CUT]}

    asyncio.run(main())
    fetched = [e.url for e in events if isinstance(e, FetchRecord)]
    records, queued = file_urls(path)
    assert sorted(fetched) == sorted(records[-len(fetched) :]) and len(fetched) == len(LEFT) + 1
    # Every URL taken in ends as one record, none twice, the cut-short one replaced; none is
    # left queued (format 8 deletes a URL's queued row with its record's write).
    assert Counter(records) == Counter(set(records)) and len(records) == PAGES + len(LEFT) + 2
    assert queued == []
    assert not load(path).pending
    assert load(path).records[-1].error_kind is None


def test_the_urls_taken_in_read_from_the_file_are_those_its_records_give(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.sqlite3"
    write_file(path, "http://127.0.0.1:9/")
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        # A record whose URL the queued table lacks (a file edited by hand, or from an older
        # version): taken in all the same.
        db.execute(
            "INSERT INTO records (url_path, status) VALUES ('/odd', 200)"
        )  # format 8: on the origin, its path
    whole = load(path)
    light = load(path, records=False)
    assert light.records == [] and whole.seen == set(light.seen)
    assert "http://127.0.0.1:9/odd" in whole.seen and "http://127.0.0.1:9/cut" in whole.seen


def test_a_recheck_reads_only_the_records_it_fetches_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def main() -> None:
        async with site_of_the_file() as site:
            write_file(path, site.url)

            def recheck_and_start() -> CrawlSession:
                session = CrawlSession.recheck(path)
                session.start(lambda e: None)
                return session

            session, peak = traced(recheck_and_start)
            assert isinstance(session, CrawlSession) and session.crawler is not None
            assert session.store is not None
            assert list(session.store.replacing) == [site.u(p) for p in BROKEN]
            assert peak < 3_000_000, f"{peak:,} bytes held while starting a re-check"
            try:
                await session.crawler.run()
            finally:
                session.close(session.crawler.finished)
            assert {p: n for p, n in site.hits.items()} == {p: 1 for p in BROKEN}

    asyncio.run(main())
    records, _ = file_urls(path)
    # The root and the pages; the record cut short went (its URL is left to fetch, as before).
    assert len(records) == len(set(records)) == PAGES + 1
    assert {q.url for q in load(path).pending} == {f"{records[0]}{p[1:]}" for p in [*LEFT, CUT]}
    now = {r.url: r for r in load(path).records}
    assert all(now[u].status == 200 for u in now if u.endswith(tuple(BROKEN)))


def test_a_recheck_of_given_urls_takes_them_in_the_order_recorded(tmp_path: Path) -> None:
    """Given in any order (more than a query's batch, with duplicates and URLs the file does
    not hold), they are replaced in the order the file recorded them, as the CLI lists them."""
    root = "http://127.0.0.1:9/"
    path = tmp_path / "c.sqlite3"
    write_file(path, root)
    order = [f"{root}p{i}" for i in range(PAGES)]
    given = [*order[:1200][::-1], order[5], f"{root}nowhere", f"{root}cut", order[3000]]
    session = CrawlSession.recheck(path, urls=given)
    try:
        assert session.store is not None
        assert list(session.store.replacing) == [*order[:1200], order[3000]]
        assert session.store.replacing[order[3000]].links  # whole, as the history needs them
        assert [q.url for q in session.frontier[1]] == [*order[:1200], order[3000]]  # type: ignore[index]
    finally:
        session.close()


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("UPDATE records SET finished_at = 'late' WHERE url LIKE '%/p17'", "finished_at = 'late'"),
        ("UPDATE records SET title = 5 WHERE url LIKE '%/p17'", "title = 5"),
        ("UPDATE records SET url_path = x'3137' WHERE url LIKE '%/p17'", "a row has url = b'17'"),
        ("UPDATE queued SET depth = 'deep' WHERE url LIKE '%/left1'", "depth = 'deep'"),
    ],
)
def test_a_resume_refuses_a_damaged_row_it_does_not_read(
    sql: str, said: str, tmp_path: Path
) -> None:
    """Its columns' types are checked in SQL, after the links too (columns on pages of their
    own): the file is refused before it is written, naming the row as reading it would."""
    path = tmp_path / "c.sqlite3"
    write_file(path, "http://127.0.0.1:9/")
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(sql)
    with pytest.raises(StoreError) as read:
        load(path)
    with pytest.raises(StoreError) as resumed:
        CrawlSession.resume(path)
    assert str(resumed.value) == str(read.value) and said in str(read.value)
    assert load(path, records=False).state == "cancelled"  # untouched, unlocked
