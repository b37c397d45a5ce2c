"""Checkpoints of a crawl file being written: the WAL copied into the file from a thread of its
own, never on the event loop. No Qt here."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

# Seconds between two checkpoints (the WAL copied into the crawl file) while a crawl writes, and
# the WAL's size (in 1 KB pages) past which commits wait for one so that the WAL starts over.
CHECKPOINT_INTERVAL = 1.0
RESTART_PAGES = 4096


class Checkpointer:
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
