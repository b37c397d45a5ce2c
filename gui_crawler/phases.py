"""Where a request's time goes: phase times from aiohttp's tracing plus the engine's own marks.

A ``Phases`` object follows one try at a URL, from the moment a worker takes it off the queue to
the end of its parse. It lives in a context variable: every worker is its own task, so the
engine's ``_fetch``, ``_page`` and ``_make`` (and aiohttp's trace callbacks, which run in the
worker's task) reach the same object without it being threaded through their signatures.

The phases are consecutive, so a request's bar is their sum:
wait (taken → request started: pause, robots.txt, the host's slot), dns, connect (connection set
up or taken from the pool, request headers sent), ttfb (headers sent → response headers read),
download (body read), parse (body read → parsed, including any wait for a free parser).
Qt-free.
"""

from __future__ import annotations

import asyncio
import contextvars
from types import SimpleNamespace
from typing import Any

import aiohttp

from .events import RequestTiming

__all__ = ["PHASES", "PHASE_FIELDS", "Phases", "RequestTiming", "trace_config"]

PHASES = RequestTiming.PHASES
PHASE_FIELDS = tuple(p + "_ms" for p in PHASES)


class Phases:
    """The marks of one try (loop times; None until reached)."""

    __slots__ = (
        "any_request",
        "body",
        "dns",
        "dns_start",
        "headers",
        "parsed",
        "request",
        "sent",
        "taken",
        "url",
        "worker"
    )  # fmt: skip

    def __init__(self, worker: int, url: str, taken: float) -> None:
        self.worker = worker
        self.url = url
        self.taken = taken
        # Also time this task's requests made without trace_request_ctx (an external link's
        # check, which may take a HEAD, a GET and redirects: the first request starts the try).
        self.any_request = False
        self.request: float | None = None
        self.dns_start: float | None = None
        self.dns = 0.0
        self.sent: float | None = None
        self.headers: float | None = None
        self.body: float | None = None
        self.parsed: float | None = None

    def durations(self, end: float) -> tuple[float, ...]:
        """Phase durations (seconds) with the try over at ``end``: the phase that was running
        when it ended gets the time up to ``end``, the ones never reached get 0."""
        bounds = [self.taken]
        for m in (self.request, self.sent, self.headers, self.body, self.parsed):
            # Once a mark is missing the try stopped in that phase: it and the rest end at `end`.
            bounds.append(end if m is None or bounds[-1] == end else max(m, bounds[-1]))
        wait, connect, ttfb, download, parse = (
            bounds[i + 1] - bounds[i] for i in range(len(bounds) - 1)
        )
        dns = self.dns
        if self.dns_start is not None:  # the try ended while resolving (a DNS failure)
            dns += max(0.0, end - self.dns_start)
        dns = min(dns, connect)
        return (wait, dns, connect - dns, ttfb, download, parse)

    def fields(self, end: float) -> dict[str, float]:
        """The FetchRecord fields (milliseconds, 0.01 ms resolution); none before a request."""
        if self.request is None:
            return {}
        return {
            f: round(d * 1000, 2) for f, d in zip(PHASE_FIELDS, self.durations(end), strict=True)
        }


_current: contextvars.ContextVar[Phases | None] = contextvars.ContextVar("phases", default=None)


def begin(worker: int, url: str, now: float) -> Phases:
    """A worker took a URL off the queue: a new try starts being timed in this task."""
    p = Phases(worker, url, now)
    _current.set(p)
    return p


def current() -> Phases | None:
    return _current.get()


def mark(name: str) -> None:
    """Set mark ``name`` ("body", "parsed") of this task's try to now, if it is timed."""
    p = _current.get()
    if p is not None:
        setattr(p, name, asyncio.get_running_loop().time())


def record_fields(end: float) -> dict[str, Any]:
    p = _current.get()
    return {} if p is None else p.fields(end)


def ended(
    end: float, status: int | None, error_kind: str | None, retried: bool = False
) -> RequestTiming | None:
    """The event for this task's try, over at ``end``; None when no request was made (robots.txt
    refused it, the host was busy) or it is not timed. A try yields one event: later calls
    return None."""
    p = _current.get()
    if p is None or p.request is None:
        return None
    _current.set(None)
    return RequestTiming(p.worker, p.url, p.taken, p.durations(end), status, error_kind, retried)


def _now() -> float:
    return asyncio.get_running_loop().time()


def _ours(ctx: SimpleNamespace) -> Phases | None:
    p = ctx.trace_request_ctx
    if p is None:
        p = _current.get()
        return p if p is not None and p.any_request else None
    return p if isinstance(p, Phases) else None


async def _request_start(session: Any, ctx: SimpleNamespace, params: Any) -> None:
    p = _ours(ctx)
    if p is not None and p.request is None:
        p.request = _now()


async def _dns_start(session: Any, ctx: SimpleNamespace, params: Any) -> None:
    p = _ours(ctx)
    if p is not None:
        p.dns_start = _now()


async def _dns_end(session: Any, ctx: SimpleNamespace, params: Any) -> None:
    p = _ours(ctx)
    if p is not None and p.dns_start is not None:
        p.dns += _now() - p.dns_start
        p.dns_start = None


async def _headers_sent(session: Any, ctx: SimpleNamespace, params: Any) -> None:
    p = _ours(ctx)
    if p is not None:
        p.sent = _now()


async def _request_end(session: Any, ctx: SimpleNamespace, params: Any) -> None:
    p = _ours(ctx)
    if p is not None:
        p.headers = _now()


def trace_config() -> aiohttp.TraceConfig:
    """The session's trace config: requests made with ``trace_request_ctx=<Phases>`` are timed,
    others (robots.txt, sitemaps, external checks) cost one attribute check per callback."""
    tc = aiohttp.TraceConfig()
    tc.on_request_start.append(_request_start)
    tc.on_dns_resolvehost_start.append(_dns_start)
    tc.on_dns_resolvehost_end.append(_dns_end)
    tc.on_request_headers_sent.append(_headers_sent)
    tc.on_request_end.append(_request_end)
    return tc
