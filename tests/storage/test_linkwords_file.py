"""Links with their words in the crawl file: written as the crawl goes, not loaded with the
records (no memory per link), read back by load_words; a format-4 file opens, resumes, and then
holds them too."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

from crawling import FAST
from hostsites import HostSite
from linkwords_site import expected_links, words_site
from storecrawl import as_format_5, crawl_to

from gui_crawler.config import CrawlConfig
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.storage import FORMAT, CrawlStore, load, load_words


def rows(words: dict[str, tuple[LinkWords, ...]]) -> list[tuple[str, ...]]:
    return [
        (source, w.target, w.anchor, w.alt, w.rel, w.element)
        for source, ws in words.items()
        for w in ws
    ]


def run_sites(body: Callable[[HostSite, HostSite], Awaitable[None]]) -> None:
    async def main() -> None:
        site, other = await HostSite("127.0.0.1").start(), await HostSite("127.0.0.2").start()
        try:
            words_site(site, other)
            await body(site, other)
        finally:
            await site.close()
            await other.close()

    asyncio.run(main())


def test_words_are_in_the_file_not_in_the_loaded_records(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def body(site: HostSite, other: HostSite) -> None:
        config = CrawlConfig(roots=(site.url,), use_sitemaps=False, **FAST).validated()
        got = await crawl_to(config, CrawlStore.create(path, config))
        by_url = {r.url: r for r in got}
        # The record of a page keeps its off-site links too, and its words until written.
        assert other.u("/dead") in by_url[site.url].links
        assert by_url[site.url].words
        saved = load(path)
        assert all(r.words == b"" for r in saved.records)
        assert saved.records == got  # words are not compared: everything else comes back
        words = dict(load_words(path))
        assert sorted(rows(words)) == sorted(expected_links(site, other))
        only = dict(load_words(path, [site.u("/a.html"), "http://nowhere/"]))
        assert list(only) == [site.u("/a.html")]

    run_sites(body)


def test_a_format_4_file_opens_and_resumes_into_format_6(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def body(site: HostSite, other: HostSite) -> None:
        config = CrawlConfig(roots=(site.url,), use_sitemaps=False, **FAST).validated()
        first = await crawl_to(config, CrawlStore.create(path, config))
        # What format 4 wrote: the links packed, no words column.
        db = sqlite3.connect(path)
        as_format_5(db)
        db.execute("ALTER TABLE records DROP COLUMN words")
        db.execute("UPDATE meta SET value='gui_crawler-crawl-4' WHERE key='format'")
        db.execute(  # format 7 and before kept every URL queued
            "INSERT INTO queued (url, redirects_left, depth, referrer) "
            "SELECT url, 0, depth, referrer FROM records WHERE url = ?",
            (site.u("/a.html"),),
        )
        db.execute("DELETE FROM records WHERE url = ?", (site.u("/a.html"),))
        db.execute("UPDATE meta SET value='running' WHERE key='state'")
        db.commit()
        db.close()
        old = load(path)
        assert len(old.records) == len(first) - 1
        assert dict(load_words(path)) == {}  # a format-4 file has no words
        store, saved = CrawlStore.open(path)
        assert [q.url for q in saved.pending] == [site.u("/a.html")]
        rest = await crawl_to(saved.config, store, seen=saved.seen, pending=saved.pending)
        assert [r.url for r in rest] == [site.u("/a.html")]
        words = dict(load_words(path))
        assert list(words) == [site.u("/a.html")]  # the resumed record keeps its words
        db = sqlite3.connect(path)
        assert db.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0] == FORMAT
        db.close()

    run_sites(body)


def test_a_format_5_file_resumed_holds_rows_of_both_formats(tmp_path: Path) -> None:
    import shutil

    from gui_crawler.events import FetchRecord
    from gui_crawler.parsing.links import parse_page
    from gui_crawler.storage.fileformat import iter_records

    path = tmp_path / "c.sqlite3"
    shutil.copy(Path(__file__).parents[1] / "cli" / "data" / "outputs.sqlite3", path)
    before = dict(load_words(path))
    links = {r.url: r.links for r in iter_records(path)}
    assert any(before.values())  # format 5's words, hrefs as written
    store, _ = CrawlStore.open(path)
    page = parse_page(b'<a href="/x">x</a><a href="mailto:m">m</a>', "utf-8", "http://n/p.html")
    new = FetchRecord("http://n/p.html", status=200, links=tuple(page.links), words=page.words)
    store.sink(new)
    store.close()
    after = dict(load_words(path))
    assert after == {**before, new.url: (LinkWords("http://n/x", "a", "x"),)}
    assert {r.url: r.links for r in iter_records(path)} == {**links, new.url: ("http://n/x",)}
    db = sqlite3.connect(path)
    assert db.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0] == FORMAT
    db.close()
