"""Continue crawl and Re-check right after a Cancel show the crawl file's records before the
crawl adds to them: the resumed session holds none (they stay in the file), so the views are fed
from the file, all of them first, even for a file too large to show at once."""

from __future__ import annotations

from typing import Any

import pytest
from windows import PAGES, start_slow_crawl

from gui_crawler.events import ErrorKind
from gui_crawler.ui.replay import Replay
from gui_crawler.window import MainWindow


def cancel_midway(qtbot: Any, window: MainWindow, live_site: Any) -> int:
    """Start a crawl of the small site, cancel it with URLs in flight; how many were cut."""
    start_slow_crawl(qtbot, window, live_site)
    # Both workers can be between two URLs (the last record made durable first) on a loaded
    # machine: cancelled then, nothing would be cut short.
    qtbot.waitUntil(lambda: bool(window.controller.bridge.under_way()), timeout=5_000)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        window.cancel()
    cut = sum(r.error_kind == ErrorKind.CANCELLED for r in window.results.pages.records())
    assert cut > 0
    live_site.delay = 0
    return cut


def assert_each_url_once(window: MainWindow) -> None:
    records = window.results.pages.records()
    urls = [r.url for r in records]
    assert len(urls) == len(set(urls)) == PAGES
    assert not any(r.error_kind == ErrorKind.CANCELLED for r in records)
    # The views fed from the file and from the crawl: each URL once in each.
    window.show_tab(window.tree_view)  # hidden, the site tree waits
    assert window.results.tree.index(0, 1).data() == PAGES
    assert set(window.results.links.records) == set(urls)
    assert window.overview.audit.added == PAGES, window.overview.audit.added


@pytest.mark.parametrize("at_once", [2000, 0])
def test_continue_after_cancel_shows_the_file_then_the_rest(
    at_once: int, qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: Any
) -> None:
    """``at_once`` 0: the file is one a window shows in turns (Replay.AT_ONCE)."""
    monkeypatch.setattr(Replay, "AT_ONCE", at_once)
    cancel_midway(qtbot, window, live_site)
    done = sum(r.error_kind is None for r in window.results.pages.records())
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        assert window.continue_crawl()
        # Every record of the file is in the views before the crawl's first one comes.
        assert window.overview.audit.added == done
        assert len(window.results.links.records) == done
    assert_each_url_once(window)
    assert window.state_label.text().startswith(f"Finished: {PAGES} URLs (")


@pytest.mark.parametrize("at_once", [2000, 0])
def test_recheck_after_cancel_shows_the_file_then_the_answers(
    at_once: int, qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr(Replay, "AT_ONCE", at_once)
    cancel_midway(qtbot, window, live_site)
    before = {r.url for r in window.results.pages.records() if r.error_kind is None}
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        assert window.controller.recheck([live_site.url])
        assert window.overview.audit.added == len(before)  # the file's, before the answers'
        assert len(window.results.links.records) == len(before)
    records = window.results.pages.records()
    urls = [r.url for r in records]
    assert len(urls) == len(set(urls)) and set(urls) == before
    assert set(window.results.links.records) == set(urls)
    # Continue fetches what the file had left: the URLs cut short among them. The last of the
    # site's URLs is known only once the page before it is read, which the two workers may not
    # have reached before the Cancel (a worker takes its next URL before its record's commit).
    known = PAGES - (f"{live_site.url}docs/x?page=1" not in before)
    assert window.controller.saved is not None
    assert len(window.controller.saved.pending) == known - len(before)
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        assert window.continue_crawl()
    assert_each_url_once(window)
