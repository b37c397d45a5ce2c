"""A URL parked on its full host goes straight to the worker that frees the host's slot (no
second trip through the queue and no second take by some worker), and once the park limit is
reached workers take queued URLs again only when a margin of parked URLs has left. Whole crawls
of a real in-process site: every URL taken from the queue once, recorded once; a worker retired
with a URL handed to it gives the URL back."""

from __future__ import annotations

import asyncio
import collections

from sites import Sink
from test_frontier_spill import config, q, tree_site
from test_host_rates import Clock, Handle

from gui_crawler.crawl.frontier import ROOM_AGAIN, Frontier
from gui_crawler.crawl.hosts import HostTable, Prep
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord, Queued


class TimerClock(Clock):
    """The loop's clock, set by hand; timers are kept (they fire only when a test says)."""

    def __init__(self) -> None:
        super().__init__()
        self.timers: list[float] = []

    def call_at(self, when: float, callback: object) -> Handle:
        self.timers.append(when)
        return Handle()


def one_host(limit: int) -> tuple[HostTable[str], list[str], TimerClock]:
    clock = TimerClock()
    released: list[str] = []
    table: HostTable[str] = HostTable(limit, 0.0, 1.0, 60.0, released.append, clock)  # type: ignore[arg-type]
    return table, released, clock


def test_the_worker_that_frees_a_slot_is_handed_the_next_parked_item() -> None:
    table, released, _ = one_host(1)
    host = table.get("http://127.0.0.1:1/a")
    host.prep = Prep.READY
    assert table.admit(host, "a")
    table.park(host, "b")
    table.park(host, "c")
    assert table.done(host, 0.01, take=True) == "b"
    assert released == []  # not through the queue
    assert not table.admit(host, "d")  # taken meanwhile: its slot is b's
    table.park(host, "d")
    assert table.admit(host, "b")
    assert table.done(host, 0.01) is None  # a caller not free for another: c goes the queue's way
    assert released == ["c"] and table.admit(host, "c")
    assert table.done(host, 0.01, take=True) == "d" and released == ["c"]


def test_no_item_is_handed_over_while_the_host_is_backed_off() -> None:
    table, released, clock = one_host(2)
    host = table.get("http://127.0.0.1:1/a")
    host.prep = Prep.READY
    assert table.admit(host, "a")
    assert table.admit(host, "b")
    table.park(host, "c")
    host.backoff_until = clock.now + 5  # a 429 said so (throttle's timer is not wanted here)
    assert table.done(host, 0.01, take=True) is None
    assert clock.timers == [clock.now + 5]  # c waits for the host's timer, as before
    host.timer = None
    clock.now += 6
    assert table.done(host, 0.01, take=True) == "c" and released == []


def test_room_to_take_comes_back_a_margin_below_the_park_limit() -> None:
    async def main() -> None:
        limit = 10 * ROOM_AGAIN
        f = Frontier(park_limit=limit)
        items = [q(n) for n in range(limit + 1)]
        for item in items:
            f.add_url(item)
        for _ in range(limit):
            await f.get()
            f.park()
        taking = asyncio.ensure_future(f.get())
        for _ in range(ROOM_AGAIN):
            f.unparked()  # handed straight to a worker
            await asyncio.sleep(0)
        assert not taking.done()  # one parked URL back each time woke every waiting worker
        f.unparked()
        assert await asyncio.wait_for(taking, 1) == items[-1]

    asyncio.run(main())


class CountingFrontier(Frontier):
    def __init__(self) -> None:
        super().__init__()
        self.taken: collections.Counter[str] = collections.Counter()
        self.parks = 0

    async def get(self) -> Queued:
        item = await super().get()
        self.taken[item.url] += 1
        return item

    def park(self) -> None:
        self.parks += 1
        super().park()


def test_a_url_parked_on_its_full_host_is_taken_from_the_queue_once() -> None:
    async def main() -> None:
        frontier = CountingFrontier()
        sink = Sink()
        async with tree_site(delay=0.005) as site:
            crawler = Crawler(config(site, max_tasks=6, per_host=2), sink, frontier=frontier)
            await asyncio.wait_for(crawler.run(), 20)
            assert set(site.hits.values()) == {1}
        assert len(sink.records) == 44 and set(sink.records) == crawler.seen
        assert frontier.parks > 10  # the host was full most of the crawl
        assert set(frontier.taken.values()) == {1}, frontier.taken.most_common(3)
        assert crawler.finished is not None and crawler.finished.todo == 0

    asyncio.run(main())


def test_a_worker_retired_with_a_url_handed_to_it_gives_it_back() -> None:
    """The worker count lowered as a worker frees its host's slot: that worker stops before
    fetching the URL handed to it, which goes back on the queue (the crawl waited for it
    forever otherwise)."""

    async def main() -> None:
        sink = Sink()
        crawler: Crawler
        retired: list[str] = []

        def on(e: Event) -> None:
            sink(e)
            if retired or not isinstance(e, FetchRecord):
                return
            # Recorded by a worker other than the first, with URLs parked behind it.
            held = crawler.frontier.in_flight.items()
            wid = next((w for w, item in held if item.url == e.url), 0)  # 0: a redirect's
            hosts = crawler._hosts
            assert hosts is not None
            if wid > 0 and hosts.waiting():
                retired.append(e.url)
                crawler.set_max_workers(wid)  # this one, and any after it, stops

        async with tree_site(delay=0.005) as site:
            crawler = Crawler(config(site, max_tasks=4, per_host=2), on)
            await asyncio.wait_for(crawler.run(), 20)
        assert retired and len(sink.records) == 44 and set(sink.records) == crawler.seen
        assert crawler.finished is not None and crawler.finished.todo == 0

    asyncio.run(main())


def test_a_cancelled_crawl_lists_every_url_handed_over_or_parked() -> None:
    async def main() -> None:
        sink = Sink()
        crawler: Crawler

        def on(e: Event) -> None:
            sink(e)
            if isinstance(e, FetchRecord) and len(sink.records) == 12:
                crawler.cancel()

        async with tree_site(delay=0.005) as site:
            crawler = Crawler(config(site, max_tasks=6, per_host=2), on)
            await asyncio.wait_for(crawler.run(), 20)
        left = [item.url for item in crawler.pending()]
        assert crawler.finished is not None and crawler.finished.reason == "cancelled"
        assert len(left) == len(set(left)) == crawler.finished.todo
        assert not set(left) & set(sink.records)
        assert set(left) | set(sink.records) == crawler.seen

    asyncio.run(main())
