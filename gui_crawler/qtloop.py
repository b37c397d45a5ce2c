"""qasync's event loop with asyncio's timer heap.

qasync turns every ``call_later``/``call_at`` into a Qt timer of its own, and a cancelled handle
keeps its Qt timer until the delay runs out. Every request of a crawl schedules timeouts that are
cancelled a few milliseconds later but linger for their full 10 s, and Qt's timer bookkeeping is
linear in the number of live timers: at C10K that is ~30,000 timers, the loop spends its time in
``killTimer`` and the window lags by seconds. Here delayed callbacks live in a heap, as in
asyncio's own loop, driven by one single-shot Qt timer armed for the earliest deadline; callbacks
due now (``call_soon``) keep qasync's path.
"""

from __future__ import annotations

import asyncio
import heapq
import math
from collections.abc import Callable
from contextvars import Context
from typing import Any

from PySide6.QtCore import Qt, QTimer

# isort: split
import qasync  # after PySide6: qasync binds to the Qt binding already loaded

# Cancelled handles are dropped from the heap when they are more than this share of it.
_COMPACT_SHARE = 0.5
_COMPACT_MIN = 100


def _scheduled(handle: asyncio.TimerHandle, value: bool) -> None:
    # asyncio's own flag (not in the type stubs): a scheduled handle reports its cancel() to the
    # loop, as in BaseEventLoop.
    handle._scheduled = value  # type: ignore[attr-defined]


class CrawlEventLoop(qasync.QEventLoop):
    """A qasync loop whose delayed callbacks cost O(log n), however many are pending."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._heap: list[asyncio.TimerHandle] = []
        self._cancelled_in_heap = 0
        self._armed_for: float | None = None
        self._heap_timer = QTimer()
        self._heap_timer.setSingleShot(True)
        self._heap_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._heap_timer.timeout.connect(self._run_due)

    def call_later(
        self, delay: float, callback: Callable[..., Any], *args: Any, context: Context | None = None
    ) -> asyncio.Handle:
        if delay <= 0:
            return super().call_later(0, callback, *args, context=context)
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
        self._heap_timer.stop()
        for handle in self._heap:
            _scheduled(handle, False)
        self._heap.clear()
        super().close()
