"""Cutting a huge HTML page into pieces that parse alone, so that no page's tree costs more than a
bounded amount of memory; and the page whose parse would cost more than that anyway.

A DOM takes about 370 bytes per tag: a 10 MB source listing of 530,000 tags builds a 200 MB tree,
most of a crawl's peak memory. Links and visible text do not need the whole tree at once: a page
parsed piece by piece yields the same hrefs and the same words, provided no cut falls inside a tag
or an element whose content is not markup (a script, a comment, plaintext), whose content parses
differently out of it (a table, a select, an SVG, a template), or whose text the audit reads whole
(the title, an H1), and each piece after the first begins as the page was where it was cut: in
the same mode (its doctype) with the same elements open. Cuts fall just before a start tag
outside all of them: where they fall is found by one pass of a model of the HTML tokenizer and
tree builder over the page (``_pagescan_py``, in C ``_pagescan.c``), which also counts what makes
a parse costly:

- attribute comparisons: lexbor checks each attribute of a tag against every one before it, so
  one tag of 80,000 attributes (1 MB) takes 13 s;
- elements made in one piece: a piece that cannot be cut (an H1 or a template never closed) or
  whose formatting elements are made again for each paragraph (a 44 KB page of 3,000 unclosed
  ``<b id=i>`` makes 9 million elements, 3.3 GB) builds a tree of any size.

Past :data:`MAX_ATTRIBUTE_PAIRS` or :data:`MAX_ELEMENTS` a page is not parsed at all (it is
:func:`too_complex`): its links are found by a plain scan, as for pages nested too deep. The
scan runs on the parser threads, before each page's parse: in C an eighth of the parse's time on
the Python docs and rust-doc pages (none of which it finds too complex, and whose cut pieces
read as the whole pages do), in pure Python three times the parse's.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from gui_crawler.parsing import accel

# Cut into pieces of about this many tags. A tree of this many tags takes ~5.5 MB. Ordinary pages are far below it: the Python docs' pages
# have ~3,000 tags, their biggest 34,000. With two parser threads two trees may be alive at once:
# at 30,000 tags a rust-doc crawl peaked at 160 MB, at 15,000 at 146 MB (medians of 3), as fast.
MAX_TAGS = 15_000
# lexbor compares attributes at about 4 ns each: 2^24 comparisons take about 70 ms. Real pages
# make a few thousand (rust-doc's 32,101 pages at most 26,880, python3-doc's 12,165).
MAX_ATTRIBUTE_PAIRS = 1 << 24
# 65,536 elements take ~24 MB (rust-doc's biggest piece makes 11,260, python3-doc's 10,737).
MAX_ELEMENTS = accel.pagewalk.MAX_ELEMENTS

TOO_MANY_ATTRIBUTES = 1
TOO_MANY_ELEMENTS = 2


def too_complex(pairs: int, elements: int) -> int:
    """Why a page whose scan counted ``pairs`` attribute comparisons and ``elements`` elements in
    its biggest piece is too complex to parse (:data:`TOO_MANY_ATTRIBUTES`,
    :data:`TOO_MANY_ELEMENTS`), or 0: it is not."""
    if pairs > MAX_ATTRIBUTE_PAIRS:
        return TOO_MANY_ATTRIBUTES
    return TOO_MANY_ELEMENTS if elements > MAX_ELEMENTS else 0


def why(trouble: int) -> str:
    """The note of a page too complex to parse, for :func:`too_complex`'s answer."""
    if trouble == TOO_MANY_ATTRIBUTES:
        what = f"its tags hold so many attributes that parsing would compare more than {MAX_ATTRIBUTE_PAIRS:,} pairs of them"
    else:
        what = f"parsing would build more than {MAX_ELEMENTS:,} elements at once"
    return f"too complex to parse ({what}): links found by a plain scan"


def cut_points(data: bytes, max_tags: int, tags: int | None = None) -> list[int]:
    """Offsets at which ``data`` can be cut into pieces of about ``max_tags`` tags each (none for
    a page that small): just before a start tag, outside every tag, comment, raw-text element
    and holder (see the module's docstring). A page whose cut cannot be placed safely (an element
    never closed) is left whole from there on. Found in C without the GIL (``_pagewalk.scan``);
    ``tags``: how many "<" ``data`` has, if counted already."""
    return accel.pagewalk.cut_points(data, max_tags, data.count(b"<") if tags is None else tags)


def pieces(data: bytes, max_tags: int | None = None, tags: int | None = None) -> Iterator[bytes]:
    """``data`` cut at :func:`cut_points` (one piece for a page of ordinary size)."""
    cuts, _, _, (a, b), opened = accel.pagewalk.scan(
        data, max_tags or MAX_TAGS, data.count(b"<") if tags is None else tags, MAX_ELEMENTS
    )
    return pieces_at(data, cuts, data[a:b], opened)


def pieces_at(
    data: bytes, cuts: list[int], doctype: bytes = b"", opened: list[bytes] | None = None
) -> Iterator[bytes]:
    """``data`` cut at ``cuts``, each piece copied out only when its turn comes. Pieces after the
    first begin with the page's ``doctype`` (the scan's: its mode, quirks or not, changes how
    tables, paragraphs and SVG nest), ``<body>`` (they continue the body, and without it a
    leading <noscript> or <template> would be read as part of a fresh document's head, its text
    spilling into the body), and the start tags of the elements open at their cut (``opened``,
    the scan's: without them their end tags would close nothing, and text on either side of one
    would run together into one word)."""
    bounds = [0, *cuts, len(data)]
    view = memoryview(data)
    for i, (a, b) in enumerate(itertools.pairwise(bounds)):
        if b - a == len(data):
            yield data
        elif not a:
            yield bytes(view[a:b])
        else:
            reopen = opened[i - 1] if opened else b""
            yield b"".join((doctype, b"<body>", reopen, view[a:b]))
