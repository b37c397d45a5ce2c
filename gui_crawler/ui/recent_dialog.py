"""The Open dialog: recent crawls as a list a person can tell apart (a name of their own or the
site, date, state, URL count, size, root URL), where they can name a crawl, take it off the list
or delete its file (asked first), and a way to any other crawl file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from gui_crawler.base.translate import HEADERS, noop, ntranslate, translate
from gui_crawler.records.page_columns import human_size
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.recent import RecentCrawl, delete_crawl_file, recent_crawls
from gui_crawler.ui.accessible import name_controls
from gui_crawler.ui.i18n import state_words
from gui_crawler.ui.plaintext import label, tip
from gui_crawler.ui.stored import StoredSettings, crawl_notes

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
NOTES_KEY = "recent/crawls"  # JSON: {"<path>": {"name": "…", "hidden": false}}
COLUMNS = (
    noop(HEADERS, "Name"),
    noop(HEADERS, "Date"),
    noop(HEADERS, "State"),
    noop(HEADERS, "URLs"),
    noop(HEADERS, "Size"),
    noop(HEADERS, "Root URL"),
)
NAME, DATE, STATE, URLS, SIZE, ROOT = range(len(COLUMNS))
PATH_ROLE = Qt.ItemDataRole.UserRole
SITE_ROLE = Qt.ItemDataRole.UserRole + 1  # shown again when a name is cleared


class CrawlNotes:
    """What the person said about crawl files, kept in the settings beside each file's path: a
    name of their own, and whether the file is off the recent list. ``problems``: what was wrong
    with the stored value (then replaced by none)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings or QSettings()
        read = StoredSettings(self.settings)
        self.notes: dict[str, dict[str, Any]] = read.get(NOTES_KEY, crawl_notes, {}, "none")
        if read.problems:
            self.settings.setValue(NOTES_KEY, "{}")  # the default, as the settings spell it
        self.problems = read.problems

    def name(self, path: Path | str) -> str:
        return str(self.notes.get(str(path), {}).get("name", ""))

    def hidden(self) -> set[str]:
        return {p for p, note in self.notes.items() if note.get("hidden")}

    def set_name(self, path: Path | str, name: str) -> None:
        self._set(path, "name", " ".join(name.split()))  # one line, as shown

    def hide(self, path: Path | str) -> None:
        self._set(path, "hidden", True)

    def forget(self, path: Path | str) -> None:
        """The file is gone: nothing is kept about it."""
        if self.notes.pop(str(path), None) is not None:
            self._save()

    def _set(self, path: Path | str, key: str, value: object) -> None:
        note = self.notes.setdefault(str(path), {})
        if value:
            note[key] = value
        else:
            note.pop(key, None)
        if not note:
            del self.notes[str(path)]
        self._save()

    def _save(self) -> None:
        self.settings.setValue(NOTES_KEY, json.dumps(self.notes))


class RecentCrawlsDialog(QDialog):
    """Non-modal (``open()``): a modal exec() inside the running qasync loop fails.

    Signals:
        crawlChosen(str): the path of the crawl file to open.
        otherFileRequested(): the user wants to pick a file elsewhere.
    """

    crawlChosen = Signal(str)
    otherFileRequested = Signal()

    def __init__(self, folder: Path, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open a saved crawl"))
        self.resize(980, 440)
        self.folder = folder
        self.notes = CrawlNotes()
        self.confirm: QMessageBox | None = None  # the question before a file is deleted
        self.list = QTreeWidget()
        self.list.setAccessibleName(self.tr("Saved crawls"))
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAlternatingRowColors(True)
        self.list.setHeaderLabels([translate(HEADERS, c) for c in COLUMNS])
        # Renaming: the Rename button, F2 or a slow second click on the name (a double-click
        # opens the crawl).
        self.list.setEditTriggers(
            QTreeWidget.EditTrigger.EditKeyPressed | QTreeWidget.EditTrigger.SelectedClicked
        )
        header = self.list.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        for col, w in ((NAME, 230), (DATE, 130), (STATE, 110), (URLS, 70), (SIZE, 80)):
            self.list.setColumnWidth(col, w)
        self.caption = label()
        self.caption.setWordWrap(True)
        self.message = label()  # what went wrong with a rename or a deletion
        self.message.setWordWrap(True)
        self.message.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.open_button = buttons.addButton(
            self.tr("Open"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        other = QPushButton(self.tr("Other file…"))
        buttons.addButton(other, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self._choose)
        buttons.rejected.connect(self.reject)
        other.clicked.connect(self._other)
        self.rename_button = QPushButton(self.tr("Rename"))
        self.rename_button.setToolTip(self.tr("Give the crawl a name of your own (F2)"))
        self.rename_button.clicked.connect(self.rename)
        self.remove_button = QPushButton(self.tr("Remove from list"))
        self.remove_button.setToolTip(self.tr("Take the crawl off this list; its file stays"))
        self.remove_button.clicked.connect(self.remove)
        self.delete_button = QPushButton(self.tr("Delete file…"))
        self.delete_button.setToolTip(self.tr("Delete the crawl file from the disk (asks first)"))
        self.delete_button.clicked.connect(self.ask_delete)
        edits = QHBoxLayout()
        for b in (self.rename_button, self.remove_button, self.delete_button):
            edits.addWidget(b)
        edits.addStretch(1)

        lay = QVBoxLayout(self)
        lay.addWidget(self.caption)
        lay.addWidget(self.list, 1)
        lay.addLayout(edits)
        lay.addWidget(self.message)
        lay.addWidget(buttons)
        self.list.itemActivated.connect(lambda _item, _col: self._choose())
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.list.itemChanged.connect(self._renamed)
        self.fill()
        name_controls(self)
        if self.notes.problems:
            self._say(
                self.tr("Settings: {problems}").format(problems="; ".join(self.notes.problems))
            )

    # ---- the list -----------------------------------------------------------------------------

    def fill(self) -> None:
        """List the folder's crawl files again (but those taken off the list)."""
        self.list.blockSignals(True)  # itemChanged: only a person's edit is a rename
        self.list.clear()
        crawls = recent_crawls(self.folder, hidden=self.notes.hidden())
        items = [self._row(c) for c in crawls]
        if items:
            self.list.setCurrentItem(items[0])
        self.list.blockSignals(False)
        n = len(crawls)
        self.caption.setText(
            ntranslate("RecentCrawlsDialog", "{n} recent crawl in {folder}",
                       "{n} recent crawls in {folder}", n).format(n=f"{n:,}", folder=self.folder)
            if crawls
            else self.tr("No saved crawls yet in {folder}").format(folder=self.folder)
        )  # fmt: skip
        self._update_buttons()

    def _row(self, c: RecentCrawl) -> QTreeWidgetItem:
        name = self.notes.name(c.path)
        item = QTreeWidgetItem(
            self.list,
            [
                name or c.site,
                c.when.strftime("%Y-%m-%d %H:%M"),
                state_words(c.state),
                f"{c.urls:,}",
                human_size(c.size),
                c.root,
            ],
        )
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        for col in (URLS, SIZE):
            item.setTextAlignment(col, _RIGHT)
        item.setToolTip(NAME, tip(f"{name}\n{c.root}\n{c.path}" if name else f"{c.root}\n{c.path}"))
        item.setToolTip(SIZE, self.tr("{n} bytes").format(n=f"{c.size:,}"))
        item.setToolTip(ROOT, tip(c.root))
        item.setData(NAME, PATH_ROLE, str(c.path))
        item.setData(NAME, SITE_ROLE, c.site)
        return item

    def _current(self) -> tuple[QTreeWidgetItem, Path] | None:
        item = self.list.currentItem()
        if item is None:
            return None
        return item, Path(item.data(NAME, PATH_ROLE))

    def _update_buttons(self) -> None:
        some = self.list.currentItem() is not None
        for b in (self.open_button, self.rename_button, self.remove_button, self.delete_button):
            b.setEnabled(some)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # ---- commands -----------------------------------------------------------------------------

    def rename(self) -> None:
        """Edit the current crawl's name in place; stored when the edit ends."""
        got = self._current()
        if got is None:
            return
        self.list.editItem(got[0], NAME)

    def _renamed(self, item: QTreeWidgetItem, column: int) -> None:
        if column == NAME:  # an edit ended (the list's own changes block the signal)
            self.set_name(item, item.text(NAME))

    def set_name(self, item: QTreeWidgetItem, name: str) -> None:
        """Name a listed crawl (an empty name gives the site back)."""
        path = item.data(NAME, PATH_ROLE)
        self.notes.set_name(path, name)
        self.list.blockSignals(True)
        item.setText(NAME, self.notes.name(path) or item.data(NAME, SITE_ROLE))
        self.list.blockSignals(False)

    def remove(self) -> None:
        """Take the current crawl off the list; its file stays where it is."""
        got = self._current()
        if got is None:
            return
        item, path = got
        self.notes.hide(path)
        self.list.takeTopLevelItem(self.list.indexOfTopLevelItem(item))
        self._say(
            self.tr("{name} is off the list; the file stays in {folder}").format(
                name=path.name, folder=path.parent
            )
        )
        self._update_buttons()

    def ask_delete(self) -> QMessageBox | None:
        """Ask whether to delete the current crawl's file; non-modal, so the answer comes back
        through the box's signal."""
        got = self._current()
        if got is None:
            return None
        item, path = got
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Delete the crawl file?"),
            self.tr(
                "Delete {file} ({name}, {n} URLs, {size}) from {folder}? This cannot be undone."
            ).format(
                file=path.name,
                name=item.text(NAME),
                n=item.text(URLS),
                size=item.text(SIZE),
                folder=path.parent,
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the name is the person's own text
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setModal(False)
        box.finished.connect(lambda _r: setattr(self, "confirm", None))
        box.buttonClicked.connect(
            lambda b: (
                self.delete(path)
                if box.standardButton(b) == QMessageBox.StandardButton.Yes
                else None
            )
        )
        self.confirm = box
        box.open()
        return box

    def delete(self, path: Path) -> bool:
        """Delete a crawl file (not while a crawl writes it) and its row."""
        try:
            delete_crawl_file(path)
        except StoreError as e:
            self._say(str(e))
            return False
        self.notes.forget(path)
        self.fill()
        self._say(self.tr("Deleted {path}").format(path=path))
        return True

    def _choose(self) -> None:
        got = self._current()
        if got is None:
            return
        self.accept()
        self.crawlChosen.emit(str(got[1]))

    def _other(self) -> None:
        self.reject()
        self.otherFileRequested.emit()
