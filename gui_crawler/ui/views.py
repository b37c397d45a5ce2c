"""View widgets of the window: the pages tab with its filters, plain tables, the URL context menu."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QDesktopServices, QGuiApplication, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import COLUMNS, FILTERS, VERDICTS, ntranslate, translate
from gui_crawler.records.page_columns import PAGE_COLUMNS
from gui_crawler.records.record_filters import RECORD_FILTERS, record_filter
from gui_crawler.records.verdicts import CLASS_WORDS, QUICK_CLASSES
from gui_crawler.ui.pages_proxy import PagesProxy
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.quiet_table import QuietTable
from gui_crawler.ui.roles import Roles

ItemView = QTableView | QTreeView

# The quick filters by status class: (label, class, what it holds), as verdicts.py says them.
QUICK_FILTERS = tuple((CLASS_WORDS[c][0], c, CLASS_WORDS[c][1]) for c in QUICK_CLASSES)


def open_url(url: str) -> None:
    QDesktopServices.openUrl(QUrl(url))


def copy_url(url: str) -> None:
    QGuiApplication.clipboard().setText(url)


def url_menu(parent: QWidget, url: str) -> QMenu:
    menu = QMenu(parent)
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    menu.addAction(translate("WindowMenus", "&Open in browser"), lambda: open_url(url))
    menu.addAction(translate("WindowMenus", "&Copy URL"), lambda: copy_url(url))
    return menu


def install_url_menu(view: QAbstractItemView, url_at: Callable[[QPoint], str | None]) -> None:
    """Right-click on a URL: open it in the browser or copy it. ``popup()``, never ``exec()``:
    a nested event loop inside the qasync loop is what modal calls get wrong."""
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def show(pos: QPoint) -> None:
        url = url_at(pos)
        if url:
            url_menu(view, url).popup(view.viewport().mapToGlobal(pos))

    view.customContextMenuRequested.connect(show)


def index_url_at(view: QAbstractItemView) -> Callable[[QPoint], str | None]:
    def at(pos: QPoint) -> str | None:
        idx = view.indexAt(pos)
        return idx.data(Roles.Url) if idx.isValid() else None

    return at


class MiddleElide(QStyledItemDelegate):
    """URLs differ at their ends: cut them in the middle (other cells are cut at the end)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Any) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


def make_table(
    model: QAbstractItemModel,
    widths: Sequence[int],
    sortable: bool,
    url_columns: Sequence[int] = (0,),
) -> QTableView:
    """A fast table: fixed row heights, no word wrap (a 100k-row view must not measure rows)."""
    view = QuietTable()  # rows appended out of sight do not repaint the rows shown
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setWordWrap(False)
    view.setAlternatingRowColors(True)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    vh = view.verticalHeader()
    vh.hide()
    vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    vh.setDefaultSectionSize(view.fontMetrics().height() + 6)
    hh = view.horizontalHeader()
    hh.setHighlightSections(False)
    hh.setStretchLastSection(True)
    for col, w in enumerate(widths):
        view.setColumnWidth(col, w)
    middle = MiddleElide(view)
    for col in url_columns:
        view.setItemDelegateForColumn(col, middle)
    if sortable:
        # No indicator at first: rows stay in arrival order until a header is clicked.
        hh.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)
    install_url_menu(view, index_url_at(view))
    return view


def sorted_proxy(
    model: QAbstractItemModel, parent: Any, dynamic: bool = True
) -> QSortFilterProxyModel:
    """For the smaller tables: rows stay in arrival order until a header is clicked; then, when
    ``dynamic``, rows that arrive or change take their sorted place, so the header's arrow never
    stands over unsorted rows (a binary search per new or changed row)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setDynamicSortFilter(dynamic)
    proxy.setSortRole(Roles.Sort)
    proxy.setSourceModel(model)
    return proxy


class PagesTab(QWidget):
    """The pages table with its filters, each one shown where the rows are: the text box, the
    quick status buttons and, when an Overview finding is picked, a chip naming the finding with
    a close button that removes it. The filters combine with AND (the status buttons among themselves with
    OR, External and Blocked likewise); the count says "N of M" whenever one is on.

    Signals:
        filterChanged(): the filter was applied (the shown count may have changed).
        findingRemoved(): the finding chip's close button was clicked.
    """

    filterChanged = Signal()
    findingRemoved = Signal()

    def __init__(self, proxy: PagesProxy, parent: Any = None) -> None:
        super().__init__(parent)
        self.proxy = proxy
        self.filter = QLineEdit()
        self.filter.setAccessibleName(self.tr("Filter the pages"))
        self.filter.setPlaceholderText(self.tr("Filter URLs, types, errors… (Ctrl+F)"))
        self.filter.setClearButtonEnabled(True)
        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.filter, 1)
        self.finding = ""  # the label of the finding whose pages are shown ("" when none)
        self.finding_chip = FilterChip(self)
        self.finding_chip.removed.connect(self.findingRemoved)
        self.finding_chip.hide()
        bar.addWidget(self.finding_chip)
        buttons = [
            (label, translate(VERDICTS, label),
             self.tr("{what} (several can be combined)").format(what=translate(VERDICTS, what)))
            for label, _, what in QUICK_FILTERS
        ]  # fmt: skip
        filters = [
            (lb, translate(FILTERS, lb), translate(FILTERS, what)) for lb, what in RECORD_FILTERS
        ]
        # Keyed by their English label, whatever the language shown.
        for label, shown, what in [*buttons, *filters]:
            b = QToolButton()
            b.setText(shown)
            b.setCheckable(True)
            b.setToolTip(self.tr("Show only: {what}").format(what=what))
            b.toggled.connect(self._apply)
            self.buttons[label] = b
            bar.addWidget(b)
        self.count = CounterLabel(min_width=140)
        self.count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addWidget(self.count)
        self.table = make_table(
            proxy,
            [c.width for c in PAGE_COLUMNS],
            sortable=True,
            url_columns=[i for i, c in enumerate(PAGE_COLUMNS) if c.url],
        )
        hh = self.table.horizontalHeader()
        for i, c in enumerate(PAGE_COLUMNS):
            hh.setSectionHidden(i, not c.shown)
        # Columns can be dragged into another order and shown or hidden from the header's menu;
        # the window saves the header's state, so both are remembered across runs.
        hh.setSectionsMovable(True)
        hh.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        hh.customContextMenuRequested.connect(self._column_menu)
        # A crawl's rule columns come and go with a model reset (PagesModel.set_rules).
        proxy.pages.modelAboutToBeReset.connect(self._rule_sections_to_end)
        proxy.pages.modelReset.connect(self._lay_out_rule_columns)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(bar)
        lay.addWidget(self.table)
        # Re-filtering 100k rows per keystroke would stall typing: wait for a pause.
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(200)
        self._debounce.timeout.connect(self._apply)
        self.filter.textChanged.connect(self._debounce.start)
        proxy.applied.connect(self.update_count)  # a filter made on the query thread
        self.update_count()

    def _rule_sections_to_end(self) -> None:
        """Before the columns change: the rule columns' sections are put back at the end. Qt
        drops the sections a reset removes by position, not by column: one dragged in among the
        others would take another column's width and hidden state with it."""
        hh = self.table.horizontalHeader()
        for logical in range(len(PAGE_COLUMNS), hh.count()):
            hh.moveSection(hh.visualIndex(logical), hh.count() - 1)

    def _lay_out_rule_columns(self) -> None:
        """After the columns changed: each rule column shown at the end, as wide as its width
        or its heading (a rule's name is the user's: its heading can be long); a sort by a rule
        column that went is no longer shown as the table's order."""
        hh = self.table.horizontalHeader()
        columns = self.proxy.pages.columns
        for i in range(len(PAGE_COLUMNS), len(columns)):
            hh.setSectionHidden(i, False)
            hh.resizeSection(i, max(columns[i].width, hh.sectionSizeHint(i)))
        if hh.sortIndicatorSection() >= len(PAGE_COLUMNS) and self.proxy.pages.sort_column < 0:
            hh.setSortIndicator(-1, hh.sortIndicatorOrder())

    def header_state(self) -> QByteArray:
        """The header's state (widths, order, hidden columns, sort) of PAGE_COLUMNS alone: the
        rule columns are the shown crawl's, and a state holding more sections than the table
        has columns is restored by Qt as that many sections."""
        hh = self.table.horizontalHeader()
        extra = hh.count() - len(PAGE_COLUMNS)
        if extra <= 0:
            return hh.saveState()
        model = QStandardItemModel(0, hh.count())
        scratch = QHeaderView(Qt.Orientation.Horizontal)
        scratch.setModel(model)
        scratch.restoreState(hh.saveState())
        for logical in range(len(PAGE_COLUMNS), hh.count()):
            scratch.moveSection(scratch.visualIndex(logical), scratch.count() - 1)
        if scratch.sortIndicatorSection() >= len(PAGE_COLUMNS):
            scratch.setSortIndicator(-1, scratch.sortIndicatorOrder())
        model.removeColumns(len(PAGE_COLUMNS), extra)
        return scratch.saveState()

    def column_menu(self) -> QMenu:
        """Checkable entries, one per column; the last shown column cannot be hidden."""
        hh = self.table.horizontalHeader()
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        columns = self.proxy.pages.columns
        shown = sum(not hh.isSectionHidden(i) for i in range(len(columns)))
        for i, c in enumerate(columns):
            a = menu.addAction(translate(COLUMNS, c.label))
            a.setToolTip(tip(translate(COLUMNS, c.tip)))
            a.setCheckable(True)
            a.setChecked(not hh.isSectionHidden(i))
            a.setEnabled(hh.isSectionHidden(i) or shown > 1)
            a.toggled.connect(lambda on, i=i: hh.setSectionHidden(i, not on))
        return menu

    def _column_menu(self, pos: QPoint) -> None:
        hh = self.table.horizontalHeader()
        self.column_menu().popup(hh.mapToGlobal(pos))

    def set_quick_filter(self, label: str, on: bool = True) -> None:
        self.buttons[label].setChecked(on)

    def set_finding(self, label: str | None, urls: Iterable[str] | None) -> None:
        """Show only these URLs, the pages of the finding ``label`` (None: no finding), on top
        of the other filters; the chip beside the filter box names it."""
        self.finding = label or ""
        self.finding_chip.set_text(
            self.tr("Finding: {finding}").format(finding=label) if label else ""
        )
        self.finding_chip.setVisible(bool(label))
        self._refilter(lambda: self.proxy.set_url_filter(None if label is None else urls))

    def clear_filters(self) -> None:
        """No text, no quick filter, no finding: every row shown (a new crawl starts so)."""
        self._debounce.stop()
        for b in self.buttons.values():
            b.blockSignals(True)  # one re-filter for all of them, not one per button
            b.setChecked(False)
            b.blockSignals(False)
        self.filter.blockSignals(True)
        self.filter.clear()
        self.filter.blockSignals(False)
        self.finding = ""
        self.finding_chip.hide()
        self.proxy.set_url_filter(None)
        self._apply()

    def start_over(self) -> None:
        """Another crawl shown: its rows unfiltered, from the first column."""
        self.clear_filters()
        self.table.horizontalScrollBar().setValue(0)

    def active_filters(self) -> list[str]:
        """The filters on, in words, as the count's tooltip lists them."""
        out = []
        if self.finding:
            out.append(self.tr("the pages of the finding “{finding}”").format(finding=self.finding))
        checked = [lb for lb, b in self.buttons.items() if b.isChecked()]
        statuses = [translate(VERDICTS, lb) for lb, _, _tip in QUICK_FILTERS if lb in checked]
        kinds = [translate(FILTERS, lb) for lb, _ in RECORD_FILTERS if lb in checked]
        either = self.tr(" or ")
        if statuses:
            out.append(either.join(statuses))
        if kinds:
            out.append(either.join(kinds))
        if self.proxy.text:
            extracted = any(not r.search for r in self.proxy.pages.rules)
            where = (
                self.tr("the URL, type, error or an extracted value")
                if extracted
                else self.tr("the URL, type or error")
            )
            out.append(self.tr("“{text}” in {where}").format(text=self.proxy.text, where=where))
        return out

    def _apply(self) -> None:
        self._debounce.stop()
        classes = [c for label, c, _tip in QUICK_FILTERS if self.buttons[label].isChecked()]
        self.proxy.only = record_filter(
            {lb for lb, _ in RECORD_FILTERS if self.buttons[lb].isChecked()},
            self.proxy.pages.status_rules,
        )
        self._refilter(lambda: self.proxy.set_filter(text=self.filter.text(), classes=classes))

    def _refilter(self, change: Callable[[], None]) -> None:
        """Apply a filter change; the selected row stays selected if it stays shown."""
        # Qt moves the current index to a neighbour when its row is filtered out, and the
        # details pane would follow: keep the selected URL if it stays visible, else clear.
        sel = self.table.selectionModel()
        url = self.table.currentIndex().data(Roles.Url)
        sel.blockSignals(True)
        try:
            change()
        finally:
            sel.blockSignals(False)
        if url is not None:
            pages = self.proxy.pages
            row = pages.row_of(url)
            idx = (
                self.proxy.mapFromSource(pages.index(row, 0)) if row is not None else QModelIndex()
            )
            if idx.isValid():
                sel.setCurrentIndex(
                    idx,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
            else:
                sel.clearSelection()
                sel.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
        self.update_count()
        self.filterChanged.emit()

    def apply_now(self) -> None:
        """Apply a pending text filter at once (tests, export of the filtered view)."""
        if self._debounce.isActive():
            self._apply()

    def update_count(self) -> None:
        total = self.proxy.sourceModel().rowCount()
        shown = self.proxy.rowCount()
        if self.proxy.filtering:
            self.count.setText(
                self.tr("{shown} of {total}").format(shown=f"{shown:,}", total=f"{total:,}")
            )
            on = self.active_filters()
            self.count.setToolTip(
                tip(
                    ntranslate(
                        "PagesTab",
                        "{n} URL shown of {total} recorded: those matching {filters}",
                        "{n} URLs shown of {total} recorded: those matching {filters}",
                        shown,
                    ).format(n=f"{shown:,}", total=f"{total:,}", filters=self.tr(" and ").join(on))
                )
                if on
                else ""
            )
        else:
            self.count.setText(
                ntranslate("PagesTab", "{n} URL", "{n} URLs", total).format(n=f"{total:,}")
            )
            self.count.setToolTip("")

    def select_url(self, row: int) -> bool:
        src = self.proxy.sourceModel().index(row, 0)
        idx = self.proxy.mapFromSource(src)
        if not idx.isValid():
            return False
        self.table.setCurrentIndex(idx)
        self.table.scrollTo(idx)
        return True


class FilterChip(QFrame):
    """A filter shown as a removable chip: its name and a close button that removes it.

    Signals:
        removed(): the close button was clicked.
    """

    removed = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("filter-chip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#filter-chip { border: 1px solid #1f5fbf; border-radius: 4px; background: #e8f0fb; }"
        )
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.remove = QToolButton()
        self.remove.setObjectName("filter-chip-remove")
        self.remove.setText("\N{MULTIPLICATION SIGN}")
        self.remove.setAutoRaise(True)
        self.remove.setToolTip(self.tr("Remove this filter"))
        self.remove.clicked.connect(self.removed)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.label)
        lay.addWidget(self.remove)

    def set_text(self, text: str) -> None:
        self.label.setText(text)
        self.setToolTip(
            tip(
                self.tr(
                    "{filter}: only its pages are shown (the close button shows every page again)"
                ).format(filter=text)
            )
        )

    def text(self) -> str:
        return self.label.text()


class CounterLabel(QLabel):
    """A one-line label for numbers that change on every tick: its width only grows, and it is
    held fixed in between, so a new number repaints the label alone. A label whose size may
    change asks its parent to lay out again on each ``setText``: in a tab page that repaints the
    whole QTabWidget (it repaints itself on any layout request), in the status bar it moves
    every item. An empty text gives the space back."""

    def __init__(self, min_width: int = 0, parent: Any = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._min_width = min_width
        self._fit(reset=True)

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self._fit(reset=not text)  # emptied: it gives its space back

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit(reset=True)

    def _fit(self, reset: bool = False) -> None:
        if reset:
            self.setMinimumSize(0, 0)  # a QLabel's size hint is never below its minimum size
        hint = self.sizeHint()
        width = max(hint.width(), self._min_width, 0 if reset else self.maximumWidth())
        if width != self.maximumWidth() or hint.height() != self.maximumHeight():
            self.setFixedSize(width, hint.height())
