"""Nothing a rendered page does hangs the crawl or leaks the browser: hostile scripts are bounded
by the render timeout and closed, a browser killed under its pages is started again and its
pages tried again, a cancel ends the browser within a second, and no browser process outlives
the crawl, nor the program killed with SIGKILL."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web
from render_sites import AppSite, chromium  # noqa: F401  (the fixture)
from sites import Sink, Site, ThreadedSite

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import FetchRecord, RenderTab
from gui_crawler.render.browser import descendants

pytestmark = pytest.mark.usefixtures("chromium")
PLAIN = dict(ignore_robots=True, use_sitemaps=False, check_external=False, retry_backoff=0.01)

HOSTILE = {
    "/loop": "<title>raw</title><script>document.title = 'x'; while (true) {}</script>",
    "/alert": "<script>alert('a'); confirm('b'); prompt('c');"
    " document.body.innerHTML = '<a href=/after-alert>a</a>';</script>",
    "/open": "<script>window.open('OFF/popup'); window.open('/popup');"
    " document.body.innerHTML = '<a href=/after-open>a</a>';</script>",
    "/away": "<script>location.href = 'OFF/away';</script>",
    "/later-away": "<script>setTimeout(() => { location.href = 'OFF/later'; }, 20);</script>",
    "/download": "<script>location.href = '/file.zip';</script>",
    "/stream": "<script>setInterval(() => fetch('/api/ok?' + Math.random()), 5);</script>",
    "/nodes": "<script>const d = document.createElement('div');"
    " for (let i = 0; i < 1000000; i++) d.appendChild(document.createElement('i'));"
    " document.body.appendChild(d);</script>",
    "/bomb": "<script>const a = []; while (true) a.push(new Array(1e6).fill(1));</script>",
}


def test_hostile_pages_are_bounded_and_the_crawl_goes_on() -> None:
    async def main() -> None:
        offsite = Site()
        async with offsite:
            site = Site()
            site.page("/", [*HOSTILE, "/fine"])
            for path, body in HOSTILE.items():
                script = body.replace("OFF", offsite.url.rstrip("/"))
                site.html(path, f"<!doctype html><html><body>{script}</body></html>")
            site.html("/file.zip", b"PK", content_type="application/zip")
            site.route("/api/ok", lambda r: asyncio.sleep(0, web.json_response({})))
            site.html(
                "/fine", "<body><script>document.body.innerHTML = '<a href=/ok>ok</a>'</script>"
            )
            site.page("/ok")
            async with site:
                sink = Sink()
                cfg = CrawlConfig(
                    roots=(site.url,), render="all", render_timeout=1.5, max_tasks=10,
                    render_tabs=4, **PLAIN,
                )  # fmt: skip
                t = time.monotonic()
                crawler = Crawler(cfg, sink)
                finished = await asyncio.wait_for(crawler.run(), 60)
                took = time.monotonic() - t
        assert finished.reason == "done"
        got = sink.records
        assert offsite.hits == {}
        for path in HOSTILE:
            assert got[site.u(path)].status == 200, path
        note = {p: got[site.u(p)].note or "" for p in HOSTILE}
        assert "endless loop" in note["/loop"] and got[site.u("/loop")].title == "raw"
        # The tab's renderer dies of the bomb, is stopped as a loop, or (on a busy machine,
        # before either) the page is cut at its timeout: bounded all three ways.
        assert any(w in note["/bomb"] for w in ("crashed", "endless loop", "not settled")), note
        assert "go elsewhere" in note["/away"] and "go elsewhere" in note["/later-away"]
        assert "go elsewhere" in note["/download"]
        # Never the browser's error page in the page's place: its own DOM, or the HTML as sent.
        assert not (got[site.u("/away")].title or "").startswith(("127.0.0.1", "chrome-error"))
        assert got[site.u("/later-away")].rendered, got[site.u("/later-away")].render
        assert "settled" in note["/stream"] or "bounds" in note["/stream"]
        # A dialog or a popup holds nothing up; what the page built after them is found.
        assert got[site.u("/alert")].rendered and site.u("/after-alert") in got
        assert got[site.u("/open")].rendered and site.u("/after-open") in got
        assert "/popup" not in site.hits
        fine = got[site.u("/fine")]
        assert fine.rendered and site.u("/ok") in got, fine.note
        # Bounded: nine hostile pages on four tabs, 1.5 s each and a second of grace.
        assert took < 20, took

    asyncio.run(main())


async def rendering(crawler: Crawler, sink: Sink) -> list[int]:
    """Once the crawl's browser renders its first pages: the browser's processes."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        await asyncio.sleep(0.02)
        step = crawler._render
        pid = step.renderer._driver_pid if step is not None else None
        pids = [p for p in descendants(pid) if "chrom" in _name(p)] if pid else []
        if len(pids) > 3 and any(isinstance(e, RenderTab) and e.url for e in sink.events):
            await asyncio.sleep(0.3)  # pages under way
            return pids
    raise AssertionError("the browser never rendered")


def test_a_browser_killed_under_its_pages_is_started_again_and_nothing_is_lost() -> None:
    async def main() -> None:
        async with AppSite(4, late_ms=300) as site:
            sink = Sink()
            cfg = CrawlConfig(roots=(site.url,), render="all", render_tabs=3, max_tasks=6, **PLAIN)
            crawler = Crawler(cfg, sink)
            task = asyncio.create_task(crawler.run())
            listed = await rendering(crawler, sink)
            killed = []
            for pid in listed:
                # A renderer may end on its own between the listing and the kill (a tab closed
                # as its page finished): it is not one this test killed.
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
            assert killed
            finished = await asyncio.wait_for(task, 60)
            assert finished.reason == "done"
            assert crawler._render is not None
        got = sink.records
        pages = {u: r for u, r in got.items() if r.content_type == "text/html"}
        # What each page's record says, and the crawl's notices, if a page is missing.
        said = [(u, r.rendered, r.note, r.num_urls) for u, r in got.items()], sink.notices
        assert set(pages) == site.expected(), said
        assert all(r.rendered for r in pages.values()), [r.note for r in pages.values()]
        tries = [json_tries(r) for r in pages.values()]
        assert max(tries) >= 2  # the pages under way were tried again
        assert all(not _alive(pid) for pid in killed)

    asyncio.run(main())


def json_tries(rec: FetchRecord) -> int:
    from gui_crawler.records.rendering import detail

    return int(detail(rec.render).get("tries", 0))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (not reaped yet) is gone all the same
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return False


def test_a_cancel_ends_the_browser_within_a_second_and_leaves_no_process() -> None:
    async def main() -> None:
        async with AppSite(6, late_ms=900) as site:
            sink = Sink()
            cfg = CrawlConfig(roots=(site.url,), render="all", render_tabs=2, **PLAIN)
            crawler = Crawler(cfg, sink)
            task = asyncio.create_task(crawler.run())
            pids = await rendering(crawler, sink)
            assert pids
            assert crawler.progress().busy >= 1  # a worker whose page renders is at work
            t = time.monotonic()
            crawler.cancel()
            finished = await asyncio.wait_for(task, 10)
            took = time.monotonic() - t
        assert finished.reason == "cancelled"
        assert took < 1.5, took
        deadline = time.monotonic() + 1
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not any(_alive(p) for p in pids)

    asyncio.run(main())


def test_a_crawl_that_ends_or_whose_program_is_killed_leaves_no_browser() -> None:
    site = AppSite(30, late_ms=800)
    with ThreadedSite(site):
        proc = subprocess.Popen(
            [sys.executable, "-m", "gui_crawler", "crawl", site.url, "--render", "all",
             "--no-db", "--no-external", "-q", "--max-tasks", "2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 20
            pids: list[int] = []
            while time.monotonic() < deadline and not any("chrom" in _name(p) for p in pids):
                time.sleep(0.1)
                pids = descendants(proc.pid)
            assert any("chrom" in _name(p) for p in pids), "the browser never started"
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
        finally:
            if proc.poll() is None:
                proc.kill()
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in pids if _alive(p)]


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""
