"""The engine against real in-process aiohttp servers: the seed's behaviour, its bugs fixed,
limits, retries and control while running. No Qt here."""

from __future__ import annotations

import asyncio
import gzip
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import pytest
from aiohttp import web
from crawling import PLAIN, crawl
from sites import Sink, Site

from gui_crawler import engine as engine_mod
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl import tries as tries_mod
from gui_crawler.engine import Crawler
from gui_crawler.events import (
    CrawlFinished,
    ErrorKind,
    Event,
    FetchRecord,
    Progress,
    Queued,
    WorkerEvent,
    WorkerState,
)
from gui_crawler.parsing import links as links_mod
from gui_crawler.records.verdicts import category, is_broken


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coro)


def with_site(build: Callable[[Site], None]) -> Callable[..., Any]:
    """Decorator: run an async test body with a started Site built by ``build``."""

    def deco(body: Callable[[Site], Coroutine[Any, Any, None]]) -> Callable[[], None]:
        def test() -> None:
            async def main() -> None:
                async with Site() as site:
                    build(site)
                    await body(site)

            run(main())

        test.__name__ = body.__name__
        return test

    return deco


# ---- the seed's behaviour ---------------------------------------------------------------------


def _tree(site: Site) -> None:
    site.page("/", ["/a", "/b", "b", "/a#frag", "/c/"])
    site.page("/a", ["/", "/b", "/missing"])
    site.page("/b", ["c/d"])
    site.page("/c/", ["d", "../a"])
    site.page("/c/d", [])


@with_site(_tree)
async def test_crawls_every_reachable_url_once(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True)
    assert set(records) == {site.u(p) for p in ["/", "/a", "/b", "/c/", "/c/d", "/missing"]}
    assert all(n == 1 for n in site.hits.values()), site.hits
    root = records[site.u("/")]
    assert (
        category(root) == "html"
        and root.status == 200
        and root.depth == 0
        and root.referrer is None
    )
    assert root.num_urls == 3 and root.num_new_urls == 3  # /b, b and /a#frag coalesce
    assert records[site.u("/c/d")].depth == 2
    assert records[site.u("/missing")].status == 404
    assert records[site.u("/missing")].referrer == site.u("/a")
    assert is_broken(records[site.u("/missing")])


@with_site(_tree)
async def test_worker_events_only_for_a_sink_that_shows_workers(site: Site) -> None:
    watched = await crawl(site.url, plain=True)
    unwatched = await crawl(site.url, plain=True, worker_events=False)
    assert any(isinstance(e, WorkerEvent) for e in watched.sink.events)
    assert not any(isinstance(e, WorkerEvent) for e in unwatched.sink.events)
    assert set(unwatched.records) == set(watched.records)  # the same crawl, fewer events


@with_site(_tree)
async def test_exclude_and_include(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True, exclude=r"/c/")
    assert site.u("/c/") not in records and site.u("/c/d") not in records
    async with Site() as other:
        _tree(other)
        records, *_ = await crawl(other.url, plain=True, include=r"/(a|b)$")
        assert set(records) == {other.u("/"), other.u("/a"), other.u("/b")}


def _chain(site: Site) -> None:
    site.page("/", ["/1"])
    for i in range(1, 6):
        site.page(f"/{i}", [f"/{i + 1}"])


@with_site(_chain)
async def test_max_depth_and_max_pages(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True, max_depth=2)
    assert set(records) == {site.u("/"), site.u("/1"), site.u("/2")}
    records, *_ = await crawl(site.url, plain=True, max_pages=4)
    assert len(records) == 4


async def _offsite() -> None:
    async with Site() as site, Site() as other:
        other.page("/", [])
        site.page("/", [other.u("/"), "/go", "mailto:x@y.z", "javascript:void(0)"])
        site.redirect("/go", other.u("/landing"), 302)
        records, *_ = await crawl(site.url, plain=True)
        assert set(records) == {site.u("/"), site.u("/go")}
        assert records[site.u("/go")].next_url == other.u("/landing")
        assert "out of scope" in (records[site.u("/go")].note or "")
        assert sum(other.hits.values()) == 0


def test_offsite_links_and_redirects_are_never_contacted() -> None:
    run(_offsite())


def test_strict_scope_is_www_tolerant_and_lenient_takes_the_domain() -> None:
    from gui_crawler.base.urls import Scope

    strict = Scope(("http://example.com/",))
    assert "https://www.example.com/x" in strict
    assert "http://docs.example.com/" not in strict
    lenient = Scope(("http://example.com/",), strict=False)
    assert "http://docs.example.com/" in lenient
    assert "http://example.org/" not in lenient


# ---- redirects --------------------------------------------------------------------------------


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_every_redirect_status_is_followed(status: int) -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", ["/old"])
            site.redirect("/old", "/new", status)
            site.page("/new", [])
            records, *_ = await crawl(site.url, plain=True)
            old = records[site.u("/old")]
            assert old.status == status and category(old) == "redirect"
            assert old.next_url == site.u("/new")
            assert records[site.u("/new")].status == 200
            assert records[site.u("/new")].referrer == site.u("/old")

    run(main())


def _coalesce(site: Site) -> None:
    site.page("/", ["/r1", "/r2", "/target"])
    site.redirect("/r1", "/target", 301)
    site.redirect("/r2", "/target?", 302)
    site.page("/target", [])


@with_site(_coalesce)
async def test_redirects_coalesce_onto_seen_urls(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True)
    assert site.hits["/target"] == 1
    notes = {records[site.u(p)].note for p in ("/r1", "/r2")}
    assert "target already seen" in notes


def _loops(site: Site) -> None:
    site.page("/", ["/loop-a", "/chain0", "/noloc", "/badloc", "/rel"])
    site.redirect("/loop-a", "/loop-b", 302)
    site.redirect("/loop-b", "/loop-a", 302)
    for i in range(6):
        site.redirect(f"/chain{i}", f"/chain{i + 1}", 301)
    site.page("/chain6", [])
    site.redirect("/noloc", None, 302)
    site.redirect("/badloc", "http://[bad", 302)
    site.redirect("/rel", "../../x/./y", 307)
    site.page("/x/y", [])


@with_site(_loops)
async def test_redirect_loop_long_chain_and_bad_location_all_end(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True, max_redirect=3)
    assert site.hits["/loop-a"] == 1 and site.hits["/loop-b"] == 1
    assert records[site.u("/loop-b")].error_kind == ErrorKind.REDIRECT_LOOP
    # /chain0 → 1 → 2 → 3 uses the three allowed hops; the fourth is refused.
    assert records[site.u("/chain3")].exception.startswith("TooManyRedirects")  # type: ignore[union-attr]
    assert site.hits["/chain4"] == 0
    assert category(records[site.u("/noloc")]) == "fail_MissingLocation"
    assert category(records[site.u("/badloc")]) == "fail_BadLocation"
    assert records[site.u("/rel")].next_url == site.u("/x/y")
    assert records[site.u("/x/y")].status == 200


# ---- failures, retries, limits ----------------------------------------------------------------


async def _connection_reset() -> None:
    attempts: list[float] = []

    async def flaky(request: web.Request) -> web.StreamResponse:
        attempts.append(time.monotonic())
        if len(attempts) < 3:
            assert request.transport is not None
            request.transport.close()  # reset before any header
            await asyncio.sleep(0.05)
        return web.Response(text="<a href='/dead'>x</a>", content_type="text/html")

    async def dead(request: web.Request) -> web.StreamResponse:
        assert request.transport is not None
        request.transport.close()
        await asyncio.sleep(0.05)
        return web.Response()

    async with Site() as site:
        site.route("/", flaky)
        site.route("/dead", dead)
        records, *_ = await crawl(site.url, plain=True, max_tries=3)
    assert records[site.u("/")].status == 200 and records[site.u("/")].tries == 3
    dead_rec = records[site.u("/dead")]
    assert (
        dead_rec.tries == 3 and category(dead_rec).startswith("fail_") and dead_rec.status is None
    )


def test_connection_reset_is_retried_then_recorded() -> None:
    run(_connection_reset())


async def _retry_after() -> None:
    seen: list[float] = []

    async def busy(request: web.Request) -> web.StreamResponse:
        seen.append(time.monotonic())
        if len(seen) == 1:
            return web.Response(status=429, headers={"Retry-After": "1"})
        return web.Response(text="ok", content_type="text/plain")

    async with Site() as site:
        site.route("/", busy)
        records, *_ = await crawl(site.url, plain=True)
    assert records[site.u("/")].status == 200 and records[site.u("/")].tries == 2
    assert seen[1] - seen[0] >= 0.95


def test_retry_after_is_honoured() -> None:
    run(_retry_after())


def test_retry_after_is_bounded_and_final_status_recorded() -> None:
    async def main() -> None:
        async def unavailable(request: web.Request) -> web.StreamResponse:
            return web.Response(status=503, headers={"Retry-After": "3600"})

        async with Site() as site:
            site.route("/", unavailable)
            t0 = time.monotonic()
            records, *_ = await crawl(site.url, plain=True, max_tries=2, max_retry_after=0.2)
            assert time.monotonic() - t0 < 2
        assert records[site.u("/")].status == 503 and records[site.u("/")].tries == 2

    run(main())


def test_timeout_is_recorded() -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", ["/slow"])
            site.page("/slow", [], delay=1.0)
            records, *_ = await crawl(site.url, plain=True, timeout=0.3, max_tries=2)
        assert category(records[site.u("/slow")]) == "fail_Timeout"
        assert records[site.u("/slow")].tries == 2

    run(main())


def test_body_limit_counts_decompressed_bytes() -> None:
    async def main() -> None:
        bomb = gzip.compress(b"<p>" + b"a" * 5_000_000)
        async with Site() as site:
            site.page("/", ["/big", "/bomb", "/declared"])
            site.html("/big", b"x" * 300_000, content_type="text/plain")

            async def gz(request: web.Request) -> web.StreamResponse:
                return web.Response(
                    body=bomb, headers={"Content-Encoding": "gzip", "Content-Type": "text/html"}
                )

            async def declared(request: web.Request) -> web.StreamResponse:
                resp = web.StreamResponse(headers={"Content-Length": "999999999"})
                await resp.prepare(request)
                return resp

            site.route("/bomb", gz)
            site.route("/declared", declared)
            records, *_ = await crawl(site.url, plain=True, max_body=100_000)
        assert len(bomb) < 100_000
        for path in ("/big", "/bomb", "/declared"):
            assert category(records[site.u(path)]) == "fail_TooLarge", path

    run(main())


def test_body_limit_holds_for_a_body_that_came_whole_with_its_headers() -> None:
    """A response read in one piece (headers and a chunked body of no declared length, in one
    write) is taken without waiting: the limit and the links are read from it all the same."""
    bodies = {
        b"/": b"<html><a href='/under'>u</a><a href='/over'>o</a></html>",
        b"/under": b"<html><a href='/leaf'>leaf</a>" + b"x" * 500 + b"</html>",
        b"/over": b"<html>" + b"x" * 5_000 + b"</html>",
        b"/leaf": b"<html>leaf</html>",
    }
    seen_eof: list[bool] = []
    original = tries_mod.read_body

    async def read(resp: Any, keep: bool, limit: int) -> tuple[bytes | None, int]:
        seen_eof.append(resp.content.is_eof())
        return await original(resp, keep, limit)

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                body = bodies.get(head.split(b" ", 2)[1], b"")
                writer.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n"
                    + b"%x\r\n" % len(body)
                    + body
                    + b"\r\n0\r\n\r\n"
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def main() -> dict[str, FetchRecord]:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        root = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/"
        events: list[Event] = []
        cfg = CrawlConfig(
            roots=(root,), max_body=2_000, ignore_robots=True, use_sitemaps=False, max_tries=1
        )
        try:
            await asyncio.wait_for(Crawler(cfg, events.append).run(), 10)
        finally:
            server.close()
        return {e.url.rsplit("/", 1)[1]: e for e in events if isinstance(e, FetchRecord)}

    tries_mod.read_body = read
    try:
        records = run(main())
    finally:
        tries_mod.read_body = original
    assert category(records["over"]) == "fail_TooLarge", records["over"]
    assert records["under"].status == 200 and records["under"].size == len(bodies[b"/under"])
    assert records["leaf"].status == 200  # the links of a page taken whole are followed
    assert any(seen_eof), "no response came whole: the test does not reach the fast path"


# ---- parsing ----------------------------------------------------------------------------------


LINKED_FROM_ROOT = ("/docs/s.css", "/docs/a.html", "/docs/b.html", "/frame", "/docs/c.html",
                    "/docs/UPPER.html")  # fmt: skip


def _parse_site(site: Site) -> None:
    site.html(
        "/",
        """<html><head><base href="/docs/"><link rel=stylesheet href="s.css"></head><body>
        <a href="a.html">a</a><area href="b.html"><iframe src="/frame"></iframe>
        <a href="  c.html  ">c</a><a href="tel:123">t</a><a href="data:,x">d</a>
        <a href="//elsewhere.invalid/x">off</a><a href="#top">top</a><a>no href</a>
        <A HREF="UPPER.html">u</A></body></html>""",
    )
    for p in LINKED_FROM_ROOT:
        site.page(p, [])
    latin = "<html><head><meta charset='iso-8859-1'></head><body>caf\xe9</body></html>"
    site.html("/latin", latin.encode("latin-1"), content_type="text/html")
    site.html("/bogus", b"<a href='/'>x</a>", content_type="text/html; charset=no-such-codec")
    site.html("/cp", "<p>\u2019</p>".encode("cp1252"), content_type="text/html")
    site.html("/xhtml", b'<html xmlns="http://www.w3.org/1999/xhtml"><a href="/latin"/></html>',
              content_type="application/xhtml+xml")  # fmt: skip


@with_site(_parse_site)
async def test_links_from_a_real_parser_with_base_href(site: Site) -> None:
    records, *_ = await crawl(site.url, plain=True)
    root = records[site.u("/")]
    # Off-site links are the record's too (never fetched here: external checks are off).
    assert set(root.links) == {site.u(p) for p in LINKED_FROM_ROOT} | {"http://elsewhere.invalid/x"}


@with_site(_parse_site)
async def test_charsets(site: Site) -> None:
    recs = {}
    for path in ("/latin", "/bogus", "/cp", "/xhtml"):
        sink = Sink()
        await Crawler(CrawlConfig(roots=(site.u(path),), max_pages=1), sink).run()
        recs.update(sink.records)
    assert recs[site.u("/latin")].encoding == "iso8859-1"
    assert recs[site.u("/bogus")].encoding == "utf-8"  # unknown codec: safe fallback
    assert recs[site.u("/cp")].encoding == "cp1252"
    assert category(recs[site.u("/xhtml")]) == "html" and recs[site.u("/xhtml")].num_urls == 1


# ---- robustness and control ---------------------------------------------------------------------


@with_site(_tree)
async def test_a_worker_that_raises_records_the_url_and_the_crawl_ends(site: Site) -> None:
    original = engine_mod.parse_page

    def explode(body: bytes, charset: str | None, url: str) -> links_mod.ParsedPage:
        if url.endswith("/a"):
            raise RuntimeError("boom")
        return original(body, charset, url)

    engine_mod.parse_page = explode  # type: ignore[assignment]
    try:
        records, *_ = await crawl(site.url, plain=True)
    finally:
        engine_mod.parse_page = original
    assert category(records[site.u("/a")]) == "fail_InternalError"
    assert "boom" in (records[site.u("/a")].exception or "")


def _slow_site(site: Site) -> None:
    site.page("/", [f"/p{i}" for i in range(40)])
    for i in range(40):
        site.page(f"/p{i}", [], delay=0.3)


@with_site(_slow_site)
async def test_cancel_is_fast_keeps_records_and_leaves_no_task(site: Site) -> None:
    sink = Sink()
    crawler = Crawler(CrawlConfig(roots=(site.url,), max_tasks=5, **PLAIN), sink)
    task = asyncio.ensure_future(crawler.run())
    while len(sink.records) < 3:
        await asyncio.sleep(0.01)
    t0 = time.monotonic()
    crawler.cancel()
    finished = await task
    assert time.monotonic() - t0 < 0.2
    assert finished.reason == "cancelled"
    records = sink.records
    cancelled = [r for r in records.values() if category(r) == "fail_Cancelled"]
    assert len(cancelled) == 5  # the five in-flight URLs
    assert finished.todo == 40 + 1 - len(records)
    assert set(records) | {item.url for item in crawler.pending()} == crawler.seen
    # Only the test server's own handlers (still sleeping) may remain.
    left = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    assert all("web_protocol" in repr(t) for t in left), left


@with_site(_slow_site)
async def test_pause_resume_and_worker_count(site: Site) -> None:
    sink = Sink()
    crawler = Crawler(CrawlConfig(roots=(site.url,), max_tasks=2, **PLAIN), sink)
    task = asyncio.ensure_future(crawler.run())
    while site.peak_in_flight < 2:
        await asyncio.sleep(0.01)
    crawler.set_max_workers(10)
    await asyncio.sleep(0.2)
    assert site.peak_in_flight == 10
    assert crawler.progress().workers == 10
    crawler.pause()
    await asyncio.sleep(0.4)  # in-flight fetches finish; nothing new starts
    hits = sum(site.hits.values())
    await asyncio.sleep(0.4)
    assert sum(site.hits.values()) == hits
    assert crawler.progress().busy == 0
    crawler.set_max_workers(5)
    crawler.resume()
    finished = await asyncio.wait_for(task, 20)
    assert finished.reason == "done" and len(sink.records) == 41
    assert site.in_flight == 0
    states = [e for e in sink.events if isinstance(e, WorkerEvent)]
    assert {e.state for e in states} >= {WorkerState.IDLE, WorkerState.FETCHING, WorkerState.PAUSED}
    assert any(isinstance(e, Progress) for e in sink.events)


def test_bad_options_get_clear_messages() -> None:
    for kw, words in [
        ({"roots": ()}, "at least one URL"),
        ({"roots": ("ftp://x.org/",)}, "unsupported scheme"),
        ({"roots": ("http://a.com/",), "max_tasks": 0}, "max_tasks"),
        ({"roots": ("http://a.com/",), "max_depth": -1}, "max_depth"),
        (
            {"roots": ("http://a.com/",), "exclude": "("},
            "exclude is not a valid regular expression",
        ),
        ({"roots": ("http://a.com/",), "timeout": 0}, "timeout"),
        ({"roots": ("http://a.com/",), "parse_threads": 0}, "parse_threads"),
        ({"roots": ("http://a.com/",), "parse_processes": -1}, "parse_processes"),
    ]:
        with pytest.raises(ConfigError, match=words):
            CrawlConfig(**kw).validated()  # type: ignore[arg-type]


def test_resume_from_a_frontier_fetches_only_what_was_pending() -> None:
    async def main() -> None:
        async with Site() as site:
            _tree(site)
            done = {site.u("/"), site.u("/a")}
            pending = [Queued(site.u("/b"), 10, 1, site.u("/"))]
            sink = Sink()
            crawler = Crawler(CrawlConfig(roots=(site.url,)), sink, seen=done, pending=pending)
            await crawler.run()
            assert site.hits["/"] == 0 and site.hits["/a"] == 0
            assert set(sink.records) == {site.u("/b"), site.u("/c/d")}

    run(main())


def _saved(n: int, fail_at: int | None = None) -> Iterator[Queued]:
    """A saved frontier of ``n`` URLs on a port nothing listens on, read lazily as a crawl
    file's is; reading it fails at ``fail_at`` (a disk error)."""
    for i in range(n):
        if i == fail_at:
            raise OSError(5, "Input/output error")
        yield Queued(f"http://127.0.0.1:9/p/{i}", 10, 1, None)


def test_an_earlier_crawl_is_taken_in_while_the_loop_keeps_turning() -> None:
    async def main() -> None:
        root = ("http://127.0.0.1:9/",)
        sink = Sink()
        crawler = Crawler(CrawlConfig(roots=root), sink, seen=(), pending=_saved(30_000))
        sizes: list[int] = []

        async def watch() -> None:  # what another task sees of the queue at each turn
            while True:
                sizes.append(crawler.frontier.qsize())
                await asyncio.sleep(0)

        watching = asyncio.create_task(watch())
        running = asyncio.create_task(crawler.run())
        while not crawler.running or not crawler.progress().workers:  # the frontier is in
            await asyncio.sleep(0)
        crawler.cancel()
        finished = await running
        watching.cancel()
        batch = engine_mod.EARLIER_BATCH
        assert {batch, 2 * batch, 3 * batch} <= set(sizes)  # one batch a turn
        assert finished.reason == "cancelled" and finished.done + finished.todo == 30_000

        # Cancelled while taking the frontier in: it stops after the batch it is in; no worker runs.
        sink = Sink()
        crawler = Crawler(CrawlConfig(roots=root), sink, seen=(), pending=_saved(30_000))
        crawler.cancel()
        finished = await crawler.run()
        assert finished.reason == "cancelled" and finished.todo == batch and not sink.records

        # The URLs taken in before are read in turns too, first.
        urls = (f"http://127.0.0.1:9/seen/{i}" for i in range(3 * batch))
        crawler = Crawler(CrawlConfig(roots=root), Sink(), seen=urls, pending=_saved(batch))
        assert len(crawler.seen) == 0  # not read yet
        sizes.clear()
        watching = asyncio.create_task(watch())
        running = asyncio.create_task(crawler.run())
        seen_sizes: list[int] = []
        while not crawler.progress().workers:
            seen_sizes.append(len(crawler.seen))
            await asyncio.sleep(0)
        crawler.cancel()
        await running
        watching.cancel()
        assert {batch, 2 * batch, 3 * batch} <= set(seen_sizes)
        assert "http://127.0.0.1:9/seen/1" in crawler.seen and len(crawler.seen) == 4 * batch

    run(main())


def test_workers_asked_for_while_the_crawl_stops_its_workers_start_none() -> None:
    """A worker count set while the crawl stops its workers (by the window, or by the tick when
    the loop falls behind) starts no new worker: one would fetch after the session is gone and
    end every URL left as an internal error (seen under load, the 30,000 URLs of a saved
    frontier)."""

    async def main() -> None:
        sink = Sink()
        crawler = Crawler(
            CrawlConfig(roots=("http://127.0.0.1:9/",)), sink, seen=(), pending=_saved(2_000)
        )
        running = asyncio.create_task(crawler.run())
        while not crawler.running or not crawler.progress().workers:
            await asyncio.sleep(0)
        crawler.cancel()
        while not running.done():  # each turn, while the workers stop
            crawler.set_max_workers(crawler.max_workers)
            await asyncio.sleep(0)
        finished = await running
        internal = [r.url for r in sink.records.values() if r.error_kind is ErrorKind.INTERNAL]
        assert not internal, (len(internal), internal[:3])
        assert finished.reason == "cancelled" and finished.done + finished.todo == 2_000

    run(main())


def _urls(n: int, fail_at: int) -> Iterator[str]:
    for i in range(n):
        if i == fail_at:
            raise OSError(5, "Input/output error")
        yield f"http://127.0.0.1:9/seen/{i}"


@pytest.mark.parametrize("broken", ["seen", "frontier"])
def test_an_earlier_crawl_that_cannot_be_read_ends_the_crawl_with_an_error(broken: str) -> None:
    async def main() -> None:
        sink = Sink()
        seen = _urls(12_000, fail_at=11_000) if broken == "seen" else ()
        pending = _saved(12_000, fail_at=11_000 if broken == "frontier" else None)
        crawler = Crawler(
            CrawlConfig(roots=("http://127.0.0.1:9/",)), sink, seen=seen, pending=pending
        )
        finished = await asyncio.wait_for(crawler.run(), 10)
        assert finished.reason.startswith("error") and "Input/output error" in finished.reason
        assert isinstance(sink.events[-1], CrawlFinished) and not sink.records

    run(main())
