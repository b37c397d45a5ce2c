"""The frontier on its own: add_url, get, task_done and join as the crawl's loop uses them, the
URLs held for another try, and what is left for a crawl file to resume."""

from __future__ import annotations

import asyncio

import pytest

from gui_crawler.crawl.frontier import Frontier
from gui_crawler.events import Queued


def q(url: str) -> Queued:
    return Queued(url, 10, 0, None)


def test_add_url_marks_seen_and_queues_in_order() -> None:
    async def main() -> None:
        f = Frontier(seen=["http://a/recorded"])
        f.add_url(q("http://a/1"))
        f.add_url(q("http://a/2"))
        assert f.seen == {"http://a/recorded", "http://a/1", "http://a/2"}
        assert f.qsize() == 2
        assert (await f.get()).url == "http://a/1"
        assert (await f.get()).url == "http://a/2"
        assert f.qsize() == 0

    asyncio.run(main())


def test_join_waits_for_every_url_to_be_done() -> None:
    async def main() -> None:
        f = Frontier()
        await asyncio.wait_for(f.join(), 1)  # nothing taken in: over at once
        f.add_url(q("http://a/1"))
        f.add_url(q("http://a/2"))
        joined = asyncio.ensure_future(f.join())
        await f.get()
        await f.get()  # taken is not done
        f.task_done()
        await asyncio.sleep(0.01)
        assert not joined.done()
        f.task_done()
        await asyncio.wait_for(joined, 1)
        with pytest.raises(ValueError):
            f.task_done()

    asyncio.run(main())


def test_a_waiting_worker_gets_the_next_url_and_a_cancelled_one_passes_it_on() -> None:
    async def main() -> None:
        f = Frontier()
        first = asyncio.ensure_future(f.get())
        second = asyncio.ensure_future(f.get())
        await asyncio.sleep(0)
        f.add_url(q("http://a/1"))  # wakes the first waiter…
        first.cancel()  # …which is cancelled before it runs: the second must take the URL
        got = await asyncio.wait_for(second, 1)
        assert got.url == "http://a/1"
        assert first.cancelled()

    asyncio.run(main())


def test_a_delayed_url_stays_unfinished_and_comes_back() -> None:
    async def main() -> None:
        f = Frontier()
        f.add_url(q("http://a/1"))
        item = await f.get()
        f.later(0.5, item)  # its worker does not call task_done (long: a busy machine sleeps late)
        assert f.pending() == [item]
        joined = asyncio.ensure_future(f.join())
        await asyncio.sleep(0.01)
        assert not joined.done() and f.qsize() == 0 and "http://a/1" in f.delayed
        again = await asyncio.wait_for(f.get(), 1)
        assert again is item and not f.delayed
        assert not joined.done()
        f.task_done()
        await asyncio.wait_for(joined, 1)

    asyncio.run(main())


def test_cancelled_delays_keep_their_urls_pending() -> None:
    async def main() -> None:
        f = Frontier()
        f.add_url(q("http://a/1"))
        f.later(0.01, await f.get())
        f.cancel_delayed()
        await asyncio.sleep(0.05)
        assert f.qsize() == 0
        assert [i.url for i in f.pending()] == ["http://a/1"]

    asyncio.run(main())


def test_pending_is_in_flight_parked_delayed_then_queued() -> None:
    async def main() -> None:
        f = Frontier()
        for n in range(4):
            f.add_url(q(f"http://a/{n}"))
        f.in_flight[0] = await f.get()
        f.later(60, await f.get())
        parked = [q("http://b/parked")]
        assert [i.url for i in f.pending(parked)] == [
            "http://a/0",
            "http://b/parked",
            "http://a/1",
            "http://a/2",
            "http://a/3",
        ]
        f.cancel_delayed()

    asyncio.run(main())
