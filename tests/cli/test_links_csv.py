"""``crawl --links-csv`` and ``--broken-csv``: every link of every page and stylesheet once with its
words, and one row per (page, broken target) for internal and external targets, from the crawl
itself (the crawl file, or the records with --no-db): no page is fetched a second time."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hostsites import HostSite
from linkwords_site import expected_links, words_site
from sites import ThreadedSite

from gui_crawler.cli.headless import main
from gui_crawler.records.anchors import INVALID
from gui_crawler.records.auditfiles import BROKEN_COLUMNS, LINK_COLUMNS


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("keep", ["--no-db", "--db"])
def test_links_and_broken_links_with_their_words(tmp_path: Path, keep: str) -> None:
    links, broken, report = tmp_path / "links.csv", tmp_path / "broken.csv", tmp_path / "r.html"
    store = ["--no-db"] if keep == "--no-db" else ["--db", str(tmp_path / "c.sqlite3")]
    with ThreadedSite(HostSite("127.0.0.1")) as site, ThreadedSite(HostSite("127.0.0.2")) as other:
        assert isinstance(site, HostSite) and isinstance(other, HostSite)
        words_site(site, other)
        args = [site.url, "-q", "--links-csv", str(links), "--broken-csv", str(broken), *store]
        args += ["--report", str(report)]
        assert main([*args, "--timeout", "5", "--max-tries", "1"]) == 1  # broken links
        fetched = {p: site.requests(p) for p in ("/", "/a.html")}
        expected = expected_links(site, other)
        dead, gone = other.u("/dead"), site.u("/gone")
    # Each page fetched once: the words come from the crawl.
    assert fetched == {"/": 1, "/a.html": 1}
    got = read(links)
    assert tuple(got[0]) == LINK_COLUMNS
    as_expected = sorted(
        (r["source"], r["target"], r["anchor"], r["alt"], r["rel"], r["element"]) for r in got
    )
    assert as_expected == sorted(expected)
    by = {(r["source"], r["target"], r["anchor"]): r for r in got}
    partner = by[(site.url, dead, "Our partner")]
    assert (partner["nofollow"], partner["external"], partner["status"]) == ("yes", "yes", "404")
    assert partner["verdict"] == "broken"
    sort = by[(site.url, "slice::sort_by_key", "sort")]
    assert (sort["external"], sort["status"], sort["verdict"]) == ("", "", "invalid")
    moved = by[(site.url, site.u("/moved"), "")]
    assert (moved["element"], moved["external"], moved["verdict"]) == (
        "meta-refresh",
        "no",
        "broken",
    )

    rows = read(broken)
    assert tuple(rows[0]) == BROKEN_COLUMNS
    pairs = sorted((r["source"], r["target"], r["anchor"], r["alt"], r["nofollow"]) for r in rows)
    root, a, css = site.u("/"), site.u("/a.html"), site.u("/s.css")
    assert pairs == sorted(
        [
            (root, gone, "Gone page", "", ""),
            (root, dead, "Our partner", "", "nofollow"),
            (root, site.u("/moved"), "", "", ""),
            (root, site.u("/missing.png"), "", "Missing picture", ""),
            (root, "slice::sort_by_key", "sort", "", ""),
            (a, gone, "gone again", "", ""),
            (a, dead, "", "Partner logo", ""),
            (css, site.u("/bg-missing.png"), "", "", ""),
        ]
    )
    assert {r["answer"] for r in rows if r["target"] == "slice::sort_by_key"} == {INVALID}
    # The HTML report's broken links say the links' words too.
    html = report.read_text()
    for words in ("Our partner (nofollow)", "image: Partner logo", "Gone page", "sort"):
        assert f"<td>{words}</td>" in html, words


def test_the_links_of_srcset_source_poster_object_embed_and_preload_are_checked(
    tmp_path: Path,
) -> None:
    """Each candidate of a srcset and an imagesrcset, a <source>'s src and srcset, a <video>'s
    poster, an <object>'s data, an <embed>'s src and a <link rel=preload|icon|manifest> are links
    like the others: fetched, and broken where they answer 404, each with its element named."""
    page = (
        '<img src="/i.png" alt="An image" srcset="/i-1x.png 1x, /gone(2).png 2x">'
        '<picture><source srcset="/p.webp 100w, /gone.webp 200w" type="image/webp"></picture>'
        '<video poster="/poster.jpg"><source src="/gone.mp4"></video>'
        '<object data="/gone.pdf"></object><embed src="/e.swf">'
        '<link rel="preload" as="image" imagesrcset="/pre.png 1x, /gone-pre.png 2x">'
        '<link rel="icon" href="/gone.ico"><link rel="manifest" href="/m.json">'
    )
    links = tmp_path / "links.csv"
    with ThreadedSite(HostSite("127.0.0.1")) as site:
        assert isinstance(site, HostSite)
        site.html("/", f"<title>T</title>{page}")
        for path in (
            "/i.png",
            "/i-1x.png",
            "/p.webp",
            "/poster.jpg",
            "/e.swf",
            "/pre.png",
            "/m.json",
        ):
            site.text(path, "x")
        args = [site.url, "-q", "--no-db", "--links-csv", str(links), "--ignore-robots"]
        assert main([*args, "--no-sitemaps", "--timeout", "5", "--max-tries", "1"]) == 1
        got = {
            (r["target"].removeprefix(site.u("")), r["element"], r["verdict"]) for r in read(links)
        }
    assert got == {
        ("/i.png", "img", "ok"),
        ("/i-1x.png", "img-srcset", "ok"),
        ("/gone(2).png", "img-srcset", "broken"),
        ("/p.webp", "source", "ok"),
        ("/gone.webp", "source", "broken"),
        ("/poster.jpg", "video-poster", "ok"),
        ("/gone.mp4", "source", "broken"),
        ("/gone.pdf", "object", "broken"),
        ("/e.swf", "embed", "ok"),
        ("/pre.png", "link", "ok"),
        ("/gone-pre.png", "link", "broken"),
        ("/gone.ico", "link", "broken"),
        ("/m.json", "link", "ok"),
    }
