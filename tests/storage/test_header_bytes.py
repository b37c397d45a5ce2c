"""Records whose text holds bytes that are not UTF-8 (a Latin-1 header: aiohttp hands them over as
lone surrogates) are stored, their bytes escaped; and a batch the crawl file cannot take is never
dropped in silence: the crawl stops, says so and how many records the file lacks."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path

import pytest
from hostile import LATIN1_HEADS, LATIN1_TARGET, HostileServer, latin1_site
from sites import ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord, Queued
from gui_crawler.storage import CrawlStore, load


def test_a_crawl_of_latin1_headers_keeps_every_record_and_resumes_with_nothing_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'Finished 6 urls', the crawl file short of the batch that held a Latin-1 header, the
    CSV short of its rows, and each resume fetching those URLs again and losing them again."""
    server = HostileServer()
    latin1_site(server)
    db, out = tmp_path / "c.sqlite3", tmp_path / "pages.csv"
    with ThreadedSite(server):  # type: ignore[arg-type]
        urls = {server.url, *(server.u(p) for p in (*LATIN1_HEADS, LATIN1_TARGET))}
        flags = ["--ignore-robots", "--no-sitemaps", "--no-external", "-q"]
        code = cli.main([server.url, "--db", str(db), "--csv", str(out), *flags])
        assert code == cli.EXIT_OK, capsys.readouterr()
        asked = sum(server.hits.values())
        assert cli.main(["--resume", str(db), "--csv", str(out), "-q"]) == cli.EXIT_OK
        assert sum(server.hits.values()) == asked  # nothing was left to fetch again
    saved = load(db)
    assert {r.url for r in saved.records} == urls and not saved.pending
    by_url = {r.url: r for r in saved.records}
    assert 'filename="r\\xe9sum\\xe9.pdf"' in by_url[server.u("/download")].headers
    assert by_url[server.u("/moved")].next_url == server.u(LATIN1_TARGET)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert {row["url"] for row in rows} == urls
    assert capsys.readouterr().err == ""


def _record(url: str, **kw: object) -> FetchRecord:
    fields: dict[str, object] = dict(
        next_url=None, status=200, exception=None, size=2, content_type="text/html",
        encoding="utf-8", num_urls=0, num_new_urls=0,
    )  # fmt: skip
    return FetchRecord(url=url, **{**fields, **kw})  # type: ignore[arg-type]


def test_lone_surrogates_in_any_field_are_stored_escaped(tmp_path: Path) -> None:
    """Headers are escaped as they are kept; any other text that still holds a lone surrogate
    is escaped by the store rather than losing its batch."""
    path = tmp_path / "s.sqlite3"
    url = "http://127.0.0.1:9/"
    store = CrawlStore.create(path, CrawlConfig(roots=(url,)).validated())
    store.sink(Queued(url + "caf\udce9", 10, 1, url))
    store.sink(_record(url, title="caf\udce9 \ud800", headers="X: \udcff"))
    store.sink(_record(url + "caf\udce9", referrer=url))
    store.close()
    assert store.error is None and store.unsaved == 0
    saved = load(path)
    got = {r.url: r for r in saved.records}
    assert got[url].title == "caf\\xe9 \\ud800" and got[url].headers == "X: \\xff"
    assert set(got) == {url, url + "caf\\xe9"}


def test_an_unexpected_write_error_stops_the_crawl_and_counts_what_is_not_saved(
    tmp_path: Path,
) -> None:
    """An error no one foresaw (here a size SQLite cannot hold) escaped the commit: its batch
    was dropped, the crawl went on and the summary said nothing of it."""

    async def main() -> tuple[CrawlStore, list[str]]:
        path = tmp_path / "u.sqlite3"
        store = CrawlStore.create(path, CrawlConfig(roots=("http://127.0.0.1:9/",)).validated())
        told: list[str] = []
        store.on_error = told.append
        store.sink(_record("http://127.0.0.1:9/a"))
        await store.durable()
        store.sink(_record("http://127.0.0.1:9/b", size=1 << 70))
        store.sink(_record("http://127.0.0.1:9/c"))
        await store.durable()  # released, not left waiting
        store.sink(_record("http://127.0.0.1:9/d"))
        store.close("cancelled")
        return store, told

    store, told = asyncio.run(main())
    assert told == [store.error]
    assert store.error is not None and "OverflowError" in store.error
    assert str(tmp_path / "u.sqlite3") in store.error
    assert store.unsaved == 3  # b and c (one batch), then d
    assert [r.url for r in load(tmp_path / "u.sqlite3").records] == ["http://127.0.0.1:9/a"]
