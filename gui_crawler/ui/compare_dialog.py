"""File → Compare crawls…: two crawl files of one site, older and newer, and what changed between
them (records/compare.py, as ``gui-crawler compare OLD NEW``): counts per kind of change, the
changed URLs in a table filterable by kind, a CSV of the rows shown and an HTML report.

The two files are read off the event loop's thread: a large crawl takes a moment to load."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import COMPARE, ntranslate, translate
from gui_crawler.records import compare
from gui_crawler.records.export import atomic_text, write_table
from gui_crawler.session import StoreError, peek
from gui_crawler.storage import SavedCrawl
from gui_crawler.storage.recent import RecentCrawl, recent_crawls
from gui_crawler.ui.accessible import name_controls
from gui_crawler.ui.compare_model import WIDTHS, ChangesModel, ChangesProxy
from gui_crawler.ui.file_dialogs import file_dialog
from gui_crawler.ui.i18n import state_words
from gui_crawler.ui.plaintext import label, tip
from gui_crawler.ui.recent_dialog import CrawlNotes
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.settings_panel import ERROR_STYLE
from gui_crawler.ui.views import make_table

PATH_ROLE = Qt.ItemDataRole.UserRole
DIALOG = "CompareDialog"  # the context of the dialog's words


class CrawlPicker(QWidget):
    """A crawl file: one of the recent crawls, or any other file ("Other file…")."""

    def __init__(self, crawls: list[RecentCrawl], notes: CrawlNotes, parent: Any = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.setMinimumContentsLength(50)
        for c in crawls:
            name = notes.name(c.path) or c.site
            # To the second: two crawls of a site a minute apart are told apart; a capped or
            # narrowed crawl by the options that made it so.
            made = f" — {', '.join(c.options)}" if c.options else ""
            urls = ntranslate(DIALOG, "{n} URL", "{n} URLs", c.urls).format(n=f"{c.urls:,}")
            self.add(c.path, f"{name} — {c.when:%Y-%m-%d %H:%M:%S} — {urls} "
                             f"({state_words(c.state)}){made}")  # fmt: skip
        self.other = QPushButton(translate(DIALOG, "Other file…"))
        self.other.clicked.connect(self.file_dialog)
        self._dialog: Any = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.combo, 1)
        lay.addWidget(self.other)

    def add(self, path: Path, text: str | None = None) -> int:
        i = self.combo.findData(str(path), PATH_ROLE)
        if i < 0:
            self.combo.addItem(text or str(path), str(path))
            i = self.combo.count() - 1
            self.combo.setItemData(i, tip(str(path)), Qt.ItemDataRole.ToolTipRole)
        return i

    def choose(self, path: Path | str) -> None:
        self.combo.setCurrentIndex(self.add(Path(path)))

    @property
    def path(self) -> Path | None:
        data = self.combo.currentData(PATH_ROLE)
        return Path(data) if data else None

    def file_dialog(self) -> Any:
        folder = self.path.parent if self.path is not None else None
        dlg = file_dialog(self, translate(DIALOG, "Choose a crawl file"),
                          translate(DIALOG, "Crawl files (*.sqlite3);;All files (*)"),
                          save=False, folder=folder)  # fmt: skip
        dlg.fileSelected.connect(self.choose)
        self._dialog = dlg
        dlg.open()
        return dlg


def default_pair(crawls: list[RecentCrawl], shown: Path | None) -> tuple[int, int]:
    """(older, newer) rows of ``crawls`` (newest first) to offer: the crawl shown (else the
    newest) and the crawl of its site before it."""
    paths = [c.path for c in crawls]
    newer = paths.index(shown) if shown in paths else 0
    site = crawls[newer].site if crawls else ""
    older = next(
        (i for i in range(newer + 1, len(crawls)) if crawls[i].site == site),
        min(newer + 1, len(crawls) - 1),
    )
    return older, newer


class CompareDialog(QDialog):
    """Non-modal: pick the older and the newer crawl, Compare, then filter, export, report.

    Signals:
        compared(list[Change]): a comparison is shown.
        urlActivated(str, str): a changed URL was double-clicked (the URL, the newer file).
    """

    compared = Signal(object)
    urlActivated = Signal(str, str)

    def __init__(self, folder: Path, shown: Path | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("compare-dialog")
        self.setWindowTitle(self.tr("Compare crawls"))
        self.setModal(False)
        self.resize(1100, 640)
        notes = CrawlNotes()
        crawls = recent_crawls(folder, hidden=notes.hidden())
        self.older = CrawlPicker(crawls, notes)
        self.newer = CrawlPicker(crawls, notes)
        if crawls:
            older, newer = default_pair(crawls, shown)
            self.older.combo.setCurrentIndex(older)
            self.newer.combo.setCurrentIndex(newer)
        if shown is not None and self.newer.path != shown:
            self.newer.choose(shown)
        self.compare_button = QPushButton(self.tr("&Compare"))
        self.compare_button.setDefault(True)
        self.compare_button.clicked.connect(self.start)
        form = QFormLayout()
        form.addRow(self.tr("&Older crawl:"), self.older)
        form.addRow(self.tr("&Newer crawl:"), self.newer)
        self.older.combo.setAccessibleName(self.tr("Older crawl"))
        self.newer.combo.setAccessibleName(self.tr("Newer crawl"))

        self.summary = label("")
        self.summary.setObjectName("compare-summary")
        self.summary.setWordWrap(True)
        self.kind = QComboBox()
        self.kind.setObjectName("compare-kind")
        self.kind.setAccessibleName(self.tr("Kind of change shown"))
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.kind.currentIndexChanged.connect(self._kind_chosen)
        self.model = ChangesModel(self)
        self.proxy = ChangesProxy(self.model, self)
        # One line a row (rows were double height), URLs cut in the middle, copy or open a URL.
        self.table = make_table(self.proxy, WIDTHS, sortable=False)
        self.table.setAccessibleName(self.tr("Changed URLs"))
        self.table.doubleClicked.connect(self._activated)
        self.message = label("")
        self.message.setObjectName("compare-message")
        self.message.setWordWrap(True)
        self.message.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.csv_button = QPushButton(self.tr("Export &CSV…"))
        self.report_button = QPushButton(self.tr("&Report…"))
        for b in (self.csv_button, self.report_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
            b.setEnabled(False)
        self.csv_button.clicked.connect(self.csv_dialog)
        self.report_button.clicked.connect(self.report_dialog)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(self.compare_button, 0, Qt.AlignmentFlag.AlignBottom)
        filters = QHBoxLayout()
        filters.addWidget(self.summary, 1)
        filters.addWidget(label(self.tr("Show:")))
        filters.addWidget(self.kind)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addLayout(filters)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.message)
        lay.addWidget(buttons)

        self.changes: list[compare.Change] = []
        self.names = ("", "")  # the two files' names, for the report
        self.newer_path: Path | None = None  # the newer crawl of the comparison shown
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds tasks weakly
        self._dialog: Any = None
        name_controls(self)

    def done(self, result: int) -> None:
        """Closed: a comparison still reading its files is dropped (the dialog goes away)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        super().done(result)

    def say(self, text: str | None, error: bool = False) -> None:
        self.message.setText(text or "")
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setVisible(bool(text))

    # ---- comparing ----------------------------------------------------------------------------

    def start(self) -> None:
        """Compare the two files chosen (read on a thread; ``compared`` when shown)."""
        old, new = self.older.path, self.newer.path
        if old is None or new is None:
            self.say(self.tr("Choose an older and a newer crawl file"), error=True)
            return
        if old == new:
            self.say(self.tr("Choose two different crawl files"), error=True)
            return
        self.compare_button.setEnabled(False)
        self.say(self.tr("Reading {old} and {new} …").format(old=old.name, new=new.name))
        self._task = asyncio.get_running_loop().create_task(self._compare(old, new))

    async def _compare(self, old: Path, new: Path) -> None:
        try:
            before, after = await asyncio.gather(
                asyncio.to_thread(peek, old), asyncio.to_thread(peek, new)
            )
            compare.check_same_site(before.config.roots, after.config.roots)
        except (StoreError, compare.DifferentSites) as e:
            self.show_problem(str(e)[:1].upper() + str(e)[1:])
            return
        finally:
            self.compare_button.setEnabled(True)
        self.show_changes(before, after)

    def show_problem(self, text: str) -> None:
        self.changes = []
        self.model.set_changes([])
        self.kind.clear()
        self.summary.setText("")
        for b in (self.csv_button, self.report_button):
            b.setEnabled(False)
        self.say(text, error=True)

    def show_changes(self, before: SavedCrawl, after: SavedCrawl) -> None:
        changes = compare.compare(before.records, after.records)
        self.changes = changes
        self.names = (before.path.name, after.path.name)
        self.newer_path = after.path
        self.model.set_changes(changes)
        n = compare.counts(changes)
        self.kind.blockSignals(True)
        self.kind.clear()
        self.kind.addItem(self.tr("All changes ({n})").format(n=f"{len(changes):,}"), None)
        for k in compare.KINDS:
            if n[k.key]:
                self.kind.addItem(f"{translate(COMPARE, k.label)} ({n[k.key]:,})", k.key)
        self.kind.blockSignals(False)
        self.proxy.set_kind(None)

        def urls(n: int) -> str:
            return ntranslate(DIALOG, "{n} URL", "{n} URLs", n).format(n=f"{n:,}")

        self.summary.setText(
            f"{before.path.name} ({urls(len(before.records))}) → {after.path.name} "
            f"({urls(len(after.records))}): {compare.summary(changes)}"
        )
        for b in (self.csv_button, self.report_button):
            b.setEnabled(bool(changes))
        note = compare.options_note(before.config, after.config)
        self.say(note, error=note is not None)
        self.compared.emit(changes)

    def _kind_chosen(self, i: int) -> None:
        self.proxy.set_kind(self.kind.itemData(i) if i >= 0 else None)

    def _activated(self, index: QModelIndex) -> None:
        url = index.data(Roles.Url)
        if url and self.newer_path is not None:
            self.urlActivated.emit(url, str(self.newer_path))

    # ---- exporting ----------------------------------------------------------------------------

    def _ask(self, caption: str, filters: str, name: str, then: Any) -> Any:
        dlg = file_dialog(self, caption, filters, save=True, name=name)
        dlg.fileSelected.connect(then)
        self._dialog = dlg
        dlg.open()
        return dlg

    def csv_dialog(self) -> Any:
        n = self.proxy.rowCount()
        return self._ask(ntranslate(DIALOG, "Export {n} change as CSV", "Export {n} changes as CSV",
                                    n).format(n=f"{n:,}"),
                         self.tr("CSV files (*.csv)"), "comparison.csv", self.export_csv)  # fmt: skip

    def report_dialog(self) -> Any:
        return self._ask(self.tr("Save the comparison as an HTML report"),
                         self.tr("HTML files (*.html)"), "comparison.html",
                         self.export_report)  # fmt: skip

    def export_csv(self, path: str) -> int:
        """The rows shown (one kind, or all) as url,change,old,new, formulas defused."""
        try:
            n = write_table(path, compare.CSV_COLUMNS, compare.csv_rows(self.proxy.changes()))
        except OSError as e:
            self.say(
                self.tr("Export failed: cannot write {path}: {why}").format(
                    path=path, why=e.strerror or e
                ),
                error=True,
            )
            return -1
        self.say(
            ntranslate(DIALOG, "Exported {n} row to {path}", "Exported {n} rows to {path}",
                       n).format(n=f"{n:,}", path=path)
        )  # fmt: skip
        return n

    def export_report(self, path: str) -> int:
        """Every change as one HTML file, every value escaped."""
        try:
            with atomic_text(path) as f:
                f.write(compare.render(self.changes, *self.names))
        except OSError as e:
            self.say(
                self.tr("Report failed: cannot write {path}: {why}").format(
                    path=path, why=e.strerror or e
                ),
                error=True,
            )
            return -1
        self.say(self.tr("Wrote the comparison to {path}").format(path=path))
        return len(self.changes)
