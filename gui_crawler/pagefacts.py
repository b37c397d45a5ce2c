"""What a site audit wants to know about an HTML page, read from the tree that link extraction
already built (one parse per page): title, meta description, H1s, canonical, meta robots, words,
a hash of the visible text, language. No Qt here: this runs wherever parsing runs."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .urls import join

# Elements whose text is never shown: not words of the page, not part of its content hash.
_INVISIBLE = ["script", "style", "noscript", "template"]
# One selector, one walk of the tree for every field but the text.
_FACTS = "html[lang], title, meta[name], link[rel], h1"


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


def page_facts(tree: Any, base: str) -> PageFacts:
    """Audit fields of a parsed page (a selectolax Lexbor tree). Strips invisible elements from
    ``tree`` to read its text: call it after the links are taken."""
    title = meta_description = h1 = canonical = lang = None
    robots: list[str] = []
    h1_count = 0
    for node in tree.css(_FACTS):
        tag = node.tag
        if tag == "h1":
            h1_count += 1
            if h1 is None:
                h1 = collapse(node.text())
        elif tag == "meta":
            attrs = node.attributes
            name = (attrs.get("name") or "").strip().lower()
            if name == "description" and meta_description is None:
                meta_description = collapse(attrs.get("content") or "")
            elif name == "robots":
                robots.append(attrs.get("content") or "")
        elif tag == "link":
            attrs = node.attributes
            if canonical is None and "canonical" in (attrs.get("rel") or "").lower().split():
                href = (attrs.get("href") or "").strip()
                canonical = join(base, href) if href else None
        elif tag == "title":
            # The document's title is the first <title>; SVG titles are not it.
            if title is None and node.parent is not None and node.parent.tag != "svg":
                title = collapse(node.text())
        elif tag == "html" and lang is None:
            lang = collapse(node.attributes.get("lang") or "") or None
    tree.strip_tags(_INVISIBLE)
    holder = tree.body or tree.root
    words = holder.text(separator=" ").split() if holder is not None else []
    text = " ".join(words)
    return PageFacts(
        title=title,
        meta_description=meta_description,
        h1=h1,
        h1_count=h1_count,
        canonical=canonical,
        robots=robots_tokens(*robots),
        word_count=len(words),
        content_hash=hashlib.blake2b(text.encode(), digest_size=8).hexdigest() if words else None,
        lang=lang,
    )
