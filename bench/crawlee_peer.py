"""The other peer: Crawlee's ParselCrawler on the same site, in a process of its own.

``python bench/crawlee_peer.py URL WORKERS`` prints one JSON line. Every page's links are enqueued
with the same-hostname strategy; ``WORKERS`` concurrent requests; storage in a temporary directory.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time

from common import die_with_parent, maxrss_mb


async def crawl(url: str, workers: int) -> dict:
    from crawlee import ConcurrencySettings
    from crawlee.crawlers import ParselCrawler, ParselCrawlingContext

    each = ConcurrencySettings(
        min_concurrency=workers, desired_concurrency=workers, max_concurrency=workers
    )
    crawler = ParselCrawler(
        concurrency_settings=each, max_request_retries=1, configure_logging=False
    )
    pages = 0

    @crawler.router.default_handler
    async def handler(context: ParselCrawlingContext) -> None:
        nonlocal pages
        pages += 1
        await context.enqueue_links(strategy="same-hostname")

    t = time.perf_counter()
    stats = await crawler.run([url])
    elapsed = time.perf_counter() - t
    return {"elapsed": elapsed, "pages": pages, "records": stats.requests_finished + stats.requests_failed,
            "pages_per_s": pages / elapsed if elapsed else 0.0, "maxrss_mb": maxrss_mb()}  # fmt: skip


def main() -> None:
    die_with_parent()
    url, workers = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="bench-crawlee-") as storage:
        os.environ["CRAWLEE_STORAGE_DIR"] = storage
        os.environ["CRAWLEE_PURGE_ON_START"] = "true"
        out = asyncio.run(crawl(url, workers))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
