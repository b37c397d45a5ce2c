"""What one record says of itself for the audit: its URL's form, its answer's security headers, and
the checks its parse made (``FetchRecord.checks``, parsing/pagechecks.py). No Qt here; audit.py
joins these with what other records say."""

from __future__ import annotations

import re
from collections.abc import Iterator

from gui_crawler.base.headertext import MORE_WORDS
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.pagechecks import unpack_checks

# A finding of one thing: (key, the other end or "", the evidence).
Flag = tuple[str, str, str]

_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
_NON_ASCII = re.compile(r"%[89A-Fa-f][0-9A-Fa-f]")
_UPPER = re.compile(r"[A-Z]")
_FRAME_ANCESTORS = re.compile(r"\ncontent-security-policy:[^\n]*frame-ancestors")


def url_flags(url: str, url_max: int) -> Iterator[Flag]:
    """The findings of a page's URL as the crawl normalised it (its host is lower case and
    punycoded: only its path and query are looked at)."""
    path = "/" + url.partition("://")[2].partition("/")[2]
    plain = _ESCAPE.sub("", path)  # an escape's hex digits are upper case by normalisation
    # ASCII's upper case is A-Z: one search at C speed, not a call a character (rust-doc's
    # 22k URLs: 0.3 s).
    if _UPPER.search(plain) if plain.isascii() else any(c.isupper() for c in plain):
        yield "url_uppercase", "", ""
    if "_" in plain.partition("?")[0]:
        yield "url_underscore", "", ""
    if _NON_ASCII.search(path) or not path.isascii():
        yield "url_non_ascii", "", ""
    if "?" in path:
        yield "url_parameters", "", path.partition("?")[2][:200]
    if len(url) > url_max:
        yield "url_over_115", "", f"{len(url)} characters"
    if "//" in path.partition("?")[0]:
        yield "url_multiple_slashes", "", ""


def missing_security_headers(rec: FetchRecord) -> list[str]:
    """The security headers an HTML answer lacks (none when its headers were cut short: what
    was left out is not known)."""
    text = rec.headers
    if not text or MORE_WORDS in text:
        return []
    names = "\n" + text.lower()  # "Name: value" lines: a name is a line's start
    missing = []
    if "\nx-content-type-options:" not in names:
        missing.append("X-Content-Type-Options")
    if "\nx-frame-options:" not in names and not _FRAME_ANCESTORS.search(names):
        missing.append("X-Frame-Options or CSP frame-ancestors")
    if "\nreferrer-policy:" not in names:
        missing.append("Referrer-Policy")
    if rec.url.startswith("https://") and "\nstrict-transport-security:" not in names:
        missing.append("Strict-Transport-Security")
    return missing


def checks_of(rec: FetchRecord) -> list[Flag]:
    """The checks the parse of ``rec``'s page made: (kind, other end, evidence) each; the links
    to another page's #fragments one for each page they name ("fragments", the page, a line for
    each fragment: the fragment, a tab, the link's words)."""
    try:
        found = unpack_checks(rec.checks)
    except ValueError:
        return []
    return [(str(f[0]), str(f[1]), str(f[2])) for f in found if isinstance(f, list) and len(f) == 3]


def hreflang_targets(rec: FetchRecord) -> set[str]:
    """The URLs ``rec``'s page names as its hreflang alternates."""
    return {other for kind, other, _ in checks_of(rec) if kind == "hreflang"}
