"""The main window: widgets, actions and wiring only. The crawl shown and its lifecycle are the
controller's (ui/controller.py), rows the models', the status bar's labels ui/status_bar.py's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.events import CrawlFinished
from gui_crawler.ui.accessible import name_controls, tab_to_toolbar
from gui_crawler.ui.catch_up import IdleCatchUp
from gui_crawler.ui.charts import ChartsPanel
from gui_crawler.ui.controller import ADDRESS, SETTINGS, CrawlController, CrawlViews
from gui_crawler.ui.details import DetailsPane
from gui_crawler.ui.focus import ShortcutsFirst
from gui_crawler.ui.graph_view import SiteGraphTab
from gui_crawler.ui.hosts_model import HOST_WIDTHS
from gui_crawler.ui.i18n import finding_label
from gui_crawler.ui.layout_state import restore_layout, save_layout
from gui_crawler.ui.menus import MenuParts, WindowMenus
from gui_crawler.ui.module_sources import forget_module_sources
from gui_crawler.ui.overview import OverviewTab
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.settings_panel import ERROR_BORDER, ERROR_STYLE, SettingsPanel, scrolled
from gui_crawler.ui.status_bar import CrawlStatusBar
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.tree_model import TREE_WIDTHS
from gui_crawler.ui.views import PagesTab, index_url_at, install_url_menu, make_table, sorted_proxy
from gui_crawler.ui.window_dialogs import WindowDialogs
from gui_crawler.ui.workers_model import WORKER_WIDTHS, keep_sorted_live

RESOURCES = Path(__file__).with_name("resources")


def icon(name: str) -> QIcon:
    return QIcon(str(RESOURCES / f"{name}.svg"))


def splitter(
    name: str, orientation: Qt.Orientation, a: QWidget, a_stretch: int, b: QWidget,
    b_stretch: int, sizes: list[int],
) -> QSplitter:  # fmt: skip
    """Two widgets side by side (or one above the other), resized by a handle."""
    s = QSplitter(orientation)
    s.setObjectName(f"{name}-splitter")
    for i, (w, stretch) in enumerate(((a, a_stretch), (b, b_stretch))):
        s.addWidget(w)
        s.setStretchFactor(i, stretch)
    s.setSizes(sizes)
    return s


class MainWindow(QMainWindow):
    """The crawler you can watch: address bar, settings, live views, details, status bar.

    Signals:
        crawlFinished(CrawlFinished): a crawl ended and every view shows all its records.
        closed(): the window was closed (a running crawl has been told to cancel).
    """

    crawlFinished = Signal(object)
    closed = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("gui-crawler")
        self.setWindowIcon(icon("app"))
        self.results = CrawlResults(self)
        self._problem_about = ""  # what the problem under the address bar is about (controller)
        self._build_actions()
        self._build_toolbar()
        self._build_central()
        views = CrawlViews(self.settings, self.pages_tab, self.details, self.overview,
                           self.timeline, self.charts)  # fmt: skip
        self.controller = CrawlController(self.results, views, self)
        self.bridge = self.controller.bridge
        self.status = CrawlStatusBar(self, self.controller)
        self.state_label, self.notice = self.status.state_label, self.status.notice
        self.stat_labels = self.status.stat_labels
        self.dialogs = WindowDialogs(self, self.controller, self.select_url)
        self._wire()
        self.menus = WindowMenus(self._menu_parts(), self.controller)
        self._shortcuts_first = ShortcutsFirst(self.actions, self)
        for edit in self.findChildren(QLineEdit):
            edit.installEventFilter(self._shortcuts_first)
        self._update_actions()
        # Last: every control made by now is named, from what is shown for it where nothing
        # named it on purpose.
        name_controls(self)
        self.resize(1400, 900)
        forget_module_sources()  # the window's modules are imported by now

    # ---- construction -------------------------------------------------------------------------

    def _action(
        self,
        text: str,
        shortcut: str | QKeySequence.StandardKey,
        slot: Any,
        tip: str,
        icon_name: str | None = None,
    ) -> QAction:
        a = QAction(text, self)
        a.setShortcut(QKeySequence(shortcut))
        a.setToolTip(f"{tip} ({a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        if icon_name:
            a.setIcon(icon(icon_name))
        a.triggered.connect(slot)
        self.addAction(a)  # shortcuts work wherever the focus is in the window
        return a

    def _build_actions(self) -> None:
        self.start_action = self._action(
            self.tr("&Start"),
            "Ctrl+Return",
            self.start,
            self.tr("Start a fresh crawl of the address"),
            "start",
        )
        self.pause_action = self._action(
            self.tr("&Pause"),
            "Ctrl+P",
            lambda: self.controller.toggle_pause(),
            self.tr("Pause or resume the crawl"),
            "pause",
        )
        self.pause_action.setCheckable(True)
        self.cancel_action = self._action(
            self.tr("&Cancel"),
            "Esc",
            self.cancel,
            self.tr("Cancel the crawl (rows are kept)"),
            "cancel",
        )
        self.export_action = self._action(
            self.tr("&Export all…"),
            "Ctrl+E",
            lambda: self.dialogs.export_dialog(False),
            self.tr("Export every page as CSV"),
            "export",
        )
        self.export_filtered_action = self._action(
            self.tr("Export &filtered…"),
            "Ctrl+Shift+E",
            lambda: self.dialogs.export_dialog(True),
            self.tr("Export exactly the rows of the filtered pages view as CSV"),
        )
        self.open_action = self._action(
            self.tr("&Open crawl…"), QKeySequence.StandardKey.Open,
            lambda: self.dialogs.recent_dialog(),
            self.tr("Open a saved crawl file to see its rows and continue it"), "open",
        )  # fmt: skip
        self.resume_crawl_action = self._action(
            self.tr("Co&ntinue crawl"), "Ctrl+Shift+Return", self.continue_crawl,
            self.tr("Continue the opened or stopped crawl: fetch what it had left, nothing twice"),
            "start",
        )  # fmt: skip
        self.list_action = self._action(
            self.tr("Check a &list of URLs…"), "Ctrl+Shift+L", lambda: self.dialogs.list_dialog(),
            self.tr("Check exactly the URLs of a list: pasted, or a text, CSV or sitemap file"),
        )  # fmt: skip
        self.recheck_action = self._action(
            self.tr("&Re-check all broken"), "Ctrl+R", lambda: self.controller.recheck(None),
            self.tr("Fetch again the shown crawl's broken, blocked and failed URLs; their rows "
                    "are replaced, their earlier answers kept in the crawl file"),
        )  # fmt: skip
        self.compare_action = self._action(
            self.tr("Co&mpare crawls…"), "Ctrl+Shift+D", lambda: self.dialogs.compare_dialog(),
            self.tr("What changed between two crawls of one site: URLs added and removed, "
                    "answers, titles, descriptions, H1s, canonicals, robots, content"),
        )  # fmt: skip
        # Named for the menus, which find them by these names and give them their words.
        self._action("Address", "Ctrl+L", self._focus_address, self.tr("Edit the address"))
        self._action("Filter", "Ctrl+F", self._focus_filter, self.tr("Filter the pages table"))
        self._action("Quit", QKeySequence.StandardKey.Quit, self.close, self.tr("Close the window"))

    def _build_toolbar(self) -> None:
        tb = QToolBar(self.tr("Crawl"))
        tb.setObjectName("crawl-toolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.addToolBar(tb)
        self.address = QLineEdit()
        self.address.setObjectName("address")
        self.address.setAccessibleName(self.tr("Address to crawl"))
        self.address.setPlaceholderText(
            self.tr("Address to crawl, e.g. {url}").format(url="http://127.0.0.1:8000/")
        )
        self.address.setClearButtonEnabled(True)
        self.address.setMinimumWidth(360)
        tb.addWidget(self.address)
        for a in (self.start_action, self.pause_action, self.cancel_action):
            tb.addAction(a)
        tb.addAction(self.resume_crawl_action)
        tb.addSeparator()
        tb.addAction(self.open_action)
        tb.addAction(self.export_action)
        tb.addAction(self.export_filtered_action)
        tab_to_toolbar(tb)  # address, Start, … in the Tab order, then the settings

    def _build_central(self) -> None:
        r = self.results
        self.address_error = QLabel()
        # Quotes what was typed, file names and messages from files: plain text.
        self.address_error.setTextFormat(Qt.TextFormat.PlainText)
        self.address_error.setObjectName("address-error")
        self.address_error.setStyleSheet(ERROR_STYLE)
        self.address_error.setWordWrap(True)
        self.address_error.hide()

        self.settings = SettingsPanel()

        self.pages_tab = PagesTab(r.proxy)
        self.tree_view = QTreeView()
        self.tree_view.setModel(r.tree)
        self.tree_view.setUniformRowHeights(True)
        self.tree_view.setAlternatingRowColors(True)
        for col, w in enumerate(TREE_WIDTHS):
            self.tree_view.setColumnWidth(col, w)
        install_url_menu(self.tree_view, index_url_at(self.tree_view))
        self.tree_catch_up = IdleCatchUp(r.tree, self.tree_view, r.tree.CATCH_UP)
        self.workers_view = make_table(
            sorted_proxy(r.workers, self), WORKER_WIDTHS, True, url_columns=(4,)
        )
        # The charts sit under the settings: visible whichever tab is open, and the settings
        # form would leave that space empty anyway.
        self.charts = ChartsPanel()
        self.left = splitter("left", Qt.Orientation.Vertical, scrolled(self.settings), 1,
                             self.charts, 2, [380, 430])  # fmt: skip
        self.redirects_view = make_table(
            sorted_proxy(r.redirects, self), r.redirects.WIDTHS, True, url_columns=(0, 2, 4)
        )
        self.broken_view = make_table(
            sorted_proxy(r.broken, self), r.broken.WIDTHS, True, url_columns=(0, 4)
        )

        self.details = DetailsPane(r.links)
        self.details.setAccessibleName(self.tr("Details of the selected URL"))
        self.tabs = QTabWidget()
        self.tabs.setObjectName("views")
        self.tabs.setAccessibleName(self.tr("Views"))
        self.tabs.setDocumentMode(True)
        self.add_tab(self.pages_tab, self.tr("&Pages"), self.pages_tab.table)
        self.add_tab(self.tree_view, self.tr("Site &tree"))
        self.add_tab(self.workers_view, self.tr("&Workers"))
        self.add_tab(self.redirects_view, self.tr("&Redirects"))
        self.add_tab(self.broken_view, self.tr("&Broken links"))
        self.timeline = TimelinePanel()
        self.add_tab(self.timeline, self.tr("T&imeline"))
        self.hosts_view = make_table(sorted_proxy(r.hosts, self), HOST_WIDTHS, True)
        self.add_tab(self.hosts_view, self.tr("H&osts"))
        self.overview = OverviewTab()
        self.overview.audit.linked = r.links.linked  # one index of the links, not two
        self.overview.audit.sources = r.links.all_sources
        self.overview.audit.source = r.links.records  # records read back, not kept twice
        self.overview.find_records = r.links.records.get_many
        self.overview.urlsPicked.connect(self._show_finding)
        self.pages_tab.findingRemoved.connect(self.overview.show_all)
        self.overview.table.clicked.connect(lambda _: self.tabs.setCurrentWidget(self.pages_tab))
        self.add_tab(self.overview, self.tr("&Overview"))
        self.graph_view = SiteGraphTab(r.graph)
        self.add_tab(self.graph_view, self.tr("Site &graph"))

        install_url_menu(self.details, lambda pos: self.details.current_url())

        # Room for a record's fields without scrolling; the handle resizes it.
        self.right = splitter("right", Qt.Orientation.Vertical, self.tabs, 3, self.details, 1,
                              [520, 340])  # fmt: skip
        self.right.setChildrenCollapsible(False)
        self.main_split = splitter("main", Qt.Orientation.Horizontal, self.left, 0, self.right, 1,
                                   [300, 1100])  # fmt: skip

        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(4, 0, 4, 0)
        lay.setSpacing(2)
        lay.addWidget(self.address_error)
        lay.addWidget(self.main_split, 1)
        self.setCentralWidget(central)

    def add_tab(self, widget: QWidget, title: str, view: QAbstractItemView | None = None) -> int:
        """Add a tab with a Ctrl+<n> shortcut. The item view shown in it (``widget`` itself when
        it is one) drives the Details pane: selecting a row shows that row's URL."""
        i = self.tabs.addTab(widget, title)
        if i < 9:
            self._action(
                f"Tab {i + 1}",  # a name for the menus, which give it the tab's
                f"Ctrl+{i + 1}",
                lambda _=False: self.tabs.setCurrentIndex(i),
                self.tr("Show this tab"),
            )
        view = (
            view if view is not None else widget if isinstance(widget, QAbstractItemView) else None
        )
        if view is not None and view.selectionModel() is not None:
            view.selectionModel().currentChanged.connect(
                lambda cur, _prev: self.details.show_index(cur)
            )
        return i

    def _menu_parts(self) -> MenuParts:
        ov = self.overview
        return MenuParts(
            window=self,
            row_views=(self.pages_tab.table, self.tree_view, self.redirects_view,
                       self.broken_view, self.details),
            details=self.details,
            tabs=self.tabs,
            file=(self.open_action, self.resume_crawl_action, self.compare_action),
            crawl=(self.start_action, self.pause_action, self.cancel_action,
                   self.resume_crawl_action),
            checks=(self.list_action, self.recheck_action),
            export=(self.export_action, self.export_filtered_action),
            findings=(ov.finding_action, ov.findings_action, ov.broken_action),
            report=ov.report_action,
            recheck=self.recheck_action,
        )  # fmt: skip

    def _wire(self) -> None:
        c = self.controller
        c.finished.connect(self.crawlFinished.emit)
        c.changed.connect(self._update_actions)
        c.problem.connect(self._problem_said)
        c.addressShown.connect(self.address.setText)
        self.bridge.started.connect(self._crawl_started)
        self.timeline.recordClicked.connect(self.select_url)
        self.graph_view.urlClicked.connect(self.select_url)
        self.address.returnPressed.connect(self.start)
        self.address.textEdited.connect(lambda _t: self._show_problem(None))
        self.settings.edited.connect(self._settings_edited)
        self.settings.workersChanged.connect(self._workers_changed)
        self.settings.validityChanged.connect(lambda _ok: self._update_actions())
        self.pages_tab.filterChanged.connect(self._update_actions)
        self.details.urlActivated.connect(self.select_url)
        self.results.tree.rowsInserted.connect(self._expand_hosts)
        self.results.pages.rowsInserted.connect(self._rows_came)

    # ---- public API (app.py, bench/, tests) ----------------------------------------------------

    @property
    def url(self) -> str:
        """The address as typed (start() normalises it)."""
        return self.address.text()

    @url.setter
    def url(self, text: str) -> None:
        self.address.setText(text)

    @property
    def workers(self) -> int:
        return self.settings.workers.value()

    @workers.setter
    def workers(self, n: int) -> None:
        """Takes effect at once when a crawl runs (the settings panel tells the bridge)."""
        self.settings.workers.setValue(n)

    @property
    def max_pages(self) -> int:
        return self.settings.max_pages.value()

    @max_pages.setter
    def max_pages(self, n: int) -> None:
        self.settings.max_pages.setValue(n)

    @property
    def data_dir(self) -> Path | None:
        """Where new crawl files go (None: the user's data dir)."""
        return self.controller.data_dir

    @data_dir.setter
    def data_dir(self, path: Path | None) -> None:
        self.controller.data_dir = path

    @property
    def problem(self) -> str:
        """Why the last start/open/continue failed ("" when it did not)."""
        return self.address_error.text()

    @property
    def row_count(self) -> int:
        return self.results.pages.rowCount()

    def say(self, text: str) -> None:
        """Put a sentence where the crawl's state is shown (e.g. what to do first)."""
        self.status.set_state(text)

    def show_tab(self, widget: QWidget) -> None:
        self.tabs.setCurrentWidget(widget)

    def start(self) -> bool:
        """Start a fresh crawl of the address; False (with a message shown) if it cannot."""
        return self.controller.start(self.address.text())

    def open_crawl(self, path: str | Path) -> bool:
        return self.controller.open_crawl(path)

    def continue_crawl(self) -> bool:
        return self.controller.continue_crawl()

    def cancel(self) -> None:
        self.controller.cancel()

    def export_csv(self, path: str, filtered: bool = False) -> int:
        return self.controller.export_csv(path, filtered)

    async def aclose(self) -> None:
        """Cancel a running crawl and wait until its HTTP session is closed."""
        await self.bridge.aclose()

    async def wait(self) -> CrawlFinished | None:
        return await self.bridge.wait()

    def select_url(self, url: str) -> None:
        """Show ``url`` in the pages table (if recorded) and in the details pane."""
        row = self.results.pages.row_of(url)
        if row is not None and self.pages_tab.select_url(row):
            self.tabs.setCurrentWidget(self.pages_tab)
        self.details.show_url(url)

    # ---- what the views and actions show ------------------------------------------------------

    def _show_finding(self, urls: tuple[str, ...] | None) -> None:
        """An Overview finding was picked: the Pages tab shows its URLs, among those the other
        filters show (they combine; the count says "N of M" and its tip names each)."""
        picked = self.overview.picked
        f = self.overview.finding(picked) if picked is not None else None
        label = finding_label(f.key, f.label) if f is not None else None
        self.pages_tab.set_finding(label, urls)  # filterChanged: the actions follow

    def _crawl_started(self) -> None:
        session = self.bridge.session
        if session is not None:
            keep_sorted_live(self.workers_view, session.config.max_tasks)

    def _workers_changed(self, n: int) -> None:
        keep_sorted_live(self.workers_view, n)
        self.controller.set_workers(n)
        self.status.show_workers()  # the new target at once; a crawl's rows follow next tick

    def _problem_said(self, msg: str | None, about: str) -> None:
        """The controller says why a start, open or continue failed: a settings problem shows
        the settings' page it is on too."""
        if msg and about == SETTINGS:
            self.settings.reveal_problem()
        self._show_problem(msg, about)

    def _show_problem(self, msg: str | None, about: str = "") -> None:
        """Why the last start, open or continue failed, under the address bar; the address
        field outlined only when the address is what is wrong."""
        self._problem_about = about if msg else ""
        self.address_error.setText(msg or "")
        self.address_error.setVisible(bool(msg))
        self.address.setStyleSheet(ERROR_BORDER if msg and about == ADDRESS else "")

    def _settings_edited(self) -> None:
        """A settings problem said under the address bar follows the settings: it goes once
        they are fixed, not at the next Start."""
        if self._problem_about == SETTINGS:
            self._show_problem(self.controller.settings_problem(self.address.text()), SETTINGS)

    def _update_actions(self, *_: object) -> None:
        c = self.controller
        running = self.bridge.running
        self.start_action.setEnabled(not running and self.settings.error() is None)
        paused = self.bridge.paused
        self.pause_action.setEnabled(running)
        self.pause_action.setChecked(paused)
        self.pause_action.setText(self.tr("&Resume") if paused else self.tr("&Pause"))
        self.pause_action.setIcon(icon("start" if paused else "pause"))
        self.cancel_action.setEnabled(running)
        self.open_action.setEnabled(not running)
        self.recheck_action.setEnabled(not running and c.shown_file() is not None)
        self.resume_crawl_action.setEnabled(c.can_continue())
        has_rows = self.results.pages.rowCount() > 0
        self.export_action.setEnabled(has_rows)
        self.export_filtered_action.setEnabled(has_rows and self.results.proxy.filtering)

    def _rows_came(self, *_: object) -> None:
        if not self.export_action.isEnabled():  # a crawl's first rows: something to export
            self._update_actions()

    def _expand_hosts(self, parent: Any, first: int, last: int) -> None:
        if not parent.isValid():  # a new host: show its first level
            for row in range(first, last + 1):
                self.tree_view.expand(self.results.tree.index(row, 0))

    def _focus_address(self) -> None:
        self.address.setFocus()
        self.address.selectAll()

    def _focus_filter(self) -> None:
        self.tabs.setCurrentWidget(self.pages_tab)
        self.pages_tab.filter.setFocus()
        self.pages_tab.filter.selectAll()

    # ---- persistence and closing --------------------------------------------------------------

    def _splitters(self) -> dict[str, QSplitter]:
        return {"main-splitter": self.main_split, "right-splitter": self.right,
                "left-splitter": self.left}  # fmt: skip

    def save_state(self, s: QSettings | None = None) -> None:
        s = s or QSettings()
        save_layout(s, self, self._splitters(), self.pages_tab)
        self.controller.save_settings(s)
        s.sync()

    def restore_state(self, s: QSettings | None = None) -> list[str]:
        """Put back the layout and settings of the last run, each stored value checked alone:
        a bad one gives way to its default, never to an error, and the status bar says which
        (the list returned: empty when every value was good)."""
        s = s or QSettings()
        problems = list(self.overview.settings_problems)  # read when the Overview was made
        problems += restore_layout(s, self, self._splitters(), self.pages_tab)
        problems += self.controller.restore_settings(s)
        self.status.settings_problems(problems)
        return problems

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.controller.replay.finish(cancel=True)
        # Before the crawl's writer: the file's last connection folds its WAL into it.
        self.results.attach(None)
        self.bridge.cancel()  # the app awaits the crawl task, which closes the HTTP session
        event.accept()
        self.closed.emit()
