"""A crawl on many machines as the window runs it, in place of the engine (no Qt here).

``ClusterSession`` is what the window's bridge starts, as it starts a CrawlSession: it has the
crawl file the window shows, and ``start(sink)`` gives the ``ClusterCrawl`` the bridge runs:

* watching (File → Watch a cluster crawl…): the nodes, their workers and the crawl's progress as
  the watcher tells them (watch.py), and its records as they arrive, written to a crawl file of
  the window's own;
* working too (the window started the crawl, or continues it): one more node on this machine,
  with the collector writing every node's records into the crawl file, as ``gui-crawler crawl
  --cluster`` does (``work_and_collect``, shared with it).

``cancel()`` (the window closing, its crawl file failing) stops this machine's part: its node
gives back what it holds and the crawl goes on elsewhere. ``cancel_everywhere()`` cancels the
whole crawl: every node stops.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.collector import Collector
from gui_crawler.cluster.node import ClusterNode
from gui_crawler.cluster.nodes import NodeState
from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.cluster.watch import ClusterWatcher
from gui_crawler.config import CrawlConfig
from gui_crawler.events import CrawlFinished, Event, Notice
from gui_crawler.storage import CrawlStore

log = logging.getLogger(__name__)

Sink = Callable[[Event | NodeState], None]
# Seconds a stopped run still collects the records that came before it stopped.
STOPPING_WAIT = 5.0


def notices(sink: Callable[[Any], None]) -> Callable[[Event], None]:
    """Of a node's own events, the notices: the crawl's records and figures are the
    collector's and the watcher's, for every node alike."""

    def told(event: Event) -> None:
        if type(event) is Notice:
            sink(event)

    return told


async def work_and_collect(
    shared: SharedCrawl, node: ClusterNode, collector: Collector, store: CrawlStore
) -> CrawlFinished:
    """Work as ``node`` until the crawl's frontier is empty (or it stops), collecting every
    node's records into ``store`` meanwhile; a crawl done is then forgotten by Redis (its
    records are durable in ``store`` by then). ``store`` is left open."""
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    over = asyncio.Event()
    collecting = loop.create_task(collector.run(over), name="cluster-collector")
    try:
        finished = await node.run()
        over.set()
        if node.cancelled or node.gone:
            # What has come is collected; a server gone meanwhile is not waited for.
            await asyncio.wait({collecting}, timeout=STOPPING_WAIT)
        else:
            await collecting
    finally:
        collecting.cancel()
        await asyncio.gather(collecting, return_exceptions=True)
    try:
        counts = await shared.counts()
    except connection_errors():  # stopped while Redis could not be reached: the crawl goes on
        got = collector.collected
        counts = {"queued": 1, "held": 0, "taken": got, "recorded": got}
    empty = counts["queued"] <= 0 and counts["held"] == 0
    reason = "done" if empty and finished.reason == "done" else finished.reason
    if node.gone:
        reason = "error: " + node.gone
    elif store.error:
        reason = "error: " + store.error
    elif reason == "done":
        await store.durable()
        await shared.finish_up()
    return CrawlFinished(
        reason=reason,
        done=counts["recorded"],
        todo=max(0, counts["taken"] - counts["recorded"]),
        elapsed=loop.time() - t0,
    )


class ClusterCrawl:
    """The crawl of ``shared`` for the window's bridge: watched, and worked on with ``work``
    (this node's options) when given. Its events go to ``sink``; its records to ``store``."""

    paused = False  # a crawl shared by many machines is not paused from one of them

    def __init__(
        self,
        shared: SharedCrawl,
        address: RedisAddress,
        sink: Sink,
        store: CrawlStore,
        work: CrawlConfig | None = None,
    ) -> None:
        self.shared = shared
        self.address = address
        self.sink = sink
        self.store = store
        self.config = work if work is not None else shared.config
        self.node: ClusterNode | None = None
        self.collector: Collector | None = None
        if work is not None:
            self.node = ClusterNode(shared, work, sink=notices(sink), hide=address.hide)
            self.collector = Collector(shared, store, sink)
        # Working, the records are the collector's (each once, in the crawl file first);
        # watching, the watcher's, in a crawl file of the window's own.
        self.watcher = ClusterWatcher(
            shared, self._watched, None if work else store, records=work is None
        )
        self.finished: CrawlFinished | None = None
        self.cancelled_everywhere = False
        self._tasks: set[asyncio.Task[Any]] = set()

    # ---- what the bridge asks of an engine ---------------------------------------------------

    @property
    def started_at(self) -> float | None:
        """Loop time of the crawl's start (the zero of its records' times), once known."""
        return self.watcher.started_at

    @property
    def max_workers(self) -> int:
        """The workers of every node at work."""
        return self.watcher.workers

    @property
    def done(self) -> int:
        return self.watcher.recorded

    def under_way(self) -> list[Any]:
        """Nothing: the nodes tell Redis nothing of a request in flight."""
        return []

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def set_max_workers(self, n: int) -> None:
        """This machine's node's workers (none when the window only watches)."""
        if self.node is not None and self.node.crawler is not None:
            self.node.crawler.set_max_workers(n)

    def cancel(self) -> None:
        """Stop this machine's part: the window no longer watches, its node leaves (what it
        holds goes back to the others), the crawl goes on elsewhere."""
        self.watcher.stop()
        if self.node is not None:
            self.node.cancel()

    def cancel_everywhere(self) -> None:
        """Cancel the whole crawl: every node stops within a beat (continue it with crawl
        --cluster, or from the window)."""
        self.cancelled_everywhere = True
        task = asyncio.get_running_loop().create_task(self._cancel_everywhere())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _cancel_everywhere(self) -> None:
        try:
            await self.watcher.cancel()
        except connection_errors() as e:
            self.sink(
                Notice(f"Redis cannot be reached to cancel the crawl: {self.address.hide(str(e))}")
            )
            self.cancelled_everywhere = False
            return
        if self.node is not None:
            self.node.cancel()

    # ---- running -----------------------------------------------------------------------------

    def _watched(self, event: Event | NodeState) -> None:
        """The watcher's events, but its end when this window works on the crawl: the run
        ends when this node and the collector have."""
        if self.node is not None and type(event) is CrawlFinished:
            return
        self.sink(event)

    async def run(self) -> CrawlFinished:
        """Until the crawl is over (or this machine's part stopped); its end is sent too."""
        try:
            finished = await self._run()
        except Exception as e:  # Redis refusing a call, or a bug: said, not left running
            log.exception("the crawl on many machines stopped here")
            why = self.address.hide(str(e) or type(e).__name__)
            finished = CrawlFinished(f"error: {why}", self.watcher.recorded, 0, 0.0)
            self.sink(finished)
        finally:
            await self.shared.client.aclose()
        self.finished = finished
        return finished

    async def _run(self) -> CrawlFinished:
        if self.node is None or self.collector is None:
            return await self.watcher.run()  # which sends its end
        loop = asyncio.get_running_loop()
        watching = loop.create_task(self.watcher.run(), name="cluster-watcher")
        try:
            finished = await work_and_collect(self.shared, self.node, self.collector, self.store)
        finally:
            self.watcher.stop()
            await asyncio.gather(watching, return_exceptions=True)
        self.sink(finished)
        return finished


class ClusterSession:
    """A crawl on many machines and the crawl file the window shows it in: what the bridge
    starts (``start``), stops when that file cannot be written (``on_store_error``: the file
    is closed with the outcome, the crawl goes on elsewhere) and closes (``close``)."""

    saved = None  # nothing to continue from here: crawl --cluster, or the window, continues it

    def __init__(
        self,
        shared: SharedCrawl,
        address: RedisAddress,
        store: CrawlStore,
        work: CrawlConfig | None = None,
    ) -> None:
        self.shared = shared
        self.address = address
        self.store = store
        self.work = work
        self.config = work if work is not None else shared.config
        self.crawler: ClusterCrawl | None = None
        self.on_store_error: Callable[[str], None] = lambda message: None

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def store_error(self) -> str | None:
        return self.store.error

    def start(self, sink: Sink) -> ClusterCrawl:
        if self.crawler is not None:
            raise RuntimeError("a ClusterSession runs one crawl")
        loop = asyncio.get_running_loop()

        def on_error(message: str) -> None:  # called as a commit fails, off the loop
            loop.call_soon_threadsafe(self._failed, message)

        self.store.on_error = on_error
        self.crawler = ClusterCrawl(self.shared, self.address, sink, self.store, self.work)
        return self.crawler

    def _failed(self, message: str) -> None:
        if self.crawler is not None:
            self.crawler.cancel()
        self.on_store_error(message)

    def close(self, finished: CrawlFinished | None = None, wait: bool = True) -> None:
        self.store.close(finished.reason if finished is not None else "interrupted", wait)
        if self.crawler is None:  # never run: its connection is closed here, not by the run
            task = asyncio.ensure_future(self.shared.client.aclose())
            _closing.add(task)
            task.add_done_callback(_closing.discard)


_closing: set[asyncio.Future[Any]] = set()  # the loop holds tasks weakly
