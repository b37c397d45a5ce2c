"""One machine's part of a shared crawl: the engine on the crawl's options, fed from Redis.

``ClusterNode.run()`` works until the crawl's frontier is empty (every URL taken in recorded by
some node), the crawl is cancelled (by any node, or ``cluster cancel``) or ``cancel()``. It beats
while it works; a node that was given up as lost (it could not beat for a lease: cut off from
Redis, or stalled) starts again as a new node, its URLs having gone to the others. Leaving, it
gives back every URL it holds. A crawl file of its own (``store``) keeps each record Redis took
from it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable
from dataclasses import replace

from gui_crawler.cluster.frontier import ClusterFrontier
from gui_crawler.cluster.hosts import ClusterHosts
from gui_crawler.cluster.shared import (
    BEATS_PER_LEASE,
    SharedCrawl,
    connection_errors,
    node_name,
)
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import (
    CrawlFinished,
    ErrorKind,
    Event,
    FetchRecord,
    Queued,
    WorkerEvent,
    WorkerState,
)
from gui_crawler.storage import CrawlStore

log = logging.getLogger(__name__)

# Longest pause between two beats (the figures `cluster status` and a watching window show).
BEAT_MAX = 1.0
# Seconds a leaving node waits for Redis to take what it has not told it yet.
LEAVING_WAIT = 10.0
# Seconds a node goes on trying a Redis it cannot reach before it stops (--redis-wait): long
# enough for a restart or a network's hiccup, short enough that a node whose crawl is gone for
# good (its server stopped, a test that died) does not wait for ever.
REDIS_WAIT = 300.0


class ClusterNode:
    """A node of ``shared``'s crawl. ``config``: the crawl's options with this node's own (its
    workers, its credentials); ``sink`` is told every event of the engine (a window, a report);
    ``store`` keeps the records Redis took from this node."""

    def __init__(
        self,
        shared: SharedCrawl,
        config: CrawlConfig | None = None,
        sink: Callable[[Event], None] = lambda event: None,
        store: CrawlStore | None = None,
        hide: Callable[[str], str] = lambda text: text,
        redis_wait: float = REDIS_WAIT,
    ) -> None:
        self.shared = shared
        self.config = config if config is not None else shared.config
        self.sink = sink
        self.store = store
        self.hide = hide
        self.redis_wait = redis_wait
        self.gone: str | None = None  # why it stopped: Redis unreachable for too long
        self._answered_at = 0.0  # loop time of Redis's last answer to a beat
        self.name = ""
        self.crawler: Crawler | None = None
        self.frontier: ClusterFrontier | None = None
        self.cancelled = False  # this node was told to stop (or the whole crawl was)
        self.crawl_state = "running"
        self.recorded = 0  # records Redis took from this node
        self.lives = 0  # times it joined (more than once: it was given up as lost meanwhile)
        self._workers: dict[int, tuple[WorkerState, str | None]] = {}

    def cancel(self) -> None:
        self.cancelled = True
        if self.crawler is not None:
            self.crawler.cancel()

    async def run(self) -> CrawlFinished:
        """Work until the crawl's frontier is empty, or cancelled, or Redis cannot be reached
        for ``redis_wait`` seconds (``gone`` says so); the last life's finish."""
        self._answered_at = asyncio.get_running_loop().time()
        while True:
            finished = await self._live()
            if self.cancelled or self.gone or self.frontier is None or not self.frontier.lost:
                return finished
            log.warning("this node was given up as lost: joining again as a new node")

    async def _live(self) -> CrawlFinished:
        self.lives += 1
        self.name = node_name()
        self.frontier = frontier = ClusterFrontier(self.shared, self.name)
        frontier.on_recorded = self._taken
        frontier.hide = self.hide
        self._workers.clear()
        self.crawler = crawler = Crawler(
            self.config, self._sink, frontier=frontier, hosts=ClusterHosts(self.shared)
        )
        frontier.in_scope = crawler.scope.__contains__
        await self._beat(join=True)
        loop = asyncio.get_running_loop()
        pump = loop.create_task(frontier.pump(), name=f"cluster-pump-{self.name}")
        beats = loop.create_task(self._beats(), name=f"cluster-beat-{self.name}")
        try:
            if self.cancelled or self.crawl_state != "running":
                crawler.cancel()
            return await crawler.run()
        finally:
            beats.cancel()
            await asyncio.gather(beats, return_exceptions=True)
            if not frontier.lost and frontier.offline is None:
                # What is made is told before leaving (a record kept by a chain until the end);
                # not waited for while Redis cannot be reached: those URLs are fetched again.
                try:
                    await asyncio.wait_for(frontier.sent(), LEAVING_WAIT)
                except TimeoutError:
                    log.warning(
                        "Redis did not take this node's last records: they are fetched again"
                    )
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)
            try:
                state = "lost" if frontier.lost else "cancelled" if self.cancelled else "done"
                await self.shared.leave(self.name, state)
            except connection_errors():
                pass  # its URLs go back when its lease runs out

    def _sink(self, event: Event) -> None:
        t = type(event)
        if t is FetchRecord:
            rec: FetchRecord = event  # type: ignore[assignment]
            frontier = self.frontier
            assert frontier is not None
            if rec.error_kind == ErrorKind.CANCELLED or frontier.lost:
                return  # not fetched: given back as the node leaves
            frontier.recorded(rec.url, rec)
        elif t is Queued:
            return  # told to Redis by the frontier; the crawl file gets it with its record
        elif t is WorkerEvent:
            w: WorkerEvent = event  # type: ignore[assignment]
            if w.state is WorkerState.STOPPED:
                self._workers.pop(w.worker_id, None)
            else:
                self._workers[w.worker_id] = (w.state, w.url)
        self.sink(event)

    def _taken(self, rec: FetchRecord, taken: bool) -> None:
        """Redis answered for ``rec`` (as it took it: as the crawl decided, frontier.py)."""
        if not taken:
            return
        self.recorded += 1
        if self.store is not None:
            self.store.sink(Queued(rec.url, self.config.max_redirect, rec.depth, rec.referrer))
            self.store.sink(rec)

    def figures(self) -> dict[str, object]:
        """What this node tells the others (``cluster status``, a watching window); ``up``: the
        seconds since its crawl started, once it has (the zero of its records' times)."""
        crawler, frontier = self.crawler, self.frontier
        busy = sum(
            1 for s, _ in self._workers.values() if s in (WorkerState.FETCHING, WorkerState.PARSING)
        )
        workers = ";".join(
            f"{wid} {state.value} {url or ''}"
            for wid, (state, url) in sorted(self._workers.items())
        )
        out: dict[str, object] = {
            "machine": socket.gethostname(),
            "pid": os.getpid(),
            "state": "working",
            "workers": crawler.max_workers if crawler is not None else 0,
            "busy": busy,
            "fetched": crawler.done if crawler is not None else 0,
            "recorded": self.recorded,
            "dropped": frontier.dropped if frontier is not None else 0,
            "offline": frontier.offline or "" if frontier is not None else "",
            "lives": self.lives,
            "worker_states": workers,
        }
        if crawler is not None and crawler.started_at is not None:
            out["up"] = round(asyncio.get_running_loop().time() - crawler.started_at, 3)
        return out

    async def _beat(self, join: bool = False) -> None:
        now = asyncio.get_running_loop().time()
        try:
            alive, state = await self.shared.heartbeat(self.name, self.figures(), join=join)
        except connection_errors() as e:
            # The pump says so; the lease is the judge of its URLs, the bound of the node.
            if now - self._answered_at >= self.redis_wait and self.crawler is not None:
                why = self.hide(str(e) or type(e).__name__)
                self.gone = f"Redis could not be reached for {self.redis_wait:g} s ({why})"
                log.error("%s: this node stops", self.gone)
                self.crawler.cancel()
            return
        self._answered_at = now
        self.crawl_state = state
        frontier, crawler = self.frontier, self.crawler
        if not alive and frontier is not None and crawler is not None:
            frontier.lost = True
            crawler.cancel()
        elif state == "cancelled" and crawler is not None:
            self.cancelled = True
            crawler.cancel()
        try:
            await self.shared.reclaim()
        except connection_errors():
            pass

    async def _beats(self) -> None:
        every = min(BEAT_MAX, self.shared.stored.lease / BEATS_PER_LEASE)
        while True:
            await asyncio.sleep(every)
            await self._beat()


def node_config(shared: SharedCrawl, **overrides: object) -> CrawlConfig:
    """The crawl's options with a node's own (workers, credentials, timeout)."""
    given = {k: v for k, v in overrides.items() if v is not None}
    return replace(shared.config, **given).validated() if given else shared.config  # type: ignore[arg-type]
