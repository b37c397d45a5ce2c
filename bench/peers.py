"""The peer: Scrapy crawling the same site, in a process of its own.

``python bench/peers.py URL WORKERS`` prints one JSON line. A CrawlSpider with a default
LinkExtractor (``<a>``/``<area>`` hrefs, offsite links dropped, fragments ignored by the
duplicate filter), ``WORKERS`` concurrent requests, no robots.txt, no delay, no autothrottle.
"""

from __future__ import annotations

import json
import sys
import time
from urllib.parse import urlsplit

from common import die_with_parent, maxrss_mb
from scrapy import signals
from scrapy.crawler import CrawlerProcess
from scrapy.linkextractors import LinkExtractor
from scrapy.spiders import CrawlSpider, Rule


class DocsSpider(CrawlSpider):
    name = "docs"
    rules = (Rule(LinkExtractor(), callback="parse_page", follow=True),)

    def __init__(self, url: str, **kw: object) -> None:
        self.start_urls = [url]
        self.allowed_domains = [urlsplit(url).hostname or "127.0.0.1"]
        self.urls: set[str] = set()
        super().__init__(**kw)

    def parse_start_url(self, response, **kw):  # type: ignore[no-untyped-def]
        self.urls.add(response.url)
        return []

    def parse_page(self, response):  # type: ignore[no-untyped-def]
        # Only 2xx responses reach a callback (HttpErrorMiddleware). A set, because start
        # requests bypass the duplicate filter: the root is fetched again when a page links it.
        self.urls.add(response.url)


def main() -> None:
    die_with_parent()
    url, workers = sys.argv[1], int(sys.argv[2])
    # No cookies: ours keeps none either.
    settings = {"CONCURRENT_REQUESTS": workers, "CONCURRENT_REQUESTS_PER_DOMAIN": workers,
                "DOWNLOAD_DELAY": 0, "AUTOTHROTTLE_ENABLED": False, "ROBOTSTXT_OBEY": False,
                "COOKIES_ENABLED": False, "TELNETCONSOLE_ENABLED": False, "LOG_LEVEL": "WARNING",
                "CLOSESPIDER_TIMEOUT": 600}  # fmt: skip
    proc = CrawlerProcess(settings)
    crawler = proc.create_crawler(DocsSpider)
    times: dict[str, float] = {}

    def opened(spider: object) -> None:
        times["open"] = time.perf_counter()

    def closed(spider: object, reason: str) -> None:
        times["close"] = time.perf_counter()

    # Scrapy holds receivers weakly: these locals live until main() returns.
    crawler.signals.connect(opened, signals.spider_opened)
    crawler.signals.connect(closed, signals.spider_closed)
    proc.crawl(crawler, url=url)
    proc.start()
    stats = crawler.stats.get_stats() if crawler.stats else {}
    spider = crawler.spider
    elapsed = times["close"] - times["open"]
    pages = len(getattr(spider, "urls", ()))
    prefix = "downloader/response_status_count/"
    statuses = {k.removeprefix(prefix): v for k, v in stats.items() if k.startswith(prefix)}
    print(json.dumps({"elapsed": elapsed, "pages": pages, "pages_per_s": pages / elapsed if elapsed else 0.0,
                      "responses": stats.get("downloader/response_count", 0), "statuses": statuses,
                      "dupes_filtered": stats.get("dupefilter/filtered", 0),
                      "reason": stats.get("finish_reason"), "rss_peak_mb": maxrss_mb()}))  # fmt: skip


if __name__ == "__main__":
    main()
