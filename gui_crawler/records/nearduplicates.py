"""Near-duplicate pages found as their records arrive: each page's MinHash signature (the parse's,
``parsing/pagechecks.signature``) is banded into a table of candidates (locality-sensitive
hashing), and each candidate checked by how many bins the two signatures share. No Qt here.

Memory is what bounds this on a big site: per page, 10 band keys in an open-addressing table of
arrays (24 bytes each at half load) and a 16-bit copy of its 64 bins (128 bytes), ~370 bytes in
all; a dict of ints would take four times that."""

from __future__ import annotations

import operator
from array import array
from collections.abc import Iterator

from gui_crawler.parsing.pagechecks import EMPTY_BIN, SIG_BINS

BANDS, ROWS = 10, 6  # P(candidate) at similarity s: 1 - (1 - s**6)**10, 0.9995 at s = 0.9
PROBES = 8  # the pages of one band key compared at most: a cluster is joined through any one
_FREE = 0  # a table slot's key when it is free (a band key is never 0: see _key)


def _key(band: bytes, band_index: int) -> int:
    return (hash((band_index, band)) & 0xFFFFFFFFFFFFFFFF) | 1


def densified(signature: bytes) -> array[int]:
    """The 16-bit signature of a page, its empty bins filled from the next bin that is not (its
    value, plus how far it is: Shrivastava and Li's rotation), so that a page of few words
    still bands like the others; empty when every bin is."""
    values = [int.from_bytes(signature[i : i + 4], "little") for i in range(0, 4 * SIG_BINS, 4)]
    full = [i for i, v in enumerate(values) if v != EMPTY_BIN]
    out = array("H", bytes(2 * SIG_BINS))
    if not full:
        return array("H")
    for i, v in enumerate(values):
        if v == EMPTY_BIN:
            distance, j = 1, (i + 1) % SIG_BINS
            while values[j] == EMPTY_BIN:
                distance, j = distance + 1, (j + 1) % SIG_BINS
            v = values[j] + 0x9E37 * distance
        out[i] = v & 0xFFFF
    return out


class NearDuplicates:
    """Pages (``add``: each once) whose signatures share at least ``percent`` % of their bins
    with an earlier page's, but their content hash: exact duplicates are another finding. Each
    such page knows its most alike earlier or later page (``partner``)."""

    def __init__(self, percent: int) -> None:
        self.least = percent * SIG_BINS / 100  # bins two pages must share
        self.urls: list[str] = []
        self._sigs = array("H")  # SIG_BINS per page, in the order added
        self._hashes: list[str | None] = []
        self._keys = array("Q", bytes(8 * 1024))
        self._pages = array("I", bytes(4 * 1024))
        self._used = 0
        # A page's most alike page: (its index, bins shared), for the pages found alike.
        self.partner: dict[int, tuple[int, int]] = {}

    def __len__(self) -> int:
        return len(self.partner)

    def add(self, url: str, signature: bytes, content_hash: str | None) -> None:
        sig = densified(signature)
        if not sig:
            return
        page = len(self.urls)
        self.urls.append(url)
        self._sigs.extend(sig)
        self._hashes.append(content_hash)
        seen: set[int] = set()
        data = sig.tobytes()
        for b in range(BANDS):
            key = _key(data[2 * ROWS * b : 2 * ROWS * (b + 1)], b)
            for other in self._lookup(key):
                if other not in seen:
                    seen.add(other)
                    self._compare(page, other, sig)
            self._insert(key, page)

    def _compare(self, page: int, other: int, sig: array[int]) -> None:
        if self._hashes[other] is not None and self._hashes[other] == self._hashes[page]:
            return  # an exact duplicate
        theirs = self._sigs[SIG_BINS * other : SIG_BINS * (other + 1)]
        shared = sum(map(operator.eq, sig, theirs))
        if shared < self.least:
            return
        for a, b in ((page, other), (other, page)):
            if shared > self.partner.get(a, (0, -1))[1]:
                self.partner[a] = (b, shared)

    def _lookup(self, key: int) -> Iterator[int]:
        keys, mask = self._keys, len(self._keys) - 1
        at, found = key & mask, 0
        while keys[at] != _FREE and found < PROBES:
            if keys[at] == key:
                found += 1
                yield self._pages[at]
            at = (at + 1) & mask

    def _insert(self, key: int, page: int) -> None:
        if 2 * (self._used + 1) > len(self._keys):
            self._grow()
        keys, mask = self._keys, len(self._keys) - 1
        at = key & mask
        while keys[at] != _FREE:
            at = (at + 1) & mask
        keys[at] = key
        self._pages[at] = page
        self._used += 1

    def _grow(self) -> None:
        old = [(k, p) for k, p in zip(self._keys, self._pages, strict=True) if k != _FREE]
        self._keys = array("Q", bytes(16 * len(self._keys)))
        self._pages = array("I", bytes(8 * len(self._pages)))
        self._used = 0
        for key, page in old:
            self._insert(key, page)

    def pairs(self) -> Iterator[tuple[str, str, int]]:
        """(page, its most alike page, percent alike) of each page found alike, in the order the
        pages were added."""
        for page in sorted(self.partner):
            other, shared = self.partner[page]
            yield self.urls[page], self.urls[other], round(100 * shared / SIG_BINS)
