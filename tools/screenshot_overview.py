"""Crawl the built-in demo site in the real window, show the Overview tab and capture the screen.

    Xvfb :93 -screen 0 1600x1000x24 &
    DISPLAY=:93 QT_QPA_PLATFORM=xcb .venv/bin/python tools/screenshot_overview.py docs/overview.png

Needs ImageMagick's ``import``. The window's settings are the user's own (as ``gui-crawler``).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

from PySide6.QtWidgets import QApplication

import qasync  # after PySide6

from gui_crawler.demo import start_demo_server
from gui_crawler.window import MainWindow


async def shoot(out: str) -> None:
    demo = await start_demo_server(latency_scale=0.1)
    window = MainWindow()
    window.resize(1580, 960)
    window.move(0, 0)
    window.show()
    done = asyncio.Event()
    window.crawlFinished.connect(lambda _f: done.set())
    window.address.setText(demo.url)
    window.tabs.setCurrentWidget(window.overview)
    assert window.start(), window.address_error.text()
    await asyncio.wait_for(done.wait(), 120)
    window.overview.refresh()
    await asyncio.sleep(1.5)
    display = os.environ.get("DISPLAY", ":93")
    subprocess.run(["import", "-display", display, "-window", "root", out], check=True)
    window.close()
    await window.bridge.aclose()
    await demo.close()


def main() -> None:
    QApplication(sys.argv)
    qasync.run(shoot(sys.argv[1] if len(sys.argv) > 1 else "overview.png"))


if __name__ == "__main__":
    main()
