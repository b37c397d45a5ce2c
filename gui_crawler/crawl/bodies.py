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
