"""What the views make of a crawl on many machines, fed by hand (no Redis here): the Workers tab
has a row per node, its workers' rows under it, and the Timeline a group of lanes per node; the
bridge hands the nodes over before their workers' batch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from gui_crawler.cluster.nodes import NODE_SPAN, NodeState
from gui_crawler.events import FetchRecord, WorkerEvent, WorkerState
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.ui.timeline_model import TimelineModel
from gui_crawler.ui.workers_model import WorkersModel

H = "http://h.test"


def node(number: int, state: str = "working", workers: int = 2, **kw: Any) -> NodeState:
    fields: dict[str, Any] = {"busy": 1, "fetched": 5, "recorded": 4, "offline": "",
                              "beat_age": 0.3}  # fmt: skip
    fields.update(kw)
    return NodeState(f"m{number}-1-1", number, f"m{number}", state, workers, **fields)


def cells(m: WorkersModel, col: int) -> list[Any]:
    return [m.data(m.index(r, col), Qt.ItemDataRole.DisplayRole) for r in range(m.rowCount())]


def test_a_row_per_node_its_workers_under_it(qtmodeltester: Any) -> None:
    m = WorkersModel()
    qtmodeltester.check(m)
    m.apply_nodes([node(0), node(1)])
    m.apply([WorkerEvent(NODE_SPAN + 1, WorkerState.FETCHING, H + "/b", 1.0),
             WorkerEvent(0, WorkerState.IDLE, None, 1.0)])  # fmt: skip
    qtmodeltester.check(m)
    assert cells(m, 0) == ["Node 1", "1 · #0", "Node 2", "2 · #1"]
    # A worker of the first node seen later goes under its node, not at the end.
    m.apply([WorkerEvent(1, WorkerState.PARSING, H + "/a", 2.0)])
    qtmodeltester.check(m)
    assert cells(m, 0) == ["Node 1", "1 · #0", "1 · #1", "Node 2", "2 · #1"]
    assert cells(m, 4)[2] == H + "/a" and cells(m, 4)[4] == H + "/b"
    assert cells(m, 1)[0] == "1/2 busy" and cells(m, 3)[0] == "4"
    assert cells(m, 4)[0] == "m0-1-1 on m0"
    # A node that lost Redis says so; one that left says how.
    m.apply_nodes([node(0, offline="Connection refused"), node(1, state="lost")])
    assert cells(m, 1)[0] == "1/2 busy · Redis unreachable"
    assert cells(m, 4)[0] == "m0-1-1 on m0: Connection refused"
    assert cells(m, 1)[3] == "lost"
    assert [n.number for n in m.nodes] == [0, 1]
    m.clear()
    assert m.rowCount() == 0 and m.nodes == []


def test_one_machines_workers_are_their_ids_as_before(qtmodeltester: Any) -> None:
    m = WorkersModel()
    m.apply([WorkerEvent(2, WorkerState.IDLE, None, 1.0)])
    qtmodeltester.check(m)
    assert cells(m, 0) == ["#0", "#1", "#2"]


def test_the_timeline_has_a_group_of_lanes_per_node() -> None:
    model = TimelineModel()

    def rec(worker: int, end: float) -> FetchRecord:
        return FetchRecord(url=f"{H}/{worker}-{end}", status=200, worker=worker, finished_at=end,
                           elapsed=0.5, ttfb_ms=400.0)  # fmt: skip

    model.add([rec(0, 1.0), rec(1, 1.2), rec(NODE_SPAN, 1.1), rec(NODE_SPAN + 2, 1.3)])
    lanes = model.lanes
    assert model.workers == 2 + 3  # node 1: ids 0-1, node 2: ids 0-2
    assert [lanes.lane(w) for w in (0, 1, NODE_SPAN, NODE_SPAN + 2)] == [0, 1, 2, 4]
    # A node saying it runs more workers than were seen: its group grows, the next moves down.
    lanes.set_node(node(0, workers=4))
    lanes.set_node(node(1, workers=3))
    assert lanes.lane(NODE_SPAN) == 4 and model.workers == 7
    assert [(st.number, first, n) for st, first, n in lanes.groups()] == [(0, 0, 4), (1, 4, 3)]
    model.clear()
    assert model.workers == 0 and lanes.groups() == []


def test_the_bridge_hands_nodes_over_before_their_workers(qtbot: Any) -> None:
    bridge = CrawlBridge()
    got: list[str] = []
    bridge.nodes.connect(lambda states: got.append(f"nodes {[s.number for s in states]}"))
    bridge.batch.connect(lambda records, workers: got.append(f"batch {len(workers)}"))
    bridge._buffer += [node(0), WorkerEvent(0, WorkerState.IDLE, None, 1.0), node(1)]
    bridge.flush()
    assert got == ["nodes [0, 1]", "batch 1"]
