"""The crawler never blames a site for its own limits: the worker count is capped by what the
process can open (and says so), a connection or lookup that fails for lack of files, ports,
buffers or memory is the crawler's own failure (OwnLimit, verdict error) tried again later, and
so is a timeout while the crawler's own loop was stalled. Real loopback servers; failures of the
machine are made at the connector (aiohappyeyeballs, which opens the socket) or the resolver.
"""

from __future__ import annotations

import asyncio
import errno
import io
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohappyeyeballs
import pytest
from aiohttp import web
from crawling import PLAIN, crawl
from sites import Sink, Site, ThreadedSite

from gui_crawler import engine
from gui_crawler.cli.headless import Report
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl import concurrency
from gui_crawler.crawl.failures import describe, own_limit
from gui_crawler.crawl.phases import TimedResolver
from gui_crawler.engine import Crawler
from gui_crawler.events import (
    CrawlFinished,
    ErrorKind,
    Event,
    FetchRecord,
    Notice,
    WorkerEvent,
)
from gui_crawler.records.verdicts import Verdict, verdict
from gui_crawler.records.wording import error_sentence, status_word, workers_capped

ROOT = Path(__file__).resolve().parents[2]


def tree(site: Site, pages: int, delay: float = 0.0) -> Site:
    site.page("/", [f"/p{i}" for i in range(pages)])
    for i in range(pages):
        site.page(f"/p{i}", ["/"], delay=delay)
    return site


@pytest.fixture
def quick_own_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(concurrency, "OWN_WAIT", 0.01)
    monkeypatch.setattr(concurrency, "OWN_WAIT_MAX", 0.02)


def fail_connects(
    monkeypatch: pytest.MonkeyPatch, code: int, address: str = "127.0.0.1", every: int = 1
) -> list[int]:
    """Connections to ``address`` fail with ``code`` where the socket is made: every one, or
    one in ``every`` (the first, then each every-th); returns the list of the failures."""
    real = aiohappyeyeballs.start_connection
    failed: list[int] = []
    attempts = [0]

    async def start_connection(addr_infos: Any, **kw: Any) -> Any:
        if any(info[4][0] == address for info in addr_infos):
            attempts[0] += 1
            if (attempts[0] - 1) % every == 0:
                failed.append(code)
                raise OSError(code, os.strerror(code))
        return await real(addr_infos, **kw)

    monkeypatch.setattr(aiohappyeyeballs, "start_connection", start_connection)
    return failed


# ---- the worker count is capped by the open-file limit --------------------------------------


def test_a_crawl_under_256_open_files_caps_its_workers_and_finds_every_page_ok(
    tmp_path: Path,
) -> None:
    """1,000 workers asked in a process that may open 256 files: the CLI says the count was
    capped, never holds more connections than the cap, and every page answers 200."""
    site = tree(Site(), 600, delay=0.3)
    cap = 256 - concurrency.FD_RESERVE

    def at_most_256_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    with ThreadedSite(site):
        p = subprocess.run(
            [sys.executable, "-m", "gui_crawler", "crawl", site.url, "--max-tasks", "1000",
             "--per-host", "1000", "--ignore-robots", "--no-sitemaps", "--no-external",
             "--db", str(tmp_path / "c.sqlite3"), "-v"],
            env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT, capture_output=True, text=True,
            timeout=45, preexec_fn=at_most_256_files,
        )  # fmt: skip
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert f"gui-crawler: {workers_capped(cap, 256)}\n" in p.stderr
    assert "Workers capped at 156: this system lets the crawler open 256 files" in p.stderr
    assert "Finished 601 urls" in p.stdout and f"(max_tasks={cap})" in p.stdout
    assert len(re.findall(r" 200 text/html ", p.stdout)) == 601
    for word in ("Broken", "Timed out", "own limits", "fail"):
        assert word not in p.stdout
    assert cap // 2 < site.peak_in_flight <= cap


def test_the_cap_is_said_once_and_set_max_workers_is_capped_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "open_file_limit", lambda: 150)
    assert concurrency.worker_cap(150) == 150 - concurrency.FD_RESERVE == 50
    assert (
        concurrency.worker_cap(150, parse_processes=4)
        == 50 - 4 * concurrency.FDS_PER_PARSER_PROCESS
    )
    assert concurrency.worker_cap(0) == 0 and engine.capped_workers(50) == (50, None)
    said: list[int] = []

    async def main() -> None:
        async with Site() as site:
            tree(site, 150, delay=0.05)
            sink = Sink()
            crawler = Crawler(CrawlConfig(roots=(site.url,), max_tasks=20_000, **PLAIN), sink)
            assert crawler.max_workers == 50 and sink.notices == []  # said when the crawl runs

            def steer(event: Event) -> None:
                sink(event)
                if isinstance(event, FetchRecord):
                    n = len(sink.records)
                    if n == 1:
                        crawler.set_max_workers(15_000)  # capped still: not said again
                        said.append(len(sink.notices))
                    elif n == 2:
                        crawler.set_max_workers(10)  # within the cap
                        assert crawler.max_workers == 10
                    elif n == 3:
                        crawler.set_max_workers(60)  # capped again: said again
                        said.append(len(sink.notices))

            crawler.sink = steer
            await asyncio.wait_for(crawler.run(), 30)
            assert crawler.max_workers == 50
            assert sink.notices == [workers_capped(50, 150)] * 2
            workers = {e.worker_id for e in sink.events if isinstance(e, WorkerEvent)}
            assert max(workers) < 50 and site.peak_in_flight <= 50

    asyncio.run(main())
    assert said == [1, 2]


def test_the_window_shows_the_capped_count_and_says_why(
    qtbot: Any, window: Any, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "open_file_limit", lambda: 150)
    capped = workers_capped(50, 150)
    window.workers = 20_000
    assert window.notice.isVisible() and window.notice.text() == capped
    assert window.stat_labels["workers"].text() == "Busy 0/50 workers"
    window.workers = 20
    assert not window.notice.isVisible()  # the count asked for fits again
    assert window.stat_labels["workers"].text() == "Busy 0/20 workers"
    # Mid-crawl: the new count is capped at once, the crawl's Notice follows on its tick.
    live_site.fill_small(200)
    live_site.delay = 0.05
    window.workers = 2
    window.url = live_site.url
    assert window.start()
    qtbot.waitUntil(lambda: window.results.workers.rowCount() == 2, timeout=5000)
    window.workers = 20_000
    assert window.bridge.crawler.max_workers == 50
    label = window.stat_labels["workers"]
    assert re.fullmatch(r"Busy \d+/50 workers \(at most 4 per host\)", label.text())
    assert "Per host (4)" in label.toolTip()
    qtbot.waitUntil(lambda: window.notice.text() == capped, timeout=3000)
    qtbot.waitUntil(lambda: window.results.workers.rowCount() == 50, timeout=3000)
    window.cancel()
    qtbot.waitUntil(lambda: not window.bridge.running, timeout=5000)
    assert window.results.workers.rowCount() == 50


def test_the_window_does_not_blame_the_site_for_the_crawlers_own_failures(window: Any) -> None:
    def failed(kind: str, n: int) -> list[FetchRecord]:
        return [FetchRecord(url=f"http://h.test/{kind}{i}", error_kind=kind) for i in range(n)]

    window.bridge.batch.emit(failed(ErrorKind.OWN_LIMIT, 20), [])
    assert not window.notice.isVisible()
    window.bridge.batch.emit(failed("ClientConnectorError", 10), [])
    assert "10 URLs in a row got no answer: the site may be down" in window.notice.text()


# ---- the machine's failures are the crawler's own -------------------------------------------


@pytest.mark.parametrize(
    ("code", "what"),
    [
        (errno.EMFILE, "ran out of open files"),
        (errno.ENFILE, "ran out of open files"),
        (errno.ENOBUFS, "ran out of network buffers"),
        (errno.ENOMEM, "ran out of memory"),
        (errno.EADDRNOTAVAIL, "ran out of local ports"),
    ],
)
def test_a_connect_out_of_files_ports_or_memory_is_the_crawlers_own_failure(
    monkeypatch: pytest.MonkeyPatch, quick_own_retries: None, code: int, what: str
) -> None:
    failed = fail_connects(monkeypatch, code)

    async def main() -> FetchRecord:
        async with Site() as site:
            site.page("/", [])
            records, *_ = await crawl(site.url, plain=True, max_tries=1)
            return records[site.url]

    rec = asyncio.run(main())
    assert rec.error_kind == ErrorKind.OWN_LIMIT and rec.status is None
    assert verdict(rec) is Verdict.ERROR  # neither broken nor timeout: not the site's doing
    assert what in (rec.exception or "") and "not the site's doing" in (rec.exception or "")
    # Tried again later, and those tries were not the site's: max_tries=1 allowed only one.
    assert rec.tries == 1 + concurrency.OWN_RETRIES == len(failed)
    assert status_word(rec) == "Crawler limit"
    assert error_sentence(rec).startswith("Not the site's doing")


def test_out_of_files_for_a_while_each_url_is_tried_again_and_ends_ok(
    monkeypatch: pytest.MonkeyPatch, quick_own_retries: None
) -> None:
    failed = fail_connects(monkeypatch, errno.EMFILE, every=2)  # one connection in two

    async def main() -> tuple[dict[str, FetchRecord], str]:
        async with Site() as site:
            tree(site, 20, delay=0.05)  # five workers at once: five connections
            records, *_ = await crawl(site.url, plain=True, max_tries=1, max_tasks=5)
            return records, site.url

    records, root = asyncio.run(main())
    assert len(records) == 21 and {verdict(r) for r in records.values()} == {Verdict.OK}
    # The root's first connection failed, and pages' did: each URL tried until it got one.
    assert len(failed) >= 3 and records[root].tries == 2
    assert sum(r.tries for r in records.values()) == 21 + len(failed)


def test_a_lookup_out_of_files_is_the_crawlers_own_failure(
    monkeypatch: pytest.MonkeyPatch, quick_own_retries: None
) -> None:
    async def resolve(self: TimedResolver, host: str, port: int = 0, family: Any = 0) -> Any:
        raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))  # getaddrinfo's EAI_SYSTEM

    monkeypatch.setattr(TimedResolver, "resolve", resolve)

    async def main() -> FetchRecord:
        async with Site() as site:
            site.page("/", [])
            root = f"http://localhost:{site.port}/"  # a name: looked up (by the stub alone)
            records, *_ = await crawl(root, plain=True, max_tries=1)
            return records[root]

    rec = asyncio.run(main())
    assert rec.error_kind == ErrorKind.OWN_LIMIT and verdict(rec) is Verdict.ERROR
    assert "ClientConnectorDNSError" in (rec.exception or "")


def test_an_external_check_out_of_files_is_the_crawlers_own_failure(
    monkeypatch: pytest.MonkeyPatch, quick_own_retries: None
) -> None:
    failed = fail_connects(monkeypatch, errno.EMFILE, address="127.0.0.2")

    async def main() -> tuple[FetchRecord, int]:
        async with Site() as site:
            outside = f"http://127.0.0.2:{site.port}/x"
            site.page("/", [outside])
            records, *_ = await crawl(site.url, plain=True, check_external=True, max_tries=1)
            assert verdict(records[site.url]) is Verdict.OK
            return records[outside], len(failed)

    rec, n = asyncio.run(main())
    assert rec.external and rec.error_kind == ErrorKind.OWN_LIMIT
    assert verdict(rec) is Verdict.ERROR and rec.tries == n == 1 + concurrency.OWN_RETRIES


def test_own_limit_is_found_through_aiohttps_wrapping_and_nothing_else_is() -> None:
    def chained(inner: BaseException) -> BaseException:
        try:
            try:
                raise inner
            except OSError as e:
                raise ConnectionError("wrapped") from e
        except ConnectionError as outer:
            return outer

    assert own_limit(chained(OSError(errno.EMFILE, "Too many open files"))) is not None
    assert own_limit(OSError(errno.EADDRNOTAVAIL, "x")) == (
        "the crawler ran out of local ports for new connections"
    )
    for other in (
        ConnectionRefusedError(errno.ECONNREFUSED, "refused"),
        OSError(errno.EHOSTUNREACH, "no route"),
        TimeoutError(),
        ValueError("x"),
    ):
        assert own_limit(other) is None
        assert describe(other)[0] != ErrorKind.OWN_LIMIT
    assert describe(OSError(errno.ENOBUFS, "No buffer space available"))[0] == ErrorKind.OWN_LIMIT


# ---- a timeout while the crawler's own loop stalled is the crawler's ------------------------


def stalling_site(crawler_loop: list[asyncio.AbstractEventLoop], stalls: list[int]) -> Site:
    """``/``: stalls the crawler's event loop for 1.5 s (while it waits for this answer) as
    many times as ``stalls`` says, then answers at once; ``/slow``: answers after 0.8 s."""
    site = Site()

    async def page(request: web.Request) -> web.StreamResponse:
        if stalls[0] > 0:
            stalls[0] -= 1
            crawler_loop[0].call_soon_threadsafe(time.sleep, 1.5)
            await asyncio.sleep(0.05)  # answered while the crawler is stalled
        return web.Response(text="<html><body>ok</body></html>", content_type="text/html")

    async def slow(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(0.8)
        return web.Response(text="late", content_type="text/plain")

    site.route("/", page)
    site.route("/slow", slow)
    return site


def crawl_stalling(stalls: int, root: str = "/") -> FetchRecord:
    loop: list[asyncio.AbstractEventLoop] = []
    left = [stalls]
    with ThreadedSite(stalling_site(loop, left)) as site:

        async def main() -> FetchRecord:
            loop.append(asyncio.get_running_loop())
            records, *_ = await crawl(site.u(root), plain=True, max_tries=1, timeout=0.5)
            return records[site.u(root)]

        rec = asyncio.run(main())
    assert left == [0]
    return rec


def test_a_timeout_while_the_crawler_stalled_is_tried_again_not_the_sites(
    quick_own_retries: None,
) -> None:
    rec = crawl_stalling(1)
    assert rec.status == 200 and verdict(rec) is Verdict.OK and rec.tries == 2


def test_a_timeout_while_the_crawler_kept_stalling_is_its_own_failure(
    monkeypatch: pytest.MonkeyPatch, quick_own_retries: None
) -> None:
    monkeypatch.setattr(concurrency, "OWN_RETRIES", 1)
    rec = crawl_stalling(2)
    assert rec.error_kind == ErrorKind.OWN_LIMIT and verdict(rec) is Verdict.ERROR
    assert "too busy" in (rec.exception or "") and rec.tries == 2


def test_a_slow_site_still_times_out(quick_own_retries: None) -> None:
    rec = crawl_stalling(0, "/slow")
    assert rec.error_kind == ErrorKind.TIMEOUT and verdict(rec) is Verdict.TIMEOUT
    assert rec.tries == 1


# ---- the CLI's report --------------------------------------------------------------------------


def test_the_cli_lists_own_limits_apart_from_broken_links_and_prints_notices() -> None:
    notices = io.StringIO()
    report = Report(None, notices=notices)
    own = FetchRecord(
        url="http://h.test/a",
        error_kind=ErrorKind.OWN_LIMIT,
        exception="OwnLimit: the crawler ran out of open files (ulimit -n)",
    )
    gone = FetchRecord(url="http://h.test/gone", status=404)
    for event in (Notice("Workers capped at 50: why"), own, gone):
        report(event)
    assert notices.getvalue() == "gui-crawler: Workers capped at 50: why\n"
    assert report.broken == [gone] and report.of(Verdict.ERROR) == [own]
    out = io.StringIO()
    report.print(out, CrawlFinished("done", 2, 0, 1.0), 50, verbose=False)
    text = out.getvalue()
    broken_part, own_part = text.split("Broken: 1")[1].split("own limits")
    assert "http://h.test/gone" in broken_part and "http://h.test/a" not in broken_part
    assert "http://h.test/a" in own_part
