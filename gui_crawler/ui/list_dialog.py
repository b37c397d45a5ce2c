"""Crawl → Check a list of URLs…: a small non-modal dialog where a person pastes URLs (one a line)
or opens a file (text, a CSV's first column, a sitemap's XML or .gz), then checks exactly those
URLs, as ``gui-crawler crawl --list FILE`` does.

A list with no URL is refused in the dialog with the reason, and the text stays as typed."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from gui_crawler.base.translate import noop, ntranslate
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl.urllist import ListError, UrlList, fetch_list, read_list
from gui_crawler.ui.accessible import name_controls
from gui_crawler.ui.file_dialogs import file_dialog
from gui_crawler.ui.plaintext import label
from gui_crawler.ui.settings_panel import ERROR_STYLE

MAX_FILE = 64 * 1024 * 1024  # bytes of a list file read (a sitemap holds at most 50 MB)
LIST_FILTERS = noop(
    "UrlListDialog",
    "Lists of URLs (*.txt *.csv *.xml *.gz *.tsv *.lst);;"
    "Text (*.txt);;CSV (*.csv);;Sitemaps (*.xml *.xml.gz *.gz);;All files (*)",
)


def first_column(text: str) -> str:
    """A CSV's first column, one cell a line (a heading cell is then skipped as no URL)."""
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return "\n".join(row[0] if row else "" for row in csv.reader(io.StringIO(text), dialect))


def text_of_file(data: bytes, name: str) -> str:
    """What a list file puts in the text box: its URLs one a line (a sitemap's ``<loc>``s, a
    CSV's first column) or its text as written. ListError when it cannot be read."""
    if data[:2] == b"\x1f\x8b" or data[:2048].lstrip().startswith(b"<"):
        return "\n".join(read_list(data, name).urls)
    text = data.decode("utf-8-sig", "replace")
    if name.lower().endswith((".csv", ".tsv")):
        return first_column(text)
    return text


class UrlListDialog(QDialog):
    """A text box of URLs, "Open file…", "Read sitemap URL" and "Check these URLs".

    Signals:
        listChosen(UrlList): the URLs to check (and the lines skipped as no URL).
    """

    listChosen = Signal(object)

    def __init__(
        self, config_for: Callable[[str], CrawlConfig] | None = None, parent: Any = None
    ) -> None:
        super().__init__(parent)
        # The options a sitemap is fetched with (user agent, login, proxy, timeout): the crawl's.
        self.config_for = config_for or (lambda url: CrawlConfig(roots=(url,)).validated())
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds tasks weakly
        self.setObjectName("list-dialog")
        self.setWindowTitle(self.tr("Check a list of URLs"))
        self.setModal(False)
        self._file_dialog: Any = None
        lay = QVBoxLayout(self)
        intro = label(
            self.tr(
                "Paste URLs, one a line, or open a file (text, CSV: its first column, a sitemap), "
                "or paste a sitemap's URL and read it. "
                "Exactly these URLs are checked and their redirects followed; their links are not "
                "followed, unless Max depth is set (then as many levels as it says)."
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.text = QPlainTextEdit()
        self.text.setObjectName("list-text")
        self.text.setPlaceholderText("https://example.org/\nhttps://example.org/about")
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFont("monospace"))
        self.text.textChanged.connect(lambda: self.say(None))
        lay.addWidget(self.text, 1)
        self.message = label("")
        self.message.setObjectName("list-message")
        self.message.setWordWrap(True)
        self.message.hide()
        lay.addWidget(self.message)
        buttons = QDialogButtonBox()
        self.open_button = QPushButton(self.tr("&Open file…"))
        self.open_button.clicked.connect(self.open_file_dialog)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.sitemap_button = QPushButton(self.tr("Read &sitemap URL"))
        self.sitemap_button.setToolTip(
            self.tr("Fetch the sitemap whose URL is in the box: its URLs are the list")
        )
        self.sitemap_button.clicked.connect(self.read_sitemap)
        buttons.addButton(self.sitemap_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.check_button = QPushButton(self.tr("&Check these URLs"))
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.check)
        buttons.addButton(self.check_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(620, 420)
        name_controls(self)

    def say(self, text: str | None, error: bool = False) -> None:
        self.message.setText(text or "")
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setVisible(bool(text))

    def check(self) -> UrlList | None:
        """Check the URLs of the text box; a list with none is refused here, its reason said."""
        try:
            listed = read_list(self.text.toPlainText().encode("utf-8"), self.tr("The list"))
        except ListError as e:
            self.say(str(e), error=True)
            return None
        self.listChosen.emit(listed)
        return listed

    def read_sitemap(self) -> asyncio.Task[None] | None:
        """Fetch the sitemap (or sitemap index) whose URL is alone in the box; its URLs replace
        the URL when it gives some."""
        lines = [line.strip() for line in self.text.toPlainText().splitlines() if line.strip()]
        if len(lines) != 1 or not lines[0].startswith(("http://", "https://")):
            self.say(self.tr("Put the sitemap's URL alone in the box, then read it"), error=True)
            return None
        try:
            config = self.config_for(lines[0])
        except ConfigError as e:
            self.say(str(e), error=True)
            return None
        self.sitemap_button.setEnabled(False)
        self.say(self.tr("Reading {url} …").format(url=lines[0]))
        self._task = asyncio.get_running_loop().create_task(self._read_sitemap(lines[0], config))
        return self._task

    async def _read_sitemap(self, url: str, config: CrawlConfig) -> None:
        try:
            listed = await fetch_list(url, config)
        except ListError as e:
            self.say(str(e)[:1].upper() + str(e)[1:], error=True)
            return
        finally:
            self.sitemap_button.setEnabled(True)
        self.text.setPlainText("\n".join(listed.urls))
        n = len(listed.urls)
        self.say(
            ntranslate("UrlListDialog", "Read {n} URL from the sitemap {url}",
                       "Read {n} URLs from the sitemap {url}", n).format(n=f"{n:,}", url=url)
        )  # fmt: skip

    def done(self, result: int) -> None:
        """Closed (hidden: the text stays); a sitemap still being read is dropped."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        super().done(result)

    def open_file_dialog(self) -> Any:
        dlg = file_dialog(self, self.tr("Open a list of URLs"), self.tr(LIST_FILTERS), save=False)
        dlg.fileSelected.connect(self.load_file)
        self._file_dialog = dlg
        dlg.open()
        return dlg

    def load_file(self, path: str | Path) -> bool:
        """Put a file's URLs in the text box (what was typed is replaced only when it reads)."""
        path = Path(path)
        try:
            with path.open("rb") as f:
                data = f.read(MAX_FILE + 1)
            if len(data) > MAX_FILE:
                raise ListError(
                    self.tr("{name} is larger than {n} MB").format(name=path.name, n=MAX_FILE >> 20)
                )
            text = text_of_file(data, path.name)
        except OSError as e:
            self.say(
                self.tr("Cannot read {path}: {why}").format(path=path, why=e.strerror or e),
                error=True,
            )
            return False
        except ListError as e:
            self.say(str(e), error=True)
            return False
        self.text.setPlainText(text)
        lines = sum(1 for line in text.splitlines() if line.strip())
        self.say(
            ntranslate("UrlListDialog", "Read {n} line from {name}", "Read {n} lines from {name}",
                       lines).format(n=f"{lines:,}", name=path.name)
        )  # fmt: skip
        return True
