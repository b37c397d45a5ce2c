"""``gui-crawler compare``: two crawls of one real site that changed between them."""

from __future__ import annotations

import csv
import html
from pathlib import Path

import pytest
from sites import Site, ThreadedSite

from gui_crawler.__main__ import main as gui_crawler
from gui_crawler.events import FetchRecord
from gui_crawler.records import compare


def page(site: Site, path: str, title: str, links: list[str], body: str = "") -> None:
    anchors = "".join(f'<a href="{u}">{u}</a>' for u in links)
    site.html(path, f"<html><head><title>{title}</title></head><body>{anchors}{body}</body></html>")


def crawl(site: Site, db: Path) -> None:
    code = gui_crawler(["crawl", site.url, "--db", str(db), "--ignore-robots", "--no-sitemaps",
                        "-q"])  # fmt: skip
    assert code in (0, 1)


def test_two_crawls_of_a_changed_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = Site()
    old, new = tmp_path / "old.crawl", tmp_path / "new.crawl"
    with ThreadedSite(site):
        page(site, "/", "Home", ["/a", "/b", "/gone", "/moved"])
        page(site, "/a", "A", [], "same")
        page(site, "/b", "B", [], "before")
        page(site, "/gone", "Gone soon", [])
        site.redirect("/moved", "/a")
        crawl(site, old)
        # Between the crawls: /b's title and words change, /gone is deleted, /moved points
        # elsewhere, a new page /c appears.
        page(site, "/", "Home", ["/a", "/b", "/gone", "/moved", "/c"])
        page(site, "/b", "B <new>", [], "after")
        site.page("/gone", [], status=404)
        site.redirect("/moved", "/b")
        page(site, "/c", "=HYPERLINK(1)", [])
        crawl(site, new)
    csv_path, report = tmp_path / "changes.csv", tmp_path / "changes.html"
    code = gui_crawler(["compare", str(old), str(new), "--csv", str(csv_path), "--report",
                        str(report)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1, out
    assert (
        "1 added, 1 answer changed, 1 redirect target changed, 1 title changed, "
        "2 content changed" in out
    ), out
    with csv_path.open(encoding="utf-8-sig", newline="") as f:
        rows = {(r["url"].removeprefix(site.url), r["change"]): r for r in csv.DictReader(f)}
    assert rows[("c", "added")]["new"] == "200 OK"
    assert rows[("gone", "answer changed")]["old"] == "200 OK"
    assert rows[("gone", "answer changed")]["new"] == "404 Not Found"
    assert rows[("moved", "redirect target changed")]["new"] == site.u("/b")
    assert rows[("b", "title changed")]["new"] == "B <new>"
    # /b's words changed, and the home page's (the new link's text); /a's did not.
    assert ("b", "content changed") in rows and ("", "content changed") in rows
    assert rows[("b", "content changed")]["old"].startswith("1 word (text ")
    assert not any(url == "a" for url, _ in rows)
    assert rows[("c", "added")]["url"].endswith("/c")
    text = report.read_text(encoding="utf-8")
    assert "B &lt;new&gt;" in text and "<new>" not in text
    assert html.escape(site.u("/gone")) in text
    # Compared with itself: nothing changed, exit 0.
    assert gui_crawler(["compare", str(new), str(new), "-q"]) == 0
    assert "no changes" in capsys.readouterr().out


def test_two_different_sites_or_a_file_that_is_no_crawl_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = Site(), Site()
    a, b = tmp_path / "a.crawl", tmp_path / "b.crawl"
    with ThreadedSite(one), ThreadedSite(two):
        one.page("/")
        two.page("/")
        crawl(one, a)
        two_url = two.url.replace("127.0.0.1", "localhost")  # another host, same machine
        assert gui_crawler(["crawl", two_url, "--db", str(b), "-q", "--ignore-robots"]) == 0
    with pytest.raises(SystemExit) as stopped:
        gui_crawler(["compare", str(a), str(b)])
    assert stopped.value.code == 2
    assert "different sites" in capsys.readouterr().err
    junk = tmp_path / "junk.txt"
    junk.write_text("not a crawl file", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        gui_crawler(["compare", str(a), str(junk)])
    assert stopped.value.code == 2
    assert "junk.txt" in capsys.readouterr().err


def test_only_pages_parsed_in_both_crawls_compare_their_words() -> None:
    h = "http://s.test"
    before = [FetchRecord(h + "/x", status=200, content_type="text/html", title="T")]
    # Now a 500 without a title: one change, the answer, not also "title changed".
    after = [FetchRecord(h + "/x", status=500, content_type="text/html")]
    assert [c.kind for c in compare.compare(before, after)] == ["status"]
