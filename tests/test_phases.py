"""Request phase times against a loopback server that delays each phase by a known amount."""

from __future__ import annotations

import asyncio
import csv
from pathlib import Path
from typing import Any

from aiohttp import web
from sites import Site
from test_engine import PLAIN, Sink

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import FetchRecord, RequestTiming
from gui_crawler.export import write_csv
from gui_crawler.phases import PHASE_FIELDS, Phases

D = 0.3  # each delayed phase; loose bounds below because CI shares two loaded cores


async def _slow(request: web.Request) -> web.StreamResponse:
    await asyncio.sleep(D)  # before the status line: time to first byte
    resp = web.StreamResponse(headers={"Content-Type": "text/html"})
    await resp.prepare(request)
    await resp.write(b"<html><body>" + b" " * 100)
    await asyncio.sleep(D)  # the body drips: download time
    await resp.write(b"<a href='/b'>b</a></body></html>")
    await resp.write_eof()
    return resp


async def _crawl(site: Site, pause: float = 0.0, **kw: Any) -> tuple[Sink, Crawler]:
    sink = Sink()
    cfg = CrawlConfig(roots=(site.u("/"),), **{"retry_backoff": 0.01, **PLAIN, **kw})
    crawler = Crawler(cfg, sink)
    if pause:
        crawler.pause()
        asyncio.get_running_loop().call_later(pause, crawler.resume)
    finished = await asyncio.wait_for(crawler.run(), 20)
    assert finished.reason == "done"
    return sink, crawler


def test_phases_measure_the_delays() -> None:
    async def main() -> None:
        async with Site() as site:
            site.route("/", _slow)
            site.page("/b", [])
            sink, _ = await _crawl(site, pause=D)
        rec = sink.records[site.u("/")]
        assert rec.wait_ms is not None and D * 1000 * 0.9 < rec.wait_ms < D * 1000 * 3
        assert rec.ttfb_ms is not None and D * 1000 * 0.9 < rec.ttfb_ms < D * 1000 * 3
        assert rec.download_ms is not None and D * 1000 * 0.9 < rec.download_ms < D * 1000 * 3
        assert rec.connect_ms is not None and rec.connect_ms < D * 1000
        assert rec.parse_ms is not None and 0 < rec.parse_ms < D * 1000
        total = sum(getattr(rec, f) for f in PHASE_FIELDS)
        assert total <= rec.elapsed * 1000 + 1  # the phases fit within the record's time
        spans = [e for e in sink.events if isinstance(e, RequestTiming)]
        assert {s.url for s in spans} == {site.u("/"), site.u("/b")}
        s = next(s for s in spans if s.url == site.u("/"))
        assert s.status == 200 and not s.retried and s.error_kind is None
        assert abs(sum(s.durations) * 1000 - total) < 1
        # The bar goes out before its record.
        assert sink.events.index(s) < sink.events.index(rec)

    asyncio.run(main())


def test_retries_show_as_spans_and_failures_carry_phases() -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", ["/flaky", "/gone"])
            n = 0

            async def flaky(request: web.Request) -> web.StreamResponse:
                nonlocal n
                n += 1
                if n == 1:
                    return web.Response(status=503, text="try again", headers={"Retry-After": "0"})
                return web.Response(text="ok")

            site.route("/flaky", flaky)
            sink, _ = await _crawl(site, max_tries=2)
        spans = [e for e in sink.events if isinstance(e, RequestTiming)]
        flaky_spans = [s for s in spans if s.url == site.u("/flaky")]
        assert [s.retried for s in flaky_spans] == [True, False]
        assert flaky_spans[0].end <= flaky_spans[1].start + 0.001
        gone = sink.records[site.u("/gone")]
        assert gone.status == 404 and gone.ttfb_ms is not None

    asyncio.run(main())


def test_external_checks_are_timed_too() -> None:
    async def main() -> None:
        async with Site() as site:
            outside = f"http://localhost:{site.port}/elsewhere"  # another host name: external
            site.page("/", [outside])
            site.html("/elsewhere", "<p>x</p>", delay=D)
            sink, _ = await _crawl(site, check_external=True)
        rec = sink.records[outside]
        assert rec.external and rec.status == 200
        assert rec.ttfb_ms is not None and D * 1000 * 0.9 < rec.ttfb_ms < D * 1000 * 3
        assert rec.dns_ms is not None  # "localhost" is resolved
        assert any(isinstance(e, RequestTiming) and e.url == outside for e in sink.events)

    asyncio.run(main())


def test_timing_off_leaves_fields_empty() -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", [])
            sink, _ = await _crawl(site, timing=False)
        rec = sink.records[site.u("/")]
        assert all(getattr(rec, f) is None for f in PHASE_FIELDS)
        assert not [e for e in sink.events if isinstance(e, RequestTiming)]

    asyncio.run(main())


def test_a_try_cut_short_gives_the_running_phase_the_rest() -> None:
    p = Phases(0, "u", 10.0)
    p.request, p.sent = 10.5, 10.6
    assert p.durations(12.0) == (0.5, 0.0, 0.09999999999999964, 1.4, 0.0, 0.0) or (
        [round(d, 6) for d in p.durations(12.0)] == [0.5, 0.0, 0.1, 1.4, 0.0, 0.0]
    )
    p.dns = 0.05
    assert [round(d, 6) for d in p.durations(12.0)] == [0.5, 0.05, 0.05, 1.4, 0.0, 0.0]
    assert Phases(0, "u", 1.0).fields(2.0) == {}  # never requested: no phase fields


def test_csv_has_the_phase_columns(tmp_path: Path) -> None:
    rec = FetchRecord("http://127.0.0.1/", status=200, wait_ms=1.5, ttfb_ms=2.25)
    write_csv(tmp_path / "x.csv", [rec])
    with open(tmp_path / "x.csv", encoding="utf-8-sig") as f:
        row = next(csv.DictReader(f))
    assert row["wait_ms"] == "1.5" and row["ttfb_ms"] == "2.25" and row["parse_ms"] == ""
    assert set(PHASE_FIELDS) <= set(row)


def test_a_dns_failure_is_dns_time() -> None:
    p = Phases(0, "u", 10.0)
    p.request, p.dns_start = 10.0, 10.1
    assert [round(d, 6) for d in p.durations(12.0)] == [0.0, 1.9, 0.1, 0.0, 0.0, 0.0]


def test_reading_robots_txt_first_is_wait_time() -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", [])
            site.html("/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain",
                      delay=D)  # fmt: skip
            sink, _ = await _crawl(site, ignore_robots=False)
        rec = sink.records[site.u("/")]
        assert rec.wait_ms is not None and D * 1000 * 0.9 < rec.wait_ms < D * 1000 * 3
        assert rec.ttfb_ms is not None and rec.ttfb_ms < D * 1000  # the robots fetch is not ours

    asyncio.run(main())
