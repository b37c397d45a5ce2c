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
        # Made where the crawl runs: its loop times every request's total timeout.
        self._deadlines = Deadlines(
            asyncio.get_running_loop(), timeout.total, timeout.ceil_threshold
        )

    def get(self, url: yarl.URL) -> _Request:
        """``async with direct.get(url) as answer``: what aiohttp's ``session.get(url,
        allow_redirects=False, auto_decompress=False)`` gives, in the names the crawl reads."""
        return _Request(self, url)

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


class _Request:
    """One GET: an async context manager whose answer reads as aiohttp's ClientResponse."""

    __slots__ = (
        "_deadline",
        "_direct",
        "_origin",
        "_proto",
        "content",
        "content_length",
        "headers",
        "reason",
        "status",
        "url",
    )

    def __init__(self, direct: Direct, url: yarl.URL) -> None:
        self._direct = direct
        self.url = url
        self._proto: ResponseHandler | None = None
        self._deadline: Deadline | None = None

    async def __aenter__(self) -> _Request:
        direct = self._direct
        url = self.url
        # The try's total time, as aiohttp keeps it: connection, answer and body.
        timer, self._deadline = direct._deadlines.start()
        self._origin = origin = (url.scheme, url.raw_host or "", url.port or 0)
        try:
            # A kept-alive connection its server closed as we wrote fails this try, as with
            # aiohttp (its resending once is turned off, engine.py): the engine's next try
            # is counted and paced.
            proto = direct._idle_connection(origin)
            if proto is None:
                proto = await direct._connect(url, timer)
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
        direct, url = self._direct, self.url
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
            f"GET {url.raw_path_qs} HTTP/1.1\r\nHost: {url.host_port_subcomponent}\r\n"
            f"{direct._headers}\r\n".encode()  # UTF-8, as aiohttp writes a header
        )
        proto.start_timeout()
        with timer:
            while True:  # 1xx interim answers (103 Early Hints) skipped, as aiohttp does
                try:
                    message, payload = await proto.read()
                except HttpProcessingError as exc:
                    info = RequestInfo(url, "GET", _NO_HEADERS, url)
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
        proto = self._proto
        if proto is not None:
            self._proto = None
            self._direct._done(self._origin, proto)

    def _close(self) -> None:
        if self._deadline is not None:
            self._deadline.done()
            self._deadline = None
        proto = self._proto
        if proto is not None:
            self._proto = None
            self._direct._busy.discard(proto)
            proto.close()
