"""The rows of a crawl comparison (records/compare.py's changes): URL, change, before, now; and a
proxy that shows one kind of change or all of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt

from gui_crawler.base.translate import COMPARE, HEADERS, noop, translate
from gui_crawler.records.compare import BY_KEY, Change
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.roles import AnyIndex, LabelledTable, Roles

COLUMNS = (
    "URL",
    noop(HEADERS, "Change"),
    noop(HEADERS, "Before"),
    noop(HEADERS, "Now"),
)
WIDTHS = (420, 170, 260, 260)


class ChangesModel(LabelledTable):
    """One row per change, in records/compare.py's order.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.changes: list[Change] = []

    def set_changes(self, changes: Sequence[Change]) -> None:
        self.beginResetModel()
        self.changes = list(changes)
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.changes)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        c = self.changes[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            text = (c.url, translate(COMPARE, BY_KEY[c.kind].label), c.old, c.new)[index.column()]
            # Titles and descriptions are page text: a tooltip shows them as text.
            return text if role == Qt.ItemDataRole.DisplayRole else tip(text) or None
        if role == Roles.Url:
            return c.url
        if role == Roles.Record:
            return c
        return None


class ChangesProxy(QSortFilterProxyModel):
    """The changes of one kind (``kind``: a Kind's key), or all of them (None).

    Signals: only QSortFilterProxyModel's own.
    """

    def __init__(self, source: ChangesModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSourceModel(source)
        self._changes = source
        self.kind: str | None = None

    def set_kind(self, kind: str | None) -> None:
        self.beginFilterChange()
        self.kind = kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        return self.kind is None or self._changes.changes[source_row].kind == self.kind

    def changes(self) -> list[Change]:
        """The changes shown, in view order."""
        rows = self._changes.changes
        return [rows[self.mapToSource(self.index(i, 0)).row()] for i in range(self.rowCount())]
