"""Format 8 keeps each URL once and some fields compact: the queued table holds the frontier only,
a record's timings are whole hundredths and its URLs on the file's origin their paths, every
value read back as it was written."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest
from sites import Site
from storecrawl import crawl_to

from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord, Queued
from gui_crawler.storage import CrawlStore, load, writer
from gui_crawler.storage.fileformat import taken_in


def test_a_crawl_ended_leaves_no_url_queued_and_its_fields_compact(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    site = Site()
    site.page("/", [f"/p{i}" for i in range(30)])
    for i in range(30):
        site.page(f"/p{i}", ["/", f"/p{(i + 1) % 30}", "/missing"])

    async def main() -> list[FetchRecord]:
        async with site:
            config = CrawlConfig(roots=(site.url,), use_sitemaps=False).validated()
            return await crawl_to(config, CrawlStore.create(path, config))

    got = asyncio.run(main())
    assert len(got) == 32
    assert load(path).records == got  # every field as crawled, links included
    with contextlib.closing(sqlite3.connect(path)) as db:
        # Each URL once in the file: its record; the frontier (none left) alone is queued.
        assert db.execute("SELECT count(*) FROM queued").fetchone() == (0,)
        kinds = db.execute(
            "SELECT DISTINCT typeof(ttfb_ms_x100), typeof(ttfb_ms), substr(url_path, 1, 1), "
            "substr(referrer_path, 1, 1) FROM records WHERE referrer IS NOT NULL"
        ).fetchall()
    assert kinds == [("integer", "real", "/", "/")]


def test_values_not_in_the_compact_form_are_kept_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    root = "http://127.0.0.1:9/"
    config = CrawlConfig(roots=(root,)).validated()
    store = CrawlStore.create(path, config)
    made = [
        FetchRecord(root, status=200, ttfb_ms=0.29, download_ms=3.0, wait_ms=12.345),
        FetchRecord(
            "https://127.0.0.1:9/other-scheme",
            referrer="http://127.0.0.1:90/other-port",
            ttfb_ms=1e300,
            parse_ms=float("inf"),
            connect_ms=-0.01,
        ),
        FetchRecord("http://127.0.0.1:9", referrer="http://127.0.0.1:9/'quote", dns_ms=2**60 / 3),
    ]
    for rec in made:
        store.sink(rec)
    store.close("finished")
    assert load(path).records == made
    with contextlib.closing(sqlite3.connect(path)) as db:
        rows = db.execute(
            "SELECT url_path, referrer_path, typeof(ttfb_ms_x100), typeof(wait_ms_x100) "
            "FROM records ORDER BY seq"
        ).fetchall()
    assert rows == [
        ("/", None, "integer", "real"),
        ("https://127.0.0.1:9/other-scheme", "http://127.0.0.1:90/other-port", "real", "integer"),
        ("http://127.0.0.1:9", "/'quote", "integer", "integer"),
    ]


def test_a_url_queued_is_written_once_and_its_row_goes_with_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.sqlite3"
    root = "http://127.0.0.1:9/"
    config = CrawlConfig(roots=(root,)).validated()
    monkeypatch.setattr(writer, "TRACKED", 3)  # the root and two more remembered
    monkeypatch.setattr(writer, "DELETE_EVERY", 3)

    def queued_urls() -> list[str]:
        with contextlib.closing(sqlite3.connect(path)) as db:
            return [u for (u,) in db.execute("SELECT url FROM queued ORDER BY seq")]

    async def main() -> None:
        store = CrawlStore.create(path, config)
        for name in ("a", "b", "c", "a", "b"):  # twice: kept once, as a UNIQUE index did
            store.sink(Queued(root + name, 10, 1, root))
        store.sink(FetchRecord(root, status=200))
        await store.durable()
        # The root's row goes with the next rows to delete, three at a time.
        assert queued_urls() == [root, root + "a", root + "b", root + "c"]
        for name in ("a", "b", "c"):
            store.sink(FetchRecord(root + name, status=404))
        store.sink(Queued(root + "d", 10, 1, root))  # and recorded in the same commit: no row
        store.sink(FetchRecord(root + "d", status=404))
        await store.durable()
        # "c" came past the URLs remembered: its row stays, and is not the frontier.
        assert queued_urls() == [root + "c"]
        store.close("finished")

    asyncio.run(main())
    saved = load(path)
    assert [r.url for r in saved.records] == [root, *(root + n for n in "abcd")]
    assert saved.pending == []
    assert sorted(set(taken_in(path))) == sorted(r.url for r in saved.records)
