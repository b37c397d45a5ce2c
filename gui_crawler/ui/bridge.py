"""Between the engine and the window: runs one crawl at a time and hands its events over in batches.

The engine's sink is ``list.append`` — it never touches Qt and costs nothing at full crawl
speed. A QTimer drains the list every ``interval_ms`` so that models change once per tick however
many events arrived (qutebrowser's downloads refresh the same way).

A crawl on many machines runs here the same way: its session (cluster.run.ClusterSession) gives
a ClusterCrawl in place of the engine, which sends the engine's events made from what the nodes
tell Redis, and NodeStates (``nodes``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from gui_crawler.base import heap
from gui_crawler.cluster.nodes import NodeState
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.phases import Timing
from gui_crawler.engine import Crawler
from gui_crawler.events import (
    CrawlFinished,
    Event,
    FetchRecord,
    HostState,
    Notice,
    Progress,
    Queued,
    RenderTab,
    WorkerEvent,
)
from gui_crawler.session import CrawlSession

if TYPE_CHECKING:  # imported when a cluster crawl is watched: the Redis client is slow to load
    from gui_crawler.cluster.run import ClusterCrawl, ClusterSession

# Five refreshes a second: live to the eye, and half the repaints of ten (the window's main cost).
DEFAULT_INTERVAL_MS = 200

# While a crawl runs, a full collection waits for this many collections of the middle generation
# (Python's default is 10). A crawl's heap grows fast and stays alive (a coroutine, a connection
# and a response per worker), so each full collection frees almost nothing, yet at 10,000 workers
# each one held the loop, and the window, for 100-500 ms: 10 times fewer of them halved the
# window's lag p99 at C10K (docs/performance-history.md, gui_ab.py). Young cycles are still collected as often as before.
CRAWL_GC_FULL_EVERY = 100


# The most records, and URLs taken in, one flush hands the window in a turn of the loop; the
# rest follow in the next turns, the loop's other work (input, paints) between them. On a site
# of 1M generated pages a tick brought ~500 records and ~5,000 URLs: 31 ms for the window's
# models at once (p99 60 ms), most of its UI lag.
TURN_RECORDS = 200
TURN_QUEUED = 2000

# A crawl's end, then a moment for the window to show it: then the heap is given back.
RELEASE_AFTER_MS = 1000


class CrawlBridge(QObject):
    """Owns the running :class:`Crawler` and its task; forwards commands, batches events.

    Signals:
        started(): a crawl task was created.
        queued(list[str]): URLs taken into the crawl since the last tick (before their batch).
        batch(list[FetchRecord], list[WorkerEvent]): what arrived since the last tick, in order.
        progress(Progress): the latest counters (once per tick at most).
        tick(float): every tick while running, with the loop time (for elapsed columns).
        finished(CrawlFinished): the crawl is over; every record was delivered before this.
        runningChanged(bool)
        hosts(list[HostState]): per-host politeness states that changed since the last tick.
        storeError(str): the crawl file could not be written; the crawl is being cancelled.
        notice(str): something about the crawl itself a person should know (the engine's
            Notice: the worker count was capped…), once per tick at most.
        nodes(list[NodeState]): a cluster crawl's nodes that changed since the last tick (before
            their workers' batch).
    """

    started = Signal()
    queued = Signal(object)
    batch = Signal(object, object)
    progress = Signal(object)
    tick = Signal(float)
    finished = Signal(object)
    runningChanged = Signal(bool)
    storeError = Signal(str)
    hosts = Signal(object)
    notice = Signal(str)
    nodes = Signal(object)

    def __init__(self, parent: Any = None, interval_ms: int = DEFAULT_INTERVAL_MS) -> None:
        super().__init__(parent)
        self._buffer: list[Event | NodeState] = []
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush)
        self._rest = QTimer(self)  # what one flush left for the next turns of the loop
        self._rest.setSingleShot(True)
        self._rest.setInterval(0)
        self._rest.timeout.connect(self.flush)
        self.crawler: Crawler | ClusterCrawl | None = None
        self.session: CrawlSession | ClusterSession | None = None
        self.task: asyncio.Task[CrawlFinished] | None = None
        self.last_progress: Progress | None = None
        self.result: CrawlFinished | None = None
        self._active = False
        self._gc_threshold: tuple[int, int, int] | None = None  # restored when the crawl ends

    @property
    def running(self) -> bool:
        """True from start() until the crawl has ended (before ``finished`` is emitted)."""
        return self._active

    @property
    def paused(self) -> bool:
        return self.crawler is not None and self.running and self.crawler.paused

    @property
    def started_at(self) -> float | None:
        """Loop time the current (or last) crawl began, None before any: the zero of its
        records' ``finished_at`` and of the timeline."""
        return self.crawler.started_at if self.crawler is not None else None

    def under_way(self) -> list[tuple[int, str, Timing]]:
        """(worker, URL, phase marks so far) of each request under way now. Read by the timeline
        at its frame rate: the crawl sends no event per phase."""
        if self.crawler is None or not self.running:
            return []
        return list(self.crawler.under_way())

    @property
    def cluster(self) -> ClusterCrawl | None:
        """The crawl on many machines running or shown last (None: one of this machine)."""
        crawler = self.crawler
        return None if crawler is None or isinstance(crawler, Crawler) else crawler

    def start(
        self, crawl: CrawlSession | ClusterSession | CrawlConfig
    ) -> asyncio.Task[CrawlFinished]:
        """Start a crawl on the running loop: a session (fresh or resumed, with its crawl file,
        closed when the crawl ends; or a cluster crawl's) or a bare config (nothing saved).
        Raises ConfigError for a bad config."""
        if self.running:
            raise RuntimeError("a crawl is already running")
        session = CrawlSession.unsaved(crawl) if isinstance(crawl, CrawlConfig) else crawl
        self._buffer.clear()  # leftovers of a previous crawl were flushed when it ended
        session.on_store_error = self.storeError.emit  # the session cancels the crawl itself
        crawler = session.start(self._buffer.append)
        self.crawler = crawler
        self.session = session
        self.result = None
        self.last_progress = None
        # The task is kept here: the loop only holds weak references to tasks.
        self.task = asyncio.get_running_loop().create_task(self._run(crawler), name="crawl")
        self._active = True
        self._space_full_collections()
        self._timer.start()
        self.started.emit()
        self.runningChanged.emit(True)
        return self.task

    async def _run(self, crawler: Crawler | ClusterCrawl) -> CrawlFinished:
        try:
            return await crawler.run()
        finally:
            if self.session is not None:
                # Not waiting for the last checkpoint's fsync: the window would stall meanwhile.
                self.session.close(crawler.finished, wait=False)
            # Not running any more as far as the window can tell: it may start the next crawl
            # from a finished() slot.
            self._active = False
            self._timer.stop()
            while self.flush():  # every record is delivered before finished
                pass
            self._rest.stop()  # started by a flush that left some: none are left
            if self.crawler is crawler:  # else a finished() slot started the next crawl
                # A finished crawler still holds its frontier: the seen set alone is ~70 B a
                # URL taken in (70 MB at a million), and nothing reads it once the crawl is over.
                self.crawler = None
            self.runningChanged.emit(False)
            if not self._active:  # else a finished() slot started the next crawl
                # Only now: the full collection held back comes at the next young one (~30 ms
                # on a 2,000-page crawl), after the window shows the crawl finished, not in
                # the last flush while the crawl still shows running.
                self._restore_collections()
                QTimer.singleShot(RELEASE_AFTER_MS, self._release_memory)

    def _release_memory(self) -> None:
        if not self._active:  # not in the middle of the next crawl
            gc.collect()
            # A crawl's short-lived objects leave free pages over the C heap's arenas: the
            # window's RSS grew by 5 to 15 MB a crawl with nothing of Python's left behind.
            heap.trim()

    def _space_full_collections(self) -> None:
        t0, t1, t2 = gc.get_threshold()
        if self._gc_threshold is None:  # else still spaced since a crawl started by finished()
            self._gc_threshold = (t0, t1, t2)
        gc.set_threshold(t0, t1, max(t2, CRAWL_GC_FULL_EVERY))

    def _restore_collections(self) -> None:
        if self._gc_threshold is not None:
            gc.set_threshold(*self._gc_threshold)
            self._gc_threshold = None

    def cancel(self) -> None:
        if self.crawler is not None and self.task is not None and not self.task.done():
            self.crawler.cancel()

    def pause(self) -> None:
        if self.crawler is not None and self.running:
            self.crawler.pause()

    def resume(self) -> None:
        if self.crawler is not None and self.running:
            self.crawler.resume()

    def set_max_workers(self, n: int) -> None:
        if self.crawler is not None and self.running:
            self.crawler.set_max_workers(n)

    async def wait(self) -> CrawlFinished | None:
        """Wait for the current crawl (if any) to end."""
        if self.task is None:
            return self.result
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(self.task)
        return self.result

    async def aclose(self) -> None:
        """Cancel the crawl and wait until its HTTP session is closed."""
        self.cancel()
        await self.wait()

    def flush(self) -> bool:
        """Drain the buffer into signals: records and worker changes, progress, then finished;
        at most TURN_RECORDS records and TURN_QUEUED URLs taken in, the rest in the next turn
        of the loop. True if some are left."""
        batch = self._take_turn()
        records: list[FetchRecord] = []
        workers: list[WorkerEvent] = []
        progress: Progress | None = None
        finished: CrawlFinished | None = None
        hosts: list[HostState] = []
        nodes: list[NodeState] = []
        queued: list[str] = []
        notice: str | None = None  # the latest: the status bar shows one
        for e in batch:
            t = type(e)
            if t is FetchRecord:
                records.append(e)  # type: ignore[arg-type]
            elif t is Queued:
                queued.append(e.url)  # type: ignore[union-attr,arg-type]
            elif t is WorkerEvent or t is RenderTab:  # the Workers tab lists both
                workers.append(e)  # type: ignore[arg-type]
            elif t is Progress:
                progress = e  # type: ignore[assignment]
            elif t is CrawlFinished:
                finished = e  # type: ignore[assignment]
            elif t is HostState:
                hosts.append(e)  # type: ignore[arg-type]
            elif t is NodeState:
                nodes.append(e)  # type: ignore[arg-type]
            elif t is Notice:
                notice = e.text  # type: ignore[union-attr]
        if hosts:
            self.hosts.emit(hosts)
        if queued:
            self.queued.emit(queued)
        if nodes:
            self.nodes.emit(nodes)
        if records or workers:
            self.batch.emit(records, workers)
        if progress is not None:
            self.last_progress = progress
            self.progress.emit(progress)
        if notice is not None:
            self.notice.emit(notice)
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to time
            self.tick.emit(asyncio.get_running_loop().time())
        if finished is not None:
            self.result = finished
            self.finished.emit(finished)
        left = bool(self._buffer)
        if left and not self._rest.isActive():
            self._rest.start()
        return left

    def commit_pending(self) -> None:
        """Commit now the records the crawl file was handed and has not committed (a reader is
        about to read one of this batch's records from the file)."""
        if (store := self.session.store if self.session else None) is not None:
            store.commit_pending()

    def _take_turn(self) -> list[Event | NodeState]:
        """The events of one flush, cut from the front of the buffer (in place: the engine
        holds a bound ``append`` of this very list)."""
        buffer = self._buffer
        records = queued = 0
        cut = len(buffer)
        for i, e in enumerate(buffer):
            t = type(e)
            if t is FetchRecord:
                records += 1
            elif t is Queued:
                queued += 1
            else:
                continue
            if records > TURN_RECORDS or queued > TURN_QUEUED:
                cut = i
                break
        batch = buffer[:cut]
        del buffer[:cut]
        return batch
