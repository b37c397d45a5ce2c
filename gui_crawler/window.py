"""The main window: widgets and wiring only. Crawl state lives in the bridge, rows in the models."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.urls import InvalidURL, Scope, parse_address
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl.hosts import HostFigures
from gui_crawler.crawl.urllist import UrlList
from gui_crawler.engine import capped_workers
from gui_crawler.events import CrawlFinished, ErrorKind, FetchRecord, Progress, Reason, WorkerEvent
from gui_crawler.options import config_kwargs, in_group, said
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.export import write_csv
from gui_crawler.records.page_columns import PAGE_COLUMNS
from gui_crawler.records.verdicts import CUT_SHORT, Verdict, count_label
from gui_crawler.records.wording import plural, progress_text, root_failure
from gui_crawler.session import CrawlSession, StoreError, crawls_dir, peek
from gui_crawler.storage import SavedCrawl, load_words
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.ui.charts import ChartsPanel
from gui_crawler.ui.compare_dialog import CompareDialog
from gui_crawler.ui.details import DetailsPane
from gui_crawler.ui.file_dialogs import file_dialog, file_stem
from gui_crawler.ui.focus import ShortcutsFirst
from gui_crawler.ui.hosts_model import HOST_WIDTHS
from gui_crawler.ui.list_dialog import UrlListDialog
from gui_crawler.ui.menus import WindowMenus
from gui_crawler.ui.module_sources import forget_module_sources
from gui_crawler.ui.overview import OverviewTab
from gui_crawler.ui.plaintext import tip as plain_tip
from gui_crawler.ui.recent_dialog import RecentCrawlsDialog
from gui_crawler.ui.recheck import Recheck, history_of, start_recheck
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.settings_panel import ERROR_STYLE, SettingsPanel
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.tree_model import TREE_WIDTHS
from gui_crawler.ui.views import (
    STATUS_TIPS,
    CounterLabel,
    ElidedLabel,
    PagesTab,
    index_url_at,
    install_url_menu,
    make_table,
    sorted_proxy,
)
from gui_crawler.ui.workers_model import WORKER_WIDTHS

RESOURCES = Path(__file__).with_name("resources")
WORKERS_SORTED_LIVE = 200  # rows; see _keep_workers_sorted
FAILURES_IN_A_ROW = 10  # this many failed URLs with no answer between them: warn the user


def icon(name: str) -> QIcon:
    return QIcon(str(RESOURCES / f"{name}.svg"))


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


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
        self.bridge = CrawlBridge(self)
        self.results = CrawlResults(self)
        self._dialog: QFileDialog | None = None
        self._recent: RecentCrawlsDialog | None = None
        self._list_dialog: UrlListDialog | None = None
        self._recheck: Recheck | None = None  # the re-check running, if one is
        self._compare: CompareDialog | None = None
        self._error_box: QMessageBox | None = None
        self.saved: SavedCrawl | None = None  # an opened crawl file that can be continued
        # An opened file's records being fed to the views, and the task feeding them.
        self._replaying: Iterator[int] | None = None
        self._replay_task: asyncio.Future[None] | None = None
        # The crawl file of the crawl that ran last here, while it has URLs left to fetch:
        # Continue crawl resumes it right away (no need to open it first).
        self._last_file: Path | None = None
        self._finding_shown: str | None = None  # key of the Overview finding filtering Pages
        self.data_dir: Path | None = None  # where new crawl files go (None: the user's data dir)
        self._root: str | None = None  # the running or opened crawl's start page
        self._failed_in_a_row = 0
        self._left = 0  # URLs the shown crawl has left to fetch, when none runs
        self._cut_short = 0  # this run's URLs recorded as cancelled in flight
        # What was wrong with the stored settings (restore_state): said until a crawl has ended.
        self._settings_notice: str | None = None
        self._crawl_notice: str | None = None  # the last Notice of a crawl said (workers capped)
        self._details_timer = QTimer(self)
        self._details_timer.setSingleShot(True)
        self._details_timer.setInterval(1000)
        self._build_actions()
        self._build_toolbar()
        self._build_central()
        self._build_status_bar()
        self._wire()
        self.menus = WindowMenus(self)  # the menu bar, and the rows' context menus
        self._shortcuts_first = ShortcutsFirst(self.actions, self)
        for edit in self.findChildren(QLineEdit):
            edit.installEventFilter(self._shortcuts_first)
        self._update_actions()
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
            "&Start", "Ctrl+Return", self.start, "Start a fresh crawl of the address", "start"
        )
        self.pause_action = self._action(
            "&Pause", "Ctrl+P", self.toggle_pause, "Pause or resume the crawl", "pause"
        )
        self.pause_action.setCheckable(True)
        self.cancel_action = self._action(
            "&Cancel", "Esc", self.cancel, "Cancel the crawl (rows are kept)", "cancel"
        )
        self.export_action = self._action(
            "&Export all…",
            "Ctrl+E",
            lambda: self.export_dialog(False),
            "Export every page as CSV",
            "export",
        )
        self.export_filtered_action = self._action(
            "Export &filtered…",
            "Ctrl+Shift+E",
            lambda: self.export_dialog(True),
            "Export exactly the rows of the filtered pages view as CSV",
        )
        self.open_action = self._action(
            "&Open crawl…", QKeySequence.StandardKey.Open, self.recent_dialog,
            "Open a saved crawl file to see its rows and continue it", "open",
        )  # fmt: skip
        self.resume_crawl_action = self._action(
            "Co&ntinue crawl", "Ctrl+Shift+Return", self.continue_crawl,
            "Continue the opened or stopped crawl: fetch what it had left, nothing twice", "start",
        )  # fmt: skip
        self.list_action = self._action(
            "Check a &list of URLs…", "Ctrl+Shift+L", self.list_dialog,
            "Check exactly the URLs of a list: pasted, or a text, CSV or sitemap file",
        )  # fmt: skip
        self.recheck_action = self._action(
            "&Re-check all broken", "Ctrl+R", lambda: self.recheck(None),
            "Fetch again the shown crawl's broken, blocked and failed URLs; their rows are "
            "replaced, their earlier answers kept in the crawl file",
        )  # fmt: skip
        self.compare_action = self._action(
            "Co&mpare crawls…", "Ctrl+Shift+D", self.compare_dialog,
            "What changed between two crawls of one site: URLs added and removed, answers, "
            "titles, descriptions, H1s, canonicals, robots, content",
        )  # fmt: skip
        self._action("Address", "Ctrl+L", self._focus_address, "Edit the address")
        self._action("Filter", "Ctrl+F", self._focus_filter, "Filter the pages table")
        self._action("Quit", QKeySequence.StandardKey.Quit, self.close, "Close the window")

    def _build_toolbar(self) -> None:
        tb = QToolBar("Crawl")
        tb.setObjectName("crawl-toolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.addToolBar(tb)
        self.address = QLineEdit()
        self.address.setObjectName("address")
        self.address.setPlaceholderText("Address to crawl, e.g. http://127.0.0.1:8000/")
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
        scroll = QScrollArea()
        scroll.setWidget(self.settings)
        scroll.setWidgetResizable(True)
        # As wide as the form needs beside its scroll bar: a sideways bar would cut every field.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(
            self.settings.minimumSizeHint().width()
            + scroll.verticalScrollBar().sizeHint().width()
            + 2 * scroll.frameWidth()
        )

        self.pages_tab = PagesTab(r.proxy)
        self.tree_view = QTreeView()
        self.tree_view.setModel(r.tree)
        self.tree_view.setUniformRowHeights(True)
        self.tree_view.setAlternatingRowColors(True)
        for col, w in enumerate(TREE_WIDTHS):
            self.tree_view.setColumnWidth(col, w)
        install_url_menu(self.tree_view, index_url_at(self.tree_view))
        self.workers_view = make_table(
            sorted_proxy(r.workers, self), WORKER_WIDTHS, True, url_columns=(4,)
        )
        # The charts sit under the settings: visible whichever tab is open, and the settings
        # form would leave that space empty anyway.
        self.charts = ChartsPanel()
        self.left = QSplitter(Qt.Orientation.Vertical)
        self.left.setObjectName("left-splitter")
        self.left.addWidget(scroll)
        self.left.addWidget(self.charts)
        self.left.setStretchFactor(0, 1)
        self.left.setStretchFactor(1, 2)
        self.left.setSizes([330, 480])
        self.redirects_view = make_table(
            sorted_proxy(r.redirects, self), r.redirects.WIDTHS, True, url_columns=(0, 2, 4)
        )
        self.broken_view = make_table(
            sorted_proxy(r.broken, self), r.broken.WIDTHS, True, url_columns=(0, 4)
        )

        self.details = DetailsPane(r.links)
        self.details.words_of = self.words_of
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.add_tab(self.pages_tab, "&Pages", self.pages_tab.table)
        self.add_tab(self.tree_view, "Site &tree")
        self.add_tab(self.workers_view, "&Workers")
        self.add_tab(self.redirects_view, "&Redirects")
        self.add_tab(self.broken_view, "&Broken links")
        self.timeline = TimelinePanel()
        self.add_tab(self.timeline, "T&imeline")
        self.hosts_view = make_table(sorted_proxy(r.hosts, self), HOST_WIDTHS, True)
        self.add_tab(self.hosts_view, "H&osts")
        self.overview = OverviewTab()
        self.overview.audit.linked = r.links.linked  # one index of the links, not two
        self.overview.audit.sources = r.links.all_sources
        self.overview.audit.source = r.links.records  # records read back, not kept twice
        self.overview.pages_words = self.pages_words
        self.overview.urlsPicked.connect(self._show_finding)
        self.pages_tab.findingRemoved.connect(self.overview.show_all)
        self.overview.table.clicked.connect(lambda _: self.tabs.setCurrentWidget(self.pages_tab))
        self.add_tab(self.overview, "&Overview")

        install_url_menu(self.details, lambda pos: self.details.current_url())

        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("right-splitter")
        self.right.addWidget(self.tabs)
        self.right.addWidget(self.details)
        self.right.setStretchFactor(0, 3)
        self.right.setStretchFactor(1, 1)
        # Room for a record's fields without scrolling; the handle resizes it.
        self.right.setSizes([520, 340])
        self.right.setChildrenCollapsible(False)
        self.main_split = QSplitter(Qt.Orientation.Horizontal)
        self.main_split.setObjectName("main-splitter")
        self.main_split.addWidget(self.left)
        self.main_split.addWidget(self.right)
        self.main_split.setStretchFactor(1, 1)
        self.main_split.setSizes([300, 1100])

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
                f"Tab {i + 1}",
                f"Ctrl+{i + 1}",
                lambda _=False: self.tabs.setCurrentIndex(i),
                "Show this tab",
            )
        view = (
            view if view is not None else widget if isinstance(widget, QAbstractItemView) else None
        )
        if view is not None and view.selectionModel() is not None:
            view.selectionModel().currentChanged.connect(
                lambda cur, _prev: self.details.show_index(cur)
            )
        return i

    def _build_status_bar(self) -> None:
        sb = self.statusBar()
        # Permanent widgets only: a hover tip's temporary message cannot hide them.
        self.state_label = ElidedLabel("Ready")
        self.state_label.setObjectName("state")
        self.state_label.setMinimumWidth(120)
        sb.addPermanentWidget(self.state_label, 1)
        # The outcome of the last action or a warning about the crawl: stays until the next one.
        self.notice = ElidedLabel()
        self.notice.setObjectName("notice")
        sb.addPermanentWidget(self.notice, 2)
        self.notice.hide()  # an empty notice would still take its share of the bar
        self.stat_labels: dict[str, QLabel] = {}
        for key in (
            "urls",
            "queued",
            "progress",
            "workers",
            "redirects",
            "broken",
            "rate",
            "elapsed",
        ):
            lab = CounterLabel()
            lab.setObjectName(f"stat-{key}")
            lab.setToolTip(STATUS_TIPS.get(key, ""))  # Busy's says the workers' count
            lab.setContentsMargins(6, 0, 6, 0)
            sb.addPermanentWidget(lab)
            self.stat_labels[key] = lab
        self._show_stats(None)

    def _wire(self) -> None:
        b = self.bridge
        b.queued.connect(self.results.add_queued)
        b.batch.connect(self._on_batch)
        self.timeline.attach(b)
        self.timeline.recordClicked.connect(self.select_url)
        b.progress.connect(self._on_progress)
        b.tick.connect(self.results.workers.tick)
        b.finished.connect(self._on_finished)
        b.runningChanged.connect(self._update_actions)
        b.storeError.connect(self._show_store_error)
        b.notice.connect(self._on_notice)
        b.hosts.connect(self.results.hosts.apply)
        b.finished.connect(lambda _f: self.results.hosts.crawl_ended())
        self.address.returnPressed.connect(self.start)
        self.address.textEdited.connect(lambda _t: self._show_address_error(None))
        self.settings.workersChanged.connect(self._workers_changed)
        self.settings.validityChanged.connect(lambda _ok: self._update_actions())
        self.pages_tab.filterChanged.connect(self._update_actions)
        self.details.urlActivated.connect(self.select_url)
        self._details_timer.timeout.connect(self.details.refresh)
        self.results.tree.rowsInserted.connect(self._expand_hosts)

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
    def problem(self) -> str:
        """Why the last start/open/continue failed ("" when it did not)."""
        return self.address_error.text()

    @property
    def row_count(self) -> int:
        return self.results.pages.rowCount()

    def say(self, text: str) -> None:
        """Put a sentence where the crawl's state is shown (e.g. what to do first)."""
        self._set_state(text)

    def show_tab(self, widget: QWidget) -> None:
        self.tabs.setCurrentWidget(widget)

    async def aclose(self) -> None:
        """Cancel a running crawl and wait until its HTTP session is closed."""
        await self.bridge.aclose()

    async def wait(self) -> CrawlFinished | None:
        return await self.bridge.wait()

    # ---- commands -----------------------------------------------------------------------------

    def start(self) -> bool:
        """Start a fresh crawl of the address; False (with a message shown) if it cannot."""
        if self.bridge.running:
            return False
        try:
            url = parse_address(self.address.text())
            config = self.settings.config(url)
        except (InvalidURL, ConfigError) as e:
            self._show_address_error(str(e))
            return False
        try:
            session = CrawlSession.new(config, data_dir=self.data_dir)
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        self._show_address_error(None)
        self.address.setText(url)
        self.saved = None
        self._begin(session)
        self._set_state(f"Crawling {url} …", f"Saved to {session.path}")
        return True

    def list_dialog(self) -> UrlListDialog:
        """Crawl → Check a list of URLs…: the list pasted or opened there is checked."""
        if self._list_dialog is None:
            dlg = UrlListDialog(self.settings.config, self)
            dlg.listChosen.connect(self.check_list)
            self._list_dialog = dlg
        if self._list_dialog.isVisible():
            self._list_dialog.raise_()  # behind the window: brought to the front
        self._list_dialog.show()
        self._list_dialog.activateWindow()
        return self._list_dialog

    def check_list(self, listed: UrlList) -> bool:
        """Check exactly ``listed``'s URLs (list mode: their redirects followed, their links only
        as deep as Max depth) with the settings' options; the lines skipped are said."""
        dlg = self._list_dialog
        if self.bridge.running:
            if dlg is not None:
                dlg.say("A crawl is running: cancel it first, the list stays here", error=True)
            return False
        try:
            config = self.settings.config(listed.urls[0])
            config = replace(config, roots=tuple(listed.urls), list_mode=True).validated()
            session = CrawlSession.new(config, data_dir=self.data_dir)
        except (ConfigError, StoreError) as e:
            if dlg is not None:
                dlg.say(str(e), error=True)
            return False
        if dlg is not None:
            dlg.hide()  # the text stays in it for the next time
        self._show_address_error(None)
        self.address.setText(config.roots[0])
        self.saved = None
        self._begin(session)
        self._set_state(
            f"Checking a list of {plural(len(config.roots), 'URL')} …", f"Saved to {session.path}"
        )
        note = listed.note()
        if note is not None:
            self.notify(f"The list: {note}", error=True)
        return True

    def _begin(self, session: CrawlSession) -> None:
        config = session.config
        if session.saved is None:
            self._finish_replay(cancel=True)
            self.details.history = {}
            self.results.clear()
            self.overview.clear()
            self.pages_tab.clear_filters()
            self.details.show_url(None)
            self.pages_tab.table.horizontalScrollBar().setValue(0)
        self.overview.audit.is_internal = Scope(config.roots, strict=config.strict).host_ok
        self._use_rules(config)
        self.overview.user_agent = config.user_agent
        self.overview.file_stem = file_stem(config.roots[0])
        self.charts.clear()
        self.notify(None)
        self._root = config.roots[0]
        self._failed_in_a_row = 0
        self._left = 0
        self._cut_short = 0
        self._last_file = None
        self._keep_workers_sorted(config.max_tasks)
        # The pages' read-only connections first: the reader's, the file's last, folds its WAL.
        self.results.attach(session.path)
        self.bridge.start(session)
        self.pages_tab.update_count()
        self._show_stats(None)
        self._update_actions()

    def crawls_folder(self) -> Path:
        """Where crawl files are saved: the recent-crawls list reads this folder."""
        return crawls_dir(self.data_dir)

    def recent_dialog(self) -> RecentCrawlsDialog:
        """The saved crawls, newest first; "Other file…" leads to a file dialog."""
        dlg = RecentCrawlsDialog(self.crawls_folder(), self)
        dlg.crawlChosen.connect(self.open_crawl)
        dlg.otherFileRequested.connect(self.open_dialog)
        dlg.finished.connect(dlg.deleteLater)
        self._recent = dlg
        dlg.open()
        return dlg

    def open_dialog(self) -> QFileDialog:
        """A non-modal open dialog for crawl files (see export_dialog)."""
        dlg = file_dialog(
            self,
            "Open a saved crawl",
            "Crawl files (*.sqlite3);;All files (*)",
            save=False,
            folder=self.crawls_folder(),
        )
        dlg.fileSelected.connect(self.open_crawl)
        self._dialog = dlg
        dlg.open()
        return dlg

    def open_crawl(self, path: str | Path) -> bool:
        """Show a saved crawl's rows and options; Continue crawl then resumes it."""
        if self.bridge.running:
            self.notify("Cancel the running crawl before opening another", error=True)
            return False
        try:
            saved = peek(path, records=False)
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        try:
            self._show_saved(saved)
        except StoreError as e:  # a damaged row among the first read back
            self.results.clear()
            self.results.attach(None)
            self._show_address_error(str(e))
            return False
        self._show_address_error(None)
        reader = self.results.links.records.reader
        recorded = reader.count(cancelled=False) if reader is not None else 0
        self.pages_tab.clear_filters()  # another crawl: its rows unfiltered
        self.pages_tab.table.horizontalScrollBar().setValue(0)
        self.notify(None)
        self._root = saved.config.roots[0]
        self.overview.file_stem = file_stem(self._root)
        self._left = len(saved.pending)
        self._show_stats(None)
        self.address.setText(saved.config.roots[0])
        self.settings.show_config(saved.config)
        self.details.show_url(saved.config.roots[0])
        self.saved = saved
        left = (
            f"{len(saved.pending):,} left to fetch — Continue crawl resumes it"
            if saved.pending
            else "nothing left to fetch"
        )
        self._set_state(
            f"Opened ({saved.state}): {plural(recorded, 'URL')}, {left}", str(saved.path)
        )
        self._update_actions()
        return True

    def _show_saved(self, saved: SavedCrawl) -> None:
        """Show what a crawl file holds (its rows, hosts, findings, timeline), nothing else.
        ``saved`` without its records (opened): the pages table reads its rows from the file at
        once, and the other views are fed the file's records a batch at a time between the
        loop's other work (``_replay``), as a crawl feeds them."""
        self._finish_replay(cancel=True)
        self.results.clear()
        self.results.attach(saved.path, hide_cancelled=True)
        self._use_rules(saved.config)
        self.charts.clear()
        self.overview.clear()
        self.overview.audit.is_internal = Scope(
            saved.config.roots, strict=saved.config.strict
        ).host_ok
        self.timeline.clear()
        self.details.history = history_of(saved.path)
        replay = self._replay(saved)
        reader = self.results.links.records.reader
        # The highest seq bounds the count, and is read on the index, not counted.
        if reader is None or reader.last_seq() + len(saved.pending) <= self.REPLAY_AT_ONCE:
            for _ in replay:  # small: at once
                pass
        else:
            self._replaying = replay
            self._replay_task = asyncio.ensure_future(self._replay_in_turns(replay))
        self.pages_tab.update_count()

    # An opened file of up to REPLAY_AT_ONCE records is shown whole at once (~0.5 s for 2,000
    # of the Rust docs' pages); a larger one is fed to the views REPLAY_CHUNK records at a time,
    # the loop getting a turn every REPLAY_TURN seconds (its other work, the UI, waits no more).
    REPLAY_AT_ONCE = 2000
    REPLAY_CHUNK = 100
    REPLAY_TURN = 0.02

    def _replay(self, saved: SavedCrawl) -> Iterator[int]:
        """Feed the views the file's records as it was when opened, a batch at a time (yielding
        after each), then its frontier to the site tree: the pages table has its rows from the
        file already. ``saved`` holds none of them (opened or resumed without its records)."""
        results, config = self.results, saved.config
        figures = HostFigures(config.per_host, config.delay)
        reader = results.links.records.reader
        if reader is None:  # the file cannot be read: nothing to show
            batches: Iterable[list[FetchRecord]] = []
        else:
            # Those cut short in flight are left to fetch, as load() leaves them.
            done_only = (
                r
                for r in reader.records(upto=reader.last_seq())
                if r.error_kind != ErrorKind.CANCELLED
            )
            batches = _batched(done_only, self.REPLAY_CHUNK)
        done = 0
        more = iter(batches)
        batch = next(more, None)
        while batch is not None:
            records = list(results.add(batch))
            figures.add(records)
            self.overview.add(records)
            self.timeline.show_more(records)
            done += len(records)
            batch = next(more, None)
            if batch is not None:  # the last batch ends the replay without a turn of its own
                yield done
        results.hosts.apply(figures.states())
        self.pages_tab.update_count()
        for urls in _batched((q.url for q in saved.pending), self.REPLAY_CHUNK * 10):
            yield done
            results.add_queued(urls)

    async def _replay_in_turns(self, replay: Iterator[int]) -> None:
        try:
            turn = time.monotonic()
            for _ in replay:
                if time.monotonic() - turn >= self.REPLAY_TURN:
                    await asyncio.sleep(0)
                    turn = time.monotonic()
        except StoreError as e:  # a damaged row further on: what came before it is shown
            self.notify(f"{e}; the views show the rows before it", error=True)
        self._replaying = None

    def _finish_replay(self, cancel: bool = False) -> None:
        """The views fed the rest of an opened file now (before a crawl adds to them), or not
        at all (``cancel``: another crawl is shown)."""
        replay, self._replaying = self._replaying, None
        if self._replay_task is not None:
            self._replay_task.cancel()
            self._replay_task = None
        if replay is not None and not cancel:
            try:
                for _ in replay:
                    pass
            except StoreError as e:
                self.notify(f"{e}; the views show the rows before it", error=True)

    def _use_rules(self, config: CrawlConfig) -> None:
        """The crawl's custom extraction and search rules: a Pages column and a finding each."""
        rules = config.extractor().rules  # a crawl's config is validated: its rules compile
        self.results.set_rules(rules)
        self.overview.audit.rules = rules

    def continue_crawl(self) -> bool:
        """Resume the opened crawl file, or the one the last crawl here left URLs in, where it
        stopped, appending to its rows."""
        if self.bridge.running:
            return False
        path = self.saved.path if self.saved is not None else self._last_file
        if path is None:
            return False
        if self.saved is not None and not self.saved.pending:
            self._show_address_error(f"{path.name} has nothing left to fetch")
            return False
        self._finish_replay()  # the views hold the whole file before the crawl adds to them
        try:
            session = CrawlSession.resume(path, **self._login())
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        saved = session.saved
        assert saved is not None
        if self.saved is None and self._cut_short:
            # The rows of URLs cut short in flight (cancelled) are not in the file, which
            # fetches those URLs again: shown from the file, no URL has two rows.
            url = self.details.url
            self._show_saved(saved)
            self._finish_replay()  # the file's records, all before the crawl adds to them
            self.details.show_url(url)
        self.saved = None
        self._begin(session)
        self._set_state(f"Continuing: {plural(len(saved.pending), 'URL')} left …", str(saved.path))
        self._say_withheld(saved)  # after _begin, which clears the notices of the last crawl
        return True

    def _login(self) -> dict[str, Any]:
        """The Login box's credentials, as a resumed crawl takes them: no crawl file keeps them."""
        given = {k: v for k, v in self.settings.access.values().items() if v}
        return config_kwargs(given)

    def _say_withheld(self, saved: SavedCrawl) -> None:
        """Name what the crawl was started with that the Login box does not hold now."""
        given = self._login()
        missing = [o.label for o in in_group("access") if o.flag() in saved.withheld
                   and o.name not in given]  # fmt: skip
        if missing:
            self.notify(
                f"This crawl was started with {said(missing)}, which no file keeps: fill them in "
                "the Login box and continue again, or the site may refuse what needs them",
                error=True,
            )

    def pages_words(self) -> Iterator[tuple[str, tuple[LinkWords, ...]]]:
        """Every page's links with their words, read from the crawl file shown (none without
        one): the window keeps none of them."""
        path = self.shown_file()
        if path is not None:
            with contextlib.suppress(StoreError):
                yield from load_words(path)

    def words_of(self, urls: list[str]) -> dict[str, tuple[LinkWords, ...]]:
        """The links with their words of the pages ``urls``, from the crawl file shown."""
        path = self.shown_file()
        try:
            return dict(load_words(path, urls)) if path is not None else {}
        except StoreError:
            return {}

    def shown_file(self) -> Path | None:
        """The crawl file of the crawl shown: the one opened, else the one that ran here."""
        if self.saved is not None:
            return self.saved.path
        session = self.bridge.session
        return session.path if session is not None else None

    def recheck(self, urls: list[str] | None = None) -> bool:
        """Fetch again ``urls`` (else every broken, blocked or failed URL) of the crawl shown,
        in its crawl file; their rows are replaced as the answers come."""
        path = self.shown_file()
        if self.bridge.running or path is None:
            return False
        self._finish_replay()  # the re-check rebuilds the views from every row at its end
        try:
            session, why = start_recheck(path, urls, **self._login())
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        if session is None:
            self.notify(why)
            return False
        self._show_address_error(None)
        if self.saved is None and self._cut_short and session.saved is not None:
            # Rows of URLs cut short in flight are not in the file: shown from the file, the
            # rows are the records the re-check replaces (as Continue does).
            url = self.details.url
            self._show_saved(session.saved)
            self._finish_replay()  # the file's records, all before the re-check replaces some
            self.details.show_url(url)
        self._recheck = Recheck(session, self.results, self.overview)
        self._begin(session)
        self._set_state(f"Re-checking {plural(len(self._recheck.before), 'URL')} …", str(path))
        if session.saved is not None:
            self._say_withheld(session.saved)
        return True

    def _recheck_finished(self, f: CrawlFinished) -> None:
        rc, self._recheck = self._recheck, None
        assert rc is not None
        rc.rebuild(self.timeline)
        self.saved = rc.saved_now()  # Continue fetches what the crawl file has left
        self._left = len(self.saved.pending)
        self._last_file = None
        self.details.history = history_of(rc.path)
        self.details.refresh()
        self.pages_tab.update_count()
        self._show_stats(None)
        self._set_state(rc.summary(f.reason), f"Saved to {rc.path}")
        self._update_actions()
        self.crawlFinished.emit(f)

    def compare_dialog(self) -> CompareDialog:
        """File → Compare crawls…: two crawls of one site, the crawl shown offered as the newer."""
        dlg = CompareDialog(self.crawls_folder(), self.shown_file(), self)
        dlg.urlActivated.connect(self._show_changed_url)
        dlg.finished.connect(dlg.deleteLater)
        self._compare = dlg
        dlg.show()
        return dlg

    def _show_changed_url(self, url: str, newer: str) -> None:
        """A changed URL double-clicked: selected in Pages when the newer crawl is shown."""
        dlg = self._compare
        if self.shown_file() != Path(newer):
            if dlg is not None:
                dlg.say(f"Open {Path(newer).name} (File → Open crawl…) to see its rows here")
            return
        if self.results.pages.row_of(url) is None:
            if dlg is not None:
                dlg.say(f"{url} is not in the newer crawl")
            return
        self.select_url(url)
        if dlg is not None:
            dlg.say(None)

    def cancel(self) -> None:
        if self.bridge.running:
            self.bridge.cancel()
            self._set_state("Cancelling…")

    def toggle_pause(self) -> None:
        """Pause or resume; the bridge owns the state, the action only shows it."""
        if not self.bridge.running:
            self._update_actions()
            return
        if not self.bridge.paused:
            self.bridge.pause()
            self._set_state("Paused: workers finish their current URL, then wait")
        else:
            self.bridge.resume()
            self._set_state("Crawling…")
        self._update_actions()

    def export_dialog(self, filtered: bool) -> QFileDialog:
        """A non-modal save dialog (``open()``): a modal exec() inside the qasync loop fails."""
        what = "filtered view" if filtered else "all pages"
        stem = file_stem(self._root)
        dlg = file_dialog(
            self,
            f"Export {what} as CSV",
            "CSV files (*.csv)",
            save=True,
            name=f"{stem}-filtered-pages.csv" if filtered else f"{stem}-pages.csv",
        )
        dlg.fileSelected.connect(lambda path: self.export_csv(path, filtered))
        self._dialog = dlg
        dlg.open()
        return dlg

    def export_csv(self, path: str, filtered: bool = False) -> int:
        """Write all rows, or exactly the rows the filtered view shows; returns the row count."""
        if filtered:
            self.pages_tab.apply_now()
            records = self.results.proxy.iter_records()
        else:
            records = self.results.pages.iter_records()
        try:
            # Whole or not at all: a full disk leaves no file.
            n = write_csv(path, records, self.results.pages.rules)
        except OSError as e:
            self.notify(f"Export failed: cannot write {path}: {e.strerror or e}", error=True)
            return -1
        self.notify(f"Exported {plural(n, 'row')} to {path}")
        return n

    def select_url(self, url: str) -> None:
        """Show ``url`` in the pages table (if recorded) and in the details pane."""
        row = self.results.pages.row_of(url)
        if row is not None and self.pages_tab.select_url(row):
            self.tabs.setCurrentWidget(self.pages_tab)
        self.details.show_url(url)

    # ---- events from the bridge ---------------------------------------------------------------

    def _on_batch(self, records: list[FetchRecord], workers: list[WorkerEvent]) -> None:
        # The links' words are the crawl file's (read back when shown): none kept per record here.
        records = [r.without_words() if r.words else r for r in records]
        if self._recheck is not None:
            shown = self._recheck.apply(records, workers)
            if any(r.url == self.details.url for r in shown):
                self.details.refresh()
            return
        url = self.details.url
        # A home page gains inlinks on every tick: rebuild the pane at most once a second.
        details_grew = bool(url) and any(r.url == url or url in r.links for r in records)
        records = list(self.results.add(records, workers))  # without links: the file has them
        if records:
            self.overview.add(records)
            self.pages_tab.update_count()
            self._cut_short += sum(r.error_kind == ErrorKind.CANCELLED for r in records)
            self._count_failures(records)
            self.details.records_arrived(records)
            if self.details.empty and self._root is not None:
                # Something to look at from the start: the root's details until a pick.
                self.details.show_url(self._root)
            if details_grew and not self._details_timer.isActive():
                self._details_timer.start()
            if not self.export_action.isEnabled():
                self._update_actions()

    def _show_finding(self, urls: tuple[str, ...] | None) -> None:
        """An Overview finding was picked: the Pages tab shows exactly its URLs."""
        picked = self.overview.picked
        if picked is not None and picked != self._finding_shown:
            self.pages_tab.clear_filters()  # a finding picked shows exactly its pages
        self._finding_shown = picked
        label = self.overview.finding(picked).label if picked is not None else None
        self.pages_tab.set_finding(label, urls)  # filterChanged: the actions follow

    def _on_progress(self, p: Progress) -> None:
        self.charts.add(p)
        self._show_stats(p)

    def _count_failures(self, records: list[FetchRecord]) -> None:
        for r in records:
            if r.error_kind is None:
                self._failed_in_a_row = 0
            elif r.error_kind not in (ErrorKind.CANCELLED, ErrorKind.OWN_LIMIT):  # not the site's
                self._failed_in_a_row += 1
                if self._failed_in_a_row == FAILURES_IN_A_ROW:
                    self.notify(
                        f"{FAILURES_IN_A_ROW} URLs in a row got no answer: the site may be down, "
                        "overloaded or refusing the crawler (fewer workers or a longer timeout "
                        "may help)",
                        error=True,
                    )

    def _on_finished(self, f: CrawlFinished) -> None:
        if self._recheck is not None:
            self._recheck_finished(f)
            return
        # What the crawl file keeps to fetch: the queue, URLs parked on their host, and URLs
        # cut short in flight (recorded as cancelled, fetched again by Continue).
        self._left = f.todo + self._cut_short
        self._show_stats(self.bridge.last_progress)
        ended: dict[str, str] = {Reason.DONE: "Finished", Reason.CANCELLED: "Cancelled"}
        words = ended.get(f.reason, f"Stopped ({f.reason})")
        # URLs cut short were never fetched: the crawl file keeps them to fetch, not as rows,
        # so the count said is the one the file, reopened, shows.
        cut = self._cut_short
        total = self.results.pages.rowCount() - cut
        done = f.done - cut
        this_run = f" ({done:,} this time)" if total != done else ""
        if cut:
            this_run += f" (and {cut:,} {CUT_SHORT})"
        left = f", {self._left:,} left to fetch" if self._left else ""
        session = self.bridge.session
        self._last_file = session.path if self._left and session is not None else None
        more = [f"Saved to {session.path}"] if session is not None and session.path else []
        if cut:
            more.append(
                f"URLs {CUT_SHORT} ({cut:,}) are listed as {Verdict.CANCELLED} and counted "
                "among those left to fetch: the crawl file keeps them to fetch again"
            )
        if self._last_file is not None:
            more.append("Continue crawl fetches what is left")
        self._set_state(
            f"{words}: {plural(total, 'URL')}{this_run} in {f.elapsed:.1f} s{left}",
            "\n".join(more),
        )
        self._settings_notice = None  # shown until now; the next notice replaces it
        if self._root is not None:
            failed = root_failure(self.results.links.records.get(self._root))
            if failed is not None:
                self.notify(failed, error=True)
        if self._details_timer.isActive():
            self._details_timer.stop()
            self.details.refresh()
        self._update_actions()
        self.crawlFinished.emit(f)

    def _keep_workers_sorted(self, n: int) -> None:
        """Every worker row changes on every tick: a clicked sort is kept live (re-sorted each
        tick) up to WORKERS_SORTED_LIVE rows, beyond that it applies when the header is clicked
        (1,000 workers re-sorted through data() cost ~85 ms a tick, bench/sorted_tables.py)."""
        proxy = self.workers_view.model()
        if isinstance(proxy, QSortFilterProxyModel):
            proxy.setDynamicSortFilter(n <= WORKERS_SORTED_LIVE)

    def _workers_changed(self, n: int) -> None:
        self._keep_workers_sorted(n)
        if self.bridge.running:
            # The crawl says so itself (a Notice) when it caps the count.
            self.bridge.set_max_workers(n)
            # Show the new target at once; the rows follow on the next tick.
            p = self.bridge.last_progress
            self._show_workers(p.busy if p else 0)
            return
        notice = capped_workers(n)[1]
        if notice is not None:
            self._on_notice(notice)
        elif self._crawl_notice is not None and self.notice.text() == self._crawl_notice:
            self.notify(None)  # the count asked for fits again
        self._show_workers(0)

    def _on_notice(self, text: str) -> None:
        """The crawl's own Notice (a capped worker count…): said in the status bar."""
        self._crawl_notice = text
        self.notify(text)

    def _show_workers(self, busy: int) -> None:
        """``Busy 4/30 workers``: the count the crawl runs with (capped by the open-file limit,
        as the crawl would cap it before one runs), and Per host when it is the lower: on a
        one-site crawl no more workers than that are ever busy."""
        crawler = self.bridge.crawler
        if self.bridge.running and crawler is not None:
            n, per_host = crawler.max_workers, crawler.config.per_host
        else:
            n, per_host = capped_workers(self.settings.workers.value())[0], 0
        text = f"Busy {busy}/{n:,} workers"
        tip = "Workers busy fetching or parsing / workers the crawl runs with"
        if 0 < per_host < n:
            text += f" (at most {per_host} per host)"
            tip = (
                f"Per host ({per_host}) lets at most {per_host} requests be in flight to one "
                f"host: a crawl of one site keeps at most {per_host} workers busy (raise Per "
                "host in the settings for more)"
            )
        label = self.stat_labels["workers"]
        label.setText(text)
        if label.toolTip() != tip:
            label.setToolTip(tip)

    def _set_state(self, text: str, tip: str = "") -> None:
        self.state_label.setText(text)  # cut to fit: the tooltip holds all of it
        self.state_label.setToolTip(plain_tip(f"{text}\n{tip}" if tip else text))

    def notify(self, text: str | None, error: bool = False) -> None:
        """Say how an action went, or warn about the crawl, until the next notice or crawl.
        Bad stored settings are said until a first crawl has ended: clearing shows them again."""
        if text is None and self._settings_notice is not None:
            text, error = self._settings_notice, True
        self.notice.setText(text or "")
        self.notice.setToolTip(plain_tip(text))
        self.notice.setStyleSheet(ERROR_STYLE if error else "")
        self.notice.setVisible(bool(text))

    # ---- display ------------------------------------------------------------------------------

    def _show_stats(self, p: Progress | None) -> None:
        """Each number counts what a view holds: URLs = the pages table's rows, Redirects = the
        Redirects tab's, Broken = the Broken links tab's."""
        lab = self.stat_labels
        r = self.results
        rate = self.charts.history.pages_per_second
        if not self.bridge.running:
            p = p if p is not None and p is self.bridge.last_progress else None
        lab["urls"].setText(f"URLs {r.pages.rowCount():,}")
        # Between crawls: what Continue would fetch, the number the state text gives.
        queued = p.queued if p and self.bridge.running else self._left
        lab["queued"].setText(f"Queued {queued:,}")
        self._show_workers(p.busy if p and self.bridge.running else 0)
        rows = r.pages.rowCount()
        if p is not None and self.bridge.running:
            lab["progress"].setText(
                progress_text(rows, rows + p.queued + p.in_flight, rate, p.elapsed)
            )
        else:
            lab["progress"].setText("")
        lab["redirects"].setText(f"Redirects {r.redirects.rowCount():,}")
        broken = r.broken.rowCount()  # the records verdicts.is_broken says are broken
        lab["broken"].setText(count_label(Verdict.BROKEN, broken))
        style = ERROR_STYLE if broken else ""
        if lab["broken"].styleSheet() != style:  # setting it, even unchanged, restyles the label
            lab["broken"].setStyleSheet(style)
        # A crawl opened from its file: its own running time, from its records (the timeline's).
        opened = self.timeline.model.now if p is None and not self.bridge.running else 0.0
        if p is not None and not self.bridge.running and p.elapsed >= 1.0:
            lab["rate"].setText(f"{p.done / p.elapsed:.1f} pages/s (average)")
        elif opened > 0:
            lab["rate"].setText(f"{rows / opened:.1f} pages/s (average)")
        else:
            lab["rate"].setText(f"{rate:.1f} pages/s")
        lab["elapsed"].setText(_clock(p.elapsed if p else opened))

    def show_internal_error(self, msg: str) -> None:
        """An unexpected exception (a bug): say so, non-modally; the crawl and rows carry on."""
        text = f"Internal error: {msg} (details in the log)"
        self.statusBar().showMessage(text, 30_000)
        self.notify(text, error=True)
        if self._error_box is None:
            box = QMessageBox(QMessageBox.Icon.Warning, "gui-crawler: internal error", text,
                              QMessageBox.StandardButton.Ok, self)  # fmt: skip
            box.setTextFormat(Qt.TextFormat.PlainText)  # an exception's text can quote a page
            box.setModal(False)
            box.finished.connect(lambda _r: setattr(self, "_error_box", None))
            self._error_box = box
            box.open()
        else:
            self._error_box.setText(text)

    def _show_store_error(self, msg: str) -> None:
        self.results.keep_in_memory()  # the file stopped taking records
        self._show_address_error(f"{msg}. The crawl was stopped; every row is kept.")

    def _show_address_error(self, msg: str | None) -> None:
        self.address_error.setText(msg or "")
        self.address_error.setVisible(bool(msg))
        self.address.setStyleSheet("border: 1px solid #c0392b;" if msg else "")

    def _update_actions(self, *_: object) -> None:
        running = self.bridge.running
        self.start_action.setEnabled(not running and self.settings.error() is None)
        paused = self.bridge.paused
        self.pause_action.setEnabled(running)
        self.pause_action.setChecked(paused)
        self.pause_action.setText("&Resume" if paused else "&Pause")
        self.pause_action.setIcon(icon("start" if paused else "pause"))
        self.cancel_action.setEnabled(running)
        self.open_action.setEnabled(not running)
        self.recheck_action.setEnabled(not running and self.shown_file() is not None)
        self.resume_crawl_action.setEnabled(
            not running
            and (
                bool(self.saved.pending) if self.saved is not None else self._last_file is not None
            )
        )
        has_rows = self.results.pages.rowCount() > 0
        self.export_action.setEnabled(has_rows)
        self.export_filtered_action.setEnabled(has_rows and self.results.proxy.filtering)

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

    def save_state(self, s: QSettings | None = None) -> None:
        s = s or QSettings()
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("window/main-splitter", self.main_split.saveState())
        s.setValue("window/right-splitter", self.right.saveState())
        s.setValue("window/left-splitter", self.left.saveState())
        s.setValue("window/pages-header", self.pages_tab.header_state())
        s.setValue("window/pages-columns", ",".join(c.csv for c in PAGE_COLUMNS))
        self.settings.save(s)
        s.sync()

    def restore_state(self, s: QSettings | None = None) -> list[str]:
        """Put back the layout and settings of the last run, each stored value checked alone:
        a bad one gives way to its default, never to an error, and the status bar says which
        (the list returned: empty when every value was good)."""
        s = s or QSettings()
        problems = list(self.overview.settings_problems)  # read when the Overview was made
        keys = [
            ("window/geometry", self.restoreGeometry),
            ("window/state", self.restoreState),
            ("window/main-splitter", self.main_split.restoreState),
            ("window/right-splitter", self.right.restoreState),
            ("window/left-splitter", self.left.restoreState),
        ]
        # A header saved for other columns (an older version) would put sections in the wrong
        # places, even on top of each other: only the same columns get their saved layout back.
        if s.value("window/pages-columns") == ",".join(c.csv for c in PAGE_COLUMNS):
            keys.append(
                ("window/pages-header", self.pages_tab.table.horizontalHeader().restoreState)
            )
        for key, restore in keys:
            v = s.value(key)
            if v is None:
                continue
            restored = False
            if isinstance(v, QByteArray | bytes):
                with contextlib.suppress(TypeError, ValueError):
                    restored = restore(QByteArray(v))
            if not restored:
                problems.append(f"{key} could not be read; using the default")
                s.remove(key)
        # The restored arrow becomes the table's order: rows arriving later are put in place.
        hh = self.pages_tab.table.horizontalHeader()
        self.results.proxy.sort(hh.sortIndicatorSection(), hh.sortIndicatorOrder())
        problems += self.settings.restore(s)
        if problems:
            self._settings_notice = "Settings: " + "; ".join(problems)
            self.notify(self._settings_notice, error=True)
        return problems

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self._finish_replay(cancel=True)
        # Before the crawl's writer: the file's last connection folds its WAL into it.
        self.results.attach(None)
        self.bridge.cancel()  # the app awaits the crawl task, which closes the HTTP session
        event.accept()
        self.closed.emit()


T = TypeVar("T")


def _batched(items: Iterable[T], n: int) -> Iterator[list[T]]:
    """Lists of ``n`` items (the last shorter): itertools.batched before Python 3.12."""
    it = iter(items)
    while batch := list(itertools.islice(it, n)):
        yield batch


def current_url_of(index: Any) -> str | None:
    return index.data(Roles.Url) if index.isValid() else None
