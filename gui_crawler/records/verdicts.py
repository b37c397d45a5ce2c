"""What a record means, decided here and nowhere else: its verdict (ok, redirect, broken,
blocked, timeout, error, cancelled), the seed report's category, which verdicts make the CLI's
exit code 1, and the words every count is said in.

Every count a person reads asks this module: the window's status bar ("Broken 10"), the Overview's
findings, the HTML report's headline ("10 broken"), the CLI's summary and its exit code, the CSV's
verdict column. So a record is broken in all of them or in none.

- broken: the link is dead: 4xx and 5xx (but the blocked statuses below), no such host, a
  refused or dropped connection, a bad URL or redirect, too many redirects.
- blocked: refused to bots or throttled (robots.txt, a bot wall's 403, 429, 503, 999, a host
  given up on after it failed every request), or never asked because of where it is (a private
  address): says nothing about the link.
- timeout: no answer within the time limit: says nothing about the link either.
- error: the crawler's own failure or limit, not the site's doing (the size limit, out of open
  files, ports or memory, too busy to wait, a crawler bug, a parser crash).
- cancelled: cut short in flight: the crawl stopped while the URL was being fetched (continuing
  the crawl fetches it again).
- warning: broken, but its URL matches the crawl's ``--warn`` regex: listed, not failing.

The exit code is 1 when some record is broken or an error (``FAILS``).

A crawl's own status rules (``StatusRules``: ``--accept-status``, ``--warn``, kept with its
options) are part of the verdict: an accepted status is ok, a broken URL matching ``--warn`` a
warning, in every count alike. Whatever reads a crawl's records judges them through its rules
(``StatusRules.of(config)``); the module-level functions are those of a crawl without any
(``NO_RULES``).

Beside the verdict, a fact rather than a judgement: a record's status class (``StatusClass``:
1xx to 5xx, another status, no answer), what the pages table's quick filters 2xx, 3xx, 4xx, 5xx
and Failed pick and the report's answers are counted by (a 429 is 4xx, and blocked). Each
classifier has its SQL twin here (``verdict_sql``, ``status_class_sql``), which the pages table
sorts and filters by; tests/records/test_verdicts.py holds each to its twin.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gui_crawler.base.translate import VERDICTS, translate
from gui_crawler.base.userregex import UrlRegex
from gui_crawler.events import REDIRECT_STATUSES, ErrorKind
from gui_crawler.options.forms import status_ranges

if TYPE_CHECKING:
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import FetchRecord


class Verdict(enum.StrEnum):
    """What a record means for someone checking links (the CSV's verdict column holds these)."""

    OK = "ok"
    REDIRECT = "redirect"
    BROKEN = "broken"
    BLOCKED = "blocked"
    TIMEOUT = "timeout"
    ERROR = "error"
    CANCELLED = "cancelled"
    WARNING = "warning"


BLOCKED_STATUSES = frozenset({429, 503, 999})
_BLOCKED_KINDS = frozenset(
    {ErrorKind.ROBOTS, ErrorKind.BOT_CHALLENGE, ErrorKind.PRIVATE_ADDRESS, ErrorKind.HOST_GAVE_UP}
)
_ERROR_KINDS = frozenset(
    {ErrorKind.TOO_LARGE, ErrorKind.INTERNAL, ErrorKind.PARSER_CRASHED, ErrorKind.OWN_LIMIT}
)
# The verdicts that make the CLI's exit code 1.
FAILS = frozenset({Verdict.BROKEN, Verdict.ERROR})
# The verdicts a re-check fetches again: those another try may change.
RECHECKED = frozenset(
    {Verdict.BROKEN, Verdict.WARNING, Verdict.BLOCKED, Verdict.TIMEOUT, Verdict.ERROR}
)
# Error kinds that say no more than the answer's status does (a bot wall's 403, a 1xx as the
# final answer): an accepted status makes such a record ok too. Every other kind is a failure
# beyond the status (a redirect loop answered 302, a page over the size limit answered 200).
_STATUS_FAULTS = frozenset({ErrorKind.BOT_CHALLENGE, ErrorKind.INFORMATIONAL})
# The SQL function a verdict's SQL twin calls for ``--warn`` (registered by every reader).
WARN_SQL_FUNCTION = "gui_crawler_warned"


@functools.lru_cache(maxsize=16)
def _warn_regex(pattern: str) -> UrlRegex:
    # A search cut short by the time budget leaves the URL broken: a warning is what the
    # person asked for, not what a runaway pattern gave.
    return UrlRegex(pattern, "--warn", when_cut=False)


def warned(pattern: str, url: str | None) -> bool:
    """Whether ``url`` matches the ``--warn`` regex ``pattern`` (searched in it, as
    ``--exclude`` is); the Python of the SQL twin's WARN_SQL_FUNCTION."""
    return url is not None and _warn_regex(pattern).search(url)


# The SQL functions the verdicts' SQL twins call: name: (number of arguments, function).
SQL_FUNCTIONS: dict[str, tuple[int, Callable[..., Any]]] = {WARN_SQL_FUNCTION: (2, warned)}


@dataclass(frozen=True, slots=True)
class StatusRules:
    """A crawl's own rules over the verdicts, kept with its options: ``accept``, the statuses
    counted ok (``--accept-status``, inclusive ranges), and ``warn``, the regex of the URLs
    whose breakage is a warning rather than a failure (``--warn``). Every reader of the crawl's
    records judges them through these, so a record is ok, broken or a warning in all of them
    alike: the status bar, the Overview, the summary, the CSVs, the exit code, the colours."""

    accept: tuple[tuple[int, int], ...] = ()
    warn: str | None = None

    @classmethod
    def of(cls, config: CrawlConfig) -> StatusRules:
        return cls(status_ranges(config.accept_status or ""), config.warn or None)

    def __bool__(self) -> bool:
        return bool(self.accept or self.warn)

    def accepts(self, status: int | None) -> bool:
        return status is not None and any(lo <= status <= hi for lo, hi in self.accept)

    def verdict_of(self, status: int | None, error_kind: str | None, url: str = "") -> Verdict:
        """The verdict of a record's status, error kind and URL (any other kind, an exception
        class name of the HTTP stack, is broken: connection refused, DNS failure, reset…)."""
        v = self._answered(status, error_kind)
        if v is Verdict.BROKEN and self.warn and warned(self.warn, url):
            return Verdict.WARNING
        return v

    def _answered(self, status: int | None, error_kind: str | None) -> Verdict:
        if (error_kind is None or error_kind in _STATUS_FAULTS) and self.accepts(status):
            return Verdict.OK
        if error_kind is not None:
            if error_kind == ErrorKind.CANCELLED:
                return Verdict.CANCELLED
            if error_kind == ErrorKind.TIMEOUT:
                return Verdict.TIMEOUT
            if error_kind in _BLOCKED_KINDS:
                return Verdict.BLOCKED
            if error_kind in _ERROR_KINDS:
                return Verdict.ERROR
            return Verdict.BROKEN
        if status is None:
            return Verdict.ERROR
        if status in BLOCKED_STATUSES:
            return Verdict.BLOCKED
        if status >= 400:
            return Verdict.BROKEN
        if status in REDIRECT_STATUSES:
            return Verdict.REDIRECT
        return Verdict.OK

    def sql(self, status: str = "status", error_kind: str = "error_kind", url: str = "url") -> str:
        """:meth:`verdict_of` as an SQL expression of a crawl file's columns: a sort of the
        pages table by verdict calls no Python per row (a million rows: 0.70-1.05 s with a
        Python function, which holds the GIL each call, against the event loop). With
        ``--warn``, the broken rows alone call WARN_SQL_FUNCTION (SQL_FUNCTIONS)."""

        def among(xs: Iterable[str] | Iterable[int]) -> str:
            return ", ".join(_sql_text(x) if isinstance(x, str) else str(x) for x in sorted(xs))

        v = {x: _sql_text(x.value) for x in Verdict}
        broken = v[Verdict.BROKEN]
        if self.warn:
            broken = (
                f"CASE WHEN {WARN_SQL_FUNCTION}({_sql_text(self.warn)}, {url}) "
                f"THEN {v[Verdict.WARNING]} ELSE {broken} END"
            )
        accepted = ""
        if self.accept:
            ranges = " OR ".join(
                f"{status} = {lo}" if lo == hi else f"{status} BETWEEN {lo} AND {hi}"
                for lo, hi in self.accept
            )
            accepted = (
                f" WHEN ({error_kind} IS NULL OR {error_kind} IN ({among(_STATUS_FAULTS)}))"
                f" AND ({ranges}) THEN {v[Verdict.OK]}"
            )
        return (
            f"CASE{accepted} WHEN {error_kind} IS NOT NULL THEN CASE"
            f" WHEN {error_kind} = {_sql_text(ErrorKind.CANCELLED)} THEN {v[Verdict.CANCELLED]}"
            f" WHEN {error_kind} = {_sql_text(ErrorKind.TIMEOUT)} THEN {v[Verdict.TIMEOUT]}"
            f" WHEN {error_kind} IN ({among(_BLOCKED_KINDS)}) THEN {v[Verdict.BLOCKED]}"
            f" WHEN {error_kind} IN ({among(_ERROR_KINDS)}) THEN {v[Verdict.ERROR]}"
            f" ELSE {broken} END"
            f" WHEN {status} IS NULL THEN {v[Verdict.ERROR]}"
            f" WHEN {status} IN ({among(BLOCKED_STATUSES)}) THEN {v[Verdict.BLOCKED]}"
            f" WHEN {status} >= 400 THEN {broken}"
            f" WHEN {status} IN ({among(REDIRECT_STATUSES)}) THEN {v[Verdict.REDIRECT]}"
            f" ELSE {v[Verdict.OK]} END"
        )

    # ---- of records ----------------------------------------------------------------------------

    def verdict(self, rec: FetchRecord) -> Verdict:
        return self.verdict_of(rec.status, rec.error_kind, rec.url)

    def is_broken(self, rec: FetchRecord) -> bool:
        return self.verdict(rec) is Verdict.BROKEN

    def is_blocked(self, rec: FetchRecord) -> bool:
        return self.verdict(rec) is Verdict.BLOCKED

    def fails(self, rec: FetchRecord) -> bool:
        """The record makes the CLI's exit code 1 (broken or error)."""
        return self.verdict(rec) in FAILS

    def worth_rechecking(self, rec: FetchRecord) -> bool:
        """A re-check fetches it again by default (``gui-crawler crawl --recheck``)."""
        return self.verdict(rec) in RECHECKED

    def worry(
        self, status: int | None, error_kind: str | None, url: str
    ) -> tuple[int, StatusClass]:
        """How worrying an outcome is, comparable: the place of its verdict in WORST_LAST (from
        1: 0 is left for a URL not fetched), then its status class."""
        return (
            WORST_LAST.index(self.verdict_of(status, error_kind, url)) + 1,
            status_class_of(status, error_kind),
        )

    def of_verdict(self, records: Iterable[FetchRecord], v: Verdict) -> Iterator[FetchRecord]:
        """The records of verdict ``v``, in their order."""
        return (rec for rec in records if self.verdict(rec) is v)

    def group(self, records: Iterable[FetchRecord]) -> dict[Verdict, list[FetchRecord]]:
        """The records by verdict, each list in the records' order."""
        out: dict[Verdict, list[FetchRecord]] = {}
        for rec in records:
            out.setdefault(self.verdict(rec), []).append(rec)
        return out


# A crawl without status rules: what the module-level functions judge by.
NO_RULES = StatusRules()


def verdict_of(status: int | None, error_kind: str | None) -> Verdict:
    """The verdict of a record's status and error kind, without status rules."""
    return NO_RULES.verdict_of(status, error_kind)


def verdict_sql(status: str = "status", error_kind: str = "error_kind") -> str:
    """:func:`verdict_of` as an SQL expression (StatusRules.sql without rules)."""
    return NO_RULES.sql(status, error_kind)


class StatusClass(enum.IntEnum):
    """The class of a record's answer, ordered from best to worst: its status's hundreds, or
    OTHER for a status outside 100-599 (a 999), or FAILED when nothing answered (no status: a
    timeout, a reset, a refused connection…). An answer that the crawler then failed is still in
    its status's class: a redirect loop or a redirect without Location answered 302 (3xx, as the
    Redirects tab lists it), a bot wall 403. PENDING: a URL taken in, not fetched."""

    PENDING = 0
    INFORMATIONAL = 1
    OK = 2
    REDIRECT = 3
    CLIENT_ERROR = 4
    SERVER_ERROR = 5
    OTHER = 6
    FAILED = 7


def status_class_of(status: int | None, error_kind: str | None) -> StatusClass:
    """The status class of a record's status (``error_kind`` does not change it: see
    StatusClass)."""
    if status is None:
        return StatusClass.FAILED
    if 100 <= status < 600:
        return StatusClass(status // 100)
    return StatusClass.OTHER


def status_class_sql(status: str = "status", error_kind: str = "error_kind") -> str:
    """:func:`status_class_of` as an SQL expression of a crawl file's columns (an integer)."""
    return (
        f"CASE WHEN {status} IS NULL THEN {int(StatusClass.FAILED)}"
        f" WHEN {status} >= 100 AND {status} < 600 THEN {status} / 100"
        f" ELSE {int(StatusClass.OTHER)} END"
    )


def status_class(rec: FetchRecord) -> StatusClass:
    return status_class_of(rec.status, rec.error_kind)


# How each class is said: its label (the quick filter's button, the report's bar) and what it
# holds (the button's tip).
CLASS_WORDS: dict[StatusClass, tuple[str, str]] = {
    StatusClass.PENDING: ("Not fetched", "Taken in, not fetched yet"),
    StatusClass.INFORMATIONAL: ("1xx", "Informational answers, e.g. 101"),
    StatusClass.OK: ("2xx", "Successful answers"),
    StatusClass.REDIRECT: ("3xx", "Redirects"),
    StatusClass.CLIENT_ERROR: ("4xx", "Client errors, e.g. 404"),
    StatusClass.SERVER_ERROR: ("5xx", "Server errors"),
    StatusClass.OTHER: ("Other status", "A status outside 100-599, e.g. 999"),
    StatusClass.FAILED: ("Failed", "No HTTP answer: timeouts, resets, cancelled…"),
}
# The pages table's quick filters by status class, in the order shown.
QUICK_CLASSES = (
    StatusClass.OK,
    StatusClass.REDIRECT,
    StatusClass.CLIENT_ERROR,
    StatusClass.SERVER_ERROR,
    StatusClass.FAILED,
)
# The verdicts from the least to the most worrying: the site tree keeps the worst outcome below
# each branch by this order, then by status class (a 500 above a 404, both broken).
WORST_LAST = (
    Verdict.OK,
    Verdict.REDIRECT,
    Verdict.CANCELLED,
    Verdict.BLOCKED,
    Verdict.TIMEOUT,
    Verdict.WARNING,
    Verdict.ERROR,
    Verdict.BROKEN,
)


def worry(status: int | None, error_kind: str | None) -> tuple[int, StatusClass]:
    """StatusRules.worry without rules."""
    return NO_RULES.worry(status, error_kind, "")


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# The classifier of a crawl without status rules, by record (StatusRules' methods).
verdict = NO_RULES.verdict
is_broken = NO_RULES.is_broken
is_blocked = NO_RULES.is_blocked
fails = NO_RULES.fails
worth_rechecking = NO_RULES.worth_rechecking
of_verdict = NO_RULES.of_verdict
group = NO_RULES.group


def is_cancelled(rec: FetchRecord) -> bool:
    return rec.error_kind == ErrorKind.CANCELLED


def failed_answer(rec: FetchRecord) -> bool:
    """The server answered, and the answer fails the URL (4xx, 5xx, 999)."""
    return rec.error_kind is None and rec.status is not None and rec.status >= 400


def category(rec: FetchRecord) -> str:
    """The seed report's category: html, other, redirect, error, status_404, fail_<Exc>."""
    return category_of(rec.status, rec.error_kind, rec.content_type)


def category_of(status: int | None, error_kind: str | None, content_type: str | None) -> str:
    """The seed report's category of a record's status, error kind and content type."""
    if error_kind is not None:
        return "fail_" + error_kind
    if status is None:
        return "error"
    if status in REDIRECT_STATUSES:
        return "redirect"
    if status != 200:
        return f"status_{status}"
    if content_type in ("text/html", "application/xhtml+xml"):
        return "html"
    return "other"


# ---- the words --------------------------------------------------------------------------------


# What happened to a cancelled URL, in the words every text about one uses.
CUT_SHORT = "cut short in flight"


@dataclass(frozen=True, slots=True)
class Words:
    """How a verdict is said: ``label`` before a count ("Broken 10"), ``one``/``many`` after one
    ("1 error", "10 errors"), ``title`` heads a list of its URLs."""

    label: str
    one: str
    many: str
    title: str


WORDS: dict[Verdict, Words] = {
    Verdict.OK: Words("OK", "ok", "ok", "Answered"),
    Verdict.REDIRECT: Words("Redirects", "redirect", "redirects", "Redirects"),
    Verdict.BROKEN: Words(
        "Broken",
        "broken",
        "broken",
        "Broken links (4xx, 5xx, no such host, refused or dropped connection, bad redirect)",
    ),
    Verdict.BLOCKED: Words(
        "Blocked",
        "blocked",
        "blocked",
        "Blocked or throttled, not broken (robots.txt, bot walls, 429, 503, 999, private "
        "addresses)",
    ),
    Verdict.TIMEOUT: Words(
        "Timed out", "timed out", "timed out", "Timed out, no answer within the time limit"
    ),
    Verdict.ERROR: Words(
        "Errors",
        "error",
        "errors",
        "Errors of the crawler's own limits or failures, not the site's doing (size limit, open "
        "files, ports, memory, too busy, a crawler bug)",
    ),
    Verdict.CANCELLED: Words(
        "Cancelled",
        "cancelled",
        "cancelled",
        f"Cancelled, {CUT_SHORT} (continuing the crawl fetches them again)",
    ),
    Verdict.WARNING: Words(
        "Warnings",
        "warning",
        "warnings",
        "Broken links matching --warn: listed, not failing the crawl",
    ),
}
# The verdicts a summary names, in its order: the broken count always, the others when any.
SUMMARY = (Verdict.BROKEN, Verdict.ERROR, Verdict.WARNING, Verdict.BLOCKED, Verdict.TIMEOUT,
           Verdict.CANCELLED)  # fmt: skip


def count_label(v: Verdict, n: int) -> str:
    """``Broken 10``: a status bar's count (in the window's language)."""
    return f"{translate(VERDICTS, WORDS[v].label)} {n:,}"


def noun(v: Verdict, n: int) -> str:
    """What follows a count of ``n``: ``broken``, ``error`` or ``errors``."""
    w = WORDS[v]
    return w.one if n == 1 else w.many


def count_phrase(v: Verdict, n: int) -> str:
    """``10 broken``, ``1 error``: a count in a sentence."""
    return f"{n:,} {noun(v, n)}"


# An SQL condition on a crawl file's records (their status and error_kind columns) that every
# record of a verdict in SUMMARY meets, and most records of a crawl do not: a reader of the
# file asks it before asking verdict_of.
NOT_ANSWERED_SQL = "(error_kind IS NOT NULL OR status IS NULL OR status >= 400)"


class Tally:
    """Records counted by verdict under the crawl's ``rules``; ``tally[Verdict.BROKEN]`` is 0
    when none. Also what the seed's report counts: records by category (``kinds``), the bytes
    of the html pages and the external URLs checked. Made one record at a time as a crawl
    records them (``add_one``), from counts a crawl file keeps (``add_counted``, their verdict
    its SQL twin's), or from records all at once; ``add_one(rec, -1)`` takes one back."""

    def __init__(self, records: Iterable[FetchRecord] = (), rules: StatusRules = NO_RULES) -> None:
        self.rules = rules
        self.counts: Counter[Verdict] = Counter()
        self.kinds: Counter[str] = Counter()
        self.html_bytes = 0
        self.external = 0
        self.add(records)

    def add(self, records: Iterable[FetchRecord]) -> None:
        for rec in records:
            self.add_one(rec)

    def add_one(self, rec: FetchRecord, n: int = 1) -> None:
        """Count ``rec`` (``n`` -1: take it back)."""
        # Most records are a 200 without an error: ok under any rules (StatusRules._answered),
        # so their verdict is not worked out (a crawl counts each record on its event loop).
        plain = rec.status == 200 and rec.error_kind is None
        self.add_counted(
            Verdict.OK if plain else self.rules.verdict(rec),
            rec.status,
            rec.error_kind,
            rec.content_type,
            rec.external,
            n,
            n * rec.size,
        )

    def add_counted(
        self,
        verdict: Verdict,
        status: int | None,
        error_kind: str | None,
        content_type: str | None,
        external: bool | int,
        n: int,
        size: int,
    ) -> None:
        """Count ``n`` records of ``verdict`` alike in status, error kind, content type and
        being external, whose sizes sum to ``size``."""
        self.counts[verdict] += n
        kind = category_of(status, error_kind, content_type)
        self.kinds[kind] += n
        if kind == "html":
            self.html_bytes += size
        if external:
            self.external += n

    @property
    def total(self) -> int:
        """How many records were counted."""
        return sum(self.counts.values())

    def __getitem__(self, v: Verdict) -> int:
        return self.counts[v]

    @property
    def fails(self) -> bool:
        """Some record makes the CLI's exit code 1."""
        return any(self.counts[v] for v in FAILS)

    def summary(self) -> str:
        """``3 broken, 1 error, 2 blocked, 1 timed out``: the broken count, then any other."""
        return ", ".join(
            count_phrase(v, self.counts[v])
            for v in SUMMARY
            if self.counts[v] or v is Verdict.BROKEN
        )
