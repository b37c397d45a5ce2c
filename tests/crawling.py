"""One crawl to its end, for the tests of what a crawl records: ``await crawl(*roots, **config)``
runs it with quick retries and short timeouts (``FAST``) and checks what every crawl must hold:
it finishes ("done") within ``bound`` seconds, and every URL taken in ends as exactly one record.
``plain=True`` (``PLAIN``) keeps to the fetch path: no robots.txt, sitemaps or external checks,
every worker free to use the one host (those have tests of their own)."""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple

from sites import Sink

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, FetchRecord

FAST: dict[str, Any] = dict(retry_backoff=0.01, max_retry_after=3.0, timeout=2.0)
PLAIN: dict[str, Any] = dict(
    ignore_robots=True, use_sitemaps=False, check_external=False, per_host=1000
)


class Crawled(NamedTuple):
    records: dict[str, FetchRecord]
    sink: Sink
    crawler: Crawler


async def crawl(
    *roots: str, plain: bool = False, bound: float = 30.0, worker_events: bool = True, **kw: Any
) -> Crawled:
    sink = Sink()
    config = CrawlConfig(roots=roots, **{**FAST, **(PLAIN if plain else {}), **kw})
    crawler = Crawler(config, sink, worker_events=worker_events)
    finished = await asyncio.wait_for(crawler.run(), bound)
    assert finished.reason == "done"
    assert isinstance(sink.events[-1], CrawlFinished)
    records = sink.records  # fails the test if a URL was recorded twice
    assert set(records) == crawler.seen, "every URL taken in ends as exactly one record"
    return Crawled(records, sink, crawler)
