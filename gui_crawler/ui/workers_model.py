"""One row per worker coroutine: its state, current URL, how long it has been in that state; and,
when the crawl renders pages (--render), one row per tab of the headless browser after them.

A crawl on many machines (a cluster crawl) has a row per node, its workers' rows under it: the
node's state, its workers busy, the URLs it recorded, its machine. Its workers' ids are the
node's number times NODE_SPAN plus their own, and the rows stay in that order.

State changes arrive in batches; the elapsed column moves every tick, so each tick emits a single
dataChanged over the whole table rather than one per row.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView

from gui_crawler.base.translate import HEADERS, noop, translate
from gui_crawler.cluster.nodes import NODE_SPAN, NodeState, state_words, worker_label
from gui_crawler.events import RenderTab, WorkerEvent, WorkerState
from gui_crawler.ui.roles import RIGHT, AnyIndex, LabelledTable, Roles

WORKER_COLUMNS = (
    noop(HEADERS, "Worker"),
    noop(HEADERS, "State"),
    noop(HEADERS, "For (s)"),
    noop(HEADERS, "Done"),
    "URL",
)
WORKER_WIDTHS = (80, 150, 60, 50, 400)  # "render #0" whole, not "render…"
STATE_TEXT = {
    WorkerState.IDLE: noop(HEADERS, "waiting on the queue"),
    WorkerState.FETCHING: noop(HEADERS, "fetching"),
    WorkerState.PARSING: noop(HEADERS, "parsing"),
    WorkerState.PAUSED: noop(HEADERS, "paused"),
    WorkerState.STOPPED: noop(HEADERS, "stopped"),
    WorkerState.RENDERING: noop(HEADERS, "rendering"),
}
STATE_BRUSH = {
    WorkerState.IDLE: QBrush(QColor("#808080")),
    WorkerState.FETCHING: QBrush(QColor("#1e8449")),
    WorkerState.PARSING: QBrush(QColor("#1f5fbf")),
    WorkerState.PAUSED: QBrush(QColor("#b9770e")),
    WorkerState.STOPPED: QBrush(QColor("#aaaaaa")),
    WorkerState.RENDERING: QBrush(QColor("#16a085")),
}
SLOW_BRUSH = QBrush(QColor("#c0392b"))
STALL_SECONDS = 2.0  # a fetch taking longer than this is shown in red
SORTED_LIVE = 200  # rows; see keep_sorted_live
# A node's state: working, or gone one way or another.
NODE_BRUSH = {"working": STATE_BRUSH[WorkerState.FETCHING], "lost": SLOW_BRUSH}
BOLD = QFont()
BOLD.setBold(True)


class WorkerRow:
    __slots__ = ("done", "key", "label", "node", "since", "state", "url")

    def __init__(self, key: float = 0.0, label: str = "") -> None:
        self.state = WorkerState.IDLE
        self.url: str | None = None
        self.since = 0.0
        self.done = 0  # URLs finished by this worker
        self.key = key  # its place among the rows of a cluster crawl
        self.label = label  # its name in the Worker column ("": #id)
        self.node: NodeState | None = None  # a node's row: the node


class WorkersModel(LabelledTable):
    """Rows by worker id; a retired worker keeps its row as "stopped" until the next crawl. The
    render tabs' rows come after the workers' (a tab renders or waits for a page). A cluster
    crawl's nodes (``apply_nodes``) each have a row, before their workers'.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = WORKER_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[WorkerRow] = []
        self.tabs: list[WorkerRow] = []  # the render tabs'
        self.now = 0.0
        # A cluster crawl's: the row of each worker id and node number, rows sorted by key.
        self._row_of: dict[int, int] = {}
        self._node_rows: dict[int, WorkerRow] = {}

    @property
    def nodes(self) -> list[NodeState]:
        """A cluster crawl's nodes, by number (none for a crawl of one machine)."""
        return [r.node for _, r in sorted(self._node_rows.items()) if r.node is not None]

    def apply_nodes(self, states: Sequence[NodeState]) -> None:
        """A cluster crawl's nodes as they last told Redis: a row each, its workers' after it."""
        for st in states:
            row = self._node_rows.get(st.number)
            if row is None:
                row = WorkerRow(st.number * NODE_SPAN - 0.5, self.tr("Node %n", "", st.number + 1))
                row.node = st
                self._node_rows[st.number] = row
                self._insert(row)
            row.node = st
            row.state = WorkerState.FETCHING if st.state == "working" else WorkerState.STOPPED
            row.done = st.recorded

    def _insert(self, row: WorkerRow) -> None:
        """A cluster crawl's row in its place (by key)."""
        keys = [r.key for r in self.rows]
        at = bisect.bisect(keys, row.key)
        self.beginInsertRows(QModelIndex(), at, at)
        self.rows.insert(at, row)
        self.endInsertRows()
        if at < len(self.rows) - 1:  # the rows after it moved down one
            self._row_of = {int(r.key): i for i, r in enumerate(self.rows) if r.node is None}
        elif row.node is None:
            self._row_of[int(row.key)] = at

    def apply(self, events: Sequence[WorkerEvent | RenderTab]) -> None:
        """Apply a batch of state changes (rows for new worker ids are added first)."""
        tabs = [e for e in events if isinstance(e, RenderTab)]
        if tabs:
            self._apply_tabs(tabs)
            events = [e for e in events if not isinstance(e, RenderTab)]
        if not events:
            return
        rows = self._rows_for(events)  # type: ignore[arg-type]
        for e, row in zip(events, rows, strict=True):
            assert isinstance(e, WorkerEvent)
            if e.state is WorkerState.IDLE and row.state in (
                WorkerState.FETCHING,
                WorkerState.PARSING,
                WorkerState.RENDERING,
                WorkerState.PAUSED,
            ):
                row.done += 1
            row.state = e.state
            row.url = e.url
            row.since = e.since
            self.now = max(self.now, e.since)

    def _rows_for(self, events: Sequence[WorkerEvent]) -> list[WorkerRow]:
        """Each event's row, made first for a new worker id: one machine's ids are the rows'
        indexes (0 to the highest id); a cluster crawl's are placed among its rows."""
        if not self._node_rows:
            top = max(e.worker_id for e in events)
            if top >= len(self.rows):
                first = len(self.rows)
                self.beginInsertRows(QModelIndex(), first, top)
                self.rows.extend(WorkerRow(i) for i in range(first, top + 1))
                self.endInsertRows()
            return [self.rows[e.worker_id] for e in events]
        for wid in sorted({e.worker_id for e in events} - self._row_of.keys()):
            self._insert(WorkerRow(wid, worker_label(wid)))
        return [self.rows[self._row_of[e.worker_id]] for e in events]

    def _apply_tabs(self, events: Sequence[RenderTab]) -> None:
        top = max(e.tab for e in events)
        if top >= len(self.tabs):
            first = len(self.rows) + len(self.tabs)
            self.beginInsertRows(QModelIndex(), first, len(self.rows) + top)
            self.tabs.extend(WorkerRow() for _ in range(len(self.tabs), top + 1))
            self.endInsertRows()
        for e in events:
            row = self.tabs[e.tab]
            if e.url is None and row.state is WorkerState.RENDERING:
                row.done += 1
            row.state = WorkerState.IDLE if e.url is None else WorkerState.RENDERING
            row.url = e.url
            row.since = e.since
            self.now = max(self.now, e.since)

    def tick(self, now: float) -> None:
        """Move the clock: one dataChanged for the whole table."""
        self.now = now
        if self.row_count():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.row_count() - 1, len(WORKER_COLUMNS) - 1)
            )

    def clear(self) -> None:
        self.beginResetModel()
        self.rows = []
        self.tabs = []
        self._row_of = {}
        self._node_rows = {}
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.rows) + len(self.tabs)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        n = index.row()
        tab = n >= len(self.rows)
        r = self.tabs[n - len(self.rows)] if tab else self.rows[n]
        c = index.column()
        if r.node is not None:
            return self._node_data(r, c, role)
        if role == Qt.ItemDataRole.DisplayRole:
            if c == 0:
                if tab:
                    return translate(HEADERS, "render #{n}").format(n=n - len(self.rows))
                return r.label or f"#{n}"
            if c == 1 and tab and r.state is WorkerState.IDLE:
                return translate(HEADERS, "render tab: idle")
            if c == 1:
                return translate(HEADERS, STATE_TEXT[r.state])
            if c == 2:
                return "" if r.state is WorkerState.STOPPED else f"{self.now - r.since:.1f}"
            if c == 3:
                return str(r.done)
            return r.url or ""
        if role == Qt.ItemDataRole.ForegroundRole:
            if c == 2 and r.state is WorkerState.FETCHING and self.now - r.since > STALL_SECONDS:
                return SLOW_BRUSH
            return STATE_BRUSH[r.state] if c in (1, 2) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if c in (0, 2, 3) else None
        if role == Roles.Url:
            return r.url
        if role == Roles.Sort:
            return (index.row(), int(r.state), r.since, r.done, r.url or "")[c]
        return None

    def _node_data(self, r: WorkerRow, c: int, role: int) -> Any:
        """A node's row: its state (and why it cannot reach Redis), its workers busy, the URLs
        Redis took from it, and which machine it is."""
        st = r.node
        assert st is not None
        if role == Qt.ItemDataRole.DisplayRole:
            if c == 0:
                return r.label
            if c == 1:
                return state_words(st)
            if c == 2:  # how fresh its figures are, while it works
                return f"{st.beat_age:.1f}" if st.beat_age >= 0 and st.state == "working" else ""
            if c == 3:
                return str(st.recorded)
            where = self.tr("{node} on {machine}").format(node=st.node, machine=st.machine)
            return f"{where}: {st.offline}" if st.offline else where
        if role == Qt.ItemDataRole.ToolTipRole and c == 2:
            return self.tr("Seconds since this node last told Redis how it is")
        if role == Qt.ItemDataRole.FontRole:
            return BOLD
        if role == Qt.ItemDataRole.ForegroundRole and c == 1:
            return (
                SLOW_BRUSH
                if st.offline
                else NODE_BRUSH.get(st.state, STATE_BRUSH[WorkerState.STOPPED])
            )
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if c in (0, 2, 3) else None
        if role == Roles.Sort:
            return (r.key, -1, -1.0, st.recorded, "")[c]
        return None


def keep_sorted_live(view: QAbstractItemView, workers: int) -> None:
    """Every worker row changes on every tick: a clicked sort of ``view`` is kept live (re-sorted
    each tick) up to SORTED_LIVE rows, beyond that it applies when the header is clicked (1,000
    workers re-sorted through data() cost ~85 ms a tick, docs/performance-history.md, sorted_tables.py)."""
    proxy = view.model()
    if isinstance(proxy, QSortFilterProxyModel):
        proxy.setDynamicSortFilter(workers <= SORTED_LIVE)
