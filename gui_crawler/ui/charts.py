"""Live line charts (queue depth, busy workers, pages/s) drawn with QPainter — no QtCharts here,
only PySide6-Essentials is installed."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from gui_crawler.events import Progress
from gui_crawler.records.wording import duration

RATE_WINDOW = 1.0  # seconds over which pages/s is averaged
MAX_SAMPLES = 2000  # past this, every other sample is dropped: drawing cost stays bounded


def nice_ceiling(v: float) -> float:
    """The smallest of 1, 2, 2.5, 5 * 10^k that is >= v (a tidy axis maximum)."""
    if v <= 1:
        return 1.0
    mag = 10 ** math.floor(math.log10(v))
    for m in (1, 2, 2.5, 5, 10):
        if v <= m * mag:
            return float(m * mag)
    return float(10 * mag)


TIME_STEPS = (0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300,
              600, 900, 1800, 3600, 7200)  # fmt: skip


def time_axis(t_end: float, max_ticks: int = 6) -> tuple[float, float]:
    """(axis end, tick step) for a crawl that has run ``t_end`` seconds: the axis fits the crawl
    (a 1.5 s crawl fills the chart, not a tenth of it, a 27 ms one too) and ends on a tick;
    half a second before any."""
    t_end = max(t_end, 0.01) if t_end > 0 else 0.5
    for step in TIME_STEPS:
        if t_end / step <= max_ticks:
            return math.ceil(t_end / step - 1e-9) * step, step
    step = TIME_STEPS[-1]
    return math.ceil(t_end / step) * step, step


def time_label(t: float) -> str:
    if t < 60:
        return f"{t:g} s"
    m, sec = divmod(round(t), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


class History:
    """The crawl's progress over time: one sample per Progress event."""

    def __init__(self) -> None:
        self.t: list[float] = []
        self.queued: list[float] = []
        self.busy: list[float] = []
        self.rate: list[float] = []
        self._done: list[int] = []

    def add(self, p: Progress) -> None:
        if self.t and p.elapsed <= self.t[-1]:
            return  # the closing snapshot repeats the last one
        self.t.append(p.elapsed)
        self.queued.append(float(p.queued))
        self.busy.append(float(p.busy))
        self._done.append(p.done)
        # Rate over the last RATE_WINDOW seconds (samples are ~0.1 s apart, so a short scan).
        i = len(self.t) - 1
        while i > 0 and self.t[-1] - self.t[i - 1] <= RATE_WINDOW:
            i -= 1
        if i < len(self.t) - 1:
            dt = self.t[-1] - self.t[i]
            self.rate.append((p.done - self._done[i]) / dt if dt > 0 else 0.0)
        else:  # the first sample: the rate since the crawl began (the whole of a short one)
            self.rate.append(p.done / p.elapsed if p.elapsed > 0 else 0.0)
        if len(self.t) > MAX_SAMPLES:
            self._halve()

    def _halve(self) -> None:
        # Keep the newest samples whole (the rate window looks back at them), thin the rest.
        keep = int(RATE_WINDOW * 20) + 1
        for name in ("t", "queued", "busy", "rate", "_done"):
            seq = getattr(self, name)
            seq[:] = seq[:-keep:2] + seq[-keep:]

    @property
    def pages_per_second(self) -> float:
        return self.rate[-1] if self.rate else 0.0

    def clear(self) -> None:
        self.__init__()  # type: ignore[misc]


def _mix(color: QColor, under: QColor, share: float) -> QColor:
    """``color`` at ``share`` opacity over ``under``, as one opaque colour."""

    def mix(a: float, b: float) -> float:
        return a * share + b * (1 - share)

    return QColor.fromRgbF(
        mix(color.redF(), under.redF()),
        mix(color.greenF(), under.greenF()),
        mix(color.blueF(), under.blueF()),
    )


class LiveChart(QWidget):
    """One series against time, filled under the line, with its maximum and current value.

    Signals: none.
    """

    def __init__(self, title: str, color: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.title = title
        self.color = QColor(color)
        self.t: list[float] = []
        self.v: list[float] = []
        self.setMinimumHeight(70)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(320, 110)

    def set_data(self, t: list[float], v: list[float]) -> None:
        """The series to draw at the next paint (``ChartsPanel`` asks for it)."""
        self.t, self.v = t, v

    def _points(self, plot: QRectF, t_max: float, y_max: float) -> list[QPointF]:
        # At most one point per pixel column (the max of the bucket), so a long crawl draws fast.
        width = max(1, int(plot.width()))
        buckets: dict[int, float] = {}
        scale_x = plot.width() / t_max
        for t, v in zip(self.t, self.v, strict=False):
            x = min(width, int(t * scale_x))
            if v > buckets.get(x, -1.0):
                buckets[x] = v
        return [
            QPointF(plot.left() + x, plot.bottom() - v / y_max * plot.height())
            for x, v in sorted(buckets.items())
        ]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        p.fillRect(self.rect(), pal.base())
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        p.setFont(font)
        fm = p.fontMetrics()
        cur = self.v[-1] if self.v else 0.0
        y_max = nice_ceiling(max(self.v, default=0.0) * 1.05)
        label = f"{y_max:g}"
        left = fm.horizontalAdvance(label) + 8
        top = fm.height() + 4
        plot = QRectF(left, top, self.width() - left - 6, self.height() - top - fm.height() - 4)
        text_pen = QPen(pal.text().color())
        p.setPen(text_pen)
        p.drawText(
            QRectF(left, 0, plot.width(), top),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            f"{self.title}: {cur:.1f}" if cur % 1 else f"{self.title}: {cur:.0f}",
        )
        p.drawText(
            QRectF(0, plot.top() - fm.height() / 2, left - 4, fm.height()),
            Qt.AlignmentFlag.AlignRight,
            label,
        )
        p.drawText(
            QRectF(0, plot.bottom() - fm.height() / 2, left - 4, fm.height()),
            Qt.AlignmentFlag.AlignRight,
            "0",
        )
        grid = _mix(pal.text().color(), pal.base().color(), 40 / 255)
        p.setPen(QPen(grid, 1))
        p.drawRect(plot)
        p.drawLine(
            QPointF(plot.left(), plot.center().y()), QPointF(plot.right(), plot.center().y())
        )
        t_max, step = time_axis(self.t[-1] if self.t else 0.0)
        p.setPen(text_pen)
        n_ticks = round(t_max / step)
        for i in range(n_ticks + 1):
            x = plot.left() + plot.width() * i / n_ticks
            if 0 < i < n_ticks:
                p.setPen(QPen(grid, 1))
                p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
                p.setPen(text_pen)
            text = time_label(i * step)
            w = fm.horizontalAdvance(text)
            left_x = min(max(x - w / 2, plot.left()), plot.right() - w)
            p.drawText(
                QRectF(left_x, plot.bottom() + 2, w + 2, fm.height()),
                Qt.AlignmentFlag.AlignLeft,
                text,
            )
        if len(self.v) == 1 and plot.width() > 2:
            # A crawl over before its second sample: its one value, across the time it took,
            # and said so (no line could be drawn between two points).
            y = plot.bottom() - self.v[0] / y_max * plot.height()
            x = plot.left() + min(1.0, self.t[0] / t_max) * plot.width()
            p.setPen(QPen(self.color, 1.5))
            p.drawLine(QPointF(plot.left(), y), QPointF(x, y))
            p.setPen(text_pen)
            note = self.tr("Over in {}: one sample").format(duration(self.t[0]))
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, note)
        if len(self.v) < 2 or plot.width() < 2 or plot.height() < 2:
            p.end()
            return
        pts = self._points(plot, t_max, y_max)
        path = QPainterPath(QPointF(pts[0].x(), plot.bottom()))
        for pt in pts:
            path.lineTo(pt)
        path.lineTo(QPointF(pts[-1].x(), plot.bottom()))
        p.fillPath(path, _mix(self.color, pal.base().color(), 60 / 255))
        # Only the line is antialiased (the fill's edge is under it), and it is one pixel wide:
        # the raster engine draws wider or translucent lines, and translucent fills, on a slow
        # path (a chart of 400 points: a 1.5-pixel antialiased line 5.9 ms, a 1-pixel one 0.1).
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self.color, 1))
        p.drawPolyline(pts)
        p.end()


class ChartsPanel(QWidget):
    """Queue depth, busy workers and pages/s over the crawl, stacked; painted again at most every
    REPAINT_MS (a progress event comes every 0.1 s, and the charts share the event loop with the
    crawl: painted at each, they took a fifth of the window's loop on the Rust docs).

    Signals: none.
    """

    REPAINT_MS = 500

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.history = History()
        self._repaint = QTimer(self)
        self._repaint.setSingleShot(True)
        self._repaint.setInterval(self.REPAINT_MS)
        self._repaint.timeout.connect(self._paint_again)
        self.queue = LiveChart(self.tr("Queue depth"), "#2e86c1")
        self.busy = LiveChart(self.tr("Busy workers"), "#1e8449")
        self.rate = LiveChart(self.tr("Pages/s"), "#d35400")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        for c in (self.queue, self.busy, self.rate):
            lay.addWidget(c)

    def add(self, p: Progress) -> None:
        h = self.history
        h.add(p)
        self.queue.set_data(h.t, h.queued)
        self.busy.set_data(h.t, h.busy)
        self.rate.set_data(h.t, h.rate)
        if not self._repaint.isActive():
            self._repaint.start()

    def _paint_again(self) -> None:
        for c in (self.queue, self.busy, self.rate):
            c.update()

    def clear(self) -> None:
        self.history.clear()
        for c in (self.queue, self.busy, self.rate):
            c.set_data([], [])
        self._repaint.stop()
        self._paint_again()
