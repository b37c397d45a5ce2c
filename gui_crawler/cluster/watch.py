"""What a window watching a cluster crawl is told (no Qt here): the engine's own events, made from
what the nodes tell Redis, so that the window's bridge and models show them as they show a crawl
of their own — and one more, ``NodeState``, per node.

* each node's workers as ``WorkerEvent``s, their ids ``node number * NODE_SPAN + worker`` (a
  node's workers stay together in the Workers tab, one lane group per node in the Timeline);
* every record as it arrives (``FetchRecord``; read from the records stream, where the collector
  leaves the last batches it collected for watchers);
* ``Progress`` from the crawl's counts, ``CrawlFinished`` when it is over;
* ``NodeState`` when a node's figures change (joined, working, lost, left, done).

``cancel()`` cancels the whole crawl (every node stops, giving back what it holds). A window on
a machine that does not collect the crawl shows its records from a crawl file of its own: given
``store``, the watcher writes each record it sees there too, as a collector would (a window that
started the crawl has the collected file already).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.cluster.status import NodeFigures, node_figures
from gui_crawler.cluster.wire import record_of
from gui_crawler.events import CrawlFinished, Event, Progress, Queued, WorkerEvent, WorkerState
from gui_crawler.storage import CrawlStore

log = logging.getLogger(__name__)

NODE_SPAN = 100_000  # worker ids per node (a node runs at most 100,000 workers)
POLL = 0.25


@dataclass(frozen=True, slots=True)
class NodeState:
    """A node of a cluster crawl, as it last told Redis: ``number`` orders its workers' ids."""

    node: str
    number: int
    machine: str
    state: str  # working, lost, left, done, cancelled
    workers: int
    busy: int
    fetched: int
    recorded: int
    offline: str  # why it cannot reach Redis now ("" when it can)
    beat_age: float


class ClusterWatcher:
    """Watches ``shared``'s crawl and tells ``sink`` (on the loop) what happens."""

    def __init__(
        self,
        shared: SharedCrawl,
        sink: Callable[[Event | NodeState], None],
        store: CrawlStore | None = None,
    ) -> None:
        self.shared = shared
        self.sink = sink
        self.store = store
        self._numbers: dict[str, int] = {}
        self._nodes: dict[str, NodeFigures] = {}
        self._workers: dict[int, tuple[int, str]] = {}
        self._last_id = b"0"
        self._t0 = time.monotonic()

    async def cancel(self) -> None:
        await self.shared.set_state("cancelled")

    async def run(self) -> CrawlFinished:
        """Until the crawl is finished or cancelled and its nodes have left."""
        while True:
            try:
                done = await self._look()
            except connection_errors() as e:
                log.warning("Redis cannot be reached (%s)", e)
                done = None
            if done is not None:
                self.sink(done)
                return done
            await asyncio.sleep(POLL)

    async def _look(self) -> CrawlFinished | None:
        shared = self.shared
        got = await shared.client.xread({shared.key("records"): self._last_id}, count=1000)
        for _, entries in got or ():
            for entry_id, fields in entries:
                self._last_id = entry_id
                try:
                    rec = record_of(fields[b"r"])
                except (KeyError, ValueError, TypeError):
                    continue
                if self.store is not None:
                    redirects = shared.config.max_redirect
                    self.store.sink(Queued(rec.url, redirects, rec.depth, rec.referrer))
                    self.store.sink(rec)
                self.sink(rec)
        now = asyncio.get_running_loop().time()
        busy = workers = 0
        for n in await node_figures(shared):
            number = self._numbers.setdefault(n.node, len(self._numbers))
            if self._nodes.get(n.node) != n:
                self._nodes[n.node] = n
                self.sink(
                    NodeState(n.node, number, n.machine, n.state, n.workers, n.busy, n.fetched,
                              n.recorded, n.offline, n.beat_age)
                )  # fmt: skip
                self._tell_workers(number, n, now)
            if n.state == "working":
                busy += n.busy
                workers += n.workers
        counts = await shared.counts()
        elapsed = time.monotonic() - self._t0
        self.sink(
            Progress(
                queued=counts["queued"],
                in_flight=counts["held"],
                done=counts["recorded"],
                seen=counts["taken"],
                workers=workers,
                busy=busy,
                paused=False,
                elapsed=elapsed,
            )
        )
        state = await shared.state()
        working = any(n.state == "working" for n in self._nodes.values())
        if state in ("finished", "gone") or (state == "cancelled" and not working):
            reason = "done" if state != "cancelled" else "cancelled"
            todo = max(0, counts["taken"] - counts["recorded"])
            return CrawlFinished(reason, counts["recorded"], todo, elapsed)
        return None

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
