"""The window and a crawl on many machines, through a real redis-server whose other nodes are
processes: watched (File → Watch a cluster crawl…) with its nodes and their workers in the
Workers tab, a group of lanes per node in the Timeline, its records in every view as they come,
its password never shown nor kept; started here, every node's records collected into the
window's crawl file; its Cancel asked first, then stopping every machine."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from clusternodes import crawl_counts, finish, gui_crawler, stop_started, until_counts, waiting_node
from clustersite import cluster_site, file_urls
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from redisserver import RedisServer
from sites import Sink, ThreadedSite

from gui_crawler.cluster.nodes import NODE_SPAN
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.ui.cluster_dialog import REDIS_KEY, ClusterDialog
from gui_crawler.window import MainWindow


@pytest.fixture(autouse=True)
def no_node_left() -> Iterator[None]:
    yield
    stop_started()


SECRET = "pw-Not-Shown-42"
CRAWL = ("--no-external", "--no-sitemaps", "-q", "--lease", "2")


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    with RedisServer(tmp_path / "redis", password=SECRET) as server:
        yield server


def dialog(qtbot: Any, window: MainWindow, redis: RedisServer) -> ClusterDialog:
    """File → Watch a cluster crawl…, the server typed as a person would: its password in it."""
    dlg = window.menus.cluster_dialog()
    qtbot.keyClicks(dlg.redis, redis.url)
    dlg.redis.editingFinished.emit()
    assert SECRET not in dlg.redis.text() and dlg.password.text() == SECRET
    return dlg


def said(window: MainWindow) -> list[str]:
    """Every state the window says from now on, with its tip."""
    texts: list[str] = []
    window.controller.stateChanged.connect(lambda text, tip: texts.append(f"{text}\n{tip}"))
    return texts


def test_the_window_watches_a_crawl_on_two_machines(
    qtbot: Any, window: MainWindow, run: Callable[..., Any], redis: RedisServer, tmp_path: Path
) -> None:
    with ThreadedSite(cluster_site(100, delay=0.2)) as site:
        node = waiting_node(redis.url, "--workers", "2", "--no-db")
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db",
                              str(tmp_path / "c.sqlite3"), "--max-tasks", "2", "--per-host", "20")  # fmt: skip
        try:
            run(until_counts(redis.url, lambda c: c.get("nodes") == 2), timeout=30_000)
            texts = said(window)
            dlg = dialog(qtbot, window, redis)
            dlg.look()
            qtbot.waitUntil(lambda: dlg.crawls.count() == 1, timeout=10_000)
            with qtbot.waitSignal(dlg.sessionReady, timeout=10_000):
                dlg.watch_chosen()
            w = window.results.workers
            qtbot.waitUntil(lambda: len(w.nodes) == 2 and window.row_count >= 10, timeout=20_000)
            # The Workers tab: each node's row, then its workers'.
            labels = [w.index(r, 0).data() for r in range(w.rowCount())]
            assert labels[0] == "Node 1" and "Node 2" in labels
            second = labels.index("Node 2")
            assert all(x.startswith("1 · #") for x in labels[1:second]) and second > 1
            assert all(x.startswith("2 · #") for x in labels[second + 1 :])
            assert any("2 of 2 nodes working" in t for t in texts)
            with qtbot.waitSignal(window.crawlFinished, timeout=60_000):
                pass
        finally:
            code, _, err = finish(starter, 60)
            finish(node, 30)
    assert code == 1, err  # finished, with the site's broken links
    # The Timeline: a group of lanes per node, each bar in its node's group.
    model = window.timeline.model
    groups = {st.number: (first, n) for st, first, n in model.lanes.groups()}
    assert set(groups) == {0, 1} and model.bars
    for b in model.bars:
        first, n = groups[b.worker // NODE_SPAN]
        assert first <= model.lanes.lane(b.worker) < first + n
        assert -1 < b.start <= b.end < model.now + 1  # one time axis for both machines
    assert window.state_label.text().startswith("Finished")
    # Every record that came is in the window's own crawl file, and in its views.
    shown = window.controller.shown_file()
    assert shown is not None and len(file_urls(shown)) == window.row_count
    # The password: in no text said, no setting, no file.
    stored = QSettings().value(REDIS_KEY)
    assert stored == f"redis://127.0.0.1:{redis.port}/0"
    assert not [t for t in texts if SECRET in t]
    QSettings().sync()
    for path in Path(QSettings().fileName()).parent.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET.encode() not in shown.read_bytes()


def test_started_here_every_record_is_collected_into_the_windows_file(
    qtbot: Any, window: MainWindow, run: Callable[..., Any], redis: RedisServer
) -> None:
    with ThreadedSite(cluster_site(60, delay=0.05)) as site:
        window.url = site.url
        window.settings.workers.setValue(2)
        config = window.settings.config(site.url)
        with concurrent.futures.ThreadPoolExecutor(1) as one:
            reference = one.submit(one_process, config).result(timeout=60)
        node = waiting_node(redis.url, "--workers", "2", "--no-db")
        try:
            dlg = dialog(qtbot, window, redis)
            with qtbot.waitSignal(window.crawlFinished, timeout=60_000):
                dlg.start_here()
        finally:
            code, _, err = finish(node, 30)
    assert code == 0, err
    shown = window.controller.shown_file()
    assert shown is not None
    urls = file_urls(shown)
    assert len(urls) == len(set(urls)) and set(urls) == reference
    assert window.row_count == len(reference)
    assert window.state_label.text().startswith("Finished")
    assert run(crawl_counts(redis.url)) == {}  # done: Redis forgot it, the file has it all


def one_process(config: CrawlConfig) -> set[str]:
    sink = Sink()
    asyncio.run(Crawler(config, sink).run())
    return set(sink.records)


def test_started_here_a_cancel_is_asked_first_then_stops_every_machine(
    qtbot: Any, window: MainWindow, run: Callable[..., Any], redis: RedisServer
) -> None:
    with ThreadedSite(cluster_site(150, delay=0.2)) as site:
        window.url = site.url
        window.settings.workers.setValue(2)
        node = waiting_node(redis.url, "--workers", "2", "--no-db")
        try:
            dlg = dialog(qtbot, window, redis)
            with qtbot.waitSignal(dlg.sessionReady, timeout=10_000):
                dlg.start_here()
            nodes = window.results.workers
            qtbot.waitUntil(lambda: len(nodes.nodes) == 2 and window.row_count >= 5, timeout=20_000)
            assert "this window one of them" in window.state_label.text()
            assert not window.menus.cluster_action.isEnabled()  # one crawl at a time
            # Asked first: No leaves every machine at work.
            window.cancel()
            box = window.menus.cancel_box
            assert box is not None and box.isVisible() and "every machine" in box.text()
            qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), left())
            qtbot.wait(300)
            assert window.bridge.running
            assert run(crawl_counts(redis.url))["state"] == "running"
            window.cancel()
            box = window.menus.cancel_box
            assert box is not None
            with qtbot.waitSignal(window.crawlFinished, timeout=30_000):
                qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), left())
            code, _, err = finish(node, 30)  # the other machine stopped too
        finally:
            if node.poll() is None:
                finish(node, 30)
    assert code == 0, err
    assert window.state_label.text().startswith("Cancelled on every machine")
    assert run(crawl_counts(redis.url))["state"] == "cancelled"


def left() -> Any:
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton
