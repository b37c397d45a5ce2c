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


class TextDigest:
    """Words and a hash of visible text, fed a piece at a time (pieces are parted by whitespace).
    Words are parted by ASCII whitespace, as str.split() would part them, except at a no-break
    space, which glues words as it does on screen ("10&nbsp;km" is one word). Byte operations
    instead of split(): a 35 KB text is 6,000 words, and making 6,000 strings costs more than
    parsing the page's links. The hash ignores whitespace altogether, so layout alone never
    makes two pages differ."""

    __slots__ = ("_hash", "words")

    def __init__(self) -> None:
        self.words = 0
        self._hash = hashlib.blake2b(digest_size=8)

    def add(self, text: str) -> None:
        data = text.encode("utf-8", "replace")
        marks = data.translate(_MARKS)
        self.words += marks.count(b" x") + (marks[:1] == b"x")
        self._hash.update(data.translate(None, _SPACES))

    @property
    def hexdigest(self) -> str | None:
        """None for a text without words."""
        return self._hash.hexdigest() if self.words else None


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
        "text",
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
        self.text = TextDigest()

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

    def read_text(self, tree: Any) -> None:
        """Reads the visible text of ``tree`` (the page, or one piece of it), removing its
        invisible elements: call it once the links are taken."""
        # Innermost first (reverse document order): a node is never freed after its ancestor.
        for node in reversed(self.hidden):
            node.decompose()
        self.hidden.clear()
        holder = tree.body or tree.root
        if holder is not None:
            self.text.add(holder.text(separator=" "))

    def finish(self, base: str) -> PageFacts:
        """The page's facts, once every tree of it has been walked and its text read."""
        return PageFacts(
            title=self.title,
            meta_description=self.meta_description,
            h1=self.h1,
            h1_count=self.h1_count,
            canonical=join(base, self.canonical) if self.canonical else None,
            robots=robots_tokens(*self.robots),
            word_count=self.text.words,
            content_hash=self.text.hexdigest,
            lang=self.lang,
        )
