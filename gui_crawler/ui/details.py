"""The details of one URL: its record's fields, redirect chain, inlinks and outlinks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from gui_crawler.events import FetchRecord
from gui_crawler.models import Roles
from gui_crawler.records.page_columns import human_size
from gui_crawler.records.wording import error_sentence, plural, status_word
from gui_crawler.ui.link_models import LinkIndex
from gui_crawler.ui.plaintext import tip

# What the pane shows of a record: human labels and real values (the CSV escapes formulas; this
# pane shows the text as it is, tooltips too: plaintext.tip). A getter returning None or "" hides
# the line.
FIELDS: tuple[tuple[str, Callable[[FetchRecord], object]], ...] = (
    ("Status", lambda r: r.status),
    ("Failure", error_sentence),
    ("Technical detail", lambda r: r.exception),
    ("Note", lambda r: r.note),
    ("Content type", lambda r: r.content_type),
    ("Encoding", lambda r: r.encoding),
    ("Size", lambda r: f"{human_size(r.size)} ({r.size:,} bytes)" if r.status else None),
    ("Time", lambda r: f"{r.elapsed * 1000:,.0f} ms"),
    ("Tries", lambda r: r.tries),
    ("Depth", lambda r: plural(r.depth, "link") + " from the start page" if r.depth else None),
    ("Found by", lambda r: r.referrer),
    ("Redirects to", lambda r: r.next_url),
    ("Links on the page", lambda r: r.num_urls if r.status else None),
    ("New links", lambda r: r.num_new_urls if r.status else None),
    ("Title", lambda r: r.title),
    ("Meta description", lambda r: r.meta_description),
    ("H1", lambda r: r.h1),
    ("Canonical", lambda r: r.canonical),
    ("Robots", lambda r: r.robots),
    ("Language", lambda r: r.lang),
)

SHOWN_OPEN = 50  # a longer list of URLs starts folded
MAX_LISTED = 500  # a home page can have 100k inlinks; listing them all would stall the GUI


class DetailsPane(QTreeWidget):
    """Sections for the selected URL; double-clicking a listed URL selects that URL.

    Signals:
        urlActivated(str): a URL in the pane was double-clicked.
    """

    urlActivated = Signal(str)

    def __init__(self, links: LinkIndex, parent: Any = None) -> None:
        super().__init__(parent)
        self.links = links
        self.url: str | None = None
        self.setColumnCount(2)
        self.setHeaderLabels(["Field", "Value"])
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.header().setStretchLastSection(True)
        self.itemDoubleClicked.connect(self._activated)
        self._folded: dict[int, tuple[QTreeWidgetItem, list[str]]] = {}  # sections not filled yet
        self.itemExpanded.connect(self._unfold)
        self.show_url(None)

    def _activated(self, item: QTreeWidgetItem, column: int) -> None:
        url = item.data(0, Roles.Url)
        if url:
            self.urlActivated.emit(url)

    def _section(self, title: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self, [title, ""])
        f = item.font(0)
        f.setBold(True)
        item.setFont(0, f)
        item.setFirstColumnSpanned(True)
        return item

    def _url_list(self, title: str, urls: list[str]) -> None:
        sec = self._section(f"{title} ({len(urls):,})")
        if len(urls) <= SHOWN_OPEN:
            self._fill(sec, urls)
            sec.setExpanded(True)
        else:
            # Folded: its rows are made when it is unfolded. The pane is rebuilt every second
            # while a home page gains inlinks, and hundreds of rows no one sees cost the crawl.
            sec.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            self._folded[id(sec)] = (sec, urls)

    def _fill(self, sec: QTreeWidgetItem, urls: list[str]) -> None:
        for u in urls[:MAX_LISTED]:
            rec = self.links.records.get(u)
            item = QTreeWidgetItem(sec, [status_word(rec) if rec else "…", u])
            item.setData(0, Roles.Url, u)
            item.setToolTip(1, tip(u))
        if len(urls) > MAX_LISTED:
            QTreeWidgetItem(sec, ["", f"… and {len(urls) - MAX_LISTED} more"])

    def _unfold(self, item: QTreeWidgetItem) -> None:
        got = self._folded.pop(id(item), None)
        if got is not None:
            item.setChildIndicatorPolicy(
                QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless
            )
            self._fill(*got)

    def show_url(self, url: str | None) -> None:
        self.url = url
        self.setUpdatesEnabled(False)
        self._folded.clear()
        self.clear()
        if url is None:
            QTreeWidgetItem(self, ["", "Select a URL to see its details"])
            self.setUpdatesEnabled(True)
            return
        rec = self.links.records.get(url)
        fields = self._section("Record")
        QTreeWidgetItem(fields, ["URL", url]).setData(0, Roles.Url, url)
        if rec is None:
            QTreeWidgetItem(fields, ["Status", "discovered, not fetched (yet)"])
        else:
            for label, get in FIELDS:
                value = get(rec)
                if value is not None and value != "":
                    item = QTreeWidgetItem(fields, [label, str(value)])
                    item.setToolTip(1, tip(value))
        fields.setExpanded(True)
        chain = self.links.chain(url)
        if len(chain) > 1:
            sec = self._section(f"Redirect chain ({plural(len(chain) - 1, 'hop')})")
            for u, r in chain:
                item = QTreeWidgetItem(sec, [status_word(r) if r else "…", u])
                item.setData(0, Roles.Url, u)
            sec.setExpanded(True)
        self._url_list("Inlinks", self.links.sources(url))
        self._url_list("Outlinks", list(rec.links) if rec else [])
        self.setUpdatesEnabled(True)

    def refresh(self) -> None:
        """Show the same URL again (its record or links may have arrived since)."""
        self.show_url(self.url)

    def current_url(self) -> str | None:
        item = self.currentItem()
        if item is None:
            return None
        return item.data(0, Roles.Url) or (
            item.text(1) if item.text(1).startswith("http") else None
        )
