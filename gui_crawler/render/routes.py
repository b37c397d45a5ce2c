"""Every request a rendered page makes, answered by the crawler: the browser itself never touches
the network (browser.ARGS maps every host name to nothing).

* The page's own document: from the answer the crawl fetched already (no second GET).
* Images, media and fonts: not loaded (nothing on a page's links or text depends on them).
* A request to the crawl's own hosts (its scope's): fetched with the crawl's session (its user
  agent, headers, cookies, authentication and proxy), counted per host; one that fails (an
  error, or a status of 400 or more) is a failed sub-request of the page.
* An off-site request: refused under ``--no-external``; else fetched as external links are
  checked, never from a private, loopback or link-local address unless the roots are at one
  (crawl/phases.py ``AddressPolicy``).
* Any other navigation of the page (``location = …``, a form, a download): refused, and said.
* Past MAX_REQUESTS requests, or once the page's time is up: refused (an endless stream of
  requests is bounded).

Scripts and stylesheets of the site answered 200 are kept (up to CACHE_BYTES in all) and given
again to the next page that asks: a browser with routes keeps no HTTP cache of its own.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import yarl

from gui_crawler.crawl import phases
from gui_crawler.crawl.failures import describe
from gui_crawler.crawl.hosts import origin_of
from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import failed_answer

NOT_LOADED = frozenset({"image", "media", "font"})
MAX_REQUESTS = 300
CACHE_BYTES = 32 * 1024 * 1024
CACHED_TYPES = frozenset({"script", "stylesheet"})
# Headers the crawl's session sets itself, or that describe a body it decodes.
_DROP_SENT = frozenset({"host", "user-agent", "connection", "content-length", "accept-encoding"})
_DROP_ANSWERED = frozenset(
    {"content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"}
)
MAX_LISTED = 50  # failed sub-requests, refusals and errors kept per page


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class PageRequests:
    """What one rendered page asked for, and the state its routes need."""

    url: str  # the page's URL (fragment included for a hash route)
    document: Answer  # its own answer, as the crawl fetched it
    deadline: float  # time.monotonic() after which nothing more is fetched
    served: bool = False  # the document was given to the browser
    in_flight: int = 0
    last: float = field(default_factory=time.monotonic)  # a request began or ended
    count: int = 0  # requests fetched or served from the cache
    hosts: dict[str, int] = field(default_factory=dict)  # requests per host (origin)
    # (url, status or error, resource type, with the method after it if not GET)
    failed: list[tuple[str, str, str]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # navigations, off-site, over the bound
    refused_count: int = 0
    not_loaded: int = 0  # images, media, fonts
    navigations: int = 0  # the page's attempts to go elsewhere (refused)

    def refuse(self, what: str) -> None:
        self.refused_count += 1
        if len(self.refused) < MAX_LISTED:
            self.refused.append(what)


def _document_url(url: str) -> str:
    return url.split("#", 1)[0]


class Routes:
    """The routes of the tabs of one browser context: ``handle`` is its route handler; each
    page's state is ``pages[page]`` while it renders (a popup has none: refused)."""

    def __init__(
        self,
        session: Callable[[], aiohttp.ClientSession | None],
        on_site: Callable[[str], bool],
        external: bool,
        max_body: int,
        cache: AnswerCache,
    ) -> None:
        self.session = session
        self.on_site = on_site
        self.external = external
        self.max_body = max_body
        self.cache = cache
        self.pages: dict[Any, PageRequests] = {}

    async def handle(self, route: Any, request: Any) -> None:
        # The dispatcher's task may have been made while a worker's request was timed: the
        # sub-requests are no part of that request's phases.
        phases.current.set(None)
        try:
            await self._handle(route, request)
        except Exception as e:  # the page or the browser went away meanwhile
            if "closed" not in str(e).lower() and "already handled" not in str(e).lower():
                raise

    async def _handle(self, route: Any, request: Any) -> None:
        try:
            page = request.frame.page
        except Exception:  # a service worker's request: no frame
            await route.abort("blockedbyclient")
            return
        state = self.pages.get(page)
        url = request.url
        if state is None:  # a popup (window.open), or a page whose render ended
            await route.abort("blockedbyclient")
            return
        if request.is_navigation_request() and request.frame == page.main_frame:
            if not state.served and url == _document_url(state.url):
                state.served = True
                doc = state.document
                await route.fulfill(status=doc.status, headers=doc.headers, body=doc.body)
                return
            state.refuse(f"navigation to {url[:300]}")
            state.navigations += 1
            # "aborted", as a download or a 204 ends a navigation: the page stays as it was
            # (another error would replace it with the browser's error page).
            await route.abort("aborted")
            return
        kind = request.resource_type
        if kind in NOT_LOADED:
            state.not_loaded += 1
            await route.abort("blockedbyclient")
            return
        if not url.startswith(("http://", "https://")):
            await route.abort("blockedbyclient")
            return
        on_site = self.on_site(url)
        if not on_site and not self.external:
            state.refuse(f"off-site {url[:300]}")
            await route.abort("blockedbyclient")
            return
        if state.count >= MAX_REQUESTS or time.monotonic() >= state.deadline:
            state.refuse(f"over the page's bound: {url[:300]}")
            await route.abort("blockedbyclient")
            return
        state.count += 1
        host = origin_of(url)
        state.hosts[host] = state.hosts.get(host, 0) + 1
        state.in_flight += 1
        state.last = time.monotonic()
        try:
            answer, why = await self._answer(request, url, kind, on_site, state.deadline)
        finally:
            state.in_flight -= 1
            state.last = time.monotonic()
        # Only a GET is a link the crawl can check again; another method is said with its kind.
        said = kind if request.method == "GET" else f"{kind} {request.method}"
        if answer is None:
            if on_site and len(state.failed) < MAX_LISTED:
                state.failed.append((url, why, said))
            await route.abort("failed")
            return
        failed = failed_answer(FetchRecord(url, status=answer.status))
        if on_site and failed and len(state.failed) < MAX_LISTED:
            state.failed.append((url, str(answer.status), said))
        await route.fulfill(status=answer.status, headers=answer.headers, body=answer.body)

    async def _answer(
        self, request: Any, url: str, kind: str, on_site: bool, deadline: float
    ) -> tuple[Answer | None, str]:
        method = request.method
        cacheable = on_site and method == "GET" and kind in CACHED_TYPES
        if cacheable and (hit := self.cache.get(url)) is not None:
            return hit, ""
        session = self.session()
        if session is None:
            return None, "the crawl is over"
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _DROP_SENT}
        token = phases.external.set(not on_site)  # off-site: AddressPolicy's rule
        try:
            async with asyncio.timeout(max(0.05, deadline - time.monotonic())):
                async with session.request(
                    method,
                    yarl.URL(url, encoded=True),
                    headers=headers,
                    data=request.post_data_buffer,
                    allow_redirects=False,  # the browser follows: each hop is routed here
                ) as resp:
                    body = await _read(resp, self.max_body)
                    answered = {
                        k: v for k, v in resp.headers.items() if k.lower() not in _DROP_ANSWERED
                    }
                    answer = Answer(resp.status, answered, body)
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError) as e:
            kind_, message = describe(e)
            return None, f"{kind_}: {message}"[:300]
        finally:
            phases.external.reset(token)
        if cacheable and answer.status == 200:
            self.cache.put(url, answer)
        return answer, ""


async def _read(resp: aiohttp.ClientResponse, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.content.iter_chunked(64 * 1024):
        size += len(chunk)
        if size > limit:
            raise ValueError(f"body exceeds the {limit}-byte limit")
        chunks.append(chunk)
    return b"".join(chunks)


class AnswerCache:
    """Answers by URL, the least recently used dropped past ``limit`` bytes."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self._items: OrderedDict[str, Answer] = OrderedDict()

    def get(self, url: str) -> Answer | None:
        hit = self._items.get(url)
        if hit is not None:
            self._items.move_to_end(url)
        return hit

    def put(self, url: str, answer: Answer) -> None:
        if len(answer.body) > self.limit // 4:
            return
        old = self._items.pop(url, None)
        if old is not None:
            self.size -= len(old.body)
        self._items[url] = answer
        self.size += len(answer.body)
        while self.size > self.limit:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped.body)
