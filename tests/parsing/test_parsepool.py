"""Parsing in worker processes: same result as inline, a dead worker becomes a record, cancel and
close do not wait for the pool."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import select
import sys
import time
from pathlib import Path

from sites import Site
from twins import compiled_twin

from gui_crawler import engine as engine_mod
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, Event, FetchRecord
from gui_crawler.parsing import accel, links
from gui_crawler.parsing.links import ParsedPage, parse_page
from gui_crawler.parsing.parsepool import ParsePool, ParserCrashed
from gui_crawler.records.verdicts import category

BIG = 40_000  # bytes: over the inline limit, so the page goes to the pool


def big_page(links: list[str]) -> bytes:
    anchors = "".join(f'<a href="{u}">{u}</a>\n' for u in links)
    filler = "<p>" + "x" * 100 + "</p>\n"
    return f"<!doctype html><html><body>{anchors}{filler * (BIG // 100)}</body></html>".encode()


# Module-level, so that worker processes can import them by name.
def crashing_parse(body: bytes, charset: str | None, url: str) -> ParsedPage:
    if "crash" in url:
        if multiprocessing.parent_process() is None:  # on the thread, before the processes are up
            raise RuntimeError("parsed on the thread: the parser processes were not up in time")
        os._exit(3)  # what a segfault in the C parser looks like to the pool
    return parse_page(body, charset, url)


def slow_parse(body: bytes, charset: str | None, url: str) -> ParsedPage:
    time.sleep(5)
    return parse_page(body, charset, url)


async def warm(pool: ParsePool, body: bytes) -> None:
    """Parse until the pool's processes are up (spawning takes a while on a loaded machine)."""
    deadline = time.monotonic() + 30
    while not pool.in_processes:
        assert time.monotonic() < deadline, "the parser processes did not start"
        await pool.parse(body, "utf-8", "http://h/warm")
        await asyncio.sleep(0.05)


def test_a_page_parsed_in_a_process_equals_one_parsed_inline() -> None:
    async def main() -> None:
        body = big_page(["/a", "b", "http://other/c", "/a#frag"])
        pool = ParsePool(2)
        try:
            await warm(pool, body)
            got = await pool.parse(body, "utf-8", "http://h/dir/p")
        finally:
            pool.close()
        assert got == parse_page(body, "utf-8", "http://h/dir/p")
        assert got.links == ["http://h/a", "http://h/dir/b", "http://other/c"]

    asyncio.run(main())


def test_pages_parsed_on_the_threads_read_as_pages_parsed_inline(impl: str) -> None:
    """The threads hash the visible text themselves (the C ones with _blake2b.c): texts of every
    length around its 128-byte blocks, none, and bytes that are not UTF-8 hash as hashlib's."""
    rnd = random.Random(5)
    words = [b"a", b"word", b"longer-word", b"\xe9t\xe9", b"10&nbsp;km", b"<b>bold</b>", b"\xff"]
    pages = [
        b"<!doctype html><title>t</title><p>" + b" ".join(rnd.choice(words) for _ in range(n))
        for n in [*range(0, 300, 7), *(rnd.randrange(5000) for _ in range(30))]
    ]

    async def on_threads() -> list[ParsedPage]:
        pool = ParsePool(0, inline_bytes=0)
        try:
            return await asyncio.gather(*(pool.parse(p, "utf-8", "http://h/d/") for p in pages))
        finally:
            pool.close()

    got = asyncio.run(on_threads())
    assert got == [parse_page(p, "utf-8", "http://h/d/") for p in pages]
    assert len({p.facts.content_hash for p in got}) > 30


def test_no_processes_parses_on_a_thread(impl: str) -> None:
    async def main() -> None:
        pool = ParsePool(0)
        body = big_page(["/a"])
        try:
            assert (await pool.parse(body, None, "http://h/")).links == ["http://h/a"]
            assert not pool.in_processes
        finally:
            pool.close()

    asyncio.run(main())


def test_a_dead_parser_process_is_an_error_and_the_pool_goes_on() -> None:
    async def main() -> None:
        body = big_page(["/a"])
        pool = ParsePool(1, parse=crashing_parse)
        try:
            await warm(pool, body)
            try:
                await asyncio.wait_for(pool.parse(body, None, "http://h/crash"), 30)
            except ParserCrashed:
                pass
            else:
                raise AssertionError("a dead parser process went unnoticed")
            assert pool.crashes == 2  # tried again in a new pool, then given up
            await warm(pool, body)
            assert (await pool.parse(body, None, "http://h/")).links == ["http://h/a"]
        finally:
            pool.close()

    asyncio.run(main())


def test_cancel_and_close_do_not_wait_for_a_running_parse() -> None:
    async def main() -> None:
        body = big_page(["/a"])
        pool = ParsePool(1, parse=slow_parse)
        try:
            probe = ParsePool(1)  # warm-up with the fast parser, then swap in the slow one
            await warm(probe, body)
            pool._procs, pool._warm, pool._started = probe._procs, True, True
            task = asyncio.ensure_future(pool.parse(body, None, "http://h/"))
            await asyncio.sleep(0.3)
            t = time.monotonic()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            pool.close()
            assert time.monotonic() - t < 1.0
        finally:
            pool.close()
            probe.close()

    asyncio.run(main())


def test_closing_the_parser_threads_cancels_what_waits_and_waits_for_nothing(impl: str) -> None:
    async def main() -> None:
        pool = ParsePool(0, threads=1)
        body = big_page([f"/{i}" for i in range(20_000)])  # a few ms each on one thread
        first = await pool.parse(body, "utf-8", "http://h/")  # the thread is up
        tasks = [
            asyncio.ensure_future(pool.parse(body, "utf-8", f"http://h/{i}")) for i in range(200)
        ]
        await asyncio.sleep(0)  # each task hands its page over
        t = time.monotonic()
        pool.close()
        assert time.monotonic() - t < 0.1
        await asyncio.gather(*tasks, return_exceptions=True)
        assert sum(task.cancelled() for task in tasks) > 100  # the pages still waiting
        assert all(task.cancelled() or task.result() == first for task in tasks)

    asyncio.run(main())


def test_the_parser_threads_give_back_every_page_they_were_handed(impl: str) -> None:
    """The threads read a page's bytes in place, holding a reference to them: every reference is
    given back, whether the page was drained, dropped from the queue by close(), or still being
    parsed at close() (then by the next call that holds the GIL, once its thread is done)."""
    pages = [big_page([f"/{n}/{i}" for i in range(20_000)]) for n in range(6)]
    counts = [sys.getrefcount(page) for page in pages]

    def submit(walkers: accel.pagewalk.Walkers, n: int) -> None:
        walkers.submit(
            n, pages[n], "http://h/", 15_000, pages[n].count(b"<"), False, 1 << 16, 1 << 26
        )

    walkers = accel.walkers()(1)
    submit(walkers, 0)
    assert select.select([walkers.fileno()], [], [], 10)[0]
    ((job, walked, _, _, trouble),) = walkers.drain()
    assert not trouble
    assert job == 0 and walked
    for n in range(1, 6):
        submit(walkers, n)
    time.sleep(0.002)  # the thread is on page 1, the rest wait
    walkers.close()
    deadline = time.monotonic() + 10
    while (held := [sys.getrefcount(page) for page in pages]) != counts:
        assert time.monotonic() < deadline, f"references held: {held}, at first {counts}"
        time.sleep(0.01)
        accel.walkers()(1).close()  # a call with the GIL: it gives back what a thread left


def test_the_parser_threads_yield_to_the_event_loop() -> None:
    """The compiled threads run under SCHED_BATCH (Linux): a thread woken for a page does not preempt the event
    loop's thread that handed it over (the loop is the crawl's critical path)."""

    def parser_threads() -> dict[int, int]:
        """Thread id -> scheduling policy of each thread named crawl-parse."""
        got = {}
        for t in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError):  # a thread that ended meanwhile
                if Path(f"/proc/self/task/{t}/comm").read_text().strip() == "crawl-parse":
                    got[int(t)] = os.sched_getscheduler(int(t))
        return got

    before = parser_threads().keys()  # any other test's, still ending
    walkers = compiled_twin("pagewalk").Walkers(2)
    try:
        deadline = time.monotonic() + 5
        # A thread is named and sets its policy first thing after it starts.
        while [p for t, p in parser_threads().items() if t not in before] != [os.SCHED_BATCH] * 2:
            assert time.monotonic() < deadline, f"parser threads' policies: {parser_threads()}"
            time.sleep(0.01)
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the caller's thread is left alone
    finally:
        walkers.close()


def test_a_crawl_records_a_page_whose_parser_died() -> None:
    async def main() -> None:
        events: list[Event] = []
        async with Site() as site:
            site.html("/", big_page(["/crash", "/ok"]))
            site.html("/crash", big_page(["/never"]), delay=2.0)  # the processes start meanwhile
            site.html("/ok", big_page([]))
            engine_mod.parse_page = crashing_parse  # type: ignore[assignment]
            try:
                crawler = Crawler(
                    CrawlConfig(roots=(site.u("/"),), max_tasks=1, parse_processes=1),
                    events.append,
                )
                finished = await asyncio.wait_for(crawler.run(), 50)
            finally:
                engine_mod.parse_page = parse_page
        assert isinstance(finished, CrawlFinished) and finished.reason == "done"
        records = {e.url: e for e in events if isinstance(e, FetchRecord)}
        assert set(records) == crawler.seen
        assert len([e for e in events if isinstance(e, FetchRecord)]) == len(records)
        crash = records[site.u("/crash")]
        assert crash.error_kind == "ParserCrashed", crash
        assert category(records[site.u("/ok")]) == "html"

    asyncio.run(main())


def test_a_loop_without_add_reader_gets_the_pages_through_a_watching_thread(impl: str) -> None:
    """Windows' proactor loop has no add_reader: a thread waits on the threads' fd instead."""

    class NoReaders(asyncio.SelectorEventLoop):
        def add_reader(self, *args: object) -> None:  # type: ignore[override]
            raise NotImplementedError

    pages = [big_page([f"/{n}/{i}" for i in range(50)]) for n in range(30)]

    async def on_threads() -> list[ParsedPage]:
        pool = ParsePool(0, inline_bytes=0)
        try:
            got = await asyncio.gather(*(pool.parse(p, "utf-8", "http://h/") for p in pages))
            assert pool._thread is not None and pool._thread._watcher is not None
            return got
        finally:
            pool.close()

    with asyncio.Runner(loop_factory=NoReaders) as runner:
        got = runner.run(asyncio.wait_for(on_threads(), 30))
    assert got == [parse_page(p, "utf-8", "http://h/") for p in pages]


def test_finish_gives_the_walks_memory_back_before_the_pages_facts(impl: str) -> None:
    """What the walk read stays in C until finish reads it; finish lets it go before it puts the
    page's facts together, so that on a big page both are never held at once (python3-doc's
    contents.html: the crawl's peak)."""
    body = big_page([f"/p{i // 20}.html#s{i}" for i in range(400)])
    page = links.begin(body, "utf-8", "http://h/dir/p", here=False)
    assert isinstance(page, links.PageWalk)
    walked, seconds, trouble = links.walk(page)
    assert walked
    got = links.finish(page, walked, seconds, trouble)
    assert walked == []
    assert got == parse_page(body, "utf-8", "http://h/dir/p")
