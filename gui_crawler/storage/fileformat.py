"""The crawl file's format: its tables, which versions are read, a record or a URL taken in as a
row and back, and ``load``, which reads a whole file. No Qt here.

A crawl file is SQLite: ``meta`` (format, the crawl's options as JSON, its state), ``queued``
(the URLs taken into the crawl and not recorded yet, in the order taken; files of format 7 and
before kept every URL taken in), ``records`` (one row per URL recorded, a column per FetchRecord
field) and ``history`` (what a re-check replaced: each earlier answer of a URL, with when it was
replaced). A URL queued and not recorded is the frontier left to fetch.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import tempfile
from collections.abc import Collection, Iterable, Iterator
from dataclasses import MISSING, dataclass, fields
from pathlib import Path

from gui_crawler.base.translate import STORE, translate
from gui_crawler.config import WITHHELD, ConfigError, CrawlConfig
from gui_crawler.events import RECORD_FIELDS, ErrorKind, FetchRecord, Queued
from gui_crawler.parsing import accel
from gui_crawler.parsing.linkwords import LinkWords, blob_links, said_words, said_words_5
from gui_crawler.records.verdicts import NO_RULES, StatusRules, Verdict
from gui_crawler.records.verdicts import SQL_FUNCTIONS as VERDICT_SQL_FUNCTIONS
from gui_crawler.storage import compact, lockfile
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.headerpack import pack_headers, unpack_headers
from gui_crawler.storage.locking import lock

# 8: the queued table keeps the frontier only (a recorded URL's row is deleted by its seq after
# its record; no index on its URL: the store keeps a URL from being queued twice), a record's
# floats are REAL (a whole one, 0.0, takes no bytes), its timings and URLs compact (``compact``:
# generated columns read them): rust-doc's file 56.8 → 48.7 MB;
# 7 (still read): a record's response headers deflated (``headerpack``: bytes; text in the
# files before), a page's checks deflated against pagechecks.CHECKS_DICTIONARY behind
# pagechecks.PACKED (JSON, or zlib past 256 B, before): rust-doc's file 60.3 → 53.9 MB; 6 (still
# read): a page's links are kept with their words (the words column, linkwords.page_blob: each word
# points at its link, compressed), its links column says so (LINKS_IN_WORDS), a rendered page's
# fields (rendered, rendered_links, js_errors, render, render_ms: columns of their own), and the
# audit's checks of a page (checks, ids, minhash, structured_data); 5 (still read: each word held
# its href as written, linkwords.said_words_5) kept the links with their words apart; 4 (still read:
# no words) a record's response headers (a column of their own); 3 (still read: no headers) packs a
# record's links (_linkpack); 2 (still read): joins them by "\n". Rows of each kind are told apart
# by their links column (and their headers' type, their checks' first byte), so a file of an older
# format resumed holds both (its tables stay as they were: no compact columns); a resume makes it
# format 8, so that an older version refuses it by name instead of misreading it.
FORMAT = "gui_crawler-crawl-8"
READS = {f"gui_crawler-crawl-{n}" for n in range(2, 8)} | {FORMAT}
# The links column of a row whose links are in its words column: packed links (format 3 and
# after) begin with a 0 byte (the first link shares nothing with the one before), text is text.
LINKS_IN_WORDS = b"\x06"
# The records of URLs cut short in flight (a cancel): a resume fetches them again. Indexed (a
# partial index, a few rows), so that a file is opened without reading every record: a column
# after a page's links is read only past them, which is most of the file.
CUT_SHORT = f"error_kind = '{ErrorKind.CANCELLED.value}'"
_COLUMN_TYPE = {"url": " TEXT NOT NULL UNIQUE"} | {
    f.name: " REAL" for f in fields(FetchRecord) if f.type == "float"
}


def schema(origin: str | None) -> str:
    """A crawl file's tables, its records' fields compact (``compact``) on ``origin``; None:
    each field a column of its own, as record_row makes a row (files up to format 7, and the
    pages table's database in memory: SCHEMA)."""
    records = ", ".join(
        n + _COLUMN_TYPE.get(n, "")
        if origin is None or compact.stored(n) == n
        else compact.columns(n, origin)
        for n in RECORD_FIELDS
    )
    return f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS queued (
    seq INTEGER PRIMARY KEY, url TEXT NOT NULL,
    redirects_left INTEGER NOT NULL, depth INTEGER NOT NULL, referrer TEXT);
CREATE TABLE IF NOT EXISTS records (seq INTEGER PRIMARY KEY, {records});
CREATE TABLE IF NOT EXISTS history (
    seq INTEGER PRIMARY KEY, url TEXT NOT NULL, status INTEGER, error_kind TEXT, exception TEXT,
    replaced TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS records_cut_short ON records (url) WHERE {CUT_SHORT};
"""


SCHEMA = schema(None)
INSERT_HISTORY = (
    "INSERT INTO history (url, status, error_kind, exception, replaced) VALUES (?,?,?,?,?)"
)
# OR IGNORE: a file of format 7 or before, resumed, keeps its UNIQUE index on the queued URLs.
INSERT_QUEUED = (
    "INSERT OR IGNORE INTO queued (seq, url, redirects_left, depth, referrer) VALUES (?,?,?,?,?)"
)
DELETE_QUEUED = "DELETE FROM queued WHERE seq = ?"


def _insert_record(names: Iterable[str]) -> str:
    names = tuple(names)
    return (
        f"INSERT OR REPLACE INTO records ({', '.join(names)}) "
        f"VALUES ({', '.join('?' * len(names))})"
    )


INSERT_RECORD = _insert_record(RECORD_FIELDS)
# Into a records table of schema(origin): a row of record_row made compact (compact.Compact).
INSERT_FILE_RECORD = _insert_record(map(compact.stored, RECORD_FIELDS))


_LINKS = RECORD_FIELDS.index("links")
_WORDS = RECORD_FIELDS.index("words")
_HEADERS = RECORD_FIELDS.index("headers")
# The fields of bytes but the links and their words: a row written before them reads b"".
BYTES_FIELDS = tuple(
    f.name for f in fields(FetchRecord) if f.type == "bytes" and f.name not in ("links", "words")
)
_DEFAULTS = {f.name: f.default if f.default is not MISSING else None for f in fields(FetchRecord)}
_DEFAULTS = {
    k: int(v) if isinstance(v, bool) else ("" if v in ((), b"") else v)
    for k, v in _DEFAULTS.items()
}


def _literal(value: object) -> str:
    return "NULL" if value is None else repr(value)


def columns_of(db: sqlite3.Connection, database: str = "main") -> set[str]:
    """The columns of a crawl file's records table (those generated too: a file of format 8
    reads its timings and URLs through them)."""
    return {row[1] for row in db.execute(f"PRAGMA {database}.table_xinfo(records)") if row[6] != 1}


def add_missing_columns(db: sqlite3.Connection) -> None:
    """Columns of fields added since the file was made, so that resuming can write them."""
    have = columns_of(db)
    for name in RECORD_FIELDS:
        if name not in have:
            db.execute(f"ALTER TABLE records ADD COLUMN {name}")


def record_row(rec: FetchRecord) -> tuple[object, ...]:
    row = list(rec.values())
    if rec.words:
        # The links and their words as the parse packed and compressed them, on its thread
        # (linkwords.page_blob): the event loop writes the bytes as they are.
        row[_LINKS] = LINKS_IN_WORDS
    else:
        # Packed, ~40% of the joined text on a docs site: the links were half of a commit's cost.
        row[_LINKS] = accel.linkpack.pack(rec.links) if rec.links else ""
        row[_WORDS] = ""
    row[_HEADERS] = pack_headers(rec.headers)
    return tuple(row)


# What SQLite may give back for each field, from the field's type: a damaged or hand-edited file
# can hold any value in any column, and a status of 'abc' would fail far from here, in the window
# or the engine. links: packed (bytes), joined by "\n" (format 2), or none.
_PYTHON_TYPES = {"str": str, "int": int, "float": float, "bool": int, "None": type(None)}
_TYPE_WORDS = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bytes: "packed links",
    type(None): "NULL",
}


def _types_of(annotation: str) -> frozenset[type]:
    names = {part.strip() for part in annotation.split("|")}
    if not names <= _PYTHON_TYPES.keys():
        return frozenset({str, int, float, bytes, type(None)})  # a type not checked here
    kinds = {_PYTHON_TYPES[n] for n in names}
    return frozenset(kinds | ({int} if float in kinds else set()))  # 3 for 3.0


_COLUMN_TYPES: tuple[frozenset[type], ...] = tuple(
    frozenset({bytes, str, type(None)})
    if f.name in ("links", "words")
    else frozenset({bytes, str})  # deflated (format 7) or text
    if f.name == "headers"
    else _types_of(str(f.type))
    for f in fields(FetchRecord)
)
_QUEUED_TYPES = tuple(_types_of(str(f.type)) for f in fields(Queued))
_ROW_DEFAULTS = tuple(_DEFAULTS[n] for n in RECORD_FIELDS)
_NONE = type(None)


def _check_row(
    row: tuple[object, ...],
    names: tuple[str, ...],
    types: tuple[frozenset[type], ...],
    defaults: tuple[object, ...] | None = None,
) -> tuple[object, ...]:
    """The row, its values checked against their columns' types; ValueError naming the row (by
    its URL) and the first column holding a value of the wrong type, which load() reports as a
    damaged file. With ``defaults``, NULL in a column that cannot be NULL is read as the field's
    default: the column was added after the row was written (add_missing_columns)."""
    if all(map(frozenset.__contains__, types, map(type, row))):  # at C speed: every row is checked
        return row
    if defaults is not None:
        row = tuple(
            d if v is None and _NONE not in t else v
            for v, t, d in zip(row, types, defaults, strict=True)
        )
        if all(map(frozenset.__contains__, types, map(type, row))):
            return row
    url = row[0]
    which = f"the row of {url}" if isinstance(url, str) else "a row"
    for name, value, ok in zip(names, row, types, strict=True):
        if type(value) not in ok:
            words = " or ".join(
                w for t, w in _TYPE_WORDS.items() if t in ok and not (t is int and float in ok)
            )
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
            raise ValueError(f"{which} has {name} = {shown}, not {words}")
    return row


def _record_from_row(row: tuple[object, ...]) -> FetchRecord:
    """A row read with :func:`record_columns`' columns; its links' words are not kept."""
    row = _check_row(row, RECORD_FIELDS, _COLUMN_TYPES, _ROW_DEFAULTS)
    values = dict(zip(RECORD_FIELDS, row, strict=True))
    links, words = values["links"], values["words"]
    if links == LINKS_IN_WORDS:
        try:
            if not isinstance(words, bytes) or not words:
                raise ValueError("they are missing")
            values["links"] = blob_links(words)
        except ValueError as e:
            raise ValueError(f"the row of {values['url']} has damaged links: {e}") from None
    elif isinstance(links, bytes):
        values["links"] = accel.linkpack.unpack(links)
    else:  # a format-2 row, or none
        values["links"] = tuple(links.split("\n")) if isinstance(links, str) and links else ()
    values["words"] = b""
    headers = values["headers"]
    if isinstance(headers, bytes):
        try:
            values["headers"] = unpack_headers(headers)
        except ValueError as e:
            raise ValueError(f"the row of {values['url']} has {e}") from None
    for name in BYTES_FIELDS:
        if not isinstance(values[name], bytes):
            values[name] = b""
    return FetchRecord(**values)  # type: ignore[arg-type]


def record_columns(have: set[str], links: bool = True, fields: Iterable[str] | None = None) -> str:
    """The records table's columns to read into FetchRecords (:func:`_record_from_row`), in
    RECORD_FIELDS order: a field added since the file was made (not in ``have``) as its default;
    ``links=False``: without the outlinks; ``fields``: only those (and the URL). The words are
    read only for the links that a row keeps in them."""
    wanted = set(RECORD_FIELDS) if fields is None else {"url", *fields}
    if not links:
        wanted.discard("links")
    if "links" not in wanted:
        wanted.discard("words")
    return ", ".join(
        n if n in have and n in wanted else _literal(_DEFAULTS[n]) for n in RECORD_FIELDS
    )


def _queued_from_row(row: tuple[object, ...]) -> Queued:
    _check_row(row, ("url", "redirects_left", "depth", "referrer"), _QUEUED_TYPES)
    return Queued(*row)  # type: ignore[arg-type]


def _read_only_fs(folder: Path) -> bool:
    """Whether making a file in ``folder`` fails because its file system is read-only (EROFS)
    rather than for want of permission. Asked once os.access has said the folder cannot be
    written, so the probe is expected to fail; one that does not leaves nothing behind."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            return False
    except OSError as e:
        return e.errno == errno.EROFS


@dataclass
class SavedCrawl:
    """What a crawl file holds: its options, its records, and the frontier left to fetch."""

    path: Path
    config: CrawlConfig
    state: str
    records: list[FetchRecord]
    pending: Collection[Queued]  # a list, or the file's (PendingInFile) when opened to show
    # The credential options the crawl was started with (their flags: "--auth"), which the file
    # does not keep: a resume is given them again (CrawlConfig.to_dict).
    withheld: tuple[str, ...] = ()

    # The records were left in the file (load(records=False)): ``records`` is empty, and
    # ``seen`` reads the file.
    in_file: bool = False

    @property
    def seen(self) -> Iterable[str]:
        """Every URL the crawl took in (recorded or left to fetch): what a resumed Crawler is
        given to hash. Read from the file as it is iterated when the records were left there
        (each URL once or more, never all at once in memory)."""
        if self.in_file:
            return taken_in(self.path)
        return {r.url for r in self.records} | {q.url for q in self.pending}


@dataclass(frozen=True)
class Earlier:
    """An answer a re-check replaced: what the URL answered before, and when it was replaced
    (local time, ISO 8601)."""

    url: str
    status: int | None
    error_kind: str | None
    exception: str | None
    replaced: str


def load_history(path: Path) -> dict[str, list[Earlier]]:
    """The earlier answers of re-checked URLs, oldest first (none in a file never re-checked)."""
    try:
        db = connect_reading(path)
    except sqlite3.Error as e:
        raise StoreError(
            translate(STORE, "cannot open {path}: {error}").format(path=path, error=e)
        ) from None
    try:
        rows = db.execute(
            "SELECT url, status, error_kind, exception, replaced FROM history ORDER BY seq"
        ).fetchall()
    except sqlite3.OperationalError:  # a file from before re-checks: no such table
        rows = []
    except sqlite3.DatabaseError as e:
        raise StoreError(
            translate(
                STORE, "{path} is not a gui_crawler crawl file or is corrupt: {error}"
            ).format(path=path, error=e)
        ) from None
    finally:
        db.close()
    out: dict[str, list[Earlier]] = {}
    for row in rows:
        out.setdefault(row[0], []).append(Earlier(*row))
    return out


def load_words(
    path: Path, urls: Iterable[str] | None = None
) -> Iterator[tuple[str, tuple[LinkWords, ...]]]:
    """(page URL, its links with their words) of each record of the crawl file that has any
    (of ``urls`` only, if given), in the order recorded, read a batch at a time: for the
    exports, reports and views that show links' words. A file of format 4 or older has none;
    a file being written by a crawl is read as far as it was committed."""
    with _reading(path) as db:
        have = columns_of(db)
        if "words" not in have:
            return
        if urls is None:
            rows: Iterable[tuple[object, object, object]] = db.execute(
                "SELECT url, links, words FROM records WHERE words != '' ORDER BY seq"
            )
        else:
            wanted = list(dict.fromkeys(urls))
            rows = (
                row
                for i in range(0, len(wanted), 500)
                for row in db.execute(
                    "SELECT url, links, words FROM records WHERE words != '' AND url IN "
                    f"({','.join('?' * len(wanted[i : i + 500]))}) ORDER BY seq",
                    wanted[i : i + 500],
                )
            )
        for url, links, packed in rows:
            if isinstance(url, str) and isinstance(packed, bytes):
                read = said_words if links == LINKS_IN_WORDS else said_words_5
                yield url, read(packed, url)


# A queued URL still to fetch: never recorded, or recorded as cut short in flight.
_LEFT = (
    "(NOT EXISTS (SELECT 1 FROM records r WHERE r.url = q.url) "
    f"OR q.url IN (SELECT url FROM records WHERE {CUT_SHORT}))"
)


def frontier_seqs(db: sqlite3.Connection, most: int) -> dict[str, int]:
    """The frontier a crawl file has left to fetch, at most ``most`` URLs of it: each URL's seq
    in the queued table (the row its record deletes), first queued first."""
    rows = db.execute(f"SELECT url, seq FROM queued q WHERE {_LEFT} ORDER BY seq LIMIT ?", (most,))
    return {url: seq for url, seq in rows if isinstance(url, str)}


class PendingInFile(Collection[Queued]):
    """The frontier a crawl file has left to fetch, read from the file as it is iterated (in
    the order queued, a batch at a time) rather than held: a cancelled crawl of a million
    pages leaves most of them queued. ``len()`` is the count when the file was opened."""

    BATCH = 5000

    def __init__(self, path: Path, count: int) -> None:
        self.path = path
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __contains__(self, item: object) -> bool:
        return any(q == item for q in self)

    def __iter__(self) -> Iterator[Queued]:
        last = 0
        with _reading(self.path) as db:
            while True:
                rows = db.execute(
                    "SELECT seq, url, redirects_left, depth, referrer FROM queued q "
                    f"WHERE seq > ? AND {_LEFT} ORDER BY seq LIMIT ?",
                    (last, self.BATCH),
                ).fetchall()
                for row in rows:
                    yield _queued_from_row(row[1:])
                if len(rows) < self.BATCH:
                    return
                last = rows[-1][0]


def frontier_in_file(path: Path) -> PendingInFile:
    """The frontier a crawl file has left to fetch now, counted on its indexes."""
    with _reading(path) as db:
        (left,) = db.execute(f"SELECT count(*) FROM queued q WHERE {_LEFT}").fetchone()
    return PendingInFile(path, int(left))


def taken_in(path: Path, batch: int = 5000) -> Iterator[str]:
    """Every URL a crawl file took in: the queued table's, then the records' (but those cut
    short in flight, which are queued too), read a batch at a time: a URL recorded may be
    queued too (always in a file of format 7 or before), and comes twice. The records' are read
    on their url index, never the rows (most of the file)."""
    with _reading(path) as db:
        for sql in (
            "SELECT url FROM queued",
            f"SELECT url FROM records WHERE url NOT IN (SELECT url FROM records WHERE {CUT_SHORT})",
        ):
            cursor = db.execute(sql)
            while rows := cursor.fetchmany(batch):
                for (url,) in rows:
                    if not isinstance(url, str):
                        raise ValueError(f"a row has url = {url!r}, not text")
                    yield url


# SQLite's typeof() of each Python type a column may hold.
_SQL_TYPES = {str: "text", int: "integer", float: "real", bytes: "blob", type(None): "null"}


def _typed(
    names: tuple[str, ...],
    types: tuple[frozenset[type], ...],
    defaults: tuple[object, ...] | None,
    have: set[str],
) -> str:
    """An SQL condition true for a row whose every column holds a value of its types (what
    _check_row passes); NULL passes where the field's default does (``defaults``). typeof()
    reads a row's header, never its values (the links): SQLite does not load them for it."""
    terms = []
    for i, (name, ok) in enumerate(zip(names, types, strict=True)):
        if name not in have:
            continue
        allowed = set(ok)
        if defaults is not None and type(defaults[i]) in ok:
            allowed.add(type(None))
        if allowed >= set(_SQL_TYPES):
            continue
        words = ", ".join(sorted(f"'{_SQL_TYPES[t]}'" for t in allowed))
        terms.append(f"typeof({name}) IN ({words})")
    return " AND ".join(terms) or "1"


def check_rows(db: sqlite3.Connection, have: set[str]) -> None:
    """Every record and queued URL of a crawl file checked against their columns' types
    without building them, in SQL (a resume reads none of them): ValueError naming the first
    damaged row and column, as reading it would (``have``: the records table's columns)."""
    columns = record_columns(have)
    typed = _typed(RECORD_FIELDS, _COLUMN_TYPES, _ROW_DEFAULTS, have)
    row = db.execute(
        f"SELECT {columns} FROM records WHERE NOT ({typed}) ORDER BY seq LIMIT 1"
    ).fetchone()
    if row is not None:
        _record_from_row(row)  # raises, saying what is wrong with the row
    names = ("url", "redirects_left", "depth", "referrer")
    typed = _typed(names, _QUEUED_TYPES, None, set(names))
    row = db.execute(
        f"SELECT {', '.join(names)} FROM queued WHERE NOT ({typed}) ORDER BY seq LIMIT 1"
    ).fetchone()
    if row is not None:
        _queued_from_row(row)


def count_done(db: sqlite3.Connection) -> int:
    """The records of a crawl file but those cut short in flight, counted on its indexes (in a
    file from before the partial index, SQLite reads every record for the second count)."""
    total = db.execute("SELECT count(*) FROM records").fetchone()[0]
    cut = db.execute(f"SELECT count(*) FROM records WHERE {CUT_SHORT}").fetchone()[0]
    return int(total) - int(cut)


def close_quietly(db: sqlite3.Connection) -> None:
    """Close ``db``, whatever state it is in (a finalizer's: nothing to tell anyone)."""
    with contextlib.suppress(sqlite3.Error):
        db.close()


def connect_reading(path: Path, check_same_thread: bool = True) -> sqlite3.Connection:
    """A connection to read a crawl file, read-write though it only reads when the file can be
    written: a read-only connection that is the file's last to close leaves the -wal and -shm
    files beside it (it cannot fold the WAL in), and a crawl's writer may close before it."""
    mode = "rw" if os.access(path, os.W_OK) else "ro"
    return sqlite3.connect(
        f"file:{path}?mode={mode}", uri=True, check_same_thread=check_same_thread
    )


def _open_read_only(path: Path) -> sqlite3.Connection:
    try:
        return connect_reading(path)
    except sqlite3.Error as e:
        raise StoreError(
            translate(STORE, "cannot open {path}: {error}").format(path=path, error=e)
        ) from None


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to read ``path``, closed after; what goes wrong reading it is a
    StoreError saying whether the file is not a crawl file or a damaged one."""
    db = _open_read_only(path)
    try:
        yield db
    except sqlite3.DatabaseError as e:
        raise StoreError(
            translate(
                STORE, "{path} is not a gui_crawler crawl file or is corrupt: {error}"
            ).format(path=path, error=e)
        ) from None
    except ValueError as e:
        raise StoreError(
            translate(STORE, "{path} is a damaged gui_crawler crawl file: {error}").format(
                path=path, error=e
            )
        ) from None
    finally:
        db.close()


# Which records have links with words (what load_words reads); SQL over the records table.
HAS_WORDS = "(typeof(words) = 'blob' AND words != '')"


def iter_records(
    path: Path,
    order_by: str | None = None,
    *,
    where: str = "",
    params: Iterable[object] = (),
    fields: Iterable[str] | None = None,
    links: bool = True,
    urls: Iterable[str] | None = None,
    batch: int = 500,
) -> Iterator[FetchRecord]:
    """The records of a crawl file, read a batch at a time (``batch`` rows), so that memory
    holds a batch whatever the file's size: in the order recorded, or by ``order_by``
    (``"url"``: the order of the UNIQUE index on url, which is Python's order of the str).
    ``where``: an SQL condition on the records table's columns, with ``params``; ``fields``:
    only these fields read (the others keep their defaults); ``links=False``: without the
    outlinks (not unpacked); ``urls``: only the records of these URLs (in batches, each in the
    order recorded). The links' words stay in the file (load_words). Cancelled records are
    read like any other. A file being written by a crawl is read as far as it was committed."""
    with _reading(path) as db:
        have = columns_of(db)
        columns = record_columns(have, links, fields)
        if "words" not in have:
            where = where.replace(HAS_WORDS, "0")
        order = " ORDER BY url" if order_by == "url" else " ORDER BY seq"
        sql = f"SELECT {columns} FROM records"
        args = tuple(params)
        if urls is None:
            cursors: Iterable[sqlite3.Cursor] = [
                db.execute(sql + (f" WHERE {where}" if where else "") + order, args)
            ]
        else:
            some = list(urls)
            cursors = (
                db.execute(
                    f"{sql} WHERE url IN ({','.join('?' * len(some[i : i + batch]))})"
                    + (f" AND ({where})" if where else "")
                    + order,
                    (*some[i : i + batch], *args),
                )
                for i in range(0, len(some), batch)
            )
        for cursor in cursors:
            while rows := cursor.fetchmany(batch):
                yield from map(_record_from_row, rows)


def count_records(
    path: Path, rules: StatusRules = NO_RULES
) -> list[tuple[Verdict, int | None, str | None, str | None, int, int, int]]:
    """The records of a crawl file counted without reading them one by one: (verdict by the
    crawl's status ``rules``, status, error_kind, content_type, external, how many, their
    sizes' sum) for each set of records alike in the first five. The verdict is its SQL twin's
    (StatusRules.sql): only the broken rows of a crawl with ``--warn`` call Python."""
    with _reading(path) as db:
        for name, (n, fn) in VERDICT_SQL_FUNCTIONS.items():
            db.create_function(name, n, fn, deterministic=True)
        have = columns_of(db)
        external = "COALESCE(external, 0)" if "external" in have else "0"
        rows = db.execute(
            f"SELECT {rules.sql()}, status, error_kind, content_type, {external}, COUNT(*), "
            "COALESCE(SUM(size), 0) FROM records GROUP BY 1, 2, 3, 4, 5"
        )
        names = ("verdict", "status", "error_kind", "content_type", "external", "count", "size")
        checked = (_check_row(row, names, _COUNT_TYPES) for row in rows)
        return [(Verdict(str(row[0])), *row[1:]) for row in checked]  # type: ignore[misc]


_COUNT_TYPES: tuple[frozenset[type], ...] = (
    frozenset({str}),
    frozenset({int, type(None)}),
    frozenset({str, type(None)}),
    frozenset({str, type(None)}),
    frozenset({int}),
    frozenset({int}),
    frozenset({int}),
)


def load(path: Path, records: bool = True, *, check: bool = False) -> SavedCrawl:
    """Read a crawl file; a missing, corrupt or foreign file raises StoreError saying which.
    ``records=False``: its options only, the records and the frontier left in the file (a
    window reads them back as it shows them, a resume streams the URLs taken in and the
    frontier into the Crawler; ``pending`` is a PendingInFile, ``seen`` reads the file).
    ``check``: every row's values checked against their columns' types first, in SQL, as
    reading the records would (a resume: a damaged file is refused before it is written)."""
    want_records = records
    if path.is_dir():
        raise StoreError(
            translate(
                STORE, "{path} is a folder, not a crawl file (crawl files end in .sqlite3)"
            ).format(path=path)
        )
    if not path.is_file():
        raise StoreError(translate(STORE, "{path} does not exist").format(path=path))
    if not os.access(path.parent, os.W_OK):
        # SQLite must create the -shm (and -wal) file beside a WAL database even to read it.
        why = (
            translate(STORE, "is read-only")
            if _read_only_fs(path.parent)
            else translate(STORE, "cannot be written by you")
        )
        raise StoreError(
            translate(
                STORE, "cannot open {path}: its folder {why} (SQLite needs to write beside it)"
            ).format(path=path, why=why)
        )
    had_wal = Path(f"{path}-wal").exists()  # opening creates an empty one
    try:
        held: lockfile.Held | None = lock(path, exclusive=True)
    except (OSError, StoreError):  # a crawl is writing it (or it cannot be read: said below)
        held = None
    # With no crawl writing it, a read-write connection is the file's last: closing it folds the
    # WAL (a killed crawl's latest writes) into the file and removes the -wal and -shm files,
    # which a read-only one must leave beside it.
    mode = "rw" if held is not None and os.access(path, os.W_OK) else "ro"
    try:
        db = sqlite3.connect(f"file:{path}?mode={mode}", uri=True)
    except sqlite3.Error as e:
        if held is not None:
            held.release()
        raise StoreError(
            translate(STORE, "cannot open {path}: {error}").format(path=path, error=e)
        ) from None
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables and not had_wal:
            raise StoreError(
                translate(
                    STORE,
                    "{path} holds no crawl data; if it was copied, copy {name}-wal with it (a running or killed crawl keeps its latest writes there)",
                ).format(path=path, name=path.name)
            )
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") not in READS:
            raise StoreError(
                translate(STORE, "{path} is not a gui_crawler crawl file (format {format})").format(
                    path=path, format=repr(meta.get("format"))
                )
            )
        options = json.loads(meta["config"])
        config = CrawlConfig.from_dict(options).validated()
        flags = options.get(WITHHELD)
        withheld = tuple(f for f in flags if isinstance(f, str)) if isinstance(flags, list) else ()
        # A file from before a field was added lacks its column: the field keeps its default.
        have = columns_of(db)
        pending: Collection[Queued]
        if check:
            check_rows(db, have)
        if want_records:
            # The links' words stay in the file until asked for (load_words): no memory per link.
            columns = record_columns(have)
            got = [
                _record_from_row(row)
                for row in db.execute(f"SELECT {columns} FROM records ORDER BY seq")
            ]
            done = {r.url for r in got if r.error_kind != ErrorKind.CANCELLED}
            got = [r for r in got if r.url in done]
            pending = [
                _queued_from_row(row)
                for row in db.execute(
                    "SELECT url, redirects_left, depth, referrer FROM queued ORDER BY seq"
                )
                if row[0] not in done
            ]
            recorded = len(got)
        else:  # the same frontier, left in the file and counted on SQLite's indexes
            got = []
            (left,) = db.execute(f"SELECT count(*) FROM queued q WHERE {_LEFT}").fetchone()
            pending = PendingInFile(path, int(left))
            recorded = count_done(db)
    except sqlite3.DatabaseError as e:
        raise StoreError(
            translate(
                STORE, "{path} is not a gui_crawler crawl file or is corrupt: {error}"
            ).format(path=path, error=e)
        ) from None
    except (KeyError, ValueError, TypeError, ConfigError) as e:
        raise StoreError(
            translate(STORE, "{path} is a damaged gui_crawler crawl file: {error}").format(
                path=path, error=e
            )
        ) from None
    finally:
        db.close()
        if held is not None:
            held.release()
    state = meta.get("state", "unknown")
    if state == "running" and not recorded and not pending:
        # Killed before its first write (files from before the roots were saved at creation):
        # "nothing left to do" would be a lie, so it starts over from the roots.
        pending = [Queued(r, config.max_redirect, 0, None) for r in config.roots]
    return SavedCrawl(path, config, state, got, pending, withheld, in_file=not want_records)
