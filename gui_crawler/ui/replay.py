"""An opened crawl file shown: its records fed to the views built from them (site tree, redirects,
broken links, hosts, Overview, timeline) a batch at a time between the loop's other work, as a
crawl feeds them. The pages table needs none of this: it reads its rows from the file at once.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from gui_crawler.base.translate import translate
from gui_crawler.crawl.hosts import HostFigures
from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.storage import SavedCrawl, StoreError
from gui_crawler.ui.overview import OverviewTab
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.timeline import TimelinePanel

T = TypeVar("T")


def damaged(e: StoreError) -> str:
    """What is said of a damaged row met while the file's rows are shown."""
    return translate("Replay", "{error}; the views show the rows before it").format(error=e)


def batched(items: Iterable[T], n: int) -> Iterator[list[T]]:
    """Lists of ``n`` items (the last shorter): itertools.batched before Python 3.12."""
    it = iter(items)
    while batch := list(itertools.islice(it, n)):
        yield batch


class Replay:
    """Feeds ``results``' models, ``overview`` and ``timeline`` an opened file's records;
    ``fed()`` is called once they have all its records, ``said(text)`` when a damaged row stops
    it (the rows before it stay shown)."""

    # A file of up to AT_ONCE records is shown whole at once (~0.5 s for 2,000 of the Rust docs'
    # pages); a larger one is fed CHUNK records at a time, the loop getting a turn every TURN
    # seconds (its other work, the UI, waits no more).
    AT_ONCE = 2000
    CHUNK = 100
    TURN = 0.02

    def __init__(
        self,
        results: CrawlResults,
        overview: OverviewTab,
        timeline: TimelinePanel,
        fed: Callable[[], None],
        said: Callable[[str], None],
    ) -> None:
        self.results = results
        self.overview = overview
        self.timeline = timeline
        self.fed = fed
        self.said = said
        self.rest: Iterator[int] | None = None  # the records not fed yet, while some are left
        self._task: asyncio.Future[None] | None = None

    def start(self, saved: SavedCrawl) -> None:
        """Feed the views ``saved``'s records (read from its file: it holds none), at once when
        they are few, else in turns."""
        replay = self._feed(saved)
        reader = self.results.links.records.reader
        # The highest seq bounds the count, and is read on the index, not counted.
        if reader is None or reader.last_seq() + len(saved.pending) <= self.AT_ONCE:
            for _ in replay:  # small: at once
                pass
        else:
            self.rest = replay
            self._task = asyncio.ensure_future(self._in_turns(replay))

    def _feed(self, saved: SavedCrawl) -> Iterator[int]:
        """Feed the views the file's records as it was when opened, a batch at a time (yielding
        after each), then its frontier to the site tree."""
        results, config = self.results, saved.config
        figures = HostFigures(config.per_host, config.delay)
        reader = results.links.records.reader
        if reader is None:  # the file cannot be read: nothing to show
            batches: Iterable[list[FetchRecord]] = []
        else:
            # Those cut short in flight are left to fetch, as load() leaves them.
            done_only = (
                r
                for r in reader.records(upto=reader.last_seq())
                if r.error_kind != ErrorKind.CANCELLED
            )
            batches = batched(done_only, self.CHUNK)
        done = 0
        more = iter(batches)
        batch = next(more, None)
        while batch is not None:
            records = list(results.add(batch))
            figures.add(records)
            self.overview.add(records)
            self.timeline.show_more(records)
            done += len(records)
            batch = next(more, None)
            if batch is not None:  # the last batch ends the replay without a turn of its own
                yield done
        results.hosts.apply(figures.states())
        self.overview.records_done()
        self.fed()
        for urls in batched((q.url for q in saved.pending), self.CHUNK * 10):
            yield done
            results.add_queued(urls)

    async def _in_turns(self, replay: Iterator[int]) -> None:
        try:
            turn = time.monotonic()
            for _ in replay:
                if time.monotonic() - turn >= self.TURN:
                    await asyncio.sleep(0)
                    turn = time.monotonic()
        except StoreError as e:  # a damaged row further on: what came before it is shown
            self.said(damaged(e))
        self.rest = None

    def finish(self, cancel: bool = False) -> None:
        """The views fed the rest of the file now (before a crawl adds to them), or not at all
        (``cancel``: another crawl is shown)."""
        replay, self.rest = self.rest, None
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if replay is not None and not cancel:
            try:
                for _ in replay:
                    pass
            except StoreError as e:
                self.said(damaged(e))
