"""One node's frontier of a shared crawl: the engine's Frontier, fed from Redis.

The engine asks it what it asks its own frontier (``add_url``, ``get``, ``task_done``, ``join``,
the seen set); what differs is where URLs come from and go:

* a URL taken in (``add_url``) is marked seen here and told to Redis, which takes it in once for
  the whole crawl (its seen set) and queues it on its host — unless it is a redirect's target
  (``ahead``): that one its node fetches itself, held for it at once, so that the redirect's
  record and its target's stay together (chains.py);
* ``get`` waits for URLs claimed from Redis, as many as workers wait for, each from a host that
  may start a request now (the per-host limit and delay hold for the whole cluster);
* a record is told to Redis by the node (``finish``), which takes it only if the URL is still
  this node's: a node given up as lost (killed, or cut off from Redis for longer than a lease)
  had its URLs handed to others, and each URL is recorded once, whoever fetched it;
* ``join`` returns when nothing is queued anywhere and no node holds a URL.

The local seen set is a cache: a URL seen here is seen in Redis, one not seen here may be; Redis
decides. Everything not told to Redis yet waits in the outboxes, through any loss of connection
(``pump``, run by the node, sends them and claims).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.crawl.frontier import Frontier
from gui_crawler.events import Queued

log = logging.getLogger(__name__)

# Seconds between two looks at Redis while nothing is claimable (nothing queued, or every host
# busy or in its delay: then at most until the first may start); longest wait after a failed call.
POLL = 0.1
OFFLINE_WAIT = 2.0
# URLs told to Redis at most per call.
BATCH = 500


class ClusterFrontier(Frontier):
    """The engine's frontier for one node (``node``) of the crawl ``shared``."""

    def __init__(self, shared: SharedCrawl, node: str) -> None:
        super().__init__()
        self.shared = shared
        self.node = node
        self._intake: list[tuple[Queued, bool]] = []  # taken in, not told to Redis yet
        self._done: list[tuple[str, str]] = []  # (url, record JSON) not told to Redis yet
        self._poke = asyncio.Event()
        self._sent = asyncio.Event()  # set whenever both outboxes were emptied
        self._sent.set()
        self.lost = False
        self.offline: str | None = None  # why Redis cannot be reached now, while it cannot
        self.on_recorded: Any = lambda url, taken: None  # told per record whether it was taken
        self.hide: Any = lambda text: text  # an error's text without the Redis password
        self.dropped = 0  # records of URLs that were no longer this node's

    # ---- what the engine calls ---------------------------------------------------------------

    def add_url(self, item: Queued, ahead: bool = False) -> None:
        self.seen.add(item.url)
        self._intake.append((item, ahead))
        self._sent.clear()
        if ahead:
            self.put(item, ahead=True)
        self._poke.set()

    async def get(self) -> Queued:
        self._poke.set()  # one more worker waits: the pump claims for it
        return await super().get()

    async def join(self) -> None:
        """Until the crawl's frontier is empty: nothing here, nothing unsent, nothing queued in
        Redis and no URL held by any node."""
        while True:
            await super().join()
            await self._sent.wait()
            if self.lost:  # the node starts afresh (node.py): nothing here is this node's
                await asyncio.sleep(POLL)
                continue
            try:
                if await self.shared.idle() and not self._unfinished and self._sent.is_set():
                    return
            except connection_errors():
                pass
            await asyncio.sleep(POLL)

    # ---- what the node calls -----------------------------------------------------------------

    def recorded(self, url: str, text: str) -> None:
        """A record (as JSON) to tell Redis; '' gives the URL back."""
        self._done.append((url, text))
        self._sent.clear()
        self._poke.set()

    async def sent(self) -> None:
        """Until Redis has everything taken in and recorded here so far."""
        await self._sent.wait()

    def waiting_workers(self) -> int:
        return sum(1 for g in self._getters if not g.done())

    async def pump(self) -> None:
        """Send what waits to Redis and claim URLs for the workers waiting, until cancelled;
        through a loss of connection it waits and tries again, keeping everything."""
        wait = POLL
        while True:
            self._poke.clear()
            try:
                await self._send()
                if self.lost:
                    self._sent.set()
                    return
                want = self.waiting_workers() - self.qsize()
                claimed = 0
                if want > 0:
                    items, wait_ms = await self.shared.claim(self.node, want)
                    if wait_ms == -2:
                        self.lost = True
                        self._sent.set()
                        return
                    for item in items:
                        self.seen.add(item.url)
                        self.put(item)
                    claimed = len(items)
                    wait = POLL if wait_ms < 0 else min(POLL, wait_ms / 1000)
                if self.offline is not None:
                    log.warning("Redis answers again")
                    self.offline = None
            except connection_errors() as e:
                self.offline = self.hide(str(e) or type(e).__name__)
                log.warning("Redis cannot be reached (%s): trying again", self.offline)
                await asyncio.sleep(OFFLINE_WAIT)
                continue
            if claimed and self.waiting_workers() > self.qsize():
                continue  # more workers wait: claim again at once
            if not self._intake and not self._done:
                self._sent.set()
            if self._intake or self._done:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), wait)

    async def _send(self) -> None:
        """The URLs taken in, then the records, a batch at a time, kept until Redis has them.
        No record goes before every URL taken in until then: a redirect's target, taken in
        while a batch of records was on its way, may be fetched and recorded before that batch
        is back, and Redis takes its record only once it holds it for this node."""
        while self._intake or self._done:
            if self._intake:
                batch = self._intake[:BATCH]
                await self.shared.take_in(self.node, batch)
                del self._intake[: len(batch)]
                continue
            done = self._done[:BATCH]
            taken = await self.shared.finish(self.node, done)
            del self._done[: len(done)]
            for (url, text), ok in zip(done, taken, strict=True):
                if text:
                    if not ok:
                        self.dropped += 1
                    self.on_recorded(url, bool(ok))
