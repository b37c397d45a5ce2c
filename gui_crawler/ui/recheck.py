"""Re-check in the window: the URLs of the crawl shown fetched again in its crawl file
(``CrawlSession.recheck``), their rows replaced in place as the answers come.

While it runs, each answer replaces its URL's row in the pages table, its record in the link
index (Details shows it) and in the Overview's audit; a cancelled URL keeps its earlier answer, as
the crawl file does. When it ends, the views built from all records (site tree, redirects, broken
links) are built again from the rows, so that a fixed URL leaves Broken links and its branch's
worst status, and the pages table is filtered again."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path

from gui_crawler.base.translate import ntranslate, translate
from gui_crawler.crawl.hosts import states_from_records
from gui_crawler.events import ErrorKind, FetchRecord, Queued, Reason, WorkerEvent
from gui_crawler.session import CrawlSession, StoreError
from gui_crawler.storage import SavedCrawl
from gui_crawler.storage.fileformat import Earlier, frontier_in_file, load_history
from gui_crawler.ui.overview import OverviewTab
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.timeline import TimelinePanel

RECHECK = "Recheck"  # the context of what a re-check says


def start_recheck(
    path: Path, urls: list[str] | None, **login: object
) -> tuple[CrawlSession | None, str]:
    """A re-check session of the crawl file ``path`` (``urls``, else every URL worth it), or
    None and why not; ``login``: the credentials to send (no crawl file keeps them)."""
    session = CrawlSession.recheck(path, urls=urls, **login)
    store, saved = session.store, session.saved
    assert store is not None and saved is not None
    if store.replacing:
        return session, ""
    store.close(saved.state)  # nothing to fetch: the file as it was, unlocked
    if urls is None:
        return None, translate(
            RECHECK, "Nothing to re-check: no URL of this crawl is broken, blocked or failed"
        )
    return None, translate(
        RECHECK, "Nothing to re-check: the selected URLs are not in the crawl file"
    )


def history_of(path: Path | None) -> dict[str, list[Earlier]]:
    """The earlier answers a crawl file keeps (none when it cannot be read)."""
    if path is None:
        return {}
    try:
        return load_history(path)
    except StoreError:
        return {}


class Recheck:
    """One re-check under way in the window: the records it replaces, by URL."""

    def __init__(self, session: CrawlSession, results: CrawlResults, overview: OverviewTab) -> None:
        assert session.store is not None and session.saved is not None
        self.path = session.store.path
        self.saved: SavedCrawl = session.saved
        self.before: dict[str, FetchRecord] = dict(session.store.replacing)
        self.results = results
        self.overview = overview
        self.now: dict[str, FetchRecord] = {}  # the answers that replaced an earlier one
        results.pages.expect_replacements(self.before)  # their rows, by URL, before they go

    def apply(self, records: list[FetchRecord], workers: list[WorkerEvent]) -> list[FetchRecord]:
        """One batch: each answer in its URL's row (a cancel is no answer); returns the records
        shown."""
        r = self.results
        shown = [
            rec
            for rec in records
            if not (rec.url in self.before and rec.error_kind == ErrorKind.CANCELLED)
        ]
        for rec in shown:
            r.links.records[rec.url] = rec
            if rec.url in self.before:
                self.now[rec.url] = rec
        new = r.pages.replace_records(shown)
        if new:  # a redirect's target not recorded before
            r.pages.add_records(new)
        self.overview.replace(shown)  # the audit counts the URL's new record, not both
        if workers:
            r.workers.apply(workers)
        return shown

    def rebuild(self, timeline: TimelinePanel) -> None:
        """The views built from every record (tree, redirects, broken links, hosts, timeline),
        built again from the rows as they are now; the pages shown filtered again (a fixed URL
        leaves the 5xx rows)."""
        r = self.results
        records = r.pages.records()
        r.links.clear()
        r.links.add(records)
        for m in (r.tree, r.redirects, r.broken, r.hosts):
            m.clear()
        cfg = self.saved.config
        r.hosts.apply(states_from_records(records, cfg.per_host, cfg.delay))  # the whole crawl's
        recorded = {rec.url for rec in records}
        r.tree.add_urls([q.url for q in self.saved.pending if q.url not in recorded])
        r.tree.add_records(records)
        r.redirects.add_records(records)
        r.broken.add_records(records, set())
        r.redirect_count = sum(1 for rec in records if rec.is_redirect)
        timeline.show_records(self.file_order())  # the whole crawl, as reopened
        self.overview.refresh()  # a finding picked keeps filtering Pages, with its URLs now
        r.proxy.set_filter()

    def file_order(self) -> list[FetchRecord]:
        """The records in the crawl file's order: a replaced record is written anew, after the
        others (the timeline draws each run of the crawl on its own clock in that order)."""
        again = self.now
        records = self.results.pages.records()
        return [r for r in records if r.url not in again] + list(again.values())

    def saved_now(self) -> SavedCrawl:
        """The crawl file as it is now, closed by the re-check: what Continue would fetch (its
        frontier, still), left in the file and counted on its indexes, as are its records (the
        views read them from there; a list of them held a million records after a re-check)."""
        pending: Collection[Queued]
        try:
            pending = frontier_in_file(self.path)
        except StoreError:  # unreadable now: its frontier as the re-check found it
            pending = self.saved.pending
        return replace(self.saved, records=[], pending=pending)

    def summary(self, reason: str) -> str:
        """'Re-checked 4 URLs: 3 fixed, 1 still failing'; after a cancel, also how many URLs keep
        their earlier answer."""
        now, before = self.now, self.before
        worth_rechecking = self.results.links.records.status_rules.worth_rechecking
        failing = sum(worth_rechecking(rec) for rec in now.values())
        fixed = sum(
            worth_rechecking(before[u]) and not worth_rechecking(rec) for u, rec in now.items()
        )
        counts = (
            (fixed, translate(RECHECK, "fixed")),
            (failing, translate(RECHECK, "still failing")),
            (len(now) - failing - fixed, translate(RECHECK, "fine")),
        )
        parts = ", ".join(f"{k:,} {words}" for k, words in counts if k)
        left, n = len(before) - len(now), len(now)
        kept = ntranslate(
            RECHECK, "{n} URL keeps its answer", "{n} URLs keep their answer", left
        ).format(n=f"{left:,}")
        if reason == Reason.CANCELLED:  # 'Re-check cancelled: 1 URL re-checked (1 fixed); 2 URLs …'
            said = (
                [ntranslate(RECHECK, "{n} URL re-checked ({parts})", "{n} URLs re-checked ({parts})",
                            n).format(n=f"{n:,}", parts=parts)]
                if now
                else []
            )  # fmt: skip
            return translate(RECHECK, "Re-check cancelled: {said}").format(
                said="; ".join([*said, *([kept] if left else [])])
            )
        text = ntranslate(RECHECK, "Re-checked {n} URL", "Re-checked {n} URLs", n).format(
            n=f"{n:,}"
        ) + (f": {parts}" if parts else "")
        return text + (
            translate(RECHECK, "; {kept} (not fetched again)").format(kept=kept) if left else ""
        )
