"""A page whose checks the compiled walk finds and packs itself (``walked_found``), whole or cut
in pieces: the page's facts are those ``pagechecks.ChecksReader.finish`` makes, the compiled
function says what its twin says or leaves the page to Python (None), and it leaves only what it
cannot say."""

from __future__ import annotations

import asyncio
import random

import pytest
from twins import compiled_twin

from gui_crawler.base.urls import plain_directory
from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import accel, links, slicing
from gui_crawler.parsing.parsepool import ParsePool

URL = "http://127.0.0.1:1/dir/page.html"
# Each check the page may hold, and what looks like one and is not; what JSON escapes in what a
# check says (quotes, backslashes, control characters) and characters of two to four bytes.
PLAIN = [
    "<h1>Title</h1><h3>skipped a level</h3>", "<h2>in order</h2>",
    "<title>one</title><title>two</title>",
    '<meta name="description" content="a"><meta name="Description" content="b">',
    '<meta name="viewport" content="width=device-width">', "<p>Lorem Ipsum dolor sit</p>",
    '<img src="a.png">', '<img src="b.png" alt="' + "é" * 60 + '" width=1 height=1>',
    '<img src="c.png" alt="' + "x" * 55 + '">', '<img src="d.png" alt="' + "😀" * 40 + '">',
    '<a href="x.html" rel="nofollow">Click here</a>', '<a href="y.html"></a>',
    '<a href="y.html"><img src="i.png" alt="named"></a>',
    '<a href="http://127.0.0.2/z" target="_blank">"quoted" \\ back\x01slash</a>',
    '<a href="/same" target="_blank">same host</a>',
    '<a href="http://127.0.0.2/n" target="_blank" rel="noopener">kept</a>',
    '<a href="#nowhere">§ nowhere</a>', '<a href="#here">here</a><p id="here">x</p>',
    '<a href="  #gone\x0b ">spaced</a>', '<a href="#%C3%A9">é</a><p id="é">y</p>',
    '<a href="other.html#frag">to a \t fragment  "q"</a>', '<a href="#/route">route</a>',
    '<link rel="canonical" href="http://127.0.0.1:1/dir/page.html">',
    '<link rel="canonical" href="//127.0.0.1:1/p">', '<link rel="canonical" href="file:///x">',
    '<link rel="canonical">', '<meta property="og:title" content="T">',
    '<meta property="OG:Image" content=" ">', '<meta property="og:description" content="D">',
    "<p>" + "mot " * 50 + "</p>", '<a href="http://[::1]:8/x" target="_blank">v6</a>',
    # Meta names Python strips of whitespace that is not HTML's (the parser threads leave them).
    '<meta name="\u00a0viewport" content="w">', '<meta name="\x1fDescription " content="d">',
]  # fmt: skip
# What the compiled walk leaves to Python.
PYTHON = [
    '<link rel="canonical" href="rel.html">', '<link rel="alternate" hreflang="en" href="/en">',
    '<script type="application/ld+json">{"@type": "Article"}</script>',
    '<div itemscope itemtype="http://schema.org/Thing">t</div>', '<base href="/b/">',
    '<a href="a b.html" rel="nofollow">spaced href</a>', '<img src="s p.png">',
    '<a href="z.html" rel="nofollow">not \xff utf-8</a>',
    '<link rel="canonical" href="http://127.0.0.1:1/a"><link rel="canonical" href="/b">',
]  # fmt: skip


def pages(rnd: random.Random, extra: list[str]) -> list[bytes]:
    """Each snippet alone, then mixes of them, some in <head>."""
    out = [[s] for s in PLAIN + extra]
    out += [rnd.sample(PLAIN + extra, rnd.randrange(2, 12)) for _ in range(120)]
    return [
        (f"<html><head>{''.join(parts[:cut])}</head><body>{''.join(parts[cut:])}</body></html>")
        .encode("utf-8", "surrogateescape")
        .replace(b"\\xff", b"\xff")
        for parts in out
        for cut in [rnd.randrange(len(parts) + 1)]
    ]


@pytest.mark.parametrize("extra", [[], PYTHON], ids=["walk", "python"])
def test_a_page_s_facts_are_the_same_whoever_finds_its_checks(
    impl: str, monkeypatch: pytest.MonkeyPatch, extra: list[str]
) -> None:
    said = []
    real = accel.pagewalk.walked_found
    for page in pages(random.Random(5), extra):
        with monkeypatch.context() as m:
            m.setattr(accel.pagewalk, "walked_found", lambda *a: said.append(r := real(*a)) or r)
            ours = links.parse_page(page, "utf-8", URL)
        with monkeypatch.context() as m:
            m.setattr(accel.pagewalk, "walked_found", lambda *a: None)
            theirs = links.parse_page(page, "utf-8", URL)
        assert ours == theirs, page
    # The walk says many pages' checks itself (not those with two canonicals or one in <body>).
    assert sum(r is not None for r in said) > len(said) * (0.4 if not extra else 0.1)


def long_pages(rnd: random.Random, extra: list[str]) -> list[bytes]:
    """Pages of many snippets between paragraphs of words, to be cut in pieces: ids and headings
    in one piece, links to them and the headings after them in another."""
    body = [s for s in PLAIN if "canonical" not in s] + extra  # a canonical in <body>: Python's
    out = []
    for i in range(40):
        parts = [
            s
            for part in rnd.choices(body, k=rnd.randrange(10, 40))
            for s in (part, f"<p>{' '.join(rnd.choices(['mot', 'word', 'x'], k=8))}</p>")
        ]
        head = '<link rel="canonical" href="http://127.0.0.1:1/c">' if i % 2 else ""
        out.append(
            f"<!DOCTYPE html><html><head>{head}</head><body>{''.join(parts)}</body></html>".encode()
        )
    return out


CUT_AT = 12  # tags a piece: every long page is cut


@pytest.mark.parametrize("extra", [[], PYTHON], ids=["walk", "python"])
def test_a_page_in_pieces_has_the_facts_whoever_finds_its_checks(
    impl: str, monkeypatch: pytest.MonkeyPatch, extra: list[str]
) -> None:
    """Its checks put together from its pieces' (ids and <a> across cuts, headings in order
    across them, the fragments' lines merged, the shingles over each cut) by the walk as by
    Python; the walk did it for a page of many pieces (before, Python did it for all of them)."""
    monkeypatch.setattr(slicing, "MAX_TAGS", CUT_AT)
    said = []
    real = accel.pagewalk.walked_found
    for page in long_pages(random.Random(8), extra):
        with monkeypatch.context() as m:
            m.setattr(
                accel.pagewalk,
                "walked_found",
                lambda pieces, *a: said.append((len(pieces), r := real(pieces, *a))) or r,
            )
            ours = links.parse_page(page, "utf-8", URL)
        with monkeypatch.context() as m:
            m.setattr(accel.pagewalk, "walked_found", lambda *a: None)
            theirs = links.parse_page(page, "utf-8", URL)
        assert ours == theirs, page
    assert all(n > 2 for n, _ in said)
    # Where Python has more to do (``PYTHON``), the walk leaves nearly every such page to it.
    assert sum(r is not None for _, r in said) >= (0 if extra else 12)


def test_the_compiled_walk_finds_what_its_twin_finds_in_pieces() -> None:
    c = compiled_twin("pagewalk")
    directory = plain_directory(URL)
    left = said = 0
    for page in long_pages(random.Random(9), PYTHON) + long_pages(random.Random(10), []):
        pieces = list(slicing.pieces(page, CUT_AT))
        assert len(pieces) > 2
        ours = c.walked_found([c.walk_apart(p, directory) for p in pieces], URL, 1, True)
        theirs = spec.walked_found([spec.walk_apart(p, directory) for p in pieces], URL, 1, True)
        assert ours is None or ours == theirs, page
        left += ours is None and theirs is not None
        said += ours is not None
    assert left > 0 and said > 20


def test_the_compiled_walk_finds_what_its_twin_finds_or_leaves_it() -> None:
    c = compiled_twin("pagewalk")
    directory = plain_directory(URL)
    left = 0
    for page in pages(random.Random(6), PYTHON):
        ours = c.walked_found([c.walk_apart(page, directory)], URL, 1, False)
        theirs = spec.walked_found([spec.walk_apart(page, directory)], URL, 1, False)
        assert ours is None or ours == theirs, page
        left += ours is None and theirs is not None
    assert 0 < left < 120


@pytest.mark.parametrize("cut", [False, True], ids=["whole", "pieces"])
def test_the_parser_threads_pack_what_the_event_loop_would(
    monkeypatch: pytest.MonkeyPatch, cut: bool
) -> None:
    """The threads pack a page's checks as they walk it, all its pieces' together (walked_settle,
    given its URL); the loop takes them as they are only for the same URL and meta facts."""
    monkeypatch.setattr(accel, "pagewalk", compiled_twin("pagewalk"))
    every = pages(random.Random(7), PYTHON)
    if cut:
        monkeypatch.setattr(slicing, "MAX_TAGS", CUT_AT)
        every = long_pages(random.Random(11), []) + long_pages(random.Random(12), PYTHON)

    async def threads() -> list[links.ParsedPage]:
        pool = ParsePool(0, inline_bytes=0, threads=2)
        try:
            return list(await asyncio.gather(*(pool.parse(p, None, URL) for p in every)))
        finally:
            pool.close()

    ours = asyncio.run(threads())
    monkeypatch.setattr(accel.pagewalk, "walked_found", lambda *a: None)
    assert ours == [links.parse_page(p, None, URL) for p in every]
