"""The tests of JavaScript rendering run a real Chromium: the system's, driven by Playwright.
Without one they are skipped, but under CI=true (where ``make`` installs both) a missing browser
fails the run instead: a green CI must have rendered."""

from __future__ import annotations

import os

import pytest

from gui_crawler.render.browser import problem


@pytest.fixture(scope="session")
def chromium() -> None:
    why = problem("all", os.environ.get("GUI_CRAWLER_BROWSER"))
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must render pages: {why}")
    pytest.skip(why)
