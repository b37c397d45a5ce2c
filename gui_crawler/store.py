"""Crash-safe crawl files: records and frontier go to SQLite as the crawl runs, so a crawl that
was cancelled, crashed or was killed can be reopened and resumed.

Writes are batched and committed by a writer thread (WAL, one transaction per batch), never on
the event loop's hot path. A URL taken in (``Queued``) is always committed no later than its
record, so after a crash "queued and not recorded" is exactly the frontier.
"""

from __future__ import annotations

import datetime as _dt
import json
import operator
import re
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from pathlib import Path

from .config import ConfigError, CrawlConfig
from .events import ErrorKind, Event, FetchRecord, Queued
from .urls import host_of

FORMAT = "gui_crawler-crawl-2"
_RECORD_FIELDS = [f.name for f in fields(FetchRecord)]
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS queued (
    seq INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE,
    redirects_left INTEGER NOT NULL, depth INTEGER NOT NULL, referrer TEXT);
CREATE TABLE IF NOT EXISTS records (
    seq INTEGER PRIMARY KEY, {", ".join(n + (" TEXT NOT NULL UNIQUE" if n == "url" else "") for n in _RECORD_FIELDS)});
"""


class StoreError(Exception):
    """The crawl file cannot be used; the message is for a person (names the file)."""


def default_path(root: str, data_dir: Path | None = None) -> Path:
    """A new per-crawl file under the user's data directory: crawls/<host>-<timestamp>.sqlite3."""
    if data_dir is None:
        import platformdirs

        data_dir = Path(platformdirs.user_data_dir("gui_crawler", appauthor=False))
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    host = re.sub(r"[^A-Za-z0-9.-]+", "_", host_of(root))
    return data_dir / "crawls" / f"{host}-{stamp}.sqlite3"


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a process kill; fast commits
    return db


def _describe(path: Path, e: Exception) -> str:
    text = str(e)
    if isinstance(e, sqlite3.OperationalError) and "full" in text:
        return f"the disk holding {path} is full"
    if isinstance(e, OSError) and e.strerror:
        text = e.strerror
    return f"cannot write the crawl file {path}: {text}"


class CrawlStore:
    """A crawl file being written. Use ``sink`` as (part of) the crawler's sink.

    ``on_error(message)`` is called (from the writer thread) when writing fails — a full disk, an
    unwritable path; the owner should cancel the crawl. Records already committed stay.
    """

    def __init__(self, path: Path, *, flush_interval: float = 0.2) -> None:
        self.path = path
        self.flush_interval = flush_interval
        self.error: str | None = None
        self.on_error: Callable[[str], None] = lambda message: None
        self._buf: list[Queued | FetchRecord] = []
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = False
        self._db: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None

    # ---- opening ------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, config: CrawlConfig, **kw: float) -> CrawlStore:
        """Start a new crawl file (fails if it exists)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                raise StoreError(f"{path} already exists; resume it or choose another file")
            store = cls(path, **kw)
            db = store._db = _connect(path)
            db.executescript(_SCHEMA)
            db.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [
                    ("format", FORMAT),
                    ("config", json.dumps(config.to_dict())),
                    ("state", "running"),
                ],
            )
        except (sqlite3.Error, OSError) as e:
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store

    @classmethod
    def open(cls, path: Path, **kw: float) -> tuple[CrawlStore, SavedCrawl]:
        """Reopen a crawl file to continue writing it; returns the store and what it holds."""
        saved = load(path)
        store = cls(path, **kw)
        try:
            store._db = _connect(path)
            _add_missing_columns(store._db)
            # A URL recorded as cancelled was never really fetched: it goes back to the frontier.
            store._db.execute(
                "DELETE FROM records WHERE error_kind = ?", (ErrorKind.CANCELLED.value,)
            )
            store._db.execute("UPDATE meta SET value='running' WHERE key='state'")
        except sqlite3.Error as e:
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store, saved

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._writer, name="crawl-store", daemon=True)
        self._thread.start()

    # ---- writing ------------------------------------------------------------------------------

    def sink(self, event: Event) -> None:
        if isinstance(event, Queued | FetchRecord):
            with self._lock:
                self._buf.append(event)

    def _writer(self) -> None:
        while True:
            self._wake.wait(self.flush_interval)
            self._wake.clear()
            closing = self._closing
            with self._lock:
                batch, self._buf = self._buf, []
            if batch and self.error is None:
                self._write(batch)
            if closing:
                return

    def _write(self, batch: list[Queued | FetchRecord]) -> None:
        assert self._db is not None
        queued = [
            (e.url, e.redirects_left, e.depth, e.referrer) for e in batch if isinstance(e, Queued)
        ]
        records = [_record_row(e) for e in batch if isinstance(e, FetchRecord)]
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany(
                    "INSERT OR IGNORE INTO queued (url, redirects_left, depth, referrer) VALUES (?,?,?,?)",
                    queued,
                )
                self._db.executemany(
                    f"INSERT OR REPLACE INTO records ({', '.join(_RECORD_FIELDS)}) "
                    f"VALUES ({', '.join('?' * len(_RECORD_FIELDS))})",
                    records,
                )
        except (sqlite3.Error, OSError) as e:
            self.error = _describe(self.path, e)
            self.on_error(self.error)

    def close(self, state: str = "finished") -> None:
        """Write what is buffered, mark the crawl's state, close the file."""
        if self._thread is not None:
            self._closing = True
            self._wake.set()
            self._thread.join()
            self._thread = None
        if self._db is not None:
            try:
                if self.error is None:
                    self._db.execute("UPDATE meta SET value=? WHERE key='state'", (state,))
                self._db.close()
            except sqlite3.Error as e:
                self.error = self.error or _describe(self.path, e)
            self._db = None


_LINKS = _RECORD_FIELDS.index("links")
_DEFAULTS = {f.name: f.default if f.default is not MISSING else None for f in fields(FetchRecord)}
_DEFAULTS = {
    k: int(v) if isinstance(v, bool) else ("" if v == () else v) for k, v in _DEFAULTS.items()
}


def _literal(value: object) -> str:
    return "NULL" if value is None else repr(value)


def _add_missing_columns(db: sqlite3.Connection) -> None:
    """Columns of fields added since the file was made, so that resuming can write them."""
    have = {row[1] for row in db.execute("PRAGMA table_info(records)")}
    for name in _RECORD_FIELDS:
        if name not in have:
            db.execute(f"ALTER TABLE records ADD COLUMN {name}")


_fields_of = operator.attrgetter(*_RECORD_FIELDS)  # astuple() deep-copies: ten times slower


def _record_row(rec: FetchRecord) -> tuple[object, ...]:
    row = list(_fields_of(rec))
    row[_LINKS] = "\n".join(rec.links)
    return tuple(row)


def _record_from_row(row: tuple[object, ...]) -> FetchRecord:
    values = dict(zip(_RECORD_FIELDS, row, strict=True))
    links = values["links"]
    values["links"] = tuple(links.split("\n")) if isinstance(links, str) and links else ()
    return FetchRecord(**values)  # type: ignore[arg-type]


@dataclass
class SavedCrawl:
    """What a crawl file holds: its options, its records, and the frontier left to fetch."""

    path: Path
    config: CrawlConfig
    state: str
    records: list[FetchRecord]
    pending: list[Queued]

    @property
    def seen(self) -> set[str]:
        return {r.url for r in self.records} | {q.url for q in self.pending}


def load(path: Path) -> SavedCrawl:
    """Read a crawl file; a missing, corrupt or foreign file raises StoreError saying which."""
    if not path.is_file():
        raise StoreError(f"{path} does not exist")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise StoreError(f"cannot open {path}: {e}") from None
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise StoreError(
                f"{path} is not a gui_crawler crawl file (format {meta.get('format')!r})"
            )
        config = CrawlConfig.from_dict(json.loads(meta["config"])).validated()
        # A file from before a field was added lacks its column: the field keeps its default.
        have = {row[1] for row in db.execute("PRAGMA table_info(records)")}
        columns = ", ".join(n if n in have else _literal(_DEFAULTS[n]) for n in _RECORD_FIELDS)
        records = [
            _record_from_row(row)
            for row in db.execute(f"SELECT {columns} FROM records ORDER BY seq")
        ]
        done = {r.url for r in records if r.error_kind != ErrorKind.CANCELLED}
        records = [r for r in records if r.url in done]
        pending = [
            Queued(*row)
            for row in db.execute(
                "SELECT url, redirects_left, depth, referrer FROM queued ORDER BY seq"
            )
            if row[0] not in done
        ]
    except sqlite3.DatabaseError as e:
        raise StoreError(f"{path} is not a gui_crawler crawl file or is corrupt: {e}") from None
    except (KeyError, ValueError, TypeError, ConfigError) as e:
        raise StoreError(f"{path} is a damaged gui_crawler crawl file: {e}") from None
    finally:
        db.close()
    return SavedCrawl(path, config, meta.get("state", "unknown"), records, pending)
