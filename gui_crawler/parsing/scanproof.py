"""A proof, cheap enough to try on every page, that the page scan's answers would not change what
the pure-Python parser threads do with a page, so that they can skip the scan (``_pagescan_py``, a
Python model of HTML's tokenizer and tree builder: on the Python docs 1.7 ms a page of ordinary
size, more than lexbor's parse of it).

The threads use three of the scan's answers: its cuts (a page of no more than ``max_tags`` "<" has
none), its count of attribute comparisons (``pairs``) and its count of the elements the parse
makes (``elements``), each only against a bound. :func:`plain` is True only where the page has no
more than ``max_tags`` "<" and both counts are provably within their bounds:

- every "<" that may begin a tag begins one of at most 32 attributes in plain form (names free
  of quotes, "<" and "=", values free of "<" and ">"), which the scan's tokenizer reads alike
  wherever it meets it: at most 496 comparisons a "<";
- every formatting start tag (<a>, <b>, <code>, <em>… in any case) begins, in lower case, an
  element holding only text, <img>, <br>, <wbr> and such elements (inline ones that its model
  only opens and pops, and formatting ones; an <a> in no <a>), each closed by its own end tag. The
  scan's model then reads each formatting element's end tag while the element is the current
  node, which takes it off the list of active formatting elements: no entry of the list is ever
  closed by another element, so none is made again, and the parse makes one element at most for
  each "<".

It errs only one way: a page it cannot prove plain is scanned. On the Python docs it proves 513 of
530 pages (the other 17 have more than ``max_tags`` tags) in two fifths of the scan's time; on
rust-doc a third (its pages put a <div> in an <a>).
"""

from __future__ import annotations

import re

from gui_crawler.parsing._pagescan_py import _INNER, FORMATTING, _group, _trie

# A tag's attributes in the plain form: at most 32 (32 * 31 / 2 = 496 comparisons).
_WS = rb"[\t\n\x0c\r ]"
_ATTRIBUTE = (
    _WS + rb"++[^\t\n\x0c\r /<>\"'=]++(?:" + _WS + rb"*+=" + _WS
    + rb"*+(?:\"[^\"<>]*+\"|'[^'<>]*+'|[^\t\n\x0c\r <>\"'=`]++))?+"
)  # fmt: skip
_MAX_ATTRIBUTES = 32
PAIRS_A_TAG = _MAX_ATTRIBUTES * (_MAX_ATTRIBUTES - 1) // 2
_START_END = rb"(?:" + _ATTRIBUTE + rb"){0,%d}+" % _MAX_ATTRIBUTES + _WS + rb"*+>"
_ANY_END = rb"(?:" + _ATTRIBUTE + rb"){0,%d}+[\t\n\x0c\r /]*+>" % _MAX_ATTRIBUTES
_NAME = rb"[A-Za-z][^\t\n\x0c\r />\"'=<]*+"
_VOID = rb"<(?:img|br|wbr)" + _ANY_END
_FORMATTING = rb"(?i:" + b"|".join(sorted(FORMATTING)) + rb")(?:[\t\n\x0c\r />]|\Z)"


def _closed(depth: int, a: bool, names: bytes = _INNER) -> bytes:
    """An element of ``names`` (or an <a>, where ``a``) holding text, voids and such elements
    nested at most ``depth`` - 1 deep (no <a> in an <a>), each closed by its own end tag."""

    def content(a: bool) -> bytes:
        inner = rb"[^<]++|" + _VOID
        if depth > 1:
            inner += rb"|" + _closed(depth - 1, a)
        return rb"(?>(?:" + inner + rb")*)"

    name = _group()
    element = (
        rb"<(?P<" + name + rb">" + names + rb")" + _START_END + content(a)
        + rb"</(?P=" + name + rb")>"
    )  # fmt: skip
    if not a:
        return element
    return rb"(?:" + element + rb"|<a" + _START_END + content(False) + rb"</a>)"


# The page, "<" by "<", each with the text after it: an end tag, a start tag of no formatting
# element, a formatting element closed as above (four deep: the Python docs' <a><code><span>), or
# a "<" that begins no tag; at most 256 of them a match (the regex engine keeps each repeat's
# state until the repeat ends: one repeat over a page of 14,400 tags took 10.5 MB). The text
# read with the "<" before it, not as a unit of its own, halves the repeat's turns (python3-doc:
# 7% less time).
_PLAIN = re.compile(
    rb"[^<]*+(?>(?:(?:</" + _NAME + _ANY_END + rb"|<(?!" + _FORMATTING + rb")" + _NAME + _ANY_END
    + rb"|" + _closed(4, True, _trie(FORMATTING - {b"a"})) + rb"|<(?![A-Za-z]|/[A-Za-z]))"
    + rb"[^<]*+){1,256}|\Z)"
)  # fmt: skip


def plain(data: bytes, tags: int, max_tags: int, max_elements: int, max_pairs: int) -> bool:
    """Whether ``_pagescan_py.scan(data, max_tags, tags, max_elements)`` is sure to find no cut, at
    most ``max_pairs`` attribute comparisons and at most ``max_elements`` elements (see the
    module's docstring); False where that cannot be shown this way."""
    count = data.count(b"<")
    if tags > max_tags or count > max_elements or count * PAIRS_A_TAG > max_pairs:
        return False
    pos, end, match = 0, len(data), _PLAIN.match
    while pos < end:
        if (m := match(data, pos)) is None:
            return False
        pos = m.end()
    return True
