"""The nesting pre-check: a bound that never errs low, and big ordinary pages stay on the fast path."""

from __future__ import annotations

import random

from twins import compiled_twin

from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import accel
from gui_crawler.parsing.links import MAX_NESTING, nesting_exceeds, parse_page


def nesting_bound(data: bytes, chunk: int = 8192) -> int:
    return accel.pagewalk.markup(data, chunk)[1]


def walk_depth(text: str) -> int:
    """The deepest nesting, every start tag counted as opening (stray end tags close nothing)."""
    depth = peak = 0
    i = text.find("<")
    while i != -1:
        if text.startswith("</", i):
            depth = max(0, depth - 1)
        else:
            depth += 1
            peak = max(peak, depth)
        i = text.find("<", i + 1)
    return peak


def test_the_bound_never_errs_low_even_with_stray_end_tags(impl: str) -> None:
    rng = random.Random(11)
    for _ in range(200):
        parts = [
            rng.choice(["<div>", "</div>", "<br>", "x", "</p>"])
            for _ in range(rng.randint(0, 3000))
        ]
        text = "".join(parts)
        for chunk in (1, 7, 64, 8192):
            assert nesting_bound(text.encode(), chunk) >= walk_depth(text), text[:200]
    deep = "</div>" * 20_000 + "<div>" * 20_000 + "</div>" * 20_000
    assert nesting_bound(deep.encode()) >= 20_000
    assert nesting_exceeds(deep)
    assert parse_page(deep.encode(), "utf-8", "http://h/").note is not None


def test_a_big_index_page_is_not_mistaken_for_deep_nesting(impl: str) -> None:
    rows = "".join(
        f'<li><a href="/p{i}.html"><code>name{i}</code></a></li>\n' for i in range(30_000)
    )
    page = f"<!doctype html><html><body><ul>{rows}</ul></body></html>"
    assert page.count("<") - page.count("</") > MAX_NESTING  # what the old pre-check looked at
    assert nesting_bound(page.encode()) < 2000  # at most one chunk's start tags
    assert not nesting_exceeds(page)
    parsed = parse_page(page.encode(), "utf-8", "http://h/")
    assert parsed.note is None and len(parsed.links) == 30_000


def test_tag_counts_are_exact_across_runs_and_chunks() -> None:
    """The C count sums bytes in runs of 255: runs of "<" longer than that, "</" split across a
    run or a chunk, and pages of nothing but markup count as its Python twin counts them."""
    markup = compiled_twin("pagewalk").markup
    rng = random.Random(5)
    pages = [b"", b"<", b"</", b"<" * 1000, b"</" * 1000, b"<</" * 700, b"x<" * 300 + b"/"]
    for _ in range(300):
        pages.append(bytes(rng.choice(b"<</ax") for _ in range(rng.randint(0, 3000))))
    for data in pages:
        for chunk in (1, 2, 255, 256, 257, 1000, 8192):
            assert markup(data, chunk) == spec.markup(data, chunk), (data[:40], chunk)


def test_a_tag_start_never_closed_costs_one_pass() -> None:
    """ "<a" and then 100,000 "<" with no ">" after them: the regex walk once scanned from such a
    start to the end for each way to split it (minutes at this size; the test's timeout would
    end it). Pages nested too deep to parse are the ones this walk reads."""
    text = "<p>" * (MAX_NESTING + 1) + "<a" + "<" * 100_000
    assert not nesting_exceeds(text)
    assert parse_page(text.encode(), "utf-8", "http://h/").note is None
