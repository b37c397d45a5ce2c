"""The crawler: one queue, N worker coroutines, ``join()`` then cancel (the seed's design), made
correct and controllable. No Qt here: the window and the CLI both drive this headless engine.

Every URL taken into the crawl ends as exactly one :class:`FetchRecord` sent to the sink; worker
state changes and periodic progress snapshots go through the same sink.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import logging
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urljoin

import aiohttp
import yarl

from .config import CrawlConfig, check_regex
from .events import (
    REDIRECT_STATUSES,
    CrawlFinished,
    ErrorKind,
    Event,
    FetchRecord,
    Progress,
    Queued,
    WorkerEvent,
    WorkerState,
)
from .links import HTML_TYPES, parse_content_type, parse_page
from .phases import Timing, trace_config
from .urls import Scope, normalize

log = logging.getLogger(__name__)

# A queue entry is the Queued event itself: what the store persists is what the workers take.
QueueItem = Queued

RETRY_STATUSES = frozenset({429, 503})
_CHUNK = 64 * 1024
# Smaller pages parse in about 0.1 ms: handing them to the parser thread costs more than it saves.
INLINE_PARSE_BYTES = 16 * 1024
_MAX_MESSAGE = 300  # characters of an exception's text kept in its record


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit: each worker holds a socket, and the
    usual soft limit (1024) would cap a crawl at about a thousand workers. Returns the limit."""
    try:
        import resource
    except ImportError:  # not on Windows
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft


class BodyTooLarge(Exception):
    pass


def _describe(exc: BaseException) -> tuple[str, str]:
    """(kind, one-line message) of an exception: what its record says about the failure."""
    if isinstance(exc, asyncio.TimeoutError):
        return ErrorKind.TIMEOUT, "no complete answer within the time limit"
    msg = str(exc).strip() or (exc.__class__.__doc__ or "").strip().split("\n", 1)[0]
    # One line, bounded, but not just the first line: aiohttp puts the useful part on the second
    # ("400, message:\n  Can not decode content-encoding: gzip") and quotes whatever garbage a
    # hostile server sent into the message, kilobytes of it.
    msg = " ".join(msg.split())
    if len(msg) > _MAX_MESSAGE:
        msg = msg[: _MAX_MESSAGE - 1] + "…"
    return type(exc).__name__, msg


def failure(kind: str, message: str) -> dict[str, str]:
    """A failed record's fields: its typed kind and the one line a person reads."""
    return {"error_kind": kind, "exception": f"{kind}: {message}".rstrip(": ")}


def _retry_after(value: str | None, cap: float) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or HTTP date), capped."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return min(float(value), cap)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, min(when.timestamp() - time.time(), cap))


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
        pending: Iterable[QueueItem] | None = None,
        session_kwargs: dict | None = None,
    ) -> None:
        self.config = config = config.validated()
        self.sink = sink
        self.scope = Scope(
            config.roots,
            strict=config.strict,
            include=check_regex("include", config.include),
            exclude=check_regex("exclude", config.exclude),
        )
        self.seen: set[str] = set(seen)
        self._initial = None if pending is None else list(pending)
        self._session_kwargs = session_kwargs or {}
        self._q: asyncio.Queue[QueueItem] = asyncio.Queue()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._states: dict[int, WorkerState] = {}
        self._in_flight: dict[int, QueueItem] = {}
        self._timings: dict[str, Timing] = {}
        self._target_workers = config.max_tasks
        self._unpaused = asyncio.Event()
        self._unpaused.set()
        self._stop = asyncio.Event()
        self._session: aiohttp.ClientSession | None = None
        self._parser: ThreadPoolExecutor | None = None
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
    def started_at(self) -> float:
        """Loop time the crawl began; records' ``finished_at`` counts from it."""
        return self._t0

    @property
    def paused(self) -> bool:
        return not self._unpaused.is_set()

    @property
    def max_workers(self) -> int:
        return self._target_workers

    def set_max_workers(self, n: int) -> None:
        """Change the number of worker coroutines now: new ones start at once; surplus ones stop
        at once if idle, else after their current URL."""
        if not 1 <= n <= 100_000:
            raise ValueError(f"the number of workers must be between 1 and 100000, not {n}")
        self._target_workers = n
        if not self.running:
            return
        for wid, task in list(self._workers.items()):
            if wid >= n and self._states.get(wid) is WorkerState.IDLE:
                task.cancel()
        self._spawn_workers()

    # ---- state --------------------------------------------------------------------------------

    def progress(self) -> Progress:
        busy = sum(
            1 for s in self._states.values() if s in (WorkerState.FETCHING, WorkerState.PARSING)
        )
        end = asyncio.get_running_loop().time() if self.running else self._t_end
        return Progress(
            queued=self._q.qsize(),
            in_flight=len(self._in_flight),
            done=self.done,
            seen=len(self.seen),
            workers=len(self._workers),
            busy=busy,
            paused=self.paused,
            elapsed=end - self._t0,
        )

    def pending(self) -> list[QueueItem]:
        """URLs taken in but not recorded yet (queued and in flight): the frontier to resume."""
        return list(self._in_flight.values()) + list(self._q._queue)  # type: ignore[attr-defined]

    # ---- running ------------------------------------------------------------------------------

    async def run(self) -> CrawlFinished:
        """Crawl until the queue drains or ``cancel()``; returns (and emits) CrawlFinished."""
        if self.running or self.finished:
            raise RuntimeError("a Crawler runs once; make a new one to crawl again")
        loop = asyncio.get_running_loop()
        self.running = True
        self._t0 = loop.time()
        cfg = self.config
        if self._initial is not None:  # resuming: the saved frontier, even if empty
            for item in self._initial:
                self.seen.add(item.url)
                self._q.put_nowait(item)
        else:
            for root in cfg.roots:
                self._add(QueueItem(root, cfg.max_redirect, 0, None))
        timeout = aiohttp.ClientTimeout(
            total=cfg.timeout, sock_connect=cfg.connect_timeout, sock_read=cfg.read_timeout
        )
        # No connection cap of our own: the number of workers is the concurrency limit.
        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300)
        reason = "done"
        if cfg.parse_in_thread:
            self._parser = ThreadPoolExecutor(1, thread_name_prefix="crawl-parser")
        ticker = loop.create_task(self._tick())
        try:
            async with aiohttp.ClientSession(
                connector=connector,
                timeout=timeout,
                headers={"User-Agent": cfg.user_agent},
                cookie_jar=aiohttp.DummyCookieJar(),
                **{
                    **self._session_kwargs,
                    "trace_configs": [
                        trace_config(),
                        *self._session_kwargs.get("trace_configs", ()),
                    ],
                },
            ) as session:
                # aiohttp silently resends an idempotent request once when a kept-alive connection
                # drops; we count and pace tries ourselves, so max_tries must mean what it says.
                if hasattr(session, "_retry_connection"):
                    session._retry_connection = False
                self._session = session
                self._spawn_workers()
                joined = loop.create_task(self._q.join())
                stopped = loop.create_task(self._stop.wait())
                try:
                    await asyncio.wait({joined, stopped}, return_when=asyncio.FIRST_COMPLETED)
                    if self._stop.is_set() and not joined.done():
                        reason = "cancelled"
                finally:
                    joined.cancel()
                    stopped.cancel()
                    await self._stop_workers()
                    await asyncio.gather(joined, stopped, return_exceptions=True)
        except asyncio.CancelledError:
            reason = "cancelled"
            raise
        except Exception as e:  # e.g. the session could not be created
            log.exception("crawl failed")
            reason = "error: " + failure(*_describe(e))["exception"]
        finally:
            ticker.cancel()
            await asyncio.gather(ticker, return_exceptions=True)
            if self._parser is not None:
                self._parser.shutdown(wait=False, cancel_futures=True)
                self._parser = None
            self.running = False
            self._session = None
            self._t_end = loop.time()
            self.finished = CrawlFinished(
                reason=reason, done=self.done, todo=self._q.qsize(), elapsed=self._t_end - self._t0
            )
            self.sink(self.progress())
            self.sink(self.finished)
        return self.finished

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.config.progress_interval)
            self.sink(self.progress())

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

    def _add(self, item: QueueItem) -> None:
        self.seen.add(item.url)
        self._q.put_nowait(item)
        self.sink(item)

    def _can_take(self) -> bool:
        return not self.config.max_pages or len(self.seen) < self.config.max_pages

    def _record(self, rec: FetchRecord) -> None:
        self.done += 1
        self.sink(rec)

    async def _work(self, wid: int) -> None:
        try:
            while wid < self._target_workers:
                self._set_state(wid, WorkerState.IDLE, None)
                item = await self._q.get()
                self._in_flight[wid] = item
                start = asyncio.get_running_loop().time()
                try:
                    if not self._unpaused.is_set():
                        self._set_state(wid, WorkerState.PAUSED, item.url)
                        await self._unpaused.wait()
                    await self._fetch(wid, item, start)
                except asyncio.CancelledError:
                    self._record(
                        self._make(
                            item,
                            start,
                            0,
                            **failure(ErrorKind.CANCELLED, "the crawl was cancelled"),
                        )
                    )
                    raise
                except Exception as e:
                    # A bug or an unforeseen failure still ends as this URL's record.
                    log.exception("worker %d failed on %s", wid, item.url)
                    self._record(
                        self._make(
                            item, start, 1, **failure(ErrorKind.INTERNAL, ": ".join(_describe(e)))
                        )
                    )
                finally:
                    del self._in_flight[wid]
                    self._q.task_done()
        finally:
            self._workers.pop(wid, None)
            self._set_state(wid, WorkerState.STOPPED, None)
            self._states.pop(wid, None)

    def _make(self, item: QueueItem, start: float, tries: int, **fields: Any) -> FetchRecord:
        now = asyncio.get_running_loop().time()
        timing = self._timings.pop(item.url, None)
        if timing is not None:
            fields.update(timing.fields())
        return FetchRecord(
            url=item.url,
            elapsed=now - start,
            depth=item.depth,
            referrer=item.referrer,
            tries=tries,
            finished_at=now - self._t0,
            **fields,
        )

    async def _fetch(self, wid: int, item: QueueItem, start: float) -> None:
        cfg = self.config
        assert self._session is not None
        last_exc = failure("Error", "not fetched")
        tries = 0
        timing = self._timings[item.url] = Timing(wid)
        while tries < cfg.max_tries:
            tries += 1
            self._set_state(wid, WorkerState.FETCHING, item.url)
            try:
                # encoded=True: send exactly the URL we record. Left to itself yarl re-quotes it
                # ("%zz" → "%25zz", "%7E" → "~", "/x/%2E%2E/y" → "/y"), so the report would name
                # a URL other than the one fetched, and two records could be one fetch.
                url = yarl.URL(item.url, encoded=True)
                async with self._session.get(
                    url, allow_redirects=False, trace_request_ctx=timing
                ) as resp:
                    if resp.status in RETRY_STATUSES and tries < cfg.max_tries:
                        delay = _retry_after(resp.headers.get("Retry-After"), cfg.max_retry_after)
                        last_exc = failure(f"HTTP{resp.status}", resp.reason or "")
                        await asyncio.sleep(delay if delay is not None else self._backoff(tries))
                        continue
                    if resp.status in REDIRECT_STATUSES:
                        mime = parse_content_type(resp.headers.get("Content-Type"))[0]
                        fields = self._redirect(item, resp.headers.get("Location"))
                        self._record(
                            self._make(
                                item, start, tries, status=resp.status, content_type=mime, **fields
                            )
                        )
                        return
                    status = resp.status
                    mime, charset = parse_content_type(resp.headers.get("Content-Type"))
                    html = status == 200 and mime in HTML_TYPES
                    body, size = await self._read(resp, keep=html)
                    timing.mark_body()
                # The connection is back in the pool; a page is parsed only once, never retried.
                await self._page(wid, item, start, tries, status, mime, charset, size, body)
                return
            except BodyTooLarge as e:
                self._record(self._make(item, start, tries, **failure(ErrorKind.TOO_LARGE, str(e))))
                return
            except aiohttp.InvalidURL as e:
                self._record(
                    self._make(item, start, tries, **failure(ErrorKind.INVALID_URL, str(e)))
                )
                return
            except (TimeoutError, aiohttp.ClientError, OSError) as e:
                last_exc = failure(*_describe(e))
                log.debug("try %d for %s raised %s", tries, item.url, last_exc["exception"])
                if tries < cfg.max_tries:
                    await asyncio.sleep(self._backoff(tries))
        self._record(self._make(item, start, tries, **last_exc))

    def _backoff(self, tries: int) -> float:
        return float(min(self.config.retry_backoff * 2 ** (tries - 1), self.config.max_retry_after))

    def _redirect(self, item: QueueItem, location: str | None) -> dict[str, Any]:
        """Decide a redirect's fate (queue its target or say why not): the record's fields."""
        if not location or not location.strip():
            return failure(ErrorKind.MISSING_LOCATION, "redirect without a Location header")
        try:
            target = normalize(urljoin(item.url, location.strip()))
        except ValueError:
            target = None
        if target is None:
            return failure(ErrorKind.BAD_LOCATION, f"cannot follow Location {location[:200]!r}")
        note = None
        if target not in self.scope:
            note = "target out of scope: not followed"
        elif target in self.seen:
            note = "target already seen"
        elif item.redirects_left <= 0:
            limit = self.config.max_redirect
            return {
                "next_url": target,
                **failure(ErrorKind.TOO_MANY_REDIRECTS, f"more than {limit}"),
            }
        elif not self._can_take():
            note = "max pages reached: not followed"
        else:
            self._add(QueueItem(target, item.redirects_left - 1, item.depth, item.url))
        return {"next_url": target, "note": note, "num_urls": 1, "num_new_urls": int(note is None)}

    async def _read(self, resp: aiohttp.ClientResponse, keep: bool) -> tuple[bytes | None, int]:
        """The body (if ``keep``) and its decompressed size; BodyTooLarge past max_body."""
        limit = self.config.max_body
        length = resp.content_length
        if length is not None and length > limit:
            raise BodyTooLarge(f"Content-Length {length} exceeds the {limit}-byte limit")
        chunks: list[bytes] = []
        size = 0
        async for chunk in resp.content.iter_chunked(_CHUNK):
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge(f"body exceeds the {limit}-byte limit")
            if keep:
                chunks.append(chunk)
        return (b"".join(chunks) if keep else None), size

    async def _page(
        self,
        wid: int,
        item: QueueItem,
        start: float,
        tries: int,
        status: int,
        mime: str | None,
        charset: str | None,
        size: int,
        body: bytes | None,
    ) -> None:
        cfg = self.config
        encoding = charset
        links: list[str] = []
        new = 0
        note = None
        if body is not None:
            self._set_state(wid, WorkerState.PARSING, item.url)
            timing = self._timings.get(item.url)
            parse = parse_page if timing is None else timing.timed(parse_page)
            if self._parser is not None and len(body) > INLINE_PARSE_BYTES:
                # Off the loop: lexbor parses without the GIL, so the loop (and a window on it)
                # keeps running while a big page is parsed.
                loop = asyncio.get_running_loop()
                page = await loop.run_in_executor(self._parser, parse, body, charset, item.url)
            else:
                page = parse(body, charset, item.url)
            encoding, note = page.encoding, page.note
            links = [u for u in page.links if u in self.scope]
            depth = item.depth + 1
            if not cfg.max_depth or depth <= cfg.max_depth:
                for u in links:
                    if u not in self.seen and self._can_take():
                        self._add(QueueItem(u, cfg.max_redirect, depth, item.url))
                        new += 1
        self._record(
            self._make(
                item,
                start,
                tries,
                status=status,
                size=size,
                content_type=mime,
                encoding=encoding,
                num_urls=len(links),
                num_new_urls=new,
                links=tuple(links),
                note=note,
            )
        )
