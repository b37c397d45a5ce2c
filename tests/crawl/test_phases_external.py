"""Phase times of external-link checks, and of tries that fail while connecting (a refused
connection counts as connect time rather than vanishing)."""

from __future__ import annotations

import asyncio
import socket

from crawling import crawl
from sites import Site

D = 0.3  # the delay given to a phase; loose bounds because CI shares two loaded cores


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_external_check_has_its_phases() -> None:
    async def main() -> None:
        async with Site() as site:
            outside = f"http://localhost:{site.port}/elsewhere"  # another host name: external
            site.page("/", [outside])
            site.html("/elsewhere", "<p>x</p>", delay=D)
            records = (await crawl(site.u("/"), plain=True, check_external=True)).records
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
            records = (
                await crawl(site.u("/"), plain=True, check_external=True, max_tries=1)
            ).records
        ext = records[outside]
        assert ext.error_kind is not None and ext.connect_ms > 0 and ext.ttfb_ms == 0
        url = f"http://127.0.0.1:{port}/"
        root = (await crawl(url, plain=True, max_tries=1)).records[url]
        assert root.error_kind is not None and root.connect_ms > 0 and root.ttfb_ms == 0

    asyncio.run(main())
