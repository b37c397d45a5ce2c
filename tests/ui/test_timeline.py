"""The timeline tab driven like a person would: zoom, pause, hover, click → details; its model
through qtmodeltester."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import LiveSite
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QToolTip

from gui_crawler.crawl.phases import FIELDS
from gui_crawler.events import FetchRecord
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.timeline_model import TimelineModel
from gui_crawler.window import MainWindow


def rec(url: str, worker: int, end: float, ms: tuple[float, ...], **kw: Any) -> FetchRecord:
    ms = ms + (0.0,) * (len(FIELDS) - len(ms))  # the phases a fetch has (render: none)
    phases = dict(zip(FIELDS, ms, strict=True))
    return FetchRecord(
        url=url, worker=worker, finished_at=end, elapsed=sum(ms) / 1000, status=200, **phases, **kw
    )


BASIC = (100.0, 0.0, 50.0, 300.0, 200.0, 0.0, 350.0)  # one second in all


def test_model_passes_qtmodeltester(qtmodeltester: Any) -> None:
    m = TimelineModel(limit=5)
    qtmodeltester.check(m)
    m.add([rec(f"http://h/{i}", i % 3, 1.0 + i, BASIC) for i in range(4)])
    m.add([rec(f"http://h/x{i}", 0, 10.0 + i, BASIC) for i in range(3)])  # drops the oldest
    qtmodeltester.check(m)
    assert len(m.bars) == 5 and m.ends == sorted(m.ends)
    assert m.totals[3] == pytest.approx(7 * 0.3)
    assert m.recent_totals(1.5)[6] == pytest.approx(2 * 0.35)
    m.clear()
    qtmodeltester.check(m)
    assert m.rowCount() == 0


@pytest.fixture
def panel(qtbot: Any) -> Iterator[TimelinePanel]:
    p = TimelinePanel()
    qtbot.addWidget(p)
    p.resize(800, 400)
    p.show()
    qtbot.waitExposed(p)
    yield p


# Showing a tooltip on the offscreen platform logs warnings about window features it lacks.
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_zoom_pause_hover_click(qtbot: Any, panel: TimelinePanel) -> None:
    # Two workers; the view shows the last 10 s up to the newest end (t=10).
    panel.feed([rec("http://h/a", 0, 9.0, BASIC), rec("http://h/b", 1, 10.0, BASIC)])
    v = panel.view
    assert v.following and v.right_time() == 10.0
    v.zoom(0.5)
    assert v.span == pytest.approx(5.0)
    # A wheel turn zooms in around the cursor; pausing keeps the right edge while records come.
    qtbot.mouseClick(panel.live, Qt.MouseButton.LeftButton)
    assert not v.following and panel.live.text() == "Follow live"
    panel.feed([rec("http://h/c", 0, 30.0, BASIC)])
    assert v.right_time() == 10.0
    # Worker 0's bar runs 8..9 s: in the upper lane, at 80-90% of the width with 5 s across.
    lane_h = (v.height() - 18 - 16) / 2
    pos = QPoint(int(v.width() * (1 - (10.0 - 8.8) / 5.0)), int(18 + lane_h / 2))
    assert v.bar_at(QPointF(pos)) is not None and v.bar_at(QPointF(pos)).url == "http://h/a"
    qtbot.mouseMove(v, pos)
    qtbot.waitUntil(lambda: "http://h/a" in QToolTip.text(), timeout=3000)
    assert "parsing: 350.0 ms" in QToolTip.text()
    with qtbot.waitSignal(panel.recordClicked) as blocker:
        qtbot.mouseClick(v, Qt.MouseButton.LeftButton, pos=pos)
    assert blocker.args == ["http://h/a"]
    # Dragging pans back in time; the button returns to the present.
    qtbot.mousePress(v, Qt.MouseButton.LeftButton, pos=QPoint(100, 50))
    qtbot.mouseMove(v, QPoint(300, 50))
    qtbot.mouseRelease(v, Qt.MouseButton.LeftButton, pos=QPoint(300, 50))
    assert v.right_time() == pytest.approx(10.0 - 200 / v.width() * 5.0)
    qtbot.mouseClick(panel.live, Qt.MouseButton.LeftButton)
    assert v.following and v.right_time() == 30.0
    panel.view.grab()  # paints without error


def test_lanes_aggregate_when_they_do_not_fit(qtbot: Any, panel: TimelinePanel) -> None:
    panel.feed([rec(f"http://h/{w}", w, 5.0, BASIC) for w in range(1000)])
    lanes, per = panel.view.lanes()
    assert per > 1 and lanes * per >= 1000 and lanes * 3 <= panel.view.height()
    panel.view.grab()


def test_window_tab_crawls_and_click_shows_details(
    qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any], live_site: LiveSite
) -> None:
    w = MainWindow()
    w.show()
    try:
        live_site.fill_small(5)
        live_site.delay = 0.2
        tl = w.timeline
        w.tabs.setCurrentWidget(tl)
        with qtbot.waitSignal(w.crawlFinished, timeout=15_000):
            w.address.setText(live_site.url)
            w.start()
            crawler = w.bridge.crawler
            assert crawler is not None
            # Requests in progress show before their records arrive, and the view follows the clock.
            qtbot.waitUntil(lambda: bool(tl.model.inflight), timeout=5000)
            assert not tl.model.bars
            qtbot.waitUntil(lambda: tl.model.now > 0.05, timeout=5000)
        assert tl.model.inflight == []
        assert len(tl.model.bars) == len(crawler.seen)
        assert w.bridge.crawler is None  # released with its frontier once the crawl is over
        assert sum(tl.model.totals) > 0
        url = tl.model.bars[-1].url
        tl.view.barClicked.emit(url)
        assert w.details.url == url
    finally:
        w.close()
        run(w.bridge.wait())
        w.deleteLater()
