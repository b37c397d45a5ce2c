"""View widgets of the window: the pages tab with its filters, plain tables, the URL context menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from .models import PagesModel, PagesProxy, Roles, StatusClass

ItemView = QTableView | QTreeView

QUICK_FILTERS = (
    ("2xx", (StatusClass.OK,), "Successful answers"),
    ("3xx", (StatusClass.REDIRECT,), "Redirects"),
    ("4xx", (StatusClass.CLIENT_ERROR,), "Client errors, e.g. 404"),
    ("5xx", (StatusClass.SERVER_ERROR,), "Server errors"),
    ("Failed", (StatusClass.FAILED,), "No HTTP answer: timeouts, resets, cancelled…"),
)


def open_url(url: str) -> None:
    QDesktopServices.openUrl(QUrl(url))


def copy_url(url: str) -> None:
    QGuiApplication.clipboard().setText(url)


def url_menu(parent: QWidget, url: str) -> QMenu:
    menu = QMenu(parent)
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    menu.addAction("&Open in browser", lambda: open_url(url))
    menu.addAction("&Copy URL", lambda: copy_url(url))
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


def make_table(model: QAbstractItemModel, widths: Sequence[int], sortable: bool) -> QTableView:
    """A fast table: fixed row heights, no word wrap (a 100k-row view must not measure rows)."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setWordWrap(False)
    view.setAlternatingRowColors(True)
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    vh = view.verticalHeader()
    vh.hide()
    vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    vh.setDefaultSectionSize(view.fontMetrics().height() + 6)
    hh = view.horizontalHeader()
    hh.setHighlightSections(False)
    hh.setStretchLastSection(True)
    for col, w in enumerate(widths):
        view.setColumnWidth(col, w)
    if sortable:
        # No indicator at first: rows stay in arrival order until a header is clicked.
        hh.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)
    install_url_menu(view, index_url_at(view))
    return view


def sorted_proxy(model: QAbstractItemModel, parent: Any) -> QSortFilterProxyModel:
    """For the small tables: a plain proxy. Once a header is clicked, rows that arrive later
    go to their sorted place (tables of workers, redirects and broken links stay small)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setDynamicSortFilter(True)
    proxy.setSortRole(Roles.Sort)
    proxy.setSourceModel(model)
    return proxy


PAGE_WIDTHS = (420, 70, 110, 70, 70, 50, 50, 50, 220, 220, 160, 260)


class PagesTab(QWidget):
    """The pages table with a text filter and quick status filters.

    Signals:
        filterChanged(): the filter was applied (the shown count may have changed).
    """

    filterChanged = Signal()

    def __init__(self, proxy: PagesProxy, parent: Any = None) -> None:
        super().__init__(parent)
        self.proxy = proxy
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter URLs, types, errors… (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.filter, 1)
        for label, _classes, tip in QUICK_FILTERS:
            b = QToolButton()
            b.setText(label)
            b.setCheckable(True)
            b.setToolTip(f"Show only: {tip} (several can be combined)")
            b.toggled.connect(self._apply)
            self.buttons[label] = b
            bar.addWidget(b)
        self.count = QLabel()
        self.count.setMinimumWidth(140)
        self.count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addWidget(self.count)
        self.table = make_table(proxy, PAGE_WIDTHS, sortable=True)
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
        self.update_count()

    def set_quick_filter(self, label: str, on: bool = True) -> None:
        self.buttons[label].setChecked(on)

    def _apply(self) -> None:
        self._debounce.stop()
        classes = [
            c for label, cs, _tip in QUICK_FILTERS if self.buttons[label].isChecked() for c in cs
        ]
        current = self.table.currentIndex().data(Roles.Url)
        self.proxy.set_filter(text=self.filter.text(), classes=classes)
        self._keep_or_clear_selection(current)
        self.update_count()
        self.filterChanged.emit()

    def _keep_or_clear_selection(self, url: str | None) -> None:
        """When its row is filtered out, Qt moves the current row to a neighbour, which the
        details pane would then show: keep the picked row, or pick nothing."""
        if url is None or self.table.currentIndex().data(Roles.Url) == url:
            return
        model = self.proxy.sourceModel()
        row = model.row_of(url) if isinstance(model, PagesModel) else None
        if row is None or not self.select_url(row):
            self.table.selectionModel().clear()

    def apply_now(self) -> None:
        """Apply a pending text filter at once (tests, export of the filtered view)."""
        if self._debounce.isActive():
            self._apply()

    def update_count(self) -> None:
        total = self.proxy.sourceModel().rowCount()
        shown = self.proxy.rowCount()
        self.count.setText(f"{shown:,} of {total:,}" if self.proxy.filtering else f"{total:,} URLs")

    def select_url(self, row: int) -> bool:
        src = self.proxy.sourceModel().index(row, 0)
        idx = self.proxy.mapFromSource(src)
        if not idx.isValid():
            return False
        self.table.setCurrentIndex(idx)
        self.table.scrollTo(idx)
        return True
