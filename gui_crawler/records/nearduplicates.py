"""Near-duplicate pages found as their records arrive: each page's MinHash signature (the parse's,
``parsing/pagechecks.signature``) is banded into a table of candidates (locality-sensitive
hashing), and each candidate checked by how many bins the two signatures share. No Qt here.

Per page: 10 band keys (a dict of each key's latest page: ~70 bytes each) and its 64 bins as one
int (~160 bytes): ~1 KB. On rust-doc (21,635 pages, 2,526 found alike) ~0.5 s CPU on a loaded
2-core machine; a table of arrays probed in Python took half the memory and ten times the time."""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator

from gui_crawler.parsing.pagechecks import SIG_BINS

BANDS, ROWS = 10, 6  # P(candidate) at similarity s: 1 - (1 - s**6)**10, 0.9995 at s = 0.9
LATEST = 2  # pages kept a band key
EMPTY = 0xFFFF  # a bin no shingle went to (pagechecks: the low half of EMPTY_BIN)


def densified(signature: bytes) -> array[int]:
    """The 16-bit signature of a page (its record's), its empty bins filled from the next bin
    that is not (its value, plus how far it is: Shrivastava and Li's rotation), so that a page
    of few words still bands like the others; empty when every bin is."""
    values = array("H", signature)
    if sys.byteorder == "big":
        values.byteswap()
    empty = values.count(EMPTY)
    if len(values) != SIG_BINS or empty == SIG_BINS:
        return array("H")
    if not empty:  # a page of some words: every bin got one
        return values
    for i, v in enumerate(values):
        if v == EMPTY:
            distance, j = 1, (i + 1) % SIG_BINS
            while values[j] == EMPTY:
                distance, j = distance + 1, (j + 1) % SIG_BINS
            values[i] = (values[j] + 0x9E37 * distance) & 0xFFFF
    return values


# The lowest bit of each 16-bit bin of a signature read as one int (little-endian).
_BIN_LOW_BITS = int.from_bytes(b"\x01\x00" * SIG_BINS, "little")


def shared_bins(a: int, b: int) -> int:
    """How many bins two signatures (each one int of SIG_BINS 16-bit bins) share: the bins of
    their XOR that are zero, each bin's bits ORed down into its lowest (a dozen operations on
    1,024-bit ints, against 64 comparisons in Python: rust-doc compares ~130k pairs)."""
    x = a ^ b
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    return SIG_BINS - (x & _BIN_LOW_BITS).bit_count()


class NearDuplicates:
    """Pages (``add``: each once) whose signatures share at least ``percent`` % of their bins
    with an earlier page's, but their content hash: exact duplicates are another finding. Each
    such page knows its most alike earlier or later page (``partner``)."""

    def __init__(self, percent: int) -> None:
        self.least = percent * SIG_BINS / 100  # bins two pages must share
        self.urls: list[str] = []
        self._sigs: list[int] = []  # each page's signature as one int, in the order added
        self._hashes: list[str | None] = []
        # Each band key's latest pages (one, or a tuple of up to LATEST): a page alike an
        # earlier one shares a band with it or with a page of its group; pages of one template
        # share bands of its words with unrelated ones, so more than the latest is compared.
        self._latest: dict[int, int | tuple[int, ...]] = {}
        # A page's most alike page: (its index, bins shared), for the pages found alike.
        self.partner: dict[int, tuple[int, int]] = {}
        # Each page's group of alike pages (union-find: a page's parent, itself at a group's
        # root): a page already in a candidate's group is not compared with it again.
        self._parent = array("I")

    def __len__(self) -> int:
        return len(self.partner)

    def add(self, url: str, signature: bytes, content_hash: str | None) -> None:
        sig = densified(signature)
        if not sig:
            return
        page = len(self.urls)
        self.urls.append(url)
        data = sig.tobytes()
        self._sigs.append(int.from_bytes(data, "little"))
        self._hashes.append(content_hash)
        self._parent.append(page)
        seen: set[int] = set()
        latest = self._latest
        for b in range(BANDS):
            key = hash((b, data[2 * ROWS * b : 2 * ROWS * (b + 1)]))
            before = latest.get(key)
            if before is None:
                latest[key] = page
                continue
            others = (before,) if isinstance(before, int) else before
            for other in others:
                group = self._root(other)
                if group not in seen and group != self._root(page):
                    seen.add(group)
                    self._compare(page, other)
            # One page of each group kept (the latest): a big group takes one place of LATEST.
            mine = self._root(page)
            kept = tuple(o for o in others if self._root(o) != mine)
            latest[key] = (*kept[1 - LATEST :], page)

    def _root(self, page: int) -> int:
        parent = self._parent
        while parent[page] != page:
            parent[page] = parent[parent[page]]  # halving the path as it goes
            page = parent[page]
        return page

    def _compare(self, page: int, other: int) -> None:
        if self._hashes[other] is not None and self._hashes[other] == self._hashes[page]:
            return  # an exact duplicate
        shared = shared_bins(self._sigs[page], self._sigs[other])
        if shared < self.least:
            return
        self._parent[self._root(page)] = self._root(other)
        for a, b in ((page, other), (other, page)):
            if shared > self.partner.get(a, (0, -1))[1]:
                self.partner[a] = (b, shared)

    def pairs(self) -> Iterator[tuple[str, str, int]]:
        """(page, its most alike page, percent alike) of each page found alike, in the order the
        pages were added."""
        for page in sorted(self.partner):
            other, shared = self.partner[page]
            yield self.urls[page], self.urls[other], round(100 * shared / SIG_BINS)
