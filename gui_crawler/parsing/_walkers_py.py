"""The pure-Python parser threads (``_pagewalk_py.Walkers``, what the compiled ``_walkers.c`` is):
each page submitted is scanned, cut, each piece walked and the visible text hashed, off the event
loop's thread (``_walkkids_py.walk_job``).

selectolax lets go of the GIL only inside lexbor's parse, so a Python thread that walks pages
shares one core with the event loop (python3-doc: the walks ~2.6 s of CPU a crawl, the loop ~1.1
s, one after the other). Where this process may run on two cores or more, one child process
walks pages too, on the other core: each page goes to the child while it has room, to the
thread here only when it has none (the thread's walks take the GIL from the loop; the child
alone would be the crawl's critical path, all the walks).
The child also does what the loop would do next with its pages (``_walkkids_py.settle``). It is
started with the first page (its imports, ~0.2 s, overlap the crawl's first pages, walked here)
and is given pages once it is up. A child that cannot start or dies leaves its pages, and every
page after, to the threads here; it ignores SIGINT (the crawl acts on it) and ends when its
stdin does (closing, or this process dying).
"""

from __future__ import annotations

import collections
import contextlib
import os
import pickle
import queue
import socket
import subprocess
import sys
import threading
from typing import IO

from gui_crawler.base import heap
from gui_crawler.parsing._walkkids_py import Job, Result, unpack, walk_job

# Pages handed to the child and not yet back: enough that it never waits for the next, few
# enough that the rest stay in the queue, for the thread here or for cancelling.
IN_CHILD = 4
_PIPE_BYTES = 1 << 20  # Linux's most for a pipe a process that is not root may ask for


def _spawn() -> subprocess.Popen[bytes] | None:
    """The child, started; None where none can be (a frozen app's executable is the app)."""
    if getattr(sys, "frozen", False) or not sys.executable:
        return None
    # Its imports as this process's (the package's own folder first: an editable install's
    # finder is a site hook, which -S leaves out with the rest of site's ~30 ms).
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = [root, *sys.path]
    code = (
        f"import sys; sys.path[:0] = {path!r}; "
        "from gui_crawler.parsing._walkkids_py import serve; serve()"
    )
    try:
        child = subprocess.Popen(
            [sys.executable, "-S", "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
    except OSError:
        return None
    # Pipes that hold several pages (Linux's hold 64 KB, less than one python3-doc page): a
    # page no longer goes across in turns of the child's read and this side's write, each
    # waiting to be scheduled.
    assert child.stdin is not None and child.stdout is not None
    for pipe in (child.stdin, child.stdout):
        with contextlib.suppress(OSError, AttributeError, ImportError):
            import fcntl

            fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    return child


class Walkers:
    """Parser threads in Python, and one child process beside them where ``process`` (None:
    where this process may run on more than one core): what they read comes back a batch at a
    time from :meth:`drain`, and :meth:`fileno` (one end of a socket pair, which works with
    every event loop's ``add_reader``) is readable while finished pages wait."""

    def __init__(self, threads: int, process: bool | None = None, here: bool = True) -> None:
        if threads < 1:
            raise ValueError(f"threads must be at least 1, not {threads}")
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._done: list[Result] = []
        self._lock = threading.Lock()
        self._signalled = False
        self._closed = False
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._child: subprocess.Popen[bytes] | None = None
        self._turn = threading.Condition(self._lock)  # a page may go somewhere now
        self._ready = False  # pages go to the child
        self._gone = False  # the child cannot start, or died: no more pages go to it
        # The pages in the child, in the order sent: the order it answers them in.
        self._in_child: collections.deque[Job] = collections.deque()
        self._idle = 0  # threads here waiting for a page from the feeder
        self._given: collections.deque[Job | None] = collections.deque()
        child = heap.cores() > 1 if process is None else process
        # With a child, the feeder hands out every page: to the child while it has room, to a
        # thread here only when it has none. The thread's walks take the GIL from the loop, the
        # child's do not: from one queue the two took pages evenly, and the loop's core stayed
        # the crawl's critical path.
        # ``here`` False (tests): only what the child cannot take is walked here, on the feeder.
        run = self._run if not child else self._run_given if here else None
        self._threads = [
            threading.Thread(target=run, name="crawl-parse", daemon=True)
            for _ in range(threads if run is not None else 0)
        ]
        self._feeder: threading.Thread | None = None
        if child:
            self._feeder = threading.Thread(
                target=self._feed, name="crawl-parse-child", daemon=True
            )
            self._feeder.start()
        for t in self._threads:
            t.start()

    def submit(
        self,
        id: int,
        data: bytes,
        directory: str | None,
        max_tags: int,
        tags: int,
        trim: bool,
        max_elements: int,
        max_pairs: int,
        page_url: str | None = None,
        checks: bool = True,
        /,
    ) -> None:
        """Scan, cut and walk ``data`` (``_walkkids_py.walk_job``); ``directory``, ``trim`` and
        ``page_url`` are the compiled threads' (their joins, their allocator trim, the checks they
        pack for walked_found)."""
        if self._closed:
            raise ValueError("the parser threads are closed")
        self._jobs.put((id, data, directory, max_tags, tags, max_elements, max_pairs, checks, page_url))  # fmt: skip

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._finished(walk_job(job))

    def _run_given(self) -> None:
        """A thread here, given its pages by the feeder."""
        while True:
            with self._turn:
                self._idle += 1
                self._turn.notify_all()
                while not self._given:
                    self._turn.wait()
                job = self._given.popleft()
            if job is None:
                return
            self._finished(walk_job(job))

    def _feed(self) -> None:
        """Each page to the child while it has room, else to a thread here once one is idle;
        the child started at the first page (a crawl of small pages, all parsed inline, starts
        none; the first page comes ~20 ms after the crawl's start)."""
        try:
            while (job := self._jobs.get()) is not None:
                if self._child is None and not (self._gone or self._closed):
                    self._start()
                where = ""
                with self._turn:
                    while not self._closed:
                        if self._ready and len(self._in_child) < IN_CHILD:
                            self._in_child.append(job)
                            where = "child"
                        elif self._idle:
                            self._idle -= 1
                            self._given.append(job)
                            self._turn.notify_all()
                            where = "here"
                        elif self._gone and not self._threads:
                            where = "feeder"
                        else:
                            self._turn.wait()
                            continue
                        break
                if where == "feeder" or (where == "child" and not self._send(job)):
                    self._finished(walk_job(job))
        finally:
            with self._turn:
                self._given.extend([None] * len(self._threads))
                self._turn.notify_all()
            if self._child is not None:
                with contextlib.suppress(OSError, ValueError):
                    self._pipe_in().close()  # the child ends once it has read all

    def _start(self) -> None:
        self._child = _spawn()
        if self._child is None:  # not here (a frozen app)
            with self._turn:
                self._gone = True
                self._turn.notify_all()
            return
        threading.Thread(target=self._read, name="crawl-parse-results", daemon=True).start()

    def _pipe_in(self) -> IO[bytes]:
        assert self._child is not None and self._child.stdin is not None
        return self._child.stdin

    def _send(self, job: Job) -> bool:
        """Writes ``job`` (in ``_in_child`` already) to the child; False where it is gone (the
        page is the caller's)."""
        try:
            pickle.dump(job, self._pipe_in(), pickle.HIGHEST_PROTOCOL)
            self._pipe_in().flush()
        except (OSError, ValueError):  # the child died (its reader gives its pages back)
            with self._turn:
                if not any(j is job for j in self._in_child):
                    return True  # the reader took it back and walks it
                self._in_child.remove(job)
            return False
        return True

    def _read(self) -> None:
        """The child's results, as they come; when it ends, what it had is walked here."""
        child = self._child
        assert child is not None and child.stdout is not None
        source = child.stdout
        try:
            pickle.load(source)  # its pid: it is up
            with self._turn:
                self._ready = True
                self._turn.notify_all()
            while True:
                id, pieces, seconds, digest, trouble = pickle.load(source)
                with self._turn:
                    self._in_child.popleft()
                    self._turn.notify_all()
                walked = None if pieces is None else unpack(pieces)
                self._finished((id, walked, seconds, digest, trouble))
        except (EOFError, OSError, pickle.UnpicklingError):
            pass  # it ended: closed, or died
        except Exception:  # what it sent cannot be read here (out of memory): asked no more
            child.kill()
        with self._turn:
            self._ready = False
            self._gone = True
            left = list(self._in_child)
            self._in_child.clear()
            self._turn.notify_all()
        for job in left:
            if not self._closed:
                self._finished(walk_job(job))
        with contextlib.suppress(OSError):
            source.close()
        child.wait()

    def _finished(self, result: Result) -> None:
        with self._lock:
            if self._closed:
                return
            self._done.append(result)
            wake = not self._signalled
            self._signalled = True
        if wake:
            with contextlib.suppress(OSError):  # closed meanwhile
                self._wake_w.send(b"\0")

    def drain(self) -> list[Result]:
        """The pages finished since the last drain: (id, walked pieces or None when out of
        memory, seconds spent, hash of the visible text, why it is too complex to parse or 0;
        no pieces then)."""
        with self._lock:
            done, self._done = self._done, []
            self._signalled = False
            with contextlib.suppress(OSError):  # BlockingIOError: read empty
                while self._wake_r.recv(4096):
                    pass
        return done

    def fileno(self) -> int:
        return self._wake_r.fileno()

    def close(self) -> None:
        """Stop: a parse under way ends on its thread (or in the child), unread; pages still
        waiting are dropped; the child ends once it has walked what it holds."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._given.clear()
            self._turn.notify_all()
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
        for _ in self._threads if self._feeder is None else (self._feeder,):
            self._jobs.put(None)
        self._wake_r.close()
        self._wake_w.close()
