"""One row per host the crawl has talked to: its politeness state, updated live.

The engine sends a HostState for each host that changed, at most once per progress tick; a batch
of them becomes one insert (new hosts) and one dataChanged (the rows that moved).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from gui_crawler.base.translate import HEADERS, noop, translate
from gui_crawler.crawl.robots import said as robots_said
from gui_crawler.events import HostState
from gui_crawler.ui.roles import RIGHT, AnyIndex, LabelledTable, Roles

HOST_COLUMNS = (
    noop(HEADERS, "Host"),
    noop(HEADERS, "In flight"),
    noop(HEADERS, "Limit"),
    noop(HEADERS, "Delay (s)"),
    noop(HEADERS, "Back-off (s)"),
    noop(HEADERS, "Waiting"),
    noop(HEADERS, "Requests"),
    noop(HEADERS, "Req/s"),
    noop(HEADERS, "Median ms"),
    noop(HEADERS, "p95 ms"),
    "robots.txt",
    noop(HEADERS, "Kind"),
)

HOST_WIDTHS = (240, 60, 45, 65, 85, 60, 65, 55, 75, 60, 220, 70)
BACKOFF_BRUSH = QBrush(QColor("#c0392b"))
EXTERNAL_BRUSH = QBrush(QColor("#808080"))
_NUMERIC = frozenset(range(1, 10))


def _display(s: HostState) -> tuple[str, ...]:
    return (
        s.host,
        str(s.in_flight),
        str(s.limit),
        f"{s.delay:g}",
        f"{s.backoff:.1f}" if s.backoff > 0 else "",
        str(s.waiting),
        str(s.requests),
        f"{s.rate:.1f}" if s.rate else "",
        f"{s.median_ms:.0f}" if s.requests else "",
        f"{s.p95_ms:.0f}" if s.requests else "",
        robots_said(s.robots),
        translate(HEADERS, "external") if s.external else translate(HEADERS, "crawled"),
    )


def _sort_key(s: HostState) -> tuple[Any, ...]:
    return (
        s.host,
        s.in_flight,
        s.limit,
        s.delay,
        s.backoff,
        s.waiting,
        s.requests,
        s.rate,
        s.median_ms,
        s.p95_ms,
        s.robots,
        s.external,
    )


class HostsModel(LabelledTable):
    """Rows by host in order of first contact; cleared when a new crawl starts, carried over
    when a crawl goes on (``carry_over``).

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = HOST_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.states: list[HostState] = []
        self._display: list[tuple[str, ...]] = []
        self._row_of: dict[str, int] = {}
        # Requests to each host before this run of the crawl (a continued crawl's engine counts
        # its own run's from 0): added to what the engine says, so that the rows count it whole.
        self._earlier: dict[str, int] = {}

    def carry_over(self) -> None:
        """The crawl shown goes on (continued, re-checked): the requests of the rows so far are
        its earlier runs', counted with the new run's."""
        self._earlier = {s.host: s.requests for s in self.states}

    def apply(self, states: Sequence[HostState]) -> None:
        """Apply one batch: later states of a host replace earlier ones."""
        latest = {s.host: s for s in states}
        if self._earlier:
            latest = {
                h: replace(s, requests=s.requests + self._earlier.get(h, 0))
                for h, s in latest.items()
            }
        new = [s for h, s in latest.items() if h not in self._row_of]
        changed = [self._row_of[h] for h in latest if h in self._row_of]
        for row in changed:
            s = latest[self.states[row].host]
            self.states[row] = s
            self._display[row] = _display(s)
        if changed:
            self.dataChanged.emit(
                self.index(min(changed), 0), self.index(max(changed), len(HOST_COLUMNS) - 1)
            )
        if new:
            first = len(self.states)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            for s in new:
                self._row_of[s.host] = len(self.states)
                self.states.append(s)
                self._display.append(_display(s))
            self.endInsertRows()

    def crawl_ended(self) -> None:
        """The crawl is over: nothing is in flight, backed off or held back any more, and no
        request starts (the engine sends no state once it has stopped, so the last rates
        would stay). As a crawl file reopened shows its hosts."""
        if not self.states:
            return
        self.states = [
            replace(s, in_flight=0, backoff=0.0, waiting=0, rate=0.0) for s in self.states
        ]
        self._display = [_display(s) for s in self.states]
        self.dataChanged.emit(
            self.index(0, 0), self.index(len(self.states) - 1, len(HOST_COLUMNS) - 1)
        )

    def clear(self) -> None:
        self.beginResetModel()
        self.states, self._display, self._row_of, self._earlier = [], [], {}, {}
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.states)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display[row][c]
        s = self.states[row]
        if role == Qt.ItemDataRole.ForegroundRole:
            if c == 4 and s.backoff > 0:
                return BACKOFF_BRUSH
            return EXTERNAL_BRUSH if s.external and c == 0 else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if c in _NUMERIC else None
        if role == Roles.Url:  # open or copy the host's address (the context menu)
            return s.host + "/"
        if role == Roles.Record:  # the Details pane shows the host, not a URL
            return s
        if role == Roles.Sort:
            return _sort_key(s)[c]
        return None
