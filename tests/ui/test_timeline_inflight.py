"""Requests under way on the timeline: their phase so far from the engine's marks, drawn growing
before their record exists."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from conftest import LiveSite
from PySide6.QtCore import QPointF

from gui_crawler.crawl.phases import FIELDS, PHASES, Timing, so_far
from gui_crawler.ui.timeline import tooltip
from gui_crawler.window import MainWindow


def test_so_far_follows_the_marks() -> None:
    t = Timing(3)
    t0 = t.taken
    assert so_far(t, t0 + 0.5) == ((0.5, 0, 0, 0, 0, 0, 0, 0), PHASES.index("wait"))
    t.request = t0 + 1.0
    t._t = t0 + 1.0  # resolving
    d, cur = so_far(t, t0 + 1.25)
    assert PHASES[cur] == "dns" and d[0] == pytest.approx(1.0) and d[1] == pytest.approx(0.25)
    t.dns, t._t = 0.5, 0.0
    t._tc = t0 + 1.0  # the connection span includes the lookup
    d, cur = so_far(t, t0 + 1.75)
    assert PHASES[cur] == "connect" and d[2] == pytest.approx(0.25)
    t.connect, t._tc, t.sent = 0.75, 0.0, t0 + 1.75
    d, cur = so_far(t, t0 + 2.0)
    assert PHASES[cur] == "ttfb" and d[3] == pytest.approx(0.25)
    t.headers = t0 + 2.5
    d, cur = so_far(t, t0 + 3.0)
    assert PHASES[cur] == "download" and d[3] == pytest.approx(0.75) and d[4] == pytest.approx(0.5)
    t.body = t0 + 3.5
    d, cur = so_far(t, t0 + 4.0)
    assert PHASES[cur] == "parse" and d[4] == pytest.approx(1.0) and d[6] == pytest.approx(0.5)
    assert sum(d) == pytest.approx(4.0)
    # Parsed, then handed to the headless browser (--render): rendering from then on.
    t.mark_parsed(t0 + 3.5, t0 + 4.0, 0.25)
    t.mark_render(t0 + 4.0)
    d, cur = so_far(t, t0 + 5.0)
    assert PHASES[cur] == "render" and d[6] == pytest.approx(0.25) and d[7] == pytest.approx(1.0)
    assert sum(d) == pytest.approx(5.0)
    t.mark_render(t0 + 4.0, t0 + 4.75)
    assert t.values()[1 + FIELDS.index("render_ms")] == pytest.approx(750.0)  # after the worker


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_requests_under_way_grow_in_their_phase(
    qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any], live_site: LiveSite
) -> None:
    # Every response waits 2 s before its first byte: the bars under way sit in "first byte", long
    # enough for a loaded machine's late ticks to see one grow before its answer comes.
    live_site.fill_small(3)
    live_site.delay = 2.0
    w = MainWindow()
    w.show()
    try:
        tl = w.timeline
        w.tabs.setCurrentWidget(tl)
        with qtbot.waitSignal(w.crawlFinished, timeout=15_000):
            w.address.setText(live_site.url)
            w.start()
            crawler = w.bridge.crawler
            assert crawler is not None

            # A bar early in its wait, so that it still has time to grow (a loaded machine can
            # run this check late in a bar's wait, and a bar whose answer came has left).
            def young(b: Any) -> bool:
                return PHASES[b.main] == "ttfb" and b.phases[3] < 0.8

            qtbot.waitUntil(lambda: any(young(b) for b in tl.model.inflight), timeout=5000)
            b = next(b for b in tl.model.inflight if young(b))
            assert b.live and b.url.startswith(live_site.url) and not tl.model.bars
            assert b.end - b.start == pytest.approx(sum(b.phases))
            assert "under way: first byte" in tooltip(b)
            # It grows with the clock while the server holds the response back.
            qtbot.waitUntil(
                lambda: any(
                    x.url == b.url and x.phases[3] > b.phases[3] + 0.1 for x in tl.model.inflight
                ),
                timeout=3000,
            )
            # Hovering the live bar finds it; its lane is its worker's.
            v = tl.view
            n, per = v.lanes()
            lane_h = (v.height() - 18 - 16) / n
            x = v.width() - 2.0  # its growing end is at the present, the right edge
            y = 18 + (b.worker // per + 0.5) * lane_h
            hit = v.bar_at(QPointF(x, y))
            assert hit is not None and hit.live and hit.worker == b.worker
            v.grab()  # paints the live bars
        assert tl.model.inflight == []
        assert {b.url for b in tl.model.bars} == crawler.seen
    finally:
        w.close()
        run(w.bridge.wait())
        w.deleteLater()
