"""A page's outlinks as the crawl file stores them, in pure Python: the specification of the
compiled ``_linkpack`` (the tests hold both to the same bytes), and what runs without it.

A real page links hundreds of URLs that share long beginnings (the site, then its folders). Each
link is stored as the number of leading UTF-8 bytes it shares with the link before it, then the
rest: two varints (shared length, rest length) and the rest's bytes. The page's order is kept.
"""

from __future__ import annotations


def _varint(v: int) -> bytes:
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def _shared(a: bytes, b: bytes) -> int:
    """How many leading bytes ``a`` and ``b`` share (halving the span: few slices, at C speed)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def pack(links: tuple[str, ...], /) -> bytes:
    """A tuple of str as bytes (:func:`unpack` gives the tuple back)."""
    if not isinstance(links, tuple):
        raise TypeError(f"pack: a tuple of str, not {type(links).__name__}")
    out = bytearray()
    prev = b""
    for link in links:
        if not isinstance(link, str):
            raise TypeError(f"pack: links are str, not {type(link).__name__}")
        b = link.encode("utf-8")
        shared = _shared(b, prev)
        out += _varint(shared)
        out += _varint(len(b) - shared)
        out += b[shared:]
        prev = b
    return bytes(out)


def _damaged() -> ValueError:
    return ValueError("unpack: a damaged link list")


def unpack(data: bytes, /) -> tuple[str, ...]:
    """The tuple of str that :func:`pack` made ``data`` from; ValueError if it is damaged."""
    view = memoryview(data).cast("B")
    end = len(view)
    links: list[str] = []
    cur = b""
    p = 0
    while p < end:
        fields = []
        for _ in range(2):
            value = shift = 0
            while True:
                if p >= end or shift >= 63:
                    raise _damaged()
                byte = view[p]
                p += 1
                value |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
            fields.append(value)
        shared, rest = fields
        if shared > len(cur) or rest > end - p:
            raise _damaged()
        cur = cur[:shared] + bytes(view[p : p + rest])
        p += rest
        links.append(cur.decode("utf-8"))  # UnicodeDecodeError is a ValueError
    return tuple(links)
