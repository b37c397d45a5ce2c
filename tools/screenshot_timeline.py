"""Crawl in the real window with the Timeline tab shown and capture the screen mid-crawl.

    Xvfb :94 -screen 0 1600x1000x24 &
    DISPLAY=:94 QT_QPA_PLATFORM=xcb .venv/bin/python tools/screenshot_timeline.py docs/timeline-demo.png
    DISPLAY=:94 QT_QPA_PLATFORM=xcb .venv/bin/python tools/screenshot_timeline.py \
        docs/timeline-pydocs.png /usr/share/doc/python3-doc/html

With a directory, it is served by an aiohttp static server on 127.0.0.1 and crawled from its
index.html; else the built-in demo site. Needs ImageMagick's ``import``.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import qasync  # noqa: F401  (imported before use with PySide6 as the app does)
from aiohttp import web
from PySide6.QtWidgets import QApplication

from gui_crawler.demo import start_demo_server
from gui_crawler.window import MainWindow


async def serve(root: Path) -> tuple[web.AppRunner, str]:
    app = web.Application()
    app.router.add_static("/", root, show_index=False)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}/index.html"


async def shoot(out: str, root: str | None, seconds: float) -> None:
    if root:
        runner, url = await serve(Path(root))
        close = runner.cleanup
    else:
        demo = await start_demo_server(latency_scale=0.3)
        url, close = demo.url, demo.close
    window = MainWindow()
    window.resize(1580, 960)
    window.move(0, 0)
    window.show()
    window.address.setText(url)
    window.tabs.setCurrentWidget(window.timeline)
    assert window.start(), window.address_error.text()
    await asyncio.sleep(seconds)
    display = os.environ.get("DISPLAY", ":94")
    proc = await asyncio.create_subprocess_exec(
        "import", "-display", display, "-window", "root", out
    )
    await proc.wait()
    window.close()
    await window.bridge.aclose()
    await close()


def main() -> None:
    import qasync

    app = QApplication(sys.argv)
    app.setQuitOnLastWindowClosed(False)  # the crawl and the server still close after it
    out = sys.argv[1] if len(sys.argv) > 1 else "timeline.png"
    root = sys.argv[2] if len(sys.argv) > 2 else None
    qasync.run(shoot(out, root, float(os.environ.get("SHOT_AFTER", "6"))))


if __name__ == "__main__":
    main()
