"""The request timeline driven with pytest-qt: lanes, zoom, pause by dragging, hover, click →
details, lane groups past what fits; and the window's tab fed by a real crawl."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QToolTip
from test_window import crawl_to_end

from gui_crawler.events import RequestTiming, WorkerEvent, WorkerState
from gui_crawler.timeline import TimelinePanel, TimelineView, describe
from gui_crawler.timeline_data import TimelineData, groups
from gui_crawler.window import MainWindow

D = (0.1, 0.0, 0.1, 0.3, 0.4, 0.1)  # one second per try


def spans(workers: int, per_worker: int, t0: float = 100.0) -> list[RequestTiming]:
    out = []
    for i in range(per_worker):
        for w in range(workers):
            err = "ClientConnectorError" if (w, i) == (1, 2) else None
            out.append(RequestTiming(w, f"http://127.0.0.1/{w}/{i}", t0 + i * 1.2, D, 200, err))
    return out


def view_with(qtbot: Any, workers: int = 4, per_worker: int = 8) -> TimelineView:
    v = TimelineView()
    qtbot.addWidget(v)
    v.resize(800, 400)
    v.show()
    v.add_timings(spans(workers, per_worker))
    v.seconds = 10.0
    v.tick(100.0 + per_worker * 1.2)
    return v


def point_of(v: TimelineView, s: RequestTiming) -> QPointF:
    """The middle of the try's bar."""
    wids, per, row_h = v.rows()
    assert per == 1
    r = v.plot_rect()
    return QPointF(
        v.x_of(s.start + sum(s.durations) / 2),
        r.top() + wids.index(s.worker_id) * row_h + row_h / 2,
    )


def send_mouse(v: TimelineView, kind: QEvent.Type, pos: QPointF, buttons: Any) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    ev = QMouseEvent(kind, pos, v.mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(v, ev)


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the tooltip, offscreen
def test_lanes_hit_testing_and_hover(qtbot: Any) -> None:
    v = view_with(qtbot)
    assert sorted(v.data.lanes) == [0, 1, 2, 3] and v.data.count == 32
    v.grab()  # paints without error
    target = v.data.lanes[2].spans[-2]
    pos = point_of(v, target)
    assert v.span_at(pos) is target
    assert v.span_at(QPointF(pos.x(), v.height() - 2)) is None  # below the lanes: nothing
    send_mouse(v, QEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton)
    qtbot.waitUntil(lambda: QToolTip.isVisible() and target.url in QToolTip.text(), timeout=3000)
    assert "first byte 300.0 ms" in QToolTip.text()
    assert "ClientConnectorError" in describe(v.data.lanes[1].spans[2])


def test_click_emits_the_url_and_a_drag_pauses_instead(qtbot: Any) -> None:
    v = view_with(qtbot)
    target = v.data.lanes[0].spans[-1]
    pos = point_of(v, target)
    with qtbot.waitSignal(v.urlClicked, timeout=1000) as got:
        send_mouse(v, QEvent.Type.MouseButtonPress, pos, Qt.MouseButton.LeftButton)
        send_mouse(v, QEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)
    assert got.args == [target.url]
    assert v.following
    right = v.right_edge()
    clicked: list[str] = []
    v.urlClicked.connect(clicked.append)
    send_mouse(v, QEvent.Type.MouseButtonPress, pos, Qt.MouseButton.LeftButton)
    send_mouse(v, QEvent.Type.MouseMove, pos + QPointF(200, 0), Qt.MouseButton.LeftButton)
    send_mouse(v, QEvent.Type.MouseButtonRelease, pos + QPointF(200, 0), Qt.MouseButton.NoButton)
    assert not clicked and not v.following
    assert v.right_edge() < right - 1  # dragged right: the view shows the past
    # New tries no longer move a paused view.
    paused_at = v.right_edge()
    v.add_timings([RequestTiming(0, "http://127.0.0.1/late", 200.0, D, 200)])
    v.tick(201.0)
    assert v.right_edge() == paused_at
    v.set_following(True)
    assert v.right_edge() == 201.0


def test_wheel_zooms_around_the_pointer(qtbot: Any) -> None:
    v = view_with(qtbot)
    r = v.plot_rect()
    x = r.left() + r.width() / 4
    t_before = v.t_of(x)
    pos = QPointF(x, r.top() + 5)
    ev = QWheelEvent(pos, v.mapToGlobal(pos), QPoint(), QPoint(0, 240), Qt.MouseButton.NoButton,
                     Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)  # fmt: skip
    QApplication.sendEvent(v, ev)
    assert abs(v.seconds - 10 * 0.64) < 1e-6
    assert abs(v.t_of(x) - t_before) < 1e-6  # the time under the pointer stayed put
    assert not v.following  # zooming into the past pauses
    v.zoom(1 / 0.64)
    assert abs(v.seconds - 10) < 1e-6


def test_lanes_are_grouped_past_what_fits(qtbot: Any) -> None:
    v = view_with(qtbot, workers=1000, per_worker=3)
    wids, per, row_h = v.rows()
    assert len(wids) == 1000 and per > 1 and row_h >= 4
    assert v.span_at(QPointF(v.width() / 2, 40)) is None  # a group is not one request
    v.grab()
    v.resize(800, 8000)  # room for every lane: one each again
    assert v.rows()[1] == 1


def test_where_the_time_goes_whole_and_recent() -> None:
    data = TimelineData()
    data.add(spans(2, 30))  # 100 s .. 135.8 s
    assert [round(t, 6) for t in data.totals] == [round(d * 60, 6) for d in D]
    recent = data.recent_totals(now=136.0)
    assert 0 < sum(recent) < sum(data.totals)
    assert round(sum(recent)) == 18  # 9 tries per worker ended in the last 10 s
    g = groups(data.totals)
    assert round(g["network"] / sum(data.totals), 6) == 0.8
    data.workers([WorkerEvent(0, WorkerState.FETCHING, "u", 140.0)])
    assert data.lanes[0].busy == (140.0, "u", WorkerState.FETCHING)
    data.workers([WorkerEvent(0, WorkerState.IDLE, None, 141.0)])
    assert data.lanes[0].busy is None


def test_window_tab_follows_a_crawl_and_a_click_shows_details(
    qtbot: Any,
    window: MainWindow,
    live_site: Any,
    run: Callable[..., Any],
) -> None:
    live_site.fill_small()
    panel = window.timeline
    assert isinstance(panel, TimelinePanel)
    window.tabs.setCurrentWidget(panel)
    crawl_to_end(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: panel.data.count >= 20, timeout=5000)
    assert "network" in panel.totals.text()
    lane = next(iter(panel.data.lanes.values()))
    s = lane.spans[-1]
    v = panel.view
    v.seconds = max(0.05, v.data.latest - v.data.origin + 0.01)  # type: ignore[operator]
    v.set_following(False)
    v.right = v.data.latest
    v.update()
    pos = point_of(v, s)
    assert v.span_at(pos) is not None
    hit = v.span_at(pos)
    assert hit is not None
    qtbot.mouseClick(v, Qt.MouseButton.LeftButton, pos=pos.toPoint())
    qtbot.waitUntil(lambda: window.details.url == hit.url, timeout=3000)
    run(asyncio.sleep(0))
