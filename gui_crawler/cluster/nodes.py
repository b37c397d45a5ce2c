"""What a window is told of a cluster crawl's nodes, apart from the engine's own events: a
``NodeState`` per node, and how the nodes' workers are told apart (``NODE_SPAN``). No Redis
here: the window imports this much at start-up, the rest of the cluster only when it watches
one."""

from __future__ import annotations

from dataclasses import dataclass

from gui_crawler.base.translate import noop, translate

NODE_SPAN = 100_000  # worker ids per node (a node runs at most 100,000 workers)


@dataclass(frozen=True, slots=True)
class NodeState:
    """A node of a cluster crawl, as it last told Redis: its workers' ids are ``number *
    NODE_SPAN`` plus their own on it, its records' times count from the crawl's start."""

    node: str
    number: int  # the order it joined in, from 0
    machine: str
    state: str  # working, lost, left, done, cancelled
    workers: int
    busy: int
    fetched: int
    recorded: int
    offline: str  # why it cannot reach Redis now ("" when it can)
    beat_age: float  # seconds since it last told Redis (-1: never)


NODES = "Nodes"  # the translation context of what is said of a node
STATE_WORDS = {
    "working": noop(NODES, "working"),
    "lost": noop(NODES, "lost"),
    "left": noop(NODES, "left"),
    "done": noop(NODES, "done"),
    "cancelled": noop(NODES, "cancelled"),
}


def state_words(st: NodeState) -> str:
    """A node's state as a person reads it: while it works, its workers busy, and whether it
    reaches Redis; in the window's language."""
    if st.state != "working":
        return translate(NODES, STATE_WORDS.get(st.state, st.state))
    words = translate(NODES, "{busy}/{workers} busy").format(busy=st.busy, workers=st.workers)
    return words + (translate(NODES, " · Redis unreachable") if st.offline else "")


def node_label(st: NodeState) -> str:
    """A node's lanes' label in the Timeline: its number, machine and state."""
    return translate(NODES, "node {n} · {machine} · {state}").format(
        n=st.number + 1, machine=st.machine, state=state_words(st)
    )


def worker_label(worker_id: int) -> str:
    """How a person reads a worker of a cluster crawl: its node (from 1) and its own number."""
    node, own = divmod(worker_id, NODE_SPAN)
    return f"{node + 1} · #{own}"
