"""Reading a crawl file's records by URL while a crawl writes it (storage.reader)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from sites import Site
from storecrawl import crawl_to

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord
from gui_crawler.storage import CrawlStore
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.reader import RecordReader


def small_site() -> Site:
    site = Site()
    site.page("/", [f"/p{i}" for i in range(12)] + ["/gone"])
    for i in range(12):
        site.page(f"/p{i}", ["/", f"/p{(i + 1) % 12}"])
    return site


def test_records_read_back_by_url_as_written(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def go() -> list[FetchRecord]:
        async with small_site() as site:
            config = CrawlConfig(roots=(site.url,)).validated()
            return await crawl_to(config, CrawlStore.create(path, config))

    written = asyncio.run(go())
    reader = RecordReader(path)
    try:
        by_url = {r.url: r for r in written}
        for url, rec in by_url.items():
            # Every field but the links' words, which stay in the file (load_words).
            assert reader.get(url) == rec.without_words()
            assert reader.get(url).links == rec.links  # type: ignore[union-attr]
            assert reader.has(url)
        assert reader.get("http://nowhere.test/") is None and not reader.has("http://x.test/")
        some = [*list(by_url)[:5], "http://nowhere.test/"]
        assert reader.get_many(some) == {u: by_url[u].without_words() for u in some[:5]}
        assert list(reader.urls()) == [r.url for r in written]
        assert [r.url for r in reader.records(links=False)] == [r.url for r in written]
        assert all(r.links == () for r in reader.records(links=False))
        assert reader.count() == len(written)
    finally:
        reader.close()
    # Its connection was the file's last: the WAL is folded in, nothing is left beside it.
    assert sorted(os.listdir(tmp_path)) == ["c.sqlite3"]


def test_a_reader_sees_what_the_writer_has_committed_while_it_writes(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    seen_while_writing: list[int] = []

    async def go() -> None:
        async with small_site() as site:
            config = CrawlConfig(roots=(site.url,), max_tasks=2).validated()
            store = CrawlStore.create(path, config)
            reader = RecordReader(path)
            got: list[FetchRecord] = []

            def sink(e: Event) -> None:
                store.sink(e)
                if isinstance(e, FetchRecord):
                    got.append(e)

            async def watch() -> None:
                while True:
                    await asyncio.sleep(0)
                    # The records committed so far are readable while the writer goes on.
                    seen_while_writing.append(reader.count())

            watcher = asyncio.ensure_future(watch())
            await Crawler(config, sink).run()
            watcher.cancel()
            # The commits are the writer's thread's: the last ones may come after the crawl.
            await store.durable()
            assert reader.count() == len(got)  # the writer still has the file open
            assert {u for u in reader.urls()} == {r.url for r in got}
            reader.close()  # before the writer: then the writer's close is the last
            store.close("finished")

    asyncio.run(go())
    # Read all through the crawl, beside the commits' thread: never an error, never a record
    # gone. How many are committed by the crawl's end is the thread's pace (a crawl of 14
    # local pages may end before its first commit), so no count is asked of those readings.
    assert seen_while_writing == sorted(seen_while_writing)
    assert sorted(os.listdir(tmp_path)) == ["c.sqlite3"]


def test_a_missing_file_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        RecordReader(tmp_path / "nope" / "c.sqlite3")


def test_a_file_opened_without_its_records_has_the_same_frontier_and_count(
    tmp_path: Path,
) -> None:
    """load(records=False) asks the indexes what load() finds reading every record: the URLs
    never recorded and those cut short in flight are left to fetch."""
    from gui_crawler.events import ErrorKind, Queued
    from gui_crawler.storage import load

    path = tmp_path / "c.sqlite3"
    config = CrawlConfig(roots=("http://h.test/",)).validated()
    store = CrawlStore.create(path, config)
    for i in range(6):
        store.sink(Queued(f"http://h.test/{i}", 10, 1, "http://h.test/"))
    store.sink(FetchRecord("http://h.test/", status=200))
    store.sink(FetchRecord("http://h.test/1", status=404))
    store.sink(FetchRecord("http://h.test/3", error_kind=ErrorKind.CANCELLED.value))
    store.close("cancelled")
    whole, light = load(path), load(path, records=False)
    assert light.records == [] and light.config == whole.config and light.state == whole.state
    assert (
        [q.url for q in light.pending]
        == [q.url for q in whole.pending]
        == [f"http://h.test/{i}" for i in (0, 2, 3, 4, 5)]
    )
    reader = RecordReader(path)
    try:
        assert reader.count() == 3 and reader.count(cancelled=False) == len(whole.records) == 2
    finally:
        reader.close()


def test_an_opened_files_frontier_is_read_from_the_file_batch_by_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cancelled crawl of a million pages leaves most of them queued: opened to show, the
    file keeps its frontier (counted on open, read in the order queued as it is iterated)."""
    from gui_crawler.events import ErrorKind, Queued
    from gui_crawler.storage import load
    from gui_crawler.storage.fileformat import PendingInFile

    path = tmp_path / "c.sqlite3"
    config = CrawlConfig(roots=("http://h.test/",)).validated()
    store = CrawlStore.create(path, config)
    for i in range(11):
        store.sink(Queued(f"http://h.test/{i}", 10, i % 3, "http://h.test/"))
    store.sink(FetchRecord("http://h.test/4", status=200))
    store.sink(FetchRecord("http://h.test/7", error_kind=ErrorKind.CANCELLED.value))
    store.close("cancelled")
    monkeypatch.setattr(PendingInFile, "BATCH", 3)  # batches end on a left URL and on a taken one
    light = load(path, records=False)
    assert isinstance(light.pending, PendingInFile)
    want = load(path).pending
    assert [q.url for q in want] == ["http://h.test/"] + [
        f"http://h.test/{i}" for i in range(11) if i != 4
    ]
    assert len(light.pending) == len(want) == 11 and list(light.pending) == want
    assert list(light.pending) == want  # read again from the start
    assert (
        want[-1] in light.pending
        and Queued("http://h.test/4", 10, 1, "http://h.test/") not in light.pending
    )
    assert sorted(os.listdir(tmp_path)) == ["c.sqlite3"]
