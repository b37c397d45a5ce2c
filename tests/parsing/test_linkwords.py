"""Each link of a page with its words (parsing/linkwords.py over ``walked_words``): anchor text,
alt, rel, element; meta refreshes, links no browser follows, and pages cut in pieces. Run over
both implementations of the walk (the ``impl`` fixture)."""

from __future__ import annotations

import pytest

from gui_crawler.parsing import accel, links, linkwords, slicing
from gui_crawler.parsing.linkwords import LinkWords, refresh_target, said_words

PAGE = b"""<!DOCTYPE html><html><head>
<link rel="canonical" href="file:///usr/share/doc/x.html">
<link rel=stylesheet href="/s.css">
<meta http-equiv="Refresh" content="5; URL='/moved'">
<script src="/j.js"></script></head><body>
<a href="/a" rel="NoFollow  ugc">Go \n  <b>there</b></a>
<a href="/a">Go there</a> <a href="/a">Go   there</a>
<a href="slice::sort_by_key">sort</a> <a href="htp://x.example/">typo</a>
<a href="mailto:x@y">mail</a> <a href="tel:+1">tel</a> <a href="javascript:void(0)">js</a>
<a href="data:text/plain,x">data</a> <a href="#top">top</a> <a name="n">named</a> <a>bare</a>
<a href="https://ext.example/p"><img src="/logo.png"><img src="/i.png" alt=" the  logo "></a>
<map><area href="/m" alt="Map" rel="sponsored"></map><iframe src="/f.html"></iframe>
</body></html>"""


def test_every_link_of_a_page_with_its_words(impl: str) -> None:
    page = links.parse_page(PAGE, "utf-8", "http://h/d/p.html")
    words = said_words(page.words, "http://h/d/p.html")
    assert words == (
        LinkWords("http://h/s.css", "link", rel="stylesheet"),
        LinkWords("http://h/moved", "meta-refresh"),
        LinkWords("http://h/j.js", "script"),
        LinkWords("http://h/a", "a", "Go there", rel="nofollow ugc"),
        LinkWords("http://h/a", "a", "Go there"),
        LinkWords("slice::sort_by_key", "a", "sort"),
        LinkWords("htp://x.example/", "a", "typo"),
        LinkWords("https://ext.example/p", "a", alt="the logo"),
        LinkWords("http://h/logo.png", "img"),
        LinkWords("http://h/i.png", "img", alt="the logo"),
        LinkWords("http://h/m", "area", alt="Map", rel="sponsored"),
        LinkWords("http://h/f.html", "iframe"),
    )
    assert [w.nofollow for w in words[3:5]] == [True, False]
    assert [w.target for w in words if w.invalid] == ["slice::sort_by_key", "htp://x.example/"]
    # The meta refresh's target is a link to check; the invalid ones never are.
    assert "http://h/moved" in page.links
    assert not any(u.startswith(("slice", "htp", "mailto")) for u in page.links)
    # A canonical that is not http(s) is kept as written.
    assert page.facts.canonical == "file:///usr/share/doc/x.html"


def test_a_long_anchor_is_cut(impl: str) -> None:
    text = "word " * 2000
    page = links.parse_page(f'<a href="/x">{text}</a>'.encode(), "utf-8", "http://h/")
    (words,) = said_words(page.words, "http://h/")
    assert len(words.anchor) <= linkwords.ANCHOR_CHARS
    assert words.anchor.startswith("word word") and not words.anchor.endswith(" ")


@pytest.mark.parametrize(
    ("content", "target"),
    [
        ("0;URL='x'", "x"),
        ('0; url="/a b"', "/a b"),
        ("5, URL = /p?q=1", "/p?q=1"),
        ("0;/direct", "/direct"),
        ("3", None),
        ("0; url=", None),
        ("x;url=/no-time", None),
        ("1.5;URL='unclosed", "unclosed"),
        ("0 url=y", "y"),
        ("0; URL /u", "/u"),
    ],
)
def test_refresh_target_as_the_html_standard_reads_it(content: str, target: str | None) -> None:
    assert refresh_target(content) == target


def test_a_link_cut_through_reads_as_whole(impl: str, monkeypatch: pytest.MonkeyPatch) -> None:
    page = (
        b"<!DOCTYPE html><body><p>"
        + b'<a href="/long" rel=nofollow>start '
        + b"<i>w</i> " * 400
        + b'<img src="/in.png" alt="late"> end</a> <a href="/next">next</a></p>'
    )
    whole = links.parse_page(page, "utf-8", "http://h/")
    monkeypatch.setattr(slicing, "MAX_TAGS", 200)
    cut = links.parse_page(page, "utf-8", "http://h/")
    assert len(slicing.cut_points(page, 200)) > 1  # cut inside the <a>, more than once
    assert said_words(cut.words, "http://h/") == said_words(whole.words, "http://h/")
    assert cut.links == whole.links
    assert said_words(whole.words, "http://h/")[0] == LinkWords(
        "http://h/long", "a", ("start " + "w " * 400 + "end")[:200].rstrip(), "late", "nofollow"
    )


def test_a_canonical_that_is_not_http_is_an_audit_finding(impl: str) -> None:
    from gui_crawler.events import FetchRecord
    from gui_crawler.records.audit import Audit

    page = links.parse_page(PAGE, "utf-8", "http://h/d/p.html")
    rec = FetchRecord(
        "http://h/d/p.html", status=200, content_type="text/html", canonical=page.facts.canonical
    )
    audit = Audit()
    audit.add([rec])
    counts = {f.key: f.count for f in audit.findings()}
    assert counts["canonical_invalid"] == 1 and counts["canonicalised"] == 0


# Links the walk joins itself and links Python joins, in one page: another scheme, an absolute
# URL not in normal form, one the walk joins to the same URL as a relative href, a meta refresh.
MIXED = b"""<!DOCTYPE html><html><head><meta http-equiv=refresh content="0; url=HTTP://H/Moved">
<link rel=stylesheet href="s.css"></head><body>
<a href="javascript:void(0)">js</a> <a href="https://Ext.example">ext</a> <a href="a.html">a</a>
<a href="http://h/d/a.html">again</a> <a href="../up/%7Ex.html">esc</a> <a href="b.html#s">b</a>
<a href="https://ext.example/">ext again</a> <a href="http://h:80/d/c.html">c</a>
<a href="c.html">c again</a> <a href="slice::x">bad</a></body></html>"""


@pytest.mark.parametrize("page", [MIXED, PAGE])
def test_the_links_come_back_from_the_words_as_parsed(impl: str, page: bytes) -> None:
    url = "http://h/d/p.html"
    parsed = links.parse_page(page, "utf-8", url)
    assert linkwords.blob_links(parsed.words) == tuple(parsed.links)
    if page is MIXED:  # Python's joins come where they are among the walk's own, each once
        assert parsed.links == [
            *("http://h/d/s.css", "https://ext.example/", "http://h/d/a.html"),
            *("http://h/up/%7Ex.html", "http://h/d/b.html", "http://h/d/c.html", "http://h/Moved"),
        ]


def test_a_page_with_a_base_cut_in_pieces_keeps_its_links(
    impl: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first piece has the <base>; the later ones, walked alone, join against the page's
    # directory: their packing is made again without those joins.
    page = b'<!DOCTYPE html><head><base href="http://other/x/"></head><body>' + b"".join(
        b'<p><a href="p%d.html">p%d</a>' % (i, i) for i in range(300)
    )
    whole = links.parse_page(page, "utf-8", "http://h/d/p.html")
    monkeypatch.setattr(slicing, "MAX_TAGS", 100)
    cut = links.parse_page(page, "utf-8", "http://h/d/p.html")
    assert len(slicing.cut_points(page, 100)) > 1
    assert cut.links == whole.links and whole.links[0] == "http://other/x/p0.html"
    assert linkwords.blob_links(cut.words) == tuple(cut.links)
    assert said_words(cut.words, "http://h/d/p.html") == said_words(
        whole.words, "http://h/d/p.html"
    )


def test_links_left_out_by_the_crawl_keep_their_words() -> None:
    parsed = links.parse_page(MIXED, "utf-8", "http://h/d/p.html")
    kept = [u for u in parsed.links if "c.html" not in u]
    blob = linkwords.with_dropped(parsed.words, parsed.links, kept)
    assert linkwords.blob_links(blob) == tuple(kept)
    assert said_words(blob, "http://h/d/p.html") == said_words(parsed.words, "http://h/d/p.html")


@pytest.mark.parametrize("page", [MIXED, b"<p>no links</p>"])
def test_links_a_rendering_adds_come_after_the_pages_with_their_words(page: bytes) -> None:
    url = "http://h/d/p.html"
    parsed = links.parse_page(page, "utf-8", url)
    more = ["http://h/d/raw-only.html", "http://h/api/missing.json"]
    said = [("http://h/api/missing.json", "request", None, None, None)]
    blob = linkwords.with_more(parsed.words, parsed.links, more, said)
    assert linkwords.blob_links(blob) == (*parsed.links, *more)
    words = said_words(blob, url)
    assert words[: len(said_words(parsed.words, url))] == said_words(parsed.words, url)
    assert LinkWords("http://h/api/missing.json", "request") in words
    kept = [u for u in (*parsed.links, *more) if "raw-only" not in u]  # then dropped as usual
    assert linkwords.blob_links(linkwords.with_dropped(blob, [*parsed.links, *more], kept)) == (
        tuple(kept)
    )


def test_each_link_only_the_rendered_dom_has_is_marked_in_its_words() -> None:
    """Exact for every link (the record's JSON lists only the first 500), through a drop, and
    absent from a blob written before the mark was kept (it reads as before)."""
    url = "http://h/d/p.html"
    dom = b'<a href="/sent">sent</a>' + b"".join(
        b'<a href="/js/%d">made %d</a>' % (i, i) for i in range(600)
    )
    parsed = links.parse_page(dom, "utf-8", url)
    assert linkwords.with_more(parsed.words, parsed.links, [], []) == parsed.words
    only = [u for u in parsed.links if "/js/" in u] + ["http://h/#/route"]
    more = ["http://h/#/route", "http://h/raw-only"]
    blob = linkwords.with_more(parsed.words, parsed.links, more, [], only)
    assert linkwords.blob_links(blob) == (*parsed.links, *more)
    words = said_words(blob, url)
    assert sum(w.rendered for w in words) == 600
    assert {w.target for w in words if not w.rendered} == {"http://h/sent"}
    assert said_words(parsed.words, url) == tuple(w._replace(rendered=False) for w in words)
    kept = [u for u in (*parsed.links, *more) if not u.endswith("/js/7")]
    dropped = linkwords.with_dropped(blob, [*parsed.links, *more], kept)
    assert linkwords.blob_links(dropped) == tuple(kept)
    assert said_words(dropped, url) == words
    with pytest.raises(ValueError, match="before any is dropped or marked"):
        linkwords.with_more(blob, [*parsed.links, *more], ["http://h/x"], [])


def test_the_walks_pack_the_same_bytes() -> None:
    from twins import compiled_twin

    from gui_crawler.base.urls import plain_directory

    c, py = compiled_twin("pagewalk"), accel.twin("pagewalk", compiled=False)
    directory = plain_directory("http://h/d/p.html")
    for page in (PAGE, MIXED):
        for joins in (True, False):
            assert c.walked_said(c.walk_apart(page, directory), joins) == py.walked_said(
                py.walk_apart(page, directory), joins
            )


@pytest.mark.parametrize(
    "href",
    [
        *("a.html", " a.html\x0b", "\ta.html#x\x0c", "../../../x", "./", ".", "..", "/", "a//b"),
        *("/abs?q=1#f", "a?", "a??", "a?b?c:d", "?q", "//h2/x", "#", " #x", "", "   "),
        *("a b", "a%20b", "a\\b", "é", "a#é", "a#x\ty", "http://h/x", "https://h:443/x"),
        *("http://h:8080/x/../y", "http://h/.x", "http://h/x?", "HTTP://h/x", "http://h"),
        *("http://h:0/", "http://h:123456/", "http://-/x", "http://a..b/", "mailto:x@y"),
        "x" * 4097,
        "http://h/" + "x" * 5000,
    ],
)
def test_the_walks_join_the_same_hrefs(href: str) -> None:
    from twins import compiled_twin

    c, py = compiled_twin("pagewalk"), accel.twin("pagewalk", compiled=False)
    page = f'<a href="{href}">x</a>'.encode()
    got = {}
    for module in (c, py):
        hrefs: dict[str, str | None] = {}
        module.walk(page, hrefs, "http://h/d/e/")
        got[module.__name__] = hrefs
    assert got[c.__name__] == got[py.__name__]
    url = got[c.__name__].get(href)
    if url:  # what the walk joins, Python joins alike
        from gui_crawler.base.urls import join

        assert url == join("http://h/d/e/p.html", href)
