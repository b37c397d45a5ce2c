"""Where each request's time went: phase marks from aiohttp's tracing plus the engine's own stamps.

A ``Timing`` starts when a worker takes a URL and lives until its record; aiohttp hands it back to
the trace callbacks as ``trace_request_ctx``. Marks are ``time.monotonic()``. Only the last try
is timed: earlier tries, the back-off between them and any wait for the host's slot held no
worker (the URL was parked on its host), so they are no worker's phase.
"""

from __future__ import annotations

import time
from typing import Any

import aiohttp

# Record field names, in the order the phases happen (the timeline draws them in this order).
PHASES = ("wait", "dns", "connect", "ttfb", "download", "parse_wait", "parse")
FIELDS = tuple(p + "_ms" for p in PHASES)


class Timing:
    """Mutable marks of one URL's fetch. ``None`` means the phase did not happen."""

    __slots__ = (
        "_t",
        "_tc",
        "body",
        "connect",
        "dispatch",
        "dns",
        "headers",
        "parse0",
        "parse1",
        "request",
        "sent",
        "taken",
        "worker",
    )

    def __init__(self, worker: int) -> None:
        self.worker = worker
        self.taken = time.monotonic()
        self.request: float | None = None
        self.dns = 0.0
        self.connect = 0.0
        self.sent: float | None = None
        self.headers: float | None = None
        self.body: float | None = None
        self.dispatch: float | None = None
        self.parse0: float | None = None
        self.parse1: float | None = None
        self._t = self._tc = 0.0

    def settle(self) -> None:
        """The try failed: a DNS lookup or connection still under way ends now and counts (an
        unresolvable host is DNS time, a refused or timed-out connection connect time)."""
        now = time.monotonic()
        if self._t:
            self.dns += now - self._t
        if self._tc:
            self.connect += now - self._tc  # the connection span includes the lookup
        self._t = self._tc = 0.0

    def mark_body(self) -> None:
        self.body = time.monotonic()

    def mark_parsed(self, dispatched: float, done: float, seconds: float) -> None:
        """Handed to the parser at ``dispatched``, back at ``done``, ``seconds`` of it parsing
        (measured where the parse ran: inline, a thread or another process)."""
        self.dispatch = dispatched
        self.parse1 = done
        self.parse0 = max(dispatched, done - seconds)

    def fields(self) -> dict[str, float | int]:
        """The record's phase fields in milliseconds (0 for phases that did not happen)."""
        ms: dict[str, float | int] = dict.fromkeys(FIELDS, 0.0)
        ms["worker"] = self.worker
        if self.request is None:
            return ms
        ms["wait_ms"] = _ms(self.request - self.taken)
        ms["dns_ms"] = _ms(self.dns)
        # aiohttp's connection_create span includes the DNS lookup.
        ms["connect_ms"] = _ms(max(0.0, self.connect - self.dns))
        if self.sent is not None and self.headers is not None:
            ms["ttfb_ms"] = _ms(self.headers - self.sent)
        if self.headers is not None and self.body is not None:
            ms["download_ms"] = _ms(self.body - self.headers)
        if self.dispatch is not None and self.parse0 is not None:
            ms["parse_wait_ms"] = _ms(self.parse0 - self.dispatch)
        if self.parse0 is not None and self.parse1 is not None:
            ms["parse_ms"] = _ms(self.parse1 - self.parse0)
        return ms


def so_far(t: Timing, now: float) -> tuple[tuple[float, ...], int]:
    """A request still under way: seconds spent in each phase until ``now`` (PHASES order) and
    the index of the phase it is in, which also takes the moments no mark covers (between a
    connection made and the request sent) so that the phases add up to ``now - taken``. After
    the body is in, waiting for the parser and parsing count as parsing: which of the two it is
    is known only once the parse is back."""
    d = [0.0] * len(PHASES)
    if t.request is None:
        cur = 0
    else:
        d[0] = t.request - t.taken
        d[1] = t.dns + (now - t._t if t._t else 0.0)
        d[2] = max(0.0, t.connect + (now - t._tc if t._tc else 0.0) - d[1])
        if t.sent is None:
            cur = 1 if t._t else 2
        elif t.headers is None:
            cur = 3
        else:
            d[3] = t.headers - t.sent
            if t.body is None:
                cur = 4
            else:
                d[4] = t.body - t.headers
                cur = 6
    d[cur] = max(0.0, now - t.taken - sum(d) + d[cur])
    return tuple(d), cur


def _ms(seconds: float) -> float:
    return round(seconds * 1000.0, 2)


def _timing(ctx: Any) -> Timing | None:
    t = ctx.trace_request_ctx
    return t if type(t) is Timing else None


async def _request_start(session: Any, ctx: Any, params: Any) -> None:
    t = _timing(ctx)
    if t is not None:
        t.request = time.monotonic()
        t.dns = t.connect = t._t = t._tc = 0.0
        t.sent = t.headers = t.body = None


def _mark(attr: str) -> Any:
    """A trace callback that stamps ``attr`` of the request's Timing with the time now."""

    async def callback(session: Any, ctx: Any, params: Any) -> None:
        t = _timing(ctx)
        if t is not None:
            setattr(t, attr, time.monotonic())

    return callback


def _add_span(start_attr: str, total_attr: str) -> Any:
    """A trace callback that adds the time since ``start_attr`` to ``total_attr`` (a request may
    resolve and connect more than once: a redirect within aiohttp, a retried connection)."""

    async def callback(session: Any, ctx: Any, params: Any) -> None:
        t = _timing(ctx)
        if t is not None:
            setattr(
                t, total_attr, getattr(t, total_attr) + time.monotonic() - getattr(t, start_attr)
            )
            setattr(t, start_attr, 0.0)  # nothing under way now (settle() looks)

    return callback


def trace_config() -> aiohttp.TraceConfig:
    """A TraceConfig that fills the ``Timing`` passed as ``trace_request_ctx``."""
    tc = aiohttp.TraceConfig()
    tc.on_request_start.append(_request_start)
    tc.on_dns_resolvehost_start.append(_mark("_t"))
    tc.on_dns_resolvehost_end.append(_add_span("_t", "dns"))
    tc.on_connection_create_start.append(_mark("_tc"))
    tc.on_connection_create_end.append(_add_span("_tc", "connect"))
    # Headers sent, then the response's status line and headers read: the first byte is in.
    tc.on_request_headers_sent.append(_mark("sent"))
    tc.on_request_end.append(_mark("headers"))
    return tc
