"""A response's headers as a crawl keeps them: bounded, with secrets taken out. No Qt here.

Every record carries the headers of the answer it was made from (``FetchRecord.headers``), and the
crawl file stores them, so a person can see why a page was cached, compressed, redirected or
refused. A crawl of 100k URLs keeps them all: at most ``MAX_HEADERS`` headers and ``MAX_BYTES``
bytes a record, the rest counted in one last line. Cookies the site sets and anything that
authorises a request are kept by name only: a crawl file gets copied and sent around.
"""

from __future__ import annotations

from collections.abc import Iterable

from gui_crawler.base.escapes import SURROGATE, escaped
from gui_crawler.base.headertext import MORE, MORE_WORDS
from gui_crawler.base.headertext import parsed as parsed

MAX_HEADERS = 40
MAX_BYTES = 4096
MAX_VALUE = 1024  # characters of one value: a long Content-Security-Policy leaves room for others
REDACTED = "(redacted)"
# "Name: value" lines; the last line says how many headers were left out, if any (MORE, how
# many, MORE_WORDS: base/headertext.py reads them back).

# Headers whose values can let someone else act as the user or the server: never kept.
_SECRET_NAMES = frozenset(
    {
        "authorization",
        "proxy-authorization",
        "cookie",
        "set-cookie",
        "set-cookie2",
        "x-api-key",
        "x-amz-security-token",
    }
)
_SECRET_WORDS = ("token", "secret", "password", "passwd", "api-key", "apikey", "session")


def is_secret(name: str) -> bool:
    """Whether a header's value is kept out of the crawl (its name is kept)."""
    lower = name.lower()
    return (
        lower in _SECRET_NAMES
        or lower.endswith("-authorization")
        or any(word in lower for word in _SECRET_WORDS)
    )


def _redact_cookie(value: str) -> str:
    """``id=abc; Path=/; HttpOnly`` → ``id=(redacted); Path=/; HttpOnly``: the cookie's name and
    attributes (Secure, HttpOnly, SameSite…) say something about the site, its value nothing."""
    first, sep, attributes = value.partition(";")
    name = first.split("=", 1)[0].strip()
    return f"{name}={REDACTED}{sep}{attributes}"


# Words of which every secret header name (is_secret) holds one: names without any are kept.
_SUSPECT = ("cookie", "authorization", *_SECRET_WORDS)
# Whether a list of header names ("server date content-type …", lower case) holds a _SUSPECT
# word: a site's answers repeat a few lists, and the test over ten words was ~1 µs a record.
_suspect_names: dict[str, bool] = {}
_SUSPECT_NAMES_KEPT = 1024


def _suspect(names: str) -> bool:
    got = _suspect_names.get(names)
    if got is None:
        if len(_suspect_names) >= _SUSPECT_NAMES_KEPT:  # a site that varies them: start over
            _suspect_names.clear()
        got = _suspect_names[names] = any(word in names for word in _SUSPECT)
    return got


def kept(items: Iterable[tuple[str, str]]) -> str:
    """The headers as "Name: value" lines, bounded and redacted (see the module's docstring)."""
    pairs = list(items)
    # Most answers (~8 short headers, nothing secret) are taken as they are, in a third of the
    # time of the walk below: every record pays for this.
    lines = [f"{name}: {value}" for name, value in pairs]
    text = "\n".join(lines)
    if not text.isascii() and SURROGATE.search(text):
        return kept([(escaped(name), escaped(value)) for name, value in pairs])
    names = " ".join([name for name, _ in pairs]).lower()
    if (
        len(text) <= MAX_VALUE  # so no value is too long, nor 4 KB of UTF-8 passed
        and len(lines) <= MAX_HEADERS
        and text.count("\n") == len(lines) - 1  # no value holds a line break
        and "\r" not in text
        and not _suspect(names)
    ):
        return text
    return _bounded(pairs)


def _bounded(pairs: list[tuple[str, str]]) -> str:
    """``kept``'s walk over the headers one at a time."""
    lines: list[str] = []
    size = 0
    left_out = 0
    for name, value in pairs:
        if len(lines) >= MAX_HEADERS:
            left_out += 1
            continue
        lower = name.lower()
        if lower in ("set-cookie", "set-cookie2"):
            value = _redact_cookie(value)
        elif is_secret(lower):
            value = REDACTED
        value = " ".join(value.split())  # one line, whatever the server folded into it
        if len(value) > MAX_VALUE:
            value = value[: MAX_VALUE - 1] + "…"
        line = f"{name}: {value}"
        n = len(line) + 1 if line.isascii() else len(line.encode()) + 1
        if size + n > MAX_BYTES:
            left_out += 1
            continue
        size += n
        lines.append(line)
    if left_out:
        lines.append(f"{MORE}{left_out}{MORE_WORDS}")
    return "\n".join(lines)
