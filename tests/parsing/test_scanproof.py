"""The proof that lets the pure-Python parser threads skip the page scan (``scanproof.plain``): where
it says a page is plain, the scan finds no cut, at most 496 attribute comparisons a "<" and at
most one element a "<" (so within any bounds those fit); it says so of the Python docs' pages of
ordinary size, and of none of the pages built to be costly."""

from __future__ import annotations

import random
import tracemalloc

from fuzzing import DOCS, attribute_bomb, corpus, formatting_bomb, mutate

from gui_crawler.parsing import _pagescan_py as spec
from gui_crawler.parsing import slicing
from gui_crawler.parsing.scanproof import PAIRS_A_TAG, plain

INLINE = [b"a", b"b", b"em", b"code", b"span", b"i", b"font", b"nobr", b"s", b"sub", b"q"]
AROUND = [b"p", b"div", b"li", b"td", b"h1", b"svg", b"table", b"ul", b"dd", b"pre"]


def inline(rnd: random.Random, odd: float, depth: int = 0) -> bytes:
    """Text and inline elements nested at random; at a rate of ``odd``, left open, closed out of
    order, in upper case, self-closing, holding a block, nested deeper, or text with a "<"."""
    out = []
    for _ in range(rnd.randrange(1, 4)):
        if rnd.random() < 0.3 or depth > (5 if rnd.random() < odd else 2):
            texts = [b"text ", b"\n", b"<br>", b'<img alt="i" src=x/>']
            out.append(b"a<b" if rnd.random() < odd else rnd.choice(texts))
            continue
        name = rnd.choice(AROUND if rnd.random() < odd else INLINE[depth > 0 :])  # <a> in <a>
        tag = name.upper() if rnd.random() < odd else name
        attrs = rnd.choice([b"", b' class="c"', b' href="/x" title="' + b"t" * 70 + b'"'])
        attrs = b"/" if rnd.random() < odd else attrs
        out.append(b"<" + tag + attrs + b">" + inline(rnd, odd, depth + 1))
        roll = rnd.random()
        if roll >= 2 * odd:
            out.append(b"</" + tag + b">")
        elif roll >= odd:
            out.append(b"</" + rnd.choice(INLINE + AROUND) + b">")
    return b"".join(out)


def page(rnd: random.Random) -> bytes:
    """Inline markup in blocks, paragraphs, items and cells, some of which close it early."""
    parts = [b"<!DOCTYPE html><title>t</title>"]
    odd = rnd.choice([0.0, 0.0, 0.002, 0.01, 0.05])
    for _ in range(rnd.randrange(1, 30)):
        around = rnd.choice(AROUND)
        parts.append(b"<" + around + b">" + inline(rnd, odd))
        if rnd.random() < 0.8:
            parts.append(b"</" + around + b">")
    return b"".join(parts)


def holds(data: bytes) -> bool | None:
    """None where the proof does not apply to ``data`` with bounds just as big as it claims;
    else whether the scan keeps to them."""
    count = data.count(b"<")
    if not plain(data, count, count, count, count * PAIRS_A_TAG):
        return None
    cuts, pairs, elements, _, _ = spec.scan(data, count, count, 1 << 30)
    return not cuts and pairs <= count * PAIRS_A_TAG and elements <= count


def test_where_the_proof_applies_the_scan_keeps_to_its_bounds() -> None:
    rnd = random.Random(7)
    pages = [page(rnd) for _ in range(300)]
    pages += [mutate(rnd, p, rnd.randrange(1, 6)) for p in corpus(rnd, 60)]
    verdicts = [holds(p) for p in pages]
    assert False not in verdicts, pages[verdicts.index(False)][:200]
    # Neither side is rare: the proof is put to the test, and it is not everywhere.
    assert 30 < verdicts.count(True) < len(pages) - 30, verdicts.count(True)


def test_costly_or_misnested_pages_are_not_plain() -> None:
    """Each of these makes the scan's model close a formatting element by another's end tag (and
    make it again later), or holds tags of many attributes: the scan must read them."""
    misnested = [
        b"<p><b>x" + b"<p>y" * 50 + b"</b>",  # as many <b> as <\/b>: made again in each <p>
        b"<span><b>x</span>y</b>",
        b"<a href=1>x<a href=2>y</a></a>",
        b"<b>x<div>y</div>z</b>",
        b"<B>x</B>",
        b"<b/>x",
        b"<a href=x>",
        b"<i>x<table><td>y</i></table>",
    ]
    for data in misnested:
        assert not plain(data, 1000, 15_000, 1 << 16, 1 << 24), data
    assert spec.scan(misnested[0], 15_000, 100, 1 << 16)[2] > misnested[0].count(b"<")
    for data in [
        formatting_bomb(300),
        formatting_bomb(300, b"a"),
        attribute_bomb(33),
        attribute_bomb(3_000, quoted=True),
    ]:
        assert not plain(data, data.count(b"<"), 15_000, 1 << 16, 1 << 24)


def test_bounds_the_proof_cannot_meet_send_the_page_to_the_scan() -> None:
    data = b'<p>Some <a href="x"><code>y</code></a> and <em>z</em>.</p>' * 20
    count = data.count(b"<")
    assert plain(data, count, count, count, count * PAIRS_A_TAG)
    assert not plain(data, count, count - 1, count, count * PAIRS_A_TAG)  # a cut
    assert not plain(data, count, count, count - 1, count * PAIRS_A_TAG)
    assert not plain(data, count, count, count, count * PAIRS_A_TAG - 1)


def test_text_before_between_and_after_the_markup_is_read_whole() -> None:
    """Text only, text after the last tag, a "<" that begins no tag: plain; a "<" that begins a
    tag the proof cannot read, after text or not: not."""
    for data, want in [
        (b"", True), (b"just text", True), (b"a <b>b</b> c", True), (b"<p>x</p>tail", True),
        (b"1 < 2 <3 </ 4", True), (b"text <p", False), (b"<p x=<y>", False), (b"t</b", False),
    ]:  # fmt: skip
        count = data.count(b"<")
        assert plain(data, count, max(count, 1), max(count, 1), 10**6) is want, data


def test_the_python_docs_pages_of_ordinary_size_are_plain() -> None:
    """Sphinx's markup: formatting elements closed in order, links around code around spans."""
    docs = [p.read_bytes() for p in sorted(DOCS.rglob("*.html"))[::20]] if DOCS.is_dir() else []
    if not docs:  # python3-doc is not installed: a page of its markup
        docs = [
            b'<!DOCTYPE html><html><body><div class="body"><p>See <a class="reference internal" '
            b'href="#x" title="x"><code class="xref py py-func docutils literal notranslate">'
            b'<span class="pre">open()</span></code></a>, <em>mode</em> and <strong>b</strong>'
            b'.<br/><img src="a.png" alt="a"/></p></div></body></html>'
        ]
    small = [p for p in docs if p.count(b"<") <= slicing.MAX_TAGS]
    assert small and all(
        plain(p, p.count(b"<"), slicing.MAX_TAGS, slicing.MAX_ELEMENTS, slicing.MAX_ATTRIBUTE_PAIRS)
        for p in small
    )


def test_the_proof_of_a_page_of_many_tags_takes_little_memory() -> None:
    """The regex engine keeps the state of each repeat until the repeat ends: read in one repeat,
    a page of 14,000 tags took 10 MB (two parser threads at once raised a crawl's peak)."""
    data = b'<p>Some <a href="x"><code>y</code></a> and <em>z</em>.</p>\n' * 1_400
    tracemalloc.start()
    try:
        assert plain(data, data.count(b"<"), slicing.MAX_TAGS, slicing.MAX_ELEMENTS, 1 << 24)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak
