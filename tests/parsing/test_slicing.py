"""A huge page is parsed piece by piece: same links, same audit fields, bounded trees."""

from __future__ import annotations

import asyncio
import random

import pytest
from twins import compiled_twin

from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import accel, links, slicing
from gui_crawler.parsing.parsepool import ParsePool
from gui_crawler.parsing.slicing import cut_points, pieces

URL = "http://127.0.0.1:1/dir/page.html"


def busy_page(n: int, seed: int = 7) -> bytes:
    """A page of ``n`` blocks mixing everything a cut must respect: scripts and styles holding
    "<" and fake tags, comments holding links, a title and H1s with markup inside, textareas,
    templates, links of every kind, upper-case tags, text with no-break spaces."""
    rnd = random.Random(seed)
    parts = [
        '<!DOCTYPE html><html lang="en"><head><title>The <b>busy</b> page</title>',
        '<meta name="description" content="Many parts"><link rel="canonical" href="/c.html">',
        "<script>var s = '<a href=\"/in-script\">'; if (a < b) {}</script></head><body>",
    ]
    for i in range(n):
        kind = rnd.randrange(9)
        if kind == 0:
            parts.append(f"<script>x = '<div><a href=\"/s{i}\">' + {i} < 3;</script>")
        elif kind == 1:
            parts.append(f'<!-- <a href="/comment{i}">hidden</a> <p> -->')
        elif kind == 2:
            parts.append(f'<h1>Head <span>{i}</span> <a href="/h{i}">x</a></h1>')
        elif kind == 3:
            parts.append(f'<textarea><a href="/ta{i}"></textarea><style>p < a {{}}</style>')
        elif kind == 4:
            parts.append(f'<template><a href="/tpl{i}">t</a></template><NOSCRIPT>ns</NOSCRIPT>')
        elif kind == 5:
            parts.append(f'<IMG SRC="/i{i}.png"><iframe src="/f{i}.html"></iframe>')
        else:
            parts.append(f'<p>Word {i}&nbsp;km <a href="../p{i % 50}.html#x">p</a> <i>it</i></p>')
    parts.append("</body></html>")
    return "".join(parts).encode()


@pytest.mark.parametrize("max_tags", [40, 300, 3000])
def test_pieces_yield_what_the_whole_page_yields(
    max_tags: int, monkeypatch: pytest.MonkeyPatch, impl: str
) -> None:
    body = busy_page(1500)
    whole = links.parse_page(body, None, URL)
    monkeypatch.setattr(slicing, "MAX_TAGS", max_tags)
    assert len(cut_points(body, max_tags)) >= 2
    cut = links.parse_page(body, None, URL)
    assert cut.links == whole.links
    assert cut.facts == whole.facts
    assert whole.facts.title == "The <b>busy</b> page" and whole.facts.word_count > 1500


@pytest.mark.parametrize("max_tags", [40, 3000, slicing.MAX_TAGS])
def test_the_parser_threads_cut_pages_as_pieces_does(
    max_tags: int, monkeypatch: pytest.MonkeyPatch, impl: str
) -> None:
    """The parser threads cut a page at the same points into the same pieces."""
    monkeypatch.setattr(slicing, "MAX_TAGS", max_tags)
    pages = [busy_page(n, seed) for seed, n in enumerate([1, 30, 400, 1500, 1500])]

    async def on_threads() -> list[links.ParsedPage]:
        pool = ParsePool(0, inline_bytes=0)
        try:
            return await asyncio.gather(*(pool.parse(page, None, URL) for page in pages))
        finally:
            pool.close()

    got = asyncio.run(on_threads())
    assert got == [links.parse_page(page, None, URL) for page in pages]
    # Cut pages at the low bounds; whole pages (the one-piece path) at the default.
    assert (sum(len(cut_points(page, max_tags)) for page in pages) > 0) == (max_tags < 5000)


def test_cuts_fall_outside_scripts_comments_and_headings(impl: str) -> None:
    body = busy_page(1500, seed=3)
    low = body.lower()
    for cut in cut_points(body, 60):
        assert body[cut : cut + 1] == b"<"
        before = low[:cut]
        for start, end in (
            (b"<script", b"</script"),
            (b"<!--", b"-->"),
            (b"<h1", b"</h1"),
            (b"<textarea", b"</textarea"),
            (b"<template", b"</template"),
        ):
            assert before.count(start) == before.count(end), (cut, start)


def test_cuts_fall_outside_links(impl: str) -> None:
    """A cut waits for the <a> open where it would fall to close (a table of contents' links
    hold markup: python3-doc's contents.html was cut inside five of them): an <a> parted by a cut
    sends its whole page's checks through Python's put-together on the event loop."""
    entry = '<li><a href="lib/m{0}.html#f{0}"><code><span>m{0}.f()</span></code></a></li>\n'
    body = (
        "<!DOCTYPE html><ul>" + "".join(entry.format(i) for i in range(3000)) + "</ul>"
    ).encode()
    cuts = cut_points(body, 500)
    assert len(cuts) > 5
    for cut in cuts:
        before = body[:cut]
        assert before.count(b"<a ") == before.count(b"</a>"), cut


def test_an_a_never_closed_still_lets_the_page_be_cut(impl: str) -> None:
    """An <a> left open waits a cut half a piece more at most: pieces stay bounded."""
    body = b"<!DOCTYPE html><p><a href=/x>" + b"<span>word</span> " * 6000
    parts = list(pieces(body, 500))
    assert len(parts) > 10 and max(p.count(b"<") for p in parts) < 800


def test_pieces_hold_a_bounded_number_of_tags(impl: str) -> None:
    body = busy_page(3000)
    parts = list(pieces(body, 500))
    # Each piece after the first repeats the page's doctype (its mode), continues the body, and
    # opens the elements open at its cut.
    cuts, _, _, _, opened = accel.pagewalk.scan(body, 500, body.count(b"<"), 1 << 16)
    head = b"<!DOCTYPE html><body>"
    assert [p.removeprefix(head) for p in parts[1:]] == [
        o + body[a:b] for o, a, b in zip(opened, cuts, [*cuts[1:], len(body)], strict=True)
    ]
    assert parts[0] == body[: cuts[0]]
    assert len(parts) > body.count(b"<") // 1000
    # A cut moves past a holder's end at most: a piece exceeds the bound by one block or so.
    assert max(p.count(b"<") for p in parts) < 600


def test_an_ordinary_page_is_one_piece_and_not_copied() -> None:
    body = busy_page(20)
    (only,) = pieces(body)
    assert only is body


def test_a_script_never_closed_keeps_the_rest_whole(
    monkeypatch: pytest.MonkeyPatch, impl: str
) -> None:
    body = busy_page(400) + b"<script>" + b"<a href='/never'>x</a>" * 500
    whole = links.parse_page(body, None, URL)
    monkeypatch.setattr(slicing, "MAX_TAGS", 50)
    assert links.parse_page(body, None, URL).links == whole.links
    assert not any(u.endswith("/never") for u in whole.links)


def test_cuts_are_before_start_tags_only(impl: str) -> None:
    # Stray "<" in text are no place to cut: a page of them stays one piece, not thousands.
    body = b"<html><body><p>" + b"a <<< b " * 50_000 + b"</p></body></html>"
    assert cut_points(body, 100) == []
    page = busy_page(800)
    assert all(page[c + 1 : c + 2].isalpha() for c in cut_points(page, 50))


def test_the_compiled_cut_points_are_the_specification_s() -> None:
    """The C cutter against its Python twin, on pages with every holder, in every case, and
    holders left open."""
    c = compiled_twin("pagewalk")

    def both(page: bytes, max_tags: int) -> tuple[list[int], list[int]]:
        tags = page.count(b"<")
        return c.cut_points(page, max_tags, tags), spec.cut_points(page, max_tags, tags)

    rnd = random.Random(9)
    blocks = [
        b"<SCRIPT>a<b</Script>", b"<!-- <p> -->", b"<!---->", b"--->", b"<h1>x</H1>", b"<H10>",
        b"<textarea><p></textarea>", b"<xmp><a></xmp>", b"<noembed>", b"</noframes>",
        b"<noscript><p></noscript>", b"<template><b></template>", b"<title>t</title>", b"<p>",
        b"<a href=x>", b"text < more", b"<", b"<-", b"<Style>", b"</style>", b"\xc3\xa9",
    ]  # fmt: skip
    for seed in range(300):
        page = b"".join(rnd.choice(blocks) for _ in range(rnd.randrange(20, 400)))
        for max_tags in (1, 5, 40):
            got, want = both(page, max_tags)
            assert got == want, seed
    for max_tags in (40, 300):
        page = busy_page(1500)
        got, want = both(page, max_tags)
        assert got == want


def test_runs_of_markup_cut_as_the_compiled_scan_cuts_them() -> None:
    """Pages of the runs the spec reads by regex (paragraphs, lists and blocks of inline markup)
    cut every few tags, so that a cut's target falls inside, before and behind where a run
    begins: the whole scan the same as the C's."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(11)
    runs = [
        b'<p>Text <a href="x.html#y"><code class="c"><span>f()</span></code></a> more.</p>\n',
        b"<ul><li>one <em>two</em></li><li><a href=z>three</a></li></ul>",
        b'<div class="d"><section><p>x <b>y</b></p></section></div>\n',
        b"<dl><dt>t</dt><dd><p>d <i>i</i></p></dd></dl>", b"</div><div>", b"plain text ",
    ]  # fmt: skip
    for seed in range(200):
        page = b"<!DOCTYPE html><body><div>" + b"".join(
            rnd.choice(runs) for _ in range(rnd.randrange(5, 120))
        )
        tags = page.count(b"<")
        for max_tags in (1, 7, 30):
            want = spec.scan(page, max_tags, tags, slicing.MAX_ELEMENTS)
            assert c.scan(page, max_tags, tags, slicing.MAX_ELEMENTS) == want, seed
