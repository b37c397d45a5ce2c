"""All the models of one crawl, fed together from the bridge's batches."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from gui_crawler.events import FetchRecord, WorkerEvent
from gui_crawler.models import PagesModel
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.verdicts import NO_RULES, StatusRules
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.reader import RecordReader
from gui_crawler.ui.hosts_model import HostsModel
from gui_crawler.ui.link_models import BrokenLinksModel, LinkIndex, RedirectsModel
from gui_crawler.ui.pages_proxy import PagesProxy
from gui_crawler.ui.site_graph import SiteGraph
from gui_crawler.ui.tree_model import SiteTreeModel
from gui_crawler.ui.workers_model import WorkersModel


class CrawlResults(QObject):
    """Owns the pages, tree, workers, redirects and broken-links models, the link index and the
    site graph built on it.

    Signals: none (views watch the models' own signals).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.links = LinkIndex()
        self.pages = PagesModel(self)
        self.proxy = PagesProxy(self.pages, self)
        self.tree = SiteTreeModel(self)
        self.workers = WorkersModel(self)
        self.redirects = RedirectsModel(self.links, self)
        self.broken = BrokenLinksModel(self.links, self)
        self.hosts = HostsModel(self)
        self.graph = SiteGraph(self.links)
        self.redirect_count = 0

    def set_rules(self, rules: Sequence[Rule], status_rules: StatusRules = NO_RULES) -> None:
        """The crawl's custom extraction and search rules (a Pages column each) and its status
        rules (what every model judges its records' verdicts by)."""
        self.pages.set_rules(rules, status_rules)
        self.links.records.status_rules = status_rules
        self.tree.catch_up()  # its records noted before are judged by the rules they came with
        self.tree.status_rules = status_rules

    def add_queued(self, urls: Sequence[str]) -> None:
        """URLs taken into the crawl: the site tree shows them before they are fetched."""
        self.tree.add_urls(urls)

    def attach(self, path: Path | None, hide_cancelled: bool = False) -> None:
        """The crawl file the records are written to or were read from (None: none, or one
        that failed): the pages table reads its rows from it (``hide_cancelled``: not the rows
        of URLs cut short in flight, which a resume fetches again), and records not shown are
        read back from it rather than kept (``RecordMap``). The pages' read-only connections to
        the file shown before close first: the reader's, read-write, is then its last and folds
        its WAL in."""
        self.pages.attach(path, hide_cancelled=hide_cancelled)
        reader = None
        if path is not None:
            try:
                reader = RecordReader(path)
            except StoreError:
                reader = None  # unreadable: every record stays in memory instead
        self.links.records.attach(reader)

    def keep_in_memory(self) -> None:
        """The crawl file stopped taking records (a full disk): the records from now on, and
        the pages' rows, are kept in memory; what the file took is still read from it."""
        self.links.records.keep_everything()
        self.pages.keep_in_memory()

    @property
    def attached(self) -> bool:
        return self.links.records.reader is not None

    def add(
        self, records: Sequence[FetchRecord], workers: Sequence[WorkerEvent] = ()
    ) -> Sequence[FetchRecord]:
        """Apply one batch: each model changes once. Returns the records as the window's other
        parts may keep them: without their links' words, and without their outlinks when a
        crawl file has them (the link index has them by then; the Details pane reads a page's
        from the file)."""
        if records:
            # The links' words are the crawl file's (read back when shown): none kept here. One
            # copy a record at most: on rust-doc each of three copies cost ~0.4 s of the loop.
            if self.attached:
                light = [r.without_links() if r.links or r.words else r for r in records]
            else:
                light = [r.without_words() if r.words else r for r in records]
            gained = self.links.add(records, watched=self.broken.row_of, kept=light)
            self.graph.add(records)  # with their outlinks: it keeps a few a page
            records = light
            self.pages.add_records(records)
            self.tree.add_records(records)
            self.redirects.add_records(records)
            self.broken.add_records(records, gained)
            self.redirect_count += sum(1 for r in records if r.is_redirect)
        if workers:
            self.workers.apply(workers)
        return records

    def clear(self) -> None:
        self.links.clear()
        for m in (self.pages, self.tree, self.workers, self.redirects, self.broken, self.hosts):
            m.clear()
        self.graph.clear()
        self.redirect_count = 0
