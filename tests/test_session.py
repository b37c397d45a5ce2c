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


def test_a_crawl_started_through_a_proxy_goes_on_only_through_one(
    window: MainWindow, tmp_path: Path
) -> None:
    """Resumed without its proxy (no file keeps it), the crawl went out directly."""
    from gui_crawler.session import ProxyNeeded

    db = tmp_path / "p.sqlite3"
    proxy = "http://u:pw@127.0.0.3:3128"
    CrawlStore.create(db, CrawlConfig(roots=("http://127.0.0.1:9/",), proxy=proxy)).close(
        "cancelled"
    )
    for start in (CrawlSession.resume, CrawlSession.recheck):
        with pytest.raises(ProxyNeeded, match="was crawled through a proxy"):
            start(db)
        assert load(db).state == "cancelled"  # as it was, unlocked
    for given, proxied in (({"proxy": proxy}, proxy), ({"direct": True}, None)):
        session = CrawlSession.resume(db, **given)
        assert session.config.proxy == proxied
        session.close()
    # The window's Continue says so where it says why it cannot start.
    window.open_crawl(db)
    assert not window.continue_crawl()
    assert "was crawled through a proxy" in window.address_error.text()
