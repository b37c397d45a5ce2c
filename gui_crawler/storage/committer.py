"""The thread that writes a crawl file's records: the rows built and committed off the event
loop, which only hands it the events in the order they came. No Qt here.

On the loop, rust-doc's commits took ~1.3 s of its thread's ~8 s (building each record's row,
then SQLite's B-tree work and the WAL's system calls, during which the loop waited); here SQLite
runs without the GIL (the sqlite3 module releases it in each step) while the loop goes on. The
batches are few (a commit's worth of records each, see writer), so the handoffs cost little, and
batches handed while one is written go in the next transaction together."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

# Seconds between two looks at a checkpoint that holds the commits, should its ``resume`` (which
# wakes the thread) come before the thread waits for it.
_HELD_POLL = 0.01


class Committer(Generic[T]):
    """Writes each batch handed to it with ``write(batch) -> (records lost, error or None)``,
    in order, on a thread of its own. ``done`` (on that thread) is told after each transaction;
    ``held()`` true: a checkpoint asks the commits to wait (the checkpointer's ``pausing``)."""

    def __init__(
        self,
        write: Callable[[list[T]], tuple[int, str | None]],
        done: Callable[[], None],
        held: Callable[[], bool],
    ) -> None:
        self._write = write
        self._done = done
        self._held = held
        self._jobs: queue.SimpleQueue[tuple[list[T], int] | None] = queue.SimpleQueue()
        # (upto, records lost, error) of each transaction, until the owner collects them.
        self._results: list[tuple[int, int, str | None]] = []
        self._lock = threading.Lock()
        self._written = threading.Condition(self._lock)
        self._through = 0  # the last ``upto`` written
        self._resumed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="crawl-commit", daemon=True)
        self._thread.start()

    def hand(self, batch: list[T], upto: int) -> None:
        """Write ``batch``; ``upto`` (increasing) names it to ``wait`` and in the results."""
        self._jobs.put((batch, upto))

    def wait(self, upto: int) -> None:
        """Until the batch named ``upto`` and every one before it is written (or failed)."""
        with self._written:
            while self._through < upto and self._thread.is_alive():
                self._written.wait(0.5)

    def results(self) -> list[tuple[int, int, str | None]]:
        """What was written since the last call: (upto, records lost, error) of each."""
        with self._lock:
            got, self._results = self._results, []
        return got

    def resume(self) -> None:
        """The checkpoint that held the commits let them go (any thread)."""
        self._resumed.set()

    def stop(self) -> None:
        """Write what was handed, then end the thread (and wait for it)."""
        self._jobs.put(None)
        self._thread.join()

    def _run(self) -> None:
        stopping = False
        while not stopping:
            job = self._jobs.get()
            batch: list[T] = []
            upto = self._through
            # Batches that came while the last one was written share this transaction.
            while job is not None:
                batch += job[0]
                upto = job[1]
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
            stopping = job is None
            if not batch and upto == self._through:
                continue
            while self._held() and not stopping:
                self._resumed.wait(_HELD_POLL)
                self._resumed.clear()
            try:
                lost, error = self._write(batch) if batch else (0, None)
            except BaseException as e:  # a thread that died would leave its waiters waiting
                lost, error = len(batch), f"cannot write the crawl file: {type(e).__name__}: {e}"
            with self._written:
                self._results.append((upto, lost, error))
                self._through = upto
                self._written.notify_all()
            self._done()
