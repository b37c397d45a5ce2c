"""A hostile web server for tests: raw HTTP/1.1 over asyncio streams on a loopback port.

aiohttp's own server is too well-behaved to lie about lengths, reset mid-body, stall, drip bytes
or send garbage, so this one writes bytes by hand. ``server.route(path, handler)`` (or
``prefix=True`` for a whole subtree) installs ``async def handler(conn: Conn) -> None``; a handler
that ends without ``conn.respond`` or ``conn.close`` gets the connection closed (no keep-alive),
one that used ``conn.respond`` keeps the connection open for the next request.
``server.hits`` counts requests per request target, ``server.connections`` accepted connections.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import socket
import struct
import time
import zlib
from collections.abc import Awaitable, Callable, Iterable
from email.utils import formatdate

Handler = Callable[["Conn"], Awaitable[None]]

_REASONS = {
    200: "OK",
    204: "No Content",
    301: "Moved Permanently",
    302: "Found",
    307: "Temporary Redirect",
    308: "Permanent Redirect",
    404: "Not Found",
    418: "I'm a teapot",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


class Conn:
    """One request on one connection, with the ways to answer it (well or badly)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        target: str,
        headers: dict[str, str],
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.target = target
        self.headers = headers
        self.keep_alive = False
        self.closed = False

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    @staticmethod
    def head(
        status: int, headers: dict[str, str] | None = None, reason: str | None = None
    ) -> bytes:
        lines = [f"HTTP/1.1 {status} {reason or _REASONS.get(status, 'Whatever')}"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def respond(
        self,
        status: int = 200,
        body: bytes | str = b"",
        headers: dict[str, str] | None = None,
        *,
        content_type: str | None = "text/html; charset=utf-8",
    ) -> None:
        """A well-formed answer with a Content-Length; the connection stays open."""
        data = body.encode() if isinstance(body, str) else body
        h = {} if content_type is None else {"Content-Type": content_type}
        h.update(headers or {})
        h.setdefault("Content-Length", str(len(data)))
        await self.send(self.head(status, h) + data)
        self.keep_alive = True

    async def page(self, links: Iterable[str] = ()) -> None:
        anchors = "".join(f'<a href="{link}">x</a>\n' for link in links)
        await self.respond(body=f"<!doctype html><html><body>{anchors}</body></html>")

    def close(self) -> None:
        self.closed = True
        self.writer.close()

    def reset(self) -> None:
        """Close with a TCP RST (SO_LINGER 0) rather than a FIN."""
        sock = self.writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.closed = True
        self.writer.transport.abort()

    async def forever(self) -> None:
        """Hold the connection open and say nothing, until the client goes away."""
        await self.reader.read()


class HostileServer:
    """A raw HTTP server on ``host`` (loopback) at an ephemeral (or given) port."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port = 0
        self.hits: collections.Counter[str] = collections.Counter()
        self.connections = 0
        self._routes: dict[str, Handler] = {}
        self._prefixes: list[tuple[str, Handler]] = []
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def netloc(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def url(self) -> str:
        return self.u("/")

    def u(self, path: str) -> str:
        return f"http://{self.netloc}{path}"

    def route(self, path: str, handler: Handler, *, prefix: bool = False) -> None:
        if prefix:
            self._prefixes.append((path, handler))
        else:
            self._routes[path] = handler

    def page(self, path: str, links: Iterable[str] = ()) -> None:
        links = list(links)

        async def handler(conn: Conn) -> None:
            await conn.page(links)

        self.route(path, handler)

    def html(self, path: str, body: bytes | str, content_type: str | None = "text/html") -> None:
        async def handler(conn: Conn) -> None:
            await conn.respond(body=body, content_type=content_type)

        self.route(path, handler)

    def status(self, path: str, status: int, headers: dict[str, str] | None = None) -> None:
        body = "" if status in (204, 304) else f"status {status}"  # these have no body

        async def handler(conn: Conn) -> None:
            await conn.respond(status, body, headers, content_type="text/plain")

        self.route(path, handler)

    def redirect(self, path: str, location: str | None, status: int = 302) -> None:
        self.status(path, status, {} if location is None else {"Location": location})

    def _handler(self, target: str) -> Handler | None:
        path = target.split("?", 1)[0]
        found = self._routes.get(target) or self._routes.get(path)
        if found is None:
            for prefix, handler in self._prefixes:
                if path.startswith(prefix):
                    return handler
        return found

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.add(writer)
        self.connections += 1
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                    return
                request_line, *lines = head.decode("latin-1").split("\r\n")
                target = request_line.split(" ")[1] if request_line.count(" ") >= 2 else "?"
                headers = {}
                for line in lines:
                    if ":" in line:
                        k, _, v = line.partition(":")
                        headers[k.strip().lower()] = v.strip()
                self.hits[target] += 1
                conn = Conn(reader, writer, target, headers)
                handler = self._handler(target)
                try:
                    if handler is None:
                        await conn.respond(404, "not found", content_type="text/plain")
                    else:
                        await handler(conn)
                except ConnectionError:
                    return  # the client went away mid-answer: that is its right
                if conn.closed or not conn.keep_alive:
                    return
        finally:
            self._tasks.discard(task)
            self._writers.discard(writer)
            if not writer.transport.is_closing():
                writer.close()
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                await writer.wait_closed()

    async def start(self, port: int = 0) -> HostileServer:
        self._server = await asyncio.start_server(self._serve, self.host, port)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for w in list(self._writers):
            w.transport.abort()
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._server.wait_closed()
        self._server = None

    async def __aenter__(self) -> HostileServer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


# ---- ready-made misbehaviours ------------------------------------------------------------------


@functools.cache
def bomb_blocks(encoding: str) -> tuple[bytes, bytes]:
    """(prefix, block) for an endless compressed stream of zeros: ``prefix + block * n`` is a
    valid, unfinished stream of n + 1 MiB; each block is ~1 KiB on the wire (a ~1000:1 bomb)."""
    wbits = {"gzip": 31, "deflate": 15, "raw-deflate": -15}[encoding]
    mib = b"\0" * (1 << 20)
    c = zlib.compressobj(9, zlib.DEFLATED, wbits)
    # After a full flush the compressor forgets its window, so every later MiB compresses to the
    # very same bytes and the stream can be extended by repeating them.
    prefix = c.compress(mib) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(mib) + c.flush(zlib.Z_FULL_FLUSH)
    return prefix, block


@functools.cache
def brotli_bomb(mib: int = 64) -> bytes:
    import brotli

    return bytes(brotli.compress(b"\0" * (mib << 20), quality=1))


def http_date(offset: float) -> str:
    """An RFC 7231 HTTP-date ``offset`` seconds from now."""
    return formatdate(time.time() + offset, usegmt=True)


# ---- handlers the engine's and the window's tests share ---------------------------------------
# transport: resets, short bodies, stalls, drips, silence

LINKED_OK = b'<html><body><a href="/ok">ok</a></body></html>'
HEAD_1000 = Conn.head(200, {"Content-Type": "text/html; charset=utf-8", "Content-Length": "1000"})


async def _reset_before_headers(conn: Conn) -> None:
    conn.reset()


async def _close_before_headers(conn: Conn) -> None:
    conn.close()


async def _reset_mid_body(conn: Conn) -> None:
    await conn.send(HEAD_1000 + b"<html><body>" + b"x" * 200)
    await asyncio.sleep(0.05)
    conn.reset()


async def _short_body(conn: Conn) -> None:
    await conn.send(HEAD_1000 + b"<html>only this")
    conn.close()


async def _read_stall(conn: Conn) -> None:
    await conn.send(HEAD_1000)
    await conn.forever()


async def _status_line_stall(conn: Conn) -> None:
    await conn.send(b"HTTP/1.1 200 OK\r\n")
    await conn.forever()


async def _drip_body(conn: Conn) -> None:
    await conn.send(
        Conn.head(200, {"Content-Type": "text/html; charset=utf-8", "Content-Length": "1000000"})
    )
    while True:
        await conn.send(b"x")
        await asyncio.sleep(0.1)


async def _drip_headers(conn: Conn) -> None:
    await conn.send(b"HTTP/1.1 200 OK\r\nX-Slow: ")
    while True:
        await conn.send(b"a")
        await asyncio.sleep(0.1)


async def never_answers(conn: Conn) -> None:
    await conn.forever()


TRANSPORT_CASES = {
    # name: (handler, expected kind, words in the exception, minimal elapsed time of the crawl)
    "reset_before_headers": (_reset_before_headers, "fail_ClientOSError", "reset", 0.0),
    "close_before_headers": (_close_before_headers, "fail_ServerDisconnectedError", "", 0.0),
    "reset_mid_body": (_reset_mid_body, "fail_ClientPayloadError", "not completed", 0.0),
    "body_shorter_than_content_length": (
        _short_body,
        "fail_ClientPayloadError",
        "Not enough data",
        0.0,
    ),
    "read_stall_after_headers": (_read_stall, "fail_Timeout", "", 2 * 0.5),
    "stall_inside_status_line": (_status_line_stall, "fail_Timeout", "", 2 * 0.5),
    "drip_feed_body": (_drip_body, "fail_Timeout", "", 2 * 1.0),
    "drip_feed_headers": (_drip_headers, "fail_Timeout", "", 2 * 1.0),
    "accepts_but_never_answers": (never_answers, "fail_Timeout", "", 2 * 0.5),
}


def bomb_handler(encoding: str) -> Callable[[Conn], Awaitable[None]]:
    async def handler(conn: Conn) -> None:
        headers = {"Content-Type": "text/html; charset=utf-8", "Content-Encoding": encoding}
        if encoding == "br":
            data = brotli_bomb()
            headers["Content-Length"] = str(len(data))
            await conn.send(Conn.head(200, headers) + data)
            await conn.forever()
            return
        prefix, block = bomb_blocks(encoding)
        headers["Content-Encoding"] = "deflate" if encoding == "raw-deflate" else encoding
        headers["Transfer-Encoding"] = "chunked"
        burst = prefix + block * 255  # 256 MiB once inflated, in ~260 KiB
        await conn.send(Conn.head(200, headers) + b"%x\r\n%s\r\n" % (len(burst), burst))
        while True:  # and it never ends
            await conn.send(b"%x\r\n%s\r\n" % (len(block), block))

    return handler


async def trap(conn: Conn) -> None:
    # Every page of the trap links two pages one level deeper: an endless binary tree.
    here = conn.target.rstrip("/")
    n = here.count("/")
    await conn.page([f"{here}/{n}a", f"{here}/{n}b"])


# ---- response headers with bytes that are not UTF-8 (Latin-1, as many servers still send) ------

# path: the answer's status line and headers, raw (a Content-Length and a body are added).
LATIN1_HEADS: dict[str, bytes] = {
    "/download": b"200 OK\r\nContent-Type: text/plain\r\n"
    b'Content-Disposition: attachment; filename="r\xe9sum\xe9.pdf"',
    "/moved": b"302 Found\r\nLocation: /caf\xe9",
    "/served": b"200 OK\r\nContent-Type: text/html; charset=utf-8\r\nServer: Caf\xe9/1.0\r\n"
    b"X-Note: \xff\xfe \xed\xa0\x80",
    "/linked": b"200 OK\r\nContent-Type: text/plain\r\nSet-Cookie: n=\xe9; Path=/\r\n"
    b"Link: </caf\xe9.css>; rel=preload\r\nX-Robots-Tag: noindex, caf\xe9",
}
# Where /moved leads: its Location's byte, percent-encoded as browsers send it.
LATIN1_TARGET = "/caf%E9"


def latin1_site(server: HostileServer) -> None:
    """A root linking to each of LATIN1_HEADS, and the page /moved redirects to."""
    server.page("/", list(LATIN1_HEADS))
    server.page(LATIN1_TARGET)
    for path, head in LATIN1_HEADS.items():

        async def handler(conn: Conn, head: bytes = head) -> None:
            await conn.send(b"HTTP/1.1 " + head + b"\r\nContent-Length: 2\r\n\r\nhi")
            conn.keep_alive = True

        server.route(path, handler)
