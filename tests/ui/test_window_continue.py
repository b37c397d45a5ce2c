"""Continue crawl is enabled whenever the crawl file has URLs left to fetch, also right after
Cancel, and the counts said after Cancel are the ones the crawl file, reopened, gives."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from windows import PAGES, show_tree, start_slow_crawl

from gui_crawler.events import ErrorKind
from gui_crawler.records.wording import plural
from gui_crawler.storage import load
from gui_crawler.window import MainWindow


def test_continue_right_after_cancel_fetches_what_is_left_once(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    start_slow_crawl(qtbot, window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        qtbot.keyClick(window.pages_tab.table, Qt.Key.Key_Escape)
    assert window.resume_crawl_action.isEnabled()  # at once: no Open crawl → Open first
    rows = window.results.pages.records()
    cut = sum(r.error_kind == ErrorKind.CANCELLED for r in rows)
    assert cut > 0  # two workers were fetching when Esc came
    # What the state says is what the file holds: its records, and what it has left.
    path = window.bridge.session.path
    saved = load(path)
    assert len(saved.records) == len(rows) - cut
    text = window.state_label.text()
    assert text.startswith(f"Cancelled: {plural(len(saved.records), 'URL')} (and {cut} cut short")
    assert text.endswith(f", {len(saved.pending):,} left to fetch")
    assert window.stat_labels["queued"].text() == f"Queued {len(saved.pending):,}"
    # The rows counted there: each number of the status bar says what it counts.
    assert "cut short" in window.stat_labels["urls"].toolTip()
    assert "Continue crawl" in window.stat_labels["queued"].toolTip()
    assert all(lab.toolTip() for lab in window.stat_labels.values())

    live_site.delay = 0
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.keyClick(
            window.pages_tab.table,
            Qt.Key.Key_Return,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    urls = [r.url for r in window.results.pages.records()]
    assert len(urls) == len(set(urls)) == PAGES  # the URLs cut short: one row each, fetched
    assert not any(r.error_kind == ErrorKind.CANCELLED for r in window.results.pages.records())
    assert window.state_label.text().startswith(f"Finished: {PAGES} URLs (")
    assert not window.resume_crawl_action.isEnabled()  # nothing left
    assert show_tree(qtbot, window).index(0, 1).data() == PAGES
