"""The links of a stylesheet: ``@import`` and ``url()`` targets (fonts, backgrounds, further
stylesheets). A page depends on them as on its images: a broken one is a broken link of the
stylesheet, checked like any other URL and never parsed as a page.

Comments are left out first (a URL inside one is none), ``data:`` URLs and fragment-only
references (``url(#filter)``, an SVG filter in the same document) are no links. Linear in the
stylesheet.
"""

from __future__ import annotations

import re

from gui_crawler.base.urls import join_all

CSS_TYPE = "text/css"
MAX_CSS_LINKS = 10_000  # a stylesheet past this many references: the first ones are kept
# url( "x" ) / url('x') / url(x); @import "x" (without url()).
# The unquoted form holds no parenthesis (CSS escapes them): so no match attempt runs past the next
# one, and a sheet of "url(url(url(…" costs one pass, not one per "url(".
_URL = re.compile(r"""url\(\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^()"'\s]*))\s*\)""", re.IGNORECASE)
_IMPORT = re.compile(r"""@import\s+(?:"([^"\n]*)"|'([^'\n]*)')""", re.IGNORECASE)
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}\s?|[^\n0-9a-fA-F])")


def _uncommented(text: str) -> str:
    parts = []
    at = 0
    while (start := text.find("/*", at)) >= 0:
        parts.append(text[at:start])
        end = text.find("*/", start + 2)
        if end < 0:
            return "".join(parts)  # an unclosed comment runs to the end of the sheet
        at = end + 2
    parts.append(text[at:])
    return "".join(parts)


def _unescaped(ref: str) -> str:
    """CSS escapes in a reference: ``\\28`` is "(", ``\\ `` a space."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if len(code) == 1 and not code.isalnum():
            return code
        try:
            return chr(int(code.strip(), 16))
        except (ValueError, OverflowError):
            return "\ufffd"

    return _ESCAPE.sub(one, ref) if "\\" in ref else ref


def css_links(text: str, sheet_url: str) -> list[str]:
    """The crawlable URLs a stylesheet references, absolute, deduplicated, in order."""
    text = _uncommented(text)
    refs: list[str] = []
    for pattern in (_IMPORT, _URL):
        for m in pattern.finditer(text):
            ref = _unescaped((m.group(1) or m.group(2) or m.group(3) or "").strip())
            if ref and not ref.startswith("#") and ref[:5].lower() != "data:":
                refs.append(ref)
            if len(refs) >= MAX_CSS_LINKS:
                break
    # @import lines first, then url()s: the order a browser meets them is close enough; an
    # @import url(x) is found once, by the second pattern.
    return join_all(sheet_url, refs)
