"""How many bytes of big page bodies the crawl holds at once: read, waiting for their parse, or
being parsed.

A site's biggest pages tend to come together (a source tree's listings linked from one index):
on the Rust docs a dozen listings of 1-10 MB arrived within 0.1 s, each read whole while the
others waited for the parser, and 31 MB of bodies were held at once — a quarter of the window's
peak memory. A worker whose answer announces a big body (its Content-Length) waits here for
room before reading it; the answer's socket meanwhile stops being read once aiohttp's buffer is
full, which stops its read timeout too. The try's total timeout still runs, so no one waits
longer than ``patience``: past it the body is read anyway and the budget is overdrawn, since a
page recorded as timed out for the crawler's own reasons would be worse than a few megabytes.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

import aiohttp
from multidict import CIMultiDictProxy

from gui_crawler.crawl.encodings import BodyTooLarge, Decoder

# Bytes read at a time from a body that did not come whole with its headers.
CHUNK = 64 * 1024
# A body this big or bigger is held against the budget: small ones come in with their headers
# (96% of rust-doc's pages) and are parsed at once.
BIG_BODY = 1 << 20
# At most this many bytes of big bodies at once, unless one body alone is bigger (it then goes
# alone) or someone ran out of patience.
HELD_MAX = 12 << 20


class BodyBudget:
    """Bytes of big bodies held: ``take`` before reading one, ``give`` back once it is parsed."""

    def __init__(self, limit: int = HELD_MAX, big: int = BIG_BODY) -> None:
        self.limit, self.big = limit, big
        self.held = 0
        self._room = asyncio.Event()

    async def take(self, size: int | None, patience: float) -> int:
        """Wait until a body of ``size`` bytes (None: unknown) fits, or ``patience`` seconds;
        returns the bytes taken (0 for a small or unknown size), to be given back."""
        if size is None or size < self.big:
            return 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        while self.held and self.held + size > self.limit:
            left = deadline - loop.time()
            if left <= 0:
                break
            self._room.clear()
            try:
                await asyncio.wait_for(self._room.wait(), left)
            except TimeoutError:
                break
        self.held += size
        return size

    def add(self, size: int) -> int:
        """Count a big body that came without a Content-Length, once read (no waiting: it is in
        memory already); returns the bytes taken."""
        if size < self.big:
            return 0
        self.held += size
        return size

    def give(self, size: int) -> None:
        if size:
            self.held -= size
            self._room.set()


class Answer(Protocol):
    """What ``read_body`` reads of an answer: aiohttp's ClientResponse, or crawl/direct.py's."""

    @property
    def content_length(self) -> int | None: ...

    @property
    def headers(self) -> CIMultiDictProxy[str]: ...

    @property
    def content(self) -> aiohttp.StreamReader: ...


async def read_body(resp: Answer, keep: bool, limit: int) -> tuple[bytes | None, int]:
    """The body of ``resp`` (if ``keep``) and its decoded size: BodyTooLarge past ``limit``
    bytes, ContentEncodingError when its Content-Encoding cannot be undone."""
    length = resp.content_length
    if length is not None and length > limit:
        raise BodyTooLarge(f"Content-Length {length} exceeds the {limit}-byte limit")
    decoder = Decoder(resp.headers.get("Content-Encoding", ""), limit)
    content = resp.content
    if content.is_eof():
        # The whole body is in already (a small page comes in the read that brought its
        # headers: 96% of rust-doc's): taken without the awaits of the loop below (rust-doc,
        # loop 6.31 -> 5.97 CPU-s, wall 8.01 -> 7.66 s, side by side).
        body = content.read_nowait()
        if decoder:
            body = decoder.feed(body)
            decoder.end()
        if len(body) > limit:
            raise BodyTooLarge(f"body exceeds the {limit}-byte limit")
        return (body if keep else None), len(body)
    chunks: list[bytes] = []
    size = 0
    async for chunk in content.iter_chunked(CHUNK):
        if decoder:
            chunk = decoder.feed(chunk)
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(f"body exceeds the {limit}-byte limit")
        if keep:
            chunks.append(chunk)
    if decoder:
        decoder.end()
    return (b"".join(chunks) if keep else None), size
