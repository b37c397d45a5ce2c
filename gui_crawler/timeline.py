"""The live request timeline: one lane per worker, time left → right, each try a bar split into
its phases. It follows the present until the user pans (drag) or unticks "Follow"; the wheel
zooms around the pointer; hovering a bar tells its URL and phase times; a click emits the URL.
Past the lanes that fit, workers are drawn in groups (a heat strip each), so a thousand workers
cost what the window's height allows, not what the crawl has."""

from __future__ import annotations

import itertools
import math
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QToolTip, QVBoxLayout, QWidget

from .charts import time_label
from .events import RequestTiming, WorkerEvent
from .timeline_data import PHASES, RECENT, TimelineData, groups

PHASE_COLORS = {
    "wait": QColor("#c8c8c8"),
    "dns": QColor("#8e6bbf"),
    "connect": QColor("#e0a030"),
    "ttfb": QColor("#3c8dd6"),
    "download": QColor("#3fae5a"),
    "parse": QColor("#d65c9a"),
}
_COLORS = [PHASE_COLORS[p] for p in PHASES]
PHASE_LABELS = {
    "wait": "waiting",
    "dns": "DNS",
    "connect": "connect",
    "ttfb": "first byte",
    "download": "download",
    "parse": "parse",
}
ERROR_COLOR = QColor("#d62728")
BUSY_COLOR = QColor(60, 60, 60, 60)
LEGEND_H = 20
AXIS_H = 18
LABEL_W = 44
MIN_LANE_H = 6  # below this, lanes are drawn in groups
MAX_LANE_H = 18


def describe(s: RequestTiming) -> str:
    """The hover text of a try."""
    status = s.error_kind if s.error_kind else str(s.status)
    if s.retried:
        status += " (tried again)"
    parts = [
        f"{PHASE_LABELS[p]} {d * 1000:.1f} ms"
        for p, d in zip(PHASES, s.durations, strict=True)
        if d
    ]
    return f"{s.url}\n{status} · worker {s.worker_id} · {sum(s.durations) * 1000:.1f} ms\n" + (
        ", ".join(parts)
    )


class TimelineView(QWidget):
    """The lanes. ``following`` keeps the right edge on the present."""

    urlClicked = Signal(str)
    followingChanged = Signal(bool)

    def __init__(self, data: TimelineData | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.data = data if data is not None else TimelineData()
        self.seconds = 10.0  # visible time span
        self.right = 0.0  # loop time at the right edge when not following
        self.following = True
        self._press: QPointF | None = None
        self._dragged = False
        self.setMouseTracking(True)
        self.setMinimumHeight(120)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(800, 400)

    # ---- feeding ------------------------------------------------------------------------------

    def add_timings(self, spans: list[RequestTiming]) -> None:
        self.data.add(spans)

    def add_workers(self, _records: object, workers: list[WorkerEvent]) -> None:
        self.data.workers(workers)

    def tick(self, now: float) -> None:
        """The bridge's flush: repaint when following (the present moved)."""
        self.data.tick(now)
        if self.following and self.isVisible():
            self.update()

    def clear(self) -> None:
        self.data.clear()
        self.set_following(True)
        self.update()

    # ---- geometry -----------------------------------------------------------------------------

    def right_edge(self) -> float:
        if not self.following:
            return self.right
        d = self.data
        # A crawl younger than the view fills it from the left, as a chart would.
        return d.latest if d.origin is None else max(d.latest, d.origin + self.seconds)

    def plot_rect(self) -> QRectF:
        return QRectF(
            LABEL_W,
            LEGEND_H,
            max(1, self.width() - LABEL_W),
            max(1, self.height() - LEGEND_H - AXIS_H),
        )

    def rows(self) -> tuple[list[int], int, float]:
        """(worker ids in lane order, workers per row, row height)."""
        wids = sorted(self.data.lanes)
        h = self.plot_rect().height()
        if not wids:
            return wids, 1, MAX_LANE_H
        per = max(1, math.ceil(len(wids) * MIN_LANE_H / h))
        nrows = math.ceil(len(wids) / per)
        return wids, per, min(MAX_LANE_H, h / nrows)

    def x_of(self, t: float) -> float:
        r = self.plot_rect()
        return r.right() - (self.right_edge() - t) / self.seconds * r.width()

    def t_of(self, x: float) -> float:
        r = self.plot_rect()
        return self.right_edge() - (r.right() - x) / r.width() * self.seconds

    def span_at(self, pos: QPoint | QPointF) -> RequestTiming | None:
        """The try under ``pos`` (on a row of single lanes only), or None."""
        wids, per, row_h = self.rows()
        r = self.plot_rect()
        if per != 1 or not r.contains(QPointF(pos)):
            return None
        row = int((pos.y() - r.top()) // row_h)
        if row >= len(wids):
            return None
        t = self.t_of(pos.x())
        slack = 2 * self.seconds / r.width()  # two pixels: thin bars can be hit too
        best = None
        for s in self.data.lanes[wids[row]].between(t - slack, t + slack):
            if s.start - slack <= t <= s.end + slack:
                best = s
                if s.start <= t <= s.end:
                    break
        return best

    # ---- control ------------------------------------------------------------------------------

    def set_following(self, on: bool) -> None:
        if on == self.following:
            return
        if not on:
            self.right = self.right_edge()  # pausing keeps the view where it is
        self.following = on
        self.followingChanged.emit(on)
        self.update()

    def zoom(self, factor: float, at_x: float | None = None) -> None:
        """Show ``factor`` times the time span, keeping the time under ``at_x`` in place."""
        r = self.plot_rect()
        at_x = r.right() if at_x is None else at_x
        t = self.t_of(at_x)
        self.seconds = min(3600.0, max(0.005, self.seconds * factor))
        if at_x < r.right() - 2:  # zooming around a past moment: the view stops following
            self.set_following(False)
            self.right = t + (r.right() - at_x) / r.width() * self.seconds
        self.update()

    def pan(self, dx: float) -> None:
        """Move the view ``dx`` pixels of time to the past (negative: to the future)."""
        self.set_following(False)
        self.right -= dx * self.seconds / self.plot_rect().width()
        self.update()

    def wheelEvent(self, e: QWheelEvent) -> None:
        steps = e.angleDelta().y() / 120
        if steps:
            self.zoom(0.8**steps, e.position().x())
        e.accept()

    def mousePressEvent(self, e: QMouseEvent) -> None:
        if e.button() == Qt.MouseButton.LeftButton:
            self._press = e.position()
            self._dragged = False

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        if self._press is not None:
            dx = e.position().x() - self._press.x()
            if self._dragged or abs(dx) > 3:
                self._dragged = True
                self.pan(dx)
                self._press = e.position()
            return
        s = self.span_at(e.position())
        if s is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(e.globalPosition().toPoint(), describe(s), self)

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:
        if e.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        self._press = None
        if not self._dragged:
            s = self.span_at(e.position())
            if s is not None:
                self.urlClicked.emit(s.url)

    # ---- drawing ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        try:
            p.fillRect(self.rect(), self.palette().base())
            self._legend(p)
            self._lanes(p)
            self._axis(p)
        finally:
            p.end()

    def _legend(self, p: QPainter) -> None:
        fm = QFontMetrics(self.font())
        x = LABEL_W
        y = (LEGEND_H - 10) / 2
        p.setPen(self.palette().text().color())
        for name in PHASES:
            p.fillRect(QRectF(x, y, 10, 10), PHASE_COLORS[name])
            label = PHASE_LABELS[name]
            p.drawText(QPointF(x + 14, y + 9), label)
            x += 24 + fm.horizontalAdvance(label)
        p.fillRect(QRectF(x, y + 3, 10, 4), ERROR_COLOR)
        p.drawText(QPointF(x + 14, y + 9), "error / retry")
        x += 24 + fm.horizontalAdvance("error / retry")
        if not self.following:
            p.drawText(QPointF(x + 10, y + 9), "paused: the view does not follow the crawl")

    def _lanes(self, p: QPainter) -> None:
        r = self.plot_rect()
        wids, per, row_h = self.rows()
        t1 = self.right_edge()
        t0 = t1 - self.seconds
        scale = r.width() / self.seconds
        right = r.right()
        top = r.top()
        text = self.palette().text().color()
        p.save()
        p.setClipRect(r)
        gap = 1.0 if row_h >= 4 else 0.0
        for row in range(math.ceil(len(wids) / per)):
            y = top + row * row_h
            if y > r.bottom():
                break
            group = wids[row * per : (row + 1) * per]
            h = row_h - gap
            if per == 1:
                self._lane(p, group[0], y, h, t0, t1, scale, right)
            else:
                self._heat(p, group, y, h, t0, t1, scale, right)
        p.restore()
        # Lane labels: every row when they fit, else every few.
        p.setPen(text)
        fm = QFontMetrics(self.font())
        every = max(1, math.ceil(fm.height() / row_h))
        for row in range(0, math.ceil(len(wids) / per), every):
            y = top + row * row_h
            if y + fm.ascent() > r.bottom():
                break
            first = wids[row * per]
            label = f"w{first}" if per == 1 else f"w{first}+"
            p.drawText(QRectF(0, y, LABEL_W - 4, max(row_h, fm.height())),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, label)  # fmt: skip

    def _lane(
        self,
        p: QPainter,
        wid: int,
        y: float,
        h: float,
        t0: float,
        t1: float,
        scale: float,
        right: float,
    ) -> None:
        lane = self.data.lanes[wid]
        for s in lane.between(t0, t1):
            x = right - (t1 - s.start) * scale
            for i, d in enumerate(s.durations):
                if d <= 0:
                    continue
                w = d * scale
                if w >= 0.5:
                    p.fillRect(QRectF(x, y, w, h), _COLORS[i])
                x += w
            if s.error_kind is not None:
                p.fillRect(QRectF(x - 2, y, 3, h), ERROR_COLOR)
        if lane.busy is not None:
            since = lane.busy[0]
            x = right - (t1 - since) * scale
            p.fillRect(QRectF(x, y, max(1.0, right - x), h), BUSY_COLOR)

    def _heat(
        self,
        p: QPainter,
        group: list[int],
        y: float,
        h: float,
        t0: float,
        t1: float,
        scale: float,
        right: float,
    ) -> None:
        """A row standing for several workers: per pixel column, the share of them busy."""
        width = math.ceil(right - LABEL_W) + 1
        delta = [0] * (width + 1)  # +1 where a try starts, -1 past its end: one pass per row
        errors = set()
        origin = LABEL_W
        for wid in group:
            for s in self.data.lanes[wid].between(t0, t1):
                a = max(0, int(right - (t1 - s.start) * scale - origin))
                b = min(width - 1, int(right - (t1 - s.end) * scale - origin))
                if a <= b:
                    delta[a] += 1
                    delta[b + 1] -= 1
                if s.error_kind is not None and 0 <= b < width:
                    errors.add(b)
        busy = list(itertools.accumulate(delta[:width]))
        n = len(group)
        base = PHASE_COLORS["download"]
        run_start = 0
        # Runs of equal shade are one rectangle: a steady crawl is a few dozen rects per row.
        shade = [min(255, int(255 * v / n)) for v in busy]
        for x in range(1, width + 1):
            if x == width or shade[x] != shade[run_start]:
                if shade[run_start]:
                    c = QColor(base)
                    c.setAlpha(shade[run_start])
                    p.fillRect(QRectF(origin + run_start, y, x - run_start, h), c)
                run_start = x
        for x in errors:
            p.fillRect(QRectF(origin + x, y, 1, h), ERROR_COLOR)

    def _axis(self, p: QPainter) -> None:
        r = self.plot_rect()
        origin = self.data.origin or 0.0
        t1 = self.right_edge() - origin
        t0 = t1 - self.seconds
        step = _tick_step(self.seconds)
        p.setPen(QPen(self.palette().mid().color()))
        y = r.bottom()
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
        p.setPen(self.palette().text().color())
        t = math.ceil(t0 / step) * step
        t = max(t, 0.0)  # nothing happened before the crawl's first event
        while t <= t1 + 1e-9:
            x = r.right() - (t1 - t) / self.seconds * r.width()
            p.drawLine(QPointF(x, y), QPointF(x, y + 3))
            p.drawText(QPointF(x + 2, y + AXIS_H - 4), _tick_label(t, step))
            t += step


def _tick_step(seconds: float) -> float:
    raw = seconds / 8
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)


def _tick_label(t: float, step: float) -> str:
    if step >= 1:
        return time_label(round(t))
    digits = max(0, -math.floor(math.log10(step)))
    return f"{t:.{digits}f} s"


class TimeSplit(QWidget):
    """Where the time goes: stacked bars of phase totals, for the whole crawl and the last
    ``RECENT`` seconds, with network / waiting / parsing shares."""

    def __init__(self, data: TimelineData, parent: Any = None) -> None:
        super().__init__(parent)
        self.data = data
        self.setMinimumHeight(58)

    def sizeHint(self) -> QSize:
        return QSize(800, 58)

    def rows(self) -> list[tuple[str, list[float]]]:
        return [
            ("whole crawl", self.data.totals),
            (f"last {RECENT:g} s", self.data.recent_totals()),
        ]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        try:
            fm = QFontMetrics(self.font())
            label_w = 90
            bar_h = 20
            for i, (name, totals) in enumerate(self.rows()):
                y = 4 + i * (bar_h + 6)
                p.setPen(self.palette().text().color())
                p.drawText(QRectF(0, y, label_w - 6, bar_h),
                           Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, name)  # fmt: skip
                total = sum(totals)
                w = self.width() - label_w - 4
                if total <= 0:
                    p.drawText(QPointF(label_w, y + bar_h - 5), "no requests yet")
                    continue
                x = float(label_w)
                for j, d in enumerate(totals):
                    dw = d / total * w
                    p.fillRect(QRectF(x, y, dw, bar_h), _COLORS[j])
                    share = f"{PHASE_LABELS[PHASES[j]]} {d / total:.0%}"
                    if dw > fm.horizontalAdvance(share) + 6:
                        p.setPen(Qt.GlobalColor.black)
                        p.drawText(QRectF(x, y, dw, bar_h), Qt.AlignmentFlag.AlignCenter, share)
                    x += dw
        finally:
            p.end()

    def summary(self, totals: list[float]) -> str:
        total = sum(totals) or 1.0
        return ", ".join(f"{k} {v / total:.0%}" for k, v in groups(totals).items())


class TimelinePanel(QWidget):
    """The Timeline tab: the lanes, a Follow switch and where the time goes."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.data = TimelineData()
        self.view = TimelineView(self.data)
        self.split = TimeSplit(self.data)
        self.follow = QCheckBox("&Follow the crawl")
        self.follow.setChecked(True)
        self.follow.setToolTip("Keep the present in view; dragging or zooming into the past pauses")
        self.follow.toggled.connect(self.view.set_following)
        self.view.followingChanged.connect(self.follow.setChecked)
        self.hint = QLabel("Wheel: zoom · drag: scroll back · click a bar: show its page")
        self.totals = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.follow)
        top.addWidget(self.hint, 1)
        top.addWidget(self.totals)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.split)

    def connect_bridge(self, bridge: Any) -> None:
        bridge.timings.connect(self.view.add_timings)
        bridge.batch.connect(self.view.add_workers)
        bridge.tick.connect(self.tick)
        bridge.started.connect(self.view.clear)

    def tick(self, now: float) -> None:
        self.view.tick(now)
        if self.isVisible():
            self.totals.setText(
                "Whole crawl: " + self.split.summary(self.data.totals)
                + " · last 10 s: " + self.split.summary(self.data.recent_totals())
            )  # fmt: skip
            self.split.update()
