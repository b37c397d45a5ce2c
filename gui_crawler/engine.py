"""The crawler: one queue, N worker coroutines, ``join()`` then cancel (the seed's design), made
correct and controllable. No Qt here: the window and the CLI both drive this headless engine.

Every URL taken into the crawl ends as exactly one :class:`FetchRecord` sent to the sink; worker
state changes and periodic progress snapshots go through the same sink.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import aiohttp

from gui_crawler import options
from gui_crawler.base.translate import translate
from gui_crawler.base.urls import Scope, uncrawlable
from gui_crawler.base.userregex import PAGE_BUDGET
from gui_crawler.config import CrawlConfig, check_regex
from gui_crawler.crawl import direct
from gui_crawler.crawl.access import Access, proxy_host
from gui_crawler.crawl.bodies import BodyBudget
from gui_crawler.crawl.chains import RedirectChains
from gui_crawler.crawl.concurrency import (
    BUSY_LEAST,
    OwnLimits,
    WorkerWindow,
    loop_time,
    open_file_limit,
    worker_cap,
)
from gui_crawler.crawl.encodings import ACCEPT_ENCODING
from gui_crawler.crawl.failures import describe, failure
from gui_crawler.crawl.frontier import Frontier
from gui_crawler.crawl.hosts import HostTable
from gui_crawler.crawl.outcome import Outcome
from gui_crawler.crawl.phases import AddressPolicy, TimedConnector, TimedResolver, Timing
from gui_crawler.crawl.politeness import LocalHosts
from gui_crawler.crawl.recording import fetch_record
from gui_crawler.crawl.seen import Seen
from gui_crawler.crawl.tries import Tries
from gui_crawler.events import (
    CrawlFinished,
    ErrorKind,
    Event,
    FetchRecord,
    Notice,
    Progress,
    Queued,
    Reason,
    WorkerEvent,
    WorkerState,
)
from gui_crawler.parsing.css import CSS_TYPE, css_links
from gui_crawler.parsing.extract import MAX_QUERY_TAGS
from gui_crawler.parsing.links import ParsedPage, parse_page
from gui_crawler.parsing.linkwords import pack_piece, page_blob, with_dropped
from gui_crawler.parsing.pagefacts import robots_tokens
from gui_crawler.parsing.parsepool import ParsePool, ParserCrashed, default_processes
from gui_crawler.parsing.slicing import MAX_TAGS
from gui_crawler.records.wording import workers_capped

if TYPE_CHECKING:
    from gui_crawler.render.rendered import RenderStep

log = logging.getLogger(__name__)

# A worker at work on a URL (Progress.busy): its page in a tab of the headless browser too.
BUSY = frozenset({WorkerState.FETCHING, WorkerState.PARSING, WorkerState.RENDERING})
# What an earlier crawl took in is taken in this many URLs a turn of the loop (_take_earlier).
EARLIER_BATCH = 5_000


def capped_workers(n: int, parse_processes: int = 0) -> tuple[int, str | None]:
    """``n`` workers as this process can run them now, and the notice that says so when that is
    fewer (None when it is not)."""
    limit = open_file_limit()
    cap = worker_cap(limit, parse_processes)
    if cap and n > cap:
        return cap, workers_capped(cap, limit)
    return n, None


class Crawler(Tries):
    """Crawls from ``config.roots`` and reports every outcome to ``sink``.

    Control while running (plain method calls, safe from any callback on the loop): ``cancel()``,
    ``pause()``, ``resume()``, ``set_max_workers(n)``. ``seen``/``pending`` resume an earlier
    crawl: ``seen`` are URLs already recorded, ``pending`` the frontier still to fetch.
    """

    def __init__(
        self,
        config: CrawlConfig,
        sink: Callable[[Event], None] = lambda event: None,
        *,
        seen: Iterable[str] = (),
        pending: Iterable[Queued] | None = None,
        session_kwargs: dict | None = None,
        before_take: Callable[[], Awaitable[None]] | None = None,
        frontier: Frontier | None = None,
        hosts: LocalHosts | None = None,
        worker_events: bool = True,
    ) -> None:
        self.config = config = config.validated()
        self.sink = sink
        # WorkerEvents only for a sink that shows the workers (the window's Workers tab and
        # timeline, a cluster node's status): a few a URL, and the command line reads none.
        self._worker_events = worker_events
        self.scope = Scope(
            config.roots,
            strict=config.strict,
            include=check_regex("include", config.include),
            exclude=check_regex("exclude", config.exclude),
        )
        for pattern in (self.scope.include, self.scope.exclude):
            if pattern is not None:  # one cut short says so (userregex.UrlRegex)
                pattern.on_cut = lambda text: self.sink(Notice(text))
        # The chapter's seen_urls and queue, with the URLs held for another try; and where
        # per-host politeness is decided (robots.txt, limits, delays, back-off). This machine's
        # unless others with their interface are given: a crawl shared by many machines through
        # Redis (gui_crawler/cluster) hands out and takes in URLs, and decides per host, there.
        self.frontier = frontier if frontier is not None else Frontier()
        self._host_rules = hosts if hosts is not None else LocalHosts()
        self.frontier.on_notice = lambda text: self.sink(Notice(text))
        # What an earlier crawl took in (its URLs, its frontier), taken in as the crawl starts
        # (_take_earlier): a resumed crawl file's are read from the file then, not here.
        self._earlier: Iterable[str] = seen
        self._initial: Iterable[Queued] | None = pending
        self._session_kwargs = session_kwargs or {}
        # Awaited by a worker before it takes its next URL: a crawl file holds the worker there
        # while too many records wait for their commit, so that a kill loses a bounded number
        # of fetches (storage/writer.py: fewer than two per worker).
        self._before_take = before_take
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._stopping = False  # the workers are being stopped: none starts again
        self._states: dict[int, WorkerState] = {}
        # A parked URL handed straight to the worker that freed its host's slot (HostTable.done),
        # by worker: it takes that URL next instead of one from the queue.
        self._handoff: dict[int, Queued] = {}
        self._hosts: HostTable[Queued] | None = None
        self.in_sitemap = Seen()  # the URLs the sitemaps list (a sitemap may list millions)
        self._timings: dict[str, Timing] = {}
        self._chains = RedirectChains()
        self._extractor = config.extractor()  # custom extraction and search; empty: falsy
        self._regex_said: set[str] = set()  # the rules whose regex was cut, said once each
        # How far behind the loop has fallen, the failures of the crawler's own and the URLs
        # waiting for another try after one: a timeout while the loop fell far behind is its own.
        self._own = OwnLimits()
        # The loop's clock, its own ``time`` once the crawl runs: asyncio.get_running_loop()
        # asks the system for the process id at every call (a fork check), several a URL.
        self._now: Callable[[], float] = loop_time
        procs = 0  # parser processes, each holding files of its own
        if config.parse_in_thread:
            wanted = config.parse_processes
            procs = default_processes() if wanted is None else wanted
        self._parse_processes = procs
        # The worker count the open-file limit allows, and the notice that says so when it is
        # fewer than asked, until said (once a crawl runs).
        capped, self._cap_notice = capped_workers(config.max_tasks, procs)
        self._capped = self._cap_notice is not None
        # Of those, how many may fetch at once: fewer while the crawler's own resources fail
        # (crawl/concurrency.py); _target_workers is that count, the workers running.
        self._window = WorkerWindow(capped)
        self._target_workers = capped
        self._unpaused = asyncio.Event()
        self._unpaused.set()
        self._stop = asyncio.Event()
        self._session: aiohttp.ClientSession | None = None
        # The in-scope pages' requests, when crawl/direct.py's path is usable.
        self._direct: direct.Direct | None = None
        self._parser: ParsePool | None = None
        self._bodies = BodyBudget()
        # One page of more than MAX_TAGS queried by CSS or XPath at a time: its tree is big.
        self._big_queries = asyncio.Semaphore(1)
        # JavaScript rendering (gui_crawler/render), made when the crawl starts.
        self._render: RenderStep | None = None
        self._t0 = self._t_end = 0.0
        self.done = 0
        self.running = False
        self.finished: CrawlFinished | None = None

    # ---- commands -----------------------------------------------------------------------------

    def cancel(self) -> None:
        """Stop the crawl: in-flight fetches are abandoned (recorded as cancelled), the queue kept."""
        self._stop.set()

    def pause(self) -> None:
        """Workers finish their current fetch and then wait; nothing new is fetched."""
        self._unpaused.clear()

    def resume(self) -> None:
        self._unpaused.set()

    @property
    def started_at(self) -> float | None:
        """Loop time the crawl began; records' ``finished_at`` counts from it. None until
        ``run()`` begins: a reader in between (a window's frame) would take the loop's own clock,
        seconds since the machine started, for the crawl's."""
        return self._t0 if self.running or self.finished is not None else None

    def under_way(self) -> Iterator[tuple[int, str, Timing]]:
        """(worker, URL, phase marks so far) of each request a worker holds now, for the timeline
        to draw requests in flight: read at its frame rate, so the crawl sends no event for it."""
        timings = self._timings
        for wid, item in self.frontier.in_flight.items():
            t = timings.get(item.url)
            if t is not None and t.worker == wid:
                yield wid, item.url, t

    @property
    def paused(self) -> bool:
        return not self._unpaused.is_set()

    @property
    def max_workers(self) -> int:
        """The worker count the crawl runs with: the one asked for, capped by the open-file
        limit (``capped_workers``). Fewer of them run while the crawler's own resources fail
        (crawl/concurrency.py): Progress.workers counts those, a Notice says so."""
        return self._window.asked

    def set_max_workers(self, n: int) -> None:
        """Change the number of worker coroutines now: new ones start at once; surplus ones stop
        at once if idle, else after their current URL. More than the open-file limit allows
        are capped, and a Notice says so (once, until a count within the cap is asked for)."""
        workers = options.option("max_tasks")
        assert workers.low is not None and workers.high is not None
        if not workers.low <= n <= workers.high:
            raise ValueError(
                f"the number of workers must be between {workers.low} and {workers.high}, not {n}"
            )
        capped, notice = capped_workers(n, self._parse_processes)
        if notice is None or not self._capped:
            self._cap_notice = notice  # else said already (or about to be)
        self._capped = notice is not None
        self._window.reset(capped)
        self._target_workers = capped
        if not self.running:
            return
        self._say_cap()
        self._apply_target()

    def _apply_target(self) -> None:
        """Run _target_workers workers: new ones start at once; surplus ones stop at once if
        idle, else after their current URL."""
        target = self._target_workers
        for wid, task in list(self._workers.items()):
            if wid >= target and self._states.get(wid) is WorkerState.IDLE:
                task.cancel()
        self._spawn_workers()

    # ---- state --------------------------------------------------------------------------------

    def progress(self) -> Progress:
        busy = sum(1 for s in self._states.values() if s in BUSY)
        end = asyncio.get_running_loop().time() if self.running else self._t_end
        frontier = self.frontier
        waiting = len(frontier.delayed) + len(self._handoff)
        if self._hosts is not None:
            waiting += self._hosts.waiting()
        return Progress(
            queued=frontier.qsize() + waiting,
            in_flight=len(frontier.in_flight),
            done=self.done,
            seen=len(frontier.seen),
            workers=len(self._workers),
            busy=busy,
            paused=self.paused,
            elapsed=end - self._t0,
        )

    def pending(self) -> list[Queued]:
        """URLs taken in but not recorded yet (queued and in flight): the frontier to resume."""
        parked = [*self._hosts.parked(), *self._handoff.values()] if self._hosts else ()
        return self.frontier.pending(parked)

    # ---- running ------------------------------------------------------------------------------

    async def run(self) -> CrawlFinished:
        """Crawl until the queue drains or ``cancel()``; returns (and emits) CrawlFinished."""
        if self.running or self.finished:
            raise RuntimeError("a Crawler runs once; make a new one to crawl again")
        loop = asyncio.get_running_loop()
        self.running = True
        self._now = self._own.clock = loop.time
        self._t0 = loop.time()
        cfg = self.config
        self._hosts = self._host_rules.table(cfg, self.frontier.unpark, loop)
        timeout = aiohttp.ClientTimeout(
            total=cfg.timeout, sock_connect=cfg.connect_timeout, sock_read=cfg.read_timeout
        )
        # No connection cap of our own: the number of workers is the concurrency limit.
        connector = TimedConnector(limit=0, ttl_dns_cache=300, resolver=TimedResolver())
        # External checks connect to no private address unless the roots are at one. Set after
        # construction: a plain TCPConnector swapped in for comparison takes no policy argument.
        connector.policy = AddressPolicy(cfg.roots, via=proxy_host(cfg))
        reason: str = Reason.DONE
        if cfg.parse_in_thread:
            self._parser = ParsePool(
                cfg.parse_processes, parse=parse_page, threads=cfg.parse_threads, checks=cfg.checks
            )
        if cfg.render != "off":
            from gui_crawler.render.rendered import RenderStep

            self._render = RenderStep(cfg, self.scope.host_ok, lambda: self._session, self.sink)
        self._say_cap()
        ticker = loop.create_task(self._tick())
        try:
            await self._take_earlier()
            if self._initial is None:
                for root in cfg.roots:
                    self._add(Queued(root, cfg.max_redirect, 0, None))
            # Only codings _read can undo: it decodes bodies itself (crawl/encodings.py).
            headers = {"User-Agent": cfg.user_agent, "Accept-Encoding": ACCEPT_ENCODING}
            async with aiohttp.ClientSession(
                connector=connector,
                timeout=timeout,
                headers=headers,
                cookie_jar=aiohttp.DummyCookieJar(),
                **Access(cfg).session_kwargs(),
                **self._session_kwargs,
            ) as session:
                # aiohttp silently resends an idempotent request once when a kept-alive connection
                # drops; we count and pace tries ourselves, so max_tries must mean what it says.
                if hasattr(session, "_retry_connection"):
                    session._retry_connection = False
                self._session = session
                if direct.usable(cfg, self._session_kwargs):
                    self._direct = direct.Direct(connector, timeout, headers)
                if not self._stop.is_set():  # not cancelled while the earlier crawl was read
                    self._spawn_workers()
                joined = loop.create_task(self.frontier.join())
                stopped = loop.create_task(self._stop.wait())
                try:
                    await asyncio.wait({joined, stopped}, return_when=asyncio.FIRST_COMPLETED)
                    if self._stop.is_set() and not joined.done():
                        reason = Reason.CANCELLED
                finally:
                    joined.cancel()
                    stopped.cancel()
                    await self._stop_workers()
                    await asyncio.gather(joined, stopped, return_exceptions=True)
                    if self._direct is not None:
                        self._direct.close()
                        self._direct = None
        except asyncio.CancelledError:
            reason = Reason.CANCELLED
            raise
        except Exception as e:  # e.g. the session could not be created
            log.exception("crawl failed")
            reason = "error: " + failure(*describe(e))["exception"]
        finally:
            ticker.cancel()
            await asyncio.gather(ticker, return_exceptions=True)
            self._hosts.close()
            self.frontier.cancel_delayed()
            for rec in self._chains.flush():
                self._send(rec)
            self._emit_hosts()
            if self._render is not None:  # the browser ends with the crawl, within a second
                await self._render.close()
            if self._parser is not None:
                self._parser.close()
                self._parser = None
            self.running = False
            self._session = None
            self._t_end = loop.time()
            self.finished = CrawlFinished(
                reason=reason,
                done=self.done,
                todo=self.frontier.left(self._hosts.waiting()),
                elapsed=self._t_end - self._t0,
            )
            self.sink(self.progress())
            self.sink(self.finished)
        return self.finished

    async def _take_earlier(self) -> None:
        """What an earlier crawl took in: its URLs into the seen set, then its frontier (resuming;
        even if empty) into the queue, which spills to disk past its size. A batch at a time with
        a turn of the loop between: a million-URL crawl file takes seconds to read. Cancelled
        meanwhile, the crawl ends with the rest left in the file."""
        earlier, self._earlier = self._earlier, ()
        seen = self.frontier.seen
        for n, url in enumerate(earlier, 1):
            seen.add(url)
            if n % EARLIER_BATCH == 0 and await self._stopped_after_a_turn():
                return
        if self._initial is not None:
            now = asyncio.get_running_loop().time
            for n, item in enumerate(self._initial, 1):
                why = uncrawlable(item.url)  # a crawl file can hold anything
                if why is not None:  # recorded as it is, never fetched (aiohttp would raise)
                    bad = Outcome(error_kind=ErrorKind.INVALID_URL, message=why)
                    self._record(item, now(), 0, bad)
                    continue
                self.frontier.add_url(item)  # in the crawl file already: not sent again
                if n % EARLIER_BATCH == 0 and await self._stopped_after_a_turn():
                    return
            self._initial = []  # the frontier holds them from here

    async def _stopped_after_a_turn(self) -> bool:
        await asyncio.sleep(0)
        return self._stop.is_set()

    def _say_cap(self) -> None:
        if self._cap_notice is not None:
            self.sink(Notice(self._cap_notice))
            self._cap_notice = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        interval = self.config.progress_interval
        try:
            while True:
                self._own.tick_due = loop.time() + interval
                await asyncio.sleep(interval)
                late = self._own.ticked()
                if late >= BUSY_LEAST:
                    why = f"its event loop fell {late:.1f} s behind"
                    self._fewer_workers(why, loop.time() - late)
                self.sink(self.progress())
                self._emit_hosts()
        finally:
            self._own.tick_due = 0.0  # no tick to come: none is overdue

    def _fewer_workers(self, why: str, began: float) -> None:
        """The crawler's own resources failed (``why``) for what began at loop time ``began``:
        fewer workers fetch at once, and a Notice says how many (crawl/concurrency.py)."""
        now = asyncio.get_running_loop().time()
        if not self.running or not self._window.shrink(began, now, len(self._workers)):
            return
        self._target_workers = n = self._window.effective
        self._apply_target()
        self.sink(
            Notice(
                translate(
                    "Engine",
                    "Fetching with {n} of {asked} workers: {why}; more are let in again as "
                    "fetches succeed",
                ).format(n=f"{n:,}", asked=f"{self._window.asked:,}", why=why)
            )
        )

    def _more_workers(self) -> None:
        """A try went well: the worker count grows back towards the one asked for."""
        if self._window.grow():
            self._target_workers = self._window.effective
            self._spawn_workers()

    def _own_wait(self, url: str, message: str, began: float) -> float | None:
        """Seconds until the next try of a URL that failed for the crawler's own reasons (its
        record's ``message``; the try began at loop time ``began``), or None when it has had
        OWN_RETRIES such tries: then it is recorded. Fewer workers fetch from now on; a try
        begun before the count fell failed for the count, which is lowered since: it is not
        counted against the URL."""
        forgiven = began <= self._window.lowered_at  # the count has fallen since it began
        self._fewer_workers(message.split(", not the site's doing")[0], began)
        return self._own.next_wait(url, forgiven)

    def _emit_hosts(self) -> None:
        if self._hosts is not None:
            for state in self._hosts.changed():
                self.sink(state)

    def _spawn_workers(self) -> None:
        if self._stopping:
            return
        loop = asyncio.get_running_loop()
        for wid in range(self._target_workers):
            if wid not in self._workers:
                self._workers[wid] = loop.create_task(self._work(wid), name=f"crawl-worker-{wid}")

    async def _stop_workers(self) -> None:
        # A worker count set meanwhile (the window's, or the tick's when the loop falls behind)
        # would start workers that fetch after the session is gone.
        self._stopping = True
        tasks = list(self._workers.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _set_state(self, wid: int, state: WorkerState, url: str | None) -> None:
        self._states[wid] = state
        if self._worker_events:
            self.sink(WorkerEvent(wid, state, url, asyncio.get_running_loop().time()))

    @property
    def seen(self) -> Seen:
        """Every URL taken into the crawl (the frontier's), recorded or not: ``url in seen`` and
        ``len(seen)``; the URLs themselves are not kept (seen.Seen)."""
        return self.frontier.seen

    def _add(self, item: Queued, ahead: bool = False) -> None:
        """Take ``item`` into the crawl (the caller has checked that it may)."""
        self.frontier.add_url(item, ahead)
        self.sink(item)

    def _can_take(self) -> bool:
        return not self.config.max_pages or len(self.frontier.seen) < self.config.max_pages

    async def _work(self, wid: int) -> None:
        frontier = self.frontier
        in_flight, retries = frontier.in_flight, frontier.retries
        handoff = self._handoff
        try:
            while wid < self._target_workers:
                # Idle from here: waiting for the last record to be durable is not work on a URL.
                self._set_state(wid, WorkerState.IDLE, None)
                if self._before_take is not None:
                    await self._before_take()
                item = handoff.pop(wid, None)  # held until here: a cancel gives it back below
                if item is None:
                    item = await frontier.get()
                else:
                    frontier.unparked()
                in_flight[wid] = item
                if item.url in retries:  # a retry: its count and its first try's time
                    tries, start = retries.pop(item.url)
                else:
                    tries, start = 0, self._now()
                parked = False
                try:
                    if not self._unpaused.is_set():
                        self._set_state(wid, WorkerState.PAUSED, item.url)
                        await self._unpaused.wait()
                    parked = await self._handle(wid, item, start, tries)
                    if parked:  # its next take times it afresh: held meanwhile, it is queued
                        self._timings.pop(item.url, None)
                    if parked and tries:
                        # A URL waiting for its next try keeps its count and its first-try time;
                        # one that only waited for its host starts its clock when it is fetched.
                        retries.setdefault(item.url, (tries, start))
                except asyncio.CancelledError:
                    cancelled = Outcome(
                        error_kind=ErrorKind.CANCELLED, message="the crawl was cancelled"
                    )
                    self._record(item, start, 0, cancelled)
                    raise
                except Exception as e:
                    # A bug or an unforeseen failure still ends as this URL's record.
                    log.exception("worker %d failed on %s", wid, item.url)
                    message = ": ".join(describe(e))
                    self._record(
                        item, start, 1, Outcome(error_kind=ErrorKind.INTERNAL, message=message)
                    )
                finally:
                    del in_flight[wid]
                    if not parked:
                        frontier.task_done()
        finally:
            # Stopped (cancelled, or retired by a lower worker count) with a URL handed to it:
            # the URL goes back on the queue, as its host would have put it.
            item = handoff.pop(wid, None)
            if item is not None:
                frontier.unpark(item)
            self._workers.pop(wid, None)
            self._set_state(wid, WorkerState.STOPPED, None)
            self._states.pop(wid, None)

    def _record(self, item: Queued, start: float, tries: int, o: Outcome) -> None:
        """Make ``item``'s one FetchRecord from its outcome ``o`` and send it."""
        now = self._now()
        timing = self._timings.pop(item.url, None)
        self._own.forget(item.url)
        # Every record of a sitemap URL says so, whatever became of it (blocked, failed…).
        in_sitemap = item.url in self.in_sitemap
        rec = fetch_record(item, o, tries, now - start, now - self._t0, timing, in_sitemap)
        # A redirect whose target was queued waits for the target's outcome (chains.py).
        queued = o.next_url if o.next_url and o.num_new_urls and o.error_kind is None else None
        for each in self._chains.settle(rec, queued):
            self._send(each)

    def _send(self, rec: FetchRecord) -> None:
        self.done += 1
        self.sink(rec)

    async def _page(
        self, wid: int, item: Queued, start: float, tries: int, got: Outcome, body: bytes | None
    ) -> None:
        """Record a 200-or-other answer ``got`` (status, type, size, declared charset as its
        encoding, X-Robots-Tag as its robots); ``body``, kept for an HTML page, is parsed first
        and its links taken in."""
        if body is None:
            self._record(item, start, tries, got)
            return
        if got.content_type == CSS_TYPE:
            text = _text(body, got.encoding or "utf-8")
            links, inside, new = self._take_links(item, css_links(text, item.url))
            said = [(u, "css", None, None, None) for u in links]
            words = page_blob(None, [pack_piece(said, {u: u for u in links})], [])
            sheet = replace(got, num_urls=inside, num_new_urls=new, links=links, words=words)
            self._record(item, start, tries, sheet)
            return
        self._set_state(wid, WorkerState.PARSING, item.url)
        dispatched = time.monotonic()
        if self._parser is not None:
            # Off the loop (the loop, and a window on it, keeps running) and on other cores.
            try:
                page = await self._parser.parse(body, got.encoding, item.url)
            except ParserCrashed as e:
                crashed = Outcome(
                    status=got.status,
                    content_type=got.content_type,
                    size=got.size,
                    error_kind=ErrorKind.PARSER_CRASHED,
                    message=str(e),
                    headers=got.headers,
                )
                self._record(item, start, tries, crashed)
                return
        else:
            page = parse_page(body, got.encoding, item.url, self.config.checks)
        timing = self._timings.get(item.url)
        if timing is not None:
            timing.mark_parsed(dispatched, time.monotonic(), page.seconds)
        render: dict[str, Any] = {}
        taken = 0  # new links taken while the page rendered
        if (
            self._render is not None
            and got.status == 200
            and self._render.wants(item.url, body, page)
        ):
            self._set_state(wid, WorkerState.RENDERING, item.url)

            def take(found: Sequence[str]) -> None:
                nonlocal taken
                taken += self._take_links(item, found)[2]

            page, body, render = await self._render.run(
                item.url, 200, got.content_type or "text/html", body, page, self._parse_dom,
                timing, take,
            )  # fmt: skip
        # A rendered page's note says what rendering did too.
        extracted, note = "", render.pop("note", page.note)
        if self._extractor:
            extracted, notes = await self._extract(item.url, body, page)
            if notes:
                note = "; ".join(filter(None, [note, *notes]))
        links, inside, new = self._take_links(item, page.links)
        new += taken
        words = page.words
        if len(links) != len(page.links):  # include/exclude left some out
            words = with_dropped(words, page.links, links)
        facts = page.facts
        parsed = Outcome(
            status=got.status,
            content_type=got.content_type,
            size=got.size,
            encoding=page.encoding,
            note=note,
            num_urls=inside,
            num_new_urls=new,
            links=links,
            words=words,
            facts=facts,
            robots=robots_tokens(facts.robots, got.robots),
            headers=got.headers,
            extracted=extracted,
            **render,
        )
        self._record(item, start, tries, parsed)

    async def _extract(self, url: str, body: bytes, page: ParsedPage) -> tuple[str, list[str]]:
        """Custom extraction and search on the page ``url`` (``body`` as parsed: ``page``): its
        values, and what its note says of them. Off the loop: a CSS or XPath query parses the
        page again (measured: docs/performance-history.md, extract.py). A page of more than
        MAX_TAGS tags is queried one at a time; one of more than MAX_QUERY_TAGS, or too
        complex to parse, not at all, and says so (no rule found nothing there)."""
        extractor = self._extractor
        tags = body.count(b"<")
        trees = page.note is None and tags <= MAX_QUERY_TAGS
        text = _text(body, page.encoding)
        if trees and tags > MAX_TAGS and extractor.queries:
            async with self._big_queries:
                extracted, cut = await asyncio.to_thread(extractor.run, text, trees)
        else:
            extracted, cut = await asyncio.to_thread(extractor.run, text, trees)
        said = [self._regex_cut(cut, url)] if cut else []
        if not trees and extractor.queries:
            why = f"{tags:,} tags, more than {MAX_QUERY_TAGS:,}" if page.note is None else "no tree"
            said.append(f"CSS and XPath rules not run ({why}): their values left out")
        return extracted, said

    def _regex_cut(self, rules: list[str], url: str) -> str:
        """The note of a page on which the regexes of ``rules`` were cut at their time budget;
        a Notice says so the first time each rule is cut."""
        budget = f"{PAGE_BUDGET:g} s"
        for name in rules:
            if name not in self._regex_said:
                self._regex_said.add(name)
                self.sink(
                    Notice(
                        translate(
                            "Engine",
                            "The regex of the rule {name} took longer than {budget} on {url} and "
                            "was cut: its value is left empty on such pages (their note says so)",
                        ).format(name=name, budget=budget, url=url[:200])
                    )
                )
        return f"regex of {', '.join(rules)} cut after {budget}: value left empty"

    async def _parse_dom(self, html: bytes, url: str) -> Any:
        """A rendered DOM (UTF-8), parsed as a page is."""
        if self._parser is not None:
            return await self._parser.parse(html, "utf-8", url)
        return parse_page(html, "utf-8", url, self.config.checks)

    def _take_links(self, item: Queued, found: Sequence[str]) -> tuple[tuple[str, ...], int, int]:
        """Take in the links ``found`` on ``item`` (a page's, a stylesheet's): in-scope ones
        queued as deep as max_depth allows, off-site ones checked once. Returns the links the
        record keeps (in scope and off-site, in order; not those include/exclude leave out), how
        many are in scope and how many of those were new."""
        cfg = self.config
        links, off_site = self.scope.partition(found)
        depth = item.depth + 1
        new = 0
        # max_depth 0: no limit — but in list mode, no links at all.
        follows = depth <= cfg.max_depth if cfg.max_depth or cfg.list_mode else True
        seen = self.frontier.seen.fingerprints  # hash(u) in seen: u in frontier.seen
        # Most of a page's links are taken in already (rust-doc: 98%): one test in C says so.
        if follows and not seen.issuperset(map(hash, links)):
            most = cfg.max_pages
            for u in links:
                if hash(u) not in seen and (not most or len(seen) < most):
                    self._add(Queued(u, cfg.max_redirect, depth, item.url))
                    new += 1
        if cfg.check_external and (follows or not cfg.list_mode):
            self._take_external(off_site, depth, item.url)
        if not off_site:
            return tuple(links), len(links), new
        if self.scope.include is None and self.scope.exclude is None:  # none left out
            return tuple(found), len(links), new
        kept = set(links).union(off_site)
        return tuple(u for u in found if u in kept), len(links), new

    def _take_external(self, urls: Iterable[str], depth: int, referrer: str) -> None:
        """Queue a page's links to hosts outside the crawl for one check each (the exclude regex
        still applies: an excluded URL is never contacted)."""
        exclude = self.scope.exclude
        seen = self.frontier.seen
        for u in urls:
            if u in seen:
                continue
            if exclude is not None and exclude.search(u):
                continue
            if not self._can_take():
                return
            self._add(Queued(u, 0, depth, referrer))


def _text(body: bytes, encoding: str) -> str:
    """A page's HTML as text, in the encoding its parse found."""
    try:
        return body.decode(encoding, "replace")
    except LookupError:
        return body.decode("utf-8", "replace")
