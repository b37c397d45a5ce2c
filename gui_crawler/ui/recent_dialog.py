"""The Open dialog: recent crawls as a list a person can tell apart (site, date, state, URL
count), and a way to any other crawl file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from gui_crawler.records.wording import plural
from gui_crawler.storage.recent import recent_crawls
from gui_crawler.ui.plaintext import label, tip

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


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
        self.setWindowTitle("Open a saved crawl")
        self.resize(760, 420)
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAlternatingRowColors(True)
        self.list.setHeaderLabels(["Site", "Date", "State", "URLs"])
        header = self.list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for col, w in ((1, 150), (2, 130), (3, 80)):
            self.list.setColumnWidth(col, w)
        crawls = recent_crawls(folder)
        items = []
        for c in crawls:
            item = QTreeWidgetItem(
                self.list,
                [c.site, c.when.strftime("%Y-%m-%d %H:%M"), c.state, f"{c.urls:,}"],
            )
            item.setTextAlignment(3, _RIGHT)
            item.setToolTip(0, tip(f"{c.root}\n{c.path}"))
            item.setData(0, Qt.ItemDataRole.UserRole, str(c.path))
            items.append(item)
        if items:
            self.list.setCurrentItem(items[0])
        self.list.itemActivated.connect(lambda _item, _col: self._choose())
        caption = label(
            f"{plural(len(crawls), 'recent crawl')} in {folder}"
            if crawls
            else f"No saved crawls yet in {folder}"
        )
        caption.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.open_button = buttons.addButton("Open", QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setEnabled(bool(crawls))
        other = QPushButton("Other file…")
        buttons.addButton(other, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self._choose)
        buttons.rejected.connect(self.reject)
        other.clicked.connect(self._other)
        lay = QVBoxLayout(self)
        lay.addWidget(caption)
        lay.addWidget(self.list, 1)
        lay.addWidget(buttons)

    def _choose(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        self.accept()
        self.crawlChosen.emit(item.data(0, Qt.ItemDataRole.UserRole))

    def _other(self) -> None:
        self.reject()
        self.otherFileRequested.emit()
