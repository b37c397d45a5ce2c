"""The link graph of a crawl and the two tables built on it: redirects and broken links.

``LinkIndex`` is plain Python: every record by URL and, from the ``links`` of the pages crawled,
the inlinks of every URL. The redirects table shows each hop and its whole chain; the broken-links
table shows each failing URL with the pages that link to it. Both grow once per batch and refresh
only the rows a batch can have changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.events import FetchRecord
from gui_crawler.models import STATUS_BRUSH, LabelledTable, Roles, status_class
from gui_crawler.records.verdicts import is_broken
from gui_crawler.records.wording import error_sentence, status_word
from gui_crawler.ui.plaintext import tip

AnyIndex = QModelIndex | QPersistentModelIndex
MAX_HOPS = 30


class LinkIndex:
    """Records by URL and inlinks by target URL (redirects count as links from their source).

    Most URLs have one inlink: it is kept as the source's URL itself, and a list only from the
    second on (a list per target was the index's largest cost per URL)."""

    def __init__(self) -> None:
        self.records: dict[str, FetchRecord] = {}
        self.inlinks: dict[str, str | list[str]] = {}

    def sources(self, url: str) -> list[str]:
        """The pages linking to (or redirecting to) ``url``, in the order they were recorded."""
        got = self.inlinks.get(url)
        if got is None:
            return []
        return [got] if type(got) is str else list(got)

    def linked(self, url: str) -> bool:
        """Some recorded page links (or redirects) to ``url``."""
        return url in self.inlinks

    def add(
        self, records: Sequence[FetchRecord], watched: dict[str, int] | None = None
    ) -> set[str]:
        """Index a batch; returns the ``watched`` URLs that gained inlinks."""
        # The window's largest cost per record on a real site (hundreds of links a page), on the
        # thread the crawl shares: ~8 us for a rust-doc page of 52 links (4 us in C, which was
        # tried and did not pay for itself: 87 ms over a 21,635-page crawl). Only the watched
        # targets (the broken links shown) are collected: a set of every target cost as much again.
        gained: set[str] = set()
        watch = watched or None
        by_url = self.records
        for rec in records:
            url = rec.url
            by_url[url] = rec
            if rec.links:
                self._add_links(url, rec.links, watch, gained)
            elif rec.next_url:  # a redirect is a link from its source
                self._add_links(url, (rec.next_url,), None, gained)
                gained.add(rec.next_url)
        return gained

    def _add_links(
        self,
        source: str,
        targets: tuple[str, ...],
        watched: dict[str, int] | None,
        gained: set[str],
    ) -> None:
        """``source`` as an inlink of each of ``targets``; the targets that are keys of
        ``watched`` go into ``gained``."""
        index = self.inlinks
        for target in targets:
            if watched is not None and target in watched:
                gained.add(target)
            got = index.get(target)
            if got is None:
                index[target] = source
            elif isinstance(got, str):
                index[target] = [got, source]
            else:
                got.append(source)

    def clear(self) -> None:
        self.records.clear()
        self.inlinks.clear()

    def chain(self, url: str) -> list[tuple[str, FetchRecord | None]]:
        """The redirect chain starting at ``url``: (url, its record or None if not fetched)."""
        out: list[tuple[str, FetchRecord | None]] = []
        seen: set[str] = set()
        cur: str | None = url
        while cur is not None and cur not in seen and len(out) <= MAX_HOPS:
            seen.add(cur)
            rec = self.records.get(cur)
            out.append((cur, rec))
            cur = rec.next_url if rec is not None and rec.is_redirect else None
        if cur is not None:  # a loop or an absurdly long chain: show where it goes back to
            out.append((cur, self.records.get(cur)))
        return out


def chain_text(chain: list[tuple[str, FetchRecord | None]]) -> str:
    parts = [f"{u} ({status_word(r) if r else '…'})" for u, r in chain]
    return " → ".join(parts)


class _Table(LabelledTable):
    """Rows of precomputed display tuples keyed by URL; subclasses say how to build them."""

    COLUMNS: tuple[str, ...] = ()

    def __init__(self, index: LinkIndex, parent: Any = None) -> None:
        super().__init__(parent)
        self.links = index
        self.urls: list[str] = []
        self.display: list[tuple[str, ...]] = []
        self.row_of: dict[str, int] = {}

    def _build(self, url: str) -> tuple[str, ...]:
        raise NotImplementedError

    def _append(self, urls: list[str]) -> None:
        if not urls:
            return
        first = len(self.urls)
        self.beginInsertRows(QModelIndex(), first, first + len(urls) - 1)
        for i, url in enumerate(urls, first):
            self.urls.append(url)
            self.display.append(self._build(url))
            self.row_of[url] = i
        self.endInsertRows()

    def _refresh(self, rows: set[int]) -> None:
        """Rebuild rows and emit one dataChanged spanning those that really changed."""
        changed = []
        for r in rows:
            new = self._build(self.urls[r])
            if new != self.display[r]:
                self.display[r] = new
                changed.append(r)
        if changed:
            last = len(self.COLUMNS) - 1
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))

    def clear(self) -> None:
        self.beginResetModel()
        self.urls, self.display, self.row_of = [], [], {}
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.urls)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display[r][c]
        if role == Qt.ItemDataRole.ToolTipRole:  # URLs and error text: shown as text
            return tip(self.display[r][c]) or None
        if role == Qt.ItemDataRole.ForegroundRole and c == 1:
            rec = self.links.records.get(self.urls[r])
            return STATUS_BRUSH[status_class(rec)] if rec else None
        if role == Roles.Url:
            return self.urls[r]
        if role == Roles.Record:
            return self.links.records.get(self.urls[r])
        if role == Roles.Sort:
            return self.display[r][c]
        return None


class RedirectsModel(_Table):
    """Every redirect: source, status, target, note, where the whole chain ends, and the chain.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = ("Source", "Status", "Target", "Note", "Final", "Final status", "Chain")
    WIDTHS = (300, 100, 300, 160, 260, 100, 400)

    def __init__(self, index: LinkIndex, parent: Any = None) -> None:
        super().__init__(index, parent)
        self._open: set[int] = set()  # rows whose chain ends at a URL not recorded yet

    def _build(self, url: str) -> tuple[str, ...]:
        rec = self.links.records[url]
        chain = self.links.chain(url)
        final_url, final = chain[-1]
        looped = any(u == final_url for u, _ in chain[:-1])
        return (
            url,
            status_word(rec),
            rec.next_url or "",
            rec.note or error_sentence(rec),
            final_url if len(chain) > 1 else "",
            "loop" if looped else status_word(final) if final else "…",
            chain_text(chain),
        )

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Call after ``LinkIndex.add`` for the same batch."""
        if self._open:
            self._refresh(self._open)
            self._open = {r for r in self._open if self.display[r][5] == "…"}
        first = len(self.urls)
        self._append([r.url for r in records if r.is_redirect])
        self._open.update(r for r in range(first, len(self.urls)) if self.display[r][5] == "…")

    def clear(self) -> None:
        super().clear()
        self._open = set()


class BrokenLinksModel(_Table):
    """Each broken URL (verdicts.is_broken: what the status bar's "Broken" counts) with the
    pages that link to it.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = ("URL", "Status", "Error", "Inlinks", "Linked from")
    WIDTHS = (360, 100, 260, 70, 400)
    SHOWN_REFERRERS = 3

    def _build(self, url: str) -> tuple[str, ...]:
        rec = self.links.records[url]
        sources = self.links.sources(url)
        if not sources and rec.referrer:
            sources = [rec.referrer]
        shown = ", ".join(sources[: self.SHOWN_REFERRERS])
        if len(sources) > self.SHOWN_REFERRERS:
            shown += f", … (+{len(sources) - self.SHOWN_REFERRERS})"
        return (url, status_word(rec), error_sentence(rec), str(len(sources)), shown)

    def add_records(self, records: Sequence[FetchRecord], gained: set[str]) -> None:
        """Call after ``LinkIndex.add`` for the same batch, with the URLs it returned."""
        row_of = self.row_of
        touched = {row_of[u] for u in gained if u in row_of}
        if touched:
            self._refresh(touched)
        self._append([r.url for r in records if is_broken(r)])
