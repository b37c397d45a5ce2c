"""What a site audit wants to know about an HTML page, read from the tree that link extraction
already built (one parse per page): title, meta description, H1s, canonical, meta robots, words,
a hash of the visible text, language. No Qt here: this runs wherever parsing runs."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .urls import join

# Elements whose text is never shown: not words of the page, not part of its content hash.
_INVISIBLE = frozenset({"script", "style", "noscript", "template"})
# What the audit reads besides <link> and <script>, which link extraction walks anyway.
FACTS_SELECTOR = "html[lang], title, meta[name], h1, style, noscript, template"


@dataclass(frozen=True, slots=True)
class PageFacts:
    """Plain, picklable audit fields of one page; None means the page has no such element."""

    title: str | None = None
    meta_description: str | None = None
    h1: str | None = None
    h1_count: int = 0
    canonical: str | None = None  # absolute, joined against <base> or the page URL
    robots: str | None = None  # meta robots content, normalised ("noindex, nofollow")
    word_count: int = 0
    content_hash: str | None = None  # of the visible text, whitespace collapsed
    lang: str | None = None


_SPACES = b"\t\n\x0b\x0c\r "
# Whitespace to b" ", everything else to b"x": words are then the b" x" pairs, counted in C.
_MARKS = bytes(32 if i in _SPACES else 120 for i in range(256))


def _count_and_hash(text: str) -> tuple[int, str | None]:
    """(words, hash) of visible text. Words are parted by ASCII whitespace, as str.split()
    would part them, except at a no-break space, which glues words as it does on screen
    ("10&nbsp;km" is one word). Byte operations instead of split(): a 35 KB text is 6,000 words,
    and making 6,000 strings costs more than parsing the page's links. The hash ignores
    whitespace altogether, so layout alone never makes two pages differ."""
    data = text.encode("utf-8", "replace")
    marks = data.translate(_MARKS)
    words = marks.count(b" x") + (marks[:1] == b"x")
    if not words:
        return 0, None
    return words, hashlib.blake2b(data.translate(None, _SPACES), digest_size=8).hexdigest()


def page_facts_fields(facts: PageFacts) -> dict[str, Any]:
    """The facts as FetchRecord keyword arguments (the record has a field of each name)."""
    return {name: getattr(facts, name) for name in PageFacts.__slots__}


def collapse(text: str) -> str:
    """Whitespace runs (including no-break spaces) as one space, ends trimmed."""
    return " ".join(text.split())


def robots_tokens(*values: str | None) -> str | None:
    """Robots directives from several sources (meta tags, X-Robots-Tag headers) as one
    lower-case, comma-separated list without repeats: "noindex, nofollow"."""
    out: dict[str, None] = {}
    for value in values:
        for token in (value or "").split(","):
            # Header bytes that are not UTF-8 arrive as lone surrogates, which no file can hold.
            token = collapse(token).lower().encode("utf-8", "replace").decode()
            if token:
                out[token] = None
    return ", ".join(out) or None


class FactsReader:
    """Collects the audit fields from the elements a walk of the tree shows it (``take``), then
    reads the visible text (``finish``). The walk is link extraction's: one walk per page."""

    __slots__ = (
        "canonical",
        "h1",
        "h1_count",
        "hidden",
        "lang",
        "meta_description",
        "robots",
        "title",
    )

    def __init__(self) -> None:
        self.title: str | None = None
        self.meta_description: str | None = None
        self.h1: str | None = None
        self.h1_count = 0
        self.canonical: str | None = None  # the href, joined in finish()
        self.lang: str | None = None
        self.robots: list[str] = []
        self.hidden: list[Any] = []

    def take(self, node: Any, tag: str | None, attrs: dict[str, str | None] | None) -> None:
        """One element of the walk: any of FACTS_SELECTOR's, or a <link>/<script>/link element
        (``attrs`` already read, else None)."""
        if tag == "h1":
            self.h1_count += 1
            if self.h1 is None:
                self.h1 = collapse(node.text())
        elif tag in _INVISIBLE:
            self.hidden.append(node)
        elif tag == "link":
            attrs = attrs if attrs is not None else node.attributes
            if self.canonical is None and "canonical" in (attrs.get("rel") or "").lower().split():
                self.canonical = (attrs.get("href") or "").strip()
        elif tag == "meta":
            attrs = node.attributes
            name = (attrs.get("name") or "").strip().lower()
            if name == "description" and self.meta_description is None:
                self.meta_description = collapse(attrs.get("content") or "")
            elif name == "robots":
                self.robots.append(attrs.get("content") or "")
        elif tag == "title":
            # The document's title is the first <title>; SVG titles are not it.
            if self.title is None and node.parent is not None and node.parent.tag != "svg":
                self.title = collapse(node.text())
        elif tag == "html" and self.lang is None:
            self.lang = collapse(node.attributes.get("lang") or "") or None

    def finish(self, tree: Any, base: str) -> PageFacts:
        """The page's facts. Removes invisible elements from ``tree`` to read its text: call it
        once the links are taken."""
        # Innermost first (reverse document order): a node is never freed after its ancestor.
        for node in reversed(self.hidden):
            node.decompose()
        holder = tree.body or tree.root
        words, digest = _count_and_hash(holder.text(separator=" ") if holder is not None else "")
        return PageFacts(
            title=self.title,
            meta_description=self.meta_description,
            h1=self.h1,
            h1_count=self.h1_count,
            canonical=join(base, self.canonical) if self.canonical else None,
            robots=robots_tokens(*self.robots),
            word_count=words,
            content_hash=digest,
            lang=self.lang,
        )
