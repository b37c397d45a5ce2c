"""One row per worker coroutine: its state, current URL, how long it has been in that state; and,
when the crawl renders pages (--render), one row per tab of the headless browser after them.

State changes arrive in batches; the elapsed column moves every tick, so each tick emits a single
dataChanged over the whole table rather than one per row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView

from gui_crawler.base.translate import HEADERS, noop, translate
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


class WorkerRow:
    __slots__ = ("done", "since", "state", "url")

    def __init__(self) -> None:
        self.state = WorkerState.IDLE
        self.url: str | None = None
        self.since = 0.0
        self.done = 0  # URLs finished by this worker


class WorkersModel(LabelledTable):
    """Rows by worker id; a retired worker keeps its row as "stopped" until the next crawl. The
    render tabs' rows come after the workers' (a tab renders or waits for a page).

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = WORKER_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[WorkerRow] = []
        self.tabs: list[WorkerRow] = []  # the render tabs'
        self.now = 0.0

    def apply(self, events: Sequence[WorkerEvent | RenderTab]) -> None:
        """Apply a batch of state changes (rows for new worker ids are added first)."""
        tabs = [e for e in events if isinstance(e, RenderTab)]
        if tabs:
            self._apply_tabs(tabs)
            events = [e for e in events if not isinstance(e, RenderTab)]
        if not events:
            return
        top = max(e.worker_id for e in events)  # type: ignore[union-attr]
        if top >= len(self.rows):
            first = len(self.rows)
            self.beginInsertRows(QModelIndex(), first, top)
            self.rows.extend(WorkerRow() for _ in range(first, top + 1))
            self.endInsertRows()
        rows = self.rows
        for e in events:
            assert isinstance(e, WorkerEvent)
            row = rows[e.worker_id]
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
        if role == Qt.ItemDataRole.DisplayRole:
            if c == 0:
                if tab:
                    return translate(HEADERS, "render #{n}").format(n=n - len(self.rows))
                return f"#{n}"
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


def keep_sorted_live(view: QAbstractItemView, workers: int) -> None:
    """Every worker row changes on every tick: a clicked sort of ``view`` is kept live (re-sorted
    each tick) up to SORTED_LIVE rows, beyond that it applies when the header is clicked (1,000
    workers re-sorted through data() cost ~85 ms a tick, docs/performance-history.md, sorted_tables.py)."""
    proxy = view.model()
    if isinstance(proxy, QSortFilterProxyModel):
        proxy.setDynamicSortFilter(workers <= SORTED_LIVE)
