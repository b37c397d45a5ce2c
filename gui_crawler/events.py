"""What the engine tells the world: immutable events, cheap to build and to batch.

Every outcome goes through one sink (``Crawler(..., sink=callable)``), as the seed's
``record_statistic`` did. Consumers (the CLI report, the SQLite store, the Qt bridge) receive
exactly these objects and never reach into the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


class ErrorKind(enum.StrEnum):
    """The kinds of failure the engine itself names. A failure raised by the HTTP stack carries
    its exception class name instead (``ClientConnectorError``, ``ServerDisconnectedError``…)."""

    CANCELLED = "Cancelled"  # the crawl stopped while this URL was in flight: not really fetched
    TIMEOUT = "Timeout"
    TOO_LARGE = "TooLarge"
    INVALID_URL = "InvalidURL"
    MISSING_LOCATION = "MissingLocation"
    BAD_LOCATION = "BadLocation"
    TOO_MANY_REDIRECTS = "TooManyRedirects"
    INTERNAL = "InternalError"  # a bug in the crawler, recorded rather than lost


class WorkerState(enum.IntEnum):
    IDLE = 0  # waiting on the queue
    FETCHING = 1
    PARSING = 2
    PAUSED = 3
    STOPPED = 4  # retired (worker count lowered) or crawl over


@dataclass(frozen=True, slots=True)
class FetchRecord:
    """The one record each URL taken into the crawl ends as (the seed's FetchStatistic, plus more).

    ``links`` holds the normalised, in-scope outlinks (deduplicated, document order) of an HTML
    page, so that consumers can build inlinks, the site tree and broken-link referrers.
    """

    url: str
    next_url: str | None = None  # redirect target (absolute), if any
    status: int | None = None
    exception: str | None = None  # "Kind: message", one line, for people; None on success
    size: int = 0  # bytes of (decompressed) body read
    content_type: str | None = None
    encoding: str | None = None
    num_urls: int = 0  # links found on the page (in scope, deduplicated)
    num_new_urls: int = 0  # of those, how many were new to the crawl
    elapsed: float = 0.0  # seconds from first try to record
    depth: int = 0
    referrer: str | None = None  # first page that linked to (or redirected to) this URL
    tries: int = 0
    note: str | None = None  # why a redirect was not followed, etc.
    links: tuple[str, ...] = field(default=(), repr=False, compare=False)
    finished_at: float = 0.0  # loop time when recorded
    error_kind: str | None = None  # an ErrorKind value or an exception class name; None on success
    # Where the time went (milliseconds; 0 when the phase did not happen), see phases.py.
    worker: int = -1  # the worker coroutine that fetched it
    wait_ms: float = 0.0  # taken from the queue → last try's request started
    dns_ms: float = 0.0
    connect_ms: float = 0.0
    ttfb_ms: float = 0.0  # request sent → response headers in
    download_ms: float = 0.0
    parse_wait_ms: float = 0.0  # handed to the parser → parsing began
    parse_ms: float = 0.0

    @property
    def is_redirect(self) -> bool:
        return self.status in REDIRECT_STATUSES

    @property
    def is_broken(self) -> bool:
        """True for failures and 4xx/5xx; redirects and 2xx are not broken."""
        return self.error_kind is not None or (self.status is not None and self.status >= 400)

    @property
    def kind(self) -> str:
        """The seed report's category: html, other, redirect, error, status_404, fail_<Exc>."""
        if self.error_kind is not None:
            return "fail_" + self.error_kind
        if self.status is None:
            return "error"
        if self.is_redirect:
            return "redirect"
        if self.status != 200:
            return f"status_{self.status}"
        if self.content_type in ("text/html", "application/xhtml+xml"):
            return "html"
        return "other"


@dataclass(frozen=True, slots=True)
class Queued:
    """A URL was taken into the crawl (it will end as exactly one FetchRecord). Together with the
    records these rebuild the frontier after a crash, which is what makes resume exact."""

    url: str
    redirects_left: int
    depth: int
    referrer: str | None


@dataclass(frozen=True, slots=True)
class WorkerEvent:
    """A worker coroutine changed state. ``since`` is loop time (``loop.time()``)."""

    worker_id: int
    state: WorkerState
    url: str | None
    since: float


@dataclass(frozen=True, slots=True)
class Progress:
    """A snapshot of the crawl's counters, emitted at most every ``progress_interval`` seconds."""

    queued: int
    in_flight: int
    done: int
    seen: int
    workers: int
    busy: int
    paused: bool
    elapsed: float


@dataclass(frozen=True, slots=True)
class CrawlFinished:
    """The crawl is over: ``reason`` is "done", "cancelled" or "error: …"."""

    reason: str
    done: int
    todo: int
    elapsed: float


Event = FetchRecord | Queued | WorkerEvent | Progress | CrawlFinished


def fanout(*sinks: Callable[[Event], None]) -> Callable[[Event], None]:
    """One sink that hands every event to each of ``sinks`` in turn."""
    if len(sinks) == 1:
        return sinks[0]

    def sink(event: Event) -> None:
        for s in sinks:
            s(event)

    return sink
