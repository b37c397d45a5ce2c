"""The main window: widgets and wiring only. Crawl state lives in the bridge, rows in the models."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
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
    QTableView,
    QTabWidget,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from .bridge import CrawlBridge
from .charts import ChartsPanel
from .config import ConfigError, CrawlConfig
from .details import DetailsPane
from .events import CrawlFinished, ErrorKind, FetchRecord, Progress, WorkerEvent
from .export import write_csv
from .models import Roles
from .plain_words import plain_error, root_failure
from .results import CrawlResults
from .settings_panel import ERROR_STYLE, SettingsPanel
from .status_widgets import ElidedLabel, Notice
from .store import CrawlStore, SavedCrawl, StoreError, default_path, load
from .urls import InvalidURL, parse_address
from .views import PagesTab, index_url_at, install_url_menu, make_table, sorted_proxy

RESOURCES = Path(__file__).with_name("resources")


def icon(name: str) -> QIcon:
    return QIcon(str(RESOURCES / f"{name}.svg"))


def plural(n: int, word: str, words: str | None = None) -> str:
    """ "1 URL", "2 URLs", "1 hop", "0 hops"."""
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


FAILURES_IN_A_ROW = 10  # with no answer in between: worth a warning

STAT_TIPS = {
    "fetched": "URLs recorded: the rows of the pages table",
    "queued": "URLs known but not fetched yet",
    "workers": "Workers fetching now / workers allowed",
    "redirects": "Rows under the 3xx filter",
    "errors": "Rows under the 4xx, 5xx and Failed filters",
    "rate": "Pages recorded per second",
    "elapsed": "Time since the crawl started",
}


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
        self._error_box: QMessageBox | None = None
        self.saved: SavedCrawl | None = None  # an opened crawl file that can be continued
        self.data_dir: Path | None = None  # where new crawl files go (None: the user's data dir)
        self._left = 0  # URLs left to fetch when no crawl runs (after a cancel or an open)
        self._root = ""  # the running crawl's first root: its failure is said in the window
        self._fail_streak = 0  # failures since the last answer, to warn of a site gone away
        self._details_timer = QTimer(self)
        self._details_timer.setSingleShot(True)
        self._details_timer.setInterval(1000)
        self._build_actions()
        self._build_toolbar()
        self._build_central()
        self._build_status_bar()
        self._wire()
        self._update_actions()
        self.resize(1400, 900)

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
        a.setStatusTip(tip)
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
            "&Open crawl…", QKeySequence.StandardKey.Open, self.open_dialog,
            "Open a saved crawl file to see its rows and continue it", "open",
        )  # fmt: skip
        self.resume_crawl_action = self._action(
            "Co&ntinue crawl", "Ctrl+Shift+Return", self.continue_crawl,
            "Continue the opened crawl: fetch what it had left, nothing twice", "start",
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
        self.address_error.setObjectName("address-error")
        self.address_error.setStyleSheet(ERROR_STYLE)
        self.address_error.setWordWrap(True)
        self.address_error.hide()

        self.settings = SettingsPanel()
        scroll = QScrollArea()
        scroll.setWidget(self.settings)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(220)

        self.pages_tab = PagesTab(r.proxy)
        self.tree_view = QTreeView()
        self.tree_view.setModel(r.tree)
        self.tree_view.setUniformRowHeights(True)
        self.tree_view.setAlternatingRowColors(True)
        for col, w in enumerate((420, 70, 70, 110)):
            self.tree_view.setColumnWidth(col, w)
        install_url_menu(self.tree_view, index_url_at(self.tree_view))
        self.workers_view = make_table(sorted_proxy(r.workers, self), (60, 150, 60, 50, 400), True)
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
            sorted_proxy(r.redirects, self), (300, 60, 300, 160, 260, 80, 400), True
        )
        self.broken_view = make_table(sorted_proxy(r.broken, self), (360, 70, 260, 70, 400), True)

        self.details = DetailsPane(r.links)
        install_url_menu(self.details, lambda pos: self.details.current_url())
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tab_pages: dict[str, QWidget] = {}
        self.add_tab("pages", "&Pages", self.pages_tab, self.pages_tab.table)
        self.add_tab("tree", "Site &tree", self.tree_view)
        self.add_tab("workers", "&Workers", self.workers_view)
        self.add_tab("redirects", "&Redirects", self.redirects_view)
        self.add_tab("broken", "&Broken links", self.broken_view)

        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("right-splitter")
        self.right.addWidget(self.tabs)
        self.right.addWidget(self.details)
        self.right.setStretchFactor(0, 3)
        self.right.setStretchFactor(1, 1)
        self.right.setSizes([620, 200])
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

    def _build_status_bar(self) -> None:
        sb = self.statusBar()
        # Permanent widgets only: a hover tip's temporary message hides the others.
        self.state_label = ElidedLabel("Ready")
        self.state_label.setObjectName("state")
        sb.addPermanentWidget(self.state_label, 3)
        self.notice = Notice()
        sb.addPermanentWidget(self.notice, 2)
        self.stat_labels: dict[str, QLabel] = {}
        for key, tip in STAT_TIPS.items():
            lab = QLabel()
            lab.setObjectName(f"stat-{key}")
            lab.setToolTip(tip)
            lab.setContentsMargins(6, 0, 6, 0)
            sb.addPermanentWidget(lab)
            self.stat_labels[key] = lab
        self._show_stats(None)

    def _wire(self) -> None:
        b = self.bridge
        b.batch.connect(self._on_batch)
        b.progress.connect(self._on_progress)
        b.tick.connect(self.results.workers.tick)
        b.finished.connect(self._on_finished)
        b.runningChanged.connect(self._update_actions)
        b.storeError.connect(self._show_store_error)
        self.address.returnPressed.connect(self.start)
        self.address.textEdited.connect(lambda _t: self._show_address_error(None))
        self.settings.workersChanged.connect(self._workers_changed)
        self.settings.validityChanged.connect(lambda _ok: self._update_actions())
        self.pages_tab.filterChanged.connect(self._update_actions)
        self.details.urlActivated.connect(self.select_url)
        self._details_timer.timeout.connect(self.details.refresh)
        self.results.tree.rowsInserted.connect(self._expand_hosts)

    # ---- public API (app.py, bench/, tests; other modules add tabs here) -----------------------

    def add_tab(
        self, key: str, label: str, page: QWidget, view: QAbstractItemView | None = None
    ) -> None:
        """One line per tab: ``page`` shown under ``label`` (Ctrl+<n> selects it); picking a row
        of ``view`` (``page`` itself when it is an item view) shows that URL in Details."""
        self.tabs.addTab(page, label)
        self.tab_pages[key] = page
        n = self.tabs.count()
        if n <= 9:
            self._action(f"Tab {n}", f"Ctrl+{n}", lambda: self.show_tab(key), "Show this tab")
        view = view or (page if isinstance(page, QAbstractItemView) else None)
        if view is not None:
            view.selectionModel().currentChanged.connect(
                lambda cur, _prev: self.details.show_url(current_url_of(cur))
            )

    def show_tab(self, key: str) -> None:
        self.tabs.setCurrentWidget(self.tab_pages[key])

    @property
    def url(self) -> str:
        """The address as typed."""
        return self.address.text()

    @url.setter
    def url(self, text: str) -> None:
        self.address.setText(text)

    @property
    def workers(self) -> int:
        """Workers allowed; setting it while a crawl runs changes the running crawl at once."""
        return self.settings.workers.value()

    @workers.setter
    def workers(self, n: int) -> None:
        self.settings.workers.setValue(n)

    def set_max_pages(self, n: int) -> None:
        self.settings.max_pages.setValue(n)

    @property
    def state_text(self) -> str:
        """What the status bar says about the crawl ("Finished: 29 URLs in 0.4 s")."""
        return self.state_label.text()

    def say(self, text: str) -> None:
        """Put ``text`` where the crawl's state is shown (until the next state change)."""
        self.state_label.setText(text)

    @property
    def problem(self) -> str:
        """The message shown under the address ("" when there is none)."""
        return self.address_error.text() if self.address_error.isVisible() else ""

    @property
    def row_count(self) -> int:
        return self.results.pages.rowCount()

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
            store = CrawlStore.create(default_path(url, self.data_dir), config)
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        self._show_address_error(None)
        self.address.setText(url)
        self.saved = None
        self._begin(config, store)
        self.state_label.setText(f"Crawling {url} … — saved to {store.path}")
        return True

    def _begin(
        self, config: CrawlConfig, store: CrawlStore, saved: SavedCrawl | None = None
    ) -> None:
        if saved is None:
            self.results.clear()
            self.details.show_url(None)
            self._scroll_home()
        self.charts.clear()
        self._left = len(saved.pending) if saved else 0
        self._root = config.roots[0]
        self._fail_streak = 0
        self.notice.say("")
        self.bridge.start(config, store, saved)
        self.pages_tab.update_count()
        self._show_stats(None)
        self._update_actions()

    def open_dialog(self) -> QFileDialog:
        """A non-modal open dialog for crawl files (see export_dialog)."""
        dlg = QFileDialog(self, "Open a saved crawl")
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.setNameFilter("Crawl files (*.sqlite3);;All files (*)")
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog)
        folder = (self.data_dir or default_path("http://x/").parent.parent) / "crawls"
        if folder.is_dir():
            dlg.setDirectory(str(folder))
        dlg.fileSelected.connect(self.open_crawl)
        dlg.finished.connect(dlg.deleteLater)
        self._dialog = dlg
        dlg.open()
        return dlg

    def open_crawl(self, path: str | Path) -> bool:
        """Show a saved crawl's rows and options; Continue crawl then resumes it."""
        if self.bridge.running:
            self.notice.say("Cancel the running crawl before opening another", error=True)
            return False
        try:
            saved = load(Path(path))
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        self._show_address_error(None)
        self.results.clear()
        self._scroll_home()
        self.charts.clear()
        self.results.add(saved.records)
        self.pages_tab.update_count()
        self.address.setText(saved.config.roots[0])
        self.settings.show_config(saved.config)
        self.details.show_url(saved.config.roots[0])
        self.saved = saved
        self._left = len(saved.pending)
        self._show_stats(None)
        left = (
            f"{len(saved.pending):,} left to fetch — Continue crawl resumes it"
            if saved.pending
            else "nothing left to fetch"
        )
        self.state_label.setText(
            f"Opened {saved.path.name} ({saved.state}): {len(saved.records):,} URLs, {left}"
        )
        self._update_actions()
        return True

    def continue_crawl(self) -> bool:
        """Resume the opened crawl file where it stopped, appending to its rows."""
        saved = self.saved
        if saved is None or self.bridge.running:
            return False
        if not saved.pending:
            self._show_address_error(f"{saved.path.name} has nothing left to fetch")
            return False
        try:
            store, saved = CrawlStore.open(saved.path)
        except StoreError as e:
            self._show_address_error(str(e))
            return False
        self.saved = None
        self._begin(saved.config, store, saved)
        self.state_label.setText(
            f"Continuing {saved.path.name}: {len(saved.pending):,} URLs left …"
        )
        return True

    def cancel(self) -> None:
        if self.bridge.running:
            self.bridge.cancel()
            self.state_label.setText("Cancelling…")

    def toggle_pause(self) -> None:
        # The bridge owns the pause state; the action's check mark only mirrors it.
        if not self.bridge.running:
            self._update_actions()
            return
        if not self.bridge.paused:
            self.bridge.pause()
            self.state_label.setText("Paused: workers finish their current URL, then wait")
        else:
            self.bridge.resume()
            self.state_label.setText("Crawling…")
        self._update_actions()

    def export_dialog(self, filtered: bool) -> QFileDialog:
        """A non-modal save dialog (``open()``): a modal exec() inside the qasync loop fails."""
        what = "filtered view" if filtered else "all pages"
        dlg = QFileDialog(self, f"Export {what} as CSV")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setNameFilter("CSV files (*.csv)")
        dlg.setDefaultSuffix("csv")
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog)
        dlg.selectFile("crawl-filtered.csv" if filtered else "crawl.csv")
        dlg.fileSelected.connect(lambda path: self.export_csv(path, filtered))
        dlg.finished.connect(dlg.deleteLater)
        self._dialog = dlg
        dlg.open()
        return dlg

    def export_csv(self, path: str, filtered: bool = False) -> int:
        """Write all rows, or exactly the rows the filtered view shows; returns the row count."""
        if filtered:
            self.pages_tab.apply_now()
            records = self.results.proxy.records()
        else:
            records = self.results.pages.records()
        try:
            n = write_csv(path, records)
        except OSError as e:
            self.notice.say(f"Export failed: {e}", error=True)
            return -1
        self.notice.say(f"Exported {plural(n, 'row')} to {path}")
        return n

    def select_url(self, url: str) -> None:
        """Show ``url`` in the pages table (if recorded) and in the details pane."""
        row = self.results.pages.row_of(url)
        if row is not None and self.pages_tab.select_url(row):
            self.tabs.setCurrentWidget(self.pages_tab)
        self.details.show_url(url)

    # ---- events from the bridge ---------------------------------------------------------------

    def _on_batch(self, records: list[FetchRecord], workers: list[WorkerEvent]) -> None:
        self.results.add(records, workers)
        if records:
            self.pages_tab.update_count()
            self._show_stats(self.bridge.last_progress)
            self._watch_failures(records)
            if self.details.url is None and self._root:
                # Something to look at from the start: the root's details until a pick.
                self.details.show_url(self._root)
            url = self.details.url
            # A home page gains inlinks on every tick: rebuild the pane at most once a second.
            if (
                url
                and not self._details_timer.isActive()
                and any(r.url == url or url in r.links for r in records)
            ):
                self._details_timer.start()
            if not self.export_action.isEnabled():
                self._update_actions()

    def _watch_failures(self, records: list[FetchRecord]) -> None:
        for rec in records:
            if rec.url == self._root:
                said = root_failure(rec)
                if said:
                    self._show_address_error(said)
            if rec.error_kind is None or rec.error_kind == ErrorKind.CANCELLED:
                self._fail_streak = 0
                continue
            self._fail_streak += 1
            if self._fail_streak == FAILURES_IN_A_ROW:
                self.notice.say(
                    f"{FAILURES_IN_A_ROW} failures in a row, the last: {plain_error(rec)} — "
                    "is the site down, or blocking the crawler?",
                    error=True,
                )

    def _on_progress(self, p: Progress) -> None:
        self.charts.add(p)
        self._show_stats(p)

    def _on_finished(self, f: CrawlFinished) -> None:
        # What Continue would fetch: the queue and the URLs cut short in flight.
        self._left = f.todo + self.results.cancelled_count
        self._show_stats(self.bridge.last_progress)
        words = {"done": "Finished", "cancelled": "Cancelled"}.get(
            f.reason, f"Stopped ({f.reason})"
        )
        total = self.results.pages.rowCount()
        this_run = f" ({plural(f.done, 'URL')} this run)" if total != f.done else ""
        self.state_label.setText(
            f"{words}: {plural(total, 'URL')}{this_run} in {f.elapsed:.1f} s"
            + (f", {self._left:,} left to fetch" if self._left else "")
        )
        if self._details_timer.isActive():
            self._details_timer.stop()
            self.details.refresh()
        self._update_actions()
        self.crawlFinished.emit(f)

    def _workers_changed(self, n: int) -> None:
        if self.bridge.running:
            self.bridge.set_max_workers(n)
            # Show the new target at once; the rows follow on the next tick.
            p = self.bridge.last_progress
            self.stat_labels["workers"].setText(f"Busy {p.busy if p else 0}/{n} workers")

    # ---- display ------------------------------------------------------------------------------

    def _show_stats(self, p: Progress | None) -> None:
        """Every number counts rows the views hold (loaded ones included), or, for the queue
        and workers, the running crawl; between crawls the queue is what is left to fetch."""
        lab = self.stat_labels
        r = self.results
        running = self.bridge.running
        lab["fetched"].setText(f"URLs {r.pages.rowCount():,}")
        lab["queued"].setText(f"Queued {p.queued if p and running else self._left:,}")
        busy = p.busy if p and running else 0
        lab["workers"].setText(f"Busy {busy}/{self.workers} workers")
        lab["redirects"].setText(f"Redirects {r.redirect_count:,}")
        lab["errors"].setText(f"Errors {r.error_count:,}")
        lab["errors"].setStyleSheet(ERROR_STYLE if r.error_count else "")
        if p is None:
            lab["rate"].setText("")
        elif not running and p.elapsed > 0:
            lab["rate"].setText(f"{p.done / p.elapsed:.1f} pages/s (average)")
        else:
            lab["rate"].setText(f"{self.charts.history.pages_per_second:.1f} pages/s")
        lab["elapsed"].setText(_clock(p.elapsed if p else 0))

    def show_internal_error(self, msg: str) -> None:
        """An unexpected exception (a bug): say so, non-modally; the crawl and rows carry on."""
        text = f"Internal error: {msg} (details in the log)"
        self.notice.say(text, error=True)
        if self._error_box is None:
            box = QMessageBox(QMessageBox.Icon.Warning, "gui-crawler: internal error", text,
                              QMessageBox.StandardButton.Ok, self)  # fmt: skip
            box.setModal(False)
            box.finished.connect(lambda _r: setattr(self, "_error_box", None))
            self._error_box = box
            box.open()
        else:
            self._error_box.setText(text)

    def _show_store_error(self, msg: str) -> None:
        self._show_address_error(f"{msg}. The crawl was stopped; every row is kept.")

    def _show_address_error(self, msg: str | None) -> None:
        self.address_error.setText(msg or "")
        self.address_error.setVisible(bool(msg))
        self.address.setStyleSheet("border: 1px solid #c0392b;" if msg else "")

    def _update_actions(self, *_: object) -> None:
        running = self.bridge.running
        self.start_action.setEnabled(not running and self.settings.error() is None)
        self.pause_action.setEnabled(running)
        self.pause_action.setChecked(self.bridge.paused)
        self.pause_action.setText("&Resume" if self.pause_action.isChecked() else "&Pause")
        self.pause_action.setIcon(icon("start" if self.pause_action.isChecked() else "pause"))
        self.cancel_action.setEnabled(running)
        self.open_action.setEnabled(not running)
        self.resume_crawl_action.setEnabled(
            not running and self.saved is not None and bool(self.saved.pending)
        )
        has_rows = self.results.pages.rowCount() > 0
        self.export_action.setEnabled(has_rows)
        self.export_filtered_action.setEnabled(has_rows and self.results.proxy.filtering)

    def _tables(self) -> tuple[QTreeView | QTableView, ...]:
        return (
            self.pages_tab.table,
            self.tree_view,
            self.workers_view,
            self.redirects_view,
            self.broken_view,
        )

    def _scroll_home(self) -> None:
        """A new crawl starts at the first column, not where the last one was scrolled to."""
        for view in self._tables():
            view.horizontalScrollBar().setValue(0)

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
        s.setValue("window/pages-header", self.pages_tab.table.horizontalHeader().saveState())
        self.settings.save(s)
        s.sync()

    def restore_state(self, s: QSettings | None = None) -> None:
        s = s or QSettings()
        for key, restore in (
            ("window/geometry", self.restoreGeometry),
            ("window/state", self.restoreState),
            ("window/main-splitter", self.main_split.restoreState),
            ("window/right-splitter", self.right.restoreState),
            ("window/left-splitter", self.left.restoreState),
            ("window/pages-header", self.pages_tab.table.horizontalHeader().restoreState),
        ):
            v = s.value(key)
            if isinstance(v, QByteArray | bytes):
                with contextlib.suppress(TypeError, ValueError):
                    restore(QByteArray(v))
        # A restored header may carry a sort indicator: rows are not sorted yet, so drop it.
        self.pages_tab.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.settings.restore(s)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.bridge.cancel()  # the app awaits the crawl task, which closes the HTTP session
        event.accept()
        self.closed.emit()


def current_url_of(index: Any) -> str | None:
    return index.data(Roles.Url) if index.isValid() else None
