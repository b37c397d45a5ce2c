"""Cutting a huge HTML page into pieces that parse alone, so that no page's tree costs more than a
bounded amount of memory.

A DOM takes about 370 bytes per tag: a 10 MB source listing of 530,000 tags builds a 200 MB tree,
most of a crawl's peak memory. Links and visible text do not need the whole tree at once: a page
parsed piece by piece yields the same hrefs and the same words, provided no cut falls inside an
element whose content is not markup (a script, a comment) or whose text the audit reads whole
(the title, an H1). Cuts fall just before a start tag outside all of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from gui_crawler.parsing import accel

# A tree of this many tags takes ~5.5 MB. Ordinary pages are far below it: the Python docs' pages
# have ~3,000 tags, their biggest 34,000. With two parser threads two trees may be alive at once:
# at 30,000 tags a rust-doc crawl peaked at 160 MB, at 15,000 at 146 MB (medians of 3), as fast.
MAX_TAGS = 15_000


def cut_points(data: bytes, max_tags: int, tags: int | None = None) -> list[int]:
    """Offsets at which ``data`` can be cut into pieces of about ``max_tags`` tags each (none for
    a page that small): just before a start tag, outside comments, scripts, styles, textareas,
    titles, xmp, noembed, noframes, noscript, templates and H1s. A page whose cut cannot be placed
    safely (an element never closed) is left whole from there on. Found in C without the GIL
    (``_pagewalk.cut_points``); ``tags``: how many "<" ``data`` has, if counted already."""
    return accel.pagewalk.cut_points(data, max_tags, data.count(b"<") if tags is None else tags)


def pieces(data: bytes, max_tags: int | None = None, tags: int | None = None) -> Iterator[bytes]:
    """``data`` cut at :func:`cut_points` (one piece for a page of ordinary size), each piece
    copied out only when its turn comes. Pieces after the first begin with ``<body>``: they
    continue the body, and without it a leading <noscript> or <template> would be read as part
    of a fresh document's head, its text spilling into the body."""
    bounds = [0, *cut_points(data, max_tags or MAX_TAGS, tags), len(data)]
    view = memoryview(data)
    for a, b in itertools.pairwise(bounds):
        yield data if b - a == len(data) else b"".join((b"<body>" if a else b"", view[a:b]))
