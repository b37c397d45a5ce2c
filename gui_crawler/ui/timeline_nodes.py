"""Lanes by worker: one machine's worker ids are its lanes; a cluster crawl's workers (their node's
number times NODE_SPAN, plus their own id on it) get a group of lanes per node, in the nodes'
order, each group as many lanes as its node has workers (its highest id seen, or the workers it
said it runs), and a label over it (the node's machine and state)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gui_crawler.cluster.nodes import NODE_SPAN, NodeState


@dataclass
class WorkerLanes:
    sizes: dict[int, int] = field(default_factory=dict)  # node -> its lanes
    nodes: dict[int, NodeState] = field(default_factory=dict)  # a cluster crawl's, by number
    _offset: dict[int, int] = field(default_factory=dict)
    _total: int = 0

    def clear(self) -> None:
        self.sizes.clear()
        self.nodes.clear()
        self._offset.clear()
        self._total = 0

    def see(self, worker: int) -> None:
        """A worker id drawn: its node's group has a lane for it."""
        node, own = divmod(worker, NODE_SPAN)
        if own >= self.sizes.get(node, 0):
            self.sizes[node] = own + 1
            self._offset.clear()

    def set_node(self, state: NodeState) -> None:
        self.nodes[state.number] = state
        if state.workers > self.sizes.get(state.number, 0):
            self.sizes[state.number] = state.workers
            self._offset.clear()

    def lane(self, worker: int) -> int:
        node, own = divmod(worker, NODE_SPAN)
        return self.offset(node) + own

    def offset(self, node: int) -> int:
        """The first lane of ``node``'s group."""
        if not self._offset:
            n = 0
            for k in sorted(self.sizes):
                self._offset[k] = n
                n += self.sizes[k]
            self._total = n
        return self._offset.get(node, 0)

    def total(self) -> int:
        self.offset(0)
        return self._total

    def groups(self) -> list[tuple[NodeState, int, int]]:
        """(node, first lane, lanes) of each node of a cluster crawl, in order."""
        return [(st, self.offset(k), self.sizes.get(k, 0)) for k, st in sorted(self.nodes.items())]
