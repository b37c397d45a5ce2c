"""The pages table as shown: the rows of the pages model (gui_crawler.models) that the text,
status-class, record and finding filters let through, in its order, each filter one SQL query
(gui_crawler.storage.pagequery) made on the query thread when the table is large.
"""

from __future__ import annotations

import contextlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal

from gui_crawler.events import FetchRecord
from gui_crawler.models import PagesModel, Relay, remap, row_runs
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.storage import pagequery
from gui_crawler.storage.pagequery import Filter
from gui_crawler.ui.roles import AnyIndex

ALL_CLASSES = frozenset(StatusClass) - {StatusClass.PENDING}


class PagesProxy(QAbstractTableModel):
    """The pages table as shown: the rows of ``source`` that the text, status-class, record and
    finding filters let through, in its order. Not filtering, it is ``source`` row for row;
    filtering, it keeps the seqs of the rows shown, made by one SQL query.

    Signals:
        applied(): a filter made on the query thread was applied (the count shown changed).
    """

    applied = Signal()

    def __init__(self, source: PagesModel, parent: Any = None) -> None:
        super().__init__(parent)
        self._pages = source
        source.proxies.append(self)
        self._text = ""
        self._classes: frozenset[StatusClass] = ALL_CLASSES
        self.only: Callable[[FetchRecord], bool] | None = None  # e.g. external links only
        self._urls: frozenset[str] | None = None  # an Overview finding's pages, when one is picked
        self.order: array[int] | None = None  # None: every row of the source, in its order
        self._token = 0
        self._waiting = False  # for a filter query's answer
        self._querier_relay = Relay(self)
        self._querier_relay.ready.connect(self._on_result)
        self._old: Sequence[int] = ()
        s = source
        s.rowsAboutToBeInserted.connect(self._rows_coming)
        s.rowsInserted.connect(self._rows_came)
        s.rowsAboutToBeRemoved.connect(self._rows_going)
        s.rowsRemoved.connect(self._rows_gone)
        s.modelAboutToBeReset.connect(self._resetting)
        s.modelReset.connect(self._reset)
        s.layoutAboutToBeChanged.connect(self._relayout)
        s.layoutChanged.connect(self._relaid)
        s.dataChanged.connect(self._changed)

    @property
    def pages(self) -> PagesModel:
        return self._pages

    def sourceModel(self) -> PagesModel:
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

    def _filter(self) -> Filter:
        classes = None if self._classes == ALL_CLASSES else frozenset(int(c) for c in self._classes)
        return Filter(
            self._text, classes, self.only, self._urls, not self._pages.source.hide_cancelled
        )

    def set_url_filter(self, urls: Iterable[str] | None) -> None:
        """Show only these URLs (None: every URL), on top of the other filters."""
        self._urls = None if urls is None else frozenset(urls)
        self.refilter()

    def set_filter(
        self, text: str | None = None, classes: Iterable[StatusClass] | None = None
    ) -> None:
        if text is not None:
            self._text = text.strip().lower()
        if classes is not None:
            self._classes = frozenset(classes) or ALL_CLASSES
        self.refilter()

    def refilter(self) -> None:
        """Filter the source's rows again (on the query thread when they are many)."""
        self._token += 1
        self._waiting = False
        pages = self._pages
        if not self.filtering:
            self._morph(None)
            return
        q = pages.query(self._filter())
        if len(pages.order) < pages.sync_rows or pages._querier is None:
            self._morph(pagequery.order(pages.source.db, q))
        else:
            self._waiting = True
            # A channel of its own: a sort of the source's does not supersede a filter.
            pages._querier.submit(
                f"filter{id(self)}", self._token, q, self._querier_relay.ready.emit
            )

    def _on_result(self, token: int, result: array[int] | None) -> None:
        if token != self._token:
            return
        self._waiting = False
        if result is None:
            return
        self._set_order(result)
        self.applied.emit()

    def _set_order(self, order: array[int] | None) -> None:
        self.beginResetModel()
        self.order = order
        self.endResetModel()

    def _morph(self, order: array[int] | None) -> None:
        """Show ``order`` (None: the source's rows) as rows removed and rows inserted, as a
        filter proxy does (the current row hidden moves away from it, as Qt's views expect);
        a model reset when the rows kept are not in the same order in both."""
        if order is None and self.order is None:
            return  # the source's rows are shown already (clearing no filter: nothing to do)
        new: Sequence[int] = order if order is not None else self._pages.order
        old = self._rows
        if self.order is None:
            self.order = array("q", old)
        shown = self.order
        keep = set(new)
        gone = [i for i, s in enumerate(shown) if s not in keep]
        kept = [s for s in shown if s in keep]
        kept_set = set(kept)  # once: a set per row made reopening the Rust docs take a minute
        if kept != [s for s in new if s in kept_set]:
            self._set_order(order)
            return
        for first, last in reversed(row_runs(gone)):
            self.beginRemoveRows(QModelIndex(), first, last)
            del shown[first : last + 1]
            self.endRemoveRows()
        had = set(shown)
        coming = [i for i, s in enumerate(new) if s not in had]
        for first, last in row_runs(coming):
            self.beginInsertRows(QModelIndex(), first, last)
            shown[first:first] = array("q", new[first : last + 1])
            self.endInsertRows()
        self.order = order

    @property
    def _rows(self) -> Sequence[int]:
        return self.order if self.order is not None else self._pages.order

    # ---- following the source -----------------------------------------------------------------

    def _rows_coming(self, _parent: QModelIndex, first: int, last: int) -> None:
        if self.order is None:
            self.beginInsertRows(QModelIndex(), first, last)

    def _rows_came(self, _parent: QModelIndex, first: int, last: int) -> None:
        if self.order is None:
            self.endInsertRows()
            return
        pages = self._pages
        seqs = pages.order[first : last + 1]
        kept = pagequery.passing(pages.source.db, self._filter(), pages.searched, seqs)
        new = [s for s in seqs if s in kept]
        if new:
            at = len(self.order)
            self.beginInsertRows(QModelIndex(), at, at + len(new) - 1)
            self.order.extend(new)
            self.endInsertRows()

    def _rows_going(self, _parent: QModelIndex, first: int, last: int) -> None:
        if self.order is None:
            self.beginRemoveRows(QModelIndex(), first, last)
            return
        gone = set(self._pages.order[first : last + 1])
        rows = [i for i, s in enumerate(self.order) if s in gone]
        for a, b in reversed(row_runs(rows)):
            self.beginRemoveRows(QModelIndex(), a, b)
            del self.order[a : b + 1]
            self.endRemoveRows()

    def _rows_gone(self, _parent: QModelIndex, first: int, last: int) -> None:
        if self.order is None:
            self.endRemoveRows()

    def _resetting(self) -> None:
        self.beginResetModel()

    def _reset(self) -> None:
        if self.order is None:
            self.endResetModel()
            return
        self.order = array("q")  # the source's rows filtered again, now that it has them
        self.endResetModel()
        self.refilter()

    def _relayout(self) -> None:
        self.layoutAboutToBeChanged.emit()
        self._old = array("q", self._rows)

    def _relaid(self) -> None:
        old, self._old = self._old, ()
        if self.order is not None:
            pages = self._pages
            q = pages.query(self._filter())
            if len(pages.order) < pages.sync_rows or pages._querier is None:
                new = pagequery.order(pages.source.db, q)
                if len(new) == len(old):
                    self.order = new
                    remap(self, old, new)
                    self.layoutChanged.emit()
                    return
                self.layoutChanged.emit()
                self._set_order(new)
                return
            self.layoutChanged.emit()
            self.refilter()
            return
        remap(self, old, self._rows, self._pages.known)
        self.layoutChanged.emit()

    def _changed(self, top: QModelIndex, bottom: QModelIndex, roles: Sequence[int] = ()) -> None:
        if self.order is None:
            self.dataChanged.emit(
                self.index(top.row(), 0), self.index(bottom.row(), self.columnCount() - 1)
            )
        elif self.order:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.order) - 1, self.columnCount() - 1)
            )

    def held(self) -> set[int]:
        rows = self._rows
        return {rows[i.row()] for i in self.persistentIndexList() if i.row() < len(rows)}

    def rename(self, old: int, new: int) -> None:
        """A row's seq replaced (a re-check's answer): it stays where it is, filters or not."""
        if self.order is not None:
            with contextlib.suppress(ValueError):
                self.order[self.order.index(old)] = new

    # ---- QAbstractItemModel -------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._pages.columns)

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if (
            0 <= row < len(self._rows)
            and 0 <= column < len(self._pages.columns)
            and not parent.isValid()
        ):
            return self.createIndex(row, column)
        return QModelIndex()

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        return self._pages.cell(self._rows, index.row(), index.column(), role)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return self._pages.headerData(section, orientation, role)

    def mapFromSource(self, index: AnyIndex) -> QModelIndex:
        if not index.isValid():
            return QModelIndex()
        if self.order is None:
            return self.index(index.row(), index.column())
        try:
            row = self.order.index(self._pages.order[index.row()])
        except (ValueError, IndexError):
            return QModelIndex()
        return self.index(row, index.column())

    def mapToSource(self, index: AnyIndex) -> QModelIndex:
        if not index.isValid():
            return QModelIndex()
        if self.order is None:
            return self._pages.index(index.row(), index.column())
        try:
            row = self._pages.order.index(self.order[index.row()])
        except (ValueError, IndexError):
            return QModelIndex()
        return self._pages.index(row, index.column())

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._pages.sort(column, order)

    def records(self) -> list[FetchRecord]:
        """The records of exactly the rows shown, in view order."""
        return list(self.iter_records())

    def iter_records(self) -> Iterator[FetchRecord]:
        """The records of the rows shown (those being filtered, if a filter is under way)."""
        pages = self._pages
        if self._waiting:
            return pages.source.records(
                pagequery.order(pages.source.db, pages.query(self._filter()))
            )
        return pages.source.records(array("q", self._rows))
