"""List mode: exactly the URLs of a list are checked (their redirects followed, their links not,
unless --max-depth allows), read from a file, standard input, a sitemap file or a sitemap URL."""

from __future__ import annotations

import gzip
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli.headless import main as crawl_main
from gui_crawler.crawl.urllist import ListError, read_list
from gui_crawler.storage import load


def listed_site() -> Site:
    site = Site()
    site.page("/", ["/a", "/b"])
    site.page("/a", ["/deeper", "http://127.0.0.2:9/ext"])
    site.page("/b", ["/deeper"])
    site.page("/deeper", [])
    site.redirect("/old", "/new", 301)
    site.page("/new", ["/deeper"])
    site.html("/robots.txt", "Sitemap: /sitemap.xml\n", content_type="text/plain")
    return site


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = crawl_main(argv)
    return code, capsys.readouterr().err


def checked(db: Path) -> set[str]:
    return {r.url for r in load(db).records}


def test_exactly_the_listed_urls_and_their_redirects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with ThreadedSite(listed_site()) as site:
        site.html("/sitemap.xml", f"<urlset><url><loc>{site.u('/b')}</loc></url></urlset>",
                  content_type="text/xml")  # fmt: skip
        listing = tmp_path / "urls.txt"
        listing.write_text(
            f"url\n{site.u('/a')}\n\n# a comment\n{site.u('/old')}\n"
            f"127.0.0.1:{site.port}/a\nnot a url at all\n",
            encoding="utf-8",
        )
        db = tmp_path / "c.crawl"
        code, err = run(["--list", str(listing), "--db", str(db), "-q"], capsys)
        assert code == 0, err
        # The listed URLs and the redirect's target; no link of theirs, no sitemap URL, no
        # external check of a link.
        assert checked(db) == {site.u("/a"), site.u("/old"), site.u("/new")}
        assert site.hits["/deeper"] == site.hits["/b"] == 0
        assert (
            "skipped 2 lines that are not URLs (line 1: 'url', line 7: 'not a url at all')" in err
        )
        # --max-depth 1: one level of their links (and the external checks that come with it).
        db1 = tmp_path / "d.crawl"
        code, err = run(["--list", str(listing), "--db", str(db1), "--max-depth", "1",
                         "--no-external", "-q"], capsys)  # fmt: skip
        assert code == 0, err
        assert checked(db1) == {site.u(p) for p in ("/a", "/old", "/new", "/deeper")}
        # Resumed, the crawl file is still a list's.
        assert load(db1).config.list_mode


def test_a_sitemap_file_standard_input_and_a_sitemap_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    with ThreadedSite(listed_site()) as site:
        xml = f"<urlset><url><loc>{site.u('/a')}</loc></url><url><loc>{site.u('/b')}</loc></url></urlset>"
        site.html("/sm.xml", xml, content_type="text/xml")
        sitemap = tmp_path / "sitemap.xml.gz"
        sitemap.write_bytes(gzip.compress(xml.encode()))
        expected = {site.u("/a"), site.u("/b")}
        for n, source in enumerate([str(sitemap), "-", site.u("/sm.xml")]):
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(xml.encode())))
            db = tmp_path / f"{n}.crawl"
            code, err = run(["--list", source, "--db", str(db), "-q"], capsys)
            assert code == 0, (source, err)
            assert checked(db) == expected, source


def test_a_list_with_no_url_or_no_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("url\nname\n", encoding="utf-8")
    for source, words in (
        (str(empty), "has no URL to check: skipped 2 lines"),
        (str(tmp_path / "missing.txt"), "cannot read"),
        (str(tmp_path), "cannot read"),
    ):
        with pytest.raises(SystemExit) as stopped:
            crawl_main(["--list", source])
        assert stopped.value.code == 2
        assert words in capsys.readouterr().err, source
    with pytest.raises(SystemExit):
        crawl_main(["--list", str(empty), "http://127.0.0.1:9/"])  # a list or URLs, not both
    assert "--list FILE" in capsys.readouterr().err


def test_read_list_keeps_order_drops_duplicates_and_refuses_an_index() -> None:
    listed = read_list(b"\xef\xbb\xbfb.test/1\nhttp://a.test/2\nhttp://B.test/1\n")
    assert listed.urls == ["http://b.test/1", "http://a.test/2"] and listed.note() is None
    with pytest.raises(ListError, match="sitemap index"):
        read_list(b"<sitemapindex><sitemap><loc>http://a.test/s.xml</loc></sitemap></sitemapindex>")
