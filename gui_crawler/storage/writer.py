"""A crawl file being written (``CrawlStore``): records and frontier go to SQLite as the crawl
runs, so a crawl that was cancelled, crashed or was killed can be reopened and resumed. No Qt here.

Records are committed by a thread of their own (``committer``): the loop hands it the events in
order and goes on; it builds the rows and commits them, one transaction (WAL, synchronous=NORMAL: a
write() with no fsync, which a killed process cannot lose) for the records of several loop
iterations (a commit's fixed cost is ~28 us of SQLite and system calls). The records go to it as
soon as half of ``ahead`` wait (``ahead``: the crawl's worker count), else COMMIT_AFTER after the
first of them; a record is committed once the loop has heard so from the thread. Handed over at
``ahead``, a commit began only as the workers began to wait for it, and each worker that finished
meanwhile waited for it too (~8,500 waits a rust-doc crawl, one every third record); at half, it is
under way while the other half comes. ``before_take()`` lets a worker take its next URL while fewer
than ``ahead`` records wait; once ``ahead`` wait it waits for their commit. So after a kill -9 at
most ``ahead - 1`` records plus the fetches in flight (one per worker) are lost, and fetched again
on resume: with N workers (``ahead`` = N) at most 2N - 1. Proof: the records not committed are the
last ones appended (the thread commits all it was handed, in order); the ``ahead``-th of them and
each after it was appended with ``ahead`` or more waiting, so its worker has waited since at
``before_take`` (no commit came): those workers fetch nothing, and each has one such record.
``durable()`` waits for every record so far (the cluster's collector, before it tells Redis).
Checkpoints, which fsync, run on a thread of their own (``checkpoint.Checkpointer``). A URL taken in
(``Queued``) is always committed no later than its record, so after a crash "queued and not
recorded" is exactly the frontier; the roots are committed when the file is created. A recorded
URL's queued row is deleted after its record (a thousand at a time; not written at all when both
come in one commit), so that a crawl that ends leaves none: the file keeps each URL once.

One crawl at a time writes a file (``locking``).
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
from collections.abc import Callable
from pathlib import Path

from gui_crawler.base.escapes import escaped
from gui_crawler.base.translate import STORE, translate
from gui_crawler.base.urls import host_of
from gui_crawler.config import CrawlConfig
from gui_crawler.events import ErrorKind, Event, FetchRecord, Queued
from gui_crawler.records.outfile import not_a_folder
from gui_crawler.storage import lockfile
from gui_crawler.storage.checkpoint import Checkpointer
from gui_crawler.storage.committer import Committer
from gui_crawler.storage.compact import Compact, origin_of
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.fileformat import (
    DELETE_QUEUED,
    FORMAT,
    INSERT_FILE_RECORD,
    INSERT_HISTORY,
    INSERT_QUEUED,
    INSERT_RECORD,
    SavedCrawl,
    add_missing_columns,
    columns_of,
    frontier_seqs,
    load,
    record_row,
    schema,
)
from gui_crawler.storage.locking import lock

log = logging.getLogger(__name__)

# The queued URLs whose rows a store remembers (URL → seq, ~200 bytes each), to delete a row when
# its URL is recorded: past this many left to fetch, a URL queued keeps its row after it is
# recorded (harmless: "queued and not recorded" is the frontier), as every URL did before
# format 8. The engine keeps 50,000 of its frontier in memory (crawl/frontier.SPILL_AT).
TRACKED = 100_000
# Recorded URLs' queued rows are deleted this many at a time, in the commit that reaches it (and
# the rest as the store closes): a row deleted with each record cost rust-doc's crawl 11% more WAL
# writes (a page emptied a row at a time is written each time, and rebalanced), a thousand at a
# time frees whole pages. A kill -9 leaves at most this many behind: a URL recorded and queued
# is no part of the frontier.
DELETE_EVERY = 1000
# Seconds the first record not committed waits at most for others to share its commit (fewer
# than ``ahead`` arrive meanwhile: a slow site, the crawl's end). The window's reads do not wait
# (commit_pending).
COMMIT_AFTER = 0.05


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
        # Checkpoints are the Checkpointer's; should it not start, SQLite's own, but not the
        # default one every 1000 WAL pages: each commit holds a few pages, so that would come
        # every few hundred records and stall the workers waiting on durable().
        db.execute("PRAGMA wal_autocheckpoint=16384")
    except BaseException:
        db.close()  # left open, it would keep the file open (Windows could not remove it)
        raise
    return db


def _describe(path: Path, e: Exception) -> str:
    text = str(e)
    if isinstance(e, sqlite3.OperationalError) and "full" in text:
        return translate(STORE, "the disk holding {path} is full").format(path=path)
    if "readonly" in text or (isinstance(e, OSError) and e.errno == errno.EROFS):
        return translate(
            STORE, "cannot write the crawl file {path}: its file system is read-only"
        ).format(path=path)
    if isinstance(e, OSError) and e.strerror:
        text = e.strerror
    return translate(STORE, "cannot write the crawl file {path}: {error}").format(
        path=path, error=text
    )


def _storable(rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """The rows as a file can hold them: their text with its lone surrogates escaped."""
    return [tuple(escaped(v) if isinstance(v, str) else v for v in row) for row in rows]


class CrawlStore:
    """A crawl file being written. Use ``sink`` as (part of) the crawler's sink.

    ``on_error(message)`` is called (on the loop, as a failed commit is heard of) when writing
    fails — a full disk, an unwritable path; the owner should cancel the crawl. Records already
    committed stay.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.error: str | None = None
        self.on_error: Callable[[str], None] = lambda message: None
        # Events handed to sink and not handed to the committer yet; sink, the hand-offs and
        # close run on the loop's thread, the rows and their commits on the committer's (which
        # alone uses the connection, the queued rows' state and ``replacing`` until close).
        self._buf: list[Queued | FetchRecord] = []
        self._db: sqlite3.Connection | None = None
        self._checkpointer: Checkpointer | None = None
        self._committer: Committer[Queued | FetchRecord] | None = None
        self._failing = False  # the committer's: a transaction failed, nothing more is written
        self._held: lockfile.Held | None = None
        self._appended = 0  # records handed to sink()
        # Records handed to sink() that are not in the file because writing failed (``error``):
        # a resume fetches their URLs again.
        self.unsaved = 0
        self._committed = 0  # of those, committed (or given up on after an error)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        # Records that may wait for a commit while the workers go on (the module's docstring);
        # 1: a commit each loop iteration that made records, a worker waiting for its own.
        self.ahead = 1
        # The hand-off scheduled: at the end of this loop iteration (``_soon``), or COMMIT_AFTER
        # after the first record waiting.
        self._pending_commit: asyncio.Handle | None = None
        self._soon = False
        self._handed = 0  # the records handed to the committer
        # A re-check's records replace these (by URL): each goes to the history as it is.
        self.replacing: dict[str, FetchRecord] = {}
        # The queued rows written and not recorded yet (at most TRACKED): URL → seq; the seq the
        # next queued row takes (after every row of the file: the frontier's order).
        self._queued: dict[str, int] = {}
        self._next_seq = 1
        self._recorded: list[tuple[int]] = []  # the seqs of queued rows to delete (DELETE_EVERY)
        # A file of format 8 keeps some fields compact (on its origin); one older, resumed, not.
        self._compact: Compact | None = None

    # ---- opening ------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, config: CrawlConfig) -> CrawlStore:
        """Start a new crawl file (fails if it exists), its roots already in the frontier."""
        blocker = not_a_folder(path)
        if blocker is not None:
            raise StoreError(
                translate(STORE, "cannot create {path}: {blocker} is a file, not a folder").format(
                    path=path, blocker=blocker
                )
            )
        if path.is_dir():
            raise StoreError(
                translate(STORE, "{path} is a folder; give a file name for the crawl file").format(
                    path=path
                )
            )
        if path.exists():
            raise StoreError(
                translate(STORE, "{path} already exists; resume it or choose another file").format(
                    path=path
                )
            )
        store = cls(path)
        # Made under a temporary name and linked into place once complete: a kill or a full disk
        # mid-creation leaves no file that blocks the retry or says "no crawl data".
        tmp = path.with_name(f".{path.name}.creating")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.unlink(missing_ok=True)  # left by a creation killed before it finished
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.execute("PRAGMA page_size=1024")  # each commit rewrites its pages whole
                # No rollback journal for a file that a failure deletes (its commit still syncs
                # the file before the link), and WAL set here, journal-less, not by _connect once
                # linked, through a rollback journal: 2 fdatasyncs where there were 8 (creation
                # 15 ms against 22, medians at load 6: other processes' writes slow each sync).
                db.execute("PRAGMA journal_mode=OFF")
                db.execute("BEGIN")
                origin = origin_of(config.roots[0]) if config.roots else ""
                for statement in schema(origin).split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [
                        ("format", FORMAT),
                        ("config", json.dumps(config.to_dict())),
                        ("state", "running"),
                        ("origin", origin),
                    ],
                )
                roots = dict.fromkeys(config.roots)
                db.executemany(
                    INSERT_QUEUED,
                    [(i, root, config.max_redirect, 0, None) for i, root in enumerate(roots, 1)],
                )
                db.execute("COMMIT")
                db.execute("PRAGMA journal_mode=WAL")
                store._queued = {root: i for i, root in enumerate(roots, 1)}
                store._next_seq = len(roots) + 1
            finally:
                db.close()
            os.link(tmp, path)  # unlike rename, never replaces a file made meanwhile
            tmp.unlink()
            store._held = lock(path, exclusive=True)
            store._db = _connect(path)
            store._compact = Compact(origin)
        except (sqlite3.Error, OSError, StoreError) as e:
            created = store._held is not None
            store._release()
            for leftover in (tmp, *(Path(f"{tmp}{end}") for end in ("-journal", "-wal", "-shm"))):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            if created:  # linked but unusable (WAL refused…): it holds nothing yet
                for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                    with contextlib.suppress(OSError):
                        leftover.unlink()
            if isinstance(e, FileExistsError):
                raise StoreError(
                    translate(
                        STORE, "{path} already exists; resume it or choose another file"
                    ).format(path=path)
                ) from None
            if isinstance(e, StoreError):
                raise
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store

    @classmethod
    def open(cls, path: Path) -> tuple[CrawlStore, SavedCrawl]:
        """Reopen a crawl file to continue writing it; returns the store and what it holds:
        its options and state, its rows checked, the records and the frontier left in the file
        (the crawl streams the URLs taken in and the frontier from it, load(records=False))."""
        saved = load(path, records=False, check=True)
        store = cls(path)
        try:
            store._held = lock(path, exclusive=True)
        except OSError as e:
            raise StoreError(_describe(path, e)) from None
        try:
            store._db = _connect(path)
            # Tables and columns added since the file was made (the columns before the indexes
            # on them).
            statements = [x for x in schema("").split(";") if x.strip()]
            for statement in statements:
                if "CREATE INDEX" not in statement:
                    store._db.execute(statement)
            add_missing_columns(store._db)
            if "url_path" in columns_of(store._db):
                origin = store._db.execute("SELECT value FROM meta WHERE key='origin'").fetchone()
                store._compact = Compact(origin[0] if origin else "")
            for statement in statements:
                if "CREATE INDEX" in statement:
                    store._db.execute(statement)
            # A URL recorded as cancelled was never really fetched: it goes back to the frontier.
            store._db.execute(
                "DELETE FROM records WHERE error_kind = ?", (ErrorKind.CANCELLED.value,)
            )
            store._db.execute("UPDATE meta SET value='running' WHERE key='state'")
            store._db.execute("UPDATE meta SET value=? WHERE key='format'", (FORMAT,))
            store._queued = frontier_seqs(store._db, TRACKED)
            (last,) = store._db.execute("SELECT max(seq) FROM queued").fetchone()
            store._next_seq = (last if isinstance(last, int) else 0) + 1
        except sqlite3.Error as e:
            store._release()
            raise StoreError(_describe(path, e)) from None
        store._start()
        return store, saved

    def _release(self, wait: bool = True) -> None:
        if self._committer is not None:
            self._committer.stop()
            self._committer = None
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
        self._committer = committer = Committer(self._write, self._written, self._holding)
        try:
            self._checkpointer = Checkpointer(self.path, committer.resume)
        except sqlite3.Error as e:  # SQLite checkpoints on the writing connection then
            log.warning("checkpointing on the commits' thread: %s", e)
        else:
            self._db.execute("PRAGMA wal_autocheckpoint=0")

    def _holding(self) -> bool:
        return self._checkpointer is not None and self._checkpointer.pausing

    # ---- writing ------------------------------------------------------------------------------

    def sink(self, event: Event) -> None:
        t = type(event)
        if t is FetchRecord:
            self._buf.append(event)  # type: ignore[arg-type]
            self._appended += 1
            if self._appended - self._handed >= (self.ahead + 1) >> 1:
                if not self._soon:
                    self._schedule(soon=True)
            elif self._pending_commit is None:
                self._schedule(soon=False)
        elif t is Queued:
            self._buf.append(event)  # type: ignore[arg-type]

    def _schedule(self, soon: bool) -> None:
        try:
            self._loop = loop = self._loop or asyncio.get_running_loop()
        except RuntimeError:  # fed outside a loop (a script): close() writes the rest
            return
        if self._pending_commit is not None:
            self._pending_commit.cancel()
        self._soon = soon
        if soon:
            self._pending_commit = loop.call_soon(self._hand_off)
        else:
            self._pending_commit = loop.call_later(COMMIT_AFTER, self._hand_off)

    def commit_pending(self) -> None:
        """Commit now the records waiting for their commit: a reader is about to look for them
        (the window's pages table reads a batch's rows from the file as the batch arrives; a row
        missing then is read in another turn, and painted again)."""
        if self._committed < self._appended or self._buf:
            self._commit_now()

    def _commit_now(self) -> None:
        """Hand what waits to the committer and wait until it is committed."""
        self._hand_off()
        if self._committer is not None:
            self._committer.wait(self._handed)
            self._collect()

    def _hand_off(self) -> None:
        if self._pending_commit is not None:
            self._pending_commit.cancel()
            self._pending_commit = None
        self._soon = False
        if self._committer is None or not self._buf:  # closed meanwhile: close() wrote the rest
            return
        batch, self._buf = self._buf, []
        self._handed = self._appended
        self._committer.hand(batch, self._handed)

    def _written(self) -> None:
        """From the committer's thread, after a transaction: the loop collects it."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: close() collects
                self._loop.call_soon_threadsafe(self._collect)

    def _collect(self) -> None:
        """On the loop: the committer's transactions since the last time; the workers waiting
        for them go on, a failure is told."""
        if self._committer is None:
            return
        for upto, lost, error in self._committer.results():
            self._committed = max(self._committed, upto)
            self.unsaved += lost
            if error is not None and self.error is None:
                self.error = error
                self.on_error(error)
        self._release_waiters()

    async def before_take(self) -> None:
        """Awaited by a worker before it takes its next URL: returns at once while fewer than
        ``ahead`` records wait for their commit, else once they are committed (the kill -9
        bound in the module's docstring)."""
        if self._appended - self._committed >= self.ahead:
            await self.durable()

    async def durable(self) -> None:
        """Wait until every record handed to ``sink`` so far is committed (or writing failed)."""
        target = self._appended
        if self._committed >= target or self._db is None:
            return
        if not self._soon:
            self._schedule(soon=True)
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

    def _write(self, batch: list[Queued | FetchRecord]) -> tuple[int, str | None]:
        """On the committer's thread: ``batch`` in one transaction; the records it lost (all of
        them, or none) and why (None: written)."""
        assert self._db is not None
        count = sum(type(e) is FetchRecord for e in batch)
        if self._failing:  # after a failure nothing more is written: counted, so that it is said
            return count, None
        try:
            earlier: list[tuple[object, ...]] = []
            if self.replacing:
                batch, earlier = self._replace(batch)
            records = [record_row(e) for e in batch if isinstance(e, FetchRecord)]
            if self._compact is not None:
                records = list(map(self._compact.row, records))
            queued, done = self._queued_rows(batch)
            try:
                self._commit(queued, earlier, records, done)
            except UnicodeEncodeError:
                # Text no file can hold as UTF-8 (a byte of a header that was not UTF-8, as a lone
                # surrogate): stored with those bytes escaped rather than losing the batch.
                self._commit(_storable(queued), _storable(earlier), _storable(records), done)
        except (sqlite3.Error, OSError) as e:
            self._failing = True
            return count, _describe(self.path, e)
        except Exception as e:  # whatever it was, the crawl must not go on unsaved
            self._failing = True
            return count, f"cannot write the crawl file {self.path}: {type(e).__name__}: {e}"
        return 0, None

    def _queued_rows(
        self, batch: list[Queued | FetchRecord]
    ) -> tuple[list[tuple[object, ...]], list[tuple[int]]]:
        """The queued rows to write for ``batch`` (a URL recorded in it, or queued already, has
        none), and the seqs of the rows its records make needless (the URLs it records but those
        cut short in flight, which stay in the frontier)."""
        recorded = {
            e.url for e in batch if type(e) is FetchRecord and e.error_kind != ErrorKind.CANCELLED
        }
        tracked = self._queued
        rows: list[tuple[object, ...]] = []
        for e in batch:
            if type(e) is Queued and e.url not in recorded and e.url not in tracked:
                seq = self._next_seq
                self._next_seq += 1
                rows.append((seq, e.url, e.redirects_left, e.depth, e.referrer))
                if len(tracked) < TRACKED:
                    tracked[e.url] = seq
        return rows, [(tracked.pop(url),) for url in recorded if url in tracked]

    def _commit(
        self,
        queued: list[tuple[object, ...]],
        earlier: list[tuple[object, ...]],
        records: list[tuple[object, ...]],
        done: list[tuple[int]],
    ) -> None:
        """One transaction: all of it is written, or (an exception) none of it."""
        assert self._db is not None
        deleting = len(self._recorded) + len(done) >= DELETE_EVERY
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany(INSERT_QUEUED, queued)
            self._db.executemany(INSERT_HISTORY, earlier)
            self._db.executemany(
                INSERT_RECORD if self._compact is None else INSERT_FILE_RECORD, records
            )
            if deleting:
                self._db.executemany(DELETE_QUEUED, [*self._recorded, *done])
        if deleting:
            self._recorded.clear()
        else:
            self._recorded += done

    def _replace(
        self, batch: list[Queued | FetchRecord]
    ) -> tuple[list[Queued | FetchRecord], list[tuple[object, ...]]]:
        """``batch`` without the cancelled records of URLs being re-checked (their answer so far
        stays: a cancel is no answer), and the history rows of the records the rest replace."""
        stamp = _dt.datetime.now().isoformat(timespec="seconds")
        kept: list[Queued | FetchRecord] = []
        earlier: list[tuple[object, ...]] = []
        for e in batch:
            if isinstance(e, FetchRecord) and e.url in self.replacing:
                if e.error_kind == ErrorKind.CANCELLED:
                    continue
                old = self.replacing.pop(e.url)
                earlier.append((old.url, old.status, old.error_kind, old.exception, stamp))
            kept.append(e)
        return kept, earlier

    def close(self, state: str = "finished", wait: bool = True) -> None:
        """Write what is buffered, mark the crawl's state, close the file. ``wait=False``
        returns before the last checkpoint (on its thread) has copied the WAL into the file:
        the file is complete either way, its latest commits maybe still in the WAL."""
        self._hand_off()
        if self._committer is not None:
            self._committer.stop()  # after the last transaction: the connection is the loop's
            self._collect()
            self._committer = None
        if self._db is not None:
            try:
                if self.error is None:
                    with self._db:
                        self._db.execute("BEGIN")
                        self._db.executemany(DELETE_QUEUED, self._recorded)
                        self._db.execute("UPDATE meta SET value=? WHERE key='state'", (state,))
            except sqlite3.Error as e:
                self.error = self.error or _describe(self.path, e)
        self._release(wait)
        self._release_waiters(everyone=True)
