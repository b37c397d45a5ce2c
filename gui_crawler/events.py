"""What the engine tells the world: immutable events, cheap to build and to batch.

Every outcome goes through one sink (``Crawler(..., sink=callable)``), as the seed's
``record_statistic`` did. Consumers (the CLI report, the SQLite store, the Qt bridge) receive
exactly these objects and never reach into the engine.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from gui_crawler.base.twins import thawed_maker

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
# How a redirect record's note begins when its target is outside the crawl's scope.
OUT_OF_SCOPE = "target out of scope"


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
    REDIRECT_LOOP = "RedirectLoop"  # its redirects come back round: no reader reaches an end
    INTERNAL = "InternalError"  # a bug in the crawler, recorded rather than lost
    PARSER_CRASHED = "ParserCrashed"  # a parser process died on this page, twice
    ROBOTS = "BlockedByRobots"  # robots.txt disallows it: never requested
    BOT_CHALLENGE = "BotChallenge"  # a 403 carrying an anti-bot service's challenge signature
    # An external link at a private, loopback or link-local address: never contacted.
    PRIVATE_ADDRESS = "PrivateAddress"
    # The crawler's own limit, not the site's doing: this machine ran out of open files, local
    # ports, network buffers or memory, or the crawler was too busy to wait for the answer.
    OWN_LIMIT = "OwnLimit"
    # A 1xx status as the final answer (101 Switching Protocols to a plain GET): no page.
    INFORMATIONAL = "Informational"
    # Not fetched: its host failed every try for give_up_after seconds (429, 503, no answer).
    HOST_GAVE_UP = "HostGaveUp"


class WorkerState(enum.IntEnum):
    IDLE = 0  # waiting on the queue
    FETCHING = 1
    PARSING = 2
    PAUSED = 3
    STOPPED = 4  # retired (worker count lowered) or crawl over
    RENDERING = 5  # its page is in (or waits for) a tab of the headless browser


@dataclass(frozen=True, slots=True)
class FetchRecord:
    """The one record each URL taken into the crawl ends as (the seed's FetchStatistic, plus more).

    ``links`` holds the normalised outlinks (deduplicated, document order) of an HTML page or a
    stylesheet, in scope and off-site, so that consumers can build inlinks, the site tree and
    broken-link referrers; ``words`` the same links with their words.
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
    # Audit fields of an HTML page (links.parse_page); robots also takes the X-Robots-Tag header,
    # so a non-HTML response can have it too.
    title: str | None = None
    meta_description: str | None = None
    h1: str | None = None
    h1_count: int = 0
    canonical: str | None = None
    robots: str | None = None
    word_count: int = 0
    content_hash: str | None = None
    lang: str | None = None
    in_sitemap: bool = False  # the URL was listed in one of the site's sitemaps
    external: bool = False  # an out-of-scope link, checked (HEAD, else GET) but never parsed
    # Where the time went (milliseconds; 0 when the phase did not happen), see phases.py.
    worker: int = -1  # the worker coroutine that fetched it
    wait_ms: float = 0.0  # taken from the queue → last try's request started
    dns_ms: float = 0.0
    connect_ms: float = 0.0
    ttfb_ms: float = 0.0  # request sent → response headers in
    download_ms: float = 0.0
    parse_wait_ms: float = 0.0  # handed to the parser → parsing began
    parse_ms: float = 0.0
    render_ms: float = 0.0  # waiting for a tab, loading, settling, reading and parsing the DOM
    # The answer's headers, "Name: value" lines, bounded and with secrets left out
    # (crawl/headers.py); "" for a URL that got no answer.
    headers: str = field(default="", repr=False)
    # Custom extraction and search (parsing/extract.py): a JSON object {rule name: value}, "" for
    # a crawl without rules or a URL that was not parsed as a page.
    extracted: str = ""
    # The links of a parsed page or stylesheet with their words (anchor, alt, rel, element),
    # off-site and invalid ones too, packed as the parse packed them (parsing/linkwords.py:
    # said_words reads them). Written to the crawl file and dropped by whoever keeps records
    # (without_links, without_words): read back from the file (storage.fileformat.load_words)
    # when a view or an output asks.
    words: bytes = field(default=b"", repr=False, compare=False)
    # JavaScript (gui_crawler/render): the page was loaded in the headless browser and its
    # rendered DOM parsed; how many of its links only the rendered DOM has; how many JavaScript
    # errors it raised; and what rendering changed, as JSON (render/rendered.py), "" if none.
    rendered: bool = False
    rendered_links: int = 0
    js_errors: int = 0
    render: str = field(default="", repr=False)
    # The audit's checks of a page (parsing/pagechecks.py), from the same parse (the rendered
    # DOM's, where it was rendered): what it found on the page itself and the facts only the
    # audit can decide (JSON, deflated: pagechecks.pack_checks; b"" for none); its
    # ids and <a name>s (CRC-32 each, sorted: the targets of links to its #fragments); a MinHash
    # signature of its visible text (near duplicates); the types of its structured data
    # ("Product, BreadcrumbList").
    checks: bytes = field(default=b"", repr=False)
    ids: bytes = field(default=b"", repr=False)
    minhash: bytes = field(default=b"", repr=False)
    structured_data: str = ""

    @property
    def is_redirect(self) -> bool:
        return self.status in REDIRECT_STATUSES

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in RECORD_FIELDS order (astuple() deep-copies: ten times slower)."""
        return _values_of(self)

    def without_links(self) -> FetchRecord:
        """The same record without its outlinks, for a consumer that keeps records but not links
        (on real pages they are most of a record's memory): a quarter of the time of
        dataclasses.replace(), which a headless crawl paid for every page."""
        values = list(_values_of(self))
        values[_LINKS] = ()
        values[_WORDS] = b""
        return new_record(*values)

    def without_words(self) -> FetchRecord:
        """The same record without its links' words (the crawl file keeps them)."""
        values = list(_values_of(self))
        values[_WORDS] = b""
        return new_record(*values)


RECORD_FIELDS = tuple(f.name for f in fields(FetchRecord))
_values_of = operator.attrgetter(*RECORD_FIELDS)


# ``new_record(*values)``: a FetchRecord of every field's value, in RECORD_FIELDS order, made
# without the frozen __init__'s per-field cost (base/twins.py); every URL's record is made on the
# event loop's thread.
new_record = thawed_maker(FetchRecord)
_LINKS = RECORD_FIELDS.index("links")
_WORDS = RECORD_FIELDS.index("words")


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
class RenderTab:
    """A tab of the headless browser took a page (``url``) or let it go (``url`` None); ``since``
    is loop time. The Workers tab lists the tabs beside the fetch workers."""

    tab: int
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


class Reason(enum.StrEnum):
    """Why a crawl ended (CrawlFinished.reason; a crawl file's state keeps it too)."""

    DONE = "done"  # nothing left to fetch, or a limit reached
    CANCELLED = "cancelled"  # stopped: what it had left stays to fetch


@dataclass(frozen=True, slots=True)
class CrawlFinished:
    """The crawl is over: ``reason`` is a Reason, or "error: " and what went wrong."""

    reason: str
    done: int
    todo: int
    elapsed: float


@dataclass(frozen=True, slots=True)
class HostState:
    """One host's politeness state, emitted when it changed, at most once per progress tick.
    Times are seconds; ``backoff`` is how long the host stays backed off from now (0: not)."""

    host: str
    in_flight: int
    limit: int
    delay: float
    backoff: float
    waiting: int  # URLs of this host held back until a slot or the delay allows them
    robots: str  # "pending", "fetching", "ok", "none (404)", "unreachable (…)", "ignored", …
    requests: int
    median_ms: float
    p95_ms: float
    external: bool = False
    rate: float = 0.0  # requests started per second, over the last few seconds


@dataclass(frozen=True, slots=True)
class Notice:
    """Something about the crawl itself a person should know, said once when it happens (the
    worker count was capped…): the CLI prints it on stderr, the window shows it in its status
    bar. ``text`` is one plain sentence."""

    text: str


Event = (
    FetchRecord | Queued | WorkerEvent | Progress | CrawlFinished | HostState | Notice | RenderTab
)


def fanout(*sinks: Callable[[Event], None]) -> Callable[[Event], None]:
    """One sink that hands every event to each of ``sinks`` in turn."""
    if len(sinks) == 1:
        return sinks[0]

    def sink(event: Event) -> None:
        for s in sinks:
            s(event)

    return sink
