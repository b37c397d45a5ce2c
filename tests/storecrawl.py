"""A crawl written to a crawl file by hand, for the tests of what the file keeps and reopens:
``crawl_to(config, store)`` runs the crawl to its end into ``store``, closes the file and returns
the records (``seen``/``pending`` resume one)."""

from __future__ import annotations

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord
from gui_crawler.storage import CrawlStore


async def crawl_to(config: CrawlConfig, store: CrawlStore, **kw: object) -> list[FetchRecord]:
    seen: list[FetchRecord] = []

    def sink(e: Event) -> None:
        store.sink(e)
        if isinstance(e, FetchRecord):
            seen.append(e)

    await Crawler(config, sink, **kw).run()  # type: ignore[arg-type]
    store.close("finished")
    return seen
