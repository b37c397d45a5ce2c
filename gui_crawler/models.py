"""Qt item models for the pages table, fed in batches by the bridge.

Rows are precomputed when a record arrives (display text, sort key, status class), so ``data()``
is a tuple lookup: the views call it thousands of times per second while a crawl runs. Sorting is
done here, on demand, with one Python ``sorted`` — a proxy sorting 100k rows through ``lessThan``
would call back into Python millions of times.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS, PageColumn, columns_of
from gui_crawler.ui.plaintext import tip

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


class LabelledTable(QAbstractTableModel):
    """A flat table with labelled columns: ``COLUMNS`` names them, ``row_count()`` counts the
    rows. Subclasses give ``data()`` (and may override ``headerData`` for tool tips)."""

    COLUMNS: Sequence[str] = ()

    def row_count(self) -> int:
        raise NotImplementedError

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header_label(self.COLUMNS, section, orientation, role)


COL_URL, COL_STATUS = COLUMN_INDEX["url"], COLUMN_INDEX["status"]


class PageRow:
    """One row of the pages table. Its cells' text is made when the row is first shown and then
    kept: with dozens of columns, text made for every row up front was most of the window's
    memory per URL, and most rows are never looked at. Sort keys are made when a sort asks.
    ``columns``: the table's (one tuple shared by every row of it)."""

    __slots__ = ("_display", "cls", "columns", "record")

    def __init__(self, record: FetchRecord, columns: tuple[PageColumn, ...] = PAGE_COLUMNS) -> None:
        self.record = record
        self.cls = status_class(record)
        self.columns = columns
        self._display: tuple[str, ...] | None = None

    def use(self, columns: tuple[PageColumn, ...]) -> None:
        """Show ``columns`` from now on (the text made for the old ones is dropped)."""
        self.columns = columns
        self._display = None

    @property
    def display(self) -> tuple[str, ...]:
        if self._display is None:
            self._display = tuple(c.display(self.record) for c in self.columns)
        return self._display

    def text(self, column: int) -> str:
        """One cell's text, without keeping the row's (the text filter reads every row)."""
        d = self._display
        return d[column] if d is not None else self.columns[column].display(self.record)

    def key(self, column: int) -> Any:
        """The sort key of a cell: one column's keys are mutually comparable."""
        return self.columns[column].key(self.record)


class PagesModel(LabelledTable):
    """Every recorded URL, one row each: in arrival order, or in the order the user chose, which
    later rows keep (the sort survives clear(): a new crawl fills a table still sorted).
    ``columns``: PAGE_COLUMNS, then one a custom extraction or search rule (``set_rules``).

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = tuple(c.label for c in PAGE_COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rules: tuple[Rule, ...] = ()
        self._set_columns(PAGE_COLUMNS)
        self.rows: list[PageRow] = []
        self._row_of: dict[str, int] | None = {}
        # The order the user chose: kept as rows arrive, so the header's arrow never lies.
        self.sort_column = -1
        self.sort_order = Qt.SortOrder.AscendingOrder

    def _set_columns(self, columns: tuple[PageColumn, ...]) -> None:
        self.columns = columns
        self.COLUMNS = tuple(c.label for c in columns)
        self._numeric = tuple(c.numeric for c in columns)
        searched = [i for i, c in enumerate(columns) if c.searched]
        # The text filter's columns: PAGE_COLUMNS' and the rules' (read from the record's JSON).
        self.searched = tuple(i for i in searched if i < len(PAGE_COLUMNS))
        self.searched_rules = tuple(i for i in searched if i >= len(PAGE_COLUMNS))

    def set_rules(self, rules: Sequence[Rule]) -> bool:
        """Show a column per rule after PAGE_COLUMNS (none: PAGE_COLUMNS alone); one model reset
        when they differ from the columns shown, none when they are the same (returns whether
        the columns changed). A sort by a rule's column that goes stops keeping an order."""
        rules = tuple(rules)
        if rules == self.rules:
            return False
        self.beginResetModel()
        self.rules = rules
        self._set_columns(columns_of(rules))
        for row in self.rows:
            row.use(self.columns)
        if self.sort_column >= len(PAGE_COLUMNS):
            self.sort_column = -1
        self.endResetModel()
        return True

    # ---- feeding ------------------------------------------------------------------------------

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Add a batch: appended in arrival order, or merged into place when sorted. Each run of
        new rows that lands between the same two old rows is one beginInsertRows."""
        if not records:
            return
        new = [PageRow(r, self.columns) for r in records]
        if self.sort_column < 0 or not self.rows:
            if self.sort_column >= 0:
                new.sort(key=self._key, reverse=self._desc)
            self._append(new)
            return
        new.sort(key=self._key, reverse=self._desc)
        self._row_of = None
        # Insert from the bottom up: positions found in the old rows stay valid.
        runs = [
            (pos, list(grp))
            for pos, grp in itertools.groupby(
                new, key=lambda r: self._insert_pos(r.key(self.sort_column))
            )
        ]
        for pos, grp in reversed(runs):
            self.beginInsertRows(QModelIndex(), pos, pos + len(grp) - 1)
            self.rows[pos:pos] = grp
            self.endInsertRows()

    @property
    def _desc(self) -> bool:
        return self.sort_order == Qt.SortOrder.DescendingOrder

    def _key(self, row: PageRow) -> Any:
        return row.key(self.sort_column)

    def _insert_pos(self, key: Any) -> int:
        """Where a row with this sort key goes: after the rows it ties with, as a stable sort
        would put it."""
        col, rows = self.sort_column, self.rows
        lo, hi = 0, len(rows)
        if self._desc:
            while lo < hi:
                mid = (lo + hi) // 2
                if key > rows[mid].key(col):
                    hi = mid
                else:
                    lo = mid + 1
        else:
            while lo < hi:
                mid = (lo + hi) // 2
                if key < rows[mid].key(col):
                    hi = mid
                else:
                    lo = mid + 1
        return lo

    def _append(self, new: list[PageRow]) -> None:
        first = len(self.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
        self.rows.extend(new)
        if self._row_of is not None:
            for i, r in enumerate(new, first):
                self._row_of[r.record.url] = i
        self.endInsertRows()

    def replace_records(self, records: Sequence[FetchRecord]) -> list[FetchRecord]:
        """Put each record in place of its URL's row (a re-check's new answer); returns those of
        URLs with no row yet, in order. A sorted table is sorted again when a replaced row's key
        changed (selections follow their rows)."""
        rest: list[FetchRecord] = []
        changed: list[int] = []
        resort = False
        for rec in records:
            i = self.row_of(rec.url)
            if i is None:
                rest.append(rec)
                continue
            old = self.rows[i]
            self.rows[i] = PageRow(rec, self.columns)
            changed.append(i)
            if self.sort_column >= 0:
                resort = resort or old.key(self.sort_column) != self.rows[i].key(self.sort_column)
        if changed:
            self.dataChanged.emit(
                self.index(min(changed), 0), self.index(max(changed), len(self.columns) - 1)
            )
        if resort:
            self.sort(self.sort_column, self.sort_order)
        return rest

    def clear(self) -> None:
        self.beginResetModel()
        self.rows = []
        self._row_of = {}
        self.endResetModel()

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
        if 0 <= row < len(self.rows) and 0 <= column < len(self.columns) and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def row_count(self) -> int:
        return len(self.rows)

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
            return _RIGHT if self._numeric[col] else None
        if role == Qt.ItemDataRole.ToolTipRole:  # page text: shown as text, never as HTML
            return tip(row.display[col]) or None
        if role == Roles.Url:
            return row.record.url
        if role == Roles.Record:
            return row.record
        if role == Roles.Sort:
            return row.key(col)
        if role == Roles.StatusClass:
            return int(row.cls)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].label
        if role == Qt.ItemDataRole.ToolTipRole:  # "The page's <title>" is not HTML either
            return tip(self.columns[section].tip)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` and keep that order for rows added later; -1 stops keeping an order
        (the rows stay where they are: arrival order is not restored)."""
        self.sort_column = column if 0 <= column < len(self.columns) else -1
        self.sort_order = order
        if self.sort_column < 0 or len(self.rows) < 2:
            return
        self.layoutAboutToBeChanged.emit()
        rows = self.rows
        desc = order == Qt.SortOrder.DescendingOrder
        order_ = sorted(range(len(rows)), key=lambda i: rows[i].key(column), reverse=desc)
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
        self._escaped = False  # the text has a character JSON escapes
        self._classes: frozenset[StatusClass] = ALL_CLASSES
        self.only: Callable[[FetchRecord], bool] | None = None  # e.g. external links only
        self._urls: frozenset[str] | None = None  # an Overview finding's pages, when one is picked

    @property
    def pages(self) -> PagesModel:
        return self._pages

    @property
    def text(self) -> str:
        """The text filter as applied (stripped, lower case; "" when off)."""
        return self._text

    @property
    def filtering(self) -> bool:
        return (
            bool(self._text)
            or self._classes != ALL_CLASSES
            or self.only is not None
            or self._urls is not None
        )

    def set_url_filter(self, urls: Iterable[str] | None) -> None:
        """Show only these URLs (None: every URL), on top of the other filters."""
        self.beginFilterChange()
        self._urls = None if urls is None else frozenset(urls)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_filter(
        self, text: str | None = None, classes: Iterable[StatusClass] | None = None
    ) -> None:
        self.beginFilterChange()
        if text is not None:
            self._text = text.strip().lower()
            self._escaped = any(ch in '"\\' or ch < " " for ch in self._text)
        if classes is not None:
            self._classes = frozenset(classes) or ALL_CLASSES
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        row = self._pages.rows[source_row]
        if row.cls not in self._classes or (self.only is not None and not self.only(row.record)):
            return False
        if self._urls is not None and row.record.url not in self._urls:
            return False
        if self._text:
            text, pages = self._text, self._pages
            if any(text in row.text(c).lower() for c in pages.searched):
                return True
            # An extracted value holding the text has it in the record's JSON too, unless JSON
            # escapes a character of it: most rows are told apart without parsing their JSON.
            return bool(pages.searched_rules) and (
                (self._escaped or text in row.record.extracted.lower())
                and any(text in row.text(c).lower() for c in pages.searched_rules)
            )
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._pages.sort(column, order)

    def records(self) -> list[FetchRecord]:
        """The records of exactly the rows shown, in view order."""
        src = self.mapToSource
        rows = self._pages.rows
        return [rows[src(self.index(i, 0)).row()].record for i in range(self.rowCount())]
