"""Plain words for what happened to a URL: a short status word for a table cell and a sentence
for people. The technical text (``FetchRecord.exception``) stays for the Details pane."""

from __future__ import annotations

import re
from collections.abc import Callable
from http import HTTPStatus
from urllib.parse import urlsplit

from gui_crawler.base.translate import ntranslate, translate
from gui_crawler.events import OUT_OF_SCOPE, ErrorKind, FetchRecord
from gui_crawler.records.verdicts import CUT_SHORT, Verdict, failed_answer, is_cancelled
from gui_crawler.records.verdicts import WORDS as VERDICT_WORDS

# error_kind -> (short status word, sentence). Kinds named by aiohttp or the OS are grouped by
# what a user can do about them.
_NO_ANSWER = ("No answer", "Could not connect to the server")
_DROPPED = ("Dropped", "The server closed the connection before the answer was complete")
_TIMEOUT = ("Timeout", "No answer within the time limit")
_BAD_HTTP = ("Bad answer", "The server's answer was not valid HTTP")
WORDS: dict[str, tuple[str, str]] = {
    "ClientConnectorError": _NO_ANSWER,
    "ClientConnectorDNSError": ("No such host", "The host name could not be resolved"),
    "ClientConnectionError": _NO_ANSWER,
    "ConnectionRefusedError": _NO_ANSWER,
    "OSError": _NO_ANSWER,
    "ServerDisconnectedError": _DROPPED,
    "ClientOSError": _DROPPED,
    "ClientPayloadError": _DROPPED,
    "ConnectionResetError": _DROPPED,
    "IncompleteReadError": _DROPPED,
    "ClientResponseError": _BAD_HTTP,
    "BadStatusLine": _BAD_HTTP,
    "BadHttpMessage": _BAD_HTTP,
    "ContentEncodingError": ("Bad encoding", "The body could not be decompressed"),
    "TimeoutError": _TIMEOUT,
    "ServerTimeoutError": _TIMEOUT,
    ErrorKind.TIMEOUT: _TIMEOUT,
    ErrorKind.CANCELLED: (
        VERDICT_WORDS[Verdict.CANCELLED].label,
        f"{CUT_SHORT.capitalize()}: the crawl stopped while this URL was being fetched",
    ),
    ErrorKind.TOO_LARGE: ("Too large", "The page is larger than the size limit"),
    ErrorKind.INVALID_URL: ("Bad URL", "The address is not a valid URL"),
    ErrorKind.MISSING_LOCATION: ("Bad redirect", "A redirect without a Location header"),
    ErrorKind.BAD_LOCATION: ("Bad redirect", "A redirect to an invalid address"),
    ErrorKind.TOO_MANY_REDIRECTS: ("Redirect loop", "Too many redirects in a row"),
    ErrorKind.REDIRECT_LOOP: ("Redirect loop", "Its redirects come back round to a URL before"),
    ErrorKind.INTERNAL: ("Crawler bug", "An internal error of the crawler (see the details)"),
    ErrorKind.PARSER_CRASHED: ("Parser crash", "The page crashed the HTML parser, twice"),
    ErrorKind.ROBOTS: ("Robots.txt", "Not fetched: the site's robots.txt disallows it"),
    ErrorKind.BOT_CHALLENGE: ("Bot wall", "The server answered with a challenge for bots"),
    ErrorKind.PRIVATE_ADDRESS: (
        "Not checked",
        "Not checked: a private address (local network, this machine or a cloud metadata service)",
    ),
    ErrorKind.INFORMATIONAL: (
        "Bad answer",
        "The server answered with an informational status (1xx) where a final answer was due",
    ),
    ErrorKind.HOST_GAVE_UP: (
        "Gave up",
        "Not fetched: its host refused or failed every request for a while (429, 503, no "
        "answer), so the crawl gave up on it",
    ),
    ErrorKind.OWN_LIMIT: (
        "Crawler limit",
        "Not the site's doing: the crawler ran out of open files, ports or memory on this "
        "machine, or was too busy to wait for the answer (fewer workers would help)",
    ),
    "ClientConnectorCertificateError": (
        "Bad certificate",
        "The server's certificate is not trusted",
    ),
    "ClientConnectorSSLError": ("TLS failed", "The secure connection could not be set up"),
    "ClientSSLError": ("TLS failed", "The secure connection could not be set up"),
    "SSLError": ("TLS failed", "The secure connection could not be set up"),
}
# Failures that mean nothing answered at all: said plainly when the start page has one.
UNREACHABLE = frozenset(
    kind
    for kind, words in WORDS.items()
    if words in (_NO_ANSWER, _TIMEOUT, WORDS["ClientConnectorDNSError"])
)


def status_word(rec: FetchRecord) -> str:
    """The Status cell: the HTTP status, or a word or two for a failure."""
    return status_word_of(rec.status, rec.error_kind)


def status_word_of(status: int | None, error_kind: str | None) -> str:
    """``status_word`` of a record with this status and error kind."""
    if status is not None and error_kind is None:
        return str(status)
    if error_kind is None:
        return "?"
    return WORDS.get(error_kind, (_words(error_kind), ""))[0]


def _words(kind: str) -> str:
    """An exception class name no entry above names, as words: "SomeNewThingError" -> "Some new
    thing", so that a cell never shows a 30-letter identifier."""
    parts = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", kind.removesuffix("Error")) or [kind]
    text = " ".join(p if p.isupper() else p.lower() for p in parts)
    return text[:1].upper() + text[1:]


def error_sentence(rec: FetchRecord) -> str:
    """The Error cell: why the URL failed, in plain words; empty for an answer."""
    if rec.error_kind is None:
        return ""
    return WORDS.get(rec.error_kind, ("", rec.error_kind))[1] or rec.error_kind


def answer_words(rec: FetchRecord, say: Callable[[str], str] = str) -> str:
    """What a URL answered, for a report or a list: ``404 Not Found``, or why it failed in plain
    words (``Could not connect to the server``), with the status when there was one (``403: The
    server answered with a challenge for bots``). Never the exception's own text. ``say`` puts
    the sentence in the reader's language (the window's)."""
    status = ""
    if rec.status is not None:
        try:
            status = f"{rec.status} {HTTPStatus(rec.status).phrase}"
        except ValueError:  # 999 and other statuses of a site's own
            status = str(rec.status)
    if rec.error_kind is None:
        return status
    kind = rec.error_kind
    sentence = say(WORDS[kind][1]) if kind in WORDS else _words(kind)  # never an identifier
    return f"{rec.status}: {sentence}" if status else sentence


def workers_capped(workers: int, files: int) -> str:
    """The notice of a worker count lowered to what this system lets the crawler open."""
    return translate(
        "Wording",
        "Workers capped at {workers}: this system lets the crawler open {files} files "
        "(ulimit -n), and each worker needs one for its connection",
    ).format(workers=f"{workers:,}", files=f"{files:,}")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 hop``, ``2 hops``, ``1,024 URLs``."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def duration(seconds: float) -> str:
    """How long something took, to the precision that means something: ``40 ms``, ``2.4 s``,
    ``2 min 5 s``, ``1 h 2 min`` (a crawl of 22 URLs was said to take "0.0 s")."""
    if seconds < 0.001:
        return translate("Wording", "less than 1 ms")
    if seconds < 1:
        return translate("Wording", "{ms} ms").format(ms=f"{seconds * 1000:.0f}")
    if seconds < 60:
        return translate("Wording", "{s} s").format(s=f"{seconds:.1f}")
    m, s = divmod(round(seconds), 60)
    if m < 60:
        if s:
            return translate("Wording", "{m} min {s} s").format(m=m, s=s)
        return translate("Wording", "{m} min").format(m=m)
    h, m = divmod(m, 60)
    if m:
        return translate("Wording", "{h} h {m} min").format(h=h, m=m)
    return translate("Wording", "{h} h").format(h=h)


def per_second(n: float, seconds: float) -> str:
    """``n`` things in ``seconds`` as a rate with no more digits than it has: ``550``,
    ``42.5``, ``0.25``; "" when no time passed (nothing to divide by)."""
    if seconds <= 0:
        return ""
    rate = n / seconds
    if rate >= 100:
        return f"{rate:,.0f}"
    return f"{rate:.1f}" if rate >= 1 else f"{rate:.2g}"


def average_rate(n: int, seconds: float) -> str:
    """A finished crawl's pace: ``22.9 pages/s (average)``, or for one over within a second, what
    it did in that time (``22 pages in 28 ms``): a rate taken over milliseconds says more about
    the clock than about the crawl. "" when nothing was done."""
    if n <= 0 or seconds <= 0:
        return ""
    if seconds < 1:
        return ntranslate("Wording", "{n} page in {time}", "{n} pages in {time}", n).format(
            n=f"{n:,}", time=duration(seconds)
        )
    return translate("Wording", "{rate} pages/s (average)").format(rate=per_second(n, seconds))


def root_failure(rec: FetchRecord | None) -> str | None:
    """What to tell the user when the start page itself failed, or None when it answered."""
    if rec is None or is_cancelled(rec):
        return None
    where = urlsplit(rec.url).netloc or rec.url
    why = translate("Wording", error_sentence(rec))
    if rec.error_kind in UNREACHABLE:
        return translate(
            "Wording", "Nothing answered at {host} — is the server running? ({why})"
        ).format(host=where, why=why)
    if rec.error_kind is not None:
        return translate("Wording", "The start page {url} failed: {why}").format(
            url=rec.url, why=why
        )
    if failed_answer(rec):
        return translate(
            "Wording", "The start page {url} answered {status}: there was nothing to crawl"
        ).format(url=rec.url, status=rec.status)
    if rec.next_url and rec.note and rec.note.startswith(OUT_OF_SCOPE):
        # A site that moved to another host: the crawl ends at its first page.
        return translate(
            "Wording",
            "The start page redirects to {url}, outside the crawl's scope (target out of scope): "
            "crawl that address instead, or widen the scope",
        ).format(url=rec.next_url)
    return None


SETTLE_SECONDS = 3.0  # before this, a rate says more about start-up than about the crawl


def progress_text(done: int, known: int, rate: float, elapsed: float) -> str:
    """``"62% of 388 known"`` and, once the rate has settled, ``", about 0:42 left"``. Known URLs
    grow as pages are parsed, so this is an estimate and says so."""
    if known <= 0:
        return ""
    text = translate("Wording", "{percent}% of {known} known").format(
        percent=min(100, done * 100 // known), known=f"{known:,}"
    )
    left = known - done
    if left > 0 and rate > 0 and elapsed >= SETTLE_SECONDS:
        m, s = divmod(int(left / rate + 0.5), 60)
        h, m = divmod(m, 60)
        clock = f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
        text += translate("Wording", ", about {time} left").format(time=clock)
    return text
