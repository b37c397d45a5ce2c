"""The frontier's queue past its memory part: spilled to a temporary file and read back first in
first out, listed by pending(), counted by qsize(); a file that cannot be written loses nothing;
workers wait while too many URLs are parked on their hosts. Then whole crawls of a real
in-process site with a tiny spill threshold: the same URLs in the same order as without, a
cancelled crawl's frontier and its resume from the crawl file."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from sites import Sink, Site

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.frontier import SPILL_AT, Frontier
from gui_crawler.engine import Crawler
from gui_crawler.events import ErrorKind, Event, FetchRecord, Queued
from gui_crawler.storage import CrawlStore, load


def q(n: int, referrer: str | None = "http://a/") -> Queued:
    return Queued(f"http://a/{n}", 10, n % 7, referrer)


def test_past_spill_at_the_queue_goes_to_disk_and_comes_back_in_order() -> None:
    async def main() -> None:
        f = Frontier(spill_at=5)
        items = [q(n) for n in range(23)]
        for item in items:
            f.add_url(item)
        assert len(f._items) == 5 and f._spill is not None and f._spill._in_file == 15
        assert f.qsize() == 23
        assert f.pending() == items  # the spilled ones too, in order, none taken
        assert f.qsize() == 23
        got = [await f.get() for _ in range(23)]
        assert got == items and f.qsize() == 0 and f.pending() == []
        # Read back, a batch's items share their referrer again, as a page's links did.
        assert len({id(item.referrer) for item in got[5:10]}) == 1

    asyncio.run(main())


def test_puts_and_gets_interleaved_keep_the_order_of_a_plain_queue() -> None:
    async def main() -> None:
        rng = random.Random(7)
        for spill_at in (1, 3, 8):
            f = Frontier(spill_at=spill_at)
            model: deque[Queued] = deque()
            n = 0
            for _ in range(2000):
                if rng.random() < 0.55 or not model:
                    item = q(n, referrer=None if n % 3 else f"http://a/{n // 10}")
                    n += 1
                    f.add_url(item)
                    model.append(item)
                else:
                    assert await f.get() == model.popleft()
                assert f.qsize() == len(model)
            assert f.pending() == list(model)
            while model:
                assert await f.get() == model.popleft()
            assert f.qsize() == 0

    asyncio.run(main())


def test_a_waiting_worker_takes_a_url_that_went_to_disk() -> None:
    async def main() -> None:
        f = Frontier(spill_at=0)  # every URL goes to disk
        waiting = asyncio.ensure_future(f.get())
        await asyncio.sleep(0)
        f.add_url(q(1))
        assert await asyncio.wait_for(waiting, 1) == q(1)

    asyncio.run(main())


@pytest.mark.parametrize("where", ["missing", "a-file"])
def test_a_spill_that_cannot_be_written_keeps_every_url_in_memory(
    tmp_path: Path, where: str, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / where
    if where == "a-file":
        folder.write_text("not a folder")

    async def main() -> None:
        f = Frontier(spill_at=3, spill_dir=str(folder))
        said: list[str] = []
        f.on_notice = said.append
        items = [q(n) for n in range(40)]
        with caplog.at_level(logging.WARNING):
            for item in items:
                f.add_url(item)
        assert len(said) == 1 and "stay in memory" in said[0]  # said once, not once a batch
        assert sum("cannot be written" in r.getMessage() for r in caplog.records) == 1
        assert f.qsize() == 40 and f.pending() == items
        assert [await f.get() for _ in range(40)] == items

    asyncio.run(main())


def test_workers_wait_while_too_many_urls_are_parked() -> None:
    async def main() -> None:
        f = Frontier(park_limit=2)
        for n in range(4):
            f.add_url(q(n))
        a, b = await f.get(), await f.get()
        f.park()
        f.park()  # both back on their hosts: the limit is reached
        taking = asyncio.ensure_future(f.get())
        await asyncio.sleep(0.01)
        assert not taking.done()  # URLs are queued, but a third would be parked
        f.unpark(a)  # a host lets one go: it goes back, ahead of the queue
        assert await asyncio.wait_for(taking, 1) == a
        assert f.parked == 1 and f.qsize() == 2
        f.unpark(b)
        assert [await f.get() for _ in range(3)] == [b, q(2), q(3)]
        assert f.left() == 0

    asyncio.run(main())


def test_urls_that_come_back_are_taken_while_too_many_are_parked() -> None:
    """Parked past the limit (every worker parked one), a host hands back one at a time as a
    slot frees: the URL that came back is taken though the limit is still reached, else no
    request would ever free another slot (a crawl stopped so at ~1,100 of 20,000 pages)."""

    async def main() -> None:
        f = Frontier(park_limit=2)
        for n in range(5):
            f.add_url(q(n))
        taken = [await f.get() for _ in range(3)]
        for _ in taken:
            f.park()  # three parked: one past the limit
        waiting = asyncio.ensure_future(f.get())
        await asyncio.sleep(0.01)
        assert not waiting.done()
        f.unpark(taken[0])  # two still parked: the limit is still reached
        assert await asyncio.wait_for(waiting, 1) == taken[0]
        nothing = asyncio.ensure_future(f.get())  # no queued URL until one more comes back
        await asyncio.sleep(0.01)
        assert not nothing.done()
        f.unpark(taken[1])  # below the limit: queued URLs may be taken again
        assert await asyncio.wait_for(nothing, 1) == taken[1]
        assert [await f.get() for _ in range(2)] == [q(3), q(4)]
        nothing = asyncio.ensure_future(f.get())
        f.unpark(taken[2])
        assert await asyncio.wait_for(nothing, 1) == taken[2]

    asyncio.run(main())


def test_urls_that_come_back_go_ahead_of_the_queue_first_in_first_out() -> None:
    async def main() -> None:
        f = Frontier(spill_at=2)
        for n in range(6):  # two in memory, four on disk
            f.add_url(q(n))
        held = [await f.get(), await f.get(), await f.get()]  # taken, then parked or delayed
        f.park()
        f.park()
        f.unpark(held[1])
        f.add_url(q(9), ahead=True)  # a redirect's target
        f.unpark(held[0])
        f.later(0, held[2])
        await asyncio.sleep(0.01)
        assert [i.url for i in f.pending()] == [f"http://a/{n}" for n in (1, 9, 0, 2, 3, 4, 5)]
        assert [(await f.get()).url for _ in range(7)] == [
            f"http://a/{n}" for n in (1, 9, 0, 2, 3, 4, 5)
        ]

    asyncio.run(main())


# ---- whole crawls --------------------------------------------------------------------------

FANOUT = 6


def tree_site(delay: float = 0.0) -> Site:
    """A root, 6 pages below it, 36 below those (each linking back to the root and to a sibling
    subtree), one of them a redirect: 44 URLs."""
    site = Site()
    site.page("/", [f"/{i}" for i in range(FANOUT)], delay=delay)
    for i in range(FANOUT):
        kids = [f"/{i}/{k}" for k in range(FANOUT)]
        site.page(f"/{i}", [*kids, "/", f"/{(i + 1) % FANOUT}/0"], delay=delay)
        for k in range(FANOUT):
            site.page(f"/{i}/{k}", ["/", f"/{i}"], delay=delay)
    site.redirect("/3/3", "/3/new", 301)
    site.page("/3/new", [], delay=delay)
    return site


def config(site: Site, **kw: Any) -> CrawlConfig:
    base: dict[str, Any] = dict(
        max_tasks=1, per_host=1, ignore_robots=True, use_sitemaps=False, check_external=False
    )
    return CrawlConfig(roots=(site.url,), **{**base, **kw}).validated()


async def crawl(site: Site, spill_at: int, cancel_after: int = 0, **kw: Any) -> Crawler:
    sink = Sink()
    crawler: Crawler

    def on(e: Event) -> None:
        sink(e)
        if cancel_after and isinstance(e, FetchRecord) and len(sink.records) == cancel_after:
            crawler.cancel()

    crawler = Crawler(config(site, **kw), on)
    crawler.frontier.spill_at = spill_at
    crawler.sink_events = sink  # type: ignore[attr-defined]
    await asyncio.wait_for(crawler.run(), 20)
    return crawler


def records(crawler: Crawler) -> list[str]:
    sink: Sink = crawler.sink_events  # type: ignore[attr-defined]
    sink.records  # noqa: B018 (fails the test if a URL was recorded twice)
    return [e.url for e in sink.events if isinstance(e, FetchRecord)]


def test_a_spilled_crawl_fetches_every_url_once_in_the_same_order() -> None:
    async def main() -> None:
        async with tree_site() as site:
            plain = await crawl(site, SPILL_AT)
            hits = dict(site.hits)
            site.hits.clear()
            spilled = await crawl(site, 2)
        assert plain.frontier._spill is None  # 44 URLs: never past SPILL_AT
        assert spilled.frontier._spill is not None and spilled.frontier._spill.failed is None
        assert len(records(plain)) == 44 and records(spilled) == records(plain)
        assert set(records(spilled)) == spilled.seen
        assert dict(site.hits) == hits and set(hits.values()) == {1}  # each fetched once
        assert spilled.finished is not None and spilled.finished.todo == 0

    asyncio.run(main())


def test_a_cancelled_crawl_lists_its_spilled_frontier() -> None:
    async def main() -> None:
        async with tree_site() as site:
            plain = await crawl(site, SPILL_AT, cancel_after=5)
            spilled = await crawl(site, 2, cancel_after=5)
        for c in (plain, spilled):
            assert c.finished is not None and c.finished.reason == "cancelled"
        left = [item.url for item in spilled.pending()]
        assert spilled.frontier._spill is not None and len(spilled.frontier._spill) > 0
        assert left == [item.url for item in plain.pending()]
        assert len(left) == len(set(left)) == spilled.finished.todo == spilled.progress().queued
        assert not set(left) & set(records(spilled))
        assert set(left) | set(records(spilled)) == spilled.seen

    asyncio.run(main())


def test_a_cancelled_spilled_crawl_resumes_from_its_crawl_file(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def main() -> None:
        async with tree_site() as site:
            cfg = config(site)
            store = CrawlStore.create(path, cfg)
            first = Crawler(cfg, store.sink)
            first.frontier.spill_at = 3
            done: list[FetchRecord] = []

            def on(e: Event) -> None:
                store.sink(e)
                if isinstance(e, FetchRecord):
                    done.append(e)
                    if len(done) == 12:
                        first.cancel()

            first.sink = on
            assert (await asyncio.wait_for(first.run(), 20)).reason == "cancelled"
            left = [item.url for item in first.pending()]
            store.close("cancelled")
            store, saved = CrawlStore.open(path)
            # The file's frontier: the crawl's, and the URL in flight at the cancel (recorded
            # as cancelled, it goes back to the frontier).
            cancelled = [r.url for r in done if r.error_kind == ErrorKind.CANCELLED]
            assert len(cancelled) <= 1
            assert sorted(item.url for item in saved.pending) == sorted(left + cancelled)
            assert len(left) > 3  # spilled: past the three kept in memory
            again = Crawler(saved.config, store.sink, seen=saved.seen, pending=saved.pending)
            again.frontier.spill_at = 3
            assert (await asyncio.wait_for(again.run(), 20)).reason == "done"
            store.close("done")
            fetched = {p: n for p, n in site.hits.items() if n > 1}
        final = load(path)
        urls = [r.url for r in final.records]
        assert len(urls) == len(set(urls)) == 44 and final.pending == []
        # Only the URL in flight at the cancel may have been fetched twice.
        assert len(fetched) <= 1, fetched

    asyncio.run(main())


@pytest.mark.parametrize("where", ["missing", "a-file"])
def test_a_crawl_whose_spill_cannot_be_written_loses_nothing(tmp_path: Path, where: str) -> None:
    folder = tmp_path / where
    if where == "a-file":
        folder.write_text("not a folder")

    async def main() -> None:
        async with tree_site() as site:
            plain = await crawl(site, SPILL_AT)
            sink = Sink()
            crawler = Crawler(config(site), sink)
            crawler.frontier.spill_at = 2
            crawler.frontier.spill_dir = str(folder)
            assert (await asyncio.wait_for(crawler.run(), 20)).reason == "done"
        assert list(sink.records) == records(plain)
        said = [n for n in sink.notices if "queue cannot be written" in n]
        assert len(said) == 1 and "stay in memory" in said[0], sink.notices

    asyncio.run(main())


def test_a_crawl_with_more_workers_than_the_park_limit_ends() -> None:
    """Every worker parks a URL on the one host, past the park limit: the crawl still ends,
    every URL recorded once (it stopped for good before parked URLs could come back)."""

    async def main() -> None:
        async with tree_site(delay=0.005) as site:
            sink = Sink()
            crawler = Crawler(config(site, max_tasks=12, per_host=1), sink)
            crawler.frontier.park_limit = 3
            await asyncio.wait_for(crawler.run(), 20)
        assert len(sink.records) == 44

    asyncio.run(main())
