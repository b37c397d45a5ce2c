"""Phase times of external-link checks, and of tries that fail while connecting (a refused
connection counts as connect time rather than vanishing)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from sites import Site

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord

D = 0.3  # the delay given to a phase; loose bounds because CI shares two loaded cores


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def crawl(root: str, **kw: Any) -> dict[str, FetchRecord]:
    events: list[Event] = []
    cfg = CrawlConfig(roots=(root,), ignore_robots=True, use_sitemaps=False, **kw)
    await asyncio.wait_for(Crawler(cfg, events.append).run(), 20)
    return {e.url: e for e in events if isinstance(e, FetchRecord)}


def test_an_external_check_has_its_phases() -> None:
    async def main() -> None:
        async with Site() as site:
            outside = f"http://localhost:{site.port}/elsewhere"  # another host name: external
            site.page("/", [outside])
            site.html("/elsewhere", "<p>x</p>", delay=D)
            records = await crawl(site.u("/"), check_external=True)
        rec = records[outside]
        assert rec.external and rec.status == 200
        assert D * 1000 * 0.9 < rec.ttfb_ms < D * 1000 * 3
        assert rec.connect_ms > 0  # a new host: a new connection

    asyncio.run(main())


def test_a_refused_connection_is_connect_time() -> None:
    async def main() -> None:
        port = closed_port()
        async with Site() as site:
            outside = f"http://localhost:{port}/"
            site.page("/", [outside])
            records = await crawl(site.u("/"), check_external=True, max_tries=1)
        ext = records[outside]
        assert ext.error_kind is not None and ext.connect_ms > 0 and ext.ttfb_ms == 0
        root = (await crawl(f"http://127.0.0.1:{port}/", max_tries=1))[f"http://127.0.0.1:{port}/"]
        assert root.error_kind is not None and root.connect_ms > 0 and root.ttfb_ms == 0

    asyncio.run(main())
