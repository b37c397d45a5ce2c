"""What every item model of the window answers alike: its custom roles, the colour of a record's
verdict, and a flat table with labelled columns.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from gui_crawler.base.translate import HEADERS, translate
from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import StatusRules, Verdict

AnyIndex = QModelIndex | QPersistentModelIndex
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class Roles(enum.IntEnum):
    """Custom item roles shared by every model of the window."""

    # What a row stands for beyond its URL: the FetchRecord (None when not fetched yet), a
    # host's HostState (Hosts tab), a site-tree folder's Folder (the URLs below it).
    Record = int(Qt.ItemDataRole.UserRole) + 1
    Url = enum.auto()  # the URL a row or node stands for (context menu, details pane)
    Sort = enum.auto()  # the raw value to sort by
    StatusClass = enum.auto()  # the row's verdicts.StatusClass (what the quick filters pick)


# The colour of a record's verdict (None: a URL taken in, not fetched yet), one brush per verdict
# shared by every row (data() must not build objects per call): the pages table's URL and status,
# the site tree's branches, the Details pane's links.
_GREY = QBrush(QColor("#808080"))
VERDICT_BRUSH: dict[Verdict | None, QBrush | None] = {
    None: _GREY,
    Verdict.OK: None,
    Verdict.REDIRECT: QBrush(QColor("#1f5fbf")),
    Verdict.BROKEN: QBrush(QColor("#c0392b")),
    Verdict.BLOCKED: QBrush(QColor("#b9770e")),
    Verdict.TIMEOUT: QBrush(QColor("#8e44ad")),
    Verdict.ERROR: QBrush(QColor("#8e1b10")),
    Verdict.CANCELLED: _GREY,
    Verdict.WARNING: QBrush(QColor("#ca6f1e")),
}


def brush_of(rec: FetchRecord, rules: StatusRules) -> QBrush | None:
    """The colour of ``rec``'s verdict by its crawl's status rules."""
    return VERDICT_BRUSH[rules.verdict(rec)]


def header_label(columns: Sequence[str], section: int, orientation: Any, role: int) -> str | None:
    """headerData() of a model with labelled columns and no row headers: each label said in the
    window's language (in the HEADERS context: ``noop(HEADERS, "URL")`` where the
    labels are written)."""
    if (
        orientation == Qt.Orientation.Horizontal
        and role == Qt.ItemDataRole.DisplayRole
        and 0 <= section < len(columns)
    ):
        return translate(HEADERS, columns[section])
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
