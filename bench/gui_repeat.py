"""Memory that does not come back: the same site crawled again and again in one window.

Serves Debian's python3-doc (or rust-doc) with nginx on loopback (external checks off), opens the real
MainWindow offscreen, crawls the site N times the way Start does, and after each crawl (gc run,
Qt's deferred deletes flushed) prints RSS, the peak RSS so far and the Python heap that
tracemalloc sees; with --top, the allocation sites that grew most between the second and the
last crawl.

    python bench/gui_repeat.py [--site python|rust] [--runs 6] [--top 15]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import tracemalloc
from pathlib import Path

from common import die_with_parent, maxrss_mb, raise_nofile, rss_mb, trim
from servers import Nginx

SITES = {
    "python": Path("/usr/share/doc/python3-doc/html"),  # 526 pages
    "rust": Path("/usr/share/doc/rust-doc/html"),  # ~22k URLs
}


async def crawls(url: str, runs: int, top: int) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    from gui_crawler.window import MainWindow

    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    window.url = url
    window.settings.politeness.check_external.setChecked(False)  # loopback only
    window.settings.politeness.per_host.setValue(16)
    window.workers = 16
    done = asyncio.Event()
    window.crawlFinished.connect(lambda _f: done.set())
    await asyncio.sleep(0.3)
    snapshots = []
    base = rss_mb()
    print(f"before the first crawl: RSS {base:.1f} MB", flush=True)
    for i in range(runs):
        done.clear()
        if not window.start():
            raise SystemExit(f"window did not start: {window.problem}")
        await done.wait()
        await asyncio.sleep(0.5)  # the last ticks
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        heap = tracemalloc.get_traced_memory()[0] / 2**20 if top else float("nan")
        before_trim = rss_mb()
        trimmed = trim()
        print(
            f"crawl {i + 1}: {window.row_count} rows, RSS {rss_mb():.1f} MB "
            f"(+{rss_mb() - base:.1f}; {before_trim:.1f} before malloc_trim{'' if trimmed else ' (none here)'}), "
            f"Python heap {heap:.1f} MB, peak RSS so far {maxrss_mb():.1f} MB",
            flush=True,
        )
        if top and i in (1, runs - 1):
            snapshots.append(tracemalloc.take_snapshot())
    if top and len(snapshots) == 2:
        print(f"\ngrew most between crawl 2 and crawl {runs}:")
        for stat in snapshots[1].compare_to(snapshots[0], "traceback")[:top]:
            frame = stat.traceback[-1]
            print(f"  {stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d}  {frame}")
            for f in list(stat.traceback)[-4:-1][::-1]:
                print(f"        {f}")
    window.close()
    await window.wait()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=6)
    p.add_argument("--top", type=int, default=0, help="trace allocations, list the top N")
    p.add_argument("--site", choices=sorted(SITES), default="python")
    args = p.parse_args()
    die_with_parent()
    raise_nofile()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("QT_API", "pyside6")
    scratch = tempfile.mkdtemp(prefix="bench-gui-repeat-")
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = scratch
    if args.top:
        tracemalloc.start(6)
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.qtloop import CrawlEventLoop

    app = QApplication(sys.argv[:1])
    app.setApplicationName("gui-crawler-bench")
    with (
        Nginx(SITES[args.site], mime_types=True) as server,
        asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner,
    ):
        runner.run(crawls(server.url, args.runs, args.top))


if __name__ == "__main__":
    main()
