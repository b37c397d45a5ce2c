"""The total timeout of every direct request (crawl/direct.py) on one loop timer.

aiohttp gives each request a timer of its own (``TimeoutHandle``): an object, a ``call_at`` and
its ``TimerHandle`` pushed on the loop's heap (compared by a Python ``__lt__``), cancelled when
the answer is read and popped from the heap later: ~2 µs of the event loop's thread a request,
to fire almost never. Every request of a crawl has the same total timeout, so their deadlines
come in the order the requests start: they wait in a queue, and one timer is set for the first
one still running. When it fires, each request past its deadline is timed out, exactly as
aiohttp's timer would (its ``TimerContext``, the same deadline, rounded up to the second as
aiohttp rounds it), and the timer is set again for the next request still running.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import math
import time

from aiohttp.helpers import BaseTimerContext, TimerContext, TimerNoop

# What the loop counts as due (asyncio's _run_once: a timer fires when its time is before now
# plus the clock's resolution).
_RESOLUTION = time.get_clock_info("monotonic").resolution


class Deadline:
    """One request's place in the queue: ``timer`` is its ``TimerContext`` until ``done``."""

    __slots__ = ("timer", "when")

    def __init__(self, when: float, timer: TimerContext | None) -> None:
        self.when = when
        self.timer = timer

    def done(self) -> None:
        """The request is over: its deadline no longer times anything out."""
        self.timer = None


class Deadlines:
    """Total timeouts of ``timeout`` seconds (None or 0: none), rounded up to the second from
    ``ceil_threshold`` seconds on, as aiohttp's ``TimeoutHandle`` keeps them."""

    def __init__(
        self, loop: asyncio.AbstractEventLoop, timeout: float | None, ceil_threshold: float
    ) -> None:
        self._loop = loop
        self._timeout = timeout
        self._ceil_threshold = ceil_threshold
        self._queue: collections.deque[Deadline] = collections.deque()
        self._handle: asyncio.TimerHandle | None = None

    def start(self) -> tuple[BaseTimerContext, Deadline | None]:
        """A new request's timer (which ``with timer:`` and the answer's reader honour, as
        aiohttp's) and its deadline, to be marked ``done`` when the request is over."""
        timeout = self._timeout
        if timeout is None or timeout <= 0:
            return TimerNoop(), None
        loop = self._loop
        when = loop.time() + timeout
        if timeout >= self._ceil_threshold:
            when = math.ceil(when)
        timer = TimerContext(loop)
        queue = self._queue
        while queue and queue[0].timer is None:  # requests over: their places go
            queue.popleft()
        queue.append(deadline := Deadline(when, timer))
        if self._handle is None:
            self._handle = loop.call_at(when, self._fire)
        return timer, deadline

    def _fire(self) -> None:
        self._handle = None
        queue = self._queue
        due = self._loop.time() + _RESOLUTION
        while queue:
            first = queue[0]
            if first.timer is not None and first.when >= due:
                self._handle = self._loop.call_at(first.when, self._fire)
                return
            queue.popleft()
            if first.timer is not None:
                timer, first.timer = first.timer, None
                with contextlib.suppress(Exception):  # as aiohttp's TimeoutHandle calls it
                    timer.timeout()

    def close(self) -> None:
        """No more deadlines: the timer is cancelled (the crawl is over)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._queue.clear()
