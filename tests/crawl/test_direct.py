"""crawl/direct.py against aiohttp's session on the same raw answers: the same request bytes, the
same answers, the same exceptions (class and text, which the records keep), the same TLS
verification; and where the crawl takes which path."""

from __future__ import annotations

import asyncio
import random
import shutil
import ssl
import subprocess
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.bodies import read_body
from gui_crawler.crawl.direct import Direct, usable
from gui_crawler.crawl.encodings import ACCEPT_ENCODING
from gui_crawler.crawl.phases import TimedConnector, TimedResolver
from gui_crawler.crawl.protocol import READ_SIZE, ResponseHandler

HEADERS = {"User-Agent": "direct-test/1", "Accept-Encoding": ACCEPT_ENCODING}
TIMEOUT = aiohttp.ClientTimeout(total=2.0, sock_connect=1.0, sock_read=0.5)
Answer = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def raw(data: bytes) -> Answer:
    """A server that reads one request head, writes ``data`` and closes."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(data)
        await writer.drain()
        writer.close()

    return answer


async def both(url: str, headers: dict[str, str] = HEADERS) -> list[tuple[Any, ...]]:
    """What aiohttp's session, then Direct, make of a GET of ``url``: (status, reason,
    headers, body) or (exception class, its text)."""
    out: list[tuple[Any, ...]] = []
    connector = TimedConnector(limit=0, ttl_dns_cache=300, resolver=TimedResolver())
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT, headers=headers) as s:
        s._retry_connection = False
        direct = Direct(connector, TIMEOUT, headers)
        u = URL(url, encoded=True)
        for get in (
            lambda: s.get(u, allow_redirects=False, auto_decompress=False),
            lambda: direct.get(u),
        ):
            try:
                async with get() as resp:
                    body = await resp.content.read()
                    out.append((resp.status, resp.reason, list(resp.headers.items()), body))
            except Exception as e:
                out.append((type(e), str(e)))
        direct.close()
    await asyncio.sleep(0.05)  # the server's side sees the ends and closes too
    return out


async def serve(answer: Answer) -> tuple[asyncio.Server, int]:
    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


def served_both(answer: Answer, path: str = "/") -> list[tuple[Any, ...]]:
    """``both`` of ``path`` on a server that answers with ``answer``."""

    async def main() -> list[tuple[Any, ...]]:
        server, port = await serve(answer)
        async with server:
            return await both(f"http://127.0.0.1:{port}{path}")

    return asyncio.run(main())


ANSWERS = {
    "ok": b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello",
    "http10_until_close": b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nuntil close",
    "chunked": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    "early_hints": (
        b"HTTP/1.1 103 Early Hints\r\nLink: </s.css>; rel=preload\r\n\r\n"
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    ),
    "switching": b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n",
    "no_reason": b"HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n",
    "bare_lf": b"HTTP/1.1 200 OK\nContent-Length: 2\n\nok",
    "repeated_headers": (
        b"HTTP/1.1 200 OK\r\nX-Robots-Tag: noindex\r\nx-robots-tag: nofollow\r\n"
        b"Content-Length: 0\r\n\r\n"
    ),
    "latin1_header": b"HTTP/1.1 200 OK\r\nX-Name: caf\xe9\r\nContent-Length: 0\r\n\r\n",
    "excess_after_body": b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok\r\n\r\nextra",
    "garbage_status_line": b"SPAM SPAM SPAM\r\n\r\nhello",
    "status_out_of_range": b"HTTP/1.1 1000 Big\r\nContent-Length: 0\r\n\r\n",
    "header_without_colon": b"HTTP/1.1 200 OK\r\nno header\r\nContent-Length: 0\r\n\r\n",
    "header_of_100_kb": b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
    "too_many_headers": (
        b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(200)) + b"\r\n"
    ),
    "negative_length": b"HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello",
    "length_and_chunked": (
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"5\r\nhello\r\n0\r\n\r\n"
    ),
    "bad_chunk_size": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n",
    "short_body": b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this",
    "closed_mid_header": b"HTTP/1.1 200 OK\r\nContent-Le",
    "closed_before_answer": b"",
}


@pytest.mark.parametrize("case", list(ANSWERS))
def test_the_same_answer_or_the_same_exception_as_aiohttp(case: str) -> None:
    via_aiohttp, direct = served_both(raw(ANSWERS[case]), "/p?q=%7E")
    assert direct == via_aiohttp


def test_a_read_stall_and_a_total_stall_time_out_as_with_aiohttp() -> None:
    async def stall(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
        await reader.read()  # until the client gives up
        writer.close()

    via_aiohttp, direct = served_both(stall)
    assert direct == via_aiohttp and issubclass(direct[0], TimeoutError), direct


def recording(heads: list[bytes]) -> Answer:
    """A server's handler that keeps each request's head in ``heads`` and answers "ok"."""

    async def record(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        heads.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(ANSWERS["ok"])
        await writer.drain()
        writer.close()

    return record


def test_the_request_bytes_are_aiohttps() -> None:
    heads: list[bytes] = []
    record = recording(heads)

    async def main() -> None:
        server, port = await serve(record)
        async with server:
            for url in (
                f"http://127.0.0.1:{port}/a%7E/b%zz?x=%2E%2E&y",
                f"http://localhost:{port}/",
            ):
                for ua in ("direct-test/1", "robot ü €"):
                    heads.clear()
                    await both(url, {**HEADERS, "User-Agent": ua})
                    assert len(heads) == 2 and heads[0] == heads[1], heads

    asyncio.run(main())


def test_a_url_given_as_text_is_requested_as_yarl_reads_it_encoded() -> None:
    """The crawl hands Direct its URLs as text: each is sent as aiohttp sends the URL yarl reads
    from it with ``encoded=True`` (fragment, tabs and an empty query dropped, the scheme's case,
    a default port), the first of a netloc and those after it alike."""
    heads: list[bytes] = []
    record = recording(heads)

    async def main() -> None:
        server, port = await serve(record)
        paths = ["/a%7E/b%zz?x=%2E%2E&y", "/q?", "/f#frag", "/g?h#i", "/t\tab", "/é ü", "/"]
        urls = [f"http://127.0.0.1:{port}{p}" for p in paths]
        urls += [f"HTTP://127.0.0.1:{port}/up", f"http://localhost:{port}/x?"]
        connector = TimedConnector(limit=0, resolver=TimedResolver())
        session = aiohttp.ClientSession(connector=connector, timeout=TIMEOUT, headers=HEADERS)
        async with server, session as s:
            direct = Direct(connector, TIMEOUT, HEADERS)
            for url in urls * 2:  # the second time, each netloc read before
                heads.clear()
                async with s.get(URL(url, encoded=True), allow_redirects=False) as resp:
                    await resp.read()
                async with direct.get(url) as resp:
                    assert resp.url == URL(url, encoded=True)
                    await resp.content.read()
                assert len(heads) == 2 and heads[0] == heads[1], (url, heads)
            assert list(direct._netlocs) == [f"http://127.0.0.1:{port}"]  # read once, and used
            direct.close()

    asyncio.run(main())


def test_a_connection_is_kept_alive_then_given_up_past_the_keepalive_time() -> None:
    accepted: list[int] = []

    async def keep(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(1)
        while True:
            try:
                await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                writer.close()
                return
            writer.write(ANSWERS["ok"])

    async def main() -> None:
        server, port = await serve(keep)
        async with server:
            connector = TimedConnector(limit=0, keepalive_timeout=0.2)
            direct = Direct(connector, TIMEOUT, HEADERS)
            url = URL(f"http://127.0.0.1:{port}/")
            for pause in (0, 0, 0.3, 0):
                await asyncio.sleep(pause)
                async with direct.get(url) as resp:
                    assert await resp.content.read() == b"hello"
            direct.close()
            await connector.close()
            await asyncio.sleep(0.05)  # the server's side sees the ends and closes too

    asyncio.run(main())
    assert len(accepted) == 2  # one for the first three, a new one after the pause


def test_tls_is_verified_as_aiohttp_verifies_it(tmp_path: Path) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command")
    key, cert = tmp_path / "k.pem", tmp_path / "c.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def main() -> list[tuple[Any, ...]]:
        server = await asyncio.start_server(raw(ANSWERS["ok"]), "127.0.0.1", 0, ssl=context)
        port = server.sockets[0].getsockname()[1]
        async with server:
            return await both(f"https://localhost:{port}/")

    via_aiohttp, direct = asyncio.run(main())
    assert direct == via_aiohttp and direct[0] is aiohttp.ClientConnectorCertificateError


@pytest.mark.parametrize(
    ("option", "direct"),
    [
        ({}, True),
        ({"proxy": "http://127.0.0.1:3128"}, False),
        ({"headers": ("X-Token: 1",)}, False),
        ({"cookies": ("a=b",)}, False),
        ({"auth": "me:secret"}, False),
    ],
)
def test_the_direct_path_only_where_it_honours_everything(
    option: dict[str, Any], direct: bool
) -> None:
    config = CrawlConfig(roots=("http://127.0.0.1:1/",), **option)
    assert usable(config, {}) is direct
    assert not usable(config, {"trace_configs": []})


def test_the_read_timeout_counts_from_the_last_read_with_one_timer_not_one_a_read() -> None:
    """A body that trickles in (a byte every 0.05 s, 1 s in all) outlives sock_read (0.5 s) and
    is read whole, as each read puts the deadline off; a stall after it still times out. The
    timer is set once and moved on when it fires, not cancelled and set again at each read."""
    trickle = 20

    async def slow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % (trickle + 1))
        for _ in range(trickle):
            await asyncio.sleep(0.05)
            writer.write(b"x")
            await writer.drain()
        await reader.read()  # the last byte never comes: until the client gives up
        writer.close()

    async def main() -> tuple[bytes, Any, int]:
        loop = asyncio.get_running_loop()
        timers = 0
        call_at = loop.call_at

        def counted(when: float, callback: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal timers
            timers += "read" in getattr(callback, "__name__", "")
            return call_at(when, callback, *args, **kwargs)

        loop.call_at = counted  # type: ignore[method-assign]
        server, port = await serve(slow)
        async with server:
            connector = TimedConnector(limit=0, resolver=TimedResolver())
            timeout = aiohttp.ClientTimeout(total=5.0, sock_connect=1.0, sock_read=0.5)
            direct = Direct(connector, timeout, HEADERS)
            got = b""
            try:
                async with direct.get(URL(f"http://127.0.0.1:{port}/")) as resp:
                    async for chunk in resp.content.iter_any():
                        got += chunk
                error = None
            except Exception as e:
                error = e
            direct.close()
            await connector.close()
            await asyncio.sleep(0.05)  # the server's side sees the end and closes too
        return got, error, timers

    got, error, timers = asyncio.run(main())
    assert got == b"x" * trickle and isinstance(error, TimeoutError), (got, error)
    assert timers <= 6, timers  # aiohttp's own: one a read (22 here)


@pytest.mark.parametrize("framing", ["length", "chunked"])
def test_a_body_past_the_readers_buffer_pauses_reading_and_comes_whole(framing: str) -> None:
    """A body eight times the answer's buffer (read_bufsize) fills it faster than the crawl's
    reader drains it: reading is paused and resumed, and the body comes whole."""
    body = random.Random(8).randbytes(8 * 2**16)
    head = (
        b"Content-Length: %d\r\n" % len(body)
        if framing == "length"
        else b"Transfer-Encoding: chunked\r\n"
    )

    async def big(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + head + b"\r\n")
        for i in range(0, len(body), 2**16):
            piece = body[i : i + 2**16]
            writer.write(b"%x\r\n%s\r\n" % (len(piece), piece) if framing == "chunked" else piece)
            await writer.drain()
        if framing == "chunked":
            writer.write(b"0\r\n\r\n")
        await reader.read()
        writer.close()

    async def main() -> tuple[bytes | None, int]:
        paused = 0
        pause = ResponseHandler.pause_reading

        def counted(self: ResponseHandler) -> None:
            nonlocal paused
            paused += 1
            pause(self)

        ResponseHandler.pause_reading = counted  # type: ignore[method-assign]
        try:
            server, port = await serve(big)
            async with server:
                connector = TimedConnector(limit=0, resolver=TimedResolver())
                direct = Direct(connector, TIMEOUT, HEADERS)
                async with direct.get(URL(f"http://127.0.0.1:{port}/")) as resp:
                    await asyncio.sleep(0.2)  # the server writes all it can meanwhile
                    got, _ = await read_body(resp, True, 2**24)  # as the crawl reads a page
                direct.close()
                await connector.close()
                await asyncio.sleep(0.05)
        finally:
            ResponseHandler.pause_reading = pause  # type: ignore[method-assign]
        return got, paused

    got, paused = asyncio.run(main())
    assert got == body and paused > 0, (len(got or b""), paused)


def test_a_body_trickling_past_the_total_timeout_times_out_as_with_aiohttp() -> None:
    """Each byte comes before the read timeout, the whole body not before the total one."""

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n")
        try:
            for _ in range(100):
                await asyncio.sleep(0.05)
                writer.write(b"x")
                await writer.drain()
        except ConnectionError:
            pass  # the client gave up
        finally:
            writer.close()

    via_aiohttp, direct = served_both(trickle)
    assert direct == via_aiohttp and issubclass(direct[0], TimeoutError), direct


def test_one_timer_for_the_requests_each_timed_out_at_its_own_deadline() -> None:
    """A stalled request times out at its deadline; one started later, answered after that
    deadline but before its own, is read whole; a later stall times out too; and the thirty
    quick requests meanwhile set no timer of their own, neither for the total timeout nor for
    the read timeout on their kept-alive connection (aiohttp sets one of each a request)."""
    total = 2.0
    gates: dict[str, asyncio.Event] = {}

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                path = head.split(b" ")[1].decode()
                if path.startswith("/stall"):
                    await reader.read()  # until the client gives up
                    break
                if path in gates:
                    await gates[path].wait()
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                await writer.drain()
        except asyncio.IncompleteReadError:
            pass  # the client closed its kept-alive connection
        finally:
            writer.close()

    async def get(direct: Direct, url: str) -> Any:
        try:
            async with direct.get(URL(url)) as resp:
                return await resp.content.read()
        except Exception as e:
            return e

    async def main() -> tuple[list[Any], int, int]:
        loop = asyncio.get_running_loop()
        timers = reads = 0
        call_at = loop.call_at

        def counted(when: float, callback: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal timers, reads
            name = getattr(callback, "__qualname__", "")
            timers += name.startswith(("TimeoutHandle.", "Deadlines."))  # aiohttp's, ours
            reads += "read" in name
            return call_at(when, callback, *args, **kwargs)

        loop.call_at = counted  # type: ignore[method-assign]
        server, port = await serve(answer)
        base = f"http://127.0.0.1:{port}"
        gates["/late"] = asyncio.Event()
        async with server:
            connector = TimedConnector(limit=0, resolver=TimedResolver())
            timeout = aiohttp.ClientTimeout(total=total, sock_connect=1.0, sock_read=total * 2)
            direct = Direct(connector, timeout, HEADERS)
            first = asyncio.ensure_future(get(direct, base + "/stall1"))
            quick = [await get(direct, f"{base}/q{i}") for i in range(30)]
            await asyncio.sleep(total / 2)
            late = asyncio.ensure_future(get(direct, base + "/late"))
            timed_out = await first
            await asyncio.sleep(total / 4)  # past the first deadline, before the late one's
            gates["/late"].set()
            got = [timed_out, await late, await get(direct, base + "/stall2"), *quick]
            direct.close()
            await connector.close()
            await asyncio.sleep(0.05)
        return got, timers, reads

    got, timers, reads = asyncio.run(main())
    timed_out, late, stalled, *quick = got
    assert isinstance(timed_out, TimeoutError) and isinstance(stalled, TimeoutError), got[:3]
    assert late == b"ok" and quick == [b"ok"] * 30, got
    assert timers <= 4 and reads <= 6, (timers, reads)  # aiohttp's: 32 and 33 here


def test_a_connection_reads_at_most_read_size_bytes_at_a_time() -> None:
    """The crawl's connections ask the socket for READ_SIZE bytes a read, not asyncio's 256 KB
    (a bytes object that size a read, mapped and unmapped each time): with 1 MB waiting in the
    socket, reads of READ_SIZE, and the body whole."""
    body = random.Random(9).randbytes(2**20)
    reads: list[int] = []

    async def big(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        await writer.drain()
        writer.close()

    async def main() -> bytes:
        server, port = await serve(big)
        async with server:
            connector = TimedConnector(limit=0, resolver=TimedResolver())
            direct = Direct(connector, TIMEOUT, HEADERS)
            async with direct.get(URL(f"http://127.0.0.1:{port}/")) as resp:
                proto = resp._proto
                assert proto is not None and proto.transport is not None
                received = proto.data_received

                def counted(data: bytes) -> None:
                    reads.append(len(data))
                    received(data)

                proto.data_received = counted  # type: ignore[method-assign]
                # The server writes on while this loop is held: the socket fills past a read.
                asyncio.get_running_loop().call_soon(time.sleep, 0.2)
                got = await resp.content.read()
            direct.close()
            await connector.close()
            return got

    assert asyncio.run(main()) == body
    assert max(reads) == READ_SIZE, reads
