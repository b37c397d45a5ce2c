"""The Login box's credentials go with a continued crawl and a re-check too: no crawl file keeps
them, so the window gives them to the resumed crawl (it resumed without them: every URL left
answered 401), and says which ones a crawl was started with when the box lacks them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from windows import HELD, PAGES, start

from gui_crawler.crawl.access import basic
from gui_crawler.window import MainWindow


def continue_crawl(qtbot: Any, window: MainWindow) -> None:
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.keyClick(
            window.pages_tab.table,
            Qt.Key.Key_Return,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )


def cancelled_logged_in(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    """A crawl of a site behind basic auth, logged in through the Login box, cancelled with
    URLs left to fetch."""
    live_site.fill_small()
    live_site.login = basic("ann", "pw")
    live_site.delay = 0.05
    live_site.hold(HELD)  # the crawl cannot end before its cancel
    window.settings.workers.setValue(2)
    window.settings.access.auth.setText("ann:pw")
    start(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: window.results.pages.rowCount() >= 6, timeout=10_000)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        qtbot.keyClick(window.pages_tab.table, Qt.Key.Key_Escape)


def test_a_continued_crawl_sends_the_login_and_says_what_is_missing(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    cancelled_logged_in(qtbot, window, live_site)
    live_site.delay = 0
    # Continued with the Login box as it is: every URL left is fetched logged in.
    continue_crawl(qtbot, window)
    statuses = {r.url: r.status for r in window.results.pages.records()}
    assert len(statuses) == PAGES
    assert 401 not in statuses.values()
    assert "started with" not in window.notice.text()


def test_continuing_without_the_login_says_which_it_was_started_with(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    cancelled_logged_in(qtbot, window, live_site)
    window.settings.access.auth.clear()
    continue_crawl(qtbot, window)
    assert window.notice.text().startswith("This crawl was started with Basic auth, which no ")
