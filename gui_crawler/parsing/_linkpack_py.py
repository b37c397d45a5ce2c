"""A page's outlinks as the crawl file stores them, in pure Python: the specification of the
compiled ``_linkpack`` (the tests hold both to the same bytes), and what runs without it.

A real page links hundreds of URLs that share long beginnings (the site, then its folders). Each
link is stored as the number of leading UTF-8 bytes it shares with the link before it, then the
rest: two varints (shared length, rest length) and the rest's bytes. The page's order is kept.

A page's links with their words are kept compressed (``linkwords``): raw deflate, ``LEVEL``, with
``DICTIONARY`` preset. The parser threads in C (``_pagewalk.c``) read both from here when they are
imported, so the two write the same bytes with the same zlib.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable


def varint(v: int) -> bytes:
    """``v`` as a little-endian base-128 varint (the packed formats' lengths)."""
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def pack(links: tuple[str, ...], /) -> bytes:
    """A tuple of str as bytes (:func:`unpack` gives the tuple back)."""
    if not isinstance(links, tuple):
        raise TypeError(f"pack: a tuple of str, not {type(links).__name__}")
    return front_coded(map(_utf8, links))


def _utf8(link: str) -> bytes:
    if not isinstance(link, str):
        raise TypeError(f"pack: links are str, not {type(link).__name__}")
    return link.encode("utf-8")


def front_coded(values: Iterable[bytes], /) -> bytes:
    """Each of ``values`` after the one before it: two varints (the bytes it shares with that
    one's start, the bytes after them) and the bytes after them."""
    parts: list[bytes] = []
    prev = b""
    from_bytes = int.from_bytes
    for b in values:
        # The bytes shared with the link before: the first that differs is where the highest
        # bit of their XOR (as big-endian integers of the common length) is.
        n = min(len(b), len(prev))
        shared = (
            n - ((from_bytes(b[:n], "big") ^ from_bytes(prev[:n], "big")).bit_length() + 7) // 8
        )
        rest = len(b) - shared
        if shared < 0x80 and rest < 0x80:
            parts += (bytes((shared, rest)), b[shared:])
        else:
            parts += (varint(shared), varint(rest), b[shared:])
        prev = b
    return b"".join(parts)


def _damaged() -> ValueError:
    return ValueError("unpack: a damaged link list")


def unpack(data: bytes, /) -> tuple[str, ...]:
    """The tuple of str that :func:`pack` made ``data`` from; ValueError if it is damaged."""
    data = bytes(data)
    end = len(data)
    links: list[str] = []
    cur = b""
    p = 0
    while p < end:
        shared = data[p]
        p += 1
        if shared >= 0x80:
            shared, p = _long_varint(data, p - 1)
        if p >= end:
            raise _damaged()
        rest = data[p]
        p += 1
        if rest >= 0x80:
            rest, p = _long_varint(data, p - 1)
        if shared > len(cur) or rest > end - p:
            raise _damaged()
        cur = cur[:shared] + data[p : p + rest]
        p += rest
        links.append(cur.decode("utf-8"))  # UnicodeDecodeError is a ValueError
    return tuple(links)


def _long_varint(data: bytes, p: int) -> tuple[int, int]:
    """(value, the offset after it) of the varint at ``p``; ValueError if it runs past the end
    or is longer than any length can be."""
    value = shift = 0
    while p < len(data) and shift < 63:
        byte = data[p]
        p += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, p
    raise _damaged()


# What the crawl file's compressed links and words are deflated with: a preset dictionary of
# what web pages' links and words share (zlib reads it from its end: the commonest last). Small
# records gain most: ~1 KB of links and words compressed alone. Part of the crawl file's format
# (fileformat.FORMAT): changing it makes files that older versions misread.
DICTIONARY = (
    b"mailto:tel:javascript:void(0)data:image/svg+xml;base64,http://https://www."
    b"twitter.com/facebook.com/youtube.com/linkedin.com/instagram.com/github.com/"
    b"?utm_source=&amp;?page=?lang=?v=?ver=#content#main#top"
    b".pdf.xml.json.txt.ico.gif.jpeg.jpg.webp.png.svg.woff2.woff.css.js.php.aspx.htm"
    b"/wp-content/uploads//wp-includes//static//assets//images//img//css//js//fonts/"
    b"/api//docs//blog//news//about//contact//search//tag//category//en//index.html"
    b"Skip to main contentSkip to contentPrivacy PolicyTerms of UseCookiesContact us"
    b"HomeAboutBlogNewsSearchMenuLoginSign inSign upLog inDownloadDocumentation"
    b"PreviousNextRead moreLearn moreMoresourceSourceEdit this pageEdit on GitHub"
    b"sponsoredugcexternalauthorhelplicensebookmarktagsearchmanifestdns-prefetchpreconnect"
    b"modulepreloadprefetchprevnextalternate iconapple-touch-iconshortcut iconicon"
    b"nofollow noopener noreferrernoopener noreferrernofollowcanonicalalternate"
    b"preloadstylesheet"
)
# Level 2, not 4: deflating is a fifth of the parser threads' CPU, and level 2 takes ~0.83 of level
# 4's time for ~3% more bytes (rust-doc's crawl file 46.3 -> ~47 MB). Inflating reads any level.
LEVEL = 2
# Past this a record's links and words are damaged, not big (a bomb in a hand-made file): a
# piece of a page is at most a few MB of text.
INFLATED_MAX = 1 << 28


def deflate(data: bytes) -> bytes:
    """``data`` compressed as the crawl file keeps a page's links and words (empty stays empty)."""
    if not data:
        return b""
    c = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, DICTIONARY)
    return c.compress(data) + c.flush()


def inflate(data: bytes) -> bytes:
    """What :func:`deflate` compressed; ValueError if ``data`` is damaged."""
    return inflate_raw(data, DICTIONARY, INFLATED_MAX, "compressed links") if data else b""


def inflate_raw(data: bytes, dictionary: bytes, most: int, what: str) -> bytes:
    """Raw deflate ``data`` (made with ``dictionary`` preset) inflated: ValueError naming
    ``what`` if it is damaged, cut short, followed by other bytes or more than ``most`` bytes
    (a bomb in a hand-made file)."""
    d = zlib.decompressobj(-15, dictionary)
    try:
        out = d.decompress(data, most)
    except zlib.error as e:
        raise ValueError(f"damaged {what}: {e}") from None
    if not d.eof or d.unused_data or d.unconsumed_tail:
        raise ValueError(f"damaged {what}: a stream cut short or with bytes after it")
    return out
