"""All the models of one crawl, fed together from the bridge's batches."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject

from .events import ErrorKind, FetchRecord, WorkerEvent
from .link_models import BrokenLinksModel, LinkIndex, RedirectsModel
from .models import PagesModel, PagesProxy, StatusClass, status_class
from .tree_model import SiteTreeModel
from .workers_model import WorkersModel


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
        # Rows per status class: the same classes the quick filters show, so a count in the
        # status bar and the filtered table never disagree.
        self.class_counts: Counter[StatusClass] = Counter()
        # Cut short by a cancel: a crawl file puts these back in its frontier.
        self.cancelled_count = 0

    def add(self, records: Sequence[FetchRecord], workers: Sequence[WorkerEvent] = ()) -> None:
        """Apply one batch: each model changes once."""
        if records:
            gained = self.links.add(records)
            self.pages.add_records(records)
            self.tree.add_records(records)
            self.redirects.add_records(records)
            self.broken.add_records(records, gained)
            self.class_counts.update(status_class(r) for r in records)
            self.cancelled_count += sum(r.error_kind == ErrorKind.CANCELLED for r in records)
        if workers:
            self.workers.apply(workers)

    def clear(self) -> None:
        self.links.clear()
        for m in (self.pages, self.tree, self.workers, self.redirects, self.broken):
            m.clear()
        self.class_counts.clear()
        self.cancelled_count = 0

    @property
    def redirect_count(self) -> int:
        """Rows under the 3xx quick filter."""
        return self.class_counts[StatusClass.REDIRECT]

    @property
    def error_count(self) -> int:
        """Rows under the 4xx, 5xx and Failed quick filters together."""
        c = self.class_counts
        return c[StatusClass.CLIENT_ERROR] + c[StatusClass.SERVER_ERROR] + c[StatusClass.FAILED]
