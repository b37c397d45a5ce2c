"""Crash-safe crawl files: records and frontier go to SQLite as the crawl runs, so a crawl that
was cancelled, crashed or was killed can be reopened and resumed.

Records are committed on the event loop: one transaction (WAL, synchronous=NORMAL: a write()
with no fsync, which a killed process cannot lose) per loop iteration that produced records.
``durable()`` lets a worker wait for its last record to be committed before it takes another
URL, so a kill -9 loses at most the in-flight fetches, one per worker. Handing each commit to a
thread and back measured no cheaper (it waits on the GIL) — bench/store.py prints the cost.
``group_commit=False`` keeps the former writer thread committing every ``flush_interval`` (what
a kill loses then grows with the crawl rate). Checkpoints, which fsync, run on a thread of their
own (``_Checkpointer``), never on the loop. A URL taken in (``Queued``) is always committed no
later than its record, so after a crash "queued and not recorded" is exactly the frontier; the
roots are committed when the file is created.

One crawl at a time writes a file: the writer holds an exclusive lock on ``<file>-lock`` beside it
(``lockfile``), which it removes as it closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as _dt
import errno
import json
import logging
import os
import re
import sqlite3
import tempfile
import threading
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Any

from . import accel, lockfile
from .config import ConfigError, CrawlConfig
from .events import RECORD_FIELDS, ErrorKind, Event, FetchRecord, Queued
from .urls import host_of

log = logging.getLogger(__name__)

# 3: a record's links packed (_linkpack); 2 (still read, and made 3 by a resume): joined by "\n".
FORMAT = "gui_crawler-crawl-3"
READS = {"gui_crawler-crawl-2", FORMAT}
# Seconds between two checkpoints (the WAL copied into the crawl file) while a crawl writes, and
# the WAL's size (in 1 KB pages) past which commits wait for one so that the WAL starts over.
CHECKPOINT_INTERVAL = 1.0
RESTART_PAGES = 4096
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS queued (
    seq INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE,
    redirects_left INTEGER NOT NULL, depth INTEGER NOT NULL, referrer TEXT);
CREATE TABLE IF NOT EXISTS records (
    seq INTEGER PRIMARY KEY, {", ".join(n + (" TEXT NOT NULL UNIQUE" if n == "url" else "") for n in RECORD_FIELDS)});
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
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a kill; fast commits
        # Checkpoints are the _Checkpointer's; should it not start, SQLite's own, but not the
        # default one every 1000 WAL pages: each commit holds a few pages, so that would come
        # every few hundred records and stall the workers waiting on durable().
        db.execute("PRAGMA wal_autocheckpoint=16384")
    except BaseException:
        db.close()  # left open, it would keep the file open (Windows could not remove it)
        raise
    return db


class _Checkpointer:
    """Copies the WAL into the crawl file from a thread of its own: a passive checkpoint (it
    never waits for the writer) every CHECKPOINT_INTERVAL, and a last one when the store closes,
    after which its connection, the file's last, removes the WAL. A checkpoint fsyncs: run by
    SQLite on the writing connection — on the event loop — the one every 16 MB of WAL and the
    one on close each held the window 30-40 ms on a 2,000-page crawl, while a commit in WAL mode
    with synchronous=NORMAL only write()s.

    The WAL starts over at a commit that finds all of it copied, which never happens while
    commits come faster than checkpoints end (a crawl commits every loop iteration): past
    RESTART_PAGES, ``pausing`` asks the writer to hold its commits for one more checkpoint, and
    ``resume()`` is called after it. Holding them never blocks the loop; workers waiting on
    durable() wait that long."""

    def __init__(self, path: Path, resume: Callable[[], None]) -> None:
        self.pausing = False
        self._resume = resume
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        try:
            # A read opens the WAL and holds it open: the writer's connection, closing first,
            # then leaves the last checkpoint to this one.
            self._db.execute("SELECT count(*) FROM meta").fetchone()
        except sqlite3.Error:
            self._db.close()
            raise
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="crawl-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        failing = False
        try:
            while not self._stop.wait(CHECKPOINT_INTERVAL):
                try:
                    self._checkpoint()
                except sqlite3.Error as e:
                    # Tried again at the next interval: a full disk may have room by then, and
                    # a checkpointer that gave up would let the WAL grow with the crawl. The WAL
                    # keeps every commit meanwhile; a failing disk is the writer's to report.
                    if not failing:
                        log.warning("checkpointing the crawl file failed: %s", e)
                    failing = True
                else:
                    failing = False
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as e:
            log.warning("the last checkpoint of the crawl file failed: %s", e)
        finally:
            self._db.close()

    def _checkpoint(self) -> None:
        _busy, pages, _ = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if pages > RESTART_PAGES:
            self.pausing = True
            try:
                self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            finally:
                self.pausing = False
                self._resume()

    def stop(self, wait: bool) -> None:
        """The last checkpoint, then close; ``wait``: until that is done."""
        self._stop.set()
        if wait:
            self._thread.join()


def _describe(path: Path, e: Exception) -> str:
    text = str(e)
    if isinstance(e, sqlite3.OperationalError) and "full" in text:
        return f"the disk holding {path} is full"
    if "readonly" in text or (isinstance(e, OSError) and e.errno == errno.EROFS):
        return f"cannot write the crawl file {path}: its file system is read-only"
    if isinstance(e, OSError) and e.strerror:
        text = e.strerror
    return f"cannot write the crawl file {path}: {text}"


def _not_a_folder(path: Path) -> Path | None:
    """The first ancestor of ``path`` that exists as something other than a folder."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return None


def _lock(path: Path, exclusive: bool) -> lockfile.Held:
    """The lock on the crawl file ``path``: exclusive for a crawl writing it, shared to check that
    none is. A shared one raises FileNotFoundError when no crawl has the file open."""
    try:
        return lockfile.lock(Path(f"{path}-lock"), exclusive=exclusive)
    except lockfile.InUse:
        raise StoreError(f"{path} is in use by another crawl") from None


def check_not_in_use(path: Path) -> None:
    """Raise StoreError if a crawl is writing ``path`` now."""
    with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
        _lock(path, exclusive=False).release()


class CrawlStore:
    """A crawl file being written. Use ``sink`` as (part of) the crawler's sink.

    ``on_error(message)`` is called (from the writer thread) when writing fails — a full disk, an
    unwritable path; the owner should cancel the crawl. Records already committed stay.
    """

    def __init__(
        self, path: Path, *, flush_interval: float = 0.2, group_commit: bool = True
    ) -> None:
        self.path = path
        self.flush_interval = flush_interval
        # False: commit only every flush_interval (what a kill loses grows with the crawl rate).
        self.group_commit = group_commit
        self.error: str | None = None
        self.on_error: Callable[[str], None] = lambda message: None
        self._buf: list[Queued | FetchRecord] = []
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = False
        self._db: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None
        self._checkpointer: _Checkpointer | None = None
        self._held: lockfile.Held | None = None
        self._appended = 0  # records handed to sink()
        self._committed = 0  # of those, committed (or given up on after an error)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self._commit_scheduled = False

    # ---- opening ------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, config: CrawlConfig, **kw: Any) -> CrawlStore:
        """Start a new crawl file (fails if it exists), its roots already in the frontier."""
        blocker = _not_a_folder(path)
        if blocker is not None:
            raise StoreError(f"cannot create {path}: {blocker} is a file, not a folder")
        if path.is_dir():
            raise StoreError(f"{path} is a folder; give a file name for the crawl file")
        if path.exists():
            raise StoreError(f"{path} already exists; resume it or choose another file")
        store = cls(path, **kw)
        # Made under a temporary name and linked into place once complete: a kill or a full disk
        # mid-creation leaves no file that blocks the retry or says "no crawl data".
        tmp = path.with_name(f".{path.name}.creating")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.unlink(missing_ok=True)  # left by a creation killed before it finished
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.execute("PRAGMA page_size=1024")  # each commit rewrites its pages whole
                db.execute("BEGIN")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [
                        ("format", FORMAT),
                        ("config", json.dumps(config.to_dict())),
                        ("state", "running"),
                    ],
                )
                db.executemany(
                    "INSERT OR IGNORE INTO queued (url, redirects_left, depth, referrer) "
                    "VALUES (?,?,?,?)",
                    [(root, config.max_redirect, 0, None) for root in config.roots],
                )
                db.execute("COMMIT")
            finally:
                db.close()
            os.link(tmp, path)  # unlike rename, never replaces a file made meanwhile
            tmp.unlink()
            store._held = _lock(path, exclusive=True)
            store._db = _connect(path)
        except (sqlite3.Error, OSError, StoreError) as e:
            created = store._held is not None
            store._release()
            for leftover in (tmp, Path(f"{tmp}-journal")):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            if created:  # linked but unusable (WAL refused…): it holds nothing yet
                for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                    with contextlib.suppress(OSError):
                        leftover.unlink()
            if isinstance(e, FileExistsError):
                raise StoreError(
                    f"{path} already exists; resume it or choose another file"
                ) from None
            if isinstance(e, StoreError):
                raise
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store

    @classmethod
    def open(cls, path: Path, **kw: Any) -> tuple[CrawlStore, SavedCrawl]:
        """Reopen a crawl file to continue writing it; returns the store and what it holds."""
        saved = load(path)
        store = cls(path, **kw)
        try:
            store._held = _lock(path, exclusive=True)
        except OSError as e:
            raise StoreError(_describe(path, e)) from None
        try:
            store._db = _connect(path)
            _add_missing_columns(store._db)
            # A URL recorded as cancelled was never really fetched: it goes back to the frontier.
            store._db.execute(
                "DELETE FROM records WHERE error_kind = ?", (ErrorKind.CANCELLED.value,)
            )
            store._db.execute("UPDATE meta SET value='running' WHERE key='state'")
            store._db.execute("UPDATE meta SET value=? WHERE key='format'", (FORMAT,))
        except sqlite3.Error as e:
            store._release()
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store, saved

    def _release(self, wait: bool = True) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        if self._checkpointer is not None:
            self._checkpointer.stop(wait)
            self._checkpointer = None
        if self._held is not None:
            self._held.release()
            self._held = None

    def _start(self) -> None:
        assert self._db is not None
        try:
            self._checkpointer = _Checkpointer(self.path, self._resume_commits)
        except sqlite3.Error as e:  # SQLite checkpoints on the writing connection then
            log.warning("checkpointing on the event loop: %s", e)
        else:
            self._db.execute("PRAGMA wal_autocheckpoint=0")
        if self.group_commit:
            return  # committed on the loop (see sink); no writer thread
        self._thread = threading.Thread(target=self._writer, name="crawl-store", daemon=True)
        self._thread.start()

    # ---- writing ------------------------------------------------------------------------------

    def sink(self, event: Event) -> None:
        t = type(event)
        if t is FetchRecord:
            with self._lock:
                self._buf.append(event)  # type: ignore[arg-type]
                self._appended += 1
            if self.group_commit and not self._commit_scheduled:
                # One transaction per loop iteration for every record that arrived in it.
                try:
                    self._loop = self._loop or asyncio.get_running_loop()
                except RuntimeError:  # fed outside a loop (a script): close() writes the rest
                    return
                self._commit_scheduled = True
                self._loop.call_soon(self._commit_now)
        elif t is Queued:
            with self._lock:
                self._buf.append(event)  # type: ignore[arg-type]

    def _commit_now(self) -> None:
        self._commit_scheduled = False
        if self._db is None:  # closed meanwhile: close() wrote the rest
            return
        if self._checkpointer is not None and self._checkpointer.pausing:
            self._commit_scheduled = True  # _resume_commits comes next
            return
        with self._lock:
            batch, self._buf = self._buf, []
            upto = self._appended
        if batch and self.error is None:
            self._write(batch)
        self._committed = upto
        self._release_waiters()

    def _resume_commits(self) -> None:
        """From the checkpointer's thread: commit what waited for it."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                self._loop.call_soon_threadsafe(self._commit_now)

    async def durable(self) -> None:
        """Wait until every record handed to ``sink`` so far is committed (or writing failed)."""
        target = self._appended
        if self._committed >= target or self._db is None or not self.group_commit:
            return
        self._loop = loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._waiters.append((target, fut))
        await fut

    def _release_waiters(self, everyone: bool = False) -> None:
        committed, keep = self._committed, []
        for target, fut in self._waiters:
            if everyone or target <= committed:
                if not fut.done():
                    fut.set_result(None)
            else:
                keep.append((target, fut))
        self._waiters = keep

    def _writer(self) -> None:
        while True:
            self._wake.wait(self.flush_interval)
            self._wake.clear()
            closing = self._closing
            with self._lock:
                batch, self._buf = self._buf, []
                upto = self._appended
            if batch and self.error is None:
                self._write(batch)
            if upto != self._committed:
                self._committed = upto
                loop = self._loop
                if loop is not None:
                    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                        loop.call_soon_threadsafe(self._release_waiters)
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
                    f"INSERT OR REPLACE INTO records ({', '.join(RECORD_FIELDS)}) "
                    f"VALUES ({', '.join('?' * len(RECORD_FIELDS))})",
                    records,
                )
        except (sqlite3.Error, OSError) as e:
            self.error = _describe(self.path, e)
            self.on_error(self.error)

    def close(self, state: str = "finished", wait: bool = True) -> None:
        """Write what is buffered, mark the crawl's state, close the file. ``wait=False``
        returns before the last checkpoint (on its thread) has copied the WAL into the file:
        the file is complete either way, its latest commits maybe still in the WAL."""
        if self._thread is not None:
            self._closing = True
            self._wake.set()
            self._thread.join()
            self._thread = None
        if self._db is not None and self._buf and self.error is None:
            batch, self._buf = self._buf, []
            self._write(batch)
        if self._db is not None:
            try:
                if self.error is None:
                    self._db.execute("UPDATE meta SET value=? WHERE key='state'", (state,))
            except sqlite3.Error as e:
                self.error = self.error or _describe(self.path, e)
        self._release(wait)
        self._release_waiters(everyone=True)


_LINKS = RECORD_FIELDS.index("links")
_DEFAULTS = {f.name: f.default if f.default is not MISSING else None for f in fields(FetchRecord)}
_DEFAULTS = {
    k: int(v) if isinstance(v, bool) else ("" if v == () else v) for k, v in _DEFAULTS.items()
}


def _literal(value: object) -> str:
    return "NULL" if value is None else repr(value)


def _add_missing_columns(db: sqlite3.Connection) -> None:
    """Columns of fields added since the file was made, so that resuming can write them."""
    have = {row[1] for row in db.execute("PRAGMA table_info(records)")}
    for name in RECORD_FIELDS:
        if name not in have:
            db.execute(f"ALTER TABLE records ADD COLUMN {name}")


def _record_row(rec: FetchRecord) -> tuple[object, ...]:
    row = list(rec.values())
    # Packed, ~40% of the joined text on a docs site: the links were half of a commit's cost.
    row[_LINKS] = accel.linkpack.pack(rec.links) if rec.links else ""
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
    frozenset({bytes, str, type(None)}) if f.name == "links" else _types_of(str(f.type))
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
    default: the column was added after the row was written (_add_missing_columns)."""
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
    row = _check_row(row, RECORD_FIELDS, _COLUMN_TYPES, _ROW_DEFAULTS)
    values = dict(zip(RECORD_FIELDS, row, strict=True))
    links = values["links"]
    if isinstance(links, bytes):
        values["links"] = accel.linkpack.unpack(links)
    else:  # a format-2 row, or none
        values["links"] = tuple(links.split("\n")) if isinstance(links, str) and links else ()
    return FetchRecord(**values)  # type: ignore[arg-type]


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
    pending: list[Queued]

    @property
    def seen(self) -> set[str]:
        return {r.url for r in self.records} | {q.url for q in self.pending}


def load(path: Path) -> SavedCrawl:
    """Read a crawl file; a missing, corrupt or foreign file raises StoreError saying which."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a crawl file (crawl files end in .sqlite3)")
    if not path.is_file():
        raise StoreError(f"{path} does not exist")
    if not os.access(path.parent, os.W_OK):
        # SQLite must create the -shm (and -wal) file beside a WAL database even to read it.
        why = "is read-only" if _read_only_fs(path.parent) else "cannot be written by you"
        raise StoreError(f"cannot open {path}: its folder {why} (SQLite needs to write beside it)")
    had_wal = Path(f"{path}-wal").exists()  # opening creates an empty one
    try:
        held: lockfile.Held | None = _lock(path, exclusive=True)
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
        raise StoreError(f"cannot open {path}: {e}") from None
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables and not had_wal:
            raise StoreError(
                f"{path} holds no crawl data; if it was copied, copy {path.name}-wal with it "
                "(a running or killed crawl keeps its latest writes there)"
            )
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") not in READS:
            raise StoreError(
                f"{path} is not a gui_crawler crawl file (format {meta.get('format')!r})"
            )
        config = CrawlConfig.from_dict(json.loads(meta["config"])).validated()
        # A file from before a field was added lacks its column: the field keeps its default.
        have = {row[1] for row in db.execute("PRAGMA table_info(records)")}
        columns = ", ".join(n if n in have else _literal(_DEFAULTS[n]) for n in RECORD_FIELDS)
        records = [
            _record_from_row(row)
            for row in db.execute(f"SELECT {columns} FROM records ORDER BY seq")
        ]
        done = {r.url for r in records if r.error_kind != ErrorKind.CANCELLED}
        records = [r for r in records if r.url in done]
        pending = [
            _queued_from_row(row)
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
        if held is not None:
            held.release()
    state = meta.get("state", "unknown")
    if state == "running" and not records and not pending:
        # Killed before its first write (files from before the roots were saved at creation):
        # "nothing left to do" would be a lie, so it starts over from the roots.
        pending = [Queued(r, config.max_redirect, 0, None) for r in config.roots]
    return SavedCrawl(path, config, state, records, pending)
