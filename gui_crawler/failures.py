"""What a failed try says: the typed kind and the one line a person reads, and how long a
server asked us to wait. Shared by the engine's fetches and the external-link checks."""

from __future__ import annotations

import asyncio
import email.utils
import socket
import time

import aiohttp

from .events import ErrorKind

_MAX_MESSAGE = 300  # characters of an exception's text kept in its record


def describe(exc: BaseException) -> tuple[str, str]:
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


def retry_after(value: str | None, cap: float) -> float | None:
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


def worth_retrying(exc: BaseException) -> bool:
    """False for a host name the resolver says does not exist: asking again will not make it
    exist, and every try held a worker through its back-off (with no network, a site's external
    links held every worker for seconds). A resolver that could not answer is asked again, like
    any other network failure."""
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return getattr(exc.os_error, "errno", None) != socket.EAI_NONAME
    return True
