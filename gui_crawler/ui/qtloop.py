"""qasync's event loop with asyncio's own scheduling: timer heap, ready queue and epoll selector.

qasync maps asyncio onto Qt one object at a time: a QSocketNotifier per socket (and Qt polls all
of them on every pass of its loop), a Qt timer per ``call_soon``, and a Qt timer per
``call_later`` that stays alive after the handle is cancelled (a crawl sets and cancels several
timeouts per request; Qt's timer bookkeeping is linear in the live timers). At C10K that made a
13-second crawl take a minute with the window frozen. Here the sockets sit in asyncio's epoll
selector behind one QSocketNotifier, ready callbacks run in batches from one zero-delay QTimer,
and delayed callbacks wait in a heap behind one single-shot QTimer — asyncio's design, with Qt's
event loop still the one that runs, so the window and the crawl share it as before.
"""

from __future__ import annotations

import asyncio
import collections
import heapq
import math
import os
import selectors
import time
from collections.abc import Callable
from contextvars import Context
from typing import Any

from PySide6.QtCore import QSocketNotifier, Qt, QTimer

# isort: split
import qasync  # after PySide6: qasync binds to the Qt binding already loaded

_Selecting = asyncio.selector_events.BaseSelectorEventLoop

# The longest a batch of ready callbacks holds the loop before Qt gets a turn. At 1,000 workers
# 20 ms batches kept the window's lag p99 at ~90 ms; 8 ms brings it under 50 ms at 0.98x the
# records per second (docs/performance-history.md, timeline_lag.py).
BATCH_SECONDS = 0.008

# Cancelled handles are dropped from the heap when they are more than this share of it.
_COMPACT_SHARE = 0.5
_COMPACT_MIN = 100


def _scheduled(handle: asyncio.TimerHandle, value: bool) -> None:
    # asyncio's own flag (not in the type stubs): a scheduled handle reports its cancel() to the
    # loop, as in BaseEventLoop.
    handle._scheduled = value  # type: ignore[attr-defined]


class CrawlEventLoop(qasync.QEventLoop):
    """A qasync loop that schedules like asyncio: sockets in one epoll selector, ready callbacks
    in batches, delayed callbacks in a heap (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Qt paints a large area with threads of its own and waits for them (a task per 64
        # lines: a scroll bar's gradient is several). Beside a crawl its parser threads keep the
        # cores busy, and this thread, the crawl's loop too, waited: the pages table's scroll
        # bar took ~13 ms a repaint on rust-doc at load 12, ~2.7 ms painted here alone. Qt
        # reads it when it first paints; one set by the user is kept.
        os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
        self._ready: collections.deque[asyncio.Handle] = collections.deque()
        self._ready_timer = QTimer()
        self._ready_timer.setSingleShot(True)
        self._ready_timer.setInterval(0)
        self._ready_timer.timeout.connect(self._run_ready)
        # Sockets: asyncio's own epoll selector, watched by one QSocketNotifier on its fd.
        qt_selector = self._selector  # type: ignore[has-type]
        self._selector = selectors.DefaultSelector()
        for key in list(qt_selector.get_map().values()):  # the self-pipe, registered by __init__
            qt_selector.unregister(key.fileobj)
            self._selector.register(key.fileobj, key.events, key.data)
        self._selector_notifier = QSocketNotifier(
            self._selector.fileno(), QSocketNotifier.Type.Read
        )
        self._selector_notifier.activated.connect(self._on_sockets_ready)
        self._last_socket_handle: asyncio.Handle | None = None
        self._heap: list[asyncio.TimerHandle] = []
        self._cancelled_in_heap = 0
        self._armed_for: float | None = None
        self._heap_timer = QTimer()
        self._heap_timer.setSingleShot(True)
        self._heap_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._heap_timer.timeout.connect(self._run_due)

    def call_soon(
        self, callback: Callable[..., Any], *args: Any, context: Context | None = None
    ) -> asyncio.Handle:
        self._check_closed()
        handle = asyncio.Handle(callback, args, self, context=context)
        self._ready.append(handle)
        if not self._ready_timer.isActive():
            self._ready_timer.start()
        return handle

    # asyncio's selector bookkeeping, not qasync's notifier per fd.
    _add_reader = _Selecting._add_reader  # type: ignore[attr-defined]
    _remove_reader = _Selecting._remove_reader  # type: ignore[attr-defined]
    _add_writer = _Selecting._add_writer  # type: ignore[attr-defined]
    _remove_writer = _Selecting._remove_writer  # type: ignore[attr-defined]

    def _add_callback(self, handle: asyncio.Handle, delay: float = 0) -> None:
        # asyncio's _process_events hands ready socket callbacks here.
        self._ready.append(handle)
        if not self._ready_timer.isActive():
            self._ready_timer.start()

    def _on_sockets_ready(self) -> None:
        self._take_sockets()
        self._run_ready()

    def _take_sockets(self) -> None:
        """Queue the callbacks of the sockets ready now."""
        before = len(self._ready)
        self._process_events(self._selector.select(0))
        if len(self._ready) > before:
            # Until these callbacks have read their sockets the selector's fd stays readable:
            # stop watching it meanwhile, or Qt would queue the same sockets again and again.
            self._selector_notifier.setEnabled(False)
            self._last_socket_handle = self._ready[-1]

    def _run_ready(self) -> None:
        # A batch runs what is ready, then what that scheduled (with the sockets ready by then),
        # and so on for up to half of BATCH_SECONDS before Qt handles its own events (sockets,
        # paints, input): each pass of Qt's loop costs more with a window open, and on the docs
        # site fewer passes cut the window's crawl time by 3%, its lag unchanged. A batch yields
        # to Qt after BATCH_SECONDS whatever is left: 10,000 workers starting at once, or 10,000
        # responses arriving together, are seconds of callbacks, and the window must repaint.
        ready = self._ready
        end = time.monotonic() + BATCH_SECONDS
        while True:
            for _ in range(len(ready)):
                handle = ready.popleft()
                if handle is self._last_socket_handle:
                    self._last_socket_handle = None
                    self._selector_notifier.setEnabled(True)
                if not handle._cancelled:
                    handle._run()
                if time.monotonic() > end:
                    break
            if not ready or time.monotonic() > end - BATCH_SECONDS / 2:
                break
            if self._last_socket_handle is None:  # else the sockets' last batch is still queued
                self._take_sockets()
        if ready and not self._ready_timer.isActive():
            self._ready_timer.start()

    def call_later(
        self, delay: float, callback: Callable[..., Any], *args: Any, context: Context | None = None
    ) -> asyncio.Handle:
        if delay <= 0:
            return self.call_soon(callback, *args, context=context)
        return self.call_at(self.time() + delay, callback, *args, context=context)

    def call_at(
        self, when: float, callback: Callable[..., Any], *args: Any, context: Context | None = None
    ) -> asyncio.TimerHandle:
        self._check_closed()
        handle = asyncio.TimerHandle(when, callback, args, self, context=context)
        heapq.heappush(self._heap, handle)
        _scheduled(handle, True)  # so that cancel() tells _timer_handle_cancelled
        self._arm()
        return handle

    def _timer_handle_cancelled(self, handle: asyncio.TimerHandle) -> None:
        self._cancelled_in_heap += 1
        if (
            self._cancelled_in_heap > _COMPACT_MIN
            and self._cancelled_in_heap > _COMPACT_SHARE * len(self._heap)
        ):
            live = [h for h in self._heap if not h._cancelled]
            for h in self._heap:
                if h._cancelled:
                    _scheduled(h, False)
            heapq.heapify(live)
            self._heap = live
            self._cancelled_in_heap = 0

    def _arm(self) -> None:
        heap = self._heap
        while heap and heap[0]._cancelled:
            _scheduled(heapq.heappop(heap), False)
            self._cancelled_in_heap -= 1
        if not heap:
            self._heap_timer.stop()
            self._armed_for = None
            return
        when = heap[0].when()
        if self._armed_for is None or when < self._armed_for:
            self._armed_for = when
            self._heap_timer.start(max(0, math.ceil((when - self.time()) * 1000)))

    def _run_due(self) -> None:
        self._armed_for = None
        heap = self._heap
        end = self.time() + 0.001  # the Qt timer's resolution
        due = []
        while heap and heap[0].when() <= end:
            handle = heapq.heappop(heap)
            _scheduled(handle, False)
            if handle._cancelled:
                self._cancelled_in_heap -= 1
            else:
                due.append(handle)
        for handle in due:
            if not handle._cancelled:
                handle._run()
        self._arm()

    def close(self) -> None:
        self._selector_notifier.setEnabled(False)
        self._ready_timer.stop()
        self._ready.clear()
        self._heap_timer.stop()
        for handle in self._heap:
            _scheduled(handle, False)
        self._heap.clear()
        super().close()


def new_loop(app: Any, **kwargs: Any) -> qasync.QEventLoop:
    """The loop the window runs on: :class:`CrawlEventLoop` where asyncio's selector has a file
    descriptor of its own for Qt to watch (epoll, kqueue); qasync's own loop elsewhere (Windows'
    select(), which has none)."""
    if callable(getattr(selectors.DefaultSelector, "fileno", None)):
        return CrawlEventLoop(app, **kwargs)
    return qasync.QEventLoop(app, **kwargs)
