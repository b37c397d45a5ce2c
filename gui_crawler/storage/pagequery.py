"""The pages table's reads of a crawl file: which records, in which order, and the records of the
rows on screen. No Qt here (gui_crawler.models and ui.pages_proxy show them).

The table keeps no records: an order is an ``array('q')`` of the ``records`` table's seqs, made
by one SQL query (``order``): ``ORDER BY`` the column's SQL key (PageColumn.sql_key, which orders
as PageColumn.key does) then seq, ``WHERE`` a ``Filter`` (the same rows the window's text, status,
record and finding filters let through). ``fetch`` reads the records of some seqs. A ``Source``
is the table's connection: read-only to a crawl file being written (WAL lets it read while the
writer commits), or an SQLite database in memory holding the records it is given. ``Querier``
runs queries on a thread of its own with its own connection (Python's sqlite3 lets go of the
GIL inside SQLite): a query over a million rows never holds the event loop.
"""

from __future__ import annotations

import contextlib
import functools
import queue
import sqlite3
import sys
import threading
import weakref
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gui_crawler.events import RECORD_FIELDS, ErrorKind, FetchRecord
from gui_crawler.records.page_columns import SQL_FUNCTIONS, PageColumn
from gui_crawler.records.verdicts import status_class_sql
from gui_crawler.storage.fileformat import (
    _DEFAULTS,
    INSERT_RECORD,
    SCHEMA,
    _literal,
    _record_from_row,
    close_quietly,
    columns_of,
    record_columns,
    record_row,
)

_CANCELLED = f"error_kind IS NOT '{ErrorKind.CANCELLED.value}'"
# Text holding a character past ASCII: SQLite's lower() folds ASCII letters only, so such text is
# lowered by Python's str.lower() (py_contains) as the window's filter always did.
_WIDE = "*[^\x01-\x7f]*"
_SIGMAS = {"\N{GREEK SMALL LETTER SIGMA}", "\N{GREEK SMALL LETTER FINAL SIGMA}"}
# The fields an ``only`` test of a Filter may read (the others are their defaults when it runs).
ONLY_FIELDS = ("status", "error_kind", "external")
CHUNK = 500  # seqs a statement asks for (SQLite allows 32,766 parameters; a short list is quick)


def _contains(text: object, needle: str) -> bool:
    return needle in ("" if text is None else str(text)).lower()


@functools.cache
def _lowered_from() -> dict[str, tuple[str, ...]]:
    """The characters past ASCII that str.lower() turns into text holding each character."""
    out: dict[str, list[str]] = {}
    # Every cased character is below U+20000 (tests/storage/test_pagequery.py checks it).
    for c in map(chr, range(0x80, 0x20000)):
        low = c.lower()
        if low != c:
            for ch in set(low):
                out.setdefault(ch, []).append(c)
    return {k: tuple(v) for k, v in out.items()}


def _contains_sql(text: str, needle: str) -> tuple[str, list[object]]:
    """SQL saying whether the SQL text ``text``, lowered by Python's str.lower(), holds
    ``needle`` (lower case), and its parameters. SQLite's LIKE folds ASCII letters alone (as
    its lower() does): the characters past ASCII that Python lowers into a character of the
    needle (the Kelvin sign into k, Ü into ü) are lowered first by replace(); the others cannot
    be part of a match either way. A sigma lowers by its place in a word: then Python lowers
    the text past ASCII."""
    like = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    if _SIGMAS & set(needle):
        sql = f"(CASE WHEN {text} GLOB ? THEN py_contains({text}, ?) ELSE {text} LIKE ? ESCAPE '\\' END)"
        return sql, [_WIDE, needle, like]
    sources = sorted({p for ch in set(needle) for p in _lowered_from().get(ch, ())})
    params: list[object] = []
    for p in sources:
        text = f"replace({text}, ?, ?)"
        params.extend((p, p.lower()))
    return f"{text} LIKE ? ESCAPE '\\'", [*params, like]


class Connection(sqlite3.Connection):
    """A connection that remembers which URL set its temporary table holds."""

    shown_urls: frozenset[str] | None = None


def register(db: sqlite3.Connection) -> None:
    """The SQL functions the keys and filters call, on one connection."""
    for name, (n, fn) in SQL_FUNCTIONS.items():
        db.create_function(name, n, fn, deterministic=True)
    db.create_function("py_contains", 2, _contains, deterministic=True)


def connect(path: Path | None) -> sqlite3.Connection:
    """A read-only connection to a crawl file; ``None``: a new database in memory holding an
    empty ``records`` table."""
    if path is None:
        db = sqlite3.connect(
            "file::memory:",
            uri=True,
            check_same_thread=False,
            isolation_level=None,
            factory=Connection,
        )
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
    else:
        db = sqlite3.connect(
            f"file:{path}?mode=ro", uri=True, check_same_thread=False, factory=Connection
        )
    db.execute("PRAGMA threads=2")  # ORDER BY sorts a million rows on two cores
    register(db)
    return db


def select_list(db: sqlite3.Connection) -> str:
    """The records table's columns in RECORD_FIELDS order (fileformat.record_columns)."""
    return record_columns(columns_of(db))


@dataclass(frozen=True)
class Filter:
    """Which rows are shown: ``text`` (lower case, "" none) in a searched column's text, a status
    class (verdicts.StatusClass) among ``classes`` (None: any), ``only`` true of the record (it
    may read ONLY_FIELDS alone), the URL among ``urls`` (None: any); ``cancelled``: URLs cut
    short in flight too."""

    text: str = ""
    classes: frozenset[int] | None = None
    only: Callable[[FetchRecord], bool] | None = None
    urls: frozenset[str] | None = None
    cancelled: bool = True


@dataclass(frozen=True)
class Query:
    """An order to make: the rows ``where`` lets through, by ``key`` (an SQL expression; "" the
    order recorded, by seq), descending if ``desc``, ties by seq; only seqs up to ``upto``."""

    where: Filter
    searched: tuple[PageColumn, ...]
    key: str = ""
    desc: bool = False
    upto: int | None = None


def _where(
    db: sqlite3.Connection, f: Filter, searched: Sequence[PageColumn], within: str = ""
) -> tuple[str, list[object]]:
    """The WHERE clause of ``f`` and its parameters (a URL set goes to a temporary table);
    ``within``: an SQL condition the rows asked about meet (the ``only`` test is made on the
    distinct values of theirs alone)."""
    parts: list[str] = []
    params: list[object] = []
    if not f.cancelled:
        parts.append(_CANCELLED)
    if f.classes is not None:
        parts.append(
            f"({status_class_sql()}) IN ({','.join(str(int(c)) for c in f.classes) or 'NULL'})"
        )
    if f.only is not None:
        test = f.only
        kept = [
            row
            for row in db.execute(
                f"SELECT DISTINCT {', '.join(ONLY_FIELDS)} FROM records"
                + (f" WHERE {within}" if within else "")
            )
            if test(FetchRecord("", **dict(zip(ONLY_FIELDS, row, strict=True))))
        ]
        ors = []
        for row in kept:
            ors.append("(" + " AND ".join(f"{n} IS ?" for n in ONLY_FIELDS) + ")")
            params.extend(row)
        parts.append("(" + (" OR ".join(ors) or "0") + ")")
    if f.urls is not None:
        if getattr(db, "shown_urls", None) is not f.urls:  # loaded once per set, not per batch
            db.execute("CREATE TEMP TABLE IF NOT EXISTS shown_urls (url TEXT PRIMARY KEY)")
            db.execute("DELETE FROM temp.shown_urls")
            db.executemany(
                "INSERT OR IGNORE INTO temp.shown_urls VALUES (?)", ((u,) for u in f.urls)
            )
            if isinstance(db, Connection):
                db.shown_urls = f.urls
        parts.append("url IN temp.shown_urls")
    if f.text:
        ors = []
        for c in searched:  # a searched column's sort key is its text
            sql, args = _contains_sql(c.sql_key, f.text)
            ors.append(sql)
            params.extend(args)
        parts.append("(" + " OR ".join(ors) + ")")
    return (" AND ".join(parts) or "1"), params


def order(db: sqlite3.Connection, q: Query) -> array[int]:
    """The seqs of the rows ``q`` lets through, in its order."""
    where, params = _where(db, q.where, q.searched)
    if q.upto is not None:
        where += " AND seq <= ?"
        params.append(q.upto)
    by = f"{q.key} {'DESC' if q.desc else 'ASC'}, seq" if q.key else "seq"
    # One string of 16 hex digits a seq, made by SQLite: a Python tuple a row took a third of
    # the time of a sort of a million rows. (An aggregate over a subquery keeps its order.)
    row = db.execute(
        "SELECT group_concat(printf('%016x', seq), '') FROM "
        f"(SELECT seq FROM records WHERE {where} ORDER BY {by})",
        params,
    ).fetchone()
    out: array[int] = array("q", bytes.fromhex(row[0] or ""))
    if sys.byteorder == "little":
        out.byteswap()
    return out


def passing(
    db: sqlite3.Connection, f: Filter, searched: Sequence[PageColumn], seqs: Sequence[int]
) -> set[int]:
    """Which of ``seqs`` ``f`` lets through."""
    out: set[int] = set()
    for i in range(0, len(seqs), CHUNK):
        part = list(seqs[i : i + CHUNK])
        where, params = _where(db, f, searched, f"seq IN ({','.join(map(str, part))})")
        out.update(
            r[0]
            for r in db.execute(
                f"SELECT seq FROM records WHERE seq IN ({','.join('?' * len(part))}) AND {where}",
                [*part, *params],
            )
        )
    return out


class Source:
    """The pages table's connection: a crawl file (read-only) or its own database in memory
    (``path`` None), which ``insert`` fills. ``hide_cancelled``: an opened crawl file's URLs cut
    short in flight are left to fetch, not rows."""

    def __init__(self, path: Path | None = None, hide_cancelled: bool = False) -> None:
        self.path = path
        self.hide_cancelled = hide_cancelled
        self.db = connect(path)
        self._select = select_list(self.db)
        # Closed when the source goes, if not before: a connection left to the garbage
        # collector open is a ResourceWarning from Python 3.13 on.
        self._closing = weakref.finalize(self, close_quietly, self.db)

    def close(self) -> None:
        self._closing()

    def in_memory(self) -> Source:
        """A database in memory holding this one's rows, seqs and all (a crawl file that stopped
        taking records: the rows given from now on are kept there)."""
        copy = Source(None, self.hide_cancelled)
        if self.path is None:
            self.db.backup(copy.db)
            return copy
        copy.db.execute("ATTACH DATABASE ? AS file", (f"file:{self.path}?mode=ro",))
        try:
            copy.db.execute(
                f"INSERT INTO main.records (seq, {', '.join(RECORD_FIELDS)}) "
                f"SELECT seq, {self._select} FROM file.records"
            )
        finally:
            copy.db.execute("DETACH DATABASE file")
        return copy

    def refresh_columns(self) -> None:
        self._select = select_list(self.db)

    def insert(self, records: Iterable[FetchRecord]) -> None:
        """Write records into the database in memory (a URL recorded again gets a new seq)."""
        assert self.path is None
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(INSERT_RECORD, map(record_row, records))

    def since(self, seq: int) -> list[tuple[int, str]]:
        """(seq, URL) of the rows recorded after ``seq``, in order."""
        where = "" if not self.hide_cancelled else f" AND {_CANCELLED}"
        rows = self.db.execute(
            f"SELECT seq, url FROM records WHERE seq > ?{where} ORDER BY seq", (seq,)
        ).fetchall()
        return rows

    def seqs_of(self, urls: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(urls))
        out: dict[str, int] = {}
        for i in range(0, len(wanted), CHUNK):
            part = wanted[i : i + CHUNK]
            out.update(
                self.db.execute(
                    f"SELECT url, seq FROM records WHERE url IN ({','.join('?' * len(part))})",
                    part,
                ).fetchall()
            )
        return out

    def fetch(self, seqs: Sequence[int]) -> dict[int, FetchRecord]:
        """The records of ``seqs`` (a seq no longer in the file is missing)."""
        out: dict[int, FetchRecord] = {}
        for i in range(0, len(seqs), CHUNK):
            part = list(seqs[i : i + CHUNK])
            for row in self.db.execute(
                f"SELECT seq, {self._select} FROM records WHERE seq IN ({','.join('?' * len(part))})",
                part,
            ):
                out[row[0]] = _record_from_row(row[1:])
        return out

    def records(self, seqs: Sequence[int]) -> Iterator[FetchRecord]:
        """The records of ``seqs``, in that order, read a block at a time."""
        for i in range(0, len(seqs), CHUNK):
            part = seqs[i : i + CHUNK]
            got = self.fetch(part)
            yield from (got[s] for s in part if s in got)

    def ends(self) -> tuple[int, int]:
        """The lowest and highest seq (the ends of the rowid tree: no scan)."""
        lo, hi = self.db.execute("SELECT min(seq), max(seq) FROM records").fetchone()
        return (lo or 0), (hi or 0)

    def span(self) -> tuple[int, int, int]:
        """The lowest and highest seq and the number of rows (counted on the URL index, a
        fraction of the table's pages)."""
        lo, hi, n = self.db.execute("SELECT min(seq), max(seq), count(*) FROM records").fetchone()
        return (lo or 0), (hi or 0), n

    def count(self) -> int:
        where = "" if not self.hide_cancelled else f" WHERE {_CANCELLED}"
        row = self.db.execute(f"SELECT count(*) FROM records{where}").fetchone()
        return int(row[0])


# The fields a query reads: every one but the big ones (the links, their words, the headers,
# the exception's text, the audit's checks). A crawl file's row is ~5 KB on a docs site, most of it in overflow
# pages, and its table a page a row: a query thread keeps these in a table of its own.
NARROW_FIELDS = tuple(
    f
    for f in RECORD_FIELDS
    if f not in ("links", "words", "headers", "exception", "checks", "ids", "minhash")
)


class Querier:
    """Runs queries on a thread with its own connection: to a private temporary database (on
    disk, removed when closed) holding the NARROW_FIELDS of the crawl file ``path``'s records,
    brought up to date before each query (the rows recorded since, a re-check's replacing
    theirs by URL). A query submitted on a ``channel`` supersedes the one before on it (it is
    interrupted if running); ``done(token, order)`` is called on the thread with each latest
    result (``None`` when the query failed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._jobs: queue.SimpleQueue[
            tuple[str, int, Query | None, Callable[[int, array[int] | None], None] | None] | None
        ] = queue.SimpleQueue()
        self._jobs.put(("", 0, None, None))  # the copy made at once, before the first query
        self._latest: dict[str, int] = {}
        self._db: sqlite3.Connection | None = None
        self._busy = ""  # the channel of the query running ("" none: an interrupt then would
        # stop the next one)
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="pages-query", daemon=True)
        self._thread.start()

    def submit(
        self,
        channel: str,
        token: int,
        q: Query,
        done: Callable[[int, array[int] | None], None],
    ) -> None:
        self._latest[channel] = token
        db = self._db
        if db is not None and self._busy == channel:
            db.interrupt()  # the running query is superseded
        self._jobs.put((channel, token, q, done))

    def warm(self) -> None:
        """Bring the copy up to date now (a crawl adding rows), so that the next query waits
        for a few rows at most."""
        self._jobs.put(("", 0, None, None))

    def close(self) -> None:
        """Stop the thread; returns once its connection is closed (a query running is
        interrupted: at most a moment)."""
        self._closed = True
        db = self._db
        if db is not None and self._busy:
            db.interrupt()
        self._jobs.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            "", uri=True, check_same_thread=False, isolation_level=None, factory=Connection
        )
        db.execute("PRAGMA journal_mode=OFF")  # a cache: made again if lost
        db.execute("PRAGMA synchronous=OFF")
        db.execute("PRAGMA threads=2")
        register(db)
        db.execute("ATTACH DATABASE ? AS crawl", (f"file:{self.path}?mode=ro",))
        db.execute(
            f"CREATE TABLE records (seq INTEGER PRIMARY KEY, "
            f"{', '.join(n + (' UNIQUE' if n == 'url' else '') for n in NARROW_FIELDS)})"
        )
        return db

    def _catch_up(self, db: sqlite3.Connection) -> None:
        """Copy the rows recorded since the last copy (a URL's row replaces its old one)."""
        have = columns_of(db, "crawl")
        fields = ", ".join(n if n in have else _literal(_DEFAULTS[n]) for n in NARROW_FIELDS)
        (last,) = db.execute("SELECT coalesce(max(seq), 0) FROM main.records").fetchone()
        db.execute(
            f"INSERT OR REPLACE INTO main.records (seq, {', '.join(NARROW_FIELDS)}) "
            f"SELECT seq, {fields} FROM crawl.records WHERE seq > ?",
            (last,),
        )

    def _run(self) -> None:
        try:
            self._db = self._connect()
        except sqlite3.Error:
            self._db = None
        while (job := self._jobs.get()) is not None:
            channel, token, q, done = job
            if q is None or done is None:  # a copy only
                if self._db is not None and not self._closed:
                    self._busy = "copy"
                    with contextlib.suppress(sqlite3.Error):
                        self._catch_up(self._db)
                    self._busy = ""
                continue
            result: array[int] | None = None
            # An interrupt meant for the query before can land on this one: once more then.
            for _ in range(2):
                if token != self._latest.get(channel) or self._db is None or self._closed:
                    break
                self._busy = channel
                try:
                    self._catch_up(self._db)
                    result = order(self._db, q)
                    break
                except (sqlite3.Error, ValueError):
                    result = None
                finally:
                    self._busy = ""
            if token == self._latest.get(channel) and not self._closed:
                done(token, result)
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
