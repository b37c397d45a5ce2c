"""Pages too complex to parse in bounded time and memory end as one record that says so, with the
links a plain scan finds; ordinary pages, and pages just short of the bounds, parse as before."""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import threading
import tracemalloc
from collections.abc import Iterator

import pytest
from crawling import crawl
from fuzzing import (
    attribute_bomb,
    corpus,
    formatting_bomb,
    mutate,
    unclosed_holder_page,
    whole_page,
)
from selectolax.lexbor import LexborHTMLParser
from sites import Site
from twins import compiled_twin

from gui_crawler.events import FetchRecord
from gui_crawler.parsing import _pagescan_py as spec
from gui_crawler.parsing import accel, links, parsepool, slicing
from gui_crawler.parsing.links import ParsedPage, parse_page
from gui_crawler.parsing.parsepool import ParsePool

URL = "http://127.0.0.1:1/dir/page.html"


def on_threads(pages: list[bytes]) -> list[ParsedPage]:
    """The pages through the parser threads (nothing inline, no processes)."""

    async def run() -> list[ParsedPage]:
        pool = ParsePool(0, inline_bytes=0, threads=2)
        try:
            return list(await asyncio.gather(*(pool.parse(p, None, URL) for p in pages)))
        finally:
            pool.close()

    return asyncio.run(run())


def too_complex(page: ParsedPage) -> bool:
    return page.note is not None and page.note.startswith("too complex to parse")


def test_a_tag_of_thousands_of_attributes_is_not_parsed(impl: str) -> None:
    """lexbor checks each attribute against those before it: 80,000 took it 13 s. ">" in quoted
    values does not end the tag for the scan either."""
    pages = [attribute_bomb(20_000), attribute_bomb(20_000, quoted=True)]
    for page in [*(parse_page(p, None, URL) for p in pages), *on_threads(pages)]:
        assert too_complex(page) and "attribute" in (page.note or "")
        assert page.links == ["http://127.0.0.1:1/before", "http://127.0.0.1:1/after"]
    # A thousand attributes cost lexbor half a million comparisons: parsed.
    parsed = parse_page(attribute_bomb(1_000, quoted=True), None, URL)
    assert parsed.note is None and parsed.facts.word_count == 2


@pytest.mark.parametrize("name", [b"b", b"font", b"nobr"])
def test_formatting_elements_made_again_in_each_paragraph_are_counted(
    name: bytes, impl: str
) -> None:
    """<div>, n unclosed distinct <b id=i>, </div>, n <p>: the parser makes the n again in each
    paragraph. 300 of them make 90,000 elements; 44 KB of them 3.3 GB."""
    page = formatting_bomb(300, name)
    for parsed in (parse_page(page, None, URL), *on_threads([page])):
        assert too_complex(parsed) and "elements" in (parsed.note or "")
        assert parsed.links == ["http://127.0.0.1:1/in"]
    assert parse_page(formatting_bomb(100, name), None, URL).note is None  # 10,000: parsed


def test_end_tags_out_of_scope_do_not_hide_formatting_elements(impl: str) -> None:
    """An end tag inside a table cannot reach a formatting element opened outside it (it is out
    of scope), so the elements stay on the list and are made again."""
    opened = b"".join(b"<i id=%d>" % i for i in range(300))
    page = b"<div>" + opened + b"<table>" + b"</i>" * 300 + b"</table></div>" + b"<p>x" * 300
    assert too_complex(parse_page(page, None, URL))
    # Closed where they can be: nothing is made again.
    closed = b"<div>" + opened + b"</i>" * 300 + b"</div>" + b"<p>x" * 300
    assert parse_page(closed, None, URL).note is None


def test_the_count_of_elements_errs_high(impl: str) -> None:
    """On the formatting families the scan's count of elements is at least what lexbor makes,
    but for the elements a parse implies: <html>, <head>, <body>, and a cell's <tbody> and <tr>."""
    pages = [formatting_bomb(n, name) for n in (5, 40, 120) for name in (b"b", b"em", b"a")]
    pages.append(b"<p><b>x" + b"<p>y" * 500)
    pages.append(b"<table><td><b><i><u>x</table>" + b"<p>z" * 300)
    for page in pages:
        made = sum(1 for node in LexborHTMLParser(page).root.traverse() if node.tag[0] != "-")
        counted = accel.pagewalk.scan(page, slicing.MAX_TAGS, page.count(b"<"), 1 << 30)[2]
        implied = 3 + 2 * page.count(b"<td")
        assert counted + implied >= made, (page[:60], counted, made)


@pytest.mark.parametrize("holder", [b"h1", b"template", b"noscript"])
def test_a_huge_page_whose_holder_never_closes_is_not_parsed_whole(
    holder: bytes, monkeypatch: pytest.MonkeyPatch, impl: str
) -> None:
    """No cut can be placed after an H1, template or noscript that never closes: past the elements
    a piece may make, such a page is not parsed (a 10 MB one had peaked at 644 MB); closed, the
    same page is cut and parsed."""
    monkeypatch.setattr(slicing, "MAX_TAGS", 100)
    monkeypatch.setattr(slicing, "MAX_ELEMENTS", 1_000)
    page = unclosed_holder_page(holder, 600)
    for parsed in (parse_page(page, None, URL), *on_threads([page])):
        assert too_complex(parsed)
        assert len(parsed.links) == 600
    closed = page.replace(b">Big ", b">Big</" + holder + b">")
    assert slicing.cut_points(closed, 100)
    for parsed in (parse_page(closed, None, URL), *on_threads([closed])):
        assert parsed.note is None and len(parsed.links) == 600


def test_ordinary_pages_are_far_from_the_bounds(impl: str) -> None:
    rnd = random.Random(4)
    for page in [whole_page(rnd, 400), whole_page(rnd, 2000)]:
        _, pairs, elements, _, _ = accel.pagewalk.scan(page, 15_000, page.count(b"<"), 1 << 16)
        assert pairs < slicing.MAX_ATTRIBUTE_PAIRS // 1000
        assert elements < slicing.MAX_ELEMENTS // 4


def test_cut_pages_read_as_whole_pages(monkeypatch: pytest.MonkeyPatch, impl: str) -> None:
    """Pages of blocks that a cut inside would change (raw text, comments, attribute values,
    tables, SVG, templates, formatting elements left open), cut between them at every bound."""
    rnd = random.Random(11)
    pages = [whole_page(rnd, rnd.randrange(100, 300)) for _ in range(12)]
    monkeypatch.setattr(slicing, "MAX_ELEMENTS", 1 << 30)
    monkeypatch.setattr(slicing, "MAX_TAGS", 1 << 30)
    whole = [parse_page(p, None, URL) for p in pages]
    for max_tags in (30, 200):
        monkeypatch.setattr(slicing, "MAX_TAGS", max_tags)
        assert all(slicing.cut_points(p, max_tags) for p in pages)
        assert [parse_page(p, None, URL) for p in pages] == whole
    assert on_threads(pages) == whole


def test_the_compiled_scan_is_the_specification_s() -> None:
    """The C scan against its Python twin: cuts, attribute comparisons, elements and doctype, on
    real and generated pages mutated, the hazards above and pages cut small."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(21)
    pages = [mutate(rnd, p, rnd.randrange(1, 8)) for p in corpus(rnd, 60)]
    pages += [whole_page(rnd, 150), mutate(rnd, whole_page(rnd, 150), 6)]
    pages += [attribute_bomb(3_000), attribute_bomb(3_000, quoted=True), formatting_bomb(200)]
    pages += [unclosed_holder_page(b"template", 300), b"", b"<", b"<a", b"</", b"<!--", b"<!"]
    for page in pages:
        tags = page.count(b"<")
        for max_tags, max_elements in ((15_000, 1 << 16), (40, 1 << 16), (40, 500)):
            want = spec.scan(page, max_tags, tags, max_elements)
            assert c.scan(page, max_tags, tags, max_elements) == want, page[:80]
    assert c.MAX_ELEMENTS == spec.MAX_ELEMENTS == slicing.MAX_ELEMENTS


def nested_markup(rnd: random.Random, depth: int = 0) -> bytes:
    """Markup of the elements the scan's runs read (paragraphs, blocks, lists, their items,
    formatting elements, links), mixed with elements only its model reads, nested at random,
    some left open, some in upper case, an <a> inside another now and then."""
    names = [b"p", b"div", b"pre", b"section", b"ul", b"ol", b"dl", b"li", b"dt", b"dd",
             b"span", b"code", b"b", b"em", b"a", b"table", b"td", b"h1", b"svg", b"button"]  # fmt: skip
    out = []
    for _ in range(rnd.randrange(1, 5)):
        if rnd.random() < 0.3 or depth > 4:
            out.append(rnd.choice([b"text ", b"\n", b"x<y ", b"<br>", b'<img alt="i">']))
            continue
        name = rnd.choice(names)
        tag = name.upper() if rnd.random() < 0.05 else name
        attrs = rnd.choice([b"", b' class="c"', b' href="/x" title="' + b"t" * 70 + b'"'])
        out.append(b"<" + tag + attrs + b">" + nested_markup(rnd, depth + 1))
        if rnd.random() < 0.9:
            out.append(b"</" + tag + b">")
    return b"".join(out)


def test_the_scan_s_runs_count_what_its_model_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The regexes that read runs of markup the model has nothing to do for (paragraphs, blocks
    and lists where no <p> is in scope, as far as they match) change none of the scan's results:
    the same as the model reading each tag, and as the C."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(5)
    pages = [b"".join(nested_markup(rnd) for _ in range(rnd.randrange(1, 12))) for _ in range(200)]
    pages += [b"<p>a<div>b</div>c</p>", b"<li>a<div><li>b</li></div></li>", b"<ul><dd>x</dd></ul>",
              b"<p><span><p>x</p></span></p>", b"<a href=x><ul><li><a href=y>z</a></li></ul>",
              b"<b><p>x</b>y</p><div>z</div>"]  # fmt: skip
    runs = [spec.scan(p, m, p.count(b"<"), 1 << 16) for p in pages for m in (15_000, 40)]
    assert runs == [c.scan(p, m, p.count(b"<"), 1 << 16) for p in pages for m in (15_000, 40)]
    monkeypatch.setattr(spec, "_run", lambda patterns, data, pos, tree, before: (pos, 0))
    assert runs == [spec.scan(p, m, p.count(b"<"), 1 << 16) for p in pages for m in (15_000, 40)]


def test_an_svg_or_mathml_cell_clears_no_marker() -> None:
    """A <td> in MathML is no cell: popped, it cleared the list of active formatting elements
    back to the marker an HTML element had put there, and the next end tag of such an element
    took one more (the Python scan raised IndexError, the C read before its array; found by
    bench/fuzz.py)."""
    c = compiled_twin("pagewalk")
    for page in [b"<a><template><a><math><td></a><a>", b"<td><svg><th></svg></td><b>x</b><i>y"]:
        want = spec.scan(page, 15_000, page.count(b"<"), 1 << 16)
        assert c.scan(page, 15_000, page.count(b"<"), 1 << 16) == want
        assert want[2] == sum(1 for _ in re.finditer(rb"<[a-z]", page))  # nothing made again


def test_a_piece_repeats_the_page_s_doctype(impl: str) -> None:
    """A piece parsed without the page's doctype is in quirks mode, where a table in a paragraph
    nests inside it: the doctype found is the one before anything but spaces and comments."""
    page = b"  <!-- c --><!DOCTYPE html><p>x"
    assert accel.pagewalk.scan(page, 15_000, 3, 1 << 16)[3] == (12, 27)
    assert accel.pagewalk.scan(b"x<!DOCTYPE html>", 15_000, 1, 1 << 16)[3] == (0, 0)
    table = b"<!DOCTYPE html><p>" + b"<i>w</i> " * 300 + b"<p>a <table><tr><td>b</table> c"
    whole = parse_page(table, None, URL)
    assert list(slicing.pieces(table, 100))[-1].startswith(b"<!DOCTYPE html><body>")
    assert links.extract_links(table, URL) == whole.links


def test_a_crawl_records_a_page_too_complex_to_parse_and_goes_on(impl: str) -> None:
    """Each hazard past its bound, served by a loopback site (a regression would cost seconds
    and a few hundred MB, not the 13 s and 1.5 GB of their full sizes): one record each whose
    note says so, and the crawl goes on to the links the plain scan found in them."""
    hazards = {
        "/attributes": attribute_bomb(20_000, quoted=True).replace(b"/after", b"/ok1"),
        "/formatting": formatting_bomb(600).replace(b"/in", b"/ok2"),
        "/holder": unclosed_holder_page(b"template", 40_000).replace(b"/p1.html", b"/ok3"),
    }

    async def main() -> dict[str, FetchRecord]:
        async with Site() as site:
            site.page("/", list(hazards))
            for path, body in hazards.items():
                site.html(path, body)
            for n in (1, 2, 3):
                site.page(f"/ok{n}")
            site.html("/p", b"")
            crawled = await crawl(site.url, plain=True, bound=60, timeout=10, exclude=r"/p\d")
            return {r.url.removeprefix(site.url.rstrip("/")): r for r in crawled.records.values()}

    records = asyncio.run(main())
    for path in hazards:
        assert (records[path].note or "").startswith("too complex to parse"), path
    assert {"/ok1", "/ok2", "/ok3"} <= set(records)


def test_the_plain_scan_of_a_huge_page_lets_the_event_loop_run(
    monkeypatch: pytest.MonkeyPatch, impl: str
) -> None:
    """A page too complex to parse is scanned for its links on the event loop's thread: a 10 MB
    one took 0.7 s there at once. From the parser threads the scan goes in steps, and the loop
    turns between every two of them; what it finds is what the scan of the whole text finds."""
    monkeypatch.setattr(links, "SCAN_STEP_CHARS", 1 << 16)
    page = unclosed_holder_page(b"noscript", 70_000).replace(b"/p7.html", b"/seven")
    inline = parse_page(page, None, URL)
    assert too_complex(inline) and len(inline.links) == 70_000
    turns = 0
    seen: list[int] = []

    def steps(data: bytes, page_url: str) -> Iterator[list[str] | None]:
        for step in links.scan_steps(data, page_url):
            seen.append(turns)
            yield step

    monkeypatch.setattr(parsepool, "scan_steps", steps)

    async def run() -> ParsedPage:
        nonlocal turns
        done = False

        async def ticker() -> None:
            nonlocal turns
            while not done:
                turns += 1
                await asyncio.sleep(0)

        pool = ParsePool(0, inline_bytes=0, threads=1)
        task = asyncio.ensure_future(ticker())
        try:
            return await pool.parse(page, None, URL)
        finally:
            done = True
            await task
            pool.close()

    assert asyncio.run(run()) == inline
    assert len(seen) > len(page) // (1 << 16)
    assert all(b > a for a, b in itertools.pairwise(seen))


@pytest.mark.parametrize("name", [b"option", b"optgroup", b"tbody", b"caption", b"rt"])
def test_elements_that_close_their_kind_do_not_pile_up_in_the_scan(name: bytes) -> None:
    """The nesting guard does not count <option>, <tbody>, <rt>... (the parser closes one with the
    next), so a page of 50,000 of them reaches the scan: its model closes them too, and holds a
    few kilobytes, not one entry for each."""
    page = b"<table><select><ruby>" + (b"<%s>x" % name) * 50_000
    tracemalloc.start()
    try:
        spec.scan(page, 1 << 20, page.count(b"<"), 1 << 20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20


def test_the_depth_of_a_nesting_bomb_is_looked_into_off_the_event_loop() -> None:
    """Whether a page nests deeper than MAX_NESTING is a regex pass over it: 0.27 s for a 10 MB
    page, which the event loop waited for. From the parser threads it runs on another thread,
    and the page reads as parse_page reads it."""
    page = b"<div><a href='/x'>t</a>" * 12_000 + b"w " * 200_000
    inline = parse_page(page, None, URL)
    assert inline.note is not None and inline.note.startswith("nested deeper")
    loop_threads: set[int] = set()
    looked_from: list[int] = []
    real_nested = parsepool.nested

    def nested(walk: links.PageWalk) -> ParsedPage | None:
        looked_from.append(threading.get_ident())
        return real_nested(walk)

    async def run() -> ParsedPage:
        loop_threads.add(threading.get_ident())
        pool = ParsePool(0, inline_bytes=0, threads=1)
        try:
            return await pool.parse(page, None, URL)
        finally:
            pool.close()

    with pytest.MonkeyPatch.context() as m:
        m.setattr(parsepool, "nested", nested)
        assert asyncio.run(run()) == inline
    assert looked_from and not set(looked_from) & loop_threads
