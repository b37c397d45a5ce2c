"""All the models of one crawl, fed together from the bridge's batches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject

from gui_crawler.events import FetchRecord, WorkerEvent
from gui_crawler.models import PagesModel, PagesProxy
from gui_crawler.parsing.extract import Rule
from gui_crawler.ui.hosts_model import HostsModel
from gui_crawler.ui.link_models import BrokenLinksModel, LinkIndex, RedirectsModel
from gui_crawler.ui.tree_model import SiteTreeModel
from gui_crawler.ui.workers_model import WorkersModel


class CrawlResults(QObject):
    """Owns the pages, tree, workers, redirects and broken-links models and the link index.

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
        self.redirect_count = 0

    def set_rules(self, rules: Sequence[Rule]) -> None:
        """The crawl's custom extraction and search rules: a Pages column each."""
        self.pages.set_rules(rules)

    def add_queued(self, urls: Sequence[str]) -> None:
        """URLs taken into the crawl: the site tree shows them before they are fetched."""
        self.tree.add_urls(urls)

    def add(self, records: Sequence[FetchRecord], workers: Sequence[WorkerEvent] = ()) -> None:
        """Apply one batch: each model changes once."""
        if records:
            gained = self.links.add(records, watched=self.broken.row_of)
            self.pages.add_records(records)
            self.tree.add_records(records)
            self.redirects.add_records(records)
            self.broken.add_records(records, gained)
            self.redirect_count += sum(1 for r in records if r.is_redirect)
        if workers:
            self.workers.apply(workers)

    def clear(self) -> None:
        self.links.clear()
        for m in (self.pages, self.tree, self.workers, self.redirects, self.broken, self.hosts):
            m.clear()
        self.redirect_count = 0
