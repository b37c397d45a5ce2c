"""The crawl's in-scope page requests on connections of its own, without aiohttp's per-request
machinery (``ClientRequest``, ``ClientResponse``, the session's request loop): ~65 µs of the
event loop's CPU a request with aiohttp, ~20 µs here (rust-doc's pages, 10 at once), about a
tenth of the loop on a rust-doc crawl.

Everything that decides what a record says is aiohttp's own, so it says the same: the answers
are read by aiohttp's protocol and parser (crawl/protocol.py's ``ResponseHandler``: the same
exceptions and messages for a bad status line, an oversized header, a bad chunk, a short body;
1xx answers skipped; the read timeout), connections are made by the crawl's connector (its
resolver and DNS cache, its address policy, its TLS context, its connect timeout and errors),
and the try's total timeout is aiohttp's timer context (all of them on one loop timer:
deadlines.py). What is left here is writing the request line, keeping idle connections per
origin, and the timing marks the connector stamps for aiohttp.

``usable`` is the one place that decides when this path is taken: never through a proxy, with
credentials or headers of the user's (access.py), or with session arguments a caller gave (a
test's trace, another connector): those keep aiohttp's path.
"""

from __future__ import annotations

import asyncio
import collections
import inspect
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiohttp
import yarl
from aiohttp.client_proto import ResponseHandler
from aiohttp.client_reqrep import ClientRequest, RequestInfo
from aiohttp.http_exceptions import HttpProcessingError
from multidict import CIMultiDict, CIMultiDictProxy

from gui_crawler.crawl import phases
from gui_crawler.crawl.access import Access
from gui_crawler.crawl.deadlines import Deadline, Deadlines

if TYPE_CHECKING:
    from aiohttp.helpers import BaseTimerContext
    from aiohttp.http_parser import RawResponseMessage
    from aiohttp.streams import StreamReader

    from gui_crawler.config import CrawlConfig

# The answer's parser as aiohttp's ClientSession sets it by default: line and header sizes, the
# number of headers (3.14; 3.12 has no such limit, nor the argument), read buffer.
PARSER: dict[str, Any] = {"max_line_size": 8190, "max_field_size": 8190, "read_bufsize": 2**16}
if "max_headers" in inspect.signature(ResponseHandler.set_response_params).parameters:
    PARSER["max_headers"] = 128
_NO_HEADERS: CIMultiDictProxy[str] = CIMultiDictProxy(CIMultiDict())
_Origin = tuple[str, str, int]  # scheme, host as in the URL, port


def usable(config: CrawlConfig, session_kwargs: dict[str, Any]) -> bool:
    """Whether the crawl's in-scope pages may go this way: no proxy, no headers, cookies or
    authentication of the user's, no session arguments of a caller's, and a User-Agent that
    is one header line."""
    ua = config.user_agent
    return (
        not session_kwargs
        and not Access(config).session_kwargs()
        and "\r" not in ua
        and "\n" not in ua
    )


class Direct:
    """GETs on kept-alive connections of the crawl's own, made by ``connector``; ``headers``: the
    session's (User-Agent, Accept-Encoding), sent after Host and before ``Accept: */*`` as
    aiohttp sends them."""

    def __init__(
        self,
        connector: aiohttp.TCPConnector,
        timeout: aiohttp.ClientTimeout,
        headers: dict[str, str],
    ) -> None:
        self.connector = connector
        self.timeout = timeout
        self._headers = "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "Accept: */*\r\n"
        self._idle: dict[_Origin, collections.deque[tuple[ResponseHandler, float]]] = {}
        self._busy: set[ResponseHandler] = set()
        # "scheme://netloc" → the origin and Host header of the URLs that begin so (get).
        self._netlocs: dict[str, tuple[_Origin, str]] = {}
        # Made where the crawl runs: its loop times every request's total timeout.
        self._deadlines = Deadlines(
            asyncio.get_running_loop(), timeout.total, timeout.ceil_threshold
        )

    def get(self, url: yarl.URL | str) -> _Request:
        """``async with direct.get(url) as answer``: what aiohttp's ``session.get(url,
        allow_redirects=False, auto_decompress=False)`` gives, in the names the crawl reads. A
        ``str`` is the URL as yarl reads it with ``encoded=True``: sent exactly as written."""
        if not isinstance(url, str):
            return _Request(self, url)
        # A crawl's URLs share a few "scheme://netloc" prefixes: yarl reads each prefix once
        # and the rest of a URL is its request target as written (yarl's URL was ~4 µs of the
        # event loop's thread a request).
        end = url.find("/", 8)
        known = self._netlocs.get(url[:end]) if end > 0 else None
        if known is not None and _plain(url):
            return _Request(self, None, url, *known, url[end:])
        parsed = yarl.URL(url, encoded=True)  # its errors, as the crawl always met them
        if end > 0 and _plain(url) and url[:end] == f"{parsed.scheme}://{parsed.raw_authority}":
            try:
                origin, host, target = _parts(parsed)
            except Exception:  # raised again where aiohttp meets it: after the connection
                pass
            else:
                if target == url[end:]:
                    self._netlocs[url[:end]] = (origin, host)
        return _Request(self, parsed)

    def close(self) -> None:
        """Close every connection, idle or in use (the crawl is over)."""
        for conns in self._idle.values():
            for proto, _ in conns:
                proto.close()
        self._idle.clear()
        for proto in self._busy:
            proto.close()
        self._busy.clear()
        self._deadlines.close()

    def _idle_connection(self, origin: _Origin) -> ResponseHandler | None:
        """The connection to ``origin`` idle longest, if one is still open and was idle no
        longer than the connector's keep-alive time (as aiohttp's pool takes them)."""
        idle = self._idle.get(origin)
        now = time.monotonic()
        keepalive = self.connector._keepalive_timeout
        while idle:
            proto, since = idle.popleft()
            if proto.is_connected() and (keepalive is None or now - since <= keepalive):
                return proto
            proto.close()
        return None

    async def _connect(self, url: yarl.URL, timer: BaseTimerContext) -> ResponseHandler:
        """A new connection, by the connector as aiohttp makes one, with its errors; the time
        to get it is the connect phase, as TimedConnector marks aiohttp's."""
        t = phases.current.get()
        if t is not None:
            t._tc = time.monotonic()
        req = ClientRequest("GET", url, loop=asyncio.get_running_loop())  # its host, port, TLS
        try:
            with timer:
                proto = await self.connector._create_connection(req, [], self.timeout)
        except TimeoutError as exc:
            raise aiohttp.ConnectionTimeoutError(f"Connection timeout to host {url}") from exc
        finally:
            if t is not None and t._tc:
                t.connect += time.monotonic() - t._tc
                t._tc = 0.0
        return proto

    def _done(self, origin: _Origin, proto: ResponseHandler) -> None:
        """The answer is over: its connection kept for the next request, or closed."""
        self._busy.discard(proto)
        if proto.should_close or not proto.is_connected():
            proto.close()
        else:
            self._idle.setdefault(origin, collections.deque()).append((proto, time.monotonic()))


def _parts(url: yarl.URL) -> tuple[_Origin, str, str]:
    """The origin of ``url``, its Host header and its request target."""
    return _origin(url), url.host_port_subcomponent or "", url.raw_path_qs


def _origin(url: yarl.URL) -> _Origin:
    return (url.scheme, url.raw_host or "", url.port or 0)


def _plain(url: str) -> bool:
    """Whether yarl reads all of ``url`` after its netloc as the request target: no fragment, no
    tab or line break (yarl drops them), no empty query (yarl drops its "?")."""
    return not ("#" in url or "\t" in url or "\n" in url or "\r" in url or url.endswith("?"))


class _Request:
    """One GET: an async context manager whose answer reads as aiohttp's ClientResponse."""

    __slots__ = (
        "_deadline",
        "_direct",
        "_host",
        "_origin",
        "_proto",
        "_target",
        "_text",
        "_url",
        "content",
        "content_length",
        "headers",
        "reason",
        "status",
    )

    def __init__(
        self,
        direct: Direct,
        url: yarl.URL | None,
        text: str = "",
        origin: _Origin | None = None,
        host: str | None = None,
        target: str = "",
    ) -> None:
        self._direct = direct
        self._url = url  # made from ``text`` when asked for (a new connection, an error)
        self._text = text
        # Given from what an earlier request to the same netloc read (Direct.get), else read
        # from ``url`` where aiohttp reads them.
        self._origin = origin
        self._host = host
        self._target = target
        self._proto: ResponseHandler | None = None
        self._deadline: Deadline | None = None

    @property
    def url(self) -> yarl.URL:
        if self._url is None:
            self._url = yarl.URL(self._text, encoded=True)
        return self._url

    async def __aenter__(self) -> _Request:
        direct = self._direct
        # The try's total time, as aiohttp keeps it: connection, answer and body.
        timer, self._deadline = direct._deadlines.start()
        origin = self._origin
        if origin is None:
            self._origin = origin = _origin(self.url)
        try:
            # A kept-alive connection its server closed as we wrote fails this try, as with
            # aiohttp (its resending once is turned off, engine.py): the engine's next try
            # is counted and paced.
            proto = direct._idle_connection(origin)
            if proto is None:
                proto = await direct._connect(self.url, timer)
            message, payload = await self._send(proto, timer)
        except BaseException as exc:
            self._close()
            if (  # as aiohttp's session wraps it
                isinstance(exc, OSError)
                and not isinstance(exc, aiohttp.ClientError)
                and not (exc.errno is None and isinstance(exc, asyncio.TimeoutError))
            ):
                raise aiohttp.ClientOSError(*exc.args) from exc
            raise
        self.status = message.code
        self.reason = message.reason
        self.headers = message.headers
        self.content = payload
        length = message.headers.get("Content-Length")
        self.content_length = int(length) if length is not None else None
        return self

    async def _send(
        self, proto: ResponseHandler, timer: BaseTimerContext
    ) -> tuple[RawResponseMessage, StreamReader]:
        """Write the request on ``proto`` and read the answer's head, past any 1xx."""
        direct = self._direct
        t = phases.current.get()
        if t is not None:
            t.sent = time.monotonic()
        self._proto = proto
        direct._busy.add(proto)
        timeout = direct.timeout
        proto.set_response_params(
            timer=timer,
            read_until_eof=True,  # a body without a length ends with the connection
            auto_decompress=False,
            read_timeout=timeout.sock_read,
            timeout_ceil_threshold=direct.connector._timeout_ceil_threshold,
            **PARSER,
        )
        assert proto.transport is not None
        proto.transport.write(
            (
                f"GET {self._target} HTTP/1.1\r\nHost: {self._host}\r\n{direct._headers}\r\n"
                if self._host is not None
                else f"GET {self.url.raw_path_qs} HTTP/1.1\r\n"
                f"Host: {self.url.host_port_subcomponent}\r\n{direct._headers}\r\n"
            ).encode()  # UTF-8, as aiohttp writes a header
        )
        proto.start_timeout()
        with timer:
            while True:  # 1xx interim answers (103 Early Hints) skipped, as aiohttp does
                try:
                    message, payload = await proto.read()
                except HttpProcessingError as exc:
                    info = RequestInfo(self.url, "GET", _NO_HEADERS, self.url)
                    raise aiohttp.ClientResponseError(
                        info, (), status=exc.code, message=exc.message, headers=exc.headers
                    ) from exc
                if message.code < 100 or message.code > 199 or message.code == 101:
                    return message, payload

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._deadline is not None:
            self._deadline.done()
        proto, origin = self._proto, self._origin
        if proto is not None and origin is not None:  # the origin is known before the proto
            self._proto = None
            self._direct._done(origin, proto)

    def _close(self) -> None:
        if self._deadline is not None:
            self._deadline.done()
            self._deadline = None
        proto = self._proto
        if proto is not None:
            self._proto = None
            self._direct._busy.discard(proto)
            proto.close()
