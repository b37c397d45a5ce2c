"""Screenshots of the real window on a real X display (Xvfb, the xcb platform), for the README.

    Xvfb :93 -screen 0 1600x1000x24 &
    DISPLAY=:93 QT_QPA_PLATFORM=xcb .venv/bin/python tools/screenshot.py OUT.png [--tab overview]
        [--after 2.5]   # seconds into the crawl of the demo site; default: when it has finished
        [--language zh_CN]   # the window in another language (Chinese needs a CJK font: fc-list)

The window crawls the built-in demo site and the whole screen is captured with ImageMagick's
``import``, as a person would see it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess

from PySide6.QtWidgets import QApplication

from gui_crawler.demo.site import start_demo_server
from gui_crawler.ui import i18n
from gui_crawler.ui.qtloop import CrawlEventLoop
from gui_crawler.window import MainWindow


async def shoot(args: argparse.Namespace) -> None:
    demo = await start_demo_server(latency_scale=args.latency)
    window = MainWindow()
    window.resize(1580, 960)
    window.move(0, 0)
    window.show()
    done = asyncio.Event()
    window.crawlFinished.connect(lambda _f: done.set())
    window.url = args.url or demo.url
    if args.url:  # a site served on loopback links to the internet: check no external link
        window.settings.politeness.check_external.setChecked(False)
    tab = getattr(window, f"{args.tab}_view", None) or getattr(window, args.tab, None)
    if tab is not None:
        window.show_tab(tab)
    window.graph_view.kind.setCurrentIndex(window.graph_view.kind.findData(args.graph))
    if args.lanes == "hosts":
        window.timeline.lanes.setCurrentIndex(1)
    window.timeline.view.span = args.span
    assert window.start(), window.problem
    if args.after:
        await asyncio.sleep(args.after)
    else:
        await asyncio.wait_for(done.wait(), 600)
        await asyncio.sleep(1.0)
        while tab is window.graph_view and not tab.up_to_date:
            await asyncio.sleep(0.1)  # the picture of the whole crawl
    display = os.environ.get("DISPLAY", ":93")
    # Blocking on purpose: the window must not change while it is captured.
    subprocess.run(["import", "-display", display, "-window", "root", args.out], check=True)  # noqa: ASYNC221
    window.close()
    await window.aclose()
    await demo.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out")
    p.add_argument(
        "--tab", default="pages", help="pages, tree, workers, timeline, hosts, overview…"
    )
    p.add_argument("--lanes", choices=["workers", "hosts"], default="workers", help="timeline")
    p.add_argument("--span", type=float, default=10.0, help="timeline: seconds across")
    p.add_argument("--graph", choices=["tree", "force"], default="tree", help="site graph view")
    p.add_argument("--after", type=float, default=0.0, help="seconds into the crawl")
    p.add_argument("--latency", type=float, default=0.5, help="the demo site's latency scale")
    p.add_argument("--language", default="en", help="en or zh_CN (the window's translation)")
    p.add_argument(
        "--url",
        default="",
        help="crawl this loopback site (external links unchecked), not the demo",
    )
    args = p.parse_args()
    app = QApplication([])
    app.setApplicationName("gui-crawler-screenshot")  # its own settings, not the user's
    app.setQuitOnLastWindowClosed(False)  # the loop ends with shoot(), not with the window
    i18n.install(args.language)  # before the window: its words are made in that language
    with asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner:
        runner.run(shoot(args))


if __name__ == "__main__":
    main()
