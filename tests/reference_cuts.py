"""What ``gui_crawler._pagewalk.cut_points`` must return, written plainly in Python: the tests hold
the C version to it, cut for cut."""

from __future__ import annotations

import re

# (opening, closing) byte strings of what a cut must not fall inside, lower case.
_HOLDERS = (
    (b"<!--", b"-->"),
    *((b"<" + t, b"</" + t) for t in (b"script", b"style", b"textarea", b"title", b"xmp")),
    *((b"<" + t, b"</" + t) for t in (b"noembed", b"noframes", b"noscript", b"template", b"h1")),
)


_START_TAG = re.compile(rb"<[A-Za-z]")


def _next_start_tag(data: bytes, pos: int) -> int:
    """Offset of the first start tag at or after ``pos``; -1 if none. A cut before a stray "<"
    (in text, "a < b") would still be safe, but a page of "<<<<" must not become a million
    pieces."""
    m = _START_TAG.search(data, pos)
    return m.start() if m else -1


def cut_points(data: bytes, max_tags: int, tags: int | None = None) -> list[int]:
    """Offsets at which ``data`` can be cut into pieces of about ``max_tags`` tags each (none for
    a page that small). Counting is at C speed; a page whose cut cannot be placed safely (an
    element never closed) is left whole from there on. ``tags``: how many "<" ``data`` has, if
    counted already."""
    if tags is None:
        tags = data.count(b"<")
    if tags <= max_tags:
        return []
    step = len(data) * max_tags // tags
    low = data.lower()
    opened = [0] * len(_HOLDERS)
    closed = [0] * len(_HOLDERS)
    counted = 0  # holders are counted in data[:counted]
    cuts: list[int] = []
    cut = _next_start_tag(data, step)
    while 0 < cut < len(data) - step // 2:
        for i, (opening, closing) in enumerate(_HOLDERS):
            opened[i] += low.count(opening, counted, cut)
            closed[i] += low.count(closing, counted, cut)
        counted = cut
        inside = next((i for i in range(len(_HOLDERS)) if opened[i] > closed[i]), None)
        if inside is None:
            cuts.append(cut)
            cut = _next_start_tag(data, cut + step)
            continue
        # Step past the end of the element the cut fell in; the counts catch up from here.
        end = low.find(_HOLDERS[inside][1], cut)
        if end < 0:
            break
        cut = _next_start_tag(data, end + 1)
    return cuts
