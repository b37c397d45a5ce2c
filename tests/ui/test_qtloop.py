"""The qasync loop with a timer heap: delayed callbacks run in order, cancelled ones never."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest


def test_delayed_callbacks_run_in_order_and_cancelled_ones_never(
    qtbot: Any, loop: asyncio.AbstractEventLoop
) -> None:
    ran: list[int] = []
    for i, delay in enumerate([0.05, 0.01, 0.03, 0.0]):
        loop.call_later(delay, ran.append, i)
    at = loop.call_at(loop.time() + 0.02, ran.append, 9)
    # Thousands of timeouts set and cancelled at once, as a crawl's requests do.
    cancelled = [loop.call_later(30, ran.append, -1) for _ in range(5000)]
    for h in cancelled:
        h.cancel()
    qtbot.waitUntil(lambda: len(ran) == 5, timeout=2000)
    assert ran == [3, 1, 9, 2, 0]
    assert at.when() <= loop.time()
    heap = loop._heap  # type: ignore[attr-defined]
    assert len(heap) < 200, "cancelled handles must not pile up"
    qtbot.wait(50)
    assert -1 not in ran


def test_asyncio_sleep_and_wait_for_keep_time(qtbot: Any, loop: asyncio.AbstractEventLoop) -> None:
    async def main() -> tuple[float, bool]:
        t0 = loop.time()
        await asyncio.sleep(0.05)
        slept = loop.time() - t0
        try:
            await asyncio.wait_for(asyncio.sleep(10), 0.05)
        except TimeoutError:
            return slept, True
        return slept, False

    task = asyncio.ensure_future(main())
    qtbot.waitUntil(task.done, timeout=3000)
    slept, timed_out = task.result()
    assert 0.045 <= slept < 0.5 and timed_out


def test_callbacks_that_schedule_callbacks_never_starve_qt(
    qtbot: Any, loop: asyncio.AbstractEventLoop
) -> None:
    """A batch goes on with what it scheduled, within its time budget: a callback that always
    schedules itself again runs on and on, and Qt's own timers still fire in between."""
    from PySide6.QtCore import QTimer

    spins = [0]
    stop = [False]

    def spin() -> None:
        spins[0] += 1
        if not stop[0]:
            loop.call_soon(spin)

    beats = [0]
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: beats.__setitem__(0, beats[0] + 1))
    timer.start()
    loop.call_soon(spin)
    try:
        qtbot.waitUntil(lambda: beats[0] >= 10, timeout=3000)
    finally:
        stop[0] = True
        timer.stop()
    assert spins[0] > 1000


def test_a_selector_without_a_descriptor_gets_qasyncs_own_loop(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows' select() selector has no fileno() for Qt to watch: the window runs on qasync's
    own loop there, on CrawlEventLoop wherever epoll or kqueue is."""
    import selectors

    import qasync

    from gui_crawler.ui.qtloop import CrawlEventLoop, new_loop

    for selector, kind in (
        (selectors.DefaultSelector, CrawlEventLoop),
        (selectors.SelectSelector, None),
    ):
        monkeypatch.setattr(selectors, "DefaultSelector", selector)
        loop = new_loop(qapp, already_running=True)
        try:
            assert isinstance(loop, qasync.QEventLoop)
            assert isinstance(loop, CrawlEventLoop) == (kind is CrawlEventLoop)
        finally:
            loop._QEventLoop__is_running = False  # type: ignore[attr-defined]
            loop.close()
