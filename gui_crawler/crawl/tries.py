"""One try at a URL, the part of the crawler (``engine.Crawler``) between a worker taking it and
its page being read: the host's turn (robots.txt and sitemaps first, its limits, its back-off),
the request, the answer's status, a redirect's fate, and when to try again.

A mixin of ``Crawler``, which holds the state named below and the steps it names last.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import urljoin

import aiohttp
import yarl

from gui_crawler.base.translate import translate
from gui_crawler.base.urls import Scope, normalize
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl import robots as robotstxt
from gui_crawler.crawl.bodies import BodyBudget, read_body
from gui_crawler.crawl.chains import RedirectChains
from gui_crawler.crawl.concurrency import OwnLimits
from gui_crawler.crawl.direct import Direct
from gui_crawler.crawl.encodings import BodyTooLarge, ContentEncodingError
from gui_crawler.crawl.failures import describe, failure, retry_after, worth_retrying
from gui_crawler.crawl.frontier import Frontier
from gui_crawler.crawl.headers import kept as kept_headers
from gui_crawler.crawl.hosts import Host, HostTable, Prep
from gui_crawler.crawl.outcome import Outcome
from gui_crawler.crawl.phases import Timing
from gui_crawler.crawl.politeness import LocalHosts, bot_challenge, check_external
from gui_crawler.crawl.seen import Seen
from gui_crawler.events import (
    OUT_OF_SCOPE,
    REDIRECT_STATUSES,
    ErrorKind,
    Event,
    Notice,
    Queued,
    WorkerState,
)
from gui_crawler.parsing.css import CSS_TYPE
from gui_crawler.parsing.links import HTML_TYPES, parse_content_type
from gui_crawler.parsing.pagefacts import robots_tokens

log = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 503})


class Tries:
    """The tries at a URL: ``_handle`` takes it from a worker to its record, or back to the
    queue to wait for its host or its next try."""

    config: CrawlConfig
    sink: Callable[[Event], None]
    scope: Scope
    frontier: Frontier
    in_sitemap: Seen
    _host_rules: LocalHosts
    _hosts: HostTable[Queued] | None
    _session: aiohttp.ClientSession | None
    _direct: Direct | None
    _timings: dict[str, Timing]
    _chains: RedirectChains
    _bodies: BodyBudget
    _own: OwnLimits
    _handoff: dict[int, Queued]
    _now: Callable[[], float]  # the loop's clock

    if TYPE_CHECKING:  # the Crawler's steps these call

        def _record(self, item: Queued, start: float, tries: int, o: Outcome) -> None: ...
        async def _page(
            self, wid: int, item: Queued, start: float, tries: int, got: Outcome, body: bytes | None
        ) -> None: ...
        def _set_state(self, wid: int, state: WorkerState, url: str | None) -> None: ...
        def _add(self, item: Queued, ahead: bool = False) -> None: ...
        def _can_take(self) -> bool: ...
        def _take_external(self, urls: Iterable[str], depth: int, referrer: str) -> None: ...
        def _own_wait(self, url: str, message: str, began: float) -> float | None: ...
        def _more_workers(self) -> None: ...

    async def _handle(self, wid: int, item: Queued, start: float, tries: int) -> bool:
        """Fetch ``item`` once its host allows it; True when it was parked (or delayed) instead,
        to come back through the queue later, never holding this worker meanwhile."""
        hosts = self._hosts
        assert hosts is not None
        # Timed from this worker taking the URL: a URL parked on its host holds no worker, so the
        # time it waited there is no worker's phase (the Hosts view shows who waits on a host).
        self._timings[item.url] = Timing(wid)
        external = not self.scope.host_ok_cached(item.url)
        host = hosts.get(item.url, external=external)
        if host.gave_up is not None:  # recorded unfetched, at once (hosts.HostTable.failed)
            hosts.passed(host, item)
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
            hosts.passed(host, item)
            blocked = Outcome(error_kind=ErrorKind.ROBOTS, message="blocked by robots.txt")
            self._record(item, start, 0, blocked)
            return False
        if not hosts.admit(host, item):
            self.frontier.park()
            hosts.park(host, item)
            return True
        tries += 1
        t = self._now()
        own_failures = self._own.failures
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
            if answered:  # this worker is free next: it may be handed the host's next URL
                took = hosts.done(host, self._now() - t, take=True)
                if took is not None:
                    self._handoff[wid] = took
            else:
                hosts.done(host, None)
        if self._own.failures == own_failures:  # no own failure meanwhile, this try's or another's
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
        host.robots_status = robotstxt.IGNORED if cfg.ignore_robots else robotstxt.FETCHING
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
                host.robots_status = robotstxt.EXTERNAL
            for note in result.notes:
                log.info("%s: %s", host.origin, note)
            host.robots_status = robotstxt.NOTES.join([host.robots_status, *result.notes])
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
        began, behind = self._now(), self._own.behind()
        answer = ""  # the answer's headers, once it has come
        status: int | None = None
        held = 0  # bytes of the body budget this try holds until its page is parsed
        try:
            # encoded=True: send exactly the URL we record. Left to itself yarl re-quotes it
            # ("%zz" → "%25zz", "%7E" → "~", "/x/%2E%2E/y" → "/y"), so the report would name
            # a URL other than the one fetched, and two records could be one fetch.
            direct = self._direct
            request = (
                direct.get(item.url)  # read as the line below reads it
                if direct is not None
                else self._session.get(
                    yarl.URL(item.url, encoded=True), allow_redirects=False, auto_decompress=False
                )
            )
            timing = self._timings[item.url]
            timing.start_request()
            async with request as resp:
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
                    if tries - self._own.tries_of(item.url) < cfg.max_tries and not host.gave_up:
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
                body, size = await read_body(resp, keep, cfg.max_body)
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
                kind, message = self._own.blame_timeout(began, behind, message)
            log.debug(
                "try %d for %s raised %s", tries, item.url, failure(kind, message)["exception"]
            )
            if kind == ErrorKind.OWN_LIMIT:
                wait = self._own_wait(item.url, message, began)
            else:
                self._host_failed(host, kind)
                site_tries = tries - self._own.tries_of(item.url)
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
        began, behind = self._now(), self._own.behind()
        result = await check_external(self._session, item.url, cfg.max_redirect, timing)
        kind, message = result.error_kind, result.message
        if timing is not None and kind is not None:
            timing.settle()
        if kind == ErrorKind.TIMEOUT:
            kind, message = self._own.blame_timeout(began, behind, message)
        if kind == ErrorKind.OWN_LIMIT and (
            (wait := self._own_wait(item.url, message, began)) is not None
        ):
            return wait
        site_tries = tries - self._own.tries_of(item.url)
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
