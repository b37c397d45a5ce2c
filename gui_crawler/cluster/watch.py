"""What a window watching a cluster crawl is told (no Qt here): the engine's own events, made from
what the nodes tell Redis, so that the window's bridge and models show them as they show a crawl
of their own — and one more, ``NodeState``, per node (nodes.py).

* each node's workers as ``WorkerEvent``s, their ids ``node number * NODE_SPAN + worker`` (a
  node's workers stay together in the Workers tab, one lane group per node in the Timeline);
* every record as it arrives, on the crawl's axis (axis.py: its worker's id as above, its time
  from the crawl's start), read from the records stream, where the collector leaves the last
  batches it collected for watchers (``records=False``: none, when the window collects them);
* ``Progress`` from the crawl's counts, ``CrawlFinished`` when it is over (or ``stop()``);
* ``NodeState`` when a node's figures change (joined, working, lost, left, done).

``cancel()`` cancels the whole crawl (every node stops, giving back what it holds). A window on
a machine that does not collect the crawl shows its records from a crawl file of its own: given
``store``, the watcher writes each record it sees there too, as a collector would (a window that
started the crawl has the collected file already).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from gui_crawler.cluster.axis import CrawlAxis
from gui_crawler.cluster.nodes import NODE_SPAN, NodeState
from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.cluster.status import NodeFigures, node_figures
from gui_crawler.cluster.wire import record_of
from gui_crawler.events import (
    CrawlFinished,
    Event,
    FetchRecord,
    Progress,
    Queued,
    Reason,
    WorkerEvent,
    WorkerState,
)
from gui_crawler.storage import CrawlStore

log = logging.getLogger(__name__)

POLL = 0.25
READ = 1000  # records read from the stream at a time (read again at once while it has more)


class ClusterWatcher:
    """Watches ``shared``'s crawl and tells ``sink`` (on the loop) what happens."""

    def __init__(
        self,
        shared: SharedCrawl,
        sink: Callable[[Event | NodeState], None],
        store: CrawlStore | None = None,
        records: bool = True,
    ) -> None:
        self.shared = shared
        self.sink = sink
        self.store = store
        self.records = records
        self.axis = CrawlAxis(shared)
        self.started_at: float | None = None  # loop time of the crawl's start, once known
        self.workers = 0  # of the nodes at work
        self.recorded = 0  # records the crawl has (every node's)
        self._nodes: dict[str, NodeFigures] = {}
        self._workers: dict[int, tuple[WorkerState, str]] = {}
        self._last_id = b"0"
        self._stopped = False
        self._wake: asyncio.Event | None = None
        self._progress: Progress | None = None  # the last sent

    async def cancel(self) -> None:
        await self.shared.set_state("cancelled")

    def stop(self) -> None:
        """Stop watching (the crawl goes on): ``run`` returns at once."""
        self._stopped = True
        if self._wake is not None:
            self._wake.set()

    async def run(self) -> CrawlFinished:
        """Until the crawl is finished or cancelled and its nodes have left (or ``stop()``)."""
        self._wake = asyncio.Event()
        while True:
            done = None
            if not self._stopped:
                try:
                    done = await self._look()
                except connection_errors() as e:
                    log.warning("Redis cannot be reached (%s)", e)
            if self._stopped:
                p = self._progress
                done = CrawlFinished(Reason.CANCELLED, self.recorded, p.queued if p else 0,
                                     p.elapsed if p else 0.0)  # fmt: skip
            if done is not None:
                self.sink(done)
                return done
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL)

    async def _look(self) -> CrawlFinished | None:
        shared = self.shared
        loop = asyncio.get_running_loop()
        busy = workers = 0
        figures = await node_figures(shared)
        self.axis.learn(figures)
        for n in figures:
            if self._nodes.get(n.node) != n:
                self._nodes[n.node] = n
                self.sink(
                    NodeState(n.node, max(0, n.number), n.machine, n.state, n.workers, n.busy,
                              n.fetched, n.recorded, n.offline, n.beat_age)
                )  # fmt: skip
                self._tell_workers(max(0, n.number), n, loop.time())
            if n.state == "working":
                busy += n.busy
                workers += n.workers
        self.workers = workers
        if self.records:
            await self._read_records()
        counts = await shared.counts()
        seconds, micros = await shared.client.time()
        now_ms = seconds * 1000 + micros / 1000
        if self.started_at is None:
            zero = await self.axis.zero()
            self.started_at = loop.time() - (now_ms - (zero if zero is not None else now_ms)) / 1000
        elapsed = loop.time() - self.started_at
        self.recorded = counts["recorded"]
        self._progress = p = Progress(
            queued=counts["queued"],
            in_flight=counts["held"],
            done=counts["recorded"],
            seen=counts["taken"],
            workers=workers,
            busy=busy,
            paused=False,
            elapsed=elapsed,
        )
        self.sink(p)
        state = await shared.state()
        working = any(n.state == "working" for n in self._nodes.values())
        if state in ("finished", "gone") or (state == "cancelled" and not working):
            reason = Reason.DONE if state != "cancelled" else Reason.CANCELLED
            todo = max(0, counts["taken"] - counts["recorded"])
            return CrawlFinished(reason, counts["recorded"], todo, elapsed)
        return None

    async def _read_records(self) -> None:
        """The records in the stream since the last look, each with its node, placed on the
        crawl's axis; written to ``store`` too when given."""
        shared = self.shared
        while True:
            got = await shared.client.xread({shared.key("records"): self._last_id}, count=READ)
            entries = got[0][1] if got else []
            made: list[tuple[FetchRecord, str]] = []
            for entry_id, fields in entries:
                self._last_id = entry_id
                try:
                    rec = record_of(fields[b"r"])
                except (KeyError, ValueError, TypeError):
                    continue
                made.append((rec, fields.get(b"n", b"").decode("utf-8", "replace")))
            for rec in await self.axis.place(made):
                if self.store is not None:
                    redirects = shared.config.max_redirect
                    self.store.sink(Queued(rec.url, redirects, rec.depth, rec.referrer))
                    self.store.sink(rec)
                self.sink(rec)
            if len(entries) < READ:
                return

    def _tell_workers(self, number: int, n: NodeFigures, now: float) -> None:
        """The node's workers as WorkerEvents: those that changed, and those gone as STOPPED."""
        base = number * NODE_SPAN
        seen = set()
        if n.state == "working":
            for part in filter(None, n.worker_states.split(";")):
                wid_text, state_text, url = ([*part.split(" ", 2), "", ""])[:3]
                try:
                    wid, state = base + int(wid_text), WorkerState(int(state_text))
                except ValueError:
                    continue
                seen.add(wid)
                if self._workers.get(wid) != (state, url):
                    self._workers[wid] = (state, url)
                    self.sink(WorkerEvent(wid, state, url or None, now))
        for wid in [w for w in self._workers if base <= w < base + NODE_SPAN and w not in seen]:
            del self._workers[wid]
            self.sink(WorkerEvent(wid, WorkerState.STOPPED, None, now))
