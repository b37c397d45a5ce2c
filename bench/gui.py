"""The window, crawling, in a process of its own: ``python bench/gui.py URL [options]``.

Opens the real MainWindow (offscreen unless DISPLAY is set and --display is given) on one qasync
loop, starts a crawl the way the Start button does, and measures what a person would feel: the
lateness of a 10 ms QTimer heartbeat while the crawl runs (UI event-loop lag), the wall time from
Start to the end, and RSS. ``--no-window`` runs the bare engine on the same qasync loop, to tell
the window's cost from the loop's. Prints one JSON line.
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

from common import die_with_parent, maxrss_mb, raise_nofile, rss_mb


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))]


async def run(args: argparse.Namespace) -> dict:
    from PySide6.QtCore import Qt, QTimer

    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler

    lags: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        lags.append(max(0.0, (now - last[0]) * 1000 - args.heartbeat_ms))
        last[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(args.heartbeat_ms)
    heartbeat.timeout.connect(beat)
    records = 0
    window = None
    done = asyncio.Event()
    if args.no_window:
        config = CrawlConfig(
            roots=(args.url,),
            max_tasks=args.workers,
            max_pages=args.max_pages,
            check_external=False,  # loopback only: the docs site links to real hosts
            per_host=args.workers,
        )

        def sink(e: object) -> None:
            nonlocal records
            records += type(e).__name__ == "FetchRecord"

        crawler = Crawler(config, sink)
        last[0] = time.perf_counter()
        heartbeat.start()
        t = time.perf_counter()
        await crawler.run()
        wall = time.perf_counter() - t
    else:
        from gui_crawler.window import MainWindow

        window = MainWindow()
        window.resize(1400, 900)
        window.show()
        window.workers = args.workers
        window.max_pages = args.max_pages
        window.url = args.url
        window.settings.politeness.check_external.setChecked(False)  # loopback only
        window.settings.politeness.per_host.setValue(args.workers)
        if args.tab:
            window.show_tab(getattr(window, f"{args.tab}_view", None) or getattr(window, args.tab))
        if args.sort_status:
            # Rows then arrive into a sorted table: merged into place on every tick.
            window.pages_tab.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        window.crawlFinished.connect(lambda _f: done.set())
        await asyncio.sleep(0.3)  # let the window settle before timing
        last[0] = time.perf_counter()
        heartbeat.start()
        t = time.perf_counter()
        if not window.start():
            raise SystemExit(f"window did not start: {window.problem}")
        await done.wait()
        wall = time.perf_counter() - t
        records = window.row_count
    heartbeat.stop()
    gc.collect()
    rss_end = rss_mb()
    out = {
        "mode": "engine on qasync" if args.no_window else "window",
        "records": records,
        "wall": wall,
        "records_per_s": records / wall if wall else 0.0,
        "lag_p50_ms": percentile(lags, 0.50),
        "lag_p99_ms": percentile(lags, 0.99),
        "lag_max_ms": max(lags, default=float("nan")),
        "beats": len(lags),
        "rss_end_mb": rss_end,
        "maxrss_mb": maxrss_mb(),
    }
    if window is not None:
        window.close()
        await window.wait()
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("--workers", type=int, default=16)
    p.add_argument("--max-pages", type=int, default=0)
    p.add_argument("--heartbeat-ms", type=int, default=10)
    p.add_argument("--no-window", action="store_true", help="the engine alone on the qasync loop")
    p.add_argument("--sort-status", action="store_true", help="sort the pages by status first")
    p.add_argument(
        "--tab", choices=["workers", "tree", "redirects", "broken", "timeline"], default=None
    )
    p.add_argument("--display", action="store_true", help="use $DISPLAY (Xvfb), not offscreen")
    args = p.parse_args()
    die_with_parent()
    raise_nofile()
    if not (args.display and os.environ.get("DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("QT_API", "pyside6")
    # The window saves settings and a crawl file: keep both out of the user's own.
    scratch = tempfile.mkdtemp(prefix="bench-gui-")
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = scratch
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.qtloop import CrawlEventLoop

    app = QApplication(sys.argv[:1])
    app.setApplicationName("gui-crawler-bench")
    with asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner:
        out = runner.run(run(args))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
