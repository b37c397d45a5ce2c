"""CrawlSession, the one owner of a crawl's lifecycle, as the window and the bridge use it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gui_crawler.config import CrawlConfig
from gui_crawler.session import CrawlSession, crawls_dir
from gui_crawler.storage import CrawlStore, load
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.window import MainWindow
from tests.conftest import LiveSite


def test_open_crawl_in_use_says_so(window: MainWindow, tmp_path: Path) -> None:
    db = tmp_path / "busy.sqlite3"
    store = CrawlStore.create(db, CrawlConfig(roots=("http://127.0.0.1:9/",)).validated())
    try:
        assert not window.open_crawl(db)
        assert "in use by another crawl" in window.address_error.text()
    finally:
        store.close("cancelled")
    assert window.open_crawl(db)


def test_bridge_runs_a_session_and_closes_its_file(
    qtbot: Any, live_site: LiveSite, run: Callable[..., Any], tmp_path: Path
) -> None:
    live_site.fill_small()
    session = CrawlSession.new(CrawlConfig(roots=(live_site.url,)), data_dir=tmp_path)
    assert session.path is not None and session.path.parent == crawls_dir(tmp_path)
    bridge = CrawlBridge()
    with qtbot.waitSignal(bridge.finished, timeout=10_000):
        bridge.start(session)
    saved = load(session.path)
    assert saved.state == "done"
    assert not saved.pending
    assert {r.url for r in saved.records} >= {live_site.url, live_site.url + "a/"}
    run(bridge.wait())


def test_a_bad_override_on_resume_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    from gui_crawler.config import ConfigError, CrawlConfig
    from gui_crawler.session import CrawlSession, peek

    path = tmp_path / "c.sqlite3"
    CrawlSession.new(CrawlConfig(roots=("http://127.0.0.1:9/",)), path).close()
    state = peek(path).state
    with pytest.raises(ConfigError):
        CrawlSession.resume(path, max_tasks=0)
    assert peek(path).state == state  # not left "running", and not locked (peek would refuse)
