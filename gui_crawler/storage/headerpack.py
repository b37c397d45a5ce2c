"""A record's response headers as a crawl file keeps them (format 7 and after): deflated against
a dictionary of what answers' headers share. No Qt here."""

from __future__ import annotations

import zlib

from gui_crawler.base.escapes import escaped
from gui_crawler.parsing._linkpack_py import inflate_raw

# What answers' headers share, the commonest last (zlib reads a dictionary from its end): a
# record's headers deflate to about a third (rust-doc: 227 → 83 B a record). Part of the format
# (fileformat.FORMAT): changing it makes older files misread. A 1 KB window: zlib's set-up of its
# default 32 KB one costs ~90 us a record, on the event loop; this one ~5.
HEADERS_DICTIONARY = (
    b'Access-Control-Allow-Origin: *\nAlt-Svc: h3=":443"; ma=86400\nVia: 1.1 varnish\n'
    b"X-Cache: HIT\nAge: \nExpires: \nPragma: no-cache\nSet-Cookie: \nTransfer-Encoding: chunked\n"
    b"Content-Security-Policy: \nPermissions-Policy: \nX-XSS-Protection: 1; mode=block\n"
    b"Strict-Transport-Security: max-age=31536000; includeSubDomains\n"
    b"Referrer-Policy: strict-origin-when-cross-origin\nX-Frame-Options: SAMEORIGIN\n"
    b"X-Content-Type-Options: nosniff\nCache-Control: max-age=\nContent-Encoding: gzip\n"
    b"Vary: Accept-Encoding\nServer: Apache\nServer: cloudflare\nLocation: https://\n"
    b"Content-Type: text/html; charset=utf-8\nContent-Type: text/css\n"
    b"Content-Type: application/javascript\nContent-Type: image/png\nContent-Type: image/svg+xml\n"
    b"Server: nginx\nDate: Mon, Tue, Wed, Thu, Fri, Sat, Sun, 01 Jan Feb Mar Apr May Jun Jul "
    b"Aug Sep Oct Nov Dec 2026 00:00:00 GMT\nContent-Length: \nLast-Modified: \n"
    b'Connection: keep-alive\nETag: "\nEtag: "\nAccept-Ranges: bytes'
)
_HEADERS_WINDOW = -10
# Past this, damaged headers (crawl/headers.py keeps at most 4 KB and a line).
_HEADERS_MAX = 1 << 16


# A compressor with the dictionary set, copied for each record: the same bytes as a new one, in
# 3.6 us a record where a new one took 4.7-6.2 (zlib hashes the dictionary in ``compressobj``).
_HEADERS_PRIMED = zlib.compressobj(
    6, zlib.DEFLATED, _HEADERS_WINDOW, 1, zlib.Z_DEFAULT_STRATEGY, HEADERS_DICTIONARY
)


def pack_headers(text: str) -> bytes | str:
    """A record's headers as format 7 keeps them (empty stays ""): deflated UTF-8, a byte that
    was not UTF-8 (a lone surrogate) escaped as the store escapes any text."""
    if not text:
        return ""
    try:
        data = text.encode()
    except UnicodeEncodeError:
        data = escaped(text).encode()
    z = _HEADERS_PRIMED.copy()
    return z.compress(data) + z.flush()


def unpack_headers(data: bytes) -> str:
    """:func:`pack_headers`' text; ValueError if ``data`` is damaged."""
    return inflate_raw(data, HEADERS_DICTIONARY, _HEADERS_MAX, "headers").decode("utf-8", "replace")
