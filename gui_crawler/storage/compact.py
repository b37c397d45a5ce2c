"""A record's row as a crawl file of format 8 writes it: some fields in a smaller form, in columns
of their own, read back through generated columns of the fields' names (which take no room), so
that every reader and every SQL query sees the values as before. No Qt here.

Each ``*_ms`` timing (milliseconds, which crawl/phases rounds to two decimals) is a whole number
of hundredths: one or two bytes where a float takes eight. A URL (``url``, ``referrer``) on the
file's origin (its first root's scheme, host and port, which the file's schema holds) is its path
alone. On rust-doc: 1.1 and 1.0 MB of 51."""

from __future__ import annotations

from urllib.parse import urlsplit

from gui_crawler.events import RECORD_FIELDS

TIMINGS = tuple(n for n in RECORD_FIELDS if n.endswith("_ms"))
URLS = ("url", "referrer")
_TIMINGS_AT = tuple(RECORD_FIELDS.index(n) for n in TIMINGS)
_URLS_AT = tuple(RECORD_FIELDS.index(n) for n in URLS)


def stored(name: str) -> str:
    """The column a field is written in."""
    return f"{name}_x100" if name in TIMINGS else f"{name}_path" if name in URLS else name


def origin_of(url: str) -> str:
    """The origin a file's URLs are kept without: ``url``'s scheme, host and port."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def columns(name: str, origin: str) -> str:
    """A field's columns in a records table of format 8: the one written, and the field read
    (generated). A value not in the smaller form (a timing that is not a whole number of
    hundredths, a URL off the origin) is written, and read, as it is."""
    s = stored(name)
    if name in TIMINGS:
        value = f"CASE typeof({s}) WHEN 'integer' THEN {s} / 100.0 ELSE {s} END"
        return f"{s}, {name} REAL GENERATED ALWAYS AS ({value}) VIRTUAL"
    quoted = "'" + origin.replace("'", "''") + "'"
    value = f"CASE WHEN substr({s}, 1, 1) = '/' THEN {quoted} || {s} ELSE {s} END"
    if name == "url":
        return f"{s} TEXT NOT NULL, url TEXT NOT NULL UNIQUE GENERATED ALWAYS AS ({value}) VIRTUAL"
    return f"{s}, {name} GENERATED ALWAYS AS ({value}) VIRTUAL"


class Compact:
    """Makes a record's row (fileformat.record_row) the row a file of origin ``origin`` keeps."""

    def __init__(self, origin: str) -> None:
        self._prefix = origin + "/" if origin else None
        self._cut = len(origin)

    def row(self, row: tuple[object, ...]) -> tuple[object, ...]:
        out = list(row)
        for i in _TIMINGS_AT:
            v = out[i]
            if type(v) is float and -1e15 < v < 1e15:  # not NaN, nor past a double's integers
                k = round(v * 100)
                if k / 100 == v:  # SQLite's k / 100.0 is Python's k / 100: the same double
                    out[i] = k
        if self._prefix is not None:
            for i in _URLS_AT:
                v = out[i]
                if type(v) is str and v.startswith(self._prefix):
                    out[i] = v[self._cut :]
        return tuple(out)
