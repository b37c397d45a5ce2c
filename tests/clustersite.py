"""A small site for cluster tests, and what a one-process crawl of it takes in (the reference every
cluster crawl of it is held to)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from sites import Sink, Site

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler


def cluster_site(pages: int = 120, delay: float = 0.0) -> Site:
    """``pages`` pages linking to a few others each, a redirect, a redirect loop, a 404, a page
    robots.txt disallows, and a sitemap-free robots.txt."""
    site = Site()
    for i in range(pages):
        links = [f"/p{(i * 7 + k) % pages}" for k in (1, 2, 3)]
        links += ["/old", "/gone", "/loop-a", "/private/x"]
        site.page("/" if i == 0 else f"/p{i}", links=links, delay=delay)
    site.redirect("/old", "/p5", 301)
    site.redirect("/loop-a", "/loop-b")
    site.redirect("/loop-b", "/loop-a")
    site.html("/robots.txt", "User-agent: *\nDisallow: /private\n", content_type="text/plain")
    return site


def config_of(url: str, **kw: object) -> CrawlConfig:
    base: dict[str, object] = {"check_external": False, "max_tasks": 4, "use_sitemaps": False}
    base.update(kw)
    return CrawlConfig(roots=(url,), **base).validated()  # type: ignore[arg-type]


def one_process_urls(url: str) -> set[str]:
    sink = Sink()

    async def crawl() -> None:
        await Crawler(config_of(url), sink).run()

    asyncio.run(crawl())
    # Each URL but the root is new to the crawl on one record, the first that took it in.
    assert sum(r.num_new_urls for r in sink.records.values()) == len(sink.records) - 1
    return set(sink.records)


def file_urls(path: Path) -> list[str]:
    return [u for u, _ in file_rows(path, "num_new_urls")]


def file_rows(path: Path, column: str) -> list[tuple[str, object]]:
    """(url, ``column``) of each record of a crawl file."""
    db = sqlite3.connect(path)
    try:
        return list(db.execute(f"SELECT url, {column} FROM records"))
    finally:
        db.close()
