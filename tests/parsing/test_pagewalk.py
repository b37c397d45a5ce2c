"""The walk of a page: the compiled one (``_pagewalk``) against its pure-Python twin over selectolax's
tree of the same parse (``_pagewalk_py``, the specification): links, base, audit fields, words and
the bytes the content hash reads; and what both must do, run over each (the ``impl`` fixture)."""

from __future__ import annotations

import html
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from twins import compiled_twin

from gui_crawler.base import urls
from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import accel, links

# Fragments that stress each field: invalid UTF-8 of every kind (truncated, overlong, surrogate,
# past U+10FFFF, stray continuation), invisible elements, SVG titles and links, framesets (no
# body), bases without values, attributes without values, NULs, comments.
HAZARDS = [
    b"<p>", b"</p>", b" ", b"\t", b"\x0b", b"\xa0", b"\xc2\xa0", b"\xe2\x82\xac", b"\xe2\x82",
    b"\xed\xa0\x80", b"\xf0\x9f\x98\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\xff", b"\x80",
    b"abc", b"<script>x y</script>", b"<script src=s.js></script>", b"<a href=x>", b"<a href>",
    b"<a href=''>", b"<title>t \xff</title>", b"<h1>h\xe2 <b>1</b></h1>", b"<noscript>n</noscript>",
    b"<style>s</style>", b"<template>tt<a href=t></template>", b"<base href>", b"<base href=/b/>",
    b"<meta name=description content='d \xe9'>", b"<meta name=robots>", b"<META NAME=x>",
    b"<link rel='Canonical x' href=' /c '>", b"<link rel>", b"<link href=l>",
    b"<svg><title>s</title><a href=sv>z</a><a xlink:href=xl>w</a></svg>", b"<body>",
    b"<frameset>", b"<frame src=fr>", b"<!-- c <a href=cm> -->", b"&nbsp;", b"&amp;", b"\x00",
    b"<img src=i href=h>", b"<iframe src=f>", b"<html lang=' EN '>", b"<HTML LANG=de>",
    b"<table><tr><td>cell<a href=td>", b"<select><option>o</select>", b"<math><mi>m</mi></math>",
]  # fmt: skip


def check(data: bytes) -> None:
    got: dict[str, str | None] = {}
    want: dict[str, str | None] = {}
    assert compiled_twin("pagewalk").walk(data, got) == spec.walk(data, want), data
    assert list(got) == list(want), data


def test_generated_pages_read_as_the_specification_reads_them() -> None:
    rnd = random.Random(11)
    for _ in range(3000):
        check(b"".join(rnd.choice(HAZARDS) for _ in range(rnd.randrange(30))))


def test_each_element_links_by_its_own_attribute(impl: str) -> None:
    hrefs: dict[str, None] = {}
    page = (
        b"<img src=i.png href=h><a src=no href=a><script src=s.js></script><link href=l src=no>"
        b"<iframe href=no src=f></iframe><svg><a xlink:href=xl></a></svg><a href>"
    )
    base, *_ = accel.pagewalk.walk(page + b"<base href>", hrefs)
    assert list(hrefs) == ["i.png", "a", "s.js", "l", "f"]
    assert base == ""  # a <base href> without a value still is the first <base>


@pytest.mark.parametrize(
    "raw",
    [b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80", b"\xff\x80", b"\xe2 \x82\xac"],
)
def test_text_that_is_not_utf8_hashes_as_pythons_decoder_replaces_it(raw: bytes, impl: str) -> None:
    *_, words, kept = accel.pagewalk.walk(b"<body>x" + raw + b"y z", {})
    text = (b"x" + raw + b"y z").decode("utf-8", "replace").encode()
    assert kept == text.translate(None, spec.SPACES)
    assert words == len(text.split())


def in_new_thread(fn: Callable[[], Any]) -> Any:
    """``fn()`` on a thread of its own: its walks parse into a document no page used before."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(fn()))
    thread.start()
    thread.join()
    return out[0]


# Each thread parses every page into one lexbor document, cleaned between pages; a doctype-less
# page leaves it in quirks mode, which a page that starts with <!DOCTYPE html> must not inherit.
STATEFUL = [
    b"<!DOCTYPE html>", b'<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">',
    b"<table>", b"<tr>", b"<td>", b"text ", b"<button>", b"<form>", b"<textarea>", b"<plaintext>",
    b"<xmp>", b"<frameset><frame src=a>", b"<svg><foreignObject><p>", b"<li>", b"<h1>",
]  # fmt: skip


def test_a_page_reads_the_same_after_any_other_page(impl: str) -> None:
    rnd = random.Random(17)
    parts = HAZARDS + STATEFUL
    pairs = [
        [b"".join(rnd.choice(parts) for _ in range(rnd.randrange(25))) for _ in "ab"]
        for _ in range(400)
    ]
    pairs += [[b"<p>x<table>y", b"<!DOCTYPE html><p>x<table>y"]]  # quirks, then not
    for before, page in pairs:
        alone = in_new_thread(lambda page=page: accel.pagewalk.walk(page, {}))
        accel.pagewalk.walk(before, {})
        assert accel.pagewalk.walk(page, {}) == alone, (before, page)


def test_a_walk_apart_reads_as_walk_after_its_thread_parsed_other_pages(impl: str) -> None:
    """walk_apart copies what it read out of the thread's document, which is cleaned for the
    next page before walked() reads it; the joins (with a directory) are kept too."""
    rnd = random.Random(23)
    pages = [b"".join(rnd.choice(HAZARDS) for _ in range(rnd.randrange(40))) for _ in range(300)]
    directory = "http://h/d/"
    apart = [accel.pagewalk.walk_apart(p, directory) for p in pages]  # each parse cleans the last
    for page, walked in zip(pages, apart, strict=True):
        want: dict[str, str | None] = {}
        got: dict[str, str | None] = {}
        assert accel.pagewalk.walked(walked, got) == accel.pagewalk.walk(page, want, directory), (
            page
        )
        assert got == want and list(got) == list(want), page


def test_threads_walking_at_once_read_each_page_as_one_thread_does(impl: str) -> None:
    rnd = random.Random(19)
    pages = [b"".join(rnd.choice(HAZARDS) for _ in range(rnd.randrange(40))) for _ in range(300)]
    want = [accel.pagewalk.walk(p, {}) for p in pages]
    got: dict[int, list[Any]] = {}

    def walk_all(n: int) -> None:
        got[n] = [accel.pagewalk.walk(p, {}) for p in pages]

    threads = [threading.Thread(target=walk_all, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[n] == want for n in range(4))


DOCS = Path("/usr/share/doc/python3-doc/html")


@pytest.mark.skipif(not DOCS.is_dir(), reason="python3-doc is not installed")
def test_real_pages_read_as_the_specification_reads_them() -> None:
    """Real HTML no one here wrote: every tenth page of the Python docs and the five biggest."""
    files = sorted(DOCS.rglob("*.html"))
    biggest = sorted(files, key=lambda f: f.stat().st_size)[-5:]
    for f in {*files[::10], *biggest}:
        check(f.read_bytes())
        joined_in_c(f.read_bytes(), f"http://127.0.0.1:1/{f.relative_to(DOCS)}")


HREF_PARTS = [
    "a", "b.html", "../", "./", "..", ".", "/", "//", "?", "?q=1", "?a=b?c", "#", "#top", "#a b",
    "#\t", " ", "\t", "\\", "%20", ":", "x:y", "~u", "@", "'", "(", "!", "é", "\xa0", "\x1c", ";",
    "=", "&", "+", "*", "$", ",", "_", "-", "http://h/x", "mailto:a@b", "https://o.org/",
    "http://o.org:80/", "https://o.org:8443/", "http://O.org/", "https://a-b.o.org/", "%2F", "%2f",
    "%", "%A", "https://o.org:0/", "http://o.org:123456/", "https://o..org/", "http://o.org",
    "http://o.org:99999/", "http://o.org:65536/", "http://o.org:65535/", "http://o.org:9/",
]  # fmt: skip
PAGES = [
    "http://127.0.0.1:1/dir/sub/page.html",
    "http://127.0.0.1:1/",
    "https://example.test:8443/a/b/?q=/c",
    "http://127.0.0.1:1/an%20escape/page.html",
    "http://127.0.0.1:1/odd%zzdir/page.html",  # not in normal form: Python joins everything
]


def joined_in_c(data: bytes, page_url: str) -> dict[str, str]:
    """The hrefs the walk joined itself, each checked against the Python path it stands in for;
    and the page's links read with those joins (walked_links) against Python joining them all."""
    c = compiled_twin("pagewalk")
    raw: dict[str, str | None] = {}
    c.walk(data, raw, urls.plain_directory(page_url))
    want: dict[str, str | None] = {}
    spec.walk(data, want)
    assert list(raw) == list(want)  # each distinct href, once, in document order
    pure: dict[str, str | None] = {}
    spec.walk(data, pure, urls.plain_directory(page_url))
    assert pure == raw  # the twin joins the same hrefs to the same URLs
    directory = urls._base_key(page_url, "x")
    joined = {href: url for href, url in raw.items() if url is not None}
    for href, url in joined.items():
        assert url == (urls._join_href(page_url, directory, href) or ""), (page_url, href)

    read = c.walk_apart(data, urls.plain_directory(page_url))
    join = urls.href_joiner(page_url)
    left: list[str] = []
    with_c: dict[str, None] = {}
    in_python: dict[str, None] = {}
    c.walked_links(read, with_c, lambda href: left.append(href) or join(href))
    c.walked_links(read, in_python, join, False)
    assert list(with_c) == list(in_python) == urls.join_all(page_url, raw)
    assert left == [href for href, url in raw.items() if url is None]
    return joined


def test_each_distinct_href_is_read_once(impl: str) -> None:
    page = b"".join(
        b'<a href="x:%d">.</a><a href>.</a><a href="">.</a>' % (i % 7) for i in range(700)
    )
    asked: list[str] = []
    links: dict[str, None] = {}
    read = accel.pagewalk.walk_apart(page)
    accel.pagewalk.walked_links(read, links, lambda href: asked.append(href) or f"http://h/{href}")
    assert asked == [f"x:{i}" for i in range(7)]  # an empty href is no link
    assert list(links) == [f"http://h/{href}" for href in asked]


def test_walked_links_says_where_the_links_it_joined_in_python_went(impl: str) -> None:
    """links.finish packs the links the walk left to Python as the page's extras: each with its
    position among the page's links, and only where it was not among them already."""
    page = (
        b'<a href="a.html">.</a><a href="x:1">.</a><a href="b.html">.</a>'
        b'<a href="x:a">.</a><a href="x:1#f">.</a><a href="#top">.</a><a href="x:2">.</a>'
    )
    page_url = "http://127.0.0.1:1/d/p.html"
    read = accel.pagewalk.walk_apart(page, urls.plain_directory(page_url))
    made = {"x:1": "http://127.0.0.1:1/one", "x:1#f": "http://127.0.0.1:1/one",
            "x:a": "http://127.0.0.1:1/d/a.html", "x:2": "http://127.0.0.1:1/two"}  # fmt: skip
    links: dict[str, None] = {}
    extras = accel.pagewalk.walked_links(read, links, made.get)
    assert list(links) == [
        "http://127.0.0.1:1/d/a.html",
        "http://127.0.0.1:1/one",
        "http://127.0.0.1:1/d/b.html",
        "http://127.0.0.1:1/two",
    ]
    assert extras == [(1, "http://127.0.0.1:1/one"), (3, "http://127.0.0.1:1/two")]


def test_the_walk_reads_only_the_link_rels_that_may_say_canonical(impl: str) -> None:
    """The facts read a canonical from the <link rel>s: the others (a rustdoc page has ~15
    preloads, stylesheets and icons) are not made Python objects on the event loop."""
    page = (
        '<link rel="stylesheet" href="a.css"><link rel="preload" href="f.woff2">'
        '<link rel="Alternate CANONICAL" href="/c"><link rel="canonicalish" href="/d">'
        '<link rel="icon" href="i.svg"><link rel="canon\u0130cal" href="/e">'
    ).encode()
    read = accel.pagewalk.walked(accel.pagewalk.walk_apart(page), None)
    assert read[6] == [("Alternate CANONICAL", "/c"), ("canonicalish", "/d")]
    facts = links.parse_page(page, "utf-8", "http://127.0.0.1:1/p.html").facts
    assert facts.canonical == "http://127.0.0.1:1/c"


def test_hrefs_joined_in_c_are_joined_as_python_joins_them() -> None:
    rnd = random.Random(5)
    hrefs = {
        "".join(rnd.choice(HREF_PARTS) for _ in range(rnd.randrange(1, 8))) for _ in range(4000)
    }
    page = "".join(f'<a href="{html.escape(h)}">x</a>' for h in sorted(hrefs)).encode()
    counts = [len(joined_in_c(page, url)) for url in PAGES]
    assert min(counts[:4]) > 500  # most plain ones are here
    assert counts[4] == 0


def test_a_base_leaves_every_join_to_python() -> None:
    assert joined_in_c(b'<base href="/x/"><a href="a.html">a</a>', PAGES[0]) == {}
    assert links.extract_links(b'<base href="/x/"><a href="a.html">', PAGES[0]) == [
        "http://127.0.0.1:1/x/a.html"
    ]


def test_deep_paths_join_as_python_joins_them() -> None:
    """More segments than the C join keeps on its stack, dot segments climbing past the root."""
    hrefs = ["a/" * 1000 + "../" * 10 + "x", "a/" * 100 + "../" * 150 + "y", "./" * 500 + "z/."]
    page = "".join(f'<a href="{h}">x</a>' for h in hrefs).encode()
    assert len(joined_in_c(page, PAGES[0])) == 3


def test_without_checks_a_walk_reads_the_same_but_nothing_for_the_checks() -> None:
    """--no-checks: both walks read a page's links, words and facts as with the checks, and
    nothing for the checks (what the compiled walk skips is the checks' cost alone)."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(12)
    pages = [b"".join(rnd.choice(HAZARDS) for _ in range(rnd.randrange(30))) for _ in range(500)]
    files = sorted(DOCS.rglob("*.html"))[::40]
    for data in [*pages, *(f.read_bytes() for f in files)]:
        directory = "http://127.0.0.1:1/dir/"
        for impl in (c, spec):
            on, off = impl.walk_apart(data, directory), impl.walk_apart(data, directory, False)
            hrefs_on: dict[str, str | None] = {}
            hrefs_off: dict[str, str | None] = {}
            assert impl.walked(off, hrefs_off) == impl.walked(on, hrefs_on), data
            assert hrefs_off == hrefs_on
            assert impl.walked_said(off) == impl.walked_said(on)
            assert impl.walked_checks(off) == spec._NO_CHECKS, data
        assert c.walked_checks(c.walk_apart(data, directory, False)) == spec.walked_checks(
            spec.walk_apart(data, directory, False)
        )


def test_hrefs_side_by_side_that_join_to_one_url_share_its_str() -> None:
    """A table of contents links each page many times, once a #fragment (python3-doc's
    contents.html: 14,000 hrefs to ~500 pages): each href's URL is not a str of its own."""
    c = compiled_twin("pagewalk")
    page = b"".join(b'<a href="p%d.html#s%d">x</a>' % (i // 50, i) for i in range(200))
    hrefs: dict[str, str | None] = {}
    c.walked(c.walk_apart(page, "http://h/d/"), hrefs)
    urls = list(hrefs.values())
    assert len(urls) == 200 and len(set(urls)) == 4
    assert len({id(u) for u in urls}) == 4
    assert urls[0] == "http://h/d/p0.html" and urls[-1] == "http://h/d/p3.html"


def test_lorem_ipsum_is_found_where_the_specification_finds_it() -> None:
    """The visible text's "lorem ipsum" in any case, split by markup or spaces, at its very end,
    or one letter short: the compiled walk flags the pages its twin flags (checks' index 5)."""
    c = compiled_twin("pagewalk")
    parts = [
        b"lorem", b"ipsum", b"LOREM", b"IpSuM", b"l", b"L", b"ipsu", b"m", b"orem", b" ", b"<p>",
        b"<b>", b"</b>", b"\xc4\xbf", b"\xcc", b"x", b"<script>lorem ipsum</script>", b"\t",
    ]  # fmt: skip
    rnd = random.Random(13)
    seen = set()
    for _ in range(2000):
        data = b"".join(rnd.choice(parts) for _ in range(rnd.randrange(1, 12)))
        want = spec.walked_checks(spec.walk_apart(data, None))
        assert c.walked_checks(c.walk_apart(data, None)) == want, data
        seen.add(want[5])
    assert seen == {0, 1}


# The attributes the walk finds by their name (itemtype, name, content, http-equiv, property,
# srcset, imagesrcset, poster, data, aria-label), in any case, on HTML, SVG and MathML elements,
# beside prefixed ones; and hrefs repeated, each joined or left to Python as its first was.
BY_NAME = [
    b"<div itemtype=t1>", b"<p ITEMTYPE=t2 id=i>", b"<a name=n1 href=#n1>a</a>", b"<A NAME=N2>",
    b"<meta name=description content=d>", b"<meta NAME=keywords CONTENT=k>",
    b"<meta http-equiv=refresh content='0; url=r.html'>", b"<meta HTTP-EQUIV=Refresh CONTENT=5>",
    b"<meta property=og:title content=o>", b"<meta PROPERTY=og:x>", b"<meta content=c>",
    b"<img src=i srcset='a 1x, b 2x'>", b"<img SRCSET=c.png>", b"<source srcset=s>",
    b"<link rel=preload imagesrcset='p 1x' href=l>", b"<video poster=v>", b"<object data=o>",
    b"<a href=e aria-label=label></a>", b"<a href=f ARIA-LABEL=' '></a>", b"<a href=../u/./v>",
    b"<svg><a xlink:href=x itemtype=svg name=sv></a><image srcset=si /></svg>", b"<a href=p.html>",
    b"<math><mi name=m itemtype=mt></mi></math>", b"<p xml:lang=x itemtype=p>", b"<a href=#f>",
    b"<a href=p.html#s>", b"<a href='q.html#t'>", b"<a href='http://h/abs'>", b"<a href='/root/'>",
    b"<a href='?q'>", b"<a href>", b"<a href=''>",
]  # fmt: skip
# UTF-8 only: an <a>'s text that is not is packed as it came, where Python packs its str.
TEXT = [b"<p>", b"</p>", b" ", b"\t", b"text", b"\xc2\xa0", b"</a>"]


def test_attributes_read_by_name_and_repeated_hrefs_read_as_the_specification_reads_them() -> None:
    """One page after another on the thread's document: each page's names are its own."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(29)
    directory = "http://h/d/"
    for _ in range(400):
        page = b"".join(rnd.choice(BY_NAME + TEXT) for _ in range(rnd.randrange(16)))
        got: dict[str, str | None] = {}
        want: dict[str, str | None] = {}
        assert c.walk(page, got, directory) == spec.walk(page, want, directory), page
        assert list(got.items()) == list(want.items()), page
        mine, theirs = c.walk_apart(page, directory), spec.walk_apart(page, directory)
        assert c.walked_checks(mine) == spec.walked_checks(theirs), page
        assert c.walked_words(mine) == spec.walked_words(theirs), page
        assert c.walked_said(mine) == spec.walked_said(theirs), page
        assert c.walked_fragments(mine) == spec.walked_fragments(theirs), page


def test_lorem_ipsum_at_every_place_of_a_block_is_found_as_the_specification_finds_it() -> None:
    """The visible text read sixteen bytes a step: "lorem ipsum" beginning at each place of a
    block and of the bytes after the last whole block, at the text's very end, one letter short,
    and beside other "lo"s; the compiled walk flags the pages its twin flags (checks' index 5)."""
    c = compiled_twin("pagewalk")
    phrases = [
        b"lorem ipsum",
        b"LoReM IPSUM",
        b"lorem ipsu",
        b"lo lorem ipsum",
        b"lOrEmIpSuM",
        b"lorEmipsun",
    ]
    flagged = set()
    for phrase in phrases:
        for before in range(40):
            for after in (0, 1, 6, 7, 16):
                data = b"<p>" + b"x" * before + phrase + b"y" * after + b"</p>"
                want = spec.walked_checks(spec.walk_apart(data, None))
                assert c.walked_checks(c.walk_apart(data, None)) == want, data
                assert want[5] == (b"loremipsum" in phrase.lower().replace(b" ", b"")), data
                flagged.add(want[5])
    assert flagged == {0, 1}


def test_links_sharing_each_length_of_prefix_pack_as_the_specification_packs_them() -> None:
    """Sorted links front-coded, the bytes shared with the link before compared eight at a
    time: links alike up to each length (0-40 bytes), then differing or one ending."""
    c = compiled_twin("pagewalk")
    base = "abcdefghijklmnopqrstuvwxyz0123456789ABCD"
    hrefs = {"z", ""}
    for k in range(len(base)):
        hrefs.update({base[:k], base[:k] + "~", base[:k] + "!" + base[k + 1 :], base[: k + 1]})
    page = b"".join(b'<a href="%s">w</a>' % h.encode() for h in sorted(hrefs))
    for directory in ("http://h/d/", None):
        for joins in (True, False):
            mine = c.walked_said(c.walk_apart(page, directory), joins)
            assert mine == spec.walked_said(spec.walk_apart(page, directory), joins)
