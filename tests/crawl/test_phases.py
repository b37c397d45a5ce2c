"""Phase times against a raw loopback server that delays the first byte and drips the body by
known amounts; the engine must attribute each delay to its phase (generous tolerances: CI is a
loaded 2-core machine)."""

from __future__ import annotations

import asyncio
import csv
import time
from pathlib import Path

from crawling import crawl

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.phases import FIELDS
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord
from gui_crawler.records.export import COLUMNS, write_csv

TTFB = 0.25
DRIP = 0.3
PAGE = b"<html><body>" + b"<p><a href='/x'>x</a></p>" * 2000 + b"</body></html>"


async def _serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            path = head.split(b" ", 2)[1]
            body = PAGE if path == b"/" else b"<html>leaf</html>"
            await asyncio.sleep(TTFB)
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                b"Content-Length: %d\r\n\r\n" % len(body)
            )
            half = len(body) // 2
            writer.write(body[:half])
            await writer.drain()
            await asyncio.sleep(DRIP)
            writer.write(body[half:])
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


def _crawl() -> list[FetchRecord]:
    async def main() -> list[FetchRecord]:
        server = await asyncio.start_server(_serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        # No robots.txt or sitemap reads: they would be waiting time before the first request.
        try:
            crawled = await crawl(f"http://127.0.0.1:{port}/", plain=True, max_tasks=2, timeout=10)
        finally:
            server.close()
        return list(crawled.records.values())

    return asyncio.run(main())


def test_each_delay_lands_in_its_phase(tmp_path: Path) -> None:
    records = {r.url.rsplit("/", 1)[1]: r for r in _crawl()}
    assert set(records) == {"", "x"}
    root = records[""]
    assert root.status == 200 and root.worker in (0, 1)
    assert TTFB * 1000 * 0.9 <= root.ttfb_ms <= TTFB * 1000 + 400
    assert DRIP * 1000 * 0.9 <= root.download_ms <= DRIP * 1000 + 400
    assert 0 <= root.connect_ms < 200 and root.dns_ms < 200  # an IP: no lookup, loopback connect
    assert root.parse_ms > 0 and root.parse_wait_ms >= 0
    assert root.wait_ms < 200
    total = sum(getattr(root, f) for f in FIELDS)
    # The phases cover the record's time without counting anything twice.
    assert root.elapsed * 1000 * 0.9 - 50 <= total <= root.elapsed * 1000 + 1
    out = tmp_path / "r.csv"
    write_csv(out, records.values())
    with out.open(encoding="utf-8-sig") as f:
        row = next(csv.DictReader(f))
    assert set(FIELDS) <= set(COLUMNS)
    assert float(row["ttfb_ms"]) > 0


def test_time_parked_on_a_host_is_no_worker_s() -> None:
    from sites import Site

    async def main() -> dict[str, FetchRecord]:
        async with Site() as site:
            site.page("/", ["/a", "/b"])
            site.page("/a", delay=0.3)
            site.page("/b", delay=0.3)
            cfg = CrawlConfig(
                roots=(site.url,), max_tasks=3, per_host=1, ignore_robots=True, use_sitemaps=False
            )
            events: list[Event] = []
            await asyncio.wait_for(Crawler(cfg, events.append).run(), 10)
            return {e.url: e for e in events if isinstance(e, FetchRecord)}

    recs = asyncio.run(main())
    a, b = (r for u, r in recs.items() if u.endswith(("/a", "/b")))
    assert abs(a.finished_at - b.finished_at) >= 0.25  # one slot: one waited for the other
    for r in (a, b):
        # Parked on its host, the URL held no worker: no phase shows that wait, and the phases
        # of the worker that fetched it fit within the record's time.
        assert r.wait_ms < 150, r
        assert sum(getattr(r, f) for f in FIELDS) <= r.elapsed * 1000 + 5, r


def test_a_name_lookup_lands_in_dns_once_per_host() -> None:
    """A host name is looked up (getaddrinfo on a thread) for the first request only: aiohttp
    caches the answer, so the next request on the host has no DNS phase."""
    from sites import Site

    async def main() -> dict[str, FetchRecord]:
        async with Site() as site:
            site.page("/", ["/a"])
            site.page("/a")
            cfg = CrawlConfig(
                roots=(f"http://localhost:{site.port}/",),
                max_tasks=1,
                ignore_robots=True,
                use_sitemaps=False,
            )
            events: list[Event] = []
            await asyncio.wait_for(Crawler(cfg, events.append).run(), 10)
            return {e.url.rsplit("/", 1)[1]: e for e in events if isinstance(e, FetchRecord)}

    recs = asyncio.run(main())
    assert recs[""].status == 200 and recs["a"].status == 200, recs
    assert recs[""].dns_ms > 0, recs[""]
    assert recs["a"].dns_ms == 0 and recs["a"].connect_ms < 50, recs["a"]
    for r in recs.values():
        assert r.ttfb_ms > 0 and r.wait_ms < 200, r


def test_a_slow_connect_lands_in_connect() -> None:
    """A listener whose accept queue is full drops the SYN; the client sends it again after its
    initial retransmission timeout (1 s on Linux): a connect delayed by a known amount."""
    import socket
    import threading

    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(0)
    port = srv.getsockname()[1]
    plug = socket.create_connection(("127.0.0.1", port))  # fills the accept queue

    def serve() -> None:
        time.sleep(0.3)
        srv.accept()[0].close()  # the plug: the queue has room again
        conn, _ = srv.accept()
        with conn:
            conn.recv(65536)
            body = b"<html><body>slow to connect</body></html>"
            conn.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n"
                b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
            )

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    cfg = CrawlConfig(
        roots=(f"http://127.0.0.1:{port}/",),
        max_tasks=1,
        max_tries=1,
        ignore_robots=True,
        use_sitemaps=False,
    )
    events: list[Event] = []
    try:
        asyncio.run(asyncio.wait_for(Crawler(cfg, events.append).run(), 15))
    finally:
        server.join(5)
        plug.close()
        srv.close()
    (rec,) = [e for e in events if isinstance(e, FetchRecord)]
    assert rec.status == 200, rec
    assert 700 <= rec.connect_ms <= 4000, rec
    assert rec.ttfb_ms < 300 and rec.dns_ms < 50, rec
