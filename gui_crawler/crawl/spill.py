"""The far end of the frontier's queue, on disk: URLs queued past the part the queue keeps in
memory, first in first out. No Qt here.

Items are written in batches to an append-only temporary file, opened when the first batch is
written, in the system's temp dir (or the one given); it has no name on POSIX systems and goes
when the spill is closed or dropped. A batch is one pickle of (url, redirects_left, depth,
referrer) tuples: pickle writes a string once per batch however many items share it (a page's
links all share its URL as their referrer), and reading it back shares it again. Batches come
back oldest first; the newest items, not a batch yet, come back from memory. When every batch
written has been read back, the file is emptied and written again from its start.

A file that cannot be written (disk full, no temp dir) loses nothing: its items stay in memory,
from then on every item does, and ``on_failure`` is told once.
"""

from __future__ import annotations

import contextlib
import pickle
import struct
import tempfile
import weakref
from collections.abc import Callable, Iterator
from typing import BinaryIO

from gui_crawler.events import Queued

BATCH = 4096  # items a batch holds at most: ~300 KB of tiny pages' URLs
_SIZE = struct.Struct("<Q")  # each batch's pickle is preceded by its length


class Spill:
    """Queued items past the queue's memory part, oldest first. ``append(item)`` adds one,
    ``take()`` removes and returns the oldest batch, ``items()`` lists every item without
    taking any, ``len()`` counts them."""

    __slots__ = (
        "__weakref__",  # the file is closed when the spill is dropped
        "_closer",
        "_end",
        "_file",
        "_in_file",
        "_start",
        "_tail",
        "batch",
        "directory",
        "failed",
        "on_failure",
    )

    def __init__(
        self,
        directory: str | None = None,
        batch: int = BATCH,
        on_failure: Callable[[str], None] | None = None,
    ) -> None:
        self.directory = directory
        self.batch = max(1, batch)
        self.on_failure = on_failure
        # Why the file could not be written (None: it could, or none was needed yet).
        self.failed: str | None = None
        self._file: BinaryIO | None = None
        self._closer: weakref.finalize | None = None
        self._tail: list[Queued] = []  # the newest items, not written
        self._in_file = 0  # items written and not read back yet
        self._start = 0  # where the oldest batch not read back begins
        self._end = 0  # where the next batch goes

    def __len__(self) -> int:
        return self._in_file + len(self._tail)

    def append(self, item: Queued) -> None:
        tail = self._tail
        tail.append(item)
        if len(tail) >= self.batch and self.failed is None:
            self._write()

    def _write(self) -> None:
        tail = self._tail
        blob = pickle.dumps(
            [(q.url, q.redirects_left, q.depth, q.referrer) for q in tail],
            pickle.HIGHEST_PROTOCOL,
        )
        data = memoryview(_SIZE.pack(len(blob)) + blob)
        try:
            f = self._file if self._file is not None else self._open()
            f.seek(self._end)
            while data:
                data = data[f.write(data) :]
        except OSError as e:
            # Nothing is lost: the batch stays in the tail, and so does every later item.
            self.failed = f"{e.strerror or e} ({self.directory or tempfile.gettempdir()})"
            if self.on_failure is not None:
                self.on_failure(self.failed)
            return
        self._end = f.tell()
        self._in_file += len(tail)
        self._tail = []

    def _open(self) -> BinaryIO:
        # Kept open while the spill lives: the finalizer closes it.
        f = tempfile.TemporaryFile(prefix="gui-crawler-queue-", dir=self.directory, buffering=0)  # noqa: SIM115
        self._file = f
        self._closer = weakref.finalize(self, f.close)
        return f

    def take(self) -> list[Queued]:
        """The oldest items (a batch, or the tail once the file is read), taken off the spill.
        OSError if the file cannot be read back: then ``drop_file`` says how many are lost."""
        if not self._in_file:
            out, self._tail = self._tail, []
            return out
        assert self._file is not None
        out, self._start = _read_batch(self._file, self._start)
        self._in_file -= len(out)
        if not self._in_file:
            self._start = self._end = 0
            with contextlib.suppress(OSError):  # written over from its start all the same
                self._file.truncate(0)
        return out

    def drop_file(self) -> int:
        """Forget what the file holds (it could not be read back); how many items that was."""
        lost, self._in_file = self._in_file, 0
        self._start = self._end = 0
        return lost

    def items(self) -> Iterator[Queued]:
        """Every item, oldest first, none taken (the file is read through)."""
        if self._in_file:
            assert self._file is not None
            at = self._start
            while at < self._end:
                batch, at = _read_batch(self._file, at)
                yield from batch
        yield from self._tail

    def close(self) -> None:
        """Delete the file; the items in it are gone."""
        if self._closer is not None:
            self._closer()
        self._file = self._closer = None
        self.drop_file()


def _read_batch(f: BinaryIO, at: int) -> tuple[list[Queued], int]:
    """The batch written at offset ``at`` of ``f``, and where the next one begins."""
    f.seek(at)
    (size,) = _SIZE.unpack(_read_exactly(f, _SIZE.size))
    rows = pickle.loads(_read_exactly(f, size))
    return [Queued(*row) for row in rows], at + _SIZE.size + size


def _read_exactly(f: BinaryIO, n: int) -> bytes:
    parts = []
    while n:
        part = f.read(n)
        if not part:
            raise OSError(f"the queue's file ended {n} bytes early")
        parts.append(part)
        n -= len(part)
    return b"".join(parts)
