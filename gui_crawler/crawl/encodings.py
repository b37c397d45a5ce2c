"""Bodies' Content-Encoding, decoded by the crawler rather than by aiohttp, so that a body that
cannot be decoded is a failure and never a page.

aiohttp's own decoding accepts a gzip or brotli stream cut short (it checks that a stream ended
for deflate only), so half a page answered 200 with half its links; and it hands over
undecoded any coding it does not know (``x-gzip``, ``compress``, ``gzip, br``), which the parser
then read as a page of binary. Here every coding of the header is undone, last applied first;
each stream must end by the end of the body (bytes after its end are ignored, as browsers
ignore them); a coding nobody can decode is said. The decoded size
is bounded as it comes (a compression bomb stops at ``max_body``).
"""

from __future__ import annotations

import zlib
from typing import Protocol

import brotli


class ContentEncodingError(Exception):
    """The body cannot be decoded as its Content-Encoding says; the message is for a person."""


class BodyTooLarge(Exception):
    """A body passed the crawl's limit (max_body); the message says so."""


class _Full(Exception):
    """A stage's output filled the room it was given, with more to come."""


# What the crawl asks servers for: the codings decoded here.
ACCEPT_ENCODING = "gzip, deflate, br"
# Codings that change nothing (RFC 9110 8.4.1), and aliases (``x-gzip`` is gzip: 8.4.1.3).
_IDENTITY = frozenset({"", "identity"})
_ALIASES = {"x-gzip": "gzip"}


class _Stream(Protocol):
    def feed(self, data: bytes, room: int) -> bytes: ...

    def finished(self) -> bool: ...


class _Zlib:
    """gzip (one member or several, or a zlib stream sent as gzip) and deflate (zlib-wrapped, or
    raw as some servers send it: told by its first byte, as browsers and aiohttp do)."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self.obj: zlib._Decompress | None = None

    def feed(self, data: bytes, room: int) -> bytes:
        out = b""
        while data:
            if self.obj is None:
                wbits = 47 if self.coding == "gzip" else 15 if data[0] & 0x0F == 8 else -15
                self.obj = zlib.decompressobj(wbits)
            elif self.obj.eof:
                if self.coding != "gzip" or not data.startswith(b"\x1f\x8b"):
                    return out  # bytes after the stream: ignored, as browsers ignore them
                self.obj = zlib.decompressobj(47)  # the next member
            try:
                out += self.obj.decompress(data, room - len(out))
            except zlib.error as e:
                raise ContentEncodingError(f"{self.coding}: {e}") from None
            if self.obj.unconsumed_tail:
                raise _Full
            data = self.obj.unused_data
        return out

    def finished(self) -> bool:
        return self.obj is None or self.obj.eof


class _Brotli:
    def __init__(self) -> None:
        self.obj = brotli.Decompressor()
        self.fed = False

    def feed(self, data: bytes, room: int) -> bytes:
        self.fed = self.fed or bool(data)
        try:
            out = bytes(self.obj.process(data, output_buffer_limit=room))
        except brotli.error as e:
            raise ContentEncodingError(f"br: {e}") from None
        if not self.obj.can_accept_more_data():
            raise _Full
        return out

    def finished(self) -> bool:
        return not self.fed or self.obj.is_finished()


class Decoder:
    """Undoes a body's Content-Encoding, chunk by chunk: ``feed`` each chunk as it comes, then
    ``end``. ContentEncodingError for a coding that cannot be decoded, a corrupt stream or one
    cut short; BodyTooLarge once the decoded bytes pass ``limit``."""

    def __init__(self, header: str, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._stages: list[_Stream] = []
        for coding in reversed(header.split(",")):
            name = coding.strip().lower()
            name = _ALIASES.get(name, name)
            if name in _IDENTITY:
                continue
            if name in ("gzip", "deflate"):
                self._stages.append(_Zlib(name))
            elif name == "br":
                self._stages.append(_Brotli())
            else:
                shown = coding.strip()[:40].encode("ascii", "replace").decode()
                raise ContentEncodingError(f"cannot decode Content-Encoding {shown!r}")

    def __bool__(self) -> bool:
        """Whether there is anything to undo (not for an identity or empty header)."""
        return bool(self._stages)

    def feed(self, data: bytes) -> bytes:
        try:
            for stage in self._stages:
                data = stage.feed(data, self.limit - self.size + 1)
        except _Full:
            self.size = self.limit + 1
        else:
            self.size += len(data)
        if self.size > self.limit:
            raise BodyTooLarge(f"body exceeds the {self.limit}-byte limit")
        return data

    def end(self) -> None:
        for stage in self._stages:
            if not stage.finished():
                name = stage.coding if isinstance(stage, _Zlib) else "br"
                raise ContentEncodingError(f"{name}: the body ends before its compressed stream")
