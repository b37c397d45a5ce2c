"""A table view that does not repaint the rows it shows when rows are added below them.

QAbstractItemView lays its items out again after every insertion and then repaints the whole
viewport, even when the new rows land below the last one shown: during a crawl the pages table
repainted every visible cell on every tick (each cell a handful of calls into the Python model, on
the thread the crawl shares) to draw exactly what was there already. Here a layout that follows
only such insertions updates the scroll bars and leaves the viewport alone; any other change
(a sort, a reset, rows removed or inserted among the visible ones, a resize) repaints as before.

Nor does such a layout go through ``updateGeometries`` when the vertical bar alone can follow: the
scroll area then laid its children out again, raising both bars' containers one after the other,
so both bars repainted on every tick of a crawl, and the two strips merged into one rectangle as
large as the table, its frame and the page behind it painted again with them. With Fusion's
gradients that was the crawl's loop waiting for Qt's painting threads: on rust-doc at load 6,
~1 s of a 25 s crawl. The vertical bar's range grows by the rows appended and only it repaints.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

AnyIndex = QModelIndex | QPersistentModelIndex


class QuietTable(QTableView):
    """A QTableView whose layout after rows appended out of sight leaves the viewport alone.

    Signals: only QTableView's own.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        # None: no insertion since the last layout; True: only insertions below the rows shown.
        self._quiet: bool | None = None
        self.skipped_repaints = 0  # layouts that left the viewport alone (tests, probes)
        self._laid_rows: int | None = None  # the row count at the last full layout
        self.bar_only = 0  # layouts in which the vertical bar alone followed (tests, probes)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        self._quiet = False
        if model is not None:
            for signal in (
                model.layoutChanged,
                model.modelReset,
                model.rowsRemoved,
                model.rowsMoved,
                model.columnsInserted,
                model.columnsRemoved,
                model.columnsMoved,
            ):
                signal.connect(self._loud)

    def _loud(self, *_: object) -> None:
        self._quiet = False

    def rowsInserted(self, parent: AnyIndex, start: int, end: int) -> None:
        super().rowsInserted(parent, start, end)
        bottom = self.rowAt(self.viewport().height() - 1)  # -1: the rows end above the bottom
        below = not parent.isValid() and 0 <= bottom < start
        self._quiet = below if self._quiet is None else self._quiet and below

    def reset(self) -> None:
        self._quiet = False
        super().reset()

    def resizeEvent(self, event: Any) -> None:
        self._quiet = False
        super().resizeEvent(event)

    def doItemsLayout(self) -> None:
        quiet, self._quiet = self._quiet, None
        if quiet:
            self._follow_rows()  # the scroll bars follow the new row count
            self.skipped_repaints += 1
            return
        super().doItemsLayout()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        model = self.model()
        self._laid_rows = model.rowCount() if model is not None else 0

    def _follow_rows(self) -> None:
        """Rows were appended below the viewport, which they fill: by items, every row one
        height and the row header hidden, the bar's range grows by the rows appended, its page
        step unchanged (what ``updateGeometries`` would set). Otherwise, or when the bar must
        appear, ``updateGeometries``."""
        bar, model, header = self.verticalScrollBar(), self.model(), self.verticalHeader()
        laid = self._laid_rows
        rows = model.rowCount() if model is not None else 0
        if (
            laid is None
            or rows < laid
            or bar.maximum() <= bar.minimum()  # not shown yet: the scroll area places it
            or self.verticalScrollMode() != QAbstractItemView.ScrollMode.ScrollPerItem
            or not header.isHidden()
            or header.sectionResizeMode(0) != QHeaderView.ResizeMode.Fixed
        ):
            self.updateGeometries()
            return
        bar.blockSignals(True)  # its rangeChanged lays the scroll area out again (queued)
        try:
            bar.setMaximum(bar.maximum() + rows - laid)
        finally:
            bar.blockSignals(False)
        self._laid_rows = rows
        self.bar_only += 1
