"""The pure-Python parser threads (``_pagewalk_py.Walkers``, what the compiled ``_walkers.c`` is):
each page submitted is scanned, cut, each piece walked and the visible text hashed, off the event
loop's thread (``_walkkids_py.walk_job``).

selectolax lets go of the GIL only inside lexbor's parse, so a Python thread that walks pages
shares one core with the event loop (python3-doc: the walks ~2.6 s of CPU a crawl, the loop ~1.1
s, one after the other). Where this process may run on two cores or more, one child process
walks pages too, on the other core, taking them from the same queue as the thread here: the
child alone would be the crawl's critical path (all the walks), the two together split them.
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
from gui_crawler.parsing._walkkids_py import HASH_SIZE as HASH_SIZE
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
        # The first page came, or closing: a crawl whose pages are all parsed inline (small
        # ones) starts no child. The first page comes ~20 ms after the crawl starts.
        self._asked = threading.Event()
        self._up = threading.Event()  # the child answered, or is gone
        self._ready = False  # pages go to the child
        # The pages in the child, in the order sent: the order it answers them in.
        self._in_child: collections.deque[Job] = collections.deque()
        self._slots = threading.Semaphore(IN_CHILD)
        child = heap.cores() > 1 if process is None else process
        # ``here`` False (tests): the threads here walk only what the child cannot.
        self._here = here or not child
        self._threads = [
            threading.Thread(target=self._run, name="crawl-parse", daemon=True)
            for _ in range(threads if self._here else 0)
        ]
        if child:
            self._threads.append(
                threading.Thread(target=self._feed, name="crawl-parse-child", daemon=True)
            )
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
        if not self._asked.is_set():
            self._asked.set()
        self._jobs.put((id, data, directory, max_tags, tags, max_elements, max_pairs, checks, page_url))  # fmt: skip

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._finished(walk_job(job))

    def _feed(self) -> None:
        """Starts the child at the first page; then each page this thread takes goes to it once
        it is up, or is walked here if it is gone."""
        self._asked.wait()
        if not self._closed:
            self._child = _spawn()
        if self._child is None:  # not here (a frozen app), or closed before the first page
            if not self._here:
                self._run()
            return
        threading.Thread(target=self._read, name="crawl-parse-results", daemon=True).start()
        self._up.wait()
        try:
            while True:
                to_child = self._ready
                if to_child:
                    self._slots.acquire()
                if (job := self._jobs.get()) is None:
                    break
                if not (to_child and self._send(job)):
                    self._finished(walk_job(job))
        finally:
            with contextlib.suppress(OSError, ValueError):
                self._pipe_in().close()  # the child ends once it has read all

    def _pipe_in(self) -> IO[bytes]:
        assert self._child is not None and self._child.stdin is not None
        return self._child.stdin

    def _send(self, job: Job) -> bool:
        """Hands ``job`` to the child, a slot taken; False where it is gone (the page is the
        caller's, the slot given back)."""
        with self._lock:
            if not self._ready:
                self._slots.release()
                return False
            self._in_child.append(job)
        try:
            pickle.dump(job, self._pipe_in(), pickle.HIGHEST_PROTOCOL)
            self._pipe_in().flush()
        except (OSError, ValueError):  # the child died (its reader gives its pages back)
            with self._lock:
                if job not in self._in_child:
                    return True  # the reader took it back and walks it
                self._in_child.remove(job)
            self._slots.release()
            return False
        return True

    def _read(self) -> None:
        """The child's results, as they come; when it ends, what it had is walked here."""
        child = self._child
        assert child is not None and child.stdout is not None
        source = child.stdout
        try:
            pickle.load(source)  # its pid: it is up
            self._ready = True
            self._up.set()
            while True:
                id, pieces, seconds, digest, trouble = pickle.load(source)
                with self._lock:
                    self._in_child.popleft()
                self._slots.release()
                walked = None if pieces is None else unpack(pieces)
                self._finished((id, walked, seconds, digest, trouble))
        except (EOFError, OSError, pickle.UnpicklingError):
            pass  # it ended: closed, or died
        except Exception:  # what it sent cannot be read here (out of memory): asked no more
            child.kill()
        with self._lock:
            self._ready = False
            left = list(self._in_child)
            self._in_child.clear()
        self._up.set()
        for job in left:
            self._slots.release()
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
        self._asked.set()
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
        for _ in self._threads:
            self._jobs.put(None)
        self._wake_r.close()
        self._wake_w.close()
