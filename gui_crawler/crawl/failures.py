"""What a failed try says: the typed kind and the one line a person reads, and how long a
server asked us to wait. Shared by the engine's fetches and the external-link checks."""

from __future__ import annotations

import asyncio
import email.utils
import errno
import logging
import re
import socket
import time

import aiohttp

from gui_crawler.crawl.phases import PrivateAddress
from gui_crawler.events import ErrorKind

_MAX_MESSAGE = 300  # characters of an exception's text kept in its record
# The userinfo of a URL in a text ("http://user:password@host"), up to the last "@" before the
# host (a password may hold one): aiohttp puts the proxy's whole URL, password and all, in a
# ClientHttpProxyError's message ("400, message='Bad Request', url='http://user:pw@proxy:3128'").
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s'\"<>]*@")
REDACTED = "(redacted)"

# Failures of this machine, not of the site: what ran out, by errno. EADDRNOTAVAIL from a connect
# means every local port for a new connection is taken (the ephemeral range, per destination).
OWN_ERRNOS: dict[int, str] = {
    errno.EMFILE: "the crawler ran out of open files (ulimit -n)",
    errno.ENFILE: "this system ran out of open files",
    errno.ENOBUFS: "this system ran out of network buffers",
    errno.ENOMEM: "this system ran out of memory",
    errno.EADDRNOTAVAIL: "the crawler ran out of local ports for new connections",
}
# Windows' socket errors carry their own numbers (WSAEMFILE 10024…).
for _wsa, _posix in (
    ("WSAEMFILE", errno.EMFILE),
    ("WSAENOBUFS", errno.ENOBUFS),
    ("WSAEADDRNOTAVAIL", errno.EADDRNOTAVAIL),
):
    if hasattr(errno, _wsa):
        OWN_ERRNOS[getattr(errno, _wsa)] = OWN_ERRNOS[_posix]


def own_limit(exc: BaseException) -> str | None:
    """What this machine ran out of when ``exc`` happened, or None when the failure is not the
    crawler's own. aiohttp wraps the OSError of a connect or a host-name lookup (its errno kept,
    the OSError also as ``os_error`` and as the cause), so the chain is searched a few links deep.
    """
    e: BaseException | None = exc
    for _ in range(4):
        if e is None:
            break
        for err in (e, getattr(e, "os_error", None)):
            if isinstance(err, OSError) and err.errno in OWN_ERRNOS:
                return OWN_ERRNOS[err.errno]
        e = e.__cause__ or e.__context__
    return None


def redacted(text: str) -> str:
    """``text`` with the user name and password of every URL in it taken out: an error's text
    goes to the crawl file, the CSV, the report, the window and the terminal."""
    return _USERINFO.sub(rf"\1{REDACTED}@", text) if "@" in text else text


class RedactingFormatter(logging.Formatter):
    """Log lines with every URL's user name and password taken out: a traceback quotes an
    exception's text whole, a proxy's URL with it."""

    def format(self, record: logging.LogRecord) -> str:
        return redacted(super().format(record))


def describe(exc: BaseException) -> tuple[str, str]:
    """(kind, one-line message) of an exception: what its record says about the failure."""
    if isinstance(exc, asyncio.TimeoutError):
        return ErrorKind.TIMEOUT, "no complete answer within the time limit"
    own = own_limit(exc)
    msg = str(exc).strip() or (exc.__class__.__doc__ or "").strip().split("\n", 1)[0]
    # One line, bounded, but not just the first line: aiohttp puts the useful part on the second
    # ("400, message:\n  Can not decode content-encoding: gzip") and quotes whatever garbage a
    # hostile server sent into the message, kilobytes of it.
    msg = redacted(" ".join(msg.split()))
    if own is not None:
        msg = f"{own}, not the site's doing ({type(exc).__name__}: {msg})"
    if len(msg) > _MAX_MESSAGE:
        msg = msg[: _MAX_MESSAGE - 1] + "…"
    return (type(exc).__name__ if own is None else ErrorKind.OWN_LIMIT), msg


def failure(kind: str, message: str) -> dict[str, str]:
    """A failed record's fields: its typed kind and the one line a person reads."""
    return {"error_kind": kind, "exception": redacted(f"{kind}: {message}".rstrip(": "))}


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
    links held every worker for seconds); nor for a private address the crawl may not connect to
    (phases.PrivateAddress). A resolver that could not answer is asked again, like any other
    network failure."""
    if isinstance(exc, PrivateAddress):
        return False
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return getattr(exc.os_error, "errno", None) != socket.EAI_NONAME
    return True
