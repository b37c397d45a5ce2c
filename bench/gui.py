"""The window, crawling, in a process of its own: ``python bench/gui.py URL [options]``.

The real MainWindow (offscreen, or $QT_QPA_PLATFORM) on one qasync loop starts a crawl as Start
does: the lateness of a 10 ms QTimer heartbeat meanwhile, the wall time from Start to the end,
RSS; one JSON line. ``Heartbeat``, ``in_window_process``, ``new_window`` and ``start`` serve
the other window children too.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from typing import Any

from common import die_with_parent, maxrss_mb, percentile, raise_nofile, rss_mb


class Heartbeat:
    """A QTimer every ``ms``; each beat's lateness (ms past its interval) in ``lags``."""

    def __init__(self, ms: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.ms = ms
        self.lags: list[float] = []
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(ms)
        self.timer.timeout.connect(self._beat)

    def _beat(self) -> None:
        now = time.perf_counter()
        self.lags.append(max(0.0, (now - self._last) * 1000 - self.ms))
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self.lags = []
        self.timer.start()

    def take(self) -> list[float]:
        """The lags so far; the next ones start afresh."""
        lags, self.lags = self.lags, []
        return lags

    def figures(self, lags: list[float]) -> dict[str, float]:
        return {"lag_p50_ms": percentile(lags, 0.50), "lag_p99_ms": percentile(lags, 0.99),
                "lag_max_ms": max(lags, default=float("nan")), "beats": len(lags)}  # fmt: skip


def in_window_process(main: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``main()`` on the window's event loop in this (child) process: offscreen Qt, settings
    and crawl files in a scratch folder ($BENCH_DATA_DIR if set), never the user's."""
    die_with_parent()
    raise_nofile()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_API", "pyside6")
    scratch = os.environ.get("BENCH_DATA_DIR") or tempfile.mkdtemp(prefix="bench-gui-")
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = scratch
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.qtloop import CrawlEventLoop

    app = QApplication(sys.argv[:1])
    app.setApplicationName("gui-crawler-bench")
    with asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner:
        return runner.run(main())


def new_window(url: str = "", workers: int = 0) -> Any:
    """The real MainWindow, shown at 1400 x 900, set to crawl ``url`` with ``workers`` (and as
    many per host) and no external checks (loopback only: the sites link to real hosts)."""
    from gui_crawler.window import MainWindow

    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    window.url = url
    window.settings.politeness.check_external.setChecked(False)
    if workers:
        window.workers = workers
    window.settings.politeness.per_host.setValue(window.workers)
    return window


def start(window: Any) -> asyncio.Event:
    """Start the window's crawl as the Start button does; the event is set when it ends."""
    done = asyncio.Event()
    window.crawlFinished.connect(lambda _f: done.set())
    if not window.start():
        raise SystemExit(f"window did not start: {window.problem}")
    return done


async def run(args: argparse.Namespace) -> dict:
    beat = Heartbeat()
    window = new_window(args.url, args.workers)
    if args.tab:
        window.show_tab(getattr(window, f"{args.tab}_view", None) or getattr(window, args.tab))
    await asyncio.sleep(0.3)  # let the window settle before timing
    beat.start()
    t = time.perf_counter()
    await start(window).wait()
    wall = time.perf_counter() - t
    beat.timer.stop()
    gc.collect()
    out = {"records": window.row_count, "wall": wall, **beat.figures(beat.lags),
           "rss_end_mb": rss_mb(), "maxrss_mb": maxrss_mb()}  # fmt: skip
    window.close()
    await window.wait()
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("--workers", type=int, default=16)
    p.add_argument("--tab", help="show this tab while crawling: workers, tree, broken, timeline…")
    args = p.parse_args()
    print(json.dumps(in_window_process(lambda: run(args))))


if __name__ == "__main__":
    main()
