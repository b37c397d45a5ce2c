"""The crawler: one queue, N worker coroutines, ``join()`` then cancel (the seed's design), made
correct and controllable. No Qt here: the window and the CLI both drive this headless engine.

Every URL taken into the crawl ends as exactly one :class:`FetchRecord` sent to the sink; worker
state changes and periodic progress snapshots go through the same sink.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import aiohttp
import yarl

from gui_crawler import options
from gui_crawler.base.translate import translate
from gui_crawler.base.urls import Scope, normalize, uncrawlable
from gui_crawler.base.userregex import PAGE_BUDGET
from gui_crawler.config import CrawlConfig, check_regex
from gui_crawler.crawl.access import Access, proxy_host
from gui_crawler.crawl.bodies import BodyBudget
from gui_crawler.crawl.chains import RedirectChains
from gui_crawler.crawl.concurrency import WorkerWindow
from gui_crawler.crawl.encodings import ACCEPT_ENCODING, BodyTooLarge, ContentEncodingError, Decoder
from gui_crawler.crawl.failures import describe, failure, retry_after, worth_retrying
from gui_crawler.crawl.frontier import Frontier
from gui_crawler.crawl.headers import kept as kept_headers
from gui_crawler.crawl.hosts import Host, HostTable, Prep
from gui_crawler.crawl.phases import AddressPolicy, TimedConnector, TimedResolver, Timing
from gui_crawler.crawl.politeness import LocalHosts, bot_challenge, check_external
from gui_crawler.crawl.seen import Seen
from gui_crawler.events import (
    OUT_OF_SCOPE,
    REDIRECT_STATUSES,
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
from gui_crawler.parsing.links import HTML_TYPES, parse_content_type, parse_page
from gui_crawler.parsing.linkwords import pack_piece, page_blob, with_dropped
from gui_crawler.parsing.pagefacts import PageFacts, robots_tokens
from gui_crawler.parsing.parsepool import ParsePool, ParserCrashed, default_processes
from gui_crawler.parsing.slicing import MAX_TAGS
from gui_crawler.records.wording import workers_capped

if TYPE_CHECKING:
    from gui_crawler.render.rendered import RenderStep

log = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 503})
_CHUNK = 64 * 1024
# What an earlier crawl took in is taken in this many URLs a turn of the loop (_take_earlier).
EARLIER_BATCH = 5_000

# Files a crawl holds besides its workers' sockets, kept free when the open-file limit caps the
# workers. Measured on Linux: a headless crawl with its crawl file and parser threads holds 14
# (stdio, the loop's epoll and self-pipe, SQLite's database, journal and shared memory, the
# parser threads' wake-up; an own_limits bench, figures in docs/performance-history.md), the window 13 more when idle under X
# (its X connection, eventfds, the icon cache). The rest is room for what comes and goes: each
# host-name lookup under way holds a socket on a resolver thread (up to 32 threads), the file
# dialogs watch folders, an export and a log file are open for a while. Each parser process
# takes 2 more (its sentinel and its share of the pool's pipes): added per process.
FD_RESERVE = 100
FDS_PER_PARSER_PROCESS = 2
# A failure of the crawler's own (out of files, ports, memory; too busy to wait: OWN_LIMIT) is
# tried again, up to this many times, after a wait that doubles from OWN_WAIT (±50%, so that a
# burst of such failures does not come back as one burst), at most OWN_WAIT_MAX. Sockets free up
# meanwhile as other requests end and idle kept-alive connections expire (15 s). These tries do
# not count against max_tries, which is the site's.
OWN_RETRIES = 5
OWN_WAIT = 1.0
OWN_WAIT_MAX = 8.0
# A timeout is the crawler's own when its event loop was behind (its progress ticks late) for
# at least this share of the try, and at least BUSY_LEAST seconds: the answer may well have
# come, unread. Measured on loopback (a bench now retired, docs/performance-history.md: a site holding each page 1 s): with
# 2,000 workers the loop was behind at most 26% of any 10 s, and every page was ok; 20,000
# workers stalled it for 4-14 s at a time (connects slowed by the kernel's search for a free
# local port), and the requests under way timed out with the loop behind for 90% of their try.
BUSY_SHARE = 0.5
BUSY_LEAST = 1.0


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit: each worker holds a socket, and the
    usual soft limit (1024) would cap a crawl at about a thousand workers. Returns the limit."""
    try:
        import resource
    except ImportError:  # Windows has no resource module (nor this limit on sockets): 0
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    # macOS refuses a soft limit past OPEN_MAX (10240) even under an unlimited hard one, and
    # asks for min(OPEN_MAX, hard) instead (its setrlimit(2)): the second try.
    for target in (want, min(want, 10240)):
        if soft >= target:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            continue
        soft = target
        break
    return soft


def open_file_limit() -> int:
    """This process's open-file limit now (the soft one); 0 where none applies (Windows, or an
    unlimited one)."""
    try:
        import resource
    except ImportError:
        return 0
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 0 if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def worker_cap(limit: int, parse_processes: int = 0) -> int:
    """The most workers an open-file ``limit`` allows (each holds a socket), FD_RESERVE and the
    parser processes' files kept free; 0 when ``limit`` is 0 (none). Never below 1."""
    if limit <= 0:
        return 0
    return max(1, limit - FD_RESERVE - FDS_PER_PARSER_PROCESS * parse_processes)


def capped_workers(n: int, parse_processes: int = 0) -> tuple[int, str | None]:
    """``n`` workers as this process can run them now, and the notice that says so when that is
    fewer (None when it is not)."""
    limit = open_file_limit()
    cap = worker_cap(limit, parse_processes)
    if cap and n > cap:
        return cap, workers_capped(cap, limit)
    return n, None


_NO_FACTS = PageFacts()
# A record's phase fields when the URL was never timed (it got its record before a worker tried).
_UNTIMED = Timing(-1).fields()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a URL: the facts its one FetchRecord is made of (``Crawler._record``), the
    crawl's own (URL, depth, tries, times, phases) added there. A failure has ``error_kind`` and
    ``message``; ``facts`` are a parsed page's audit fields, ``robots`` its robots directives
    with the X-Robots-Tag header's."""

    status: int | None = None
    content_type: str | None = None
    size: int = 0
    encoding: str | None = None
    next_url: str | None = None
    note: str | None = None
    num_urls: int = 0
    num_new_urls: int = 0
    links: tuple[str, ...] = ()
    words: bytes = b""  # the links with their words, packed (parsing/linkwords.py page_blob)
    facts: PageFacts = _NO_FACTS
    robots: str | None = None
    external: bool = False
    error_kind: str | None = None
    message: str = ""
    headers: str = ""  # the answer's, as crawl/headers.py keeps them
    extracted: str = ""  # custom extraction and search: JSON {rule: value} (parsing/extract.py)
    # A rendered page's (render/rendered.py): rendered, links only its DOM has, JavaScript
    # errors, what rendering changed (JSON).
    rendered: bool = False
    rendered_links: int = 0
    js_errors: int = 0
    render: str = ""


class Crawler:
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
    ) -> None:
        self.config = config = config.validated()
        self.sink = sink
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
        # Awaited by a worker before it takes its next URL: a crawl file makes the worker's last
        # record durable there, so a kill loses at most one fetch per worker.
        self._before_take = before_take
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._states: dict[int, WorkerState] = {}
        self._hosts: HostTable[Queued] | None = None
        self.in_sitemap = Seen()  # the URLs the sitemaps list (a sitemap may list millions)
        self._timings: dict[str, Timing] = {}
        self._chains = RedirectChains()
        self._extractor = config.extractor()  # custom extraction and search; empty: falsy
        self._regex_said: set[str] = set()  # the rules whose regex was cut, said once each
        # Failures of the crawler's own each URL waiting for another try has had (OWN_RETRIES).
        self._own: dict[str, int] = {}
        # How far behind the loop has fallen since the crawl began (seconds the progress ticks
        # came late), and when the next tick is due: a timeout while it fell far behind is the
        # crawler's own.
        self._lag = 0.0
        self._tick_due = 0.0
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
        self._own_failures = 0  # tries that failed for the crawler's own reasons, so far
        self._unpaused = asyncio.Event()
        self._unpaused.set()
        self._stop = asyncio.Event()
        self._session: aiohttp.ClientSession | None = None
        self._parser: ParsePool | None = None
        self._bodies = BodyBudget()
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
        busy = sum(
            1 for s in self._states.values() if s in (WorkerState.FETCHING, WorkerState.PARSING)
        )
        end = asyncio.get_running_loop().time() if self.running else self._t_end
        frontier = self.frontier
        waiting = len(frontier.delayed) + (self._hosts.waiting() if self._hosts else 0)
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
        return self.frontier.pending(self._hosts.parked() if self._hosts else ())

    # ---- running ------------------------------------------------------------------------------

    async def run(self) -> CrawlFinished:
        """Crawl until the queue drains or ``cancel()``; returns (and emits) CrawlFinished."""
        if self.running or self.finished:
            raise RuntimeError("a Crawler runs once; make a new one to crawl again")
        loop = asyncio.get_running_loop()
        self.running = True
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
                cfg.parse_processes, parse=parse_page, threads=cfg.parse_threads
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
            async with aiohttp.ClientSession(
                connector=connector,
                timeout=timeout,
                # Only codings _read can undo: it decodes bodies itself (crawl/encodings.py).
                headers={"User-Agent": cfg.user_agent, "Accept-Encoding": ACCEPT_ENCODING},
                cookie_jar=aiohttp.DummyCookieJar(),
                **Access(cfg).session_kwargs(),
                **self._session_kwargs,
            ) as session:
                # aiohttp silently resends an idempotent request once when a kept-alive connection
                # drops; we count and pace tries ourselves, so max_tries must mean what it says.
                if hasattr(session, "_retry_connection"):
                    session._retry_connection = False
                self._session = session
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
                self._tick_due = loop.time() + interval
                await asyncio.sleep(interval)
                late = max(0.0, loop.time() - self._tick_due)
                self._lag += late
                self._tick_due = 0.0
                if late >= BUSY_LEAST:
                    why = f"its event loop fell {late:.1f} s behind"
                    self._fewer_workers(why, loop.time() - late)
                self.sink(self.progress())
                self._emit_hosts()
        finally:
            self._tick_due = 0.0  # no tick to come: none is overdue

    def _behind(self) -> float:
        """Seconds the loop has been behind since the crawl began, a tick overdue now included."""
        due = self._tick_due
        if not due:
            return self._lag
        return self._lag + max(0.0, asyncio.get_running_loop().time() - due)

    def _blame_timeout(self, began: float, behind: float, message: str) -> tuple[str, str]:
        """A timeout's kind and message: the crawler's own (OWN_LIMIT) when its loop fell behind
        for BUSY_SHARE of the try that began at ``began`` (loop time; ``behind``: _behind() then),
        else the site's."""
        took = asyncio.get_running_loop().time() - began
        lagged = self._behind() - behind
        if lagged >= BUSY_LEAST and lagged >= BUSY_SHARE * took:
            return ErrorKind.OWN_LIMIT, (
                f"the crawler was too busy to wait for the answer, not the site's doing: its "
                f"event loop fell {lagged:.1f} s behind in the {took:.1f} s of the try "
                f"(fewer workers would help) ({message})"
            )
        return ErrorKind.TIMEOUT, message

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
        self._own_failures += 1
        forgiven = began <= self._window.lowered_at  # the count has fallen since it began
        self._fewer_workers(message.split(", not the site's doing")[0], began)
        n = self._own.get(url, 0)
        wait = min(OWN_WAIT * 2**n, OWN_WAIT_MAX) * random.uniform(0.5, 1.5)
        if forgiven:
            return wait
        if n >= OWN_RETRIES:
            return None
        self._own[url] = n + 1
        return wait

    def _emit_hosts(self) -> None:
        if self._hosts is not None:
            for state in self._hosts.changed():
                self.sink(state)

    def _spawn_workers(self) -> None:
        loop = asyncio.get_running_loop()
        for wid in range(self._target_workers):
            if wid not in self._workers:
                self._workers[wid] = loop.create_task(self._work(wid), name=f"crawl-worker-{wid}")

    async def _stop_workers(self) -> None:
        tasks = list(self._workers.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _set_state(self, wid: int, state: WorkerState, url: str | None) -> None:
        self._states[wid] = state
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
        try:
            while wid < self._target_workers:
                # Idle from here: waiting for the last record to be durable is not work on a URL.
                self._set_state(wid, WorkerState.IDLE, None)
                if self._before_take is not None:
                    await self._before_take()
                item = await frontier.get()
                in_flight[wid] = item
                tries, start = retries.pop(item.url, (0, asyncio.get_running_loop().time()))
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
            self._workers.pop(wid, None)
            self._set_state(wid, WorkerState.STOPPED, None)
            self._states.pop(wid, None)

    def _record(self, item: Queued, start: float, tries: int, o: Outcome) -> None:
        """Make ``item``'s one FetchRecord from its outcome ``o`` and send it."""
        now = asyncio.get_running_loop().time()
        timing = self._timings.pop(item.url, None)
        if self._own:
            self._own.pop(item.url, None)
        ms = _UNTIMED if timing is None else timing.fields()
        error_kind, exception = None, None
        if o.error_kind is not None:
            error_kind, exception = o.error_kind, failure(o.error_kind, o.message)["exception"]
        facts = o.facts
        rec = FetchRecord(
            url=item.url,
            next_url=o.next_url,
            status=o.status,
            exception=exception,
            size=o.size,
            content_type=o.content_type,
            encoding=o.encoding,
            num_urls=o.num_urls,
            num_new_urls=o.num_new_urls,
            elapsed=now - start,
            depth=item.depth,
            referrer=item.referrer,
            tries=tries,
            note=o.note,
            links=o.links,
            finished_at=now - self._t0,
            error_kind=error_kind,
            title=facts.title,
            meta_description=facts.meta_description,
            h1=facts.h1,
            h1_count=facts.h1_count,
            canonical=facts.canonical,
            robots=o.robots,
            word_count=facts.word_count,
            content_hash=facts.content_hash,
            lang=facts.lang,
            # Every record of a sitemap URL says so, whatever became of it (blocked, failed…).
            in_sitemap=item.url in self.in_sitemap,
            external=o.external,
            worker=ms["worker"],  # type: ignore[arg-type]
            wait_ms=ms["wait_ms"],
            dns_ms=ms["dns_ms"],
            connect_ms=ms["connect_ms"],
            ttfb_ms=ms["ttfb_ms"],
            download_ms=ms["download_ms"],
            parse_wait_ms=ms["parse_wait_ms"],
            parse_ms=ms["parse_ms"],
            render_ms=ms["render_ms"],
            headers=o.headers,
            extracted=o.extracted,
            words=o.words,
            rendered=o.rendered,
            rendered_links=o.rendered_links,
            js_errors=o.js_errors,
            render=o.render,
        )
        # A redirect whose target was queued waits for the target's outcome (chains.py).
        queued = o.next_url if o.next_url and o.num_new_urls and o.error_kind is None else None
        for each in self._chains.settle(rec, queued):
            self._send(each)

    def _send(self, rec: FetchRecord) -> None:
        self.done += 1
        self.sink(rec)

    async def _handle(self, wid: int, item: Queued, start: float, tries: int) -> bool:
        """Fetch ``item`` once its host allows it; True when it was parked (or delayed) instead,
        to come back through the queue later, never holding this worker meanwhile."""
        hosts = self._hosts
        assert hosts is not None
        # Timed from this worker taking the URL: a URL parked on its host holds no worker, so the
        # time it waited there is no worker's phase (the Hosts view shows who waits on a host).
        self._timings[item.url] = Timing(wid)
        external = not self.scope.host_ok(item.url)
        host = hosts.get(item.url, external=external)
        if host.gave_up is not None:  # recorded unfetched, at once (hosts.HostTable.failed)
            given_up = Outcome(error_kind=ErrorKind.HOST_GAVE_UP, message=host.gave_up)
            self._record(item, start, tries, given_up)
            return False
        if host.prep is Prep.PENDING:
            await self._prepare(wid, host)
        elif host.prep is Prep.RUNNING:
            self.frontier.park()
            hosts.park(host, item)
            return True
        if host.robots is not None and not host.robots.allows(item.url):
            blocked = Outcome(error_kind=ErrorKind.ROBOTS, message="blocked by robots.txt")
            self._record(item, start, 0, blocked)
            return False
        if not hosts.admit(host):
            self.frontier.park()
            hosts.park(host, item)
            return True
        tries += 1
        t = asyncio.get_running_loop().time()
        own_failures = self._own_failures
        answered = True
        try:
            if external:
                retry = await self._check(wid, item, start, tries, host)
            else:
                retry = await self._fetch(wid, item, start, tries, host)
        except BaseException:
            answered = False
            raise
        finally:
            hosts.done(host, asyncio.get_running_loop().time() - t if answered else None)
        if self._own_failures == own_failures:  # no own failure meanwhile, this try's or another's
            self._more_workers()
        if retry is None:
            return False
        self.frontier.retries[item.url] = (tries, start)
        if retry < 0:  # the host throttled us: it is backed off, the item waits on it
            self.frontier.park()
            hosts.park(host, item)
        else:
            self.frontier.later(retry, item)
        return True

    async def _prepare(self, wid: int, host: Host[Queued]) -> None:
        """Read the host's robots.txt (and a root host's sitemaps) before its first request."""
        cfg = self.config
        assert self._session is not None and self._hosts is not None
        host.prep = Prep.RUNNING
        host.robots_status = "ignored" if cfg.ignore_robots else "fetching"
        self._set_state(wid, WorkerState.FETCHING, host.origin + "/robots.txt")
        try:
            is_root = any(r.startswith(host.origin + "/") for r in cfg.roots)
            result = await self._host_rules.prepare(
                self._session,
                host.origin,
                cfg,
                robots=not cfg.ignore_robots and not host.external,
                sitemaps=is_root and cfg.use_sitemaps and not cfg.list_mode,
                in_scope=lambda u: u in self.scope,
                # Off-site is off-site whether external links are checked or not: a robots.txt,
                # a sitemap or their redirects never make the crawl read another host's files.
                on_site=self.scope.host_ok,
            )
            host.robots = result.robots
            if result.robots is not None:
                host.robots_status = result.robots.status
                delay = result.robots.crawl_delay
                if delay:
                    self._hosts.set_delay(host, min(delay, cfg.max_crawl_delay))
            elif host.external and not cfg.ignore_robots:
                host.robots_status = "not read (external)"
            for note in result.notes:
                log.info("%s: %s", host.origin, note)
            host.robots_status = "; ".join([host.robots_status, *result.notes])
            for u in result.sitemap_urls:
                self.in_sitemap.add(u)
                if u not in self.frontier.seen and self._can_take():
                    self._add(Queued(u, cfg.max_redirect, 1, result.sitemap_of.get(u)))
        finally:
            host.prep = Prep.READY
            host.dirty = True
            self._hosts.wake(host)

    async def _fetch(
        self, wid: int, item: Queued, start: float, tries: int, host: Host[Queued]
    ) -> float | None:
        """One try at an in-scope URL. Returns None when the URL got its record, else when to try
        again: seconds from now, or -1 when the host is backed off and the URL should wait on it."""
        cfg = self.config
        assert self._session is not None and self._hosts is not None
        self._set_state(wid, WorkerState.FETCHING, item.url)
        began, behind = asyncio.get_running_loop().time(), self._behind()
        answer = ""  # the answer's headers, once it has come
        status: int | None = None
        held = 0  # bytes of the body budget this try holds until its page is parsed
        try:
            # encoded=True: send exactly the URL we record. Left to itself yarl re-quotes it
            # ("%zz" → "%25zz", "%7E" → "~", "/x/%2E%2E/y" → "/y"), so the report would name
            # a URL other than the one fetched, and two records could be one fetch.
            url = yarl.URL(item.url, encoded=True)
            timing = self._timings[item.url]
            timing.start_request()
            async with self._session.get(url, allow_redirects=False, auto_decompress=False) as resp:
                timing.mark_headers()
                answer = kept_headers(resp.headers.items())
                status = resp.status
                if status < 200:  # a 1xx that was no interim answer: 101 to a plain GET
                    unasked = Outcome(
                        status=status,
                        error_kind=ErrorKind.INFORMATIONAL,
                        message=f"{status} {resp.reason or ''}".rstrip()
                        + ": an informational answer where a final one was due",
                        headers=answer,
                    )
                    self._record(item, start, tries, unasked)
                    return None
                if resp.status in RETRY_STATUSES:
                    delay = retry_after(resp.headers.get("Retry-After"), cfg.max_retry_after)
                    self._hosts.throttle(host, delay)
                    self._host_failed(host, str(resp.status))
                    if tries - self._own.get(item.url, 0) < cfg.max_tries and not host.gave_up:
                        return -1
                else:
                    self._hosts.answered(host)
                if resp.status in REDIRECT_STATUSES:
                    mime = parse_content_type(resp.headers.get("Content-Type"))[0]
                    redirect = self._redirect(item, resp.status, mime, resp.headers.get("Location"))
                    self._record(item, start, tries, replace(redirect, headers=answer))
                    return None
                mime, charset = parse_content_type(resp.headers.get("Content-Type"))
                challenge = bot_challenge(status, resp.headers)
                # A page is parsed; a stylesheet read for its url()s and @imports.
                keep = status == 200 and (mime in HTML_TYPES or mime == CSS_TYPE)
                if keep:  # waiting at most half the try: it must not time out for our sake
                    held = await self._bodies.take(resp.content_length, cfg.timeout / 2)
                body, size = await self._read(resp, keep=keep)
                if body is not None and not held:
                    held = self._bodies.add(len(body))
                timing.mark_body()
                x_robots = robots_tokens(*resp.headers.getall("X-Robots-Tag", ()))
            if challenge:
                walled = Outcome(
                    status=status,
                    content_type=mime,
                    size=size,
                    error_kind=ErrorKind.BOT_CHALLENGE,
                    message=challenge,
                    headers=answer,
                )
                self._record(item, start, tries, walled)
                return None
            # The connection is back in the pool; a page is parsed only once, never retried.
            got = Outcome(
                status=status,
                content_type=mime,
                size=size,
                encoding=charset,
                robots=x_robots,
                headers=answer,
            )
            await self._page(wid, item, start, tries, got, body)
            return None
        except BodyTooLarge as e:
            too_large = Outcome(error_kind=ErrorKind.TOO_LARGE, message=str(e), headers=answer)
            self._record(item, start, tries, too_large)
            return None
        except ContentEncodingError as e:  # the same bytes again would not decode either
            undecodable = Outcome(
                status=status, error_kind=type(e).__name__, message=str(e), headers=answer
            )
            self._record(item, start, tries, undecodable)
            return None
        except (aiohttp.InvalidURL, UnicodeError) as e:  # UnicodeError: a DNS label > 63
            bad = Outcome(error_kind=ErrorKind.INVALID_URL, message=str(e))
            self._record(item, start, tries, bad)
            return None
        except (TimeoutError, aiohttp.ClientError, OSError) as e:
            if (marks := self._timings.get(item.url)) is not None:  # None once recorded
                marks.settle()
            kind, message = describe(e)
            if kind == ErrorKind.TIMEOUT:
                kind, message = self._blame_timeout(began, behind, message)
            log.debug(
                "try %d for %s raised %s", tries, item.url, failure(kind, message)["exception"]
            )
            if kind == ErrorKind.OWN_LIMIT:
                wait = self._own_wait(item.url, message, began)
            else:
                self._host_failed(host, kind)
                site_tries = tries - self._own.get(item.url, 0)
                ok = site_tries < cfg.max_tries and worth_retrying(e) and not host.gave_up
                wait = self._backoff(site_tries) if ok else None
            if wait is not None:
                return wait
            self._record(item, start, tries, Outcome(error_kind=kind, message=message))
            return None
        finally:
            self._bodies.give(held)

    async def _check(
        self, wid: int, item: Queued, start: float, tries: int, host: Host[Queued]
    ) -> float | None:
        """One try at an external link: its status, never its links. Same return as _fetch."""
        cfg = self.config
        assert self._session is not None and self._hosts is not None
        self._set_state(wid, WorkerState.FETCHING, item.url)
        timing = self._timings.get(item.url)
        began, behind = asyncio.get_running_loop().time(), self._behind()
        result = await check_external(self._session, item.url, cfg.max_redirect, timing)
        kind, message = result.error_kind, result.message
        if timing is not None and kind is not None:
            timing.settle()
        if kind == ErrorKind.TIMEOUT:
            kind, message = self._blame_timeout(began, behind, message)
        if kind == ErrorKind.OWN_LIMIT and (
            (wait := self._own_wait(item.url, message, began)) is not None
        ):
            return wait
        site_tries = tries - self._own.get(item.url, 0)
        if result.status in RETRY_STATUSES:
            self._hosts.throttle(host, result.retry_after)
            self._host_failed(host, str(result.status))
            if site_tries < cfg.max_tries and not host.gave_up:
                return -1
        elif result.status is not None:
            self._hosts.answered(host)
        elif kind is not None:
            self._host_failed(host, kind)
        if (
            kind is not None
            and kind != ErrorKind.OWN_LIMIT
            and result.retryable
            and site_tries < cfg.max_tries
            and not host.gave_up
        ):
            return self._backoff(site_tries)
        checked = Outcome(
            status=result.status,
            content_type=result.content_type,
            next_url=result.final_url,
            note=result.note,
            external=True,
            error_kind=kind,
            message=message,
            headers=result.headers,
        )
        self._record(item, start, tries, checked)
        return None

    def _host_failed(self, host: Host[Queued], what: str) -> None:
        """A try at ``host`` failed (``what``: its status or error kind); if that gives the
        host up, a Notice says so: its URLs are recorded as they come back from the queue."""
        assert self._hosts is not None
        if what in (ErrorKind.OWN_LIMIT, ErrorKind.PRIVATE_ADDRESS):
            return  # neither is the host's doing
        if self._hosts.failed(host, what):
            said = translate("Engine", "Gave up on a host: {host}; its URLs are not fetched")
            self.sink(Notice(said.format(host=host.gave_up)))

    def _backoff(self, tries: int) -> float:
        return float(min(self.config.retry_backoff * 2 ** (tries - 1), self.config.max_retry_after))

    def _redirect(
        self, item: Queued, status: int, mime: str | None, location: str | None
    ) -> Outcome:
        """Decide a redirect's fate (queue its target or say why not): the URL's outcome."""
        if not location or not location.strip():
            return Outcome(
                status=status,
                content_type=mime,
                error_kind=ErrorKind.MISSING_LOCATION,
                message="redirect without a Location header",
            )
        try:
            target = normalize(urljoin(item.url, location.strip()))
        except ValueError:
            target = None
        if target is None:
            return Outcome(
                status=status,
                content_type=mime,
                error_kind=ErrorKind.BAD_LOCATION,
                message=f"cannot follow Location {location[:200]!r}",
            )
        seen = self.frontier.seen
        note = None
        if target not in self.scope:
            note = f"{OUT_OF_SCOPE}: not followed"
            if self.config.check_external and target not in seen:
                self._take_external(self.scope.partition([target])[1], item.depth, item.url)
                if target in seen:
                    note = f"{OUT_OF_SCOPE}: checked as an external link"
        elif target in seen:
            loop = self._chains.loop(item.url, target)
            if loop is not None:
                return Outcome(
                    status=status,
                    content_type=mime,
                    next_url=target,
                    error_kind=ErrorKind.REDIRECT_LOOP,
                    message=" → ".join(loop),
                )
            note = "target already seen"
        elif item.redirects_left <= 0:
            return Outcome(
                status=status,
                content_type=mime,
                next_url=target,
                error_kind=ErrorKind.TOO_MANY_REDIRECTS,
                message=f"more than {self.config.max_redirect}",
            )
        elif not self._can_take():
            note = "max pages reached: not followed"
        else:
            # Ahead of the queue: the redirect's record waits for the target's (chains.py).
            self._add(Queued(target, item.redirects_left - 1, item.depth, item.url), ahead=True)
        return Outcome(
            status=status,
            content_type=mime,
            next_url=target,
            note=note,
            num_urls=1,
            num_new_urls=int(note is None),
        )

    async def _read(self, resp: aiohttp.ClientResponse, keep: bool) -> tuple[bytes | None, int]:
        """The body (if ``keep``) and its decoded size: BodyTooLarge past max_body,
        ContentEncodingError when its Content-Encoding cannot be undone."""
        limit = self.config.max_body
        length = resp.content_length
        if length is not None and length > limit:
            raise BodyTooLarge(f"Content-Length {length} exceeds the {limit}-byte limit")
        decoder = Decoder(resp.headers.get("Content-Encoding", ""), limit)
        content = resp.content
        if content.is_eof():
            # The whole body is in already (a small page comes in the read that brought its
            # headers: 96% of rust-doc's): taken without the awaits of the loop below (rust-doc,
            # loop 6.31 -> 5.97 CPU-s, wall 8.01 -> 7.66 s, side by side).
            body = content.read_nowait()
            if decoder:
                body = decoder.feed(body)
                decoder.end()
            if len(body) > limit:
                raise BodyTooLarge(f"body exceeds the {limit}-byte limit")
            return (body if keep else None), len(body)
        chunks: list[bytes] = []
        size = 0
        async for chunk in content.iter_chunked(_CHUNK):
            if decoder:
                chunk = decoder.feed(chunk)
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge(f"body exceeds the {limit}-byte limit")
            if keep:
                chunks.append(chunk)
        if decoder:
            decoder.end()
        return (b"".join(chunks) if keep else None), size

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
            page = parse_page(body, got.encoding, item.url)
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
            # Off the loop: a CSS or XPath query parses the page again (measured: docs/performance-history.md, extract.py) —
            # only a page parsed whole, in one piece: no other has a tree of bounded size.
            whole = page.note is None and body.count(b"<") <= MAX_TAGS
            text = _text(body, page.encoding)
            extracted, cut = await asyncio.to_thread(self._extractor.run, text, whole)
            if cut:
                note = "; ".join(filter(None, [note, self._regex_cut(cut, item.url)]))
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
        return parse_page(html, "utf-8", url)

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
        if follows:
            seen = self.frontier.seen.fingerprints  # hash(u) in seen: u in frontier.seen
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
