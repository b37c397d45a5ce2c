"""The timeline painted by hand vs with pyqtgraph, side by side on the same bars:
``python bench/timeline_pyqtgraph.py [--lanes 1000] [--rate 3000] [--seconds 5] [--runs 3]``.

pyqtgraph is not a dependency: install it (and numpy) where this runs, e.g.
``pip install --target DIR pyqtgraph numpy`` and ``PYTHONPATH=DIR``.

Synthetic requests, ``--rate`` a second spread over ``--lanes`` workers, each split in the seven
phases, arrive in batches every 200 ms (as the bridge hands them over) while the view follows the
present 10 s wide at 10 frames a second, offscreen, 1400 x 800. Measured per frame: the time to
update and paint (median, p99), and over the whole run the lateness of a 10 ms heartbeat (the UI
lag a person feels). pyqtgraph draws one BarGraphItem per phase colour from numpy arrays (the
way it is meant for many rectangles); ours is gui_crawler.ui.timeline.TimelineView as shipped, and
"ours, all bars each frame" the same view made to paint every bar at every frame.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

from common import table

SPAN = 10.0


def records(rate: int, lanes: int, seconds: float, seed: int = 1) -> list[Any]:
    from gui_crawler.crawl.phases import FIELDS
    from gui_crawler.events import FetchRecord

    rnd = random.Random(seed)
    out = []
    n = int(rate * seconds)
    for i in range(n):
        end = (i + 1) / rate
        ms = [rnd.uniform(0, 30), 0.0, rnd.uniform(0, 5), rnd.uniform(50, 150)]
        ms += [rnd.uniform(1, 20), rnd.uniform(0, 200), rnd.uniform(1, 10)]
        out.append(
            FetchRecord(
                url=f"http://h/{i}",
                worker=rnd.randrange(lanes),
                status=200,
                finished_at=end,
                elapsed=sum(ms) / 1000,
                **dict(zip(FIELDS, ms, strict=True)),
            )
        )
    return out


class Ours:
    def __init__(self, whole: bool = False) -> None:
        self.whole = whole
        from gui_crawler.ui.timeline import TimelineView
        from gui_crawler.ui.timeline_model import TimelineModel

        self.model = TimelineModel()
        self.view = TimelineView(self.model)
        self.view.resize(1400, 800)
        self.view.show()

    def add(self, recs: list[Any]) -> None:
        self.model.add(recs)

    def frame(self, now: float) -> None:
        self.model.now = now
        if self.whole:
            self.view._cache = None  # every bar painted at every frame, as before the layer
        self.view.repaint()


class WithPyqtgraph:
    def __init__(self, lanes: int) -> None:
        import numpy as np
        import pyqtgraph as pg

        from gui_crawler.crawl.phases import PHASES
        from gui_crawler.ui.timeline import COLORS

        self.np = np
        self.lanes = lanes
        self.plot = pg.PlotWidget()
        self.plot.resize(1400, 800)
        self.plot.setYRange(0, lanes)
        self.plot.show()
        self.items = []
        for ph in PHASES:
            item = pg.BarGraphItem(x0=[], y0=[], width=[], height=[], brush=COLORS[ph], pen=None)
            self.plot.addItem(item)
            self.items.append(item)
        self.start = np.empty(0)
        self.end = np.empty(0)
        self.lane = np.empty(0)
        self.phases = np.empty((0, len(PHASES)))

    def add(self, recs: list[Any]) -> None:
        from gui_crawler.crawl.phases import FIELDS

        np = self.np
        end = np.array([r.finished_at for r in recs])
        self.end = np.concatenate([self.end, end])
        self.start = np.concatenate([self.start, end - np.array([r.elapsed for r in recs])])
        self.lane = np.concatenate([self.lane, np.array([float(r.worker) for r in recs])])
        ph = np.array([[getattr(r, f) / 1000 for f in FIELDS] for r in recs])
        self.phases = np.concatenate([self.phases, ph])

    def frame(self, now: float) -> None:
        np = self.np
        lo = int(np.searchsorted(self.end, now - SPAN))
        start, lane, ph = self.start[lo:], self.lane[lo:], self.phases[lo:]
        x0 = start[:, None] + np.cumsum(ph, axis=1) - ph
        for i, item in enumerate(self.items):
            item.setOpts(x0=x0[:, i], y0=lane, width=ph[:, i], height=np.full(len(lane), 0.8))
        self.plot.setXRange(now - SPAN, now, padding=0)
        self.plot.repaint()


def run(kind: str, recs: list[Any], lanes: int, seconds: float) -> dict[str, float]:
    from PySide6.QtCore import QCoreApplication, QTimer

    view: Any = WithPyqtgraph(lanes) if kind == "pyqtgraph" else Ours(whole=kind != "ours")
    app = QCoreApplication.instance()
    assert app is not None
    app.processEvents()  # shown and exposed: painting happens from the first frame
    lags: list[float] = []
    frames: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        lags.append(max(0.0, (now - last[0]) * 1000 - 10))
        last[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(beat)
    # The first half of the records are history when the run starts.
    rate = len(recs) / (2 * seconds)
    taken = int(rate * seconds)
    view.add(recs[:taken])
    t0 = time.perf_counter()
    next_batch = next_frame = t0
    heartbeat.start()
    last[0] = time.perf_counter()
    while (now := time.perf_counter()) - t0 < seconds:
        if now >= next_batch:
            upto = min(len(recs), int(rate * (seconds + now - t0)))
            if upto > taken:
                view.add(recs[taken:upto])
                taken = upto
            next_batch += 0.2
        if now >= next_frame:
            f = time.perf_counter()
            view.frame(seconds + now - t0)
            frames.append((time.perf_counter() - f) * 1000)
            next_frame += 0.1
        app.processEvents()
        time.sleep(0.001)
    heartbeat.stop()
    fs = sorted(frames)
    ls = sorted(lags)
    return {
        "frame_med": statistics.median(fs),
        "frame_p99": fs[min(len(fs) - 1, int(len(fs) * 0.99))],
        "lag_p99": ls[min(len(ls) - 1, int(len(ls) * 0.99))],
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--lanes", type=int, default=1000)
    p.add_argument("--rate", type=int, default=3000)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    try:
        import pyqtgraph  # noqa: F401
    except ImportError:
        sys.exit("pyqtgraph is not installed here: see this script's docstring")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    recs = records(args.rate, args.lanes, 2 * args.seconds)
    results: dict[str, list[dict[str, float]]] = {"ours": [], "ours, all bars each frame": []}
    results["pyqtgraph"] = []
    for _ in range(args.runs):
        for kind in results:
            results[kind].append(run(kind, recs, args.lanes, args.seconds))
    rows = []
    base = {k: statistics.median(r[k] for r in results["ours"]) for k in results["ours"][0]}
    for kind, rs in results.items():
        med = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        rows.append(
            [kind, med["frame_med"], med["frame_p99"], med["lag_p99"],
             med["frame_med"] / base["frame_med"], med["lag_p99"] / base["lag_p99"]]
        )  # fmt: skip
    title = (
        f"{args.lanes} lanes, {args.rate} requests/s, {SPAN:g} s in view, "
        f"medians of {args.runs} (ms)"
    )
    heads = ["painter", "frame med", "frame p99", "lag p99", "frame / ours", "lag / ours"]
    print(table(heads, rows, title))
    app.quit()


if __name__ == "__main__":
    main()
