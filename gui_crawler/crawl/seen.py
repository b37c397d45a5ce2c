"""The URLs a crawl has taken in, kept as 64-bit fingerprints rather than as strings. No Qt here.

A crawl asks "taken in already?" of every link of every page, and the answer must stay in memory
however many URLs the crawl takes in: one Python int per URL in a set costs ~80 bytes a URL
(the int and its share of the set's table), the URL string itself 100-200 more. Large crawlers
do the same (Heritrix's ``uriUniqFilter`` keeps 64-bit fingerprints).
"""

from __future__ import annotations

from collections.abc import Iterable, Set


class Seen:
    """URLs taken into a crawl: ``url in seen``, ``seen.add(url)``, ``len(seen)``; built from the
    URLs an earlier crawl took in (a resume rebuilds it from the crawl file's URLs).

    Each URL is kept as its ``hash()``: 64 bits on a 64-bit build, cached on the str object (so the
    check costs one set lookup of an int), salted per process, which is harmless since nothing
    keeps the fingerprints across processes. Two URLs of one crawl share a fingerprint with odds
    of about n^2 / 2^65 for n URLs: one crawl in ~370,000 of 10 million URLs, one in ~3.7 billion
    of 100,000. A collision makes the crawl skip one URL as taken in already.

    The URLs themselves cannot be read back: whoever needs them keeps them (the crawl file, the
    records). ``seen == urls`` compares with a set of URLs (their count and each one's presence).
    """

    __slots__ = ("fingerprints",)

    def __init__(self, urls: Iterable[str] = ()) -> None:
        # The set itself, for a loop hot enough that a method call per URL shows:
        # ``hash(url) in seen.fingerprints`` is ``url in seen``.
        self.fingerprints: set[int] = {hash(u) for u in urls}

    def __contains__(self, url: object) -> bool:
        return hash(url) in self.fingerprints

    def add(self, url: str) -> None:
        self.fingerprints.add(hash(url))

    def __len__(self) -> int:
        return len(self.fingerprints)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Seen):
            return self.fingerprints == other.fingerprints
        if isinstance(other, Set):
            return len(other) == len(self.fingerprints) and all(u in self for u in other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a set

    def __repr__(self) -> str:
        return f"<Seen: {len(self.fingerprints):,} URLs>"
