"""A cluster crawl's records on the crawl's own axis, as one machine's crawl has them: worker ids
that tell the nodes' workers apart (the node's number times NODE_SPAN, plus the worker's own id
on its node), and times counted from the crawl's start rather than from each node's. Times are
Redis's clock, which every node shares: a node's start is its first beat after its crawl began,
less how long it had been up then (scripts.HEARTBEAT). The collected crawl file and a watching
window see the same: a window draws one lane group per node, and a crawl file reopened draws
them again."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from gui_crawler.cluster.shared import SharedCrawl
from gui_crawler.cluster.status import NodeFigures, node_figures
from gui_crawler.events import FetchRecord

NODE_SPAN = 100_000  # worker ids per node (a node runs at most 100,000 workers)


class CrawlAxis:
    """Places records of ``shared``'s crawl, each with the node that made it."""

    def __init__(self, shared: SharedCrawl) -> None:
        self.shared = shared
        self.zero_ms: float | None = None  # the crawl's start (Redis's clock, ms)
        self._nodes: dict[str, tuple[int, float]] = {}  # node -> (number, start ms)

    def learn(self, nodes: Iterable[NodeFigures]) -> None:
        for n in nodes:
            if n.node not in self._nodes and n.number >= 0 and n.start_ms > 0:
                self._nodes[n.node] = (n.number, n.start_ms)

    async def place(self, records: Sequence[tuple[FetchRecord, str]]) -> list[FetchRecord]:
        """The records (each with its node's name; "": not known) on the crawl's axis; one of a
        node that cannot be placed (an older version's) as it was made."""
        if any(node and node not in self._nodes for _, node in records):
            self.learn(await node_figures(self.shared))
        await self.zero()
        return [self._placed(rec, node) for rec, node in records]

    async def zero(self) -> float | None:
        """The crawl's start (ms, Redis's clock), read once; None while it is not known."""
        if self.zero_ms is None:
            self.zero_ms = await self.shared.zero_ms()
            if self.zero_ms is None and self._nodes:  # a crawl made by an older version
                self.zero_ms = min(start for _, start in self._nodes.values())
        return self.zero_ms

    def _placed(self, rec: FetchRecord, node: str) -> FetchRecord:
        got = self._nodes.get(node)
        if got is None or self.zero_ms is None:
            return rec
        number, start = got
        worker = number * NODE_SPAN + rec.worker if rec.worker >= 0 else rec.worker
        return replace(
            rec, worker=worker, finished_at=rec.finished_at + (start - self.zero_ms) / 1000
        )
