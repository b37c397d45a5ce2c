"""What a site audit wants to know about an HTML page, from the same walk of its tree that finds
its links (one parse per page): title, meta description, H1s, canonical, meta robots, words, a hash
of the visible text, language, and what the audit checks on the page itself (pagechecks.py). No Qt
here: this runs wherever parsing runs."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gui_crawler.base.twins import thawed_maker
from gui_crawler.base.urls import join
from gui_crawler.parsing.pagechecks import Checks, ChecksReader


@dataclass(frozen=True, slots=True)
class PageFacts:
    """Plain, picklable audit fields of one page; None means the page has no such element."""

    title: str | None = None
    meta_description: str | None = None
    h1: str | None = None
    h1_count: int = 0
    canonical: str | None = None  # absolute, joined against <base> or the page URL; else as written
    robots: str | None = None  # meta robots content, normalised ("noindex, nofollow")
    word_count: int = 0
    content_hash: str | None = None  # of the visible text, whitespace collapsed
    lang: str | None = None
    # pagechecks.ChecksReader.finish's: what the audit checks on the page (JSON), its ids, a
    # MinHash signature of its visible text, the types of its structured data.
    checks: bytes = b""
    ids: bytes = b""
    minhash: bytes = b""
    structured_data: str = ""


# ``_new_facts(*values)``: PageFacts made without the frozen __init__'s per-field cost
# (base/twins.py: ~0.4 µs for the 13 fields against ~1.2), every page's on the event loop's thread.
_new_facts = thawed_maker(PageFacts)


# ChecksReader.finish's result for a page whose checks were not read (--no-checks).
NO_CHECKS: tuple[bytes, bytes, bytes, str] = (b"", b"", b"", "")


class TextDigest:
    """Words and a hash of a page's visible text, fed a piece of the page at a time. The walk
    (``_pagewalk.c``) counts the words — parted by ASCII whitespace, so a no-break space glues
    words as it does on screen ("10&nbsp;km" is one word) — and hands over the text without its
    whitespace, so that layout alone never makes two pages differ."""

    __slots__ = ("_digest", "_hash", "words")

    SIZE = 8  # bytes of blake2b; the parser threads' C hash (_walkers.c) makes the same

    def __init__(self, digest: bytes | None = None) -> None:
        """``digest``: the text's hash, made where the text was read (the parser threads);
        the bytes added are then not hashed again."""
        self.words = 0
        self._digest = digest
        self._hash = hashlib.blake2b(digest_size=self.SIZE) if digest is None else None

    def add(self, words: int, kept: bytes) -> None:
        self.words += words
        if self._hash is not None:
            self._hash.update(kept)

    @property
    def hexdigest(self) -> str | None:
        """None for a text without words."""
        if not self.words:
            return None
        if self._hash is not None:
            return self._hash.hexdigest()
        assert self._digest is not None
        return self._digest.hex()


def page_facts_fields(facts: PageFacts) -> dict[str, Any]:
    """The facts as FetchRecord keyword arguments (the record has a field of each name)."""
    return {name: getattr(facts, name) for name in PageFacts.__slots__}


def collapse(text: str) -> str:
    """Whitespace runs (including no-break spaces) as one space, ends trimmed."""
    return " ".join(text.split())


def robots_tokens(*values: str | None) -> str | None:
    """Robots directives from several sources (meta tags, X-Robots-Tag headers) as one
    lower-case, comma-separated list without repeats: "noindex, nofollow"."""
    if not any(values):  # most pages and answers say none: three calls a page
        return None
    out: dict[str, None] = {}
    for value in values:
        for token in (value or "").split(","):
            # Header bytes that are not UTF-8 arrive as lone surrogates, which no file can hold.
            token = collapse(token).lower().encode("utf-8", "replace").decode()
            if token:
                out[token] = None
    return ", ".join(out) or None


class FactsReader:
    """Collects the audit fields of a page from what the walk of each of its pieces read
    (``add``, in document order: the first title, H1, description and canonical win), then
    makes them :class:`PageFacts` (``finish``)."""

    __slots__ = (
        "canonical",
        "checks",
        "descriptions",
        "found",
        "h1",
        "h1_count",
        "lang",
        "meta_description",
        "meta_names",
        "robots",
        "text",
        "title",
    )

    def __init__(self, digest: bytes | None = None) -> None:
        """``digest``: the visible text's hash, if made already (see TextDigest)."""
        self.title: str | None = None
        self.meta_description: str | None = None
        self.h1: str | None = None
        self.h1_count = 0
        self.canonical: str | None = None  # the href, joined in finish()
        self.lang: str | None = None
        self.robots: list[str] = []
        self.text = TextDigest(digest)
        self.descriptions = 0
        self.meta_names: set[str] = set()
        self.checks = ChecksReader()
        # ChecksReader.finish's result where the walk said it (``_pagewalk.walked_found``).
        self.found: tuple[bytes, bytes, bytes, str] | None = None

    def add(
        self,
        title: str | None,
        h1: str | None,
        h1_count: int,
        lang: str | None,
        metas: list[tuple[str | None, str | None]],
        rels: list[tuple[str | None, str | None]],
        words: int,
        kept: bytes,
    ) -> None:
        """What one walk read (``_pagewalk.walk``'s fields after the base): the raw text of the
        first <title> and <h1>, how many <h1>, <html lang>, (name, content) of each <meta name>,
        (rel, href) of each <link rel> that may say canonical (its rel holds the word in any
        ASCII case), and the visible text's words and bytes without spaces."""
        if self.title is None and title is not None:
            self.title = collapse(title)
        if self.h1 is None and h1 is not None:
            self.h1 = collapse(h1)
        self.h1_count += h1_count
        if self.lang is None:
            self.lang = collapse(lang or "") or None
        for name, content in metas:
            name = (name or "").strip().lower()
            self.meta_names.add(name)
            if name == "description":
                self.descriptions += 1
            if name == "description" and self.meta_description is None:
                self.meta_description = collapse(content or "")
            elif name == "robots":
                self.robots.append(content or "")
        for rel, href in rels:
            if self.canonical is None and "canonical" in (rel or "").lower().split():
                self.canonical = (href or "").strip()
        self.text.add(words, kept)

    def checked(self, checks: Checks, words: int) -> None:
        """What the walk of a piece read for the audit (``walked_checks``) and its words."""
        self.checks.add(checks, words)

    def finish(
        self,
        base: str,
        page_url: str,
        joined: Mapping[str, str | None] | None = None,
        fragments: list[tuple[str, str]] | None = None,
        pack: Callable[[list[list[str]]], bytes] | None = None,
    ) -> PageFacts:
        """The page's facts, once every piece of it has been walked (``base``: what its links
        join against; ``joined``: the URL each of its hrefs joined to, where known;
        ``fragments``: its links to #fragments as the walk put them together, if it did;
        ``pack``: what packs its checks, ``pagechecks.pack_found`` or its twin in C)."""
        checks, ids, minhash, types = self.found or self.checks.finish(
            base, page_url, self.descriptions, self.meta_names, joined, fragments, pack
        )
        canonical = self.canonical
        if canonical:
            # Kept as written when it joins to no http(s) URL ("file:///usr/share/doc/x.html"):
            # an invalid canonical, which the audit reports.
            canonical = join(base, canonical) or canonical
        # By position (PageFacts' order): keywords take twice the time.
        return _new_facts(
            self.title,
            self.meta_description,
            self.h1,
            self.h1_count,
            canonical or None,
            robots_tokens(*self.robots) if self.robots else None,
            self.text.words,
            self.text.hexdigest,
            self.lang,
            checks,
            ids,
            minhash,
            types,
        )
