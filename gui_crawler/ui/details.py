"""The details of one URL: its record's fields, redirect chain, inlinks and outlinks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Signal
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from gui_crawler.base.translate import WORDING, noop, ntranslate, translate
from gui_crawler.crawl.hosts import origin_of
from gui_crawler.crawl.robots import said as robots_said
from gui_crawler.events import FetchRecord, HostState
from gui_crawler.parsing.extract import Rule
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.page_columns import PageColumn, human_size, rule_column
from gui_crawler.records.wording import answer_words, error_sentence, status_word
from gui_crawler.storage.fileformat import Earlier
from gui_crawler.ui.link_models import LinkIndex
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.render_details import add_render_section
from gui_crawler.ui.response_headers import add_headers_section
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tree_model import Folder

# What the pane shows of a record: human labels and real values (the CSV escapes formulas; this
# pane shows the text as it is, tooltips too: plaintext.tip). A getter returning None or "" hides
# the line. The labels are said in the window's language where they are shown.
PANE = "DetailsPane"  # the context of the pane's words
FIELDS: tuple[tuple[str, Callable[[FetchRecord], object]], ...] = (
    (noop(PANE, "Status"), lambda r: r.status),
    (noop(PANE, "Failure"), lambda r: translate(WORDING, error_sentence(r))),
    (noop(PANE, "Technical detail"), lambda r: r.exception),
    (noop(PANE, "Note"), lambda r: r.note),
    (noop(PANE, "Content type"), lambda r: r.content_type),
    (noop(PANE, "Encoding"), lambda r: r.encoding),
    (noop(PANE, "Size"), lambda r: translate(PANE, "{size} ({n} bytes)").format(
        size=human_size(r.size), n=f"{r.size:,}") if r.status else None),
    (noop(PANE, "Time"), lambda r: f"{r.elapsed * 1000:,.0f} ms"),
    (noop(PANE, "Tries"), lambda r: r.tries),
    (noop(PANE, "Depth"), lambda r: ntranslate(
        PANE, "{n} link from the start page", "{n} links from the start page", r.depth
    ).format(n=f"{r.depth:,}") if r.depth else None),
    (noop(PANE, "Found by"), lambda r: r.referrer),
    (noop(PANE, "Redirects to"), lambda r: r.next_url),
    (noop(PANE, "Links on the page"), lambda r: r.num_urls if r.status else None),
    (noop(PANE, "New links"), lambda r: r.num_new_urls if r.status else None),
    (noop(PANE, "Title"), lambda r: r.title),
    (noop(PANE, "Meta description"), lambda r: r.meta_description),
    (noop(PANE, "H1"), lambda r: r.h1),
    (noop(PANE, "Canonical"), lambda r: r.canonical),
    (noop(PANE, "Robots"), lambda r: r.robots),
    (noop(PANE, "Language"), lambda r: r.lang),
    (noop(PANE, "Structured data"), lambda r: r.structured_data),
)  # fmt: skip


def earlier_words(e: Earlier) -> str:
    """'500 Internal Server Error, replaced 2026-11-26 08:16': an answer a re-check replaced."""
    answer = answer_words(
        FetchRecord(e.url, status=e.status, error_kind=e.error_kind),
        lambda sentence: translate(WORDING, sentence),
    )
    when = e.replaced.replace("T", " ")[:16]
    return translate(PANE, "{answer}, replaced {when}").format(
        answer=answer or e.exception or translate(PANE, "no answer"), when=when
    )


NOT_FETCHED = "…"  # the status column of a listed URL with no record yet
SHOWN_OPEN = 50  # a longer list of URLs starts folded
MAX_LISTED = 500  # a home page can have 100k inlinks; listing them all would stall the GUI
Words = dict[str, list[LinkWords]]  # the words of each listed URL's links, by URL
# Or what reads them, called when the list is filled: a folded list's when it is unfolded.
LazyWords = Words | Callable[[], Words]


def said(w: LinkWords) -> str:
    """A link's words in one line: “its text”, its image's alt, its rel."""
    parts = [f"“{w.anchor}”"] if w.anchor else []
    parts += [translate(PANE, "image “{alt}”").format(alt=w.alt)] if w.alt else []
    parts += [w.rel] if w.rel else []
    return " · ".join(parts) or translate(PANE, "(no words)")


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
        self.host: str | None = None  # the host shown (a row of the Hosts tab), if any
        self.folder: Folder | None = None  # the site-tree folder shown, if any
        # The columns of the crawl's custom extraction and search rules (set_rules).
        self.rule_columns: tuple[PageColumn, ...] = ()
        # Listed URLs shown as not fetched, by URL: their status is filled in as they arrive.
        self._unfetched: dict[str, list[QTreeWidgetItem]] = {}
        self._chain_end: str | None = None  # the redirect chain's last URL, when not fetched
        # The answers a re-check replaced, by URL (the crawl file's history), oldest first.
        self.history: dict[str, list[Earlier]] = {}
        # The links' words of pages, by page URL: the crawl file's (the window sets it), read
        # for the URL shown and its inlinks only.
        self.words_of: Callable[[list[str]], dict[str, tuple[LinkWords, ...]]] = lambda urls: {}
        self.setColumnCount(2)
        self.setHeaderLabels([self.tr("Field"), self.tr("Value")])
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.header().setStretchLastSection(True)
        self.itemDoubleClicked.connect(self._activated)
        # Sections not filled yet: (section, URLs, the words of each URL's links).
        self._folded: dict[int, tuple[QTreeWidgetItem, list[str], LazyWords, int]] = {}
        self.itemExpanded.connect(self._unfold)
        self.show_url(None)

    def set_rules(self, rules: Sequence[Rule]) -> None:
        """The crawl shown's extraction and search rules: each one's value of a page is one of
        its fields, headed as its Pages column and CSV column (``extract:price``)."""
        self.rule_columns = tuple(rule_column(r) for r in rules)

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

    def _url_list(
        self, title: str, urls: list[str], words: LazyWords | None = None, count: int = -1
    ) -> None:
        """A section listing ``urls`` (``count``: how many there are, if more than listed)."""
        count = max(count, len(urls))
        sec = self._section(f"{title} ({count:,})")
        if len(urls) <= SHOWN_OPEN:
            self._fill(sec, urls, words or {}, count)
            sec.setExpanded(True)
        else:
            # Folded: its rows are made when it is unfolded. The pane is rebuilt every second
            # while a home page gains inlinks, and hundreds of rows no one sees cost the crawl.
            sec.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            self._folded[id(sec)] = (sec, urls, words or {}, count)

    def _fill(self, sec: QTreeWidgetItem, urls: list[str], words: LazyWords, count: int) -> None:
        if callable(words):
            words = words()
        for u in urls[:MAX_LISTED]:
            item = self._listed(sec, u)
            item.setToolTip(1, tip(u))
            # How the link says it: a row under it for each way (text, image, rel).
            for w in words.get(u, ()):
                text = said(w)
                if w.rendered:
                    text += " · " + self.tr("only after JavaScript")
                QTreeWidgetItem(item, [w.element or "link", text])
                item.setExpanded(True)
        if count > MAX_LISTED:
            more = f"{count - MAX_LISTED:,}"
            QTreeWidgetItem(sec, ["", self.tr("… and {n} more").format(n=more)])

    def _listed(self, sec: QTreeWidgetItem, url: str) -> QTreeWidgetItem:
        """A listed URL with its status, or NOT_FETCHED until its record arrives."""
        rec = self.links.records.get(url)
        status = translate(WORDING, status_word(rec)) if rec else NOT_FETCHED
        item = QTreeWidgetItem(sec, [status, url])
        item.setData(0, Roles.Url, url)
        if rec is None:
            item.setToolTip(0, self.tr("Not fetched (yet)"))
            self._unfetched.setdefault(url, []).append(item)
        return item

    def records_arrived(self, records: list[FetchRecord]) -> None:
        """Fill in the status of the listed URLs among ``records`` (cheap: no rebuild); a
        redirect chain that goes on from its last URL is shown again, longer."""
        if not self._unfetched:
            return
        for r in records:
            for item in self._unfetched.pop(r.url, ()):
                item.setText(0, translate(WORDING, status_word(r)))
                item.setToolTip(0, "")
            if r.url == self._chain_end and r.is_redirect:
                self.refresh()
                return

    @property
    def empty(self) -> bool:
        """Nothing is shown: neither a URL, nor a host, nor a folder."""
        return self.url is None and self.host is None and self.folder is None

    def _unfold(self, item: QTreeWidgetItem) -> None:
        got = self._folded.pop(id(item), None)
        if got is not None:
            item.setChildIndicatorPolicy(
                QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless
            )
            self._fill(*got)

    def show_index(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Show what a selected row stands for: a host (a HostState record), a site-tree folder
        or a URL."""
        rec = index.data(Roles.Record) if index.isValid() else None
        if isinstance(rec, HostState):
            self.show_host(rec)
        elif isinstance(rec, Folder):
            self.show_folder(rec)
        else:
            self.show_url(index.data(Roles.Url) if index.isValid() else None)

    def show_folder(self, f: Folder) -> None:
        """A site-tree folder that is no URL itself: what is below it, not a URL's record."""
        self.url, self.host, self.folder = None, None, f
        self._reset()
        sec = self._section(self.tr("Folder"))
        rows = [
            (self.tr("Path"), f.prefix),
            (
                self.tr("URLs below"),
                self.tr("{0:,} ({1:,} fetched)").format(len(f.urls), f.fetched),
            ),
            (self.tr("Worst below"), translate(WORDING, f.worst)),
        ]
        for name, value in rows:
            if value:
                item = QTreeWidgetItem(sec, [name, value])
                item.setToolTip(1, tip(value))
        sec.setExpanded(True)
        self._url_list(self.tr("URLs below"), list(f.urls))
        self.setUpdatesEnabled(True)

    def _reset(self) -> None:
        self.setUpdatesEnabled(False)
        self._folded.clear()
        self._unfetched.clear()
        self._chain_end = None
        self.clear()

    def show_host(self, s: HostState) -> None:
        """A host's figures as its row showed them when selected, each said in words, and the
        URLs of it the crawl recorded."""
        self.url, self.host, self.folder = None, s.host, None
        self._reset()
        sec = self._section(self.tr("Host"))
        kind = self.tr("external: its links are checked once") if s.external else self.tr("crawled")
        speed = self.tr("median {median} ms; 95 % of answers within {p95} ms").format(
            median=f"{s.median_ms:,.0f}", p95=f"{s.p95_ms:,.0f}"
        )
        rate = (
            self.tr("{rate} requests started per second over the last seconds").format(
                rate=f"{s.rate:.1f}"
            )
            if s.rate
            else self.tr("0: no request started in the last seconds (or no crawl runs)")
        )
        rows = [
            (self.tr("Host"), s.host),
            (self.tr("Kind"), kind),
            (self.tr("Requests"), self.tr("{n} (each try counts)").format(n=f"{s.requests:,}")),
            (self.tr("Req/s"), rate),
            (
                self.tr("In flight"),
                self.tr("{n} of at most {limit} at a time (Per host)").format(
                    n=s.in_flight, limit=s.limit
                ),
            ),
            (
                self.tr("Delay"),
                self.tr("{s} s between two requests").format(s=f"{s.delay:g}")
                if s.delay
                else self.tr("none"),
            ),
            (
                self.tr("Back-off"),
                self.tr("{s} s more (it answered 429 or 503)").format(s=f"{s.backoff:.1f}")
                if s.backoff
                else "",
            ),
            (
                self.tr("Waiting"),
                self.tr("{n} URLs held back for a free slot or the delay").format(
                    n=f"{s.waiting:,}"
                ),
            ),
            (self.tr("Response time"), speed if s.requests else ""),
            ("robots.txt", robots_said(s.robots)),
        ]
        for name, value in rows:
            if value:
                item = QTreeWidgetItem(sec, [name, value])
                item.setToolTip(1, tip(value))
        sec.setExpanded(True)
        urls = [u for u in self.links.records if origin_of(u) == s.host]
        self._url_list(self.tr("URLs recorded"), urls)
        self.setUpdatesEnabled(True)

    def show_url(self, url: str | None) -> None:
        self.url, self.host, self.folder = url, None, None
        self._reset()
        if url is None:
            QTreeWidgetItem(self, ["", self.tr("Select a URL to see its details")])
            self.setUpdatesEnabled(True)
            return
        rec = self.links.records.get(url)
        fields = self._section(self.tr("Record"))
        QTreeWidgetItem(fields, ["URL", url]).setData(0, Roles.Url, url)
        if rec is None:
            QTreeWidgetItem(fields, [self.tr("Status"), self.tr("discovered, not fetched (yet)")])
        else:
            for label, get in FIELDS:
                value = get(rec)
                if value is not None and value != "":
                    item = QTreeWidgetItem(fields, [self.tr(label), str(value)])
                    item.setToolTip(1, tip(value))
            for column in self.rule_columns:  # custom extraction and search: this page's
                value = column.display(rec)
                if value:
                    item = QTreeWidgetItem(fields, [column.label, value])
                    item.setToolTip(0, tip(column.tip))
                    item.setToolTip(1, tip(value))
            for earlier in reversed(self.history.get(url, ())):
                text = earlier_words(earlier)
                QTreeWidgetItem(fields, [self.tr("Before"), text]).setToolTip(1, tip(text))
        fields.setExpanded(True)
        if rec is not None:
            add_render_section(self, rec, self._listed)  # a rendered page's: as sent, rendered
            add_headers_section(self, rec)  # folded: one line under the record's fields
        chain = self.links.chain(url)
        if len(chain) > 1:
            hops = len(chain) - 1
            sec = self._section(
                ntranslate(PANE, "Redirect chain ({n} hop)", "Redirect chain ({n} hops)",
                           hops).format(n=f"{hops:,}")
            )  # fmt: skip
            for u, _r in chain:
                self._listed(sec, u)
            sec.setExpanded(True)
            end, end_rec = chain[-1]
            self._chain_end = end if end_rec is None else None
        sources = self.links.sources(url)

        def inlinks() -> Words:
            # Each source's words are read with all its page's links (~0.5 ms a page): for a
            # home page's 500 listed sources, when its folded list is unfolded, not at each
            # refresh (the crawl's end waited ~0.27 s for them on a 2,000-page site).
            listed = sources[:MAX_LISTED]
            said = self.words_of(listed)
            return {s: [w for w in said.get(s, ()) if w.target == url] for s in listed}

        said = self.words_of([url])
        outlinks: Words = {}
        for w in said.get(url, ()):
            outlinks.setdefault(w.target, []).append(w)
        listed = list(rec.links) if rec else []
        # A link no browser opens is the page's too, though never fetched.
        listed += [t for t in outlinks if t not in set(listed) and not t.startswith("http")]
        # Titled in the window's language; the menus find them by it (menus.show_links).
        self._url_list(self.tr("Inlinks"), sources, inlinks, self.links.count(url))
        self._url_list(self.tr("Outlinks"), listed, outlinks)
        self.setUpdatesEnabled(True)

    def refresh(self) -> None:
        """Show the same URL or folder again (its record or links may have arrived since)."""
        if self.folder is not None:
            self.show_folder(self.folder)
        elif self.host is None:
            self.show_url(self.url)

    def current_url(self) -> str | None:
        item = self.currentItem()
        if item is None:
            return None
        return item.data(0, Roles.Url) or (
            item.text(1) if item.text(1).startswith("http") else None
        )
