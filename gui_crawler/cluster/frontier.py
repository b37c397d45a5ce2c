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
* ``join`` returns when nothing is queued anywhere and no node holds a URL;
* a record says what Redis decided, not what this node guessed: its ``num_new_urls`` counts the
  links new to the whole crawl (Redis's seen set answered for each), and a redirect whose target
  Redis did not take in (seen by then, or past ``max_pages``) says it was not followed.

The local seen set is a cache: a URL seen here is seen in Redis, one not seen here may be; Redis
decides. Everything not told to Redis yet waits in the outboxes, through any loss of connection
(``pump``, run by the node, sends them and claims).

An answer can be lost after Redis acted on the call (the connection cut, Redis stopping with the
answer unsent), and a Redis that crashes with ``appendfsync everysec`` comes back without its last
second of writes. Redis counts each call of a node's pump and answers with the count: one that
jumps says an answer was lost, one that falls back says writes were. Then (and when Redis answers
again after an outage, and every lease besides) the node compares the URLs Redis says it holds
with those it does hold: what it holds unknowingly goes back (a node that beats keeps its URLs
for ever, and the crawl would never end), what Redis forgot it holds is taken in again. Writes
lost also empty the local seen set, before anything handed out since is parsed: Redis may have
forgotten URLs taken in meanwhile; the pages that found them are fetched again, and their links
must be offered again.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from dataclasses import replace
from typing import Any

from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.cluster.wire import record_text
from gui_crawler.crawl.frontier import Frontier
from gui_crawler.events import FetchRecord, Queued

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
        # (url, its record; None: given back) not told to Redis yet
        self._done: list[tuple[str, FetchRecord | None]] = []
        self._told: list[tuple[str, FetchRecord | None]] = []  # the same, as Redis decided
        # The URLs this node holds (handed by Redis, or redirect targets it fetches itself) until
        # Redis has their record or has them back.
        self._holding: dict[str, Queued] = {}
        # Redirect targets Redis did not take in for this node: 0 seen already, -1 max_pages.
        self._refused: dict[str, int] = {}
        # Per page: its links Redis took in as new to the crawl (its record's num_new_urls).
        self._new: collections.Counter[str] = collections.Counter()
        self._checked_at = 0.0  # loop time of the last comparison with Redis (_check)
        self._calls: int | None = None  # this node's call count in Redis's last answer
        self._amiss = False  # a count out of step: compare with Redis at once
        self._poke = asyncio.Event()
        self._sent = asyncio.Event()  # set whenever both outboxes were emptied
        self._sent.set()
        self.lost = False
        self.offline: str | None = None  # why Redis cannot be reached now, while it cannot
        self.on_recorded: Any = lambda rec, taken: None  # told per record whether it was taken
        self.hide: Any = lambda text: text  # an error's text without the Redis password
        self.in_scope: Any = lambda url: True  # (an off-site link taken in is only checked)
        self.dropped = 0  # records of URLs that were no longer this node's

    # ---- what the engine calls ---------------------------------------------------------------

    def add_url(self, item: Queued, ahead: bool = False) -> None:
        self.seen.add(item.url)
        self._intake.append((item, ahead))
        self._sent.clear()
        if ahead:
            self._holding[item.url] = item
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

    def recorded(self, url: str, rec: FetchRecord | None) -> None:
        """A record to tell Redis; None gives the URL back."""
        self._done.append((url, rec))
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
                    self._count()  # before the workers see them (the seen set)
                    if wait_ms == -2:
                        self.lost = True
                        self._sent.set()
                        return
                    for item in items:
                        self.seen.add(item.url)
                        self._holding[item.url] = item
                        self.put(item)
                    claimed = len(items)
                    wait = POLL if wait_ms < 0 else min(POLL, wait_ms / 1000)
                if self.offline is not None:
                    log.warning("Redis answers again")
                    await self._check()
                    self.offline = None
                elif self._amiss or self._checked_at + self.shared.stored.lease < self._now():
                    await self._check()
            except connection_errors() as e:
                self.offline = self.hide(str(e) or type(e).__name__)
                log.warning("Redis cannot be reached (%s): trying again", self.offline)
                await asyncio.sleep(OFFLINE_WAIT)
                continue
            if claimed and self.waiting_workers() > self.qsize():
                continue  # more workers wait: claim again at once
            if self._intake or self._done or self._told:
                continue
            self._sent.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), wait)

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def _count(self) -> None:
        """After each call of the pump: the node's call count Redis answered with, one more
        than the last unless an answer was lost (more) or Redis lost writes (not more: the URLs
        it took in then may be forgotten, so none is skipped as seen here from now on)."""
        n = self.shared.calls.pop(self.node, None)
        if n is None:
            return
        if self._calls is not None and n != self._calls + 1:
            self._amiss = True
            if n <= self._calls:
                log.warning("Redis lost writes: what this node holds is compared with it")
                self.seen.fingerprints.clear()
        self._calls = n

    async def _check(self) -> None:
        """Hold what Redis says this node holds, no more, no less (the module's last part)."""
        self._checked_at = self._now()
        self._amiss = False
        held = await self.shared.held(self.node)
        waiting = {item.url for item, mine in self._intake if mine}  # not told yet
        unknown = [u for u in held if u not in self._holding]
        forgotten = [i for u, i in self._holding.items() if u not in held and u not in waiting]
        if unknown:
            log.warning(
                "Redis handed this node %d URLs it never heard of: given back", len(unknown)
            )
            await self.shared.finish(self.node, [(u, "") for u in unknown])
            self._count()
        if forgotten:
            log.warning("Redis forgot %d URLs this node holds: taken in again", len(forgotten))
            batch = [(i, True) for i in forgotten]
            self._taken_in(batch, await self.shared.take_in(self.node, batch))
            self._count()

    def _taken_in(self, batch: list[tuple[Queued, bool]], answers: list[int]) -> None:
        """What Redis answered for URLs taken in: per page, its links new to the crawl; the
        redirect targets it did not take in for this node (held elsewhere, or none at all)."""
        for (item, mine), answer in zip(batch, answers, strict=True):
            if mine:
                if answer != 1:
                    self._refused[item.url] = answer
                    self._holding.pop(item.url, None)
            elif answer == 1 and item.referrer is not None and self.in_scope(item.url):
                self._new[item.referrer] += 1

    def _as_told(self, rec: FetchRecord) -> FetchRecord:
        """``rec`` as Redis decided (the module's docstring)."""
        new = self._new.pop(rec.url, 0)
        if rec.next_url is None:
            return rec if rec.num_new_urls == new else replace(rec, num_new_urls=new)
        refused = self._refused.pop(rec.next_url, None)
        if refused is None or rec.note is not None or not rec.num_new_urls:
            return rec
        note = "max pages reached: not followed" if refused < 0 else "target already seen"
        return replace(rec, note=note, num_new_urls=0)

    async def _send(self) -> None:
        """The URLs taken in, then the records, a batch at a time, kept until Redis has them.
        No record goes before every URL taken in until then: a redirect's target, taken in
        while a batch of records was on its way, may be fetched and recorded before that batch
        is back, and Redis takes its record only once it holds it for this node."""
        while self._intake or self._done or self._told:
            if self._intake:
                batch = self._intake[:BATCH]
                answers = await self.shared.take_in(self.node, batch)
                self._count()
                del self._intake[: len(batch)]
                self._taken_in(batch, answers)
                continue
            # Made as Redis decided once, before the first try: a try that fails is made again.
            self._told += [(url, None if rec is None else self._as_told(rec))
                           for url, rec in self._done]  # fmt: skip
            self._done.clear()
            done = self._told[:BATCH]
            taken = await self.shared.finish(
                self.node, [(url, "" if rec is None else record_text(rec)) for url, rec in done]
            )
            self._count()
            del self._told[: len(done)]
            for (url, rec), ok in zip(done, taken, strict=True):
                self._holding.pop(url, None)
                if rec is not None:
                    if not ok:
                        self.dropped += 1
                    self.on_recorded(rec, bool(ok))
