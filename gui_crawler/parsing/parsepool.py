"""Where HTML is parsed: inline, on parser threads, or in worker processes.

Pages too small for a hop are parsed inline. Bigger ones go to parser threads written in C, which
never take the GIL: they parse and walk the page's bytes in place, and the Python objects are made
before and after, on the event loop's thread (``links.begin``, ``links.finish``), so the threads
use the other cores without taking the GIL from the loop for each page. With ``processes`` > 0
they go to a pool of worker processes instead: a page body travels there as one pickled ``bytes``
(a copy into a pipe) and a :class:`ParsedPage` comes back pickled whole.

The process pool starts with the first page big enough to be worth a hop (a crawl of small pages
never starts it); until its first process is up (spawning takes a few hundred milliseconds) pages
are parsed on a thread.
A worker process that dies (a crash in the C parser, the OOM killer) breaks the pool: it is
replaced, the parse is tried once more in the new pool, and a page that breaks that one too is
reported as :class:`ParserCrashed` — a record, never a hang. Cancelling a parse returns at once;
closing the pool does not wait for the parses still running in it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future
from typing import TYPE_CHECKING

from gui_crawler.base import heap
from gui_crawler.parsing import accel, slicing
from gui_crawler.parsing.links import (
    PageWalk,
    ParsedPage,
    begin,
    finish,
    nested,
    parse_page,
    scan_steps,
)

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from gui_crawler.parsing.accel import Walked

log = logging.getLogger(__name__)

# Smaller pages are parsed inline: a hop to a parser thread costs the event loop about what
# parsing 1 KB inline takes (the copy, a future, the worker's switch, the drain). Loop time per
# page, inline against on a thread (the parse-hop bench, docs/performance-history.md): 250 B 15
# vs 28 us, 800 B 27 vs 29, 1.5 KB 40 vs 33, 6.4 KB 126 vs 76. Rust-doc, side by side: every
# page over 1 KB to the threads 9.5-9.9 s, over 16 KB 11.0-11.2 s.
INLINE_PARSE_BYTES = 1024
# Smaller pages go to the threads even when worker processes are up: the pickles through a pipe
# cost more than the parse (rust-doc with processes: 15.7 s when pages over 1.5 KB went to the
# processes, 10.8 s when those under 16 KB went to the threads).
PROCESS_MIN_BYTES = 16 * 1024


class ParserCrashed(Exception):
    """A parser process died on this page, twice."""


def default_processes() -> int:
    """One parser process per core this process may run on."""
    return heap.cores()


def _ready() -> int:
    return os.getpid()


# A DOM takes about 23 times its page's bytes (a 10 MB source listing: 230 MB). glibc keeps what
# is freed for reuse, so without a trim each parser holds its biggest page's peak for good.
TRIM_AFTER_BYTES = 1 << 20


def _run(
    parse: Callable[[bytes, str | None, str], ParsedPage],
    body: bytes,
    charset: str | None,
    url: str,
) -> ParsedPage:
    """Parse (in a worker thread or process), then give a big page's memory back."""
    try:
        return parse(body, charset, url)
    finally:
        if len(body) >= TRIM_AFTER_BYTES:
            heap.trim()


async def _on_thread(
    threads: ParserThreads, body: bytes, charset: str | None, url: str, checks: bool = True
) -> ParsedPage:
    """parse_page with only its parse on a thread: the Python objects before and after it are
    made here, on the event loop's thread."""
    page = begin(body, charset, url, here=False, checks=checks)
    if isinstance(page, ParsedPage):
        return page
    if page.deep:  # a regex pass over the page, on another thread: the loop keeps turning
        scanned = await asyncio.to_thread(nested, page)
        if scanned is not None:
            return scanned
    walked, seconds, digest, trouble = await threads.walk(page)
    if trouble:  # the plain scan of a huge page takes seconds: the loop runs between its steps
        t0 = time.perf_counter()
        for found in scan_steps(page.data, page.page_url):
            if found is not None:
                spent = page.seconds + seconds + time.perf_counter() - t0
                return ParsedPage(found, page.encoding, slicing.why(trouble), seconds=spent)
            await asyncio.sleep(0)
    return finish(page, walked, seconds, trouble, digest)


class ParserThreads:
    """Parser threads that never take the GIL (``_pagewalk.Walkers``): each page is handed to one
    of them (its bytes read in place, and cut there too), and what they read comes back a batch
    at a time, with one wake-up of the loop (their eventfd, which the loop watches) for all the
    pages finished since the last one. On Linux they run under SCHED_BATCH, named crawl-parse: a
    thread woken for a page does not take the core from the event loop that handed it over.

    Python threads took the GIL twice per page, to take it and to hand it back, each time from
    the event loop, which then waited for the GIL and for a core. A ThreadPoolExecutor behind
    run_in_executor cost the loop two futures, their callbacks and a wake-up per page besides."""

    def __init__(self, threads: int) -> None:
        self._walkers = accel.walkers()(threads)
        self._waiting: dict[int, asyncio.Future[tuple[list[Walked], float, bytes, int]]] = {}
        self._ids = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watcher: _Watcher | None = None
        self._closed = False

    def walk(self, page: PageWalk) -> asyncio.Future[tuple[list[Walked], float, bytes, int]]:
        """``links.walk(page)`` on a parser thread: the pieces walked, the seconds it took, the
        hash of the page's visible text, and why it is too complex to parse (or 0)."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._unwatch()
            try:
                loop.add_reader(self._walkers.fileno(), self._deliver)
            except NotImplementedError:  # Windows' proactor loop: a thread waits on the fd
                self._watcher = _Watcher(self._walkers.fileno(), loop, self._deliver)
            self._loop = loop
        job = next(self._ids)
        trim = len(page.data) >= TRIM_AFTER_BYTES
        self._walkers.submit(
            job,
            page.data,
            page.directory,
            slicing.MAX_TAGS,
            page.tags,
            trim,
            slicing.MAX_ELEMENTS,
            slicing.MAX_ATTRIBUTE_PAIRS,
            page.page_url,
            page.checks,
        )
        self._waiting[job] = fut = loop.create_future()
        return fut

    def _deliver(self) -> None:
        if self._closed:  # a wake-up that was on its way when the threads were closed
            return
        for job, walked, seconds, digest, trouble in self._walkers.drain():
            fut = self._waiting.pop(job)
            if fut.cancelled():  # the crawl was cancelled meanwhile
                continue
            if walked is None:
                fut.set_exception(MemoryError("out of memory parsing the page"))
            else:
                fut.set_result((walked, seconds, digest, trouble))

    def _unwatch(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        elif self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._walkers.fileno())
        self._loop = None

    def shutdown(self) -> None:
        """Stop: a parse under way ends on its thread, unawaited; pages still waiting for a
        thread are dropped, and whoever awaits them is cancelled."""
        self._closed = True
        self._unwatch()
        self._walkers.close()
        for fut in self._waiting.values():
            fut.cancel()
        self._waiting.clear()


class _Watcher:
    """For an event loop without ``add_reader`` (Windows' proactor loop): a thread that waits
    until ``fd`` is readable, has the loop call ``deliver`` (which reads it empty), and waits for
    that before it looks again."""

    def __init__(self, fd: int, loop: asyncio.AbstractEventLoop, deliver: Callable[[], None]):
        self._fd, self._loop, self._deliver = fd, loop, deliver
        self._stopped = threading.Event()
        threading.Thread(target=self._run, name="crawl-parse-watch", daemon=True).start()

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                ready, _, _ = select.select([self._fd], [], [], 0.2)
            except (OSError, ValueError):  # the fd was closed: the threads are shut down
                return
            if not ready or self._stopped.is_set():
                continue
            delivered = threading.Event()
            try:
                self._loop.call_soon_threadsafe(self._deliver_then, delivered)
            except RuntimeError:  # the loop is closed
                return
            while not delivered.wait(0.2) and not self._stopped.is_set():
                pass

    def _deliver_then(self, delivered: threading.Event) -> None:
        try:
            self._deliver()
        finally:
            delivered.set()

    def stop(self) -> None:
        self._stopped.set()


class ParsePool:
    """``await pool.parse(body, charset, url)``: a :class:`ParsedPage`, parsed inline, on a thread
    or in a worker process. ``processes=0`` keeps every parse in this process (on a thread).
    ``parse`` is what parses inline and in the processes; on a thread it is always
    ``links.parse_page``, in its three steps. ``checks`` False (--no-checks): ``parse`` is given
    ``checks=False`` and the threads read nothing for the page checks."""

    def __init__(
        self,
        processes: int | None = None,
        inline_bytes: int = INLINE_PARSE_BYTES,
        # called (body, charset, url), and given checks=False too when ``checks`` is False
        parse: Callable[..., ParsedPage] = parse_page,
        threads: int | None = None,
        checks: bool = True,
    ) -> None:
        # ``parse`` must be a module-level function: it is pickled by name into the processes
        # (a partial of one pickles alike).
        self._parse = parse if checks else functools.partial(parse, checks=False)
        self.checks = checks
        self.processes = default_processes() if processes is None else processes
        self.inline_bytes = inline_bytes
        # The pure-Python walk holds the GIL: its threads take turns with each other and with the
        # event loop, and a second one only adds the switches (python3-doc, pure Python, side by
        # side: two threads 2.52x the chapter's crawler, one 2.13x, parsed on the loop 2.03x).
        if not accel.compiled("pagewalk"):
            threads = 1
        threads = threads or default_processes()
        # lexbor's parse and the walk of its tree run without the GIL (links.walk), so parser
        # threads use as many cores as there are threads; each gets a heap arena of its own.
        heap.tune(threads)
        self._thread: ParserThreads | None = ParserThreads(threads)
        self._procs: ProcessPoolExecutor | None = None
        self._warm = False
        self._started = False
        self._closed = False
        self.crashes = 0
        # One huge page at a time: each DOM takes ~23x its bytes, and two 10 MB pages parsed at
        # once (one per process) would double the crawl's peak memory for a few pages' sake.
        self._huge = asyncio.Semaphore(1)

    def _start(self) -> None:
        # Imported here, as the pool starts: most crawls run no parser process (the default),
        # and multiprocessing's modules are ~1% of the command line's start.
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # spawn, not fork: the window's process has Qt's threads, and a forked child of a
        # threaded process may deadlock on a lock some other thread held.
        self._procs = pool = ProcessPoolExecutor(
            self.processes, mp_context=multiprocessing.get_context("spawn")
        )
        self._warm = False
        try:
            probe = pool.submit(_ready)
        except (OSError, RuntimeError) as e:  # no processes here (a sandbox, a frozen app)
            log.warning("parsing on a thread: cannot start parser processes (%s)", e)
            self._procs = None
            return
        probe.add_done_callback(lambda f: self._warmed(pool, f))

    def _warmed(self, pool: ProcessPoolExecutor, probe: Future[int]) -> None:
        # Runs on the pool's management thread: only a flag is set here.
        if pool is self._procs and not probe.cancelled() and probe.exception() is None:
            self._warm = True

    @property
    def in_processes(self) -> bool:
        """Whether big pages go to worker processes now (the pool is up)."""
        return self._warm and self._procs is not None

    async def parse(self, body: bytes, charset: str | None, url: str) -> ParsedPage:
        if len(body) <= self.inline_bytes or self._closed:
            return self._parse(body, charset, url)
        if len(body) < PROCESS_MIN_BYTES and self._thread is not None:
            return await _on_thread(self._thread, body, charset, url, self.checks)
        if len(body) >= TRIM_AFTER_BYTES:
            async with self._huge:
                return await self._dispatch(body, charset, url)
        return await self._dispatch(body, charset, url)

    async def _dispatch(self, body: bytes, charset: str | None, url: str) -> ParsedPage:
        if not self._started and self.processes > 0:
            self._started = True
            self._start()
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            # A retry waits for the new pool: the thread must not run what killed a process.
            if self._procs is not None and (self._warm or attempt == 2):
                pool: ProcessPoolExecutor | ParserThreads | None = self._procs
            else:
                pool = self._thread
            if pool is None:
                return self._parse(body, charset, url)
            try:
                if isinstance(pool, ParserThreads):
                    return await _on_thread(pool, body, charset, url, self.checks)
                return await loop.run_in_executor(pool, _run, self._parse, body, charset, url)
            # BrokenProcessPool's base (it needs no import): the parser threads raise none.
            except BrokenExecutor:
                self.crashes += 1
                log.warning("a parser process died (on %s or a page beside it)", url)
                if pool is self._procs and self._procs is not None and not self._closed:
                    self._procs.shutdown(wait=False, cancel_futures=True)
                    self._start()
                if attempt == 2:
                    raise ParserCrashed("the parser process died on this page (twice)") from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the pool without waiting: parses still running end in their processes."""
        self._closed = True
        if self._procs is not None:
            with contextlib.suppress(Exception):
                self._procs.shutdown(wait=False, cancel_futures=True)
        if self._thread is not None:
            self._thread.shutdown()
        self._procs = self._thread = None
