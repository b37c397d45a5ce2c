"""Qt item models for the pages table, fed in batches by the bridge.

Rows are precomputed when a record arrives (display text, sort key, status class), so ``data()``
is a tuple lookup: the views call it thousands of times per second while a crawl runs. Sorting is
done here, on demand, with one Python ``sorted`` — a proxy sorting 100k rows through ``lessThan``
would call back into Python millions of times.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from .events import FetchRecord
from .plain_words import plain_error, short_error

AnyIndex = QModelIndex | QPersistentModelIndex


class Roles(enum.IntEnum):
    """Custom item roles shared by every model of the window."""

    Record = int(Qt.ItemDataRole.UserRole) + 1  # the FetchRecord (None when not fetched yet)
    Url = enum.auto()  # the URL a row or node stands for (context menu, details pane)
    Sort = enum.auto()  # the raw value to sort by
    StatusClass = enum.auto()  # StatusClass of the row


class StatusClass(enum.IntEnum):
    """Coarse outcome of a URL, ordered from best to worst (the tree keeps the worst)."""

    PENDING = 0
    OK = 2
    REDIRECT = 3
    CLIENT_ERROR = 4
    SERVER_ERROR = 5
    FAILED = 6  # no HTTP answer (exception)


def status_class(rec: FetchRecord) -> StatusClass:
    if rec.error_kind is not None:
        return StatusClass.FAILED
    s = rec.status
    if s is None:
        return StatusClass.FAILED
    if s >= 500:
        return StatusClass.SERVER_ERROR
    if s >= 400:
        return StatusClass.CLIENT_ERROR
    if s >= 300:
        return StatusClass.REDIRECT
    return StatusClass.OK


# One brush per class, shared by every row (data() must not build objects per call).
STATUS_BRUSH: dict[StatusClass, QBrush | None] = {
    StatusClass.PENDING: QBrush(QColor("#808080")),
    StatusClass.OK: None,
    StatusClass.REDIRECT: QBrush(QColor("#1f5fbf")),
    StatusClass.CLIENT_ERROR: QBrush(QColor("#c0392b")),
    StatusClass.SERVER_ERROR: QBrush(QColor("#8e1b10")),
    StatusClass.FAILED: QBrush(QColor("#8e44ad")),
}
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def header_label(columns: Sequence[str], section: int, orientation: Any, role: int) -> str | None:
    """headerData() of a model with labelled columns and no row headers."""
    if (
        orientation == Qt.Orientation.Horizontal
        and role == Qt.ItemDataRole.DisplayRole
        and 0 <= section < len(columns)
    ):
        return columns[section]
    return None


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} kB"
    return f"{n / 1024 / 1024:.1f} MB"


def status_text(rec: FetchRecord) -> str:
    """The HTTP status, or one or two words for a failure (the Error column says more)."""
    if rec.status is not None:
        return str(rec.status)
    return short_error(rec.error_kind) if rec.error_kind else "?"


class Column(NamedTuple):
    title: str
    numeric: bool
    tip: str


PAGE_COLUMNS = (
    Column("URL", False, "The page's normalised URL"),
    Column("Status", True, "HTTP status, or the kind of failure"),
    Column("Type", False, "Content-Type"),
    Column("Size", True, "Bytes read (decompressed)"),
    Column("Time (ms)", True, "From the first try to the record"),
    Column("Depth", True, "Links followed from a root"),
    Column("Links", True, "In-scope links found on the page"),
    Column("New", True, "Of those, links new to the crawl"),
    Column("Redirect to", False, "Location of a redirect"),
    Column("Error", False, "Why no answer came, in plain words (Details has the technical text)"),
    Column("Note", False, "Why a redirect was not followed, or how a page was read"),
    Column("Referrer", False, "First page that linked here"),
)
COL_URL, COL_STATUS = 0, 1
_NCOLS = len(PAGE_COLUMNS)


class PageRow(NamedTuple):
    record: FetchRecord
    display: tuple[str, ...]
    sort: tuple[Any, ...]
    cls: StatusClass


def make_row(rec: FetchRecord) -> PageRow:
    ms = round(rec.elapsed * 1000)
    error = plain_error(rec)
    note = rec.note or ""
    display = (
        rec.url,
        status_text(rec),
        rec.content_type or "",
        human_size(rec.size) if rec.status is not None else "",
        str(ms),
        str(rec.depth),
        str(rec.num_urls),
        str(rec.num_new_urls),
        rec.next_url or "",
        error,
        note,
        rec.referrer or "",
    )
    # Sort keys of one column must be mutually comparable: no None.
    sort = (
        rec.url,
        rec.status if rec.status is not None else 1000,
        rec.content_type or "",
        rec.size,
        rec.elapsed,
        rec.depth,
        rec.num_urls,
        rec.num_new_urls,
        rec.next_url or "",
        error,
        note,
        rec.referrer or "",
    )
    return PageRow(rec, display, sort, status_class(rec))


# Above this many rows in one batch (and more than the table holds), one full sort is cheaper.
INSERT_IN_PLACE_MAX = 512


def _insert_place(rows: list[PageRow], column: int, key: Any, desc: bool) -> int:
    """After the last row that sorts before or equal to ``key`` (bisect_right, either order)."""
    lo, hi = 0, len(rows)
    while lo < hi:
        mid = (lo + hi) // 2
        other = rows[mid].sort[column]
        if (key < other) if not desc else (key > other):
            hi = mid
        else:
            lo = mid + 1
    return lo


class PagesModel(QAbstractTableModel):
    """Every recorded URL, one row each, in arrival order until the user sorts.

    Signals: only QAbstractItemModel's own.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[PageRow] = []
        self._row_of: dict[str, int] | None = {}
        self._sort: tuple[int, Qt.SortOrder] | None = None

    # ---- feeding ------------------------------------------------------------------------------

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Add a batch: appended in arrival order, or, once the user sorted, each row put in its
        sorted place (a binary search per row, one beginInsertRows per place), never a re-sort
        of everything."""
        if not records:
            return
        new = [make_row(r) for r in records]
        if self._sort is None:
            self._append(new)
        elif len(new) > max(INSERT_IN_PLACE_MAX, len(self.rows)):
            # Opening a saved crawl: one sort of the lot beats thousands of inserts.
            self._append(new)
            self.sort(*self._sort)
        else:
            self._insert_sorted(new, *self._sort)

    def _append(self, new: list[PageRow]) -> None:
        first = len(self.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
        self.rows.extend(new)
        if self._row_of is not None:
            for i, r in enumerate(new, first):
                self._row_of[r.record.url] = i
        self.endInsertRows()

    def _insert_sorted(self, new: list[PageRow], column: int, order: Qt.SortOrder) -> None:
        desc = order == Qt.SortOrder.DescendingOrder
        new.sort(key=lambda r: r.sort[column], reverse=desc)
        # Where each new row goes among the old ones; equal keys keep arrival order, as a
        # stable sort would.
        places = [_insert_place(self.rows, column, r.sort[column], desc) for r in new]
        self._row_of = None
        # From the bottom up, so that earlier places stay valid; one insert per run of rows
        # that share a place.
        end = len(new)
        while end > 0:
            place = places[end - 1]
            start = end - 1
            while start > 0 and places[start - 1] == place:
                start -= 1
            self.beginInsertRows(QModelIndex(), place, place + end - start - 1)
            self.rows[place:place] = new[start:end]
            self.endInsertRows()
            end = start

    def clear(self) -> None:
        self.beginResetModel()
        self.rows = []
        self._row_of = {}
        self.endResetModel()

    @property
    def sort_order(self) -> tuple[int, Qt.SortOrder] | None:
        """The column and order rows are kept in, None for arrival order."""
        return self._sort

    def unsort(self) -> None:
        """Back to keeping arrival order for rows to come (the rows already shown stay)."""
        self._sort = None

    def records(self) -> list[FetchRecord]:
        return [r.record for r in self.rows]

    def row_of(self, url: str) -> int | None:
        if self._row_of is None:  # invalidated by a sort; rebuilt when first needed
            self._row_of = {r.record.url: i for i, r in enumerate(self.rows)}
        return self._row_of.get(url)

    # ---- QAbstractItemModel -------------------------------------------------------------------

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        # The base class checks hasIndex(), i.e. two more calls into Python per index; the
        # proxy asks for an index on every data() call while the view paints.
        if 0 <= row < len(self.rows) and 0 <= column < _NCOLS and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(PAGE_COLUMNS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.display[col]
        if role == Qt.ItemDataRole.ForegroundRole:
            return STATUS_BRUSH[row.cls] if col in (COL_URL, COL_STATUS) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if PAGE_COLUMNS[col].numeric else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.display[col] or None
        if role == Roles.Url:
            return row.record.url
        if role == Roles.Record:
            return row.record
        if role == Roles.Sort:
            return row.sort[col]
        if role == Roles.StatusClass:
            return int(row.cls)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(PAGE_COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return PAGE_COLUMNS[section].title
        if role == Qt.ItemDataRole.ToolTipRole:
            return PAGE_COLUMNS[section].tip
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(PAGE_COLUMNS):
            self._sort = None
            return
        self._sort = (column, order)
        if len(self.rows) < 2:
            return
        self.layoutAboutToBeChanged.emit()
        rows = self.rows
        desc = order == Qt.SortOrder.DescendingOrder
        order_ = sorted(range(len(rows)), key=lambda i: rows[i].sort[column], reverse=desc)
        new_pos = [0] * len(rows)
        for new, old in enumerate(order_):
            new_pos[old] = new
        self.rows = [rows[i] for i in order_]
        self._row_of = None
        persistent = self.persistentIndexList()
        if persistent:
            self.changePersistentIndexList(
                persistent, [self.index(new_pos[i.row()], i.column()) for i in persistent]
            )
        self.layoutChanged.emit()


ALL_CLASSES = frozenset(StatusClass) - {StatusClass.PENDING}


class PagesProxy(QSortFilterProxyModel):
    """Filters the pages table by text and by status class; sorting is delegated to the source.

    Signals: only QSortFilterProxyModel's own.
    """

    def __init__(self, source: PagesModel, parent: Any = None) -> None:
        super().__init__(parent)
        # New rows are filtered as they come but never trigger a re-sort.
        self.setDynamicSortFilter(False)
        self._pages = source
        self.setSourceModel(source)
        self._text = ""
        self._classes: frozenset[StatusClass] = ALL_CLASSES

    @property
    def filtering(self) -> bool:
        return bool(self._text) or self._classes != ALL_CLASSES

    def set_filter(
        self, text: str | None = None, classes: Iterable[StatusClass] | None = None
    ) -> None:
        self.beginFilterChange()
        if text is not None:
            self._text = text.strip().lower()
        if classes is not None:
            self._classes = frozenset(classes) or ALL_CLASSES
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        row = self._pages.rows[source_row]
        if row.cls not in self._classes:
            return False
        if self._text:
            d = row.display
            # URL, status, type, redirect target, error and note: what a person types to find
            # a row.
            return any(self._text in d[c].lower() for c in (0, 1, 2, 8, 9, 10))
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._pages.sort(column, order)

    def records(self) -> list[FetchRecord]:
        """The records of exactly the rows shown, in view order."""
        src = self.mapToSource
        rows = self._pages.rows
        return [rows[src(self.index(i, 0)).row()].record for i in range(self.rowCount())]
