"""The request timeline: one lane per worker, each request a bar split into its phases.

Painted by hand: only the bars in view are drawn (a bisect on end times), and when the lanes do
not fit, several workers share a lane, their translucent bars stacking into a heat strip. A crawl
on many machines has a group of lanes per node, labelled; its requests are drawn when their
records come, none while under way (the nodes tell Redis nothing of a request in flight).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import WORDING, noop, ntranslate, translate
from gui_crawler.cluster.nodes import NodeState, node_label
from gui_crawler.crawl.hosts import origin_of
from gui_crawler.crawl.phases import PHASES, Timing, so_far
from gui_crawler.events import FetchRecord, HostState, WorkerEvent
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.ui.catch_up import IdleCatchUp
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.timeline_hosts import HostLanes
from gui_crawler.ui.timeline_model import Bar, TimelineModel

COLORS = {
    "wait": "#b0b0b0",
    "dns": "#8e44ad",
    "connect": "#e67e22",
    "ttfb": "#2980b9",
    "download": "#27ae60",
    "parse_wait": "#f1c40f",
    "parse": "#c0392b",
    "render": "#16a085",
}
TIMELINE = "TimelinePanel"  # the context of the timeline's words
LABELS = {
    "wait": noop(TIMELINE, "waiting"),
    "dns": "DNS",
    "connect": noop(TIMELINE, "connect"),
    "ttfb": noop(TIMELINE, "first byte"),
    "download": noop(TIMELINE, "download"),
    "parse_wait": noop(TIMELINE, "parser queue"),
    "parse": noop(TIMELINE, "parsing"),
    "render": noop(TIMELINE, "rendering"),
}


def phase_label(phase: str) -> str:
    """A phase's name in the window's language."""
    return translate(TIMELINE, LABELS[phase])


_PHASE_COLORS = [QColor(COLORS[p]) for p in PHASES]
MIN_LANE_PX = 3.0
LEGEND_PX = 18
AXIS_PX = 16
SPLIT_PX = 24.0
SUMMARY_EVERY = 1.0  # seconds between two paints of "where the time goes" during a crawl


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def under_way(
    requests: list[tuple[int, str, Timing]], now: float, t0: float, lanes: HostLanes | None = None
) -> list[Bar]:
    """Requests under way (worker, URL, phase marks) as bars ending ``now`` (loop times; ``t0``
    the crawl's start), each in a free lane of its host when ``lanes`` is given."""
    out = []
    if lanes is None:
        for wid, url, t in requests:
            phases, current = so_far(t, now)
            out.append(Bar(wid, t.taken - t0, now - t0, phases, url, None, None, 1, current, True))
        return out
    taken: dict[str, set[int]] = {}
    for wid, url, t in sorted(requests, key=lambda u: u[2].taken):
        phases, current = so_far(t, now)
        host = origin_of(url)
        used = taken.setdefault(host, set())
        slot = lanes.peek(host, t.taken - t0, used)
        used.add(slot)
        start = t.taken - t0
        out.append(Bar(wid, start, now - t0, phases, url, None, None, 1, current, True, host, slot))
    return out


def _paint_phases(
    p: QPainter,
    phases: Sequence[float],
    x: float,
    y: float,
    height: float,
    scale: float,
    colors: Any,
    min_width: float,
) -> None:
    """One request's phases side by side from ``x`` (seconds times ``scale`` pixels each);
    phases left of the view are skipped, tiny ones kept ``min_width`` wide so they show."""
    for i, d in enumerate(phases):
        if d <= 0:
            continue
        dw = d * scale
        if x + dw >= 0:
            p.fillRect(QRectF(x, y, max(dw, min_width), height), colors[i])
        x += dw


def time_now() -> float:
    """The running loop's clock (engine times are loop times)."""
    return asyncio.get_running_loop().time()


class TimelineView(QWidget):
    """Lanes of bars; wheel zooms around the cursor, drag pans (and pauses following)."""

    barClicked = Signal(str)
    followingChanged = Signal(bool)

    def __init__(self, model: TimelineModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.model = model
        self.span = 10.0  # seconds across the view
        self.end = 0.0  # time at the right edge when not following
        self.following = True
        self.running = False  # a crawl runs: following shows the present, else the crawl's end
        self._drag: tuple[float, float] | None = None
        self._dragged = False
        self.by_host = False  # lanes: one per worker, or one per slot of each host
        self._cache: QPixmap | None = None
        self._spare: QPixmap | None = None
        self._cache_t1 = 0.0
        self._cache_key: tuple[object, ...] = ()
        self.setMouseTracking(True)
        self.setMinimumHeight(160)

    # ---- geometry -------------------------------------------------------------------------

    def right_time(self) -> float:
        return self.model.now if self.following else self.end

    def lane_of(self, b: Bar) -> int:
        if self.by_host:
            hosts = self.model.hosts
            return hosts.offset(b.host) + min(b.slot, hosts.lanes_of(b.host) - 1)
        return self.model.lanes.lane(b.worker)

    def lanes(self) -> tuple[int, int]:
        """(lanes drawn, workers or host slots per lane)."""
        workers = max(1, self.model.hosts.total() if self.by_host else self.model.workers)
        fit = max(1, int((self.height() - LEGEND_PX - AXIS_PX) / MIN_LANE_PX))
        per = -(-workers // fit)
        return -(-workers // per), per

    def _x(self, t: float, t1: float) -> float:
        return self.width() - (t1 - t) / self.span * self.width()

    def _time_at(self, x: float) -> float:
        return self.right_time() - (self.width() - x) / self.width() * self.span

    def _lane_rect(self, lane: int, n: int) -> QRectF:
        h = (self.height() - LEGEND_PX - AXIS_PX) / n
        return QRectF(0, LEGEND_PX + lane * h, self.width(), h)

    def bar_at(self, pos: QPointF) -> Bar | None:
        n, per = self.lanes()
        h = (self.height() - LEGEND_PX - AXIS_PX) / n
        lane = int((pos.y() - LEGEND_PX) // h)
        if not 0 <= lane < n:
            return None
        t = self._time_at(pos.x())
        tol = 3 * self.span / max(1, self.width())
        hits = [
            b
            for b in (*self.model.visible(t - tol, t + tol), *self.model.inflight)
            if self.lane_of(b) // per == lane and b.start - tol <= t <= b.end + tol
        ]
        return hits[-1] if hits else None

    # ---- commands -------------------------------------------------------------------------

    def set_following(self, on: bool) -> None:
        if on == self.following:
            return
        if not on:
            self.end = self.model.now
        self.following = on
        self.followingChanged.emit(on)
        self.update()

    def zoom(self, factor: float, at_x: float | None = None) -> None:
        at = self._time_at(self.width() if at_x is None else at_x)
        frac = 1.0 if at_x is None else at_x / max(1, self.width())
        self.span = min(3600.0, max(0.05, self.span * factor))
        if not self.following:
            self.end = at + (1.0 - frac) * self.span
        self.update()

    # ---- events ---------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom(0.8**steps, event.position().x())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._drag = (event.position().x(), self.right_time())
            self._dragged = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None:
            dx = event.position().x() - self._drag[0]
            if abs(dx) > 3:
                self._dragged = True
                self.set_following(False)
                self.end = self._drag[1] - dx / max(1, self.width()) * self.span
                self.update()
            return
        bar = self.bar_at(event.position())
        if bar is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(event.globalPosition().toPoint(), tooltip(bar), self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None and not self._dragged:
            bar = self.bar_at(event.position())
            if bar is not None and not bar.live:  # a request under way has no record yet
                self.barClicked.emit(bar.url)
        self._drag = None

    def paintEvent(self, event: QPaintEvent) -> None:
        self.model.catch_up()  # shown: what was noted while the tab was hidden first
        text = self.palette().text().color()
        n, per = self.lanes()
        h = (self.height() - LEGEND_PX - AXIS_PX) / n
        t1 = self.right_time()
        t0 = t1 - self.span
        layer = self._layer(t1, n, per, h)
        p = QPainter(self)
        p.drawPixmap(0, 0, layer)
        p.setPen(Qt.PenStyle.NoPen)
        if self.by_host:
            self._paint_hosts(p, t0, t1, per, h, text)
        else:
            self._paint_nodes(p, per, h, text)
        # Requests under way: lighter, split into the phases they went through so far.
        scale = self.width() / self.span
        w = self.width()
        hb = max(h - 2, 1.0)
        live = [QColor(c) for c in _PHASE_COLORS]
        for c in live:
            c.setAlpha(min(self._alpha(per), 110))
        key = self.lane_of
        for b in self.model.inflight:
            y = LEGEND_PX + (key(b) // per) * h
            x = w - (t1 - b.start) * scale + 1
            if per > 1:  # lanes shared: the phase it is in is what shows
                p.fillRect(QRectF(x, y + 1, max((t1 - b.start) * scale, 1.0), hb), live[b.main])
                continue
            _paint_phases(p, b.phases, x, y + 1, hb, scale, live, 1.0)
        self._paint_axis(p, t0, t1, text)
        self._paint_legend(p, text, per)
        p.end()

    @staticmethod
    def _alpha(per: int) -> int:
        return 255 if per == 1 else max(40, 255 // per)

    def _layer(self, t1: float, n: int, per: int, h: float) -> QPixmap:
        """The finished requests, painted once each: following the present, the last frame's
        layer moves left by whole pixels and only the requests finished since are painted on it.
        Everything is painted again when the geometry, zoom, lanes or position jump."""
        w, height = self.width(), self.height()
        dpr = self.devicePixelRatioF()
        scale = w / self.span
        key = (w, height, dpr, self.span, n, per, self.by_host, self.model.generation)
        fresh = self.model.take_fresh()
        old = self._cache
        shift = int((t1 - self._cache_t1) * scale) if old is not None else -1
        if old is None or key != self._cache_key or fresh is None or not 0 <= shift < w:
            pix = QPixmap(int(w * dpr), int(height * dpr))
            pix.setDevicePixelRatio(dpr)
            p = QPainter(pix)
            self._paint_lanes(p, QRectF(0, 0, w, height), n)
            self._paint_bars(p, self.model.visible(t1 - self.span, t1), t1, per, h)
            p.end()
            self._cache_t1 = t1
        else:
            t1c = self._cache_t1 + shift / scale
            if shift:
                pix = self._spare if self._spare is not None else QPixmap(old.size())
                pix.setDevicePixelRatio(dpr)
                p = QPainter(pix)
                p.drawPixmap(-shift, 0, old)
                self._paint_lanes(p, QRectF(w - shift, 0, shift, height), n)
                self._spare = old
            else:
                pix = old
                p = QPainter(pix)
            t0c = t1c - self.span
            self._paint_bars(p, [b for b in fresh if b.end >= t0c and b.start <= t1c], t1c, per, h)
            p.end()
            self._cache_t1 = t1c
        self._cache, self._cache_key = pix, key
        return pix

    def _paint_lanes(self, p: QPainter, area: QRectF, n: int) -> None:
        pal = self.palette()
        p.fillRect(area, pal.base())
        grid = QColor(pal.text().color())
        grid.setAlpha(25)
        for lane in range(0, n, 2):
            p.fillRect(self._lane_rect(lane, n).intersected(area), grid)

    def _paint_bars(self, p: QPainter, bars: list[Bar], t1: float, per: int, h: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        colors = [QColor(c) for c in _PHASE_COLORS]
        for c in colors:
            c.setAlpha(self._alpha(per))
        scale = self.width() / self.span
        w = self.width()
        err = QColor("#000000")
        hb = max(h - 2, 1.0)
        pooled = per > 1
        key = self.lane_of
        for b in bars:
            y = LEGEND_PX + (key(b) // per) * h
            x = w - (t1 - b.start) * scale
            if pooled or (b.end - b.start) * scale < SPLIT_PX:
                # Too small to tell its phases apart: one rect in its main phase's colour.
                p.fillRect(
                    QRectF(x, y + 1, max((b.end - b.start) * scale, 1.0), hb), colors[b.main]
                )
                continue
            # x + 1: a gap between one request and the next on the same lane
            _paint_phases(p, b.phases, x + 1, y + 1, hb, scale, colors, 0.5)
            if b.error is not None or (b.status or 0) >= 400 or b.tries > 1:
                # Errors get a dark end cap, retries a hollow one.
                xe = w - (t1 - b.end) * scale
                p.fillRect(QRectF(xe - 2, y, 2, h), err if b.tries <= 1 else colors[1])

    def _paint_hosts(
        self, p: QPainter, t0: float, t1: float, per: int, h: float, text: QColor
    ) -> None:
        """Over each host's lanes: a rule above them, its name and state, and the number of URLs
        held back waiting for one of its slots, a dark step line that reaches the top of the
        host's lanes at the most this host ever held back."""
        hosts = self.model.hosts
        scale = self.width() / self.span
        w = self.width()
        line = QPen(QColor("#333333"), 1.5)
        rule = QColor(text)
        rule.setAlpha(80)
        for host in hosts.order:
            top = LEGEND_PX + (hosts.offset(host) // per) * h
            height = max(h, hosts.lanes_of(host) / per * h)
            p.fillRect(QRectF(0, top, w, 1), rule)
            samples = hosts.waiting.get(host, [])
            most = max((n for _t, n in samples), default=0)
            if most:
                steps = QPolygonF()
                for i, (t, n) in enumerate(samples):
                    t_next = samples[i + 1][0] if i + 1 < len(samples) else t1
                    if t_next < t0 or t > t1:
                        continue
                    y = top + height - (height - 2) * n / most
                    steps.append(QPointF(max(-1.0, w - (t1 - t) * scale), y))
                    steps.append(QPointF(w - (t1 - t_next) * scale, y))
                p.setPen(line)
                p.drawPolyline(steps)
                p.setPen(Qt.PenStyle.NoPen)
            if height >= 12:
                p.setPen(text)
                waiting = samples[-1][1] if samples else 0
                label = translate(TIMELINE, "{host} · {slots} slots · {waiting} waiting").format(
                    host=host, slots=hosts.lanes_of(host), waiting=waiting
                )
                p.drawText(QPointF(4, top + 11), label)
                p.setPen(Qt.PenStyle.NoPen)

    def _paint_nodes(self, p: QPainter, per: int, h: float, text: QColor) -> None:
        """Over each node's lanes (a cluster crawl): a rule, and the node, its machine and its
        state."""
        rule = QColor(text)
        rule.setAlpha(80)
        w = self.width()
        for st, first, lanes in self.model.lanes.groups():
            top = LEGEND_PX + (first // per) * h
            p.fillRect(QRectF(0, top, w, 1), rule)
            if max(h, lanes / per * h) >= 12:
                p.setPen(text)
                p.drawText(QPointF(4, top + 11), node_label(st))
                p.setPen(Qt.PenStyle.NoPen)

    def _paint_axis(self, p: QPainter, t0: float, t1: float, text: QColor) -> None:
        step = _nice_step(self.span / 8)
        p.setPen(text)
        y = self.height() - 3
        t = (int(t0 / step) + 1) * step
        while t <= t1:
            x = self._x(t, t1)
            p.drawText(QPointF(x + 2, y), f"{t:g}s")
            p.drawLine(QPointF(x, y - 11), QPointF(x, y - 14))
            t += step

    def _paint_legend(self, p: QPainter, text: QColor, per: int) -> None:
        x = 4.0
        for ph in PHASES:
            p.fillRect(QRectF(x, 4, 10, 10), QColor(COLORS[ph]))
            p.setPen(text)
            label = phase_label(ph)
            p.drawText(QPointF(x + 13, 13), label)
            x += 22 + p.fontMetrics().horizontalAdvance(label)
        state = (
            translate(TIMELINE, "live")
            if self.running
            else translate(TIMELINE, "to the crawl's end")
        )
        state = state if self.following else translate(TIMELINE, "paused")
        if self.by_host:
            lanes = ntranslate(TIMELINE, "one lane per host slot", "{n} host slots per lane", per)
        else:
            lanes = ntranslate(TIMELINE, "one lane per worker", "{n} workers per lane", per)
        across = f"{self.span:.3g}" if self.span < 1000 else f"{self.span:,.0f}"
        p.drawText(
            QPointF(x + 10, 13),
            translate(TIMELINE, "{lanes} · {span} s across · {state}").format(
                lanes=lanes.format(n=per), span=across, state=state
            ),
        )


def _nice_step(raw: float) -> float:
    mag = 10 ** int(f"{raw:e}".split("e")[1])
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)


def tooltip(b: Bar) -> str:
    """The request under the mouse; its URL and error are shown as text, never as HTML."""
    if b.live:
        lines = [
            b.url,
            translate(TIMELINE, "under way: {phase} · worker {worker}").format(
                phase=phase_label(PHASES[b.main]), worker=b.worker
            ),
        ]
    else:
        status = b.error or (str(b.status) if b.status is not None else "—")
        lines = [
            b.url,
            translate(TIMELINE, "status {status} · worker {worker} · tries {tries}").format(
                status=translate(WORDING, status), worker=b.worker, tries=b.tries
            ),
        ]
    lines += [
        f"{phase_label(p)}: {v * 1000:.1f} ms" for p, v in zip(PHASES, b.phases, strict=True) if v
    ]
    return tip("\n".join(lines))


class WhereTimeGoes(QWidget):
    """Two stacked bars of phase totals: the whole crawl and the last 10 seconds."""

    RECENT = 10.0

    def __init__(self, model: TimelineModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setFixedHeight(44)

    def rows(self) -> list[tuple[str, list[float]]]:
        return [
            (translate(TIMELINE, "whole crawl"), list(self.model.totals)),
            (
                translate(TIMELINE, "last {s} s").format(s=f"{self.RECENT:g}"),
                self.model.recent_totals(self.RECENT),
            ),
        ]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        text = self.palette().text().color()
        label_w = 90
        w = self.width() - label_w - 4
        for r, (name, totals) in enumerate(self.rows()):
            y = 2 + r * 21
            p.setPen(text)
            p.drawText(QPointF(4, y + 14), name)
            total = sum(totals)
            x = float(label_w)
            for i, v in enumerate(totals):
                if total <= 0 or v <= 0:
                    continue
                dw = v / total * w
                p.fillRect(QRectF(x, y, dw, 18), _PHASE_COLORS[i])
                share = v / total
                if dw > 60:
                    p.setPen(QColor("#000000"))
                    p.drawText(QPointF(x + 3, y + 14), f"{phase_label(PHASES[i])} {share:.0%}")
                x += dw
        p.end()


class TimelinePanel(QWidget):
    """The Timeline tab: a Live/Pause toggle, the lanes, and where the time goes."""

    recordClicked = Signal(str)
    # Draw the requests under way (read from the crawler at each frame); off only to measure it.
    live_requests = True

    def __init__(self, parent: Any = None, fps: int = 10) -> None:
        super().__init__(parent)
        self.model = TimelineModel(self)
        self.view = TimelineView(self.model)
        self.summary = WhereTimeGoes(self.model)
        self.live = QPushButton(self.tr("Pause view"))
        self.live.setCheckable(True)
        self.live.setToolTip(self.tr("Stop following the present to look back (drag also pauses)"))
        self.lanes = QComboBox()
        self.lanes.setAccessibleName(self.tr("Timeline lanes"))
        self.lanes.addItems([self.tr("Lanes: workers"), self.tr("Lanes: hosts")])
        self.lanes.setToolTip(
            self.tr(
                "One lane per worker, or per host one lane per slot of its limit, with a line for "
                "the URLs waiting for a slot"
            )
        )
        self.info = QLabel()
        self.info.setTextFormat(Qt.TextFormat.PlainText)
        # Its text grows with the crawl: it must not widen the window (cut when too long, whole
        # in its tooltip).
        self.info.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.addWidget(self.live)
        top.addWidget(self.lanes)
        top.addWidget(self.info, 1)
        box = QVBoxLayout(self)
        box.setContentsMargins(2, 2, 2, 2)
        box.addLayout(top)
        box.addWidget(self.view, 1)
        box.addWidget(self.summary)
        self.live.toggled.connect(lambda on: self.view.set_following(not on))
        self.lanes.currentIndexChanged.connect(self._lanes_changed)
        self.view.followingChanged.connect(self._following)
        self.view.barClicked.connect(self.recordClicked)
        # Repaint at a steady rate, not per batch: the cost stays flat however fast records come.
        self._timer = QTimer(self)
        self._frame_ms = 1000 // fps
        self._timer.setInterval(self._frame_ms)
        self._timer.timeout.connect(self._repaint)
        self._timer.start()
        self._dirty = True
        self._bridge: CrawlBridge | None = None
        self._summary_at = 0.0
        # Hidden, the model notes its batches and places them in a lull or when shown.
        self.idle = IdleCatchUp(self.model, self, TimelineModel.CATCH_UP, at_once=True)

    def attach(self, bridge: CrawlBridge) -> None:
        self._bridge = bridge
        bridge.batch.connect(self.feed)
        bridge.started.connect(self.clear)
        bridge.finished.connect(self._ended)
        bridge.hosts.connect(self.host_states)
        bridge.nodes.connect(self.node_states)

    def clear(self) -> None:
        self.model.clear()
        self.view.set_following(True)
        self._dirty = True

    def show_records(self, records: list[FetchRecord]) -> None:
        """A crawl read from its file: its requests, the whole crawl in view."""
        self.model.clear()
        self.show_more(records)

    def show_more(self, records: list[FetchRecord]) -> None:
        """The records that follow those shown of a crawl read from its file, a batch at a time
        (``clear`` first)."""
        self.model.load_more(records)
        self.view.set_following(True)
        self.view.span = min(3600.0, max(1.0, self.model.now * 1.02))
        self._dirty = True

    def feed(self, records: list[FetchRecord], workers: list[WorkerEvent] | None = None) -> None:
        if records:
            self.model.add(records)
            self._dirty = True

    def node_states(self, states: list[NodeState]) -> None:
        """A cluster crawl's nodes: a group of lanes each, labelled."""
        for st in states:
            self.model.lanes.set_node(st)
        self._dirty = True

    def host_states(self, states: list[HostState]) -> None:
        model = self.model
        for st in states:
            if model.waiting and not model.hosts.knows(st.host):
                model.catch_up()  # the hosts' lanes in the order they would have begun
            model.hosts.set_state(st.host, st.limit, st.waiting, model.now)
        self._dirty = True

    def _lanes_changed(self, index: int) -> None:
        self.view.by_host = index == 1
        self._dirty = True
        self.view.update()

    def _ended(self, _finished: object) -> None:
        # Every record is in: nothing is under way any more.
        self.model.inflight = []
        self.view.running = False
        self._dirty = True

    def _following(self, on: bool) -> None:
        self.live.blockSignals(True)
        self.live.setChecked(not on)
        self.live.blockSignals(False)
        self.live.setText(self.tr("Pause view") if on else self.tr("Follow live"))

    def _repaint(self) -> None:
        bridge = self._bridge
        visible = self.isVisible()
        if visible:
            self.model.catch_up()  # shown: what was noted while hidden is drawn
        running = bridge is not None and bridge.running
        if self.view.running != running:
            self.view.running = running
            self._dirty = True
        if (
            bridge is not None
            and bridge.running
            and bridge.started_at is not None
            and _loop_running()
        ):
            # Follow the clock, not the last record, so a stalled crawl is seen to stall.
            now = time_now()
            self.model.now = max(self.model.now, now - bridge.started_at)
            if visible and self.live_requests:
                hosts = self.model.hosts if self.view.by_host else None
                self.model.inflight = under_way(bridge.under_way(), now, bridge.started_at, hosts)
                for b in self.model.inflight:
                    self.model.lanes.see(b.worker)
            self._dirty = True
        elif self.model.inflight:
            self.model.inflight = []
            self._dirty = True
        if not self._dirty or not visible:
            return
        self._dirty = False
        info = self.tr("{n} requests shown · {workers} workers").format(
            n=len(self.model.bars), workers=self.model.workers
        )
        if self.model.lanes.nodes:
            info = self.tr(
                "{} on {} nodes · drawn as their records come, none under way (a node tells "
                "nothing of a request in flight)"
            ).format(info, len(self.model.lanes.nodes))
        if info != self.info.text():
            self.info.setText(info)
            self.info.setToolTip(tip(info))
        t = time.perf_counter()
        self.view.repaint()
        if t - self._summary_at >= SUMMARY_EVERY or not (bridge and bridge.running):
            # Totals over the last 10 s add up every request in them: once a second is enough.
            self._summary_at = t
            self.summary.repaint()
        # Painting may take at most a tenth of the loop's time, whatever the number of bars.
        spent = time.perf_counter() - t
        self._timer.setInterval(max(self._frame_ms, min(2000, int(spent * 10_000))))
