"""A crawl's clock: ``Crawler.started_at`` is the loop time its ``run()`` began, and None before
(issue #41.1: a window's frame between Start and the crawl's first step read 0.0 and took the
loop's own clock, seconds since the machine started, for the crawl's)."""

from __future__ import annotations

import asyncio

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event


def test_started_at_is_none_until_run_begins_then_the_loop_time() -> None:
    got: list[Event] = []

    async def main() -> None:
        crawler = Crawler(CrawlConfig(roots=("http://127.0.0.1:1/",), max_tries=1), got.append)
        assert crawler.started_at is None
        loop = asyncio.get_running_loop()
        before = loop.time()
        task = asyncio.ensure_future(crawler.run())
        assert crawler.started_at is None  # the task has not taken its first step
        await asyncio.sleep(0)
        started = crawler.started_at
        assert started is not None and before <= started <= loop.time()
        await task
        assert crawler.started_at == started  # the finished crawl's records still count from it

    asyncio.run(main())
