"""The window's dialogs: the saved crawls to open, a file to open, a list of URLs to check, two
crawls to compare, a CSV file to export to. Each is shown non-modally (``open()`` or ``show()``:
a modal ``exec()`` inside the qasync loop fails) and hands what was chosen to the crawl
controller.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMainWindow

from gui_crawler.base.translate import translate
from gui_crawler.crawl.urllist import UrlList
from gui_crawler.ui.compare_dialog import CompareDialog
from gui_crawler.ui.controller import CrawlController
from gui_crawler.ui.file_dialogs import file_dialog, file_stem
from gui_crawler.ui.list_dialog import UrlListDialog
from gui_crawler.ui.recent_dialog import RecentCrawlsDialog

DIALOGS = "WindowDialogs"  # the context of what the window's dialogs say


class WindowDialogs:
    """The dialogs of ``window``; ``select_url(url)`` shows a URL in the window's views."""

    def __init__(
        self, window: QMainWindow, controller: CrawlController, select_url: Callable[[str], None]
    ) -> None:
        self.window = window
        self.controller = controller
        self.select_url = select_url
        # The dialogs shown last, kept: a dialog only Qt holds is gone with its Python wrapper.
        self.file: QFileDialog | None = None
        self.recent: RecentCrawlsDialog | None = None
        self.url_list: UrlListDialog | None = None
        self.compare: CompareDialog | None = None

    def recent_dialog(self) -> RecentCrawlsDialog:
        """The saved crawls, newest first; "Other file…" leads to a file dialog."""
        dlg = RecentCrawlsDialog(self.controller.crawls_folder(), self.window)
        dlg.crawlChosen.connect(self.controller.open_crawl)
        dlg.otherFileRequested.connect(self.open_dialog)
        dlg.finished.connect(dlg.deleteLater)
        self.recent = dlg
        dlg.open()
        return dlg

    def open_dialog(self) -> QFileDialog:
        """An open dialog for crawl files."""
        dlg = file_dialog(
            self.window,
            translate(DIALOGS, "Open a saved crawl"),
            translate(DIALOGS, "Crawl files (*.sqlite3);;All files (*)"),
            save=False,
            folder=self.controller.crawls_folder(),
        )
        dlg.fileSelected.connect(self.controller.open_crawl)
        self.file = dlg
        dlg.open()
        return dlg

    def list_dialog(self) -> UrlListDialog:
        """Crawl → Check a list of URLs…: the list pasted or opened there is checked."""
        if self.url_list is None:
            dlg = UrlListDialog(self.controller.views.settings.config, self.window)
            dlg.listChosen.connect(self.check_list)
            self.url_list = dlg
        if self.url_list.isVisible():
            self.url_list.raise_()  # behind the window: brought to the front
        self.url_list.show()
        self.url_list.activateWindow()
        return self.url_list

    def check_list(self, listed: UrlList) -> bool:
        """Check the list chosen; the dialog says why not, or hides (its text stays in it for the
        next time)."""
        why = self.controller.check_list(listed)
        if self.url_list is not None:
            if why is None:
                self.url_list.hide()
            else:
                self.url_list.say(why, error=True)
        return why is None

    def compare_dialog(self) -> CompareDialog:
        """File → Compare crawls…: two crawls of one site, the crawl shown offered as the newer."""
        c = self.controller
        dlg = CompareDialog(c.crawls_folder(), c.shown_file(), self.window)
        dlg.urlActivated.connect(self._show_changed_url)
        dlg.finished.connect(dlg.deleteLater)
        self.compare = dlg
        dlg.show()
        return dlg

    def _show_changed_url(self, url: str, newer: str) -> None:
        """A changed URL double-clicked: selected in Pages when the newer crawl is shown."""
        dlg = self.compare
        if self.controller.shown_file() != Path(newer):
            if dlg is not None:
                dlg.say(
                    translate(
                        DIALOGS, "Open {name} (File → Open crawl…) to see its rows here"
                    ).format(name=Path(newer).name)
                )
            return
        if self.controller.results.pages.row_of(url) is None:
            if dlg is not None:
                dlg.say(translate(DIALOGS, "{url} is not in the newer crawl").format(url=url))
            return
        self.select_url(url)
        if dlg is not None:
            dlg.say(None)

    def export_dialog(self, filtered: bool) -> QFileDialog:
        """A save dialog for the CSV of all pages, or of the filtered view."""
        stem = file_stem(self.controller.root)
        dlg = file_dialog(
            self.window,
            translate(DIALOGS, "Export filtered view as CSV")
            if filtered
            else translate(DIALOGS, "Export all pages as CSV"),
            translate(DIALOGS, "CSV files (*.csv)"),
            save=True,
            name=f"{stem}-filtered-pages.csv" if filtered else f"{stem}-pages.csv",
        )
        dlg.fileSelected.connect(lambda path: self.controller.export_csv(path, filtered))
        self.file = dlg
        dlg.open()
        return dlg
