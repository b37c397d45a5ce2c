"""The HTTP client protocol of the crawl's connections: aiohttp's, forgiving of bytes a server
sends after a complete answer.

A server that writes more than its Content-Length (a stray newline from a template, a debug
line) sends those bytes in the read that brings the answer. aiohttp's C parser reads the answer,
then fails on the bytes after it as on a bad status line, and drops the answer it had read: the
page was recorded broken, every try. curl reads the answer and closes the connection ("Excess
found"), and so does this protocol: when the parser fails on a read that began with a new
answer, the read is parsed again by a fresh parser up to where the answer ends, and the answer
is delivered; the connection is closed, so the bytes after it reach nothing.

Its read timeout (``sock_read``) is set once and moved on lazily: aiohttp cancels its timer and
sets a new one at every read, ~3 µs of the event loop's thread a read (two reads a page: 0.16 s
of a rust-doc crawl's loop), and each cancelled timer stays in the loop's heap until popped.
Nor is it cancelled when an answer is in: it fires later to find no read awaited, and the next
answer on the connection, if it comes first, takes it on (aiohttp sets one an answer).
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import client_proto

# Bytes asked of the socket a read. asyncio's selector transport asks 256 KB, a bytes object of
# that size a read, which glibc maps afresh (it is over its 128 KB threshold for mmap, which
# base/heap.py keeps), shrinks (mremap) and unmaps: page faults and three system calls a read on
# the event loop's thread (a rust-doc crawl: ~150k page faults of the loop's thread, ~80k with
# 124 KB or 64 KB reads, which come from the heap). A page over 124 KB takes more reads, and
# bytes a server writes past such a page are forgiven only where the read that brings them
# began with the answer (past 256 KB before).
READ_SIZE = 124 * 1024


class ResponseHandler(client_proto.ResponseHandler):
    """aiohttp's protocol, its parser wrapped in :class:`_Forgiving`, its reads READ_SIZE."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if isinstance(getattr(transport, "max_size", None), int):  # asyncio's selector transport
            transport.max_size = READ_SIZE  # type: ignore[attr-defined]

    def set_response_params(self, **kwargs: Any) -> None:
        super().set_response_params(**kwargs)
        self._parser = _Forgiving(self, self._parser, kwargs)  # type: ignore[assignment]

    _read_at = 0.0  # when the last read came (the loop's clock) while the read timer runs
    _awaited = False  # an answer (or more of it) is awaited: the read timeout counts

    def _reschedule_timeout(self) -> None:
        """The read timeout counted again from now: the timer set is left to fire, and then
        waits out what remains if a read came meanwhile (:meth:`_on_read_deadline`)."""
        timeout = self._read_timeout
        if not timeout:
            self._drop_timeout()
            return
        loop = self._loop
        self._read_at = now = loop.time()
        self._awaited = True
        if self._read_timeout_handle is None:
            self._read_timeout_handle = loop.call_at(now + timeout, self._on_read_deadline)

    def _drop_timeout(self) -> None:
        """Nothing awaited (the answer is in, reading is paused): the timer is left to fire and
        find nothing to time out. A connection closed or lost cancels it, as aiohttp does."""
        self._awaited = False
        transport = self.transport
        if transport is None or transport.is_closing():
            super()._drop_timeout()

    def _on_read_deadline(self) -> None:
        self._read_timeout_handle = None
        timeout = self._read_timeout
        if not timeout or not self._awaited:
            return
        due = self._read_at + timeout
        if self._loop.time() < due:  # a read came since the timer was set
            self._read_timeout_handle = self._loop.call_at(due, self._on_read_deadline)
        else:
            self._on_read_timeout()

    def resume_reading(self, resume_parser: bool = True) -> None:
        """As aiohttp's, but nothing to do when reading was not paused. The answer's reader calls
        it after each read of its buffer and at its end, paused or not (twice a page); unpaused,
        aiohttp's feeds the parser nothing (``data_received(b"")``: it holds no bytes back
        unless its reading was paused) and resumes a transport that is reading: ~3 µs of the
        event loop's thread a page."""
        if (
            self._reading_paused
            or self._buffer_paused
            or self._parser is None
            or self._upgraded
            or self._payload_parser is not None
        ):
            super().resume_reading(resume_parser)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        parser = self._parser
        if isinstance(parser, _Forgiving) and parser.excess:
            self._should_close = True  # bytes after the answer: nothing else is read here
            if self.transport is not None:
                self.transport.close()


class _Forgiving:
    """A response parser that, failing on a read that began with a new answer, gives the
    answer a fresh parser reads from that read (``excess`` then says so)."""

    def __init__(self, protocol: ResponseHandler, parser: Any, args: dict[str, Any]) -> None:
        self._protocol = protocol
        self._parser = parser
        self._args = args
        self.excess = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)

    def feed_data(self, data: bytes) -> Any:
        proto = self._protocol
        payload = proto._payload
        fresh = (payload is None or payload.is_eof()) and not proto._tail
        try:
            return self._parser.feed_data(data)
        except Exception:
            messages = self._answer_in(data) if fresh and not self.excess else []
            if not messages:
                raise
            self.excess = True
            return messages, False, b""

    def _answer_in(self, data: bytes) -> list[Any]:
        """The complete answer a fresh parser reads from the shortest prefix of ``data`` that
        holds one, or [] when none does."""
        args = self._args

        def parse(n: int) -> list[Any] | None:
            """What the prefix of ``n`` bytes gives: None for a failure, [] while incomplete."""
            parser = client_proto.HttpResponseParser(
                self._protocol,
                self._protocol._loop,
                args.get("read_bufsize", 2**16),
                timer=args.get("timer"),
                payload_exception=client_proto.ClientPayloadError,
                response_with_body=not args.get("skip_payload", False),
                read_until_eof=args.get("read_until_eof", False),
                auto_decompress=args.get("auto_decompress", True),
                max_line_size=args.get("max_line_size", 8190),
                max_field_size=args.get("max_field_size", 8190),
                max_headers=args.get("max_headers", 128),
            )
            try:
                messages = list(parser.feed_data(data[:n])[0])
            except Exception:
                return None
            if messages and messages[-1][1].is_eof():
                return messages
            return []

        # Incomplete below the answer's end, complete or failed from there: the first n that
        # is not incomplete, by bisection (a few parses of at most one read, on a failure only).
        lo, hi = 1, len(data)
        while lo < hi:
            mid = (lo + hi) // 2
            if parse(mid) == []:
                lo = mid + 1
            else:
                hi = mid
        return parse(lo) or []
