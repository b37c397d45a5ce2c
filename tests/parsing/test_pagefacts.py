"""Audit fields of real pages served on loopback: what a crawl records for each."""

from __future__ import annotations

import asyncio
import csv
import dataclasses
import pickle
from pathlib import Path

import pytest
from aiohttp import web
from crawling import crawl
from sites import Site

from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.links import parse_page
from gui_crawler.parsing.pagefacts import PageFacts, robots_tokens
from gui_crawler.records.export import COLUMNS, write_csv
from gui_crawler.storage import CrawlStore, load

FULL = """<!doctype html><html lang="en-GB"><head>
<title>  Fish &amp; Chips\n\t&mdash; the   menu </title>
<meta name="Description" content="  Cod,&nbsp;haddock &lt;and&gt;   plaice ">
<meta name="robots" content="NOINDEX">
<base href="/deep/dir/">
<link rel="alternate canonical" href="../canon?a=1#top">
<style>.x{color:red}</style>
</head><body>
<h1>  First <em>heading</em> </h1>
<p>Three  little words&nbsp;here.</p>
<script>var hidden = "not words";</script>
<h1>Second</h1>
<svg><title>not the title</title></svg>
</body></html>"""


def _site(site: Site) -> None:
    site.html("/", FULL + '<a href="/bare">b</a><a href="/latin">l</a><a href="/pdf">p</a>')
    site.html("/bare", "<p>no head at all</p>")
    # A windows-1252 page saying so only in its header: e-acute is 0xE9, the curly apostrophe 0x92.
    site.html(
        "/latin",
        "<title>Caf\xe9 \u2019s</title><h1>D\xe9j\xe0</h1><p>na\xefve text</p>".encode("cp1252"),
        content_type="text/html; charset=windows-1252",
    )
    site.html("/dup", FULL)

    async def pdf(request: web.Request) -> web.StreamResponse:
        headers = {"Content-Type": "application/pdf"}
        resp = web.Response(body=b"%PDF-1.4", headers=headers)
        resp.headers.add("X-Robots-Tag", "noindex")
        resp.headers.add("X-Robots-Tag", "NoFollow, noindex")
        return resp

    site.route("/pdf", pdf)


def test_fields_of_real_pages(tmp_path: Path) -> None:
    async def main() -> dict[str, FetchRecord]:
        async with Site() as site:
            _site(site)
            recs = (await crawl(site.url)).records
            return {k.replace(site.url, "/"): v for k, v in recs.items()} | {"": recs[site.url]}

    recs = asyncio.run(main())
    root = recs["/"]
    assert root.title == "Fish & Chips \u2014 the menu"
    assert root.meta_description == "Cod, haddock <and> plaice"
    assert (root.h1, root.h1_count) == ("First heading", 2)
    assert root.canonical is not None and root.canonical.endswith("/deep/canon?a=1")
    assert root.robots == "noindex"
    assert root.lang == "en-GB"
    # Visible words only: no script, no style; the links' own text counts.
    assert root.word_count == 2 + 3 + 1 + 3 + 3  # heading, paragraph, h1, svg title, anchors
    assert root.content_hash and len(root.content_hash) == 16

    bare = recs["/bare"]
    assert (bare.title, bare.meta_description, bare.h1, bare.h1_count) == (None, None, None, 0)
    assert (bare.canonical, bare.robots, bare.lang, bare.word_count) == (None, None, None, 4)

    latin = recs["/latin"]
    assert latin.encoding == "cp1252"
    assert (latin.title, latin.h1) == ("Caf\xe9 \u2019s", "D\xe9j\xe0")

    pdf = recs["/pdf"]
    assert pdf.robots == "noindex, nofollow"  # header only, repeated, merged
    assert pdf.title is None

    # The CSV has the audit columns by these exact names, and the crawl file keeps them.
    for name in ("title", "meta_description", "h1", "h1_count", "canonical", "robots"):
        assert name in COLUMNS
    for name in ("word_count", "content_hash", "in_sitemap"):
        assert name in COLUMNS
    out = tmp_path / "out.csv"
    write_csv(out, [root])
    with out.open(encoding="utf-8-sig") as f:
        row = next(csv.DictReader(f))
    assert row["title"] == root.title and row["h1_count"] == "2" and row["in_sitemap"] == "0"

    store = CrawlStore.create(tmp_path / "c.sqlite3", CrawlConfig(roots=(root.url,)))
    for rec in (root, latin, pdf):
        store.sink(rec)
    store.close()
    saved = {r.url: r for r in load(tmp_path / "c.sqlite3").records}
    assert saved[root.url] == root and saved[pdf.url] == pdf


def test_same_visible_text_same_hash_and_markup_does_not_matter() -> None:
    a = parse_page(b"<p>one   two</p><script>x</script>", None, "http://h/a").facts
    b = parse_page(b"<div>one <b>two</b></div>", None, "http://h/b").facts
    c = parse_page(b"<p>one three</p>", None, "http://h/c").facts
    assert a.content_hash == b.content_hash != c.content_hash
    assert parse_page(b"", None, "http://h/").facts.content_hash is None
    # Parse results may come back from another process.
    page = parse_page(b"<title>t</title><h1>h</h1>", None, "http://h/")
    assert pickle.loads(pickle.dumps(page)) == page


def test_a_crawl_file_from_before_the_audit_fields_opens_and_resumes(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    rec = FetchRecord("http://127.0.0.1:1/", status=200, title="T", links=("http://127.0.0.1:1/a",))
    store = CrawlStore.create(path, CrawlConfig(roots=(rec.url,)))
    store.sink(rec)
    store.close()
    db = sqlite3.connect(path)
    for column in ("title", "h1_count", "in_sitemap", "content_hash"):
        db.execute(f"ALTER TABLE records DROP COLUMN {column}")
    db.commit()
    db.close()
    (old,) = load(path).records
    assert (old.title, old.h1_count, old.in_sitemap, old.links) == (None, 0, 0, rec.links)
    store, _ = CrawlStore.open(path)
    store.sink(FetchRecord("http://127.0.0.1:1/a", status=200, title="A", in_sitemap=True))
    store.close()
    assert {r.url: r.title for r in load(path).records} == {rec.url: None, rec.url + "a": "A"}


def test_robots_tokens_of_no_value_are_none() -> None:
    """A page's meta robots and an answer's X-Robots-Tag, put together: most say nothing."""
    assert robots_tokens() is None
    assert robots_tokens(None, "") is None
    assert robots_tokens(" , ,") is None
    assert robots_tokens(None, " NoIndex ,nofollow", "noindex") == "noindex, nofollow"


def test_a_pages_facts_are_frozen_page_facts() -> None:
    """The facts a parse makes (as a twin that is not frozen, for speed) are PageFacts: frozen,
    equal to and hashed as the same facts made field by field, and picklable."""
    facts = parse_page(FULL.encode(), "utf-8", "http://h.test/dir/page.html").facts
    assert type(facts) is PageFacts
    again = PageFacts(*(getattr(facts, f.name) for f in dataclasses.fields(PageFacts)))
    assert facts == again and hash(facts) == hash(again) and repr(facts) == repr(again)
    assert facts.title == "Fish & Chips \u2014 the menu" and facts.h1_count == 2
    assert pickle.loads(pickle.dumps(facts)) == facts
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.title = "changed"  # type: ignore[misc]
