"""Hrefs crafted to collide in the C walk's tables as they were hashed before the hash was keyed
(``_pagewalk.c``'s hash_span until 2026-11: eight bytes a step, ``h = (h ^ x) * K; h ^= h >> 32``,
no key): every href of :func:`colliding_hrefs` hashed to the same 64 bits, so whatever a table's
size each one probed past all those before it, and a page of n of them cost the walk n²/2 probes
in each table that held them. A hostile server could serve such a page; with the keyed hash it
must cost what its control (:func:`control_hrefs`) does.

The hrefs are a multicollision (Joux's): each step of the hash is a bijection of its state, so
units of 16 bytes that take one state to one next state are found once, ``ways`` of them (first
halves whose next states agree in a few bits of each byte, by a bucket search; then the second
halves that make up the difference), and k such units in a row give ways**k hrefs of one hash.
"""

from __future__ import annotations

import random

MASK = (1 << 64) - 1
K = 0x9E3779B97F4A7C15
FINAL = 0xFF51AFD7ED558CCD
# First halves' bytes; the second halves' are letters or "_" (0x40-0x7f).
ANY = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")


def _step(h: int, block: bytes) -> int:
    h = ((h ^ int.from_bytes(block, "little")) * K) & MASK
    return h ^ (h >> 32)


def unkeyed_hash(data: bytes) -> int:
    """hash_span(0, data) as it was before the key (a non-null span)."""
    h = ((0x200 + len(data)) * K) & MASK
    whole = len(data) // 8 * 8
    for k in range(0, whole, 8):
        h = _step(h, data[k : k + 8])
    for c in data[whole:]:
        h = ((h ^ c) * 1099511628211) & MASK
    h = (h * FINAL) & MASK
    return h ^ (h >> 32)


def item_start(kind: int, ref: int) -> int:
    """What item_hash starts a link's text from: its kind (0 for <a>) and its ref (2 + its link's
    index)."""
    return (((1469598103934665603 ^ kind) ^ ref) * 1099511628211) & MASK


def _unit(rnd: random.Random, state: int, ways: int) -> tuple[list[bytes], int]:
    """``ways`` 16-byte units that take the hash's state from ``state`` to one next state: first
    halves whose next states agree in the top two bits of each byte (a bucket search), then for
    each the second half that brings its state to one common value, kept where all its bytes are
    letters or "_"."""
    buckets: dict[int, list[tuple[bytes, int]]] = {}
    top = 0xC0C0C0C0C0C0C0C0
    while True:
        bits = rnd.getrandbits(48)
        first = bytes(ANY[bits >> (6 * j) & 63] for j in range(8))
        after = _step(state, first)
        bucket = buckets.setdefault(after & top, [])
        bucket.append((first, after))
        if len(bucket) < 2 * ways:
            continue
        # The common value: each byte's top bits make the second halves' 01 (0x40-0x7f), its
        # low six bits the value that keeps the most of them letters.
        common = 0
        for j in range(8):
            lows = [a >> (8 * j) & 63 for _, a in bucket]
            low = max(range(64), key=lambda c: sum((c ^ x) | 64 in LETTERS for x in lows))
            common |= ((bucket[0][1] >> (8 * j) & 0xC0 ^ 0x40) | low) << (8 * j)
        seconds = [(first, (after ^ common).to_bytes(8, "little")) for first, after in bucket]
        units = [first + second for first, second in seconds if LETTERS.issuperset(second)]
        if len(units) >= ways:
            return units[:ways], _step(common, bytes(8))


def colliding_hrefs(
    n: int, prefix: bytes, ways: int = 2, seed: int = 42, start: int = 0
) -> list[bytes]:
    """``n`` distinct hrefs, ``prefix`` (a multiple of eight bytes long) then 16 bytes per unit
    (units of ``ways`` choices each), of one unkeyed hash; ``start``: what the hash starts from
    (0 for a span alone, :func:`item_start` for a link's words)."""
    assert len(prefix) % 8 == 0
    rnd = random.Random(seed)
    count = 1
    while ways**count < n:
        count += 1
    state = ((start ^ (0x200 + len(prefix) + 16 * count)) * K) & MASK
    for k in range(0, len(prefix), 8):
        state = _step(state, prefix[k : k + 8])
    choices = []
    for _ in range(count):
        units, state = _unit(rnd, state, ways)
        choices.append(units)
    hrefs = []
    for i in range(n):
        tail = b""
        for units in choices:
            i, pick = divmod(i, ways)
            tail += units[pick]
        hrefs.append(prefix + tail)
    return hrefs


def link_page(hrefs: list[bytes], fragment: bytes = b"#f", text: bytes = b"x") -> bytes:
    """A page of one link to each href: with a fragment, the walk keeps its URL in three tables
    (the page's links, a piece's targets, the page's targets, which gather every piece's: a piece
    bounds the others); without, its href too."""
    return b"<!DOCTYPE html><title>t</title><p>" + b"".join(
        b'<a href="%s%s">%s</a>\n' % (h, fragment, text) for h in hrefs
    )


def control_hrefs(n: int, prefix: bytes, ways: int = 2) -> list[bytes]:
    """As many hrefs as :func:`colliding_hrefs` gives, as long and as alike (they cost the same to
    parse, join and compress), that do not collide: made for other first eight bytes, which are
    then put back."""
    other = bytes(b ^ 1 for b in prefix[:8]) + prefix[8:]
    return [prefix + h[len(prefix) :] for h in colliding_hrefs(n, other, ways)]


def pages(n: int, prefix: bytes, ways: int = 2) -> tuple[bytes, bytes]:
    """A page of ``n`` links whose hrefs collide, and its control."""
    return link_page(colliding_hrefs(n, prefix, ways)), link_page(control_hrefs(n, prefix, ways))


def _fnv_low(h: int, data: bytes, bits: int) -> int:
    for c in data:
        h = ((h ^ c) * 1099511628211) & ((1 << bits) - 1)
    return h


def colliding_tag_names(n: int, bits: int = 24) -> list[bytes]:
    """``n`` distinct tag names whose hashes in the page scan (``_pagescan.c``'s name_hash:
    FNV-1a over the lower-case name) agree in their low ``bits`` bits, where its table of names
    looks them up: FNV's low bits depend only on the low bits before, so 4-letter units that take
    one low state to one next (a birthday search) can follow each other freely."""
    rnd = random.Random(7)
    letters = b"abcdefghijklmnopqrstuvwxyz"
    state = _fnv_low(1469598103934665603, b"x", bits)
    units: list[tuple[bytes, bytes]] = []
    while 1 << len(units) < n:
        seen: dict[int, bytes] = {}
        while True:
            unit = bytes(rnd.choice(letters) for _ in range(4))
            after = _fnv_low(state, unit, bits)
            other = seen.setdefault(after, unit)
            if other != unit:
                break
        units.append((other, unit))
        state = after
    return [b"x" + b"".join(pair[i >> k & 1] for k, pair in enumerate(units)) for i in range(n)]
