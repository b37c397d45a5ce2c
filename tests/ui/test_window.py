"""The real window driven like a person would, against an in-process aiohttp site."""

from __future__ import annotations

import asyncio
import csv
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog
from windows import HELD, PAGES, show_tree, start_slow_crawl

from gui_crawler.events import ErrorKind, WorkerState
from gui_crawler.records.export import COLUMNS
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.views import url_menu
from gui_crawler.window import MainWindow


def crawl_tasks(loop: asyncio.AbstractEventLoop) -> list[asyncio.Task[Any]]:
    """Tasks of the engine or the bridge still running (the test server's are not counted)."""
    return [
        t
        for t in asyncio.all_tasks(loop)
        if not t.done() and ("Crawler" in t.get_coro().__qualname__ or t.get_name() == "crawl")
    ]


def start_by_typing(qtbot: Any, w: MainWindow, url: str) -> None:
    w.address.clear()
    qtbot.keyClicks(w.address, url)
    qtbot.keyClick(w.address, Qt.Key.Key_Return)
    assert w.bridge.running, w.address_error.text()


def crawl_to_end(qtbot: Any, w: MainWindow, url: str, timeout: int = 15_000) -> Any:
    with qtbot.waitSignal(w.crawlFinished, timeout=timeout) as blocker:
        start_by_typing(qtbot, w, url)
    return blocker.args[0]


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames or ()) == COLUMNS
        return list(reader)


def test_crawl_fills_every_view(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small()
    window.settings.workers.setValue(3)
    finished = crawl_to_end(qtbot, window, live_site.url.removeprefix("http://"))
    assert finished.reason == "done"
    r = window.results
    # Pages table: every URL once.
    urls = [r.pages.index(i, 0).data() for i in range(r.pages.rowCount())]
    assert len(urls) == len(set(urls)) == PAGES
    assert window.pages_tab.count.text() == f"{PAGES} URLs"
    missing = r.pages.row_of(live_site.url + "missing")
    assert missing is not None and r.pages.index(missing, 1).data() == "404"
    # Site tree (shown: hidden, it waits): one host with every URL counted, worst status a 500.
    show_tree(qtbot, window)
    assert r.tree.rowCount() == 1
    assert r.tree.index(0, 1).data() == PAGES
    assert r.tree.index(0, 3).data() == "500"
    assert window.tree_view.isExpanded(r.tree.index(0, 0))
    # Redirects: each hop with its whole chain.
    assert r.redirects.rowCount() == 2
    old = r.redirects.row_of[live_site.url + "old"]
    assert r.redirects.index(old, 4).data() == live_site.url + "a/"
    assert r.redirects.index(old, 5).data() == "200"
    # Broken links with the pages linking to them.
    broken = {r.broken.index(i, 0).data(): i for i in range(r.broken.rowCount())}
    assert set(broken) == {live_site.url + "missing", live_site.url + "broken"}
    assert r.broken.index(broken[live_site.url + "missing"], 3).data() == "2"
    # Workers: one row per worker, all stopped now, and they did the work between them.
    assert r.workers.rowCount() == 3
    assert all(row.state is WorkerState.STOPPED for row in r.workers.rows)
    assert sum(row.done for row in r.workers.rows) == PAGES
    # Status bar.
    assert window.stat_labels["urls"].text() == f"URLs {PAGES}"
    assert window.stat_labels["redirects"].text() == "Redirects 2"
    assert window.stat_labels["broken"].text() == "Broken 2"
    assert window.state_label.text().startswith("Finished")
    # Selecting a broken URL shows its details: inlinks from / and /a/.
    window.tabs.setCurrentWidget(window.broken_view)
    view = window.broken_view
    view.setCurrentIndex(view.model().index(0, 0))
    assert window.details.url == view.currentIndex().data(Roles.Url)
    window.select_url(live_site.url + "missing")
    texts = [
        window.details.topLevelItem(i).text(0) for i in range(window.details.topLevelItemCount())
    ]
    assert "Inlinks (2)" in texts and "Outlinks (0)" in texts
    window.select_url(live_site.url + "old")
    assert window.tabs.currentWidget() is window.pages_tab
    texts = [
        window.details.topLevelItem(i).text(0) for i in range(window.details.topLevelItemCount())
    ]
    assert "Redirect chain (2 hops)" in texts
    window.select_url(live_site.url + "a/")
    fields = window.details.topLevelItem(0)
    labels = {fields.child(i).text(0): fields.child(i).text(1) for i in range(fields.childCount())}
    assert labels["Status"] == "200" and labels["Content type"].startswith("text/html")
    assert "elapsed_ms" not in labels and labels["Time"].endswith(" ms")
    assert not crawl_tasks(asyncio.get_event_loop())


def test_cancel_mid_crawl_keeps_rows_and_leaves_no_tasks(
    qtbot: Any, window: MainWindow, live_site: Any, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    live_site.fill_small(400)
    live_site.delay = 0.05
    live_site.hold(HELD)  # the crawl cannot end before its cancel
    window.settings.workers.setValue(4)
    start_by_typing(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: window.results.pages.rowCount() >= 10, timeout=10_000)
    with qtbot.waitSignal(window.crawlFinished, timeout=2000) as blocker:
        t0 = time.perf_counter()
        qtbot.keyClick(window, Qt.Key.Key_Escape)
    lag = time.perf_counter() - t0
    finished = blocker.args[0]
    assert finished.reason == "cancelled"
    assert lag < 0.2, f"cancel took {lag * 1000:.0f} ms"
    rows = window.results.pages.rowCount()
    assert rows == finished.done and finished.todo > 0
    cancelled = [r for r in window.results.pages.records() if r.error_kind == ErrorKind.CANCELLED]
    assert 1 <= len(cancelled) <= 4  # the in-flight URLs are kept, as cancelled
    assert not crawl_tasks(loop)
    assert window.start_action.isEnabled() and not window.cancel_action.isEnabled()
    # Export still works after a cancel, and reads back.
    out = tmp_path / "cancelled.csv"
    assert window.export_csv(str(out)) == rows
    assert len(read_csv(out)) == rows


def test_the_root_shown_in_details_gains_its_inlinks_as_the_crawl_runs(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    # Every page links back to the root, shown in Details from the start; one page answers
    # only after the test, so that the crawl is still running when the pane is read.
    live_site.add_page("/", [f"/p{i}" for i in range(8)])
    for i in range(7):
        live_site.add_page(f"/p{i}", ["/"], delay=0.05)
    live_site.add_page("/p7", ["/"])
    live_site.hold("/p7")
    window.settings.workers.setValue(2)
    start_by_typing(qtbot, window, live_site.url)

    def inlinks() -> list[str]:
        pane = window.details
        return [pane.topLevelItem(i).text(0) for i in range(pane.topLevelItemCount())]

    # Refreshed at most once a second as inlinks come: all seven answered, the crawl not over.
    qtbot.waitUntil(lambda: "Inlinks (7)" in inlinks(), timeout=8000)
    assert window.bridge.running
    with qtbot.waitSignal(window.crawlFinished, timeout=5000):
        window.cancel()


def test_pause_then_resume(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small(60)
    live_site.delay = 0.03
    window.settings.workers.setValue(2)
    start_by_typing(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: window.results.pages.rowCount() >= 5, timeout=10_000)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert window.bridge.paused and window.pause_action.text() == "&Resume"
    qtbot.waitUntil(
        lambda: window.bridge.last_progress is not None and window.bridge.last_progress.busy == 0,
        timeout=3000,
    )
    qtbot.wait(150)  # let the last records of in-flight URLs arrive
    frozen = window.results.pages.rowCount()
    qtbot.wait(300)
    assert window.results.pages.rowCount() == frozen
    assert any(r.state is WorkerState.PAUSED for r in window.results.workers.rows)
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000) as blocker:
        window.pause_action.trigger()
    assert blocker.args[0].reason == "done"
    assert window.results.pages.rowCount() > frozen


def test_worker_count_changes_mid_crawl(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small(300)
    live_site.delay = 0.03
    window.settings.workers.setValue(2)
    start_by_typing(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: window.results.workers.rowCount() == 2, timeout=5000)
    window.settings.workers.setValue(7)
    assert "/7 workers" in window.stat_labels["workers"].text()  # at once
    qtbot.waitUntil(lambda: window.results.workers.rowCount() == 7, timeout=1000)  # next tick
    qtbot.waitUntil(lambda: window.bridge.last_progress.busy > 2, timeout=3000)  # type: ignore[union-attr]
    window.settings.workers.setValue(1)
    qtbot.waitUntil(
        lambda: all(r.state is WorkerState.STOPPED for r in window.results.workers.rows[1:]),
        timeout=3000,
    )
    assert window.results.workers.rows[0].state is not WorkerState.STOPPED
    window.cancel()
    qtbot.waitUntil(lambda: not window.bridge.running, timeout=2000)


def test_export_all_and_exactly_the_filtered_view(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    assert not window.export_action.isEnabled()
    crawl_to_end(qtbot, window, live_site.url)
    assert window.export_action.isEnabled() and not window.export_filtered_action.isEnabled()
    everything = tmp_path / "all.csv"
    assert window.export_csv(str(everything)) == PAGES
    assert {row["url"] for row in read_csv(everything)} == set(window.results.links.records)
    tab = window.pages_tab
    tab.set_quick_filter("4xx")
    tab.set_quick_filter("5xx")
    assert tab.count.text() == f"2 of {PAGES}"
    assert window.export_filtered_action.isEnabled()
    # The non-modal dialog: open() returns at once; choosing a file writes the filtered rows.
    dlg = window.dialogs.export_dialog(filtered=True)
    assert dlg.isVisible()
    filtered = tmp_path / "filtered.csv"
    dlg.selectFile(str(filtered))
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()
    rows = read_csv(filtered)
    assert sorted((r["url"], r["status"]) for r in rows) == [
        (live_site.url + "broken", "500"),
        (live_site.url + "missing", "404"),
    ]
    # Text filter (debounced) + export of exactly what is shown.
    tab.set_quick_filter("4xx", False)
    tab.set_quick_filter("5xx", False)
    qtbot.keyClicks(tab.filter, "/b/p")
    qtbot.waitUntil(lambda: tab.count.text() == f"10 of {PAGES}", timeout=2000)
    assert window.export_csv(str(filtered), filtered=True) == 10
    shown = [tab.proxy.index(i, 0).data() for i in range(tab.proxy.rowCount())]
    assert [r["url"] for r in read_csv(filtered)] == shown


def test_sort_by_clicking_a_header(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    table = window.pages_tab.table
    header = table.horizontalHeader()
    assert header.sortIndicatorSection() == -1  # arrival order until asked
    x = header.sectionViewportPosition(1) + header.sectionSize(1) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    statuses = [table.model().index(i, 1).data() for i in range(table.model().rowCount())]
    assert statuses == sorted(statuses, key=int)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert table.model().index(0, 1).data() == "500"


def test_bad_address_and_bad_regex_give_messages(qtbot: Any, window: MainWindow) -> None:
    for text, words in (
        ("not a url", "contains spaces"),
        ("ftp://example.com/", "only http and https"),
        ("", "Enter a URL"),
        ("http://", "no host name"),
    ):
        window.address.setText(text)
        assert window.start() is False
        assert window.address_error.isVisible()
        assert words in window.address_error.text()
        assert not window.bridge.running
    qtbot.keyClicks(window.address, "x")  # editing clears the message
    assert not window.address_error.isVisible()
    qtbot.keyClicks(window.settings.exclude, "([a-z")
    error = window.settings.error_label(window.settings.exclude)
    assert error.isVisible()
    assert "exclude is not a valid regular expression" in error.text()
    assert not window.start_action.isEnabled()
    window.address.setText("127.0.0.1:9/")
    assert window.start() is False
    assert "exclude" in window.address_error.text()
    qtbot.keyClick(window.settings.exclude, Qt.Key.Key_Home)
    qtbot.keyClick(window.settings.exclude, Qt.Key.Key_Delete)  # "[a-z": a valid pattern
    qtbot.keyClick(window.settings.exclude, Qt.Key.Key_End)
    qtbot.keyClicks(window.settings.exclude, "]")
    assert not error.isVisible() and window.start_action.isEnabled()


def test_start_again_offers_a_fresh_crawl(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    window.pages_tab.set_quick_filter("Failed")
    crawl_to_end(qtbot, window, live_site.url)
    r = window.results
    assert r.pages.rowCount() == PAGES and r.redirects.rowCount() == 2
    assert show_tree(qtbot, window).index(0, 1).data() == PAGES and r.broken.rowCount() == 2
    # A new crawl starts unfiltered: a filter left on would hide rows without a word.
    assert r.proxy.rowCount() == PAGES and not window.pages_tab.buttons["Failed"].isChecked()


def test_context_menu_copies_the_url(qtbot: Any, window: MainWindow) -> None:
    menu = url_menu(window, "http://127.0.0.1:1/x")
    actions = [a.text() for a in menu.actions()]
    assert actions == ["&Open in browser", "&Copy URL"]
    menu.actions()[1].trigger()
    assert QGuiApplication.clipboard().text() == "http://127.0.0.1:1/x"
    menu.close()


def test_closing_mid_crawl_cancels_and_closes_the_session(
    qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any], live_site: Any
) -> None:
    live_site.fill_small(300)
    live_site.delay = 0.05
    live_site.hold(HELD)  # the crawl cannot end before the window closes
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    start_by_typing(qtbot, w, live_site.url)
    crawler = w.bridge.crawler
    assert crawler is not None
    qtbot.waitUntil(lambda: w.results.pages.rowCount() >= 3, timeout=5000)
    w.close()
    result = run(w.bridge.wait(), timeout=2000)
    assert result is not None and result.reason == "cancelled"
    assert crawler._session is None and not crawl_tasks(loop)


def test_geometry_splitters_and_settings_are_remembered(qtbot: Any, loop: Any) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.resize(700, 500)  # within the offscreen screen (800x600): restore clamps to it
    w.main_split.setSizes([260, 420])
    size = (w.width(), w.height())
    s = w.settings
    s.workers.setValue(17)
    s.exclude.setText(r"\.pdf$")
    s.scope.setCurrentIndex(1)
    s.timeout.setValue(3.5)
    s.max_pages.setValue(1000)
    w.close()
    assert QSettings().value("crawl/workers") is not None
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.restore_state()
    w2.show()
    assert (w2.width(), w2.height()) == size != (1400, 900)
    assert w2.main_split.sizes()[0] == w.main_split.sizes()[0]
    s2 = w2.settings
    assert s2.workers.value() == 17 and s2.exclude.text() == r"\.pdf$"
    assert s2.scope.currentIndex() == 1 and s2.timeout.value() == 3.5
    assert s2.max_pages.value() == 1000
    assert s2.config("http://h.test/").strict is False


def test_quick_filters_match_status_classes(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    proxy = window.results.proxy
    window.pages_tab.set_quick_filter("3xx")
    assert {proxy.index(i, 0).data(Roles.StatusClass) for i in range(proxy.rowCount())} == {
        StatusClass.REDIRECT
    }
    assert proxy.rowCount() == 2


def test_dialog_class_is_qt_not_native(window: MainWindow) -> None:
    dlg = window.dialogs.export_dialog(filtered=False)
    assert dlg.testOption(QFileDialog.Option.DontUseNativeDialog)
    dlg.reject()


def crawl_files(data_home: str) -> list[Path]:
    return sorted((Path(data_home) / "gui_crawler" / "crawls").glob("*.sqlite3"))


def test_cancel_reopen_and_continue_a_saved_crawl(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    import os

    from gui_crawler.storage import load

    start_slow_crawl(qtbot, window, live_site, start_by_typing)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        qtbot.keyClick(window.address, Qt.Key.Key_Escape)
    [path] = crawl_files(os.environ["XDG_DATA_HOME"])
    first = dict(live_site.hits)
    saved = load(path)
    assert saved.state == "cancelled" and saved.pending

    # A fresh window, as after quitting: open the file, see its rows, continue it.
    other = MainWindow()
    other.show()
    try:
        assert other.open_crawl(path)
        assert other.results.pages.rowCount() == len(saved.records)
        assert other.address.text() == live_site.url
        assert other.settings.workers.value() == 2
        assert other.resume_crawl_action.isEnabled()
        with qtbot.waitSignal(other.crawlFinished, timeout=15_000) as blocker:
            other.resume_crawl_action.trigger()
        assert blocker.args[0].reason == "done"
        urls = other.results.pages.records()
        assert len({r.url for r in urls}) == len(urls) == PAGES
        # Nothing recorded before the cancel was fetched again; only the two abandoned in flight.
        # (robots.txt and the sitemap are read again by design: the site may have changed.)
        again = [
            p
            for p, n in live_site.hits.items()
            if n > 1 and p not in ("/robots.txt", "/sitemap.xml")
        ]
        assert len(again) <= 2 and all(first.get(p, 0) <= 1 for p in again)
        assert load(path).pending == [] and load(path).state == "done"
        out = Path(os.environ["XDG_DATA_HOME"]) / "after.csv"
        assert other.export_csv(str(out)) == PAGES
    finally:
        other.close()
        run(other.bridge.wait())
        other.deleteLater()


def test_a_bad_crawl_file_gets_a_message(window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"\0" * 4096)
    assert not window.open_crawl(bad)
    assert "not a gui_crawler crawl file" in window.address_error.text()
    assert not window.resume_crawl_action.isEnabled()


def test_an_unexpected_exception_is_shown_not_swallowed(
    qtbot: Any, window: MainWindow, loop: asyncio.AbstractEventLoop, caplog: Any
) -> None:
    from gui_crawler.ui.app import install_error_hooks

    restore = install_error_hooks(window)
    try:

        def bug() -> None:
            raise ZeroDivisionError("a bug in a callback")

        loop.call_soon(bug)
        qtbot.waitUntil(lambda: "ZeroDivisionError" in window.statusBar().currentMessage())
    finally:
        restore()
    assert (
        window.status.error_box is not None
        and "a bug in a callback" in window.status.error_box.text()
    )
    window.status.error_box.close()


def test_the_window_under_fire_stays_fluid_and_explains_each_failure(
    qtbot: Any, window: MainWindow, run: Callable[..., Any]
) -> None:
    from hostile import TRANSPORT_CASES, HostileServer, bomb_handler, trap
    from PySide6.QtCore import QTimer

    server = run(HostileServer().start())
    try:
        cases = {f"/{name}": handler for name, (handler, *_rest) in TRANSPORT_CASES.items()}
        cases["/gzip-bomb"] = bomb_handler("gzip")
        for path, handler in cases.items():
            server.route(path, handler)
        server.route("/trap", trap, prefix=True)
        server.redirect("/loop-a", "/loop-b")
        server.redirect("/loop-b", "/loop-a")
        server.redirect("/bad-location", "http://[bad")
        nested = "<div>" * 30_000 + '<a href="/ok">x</a>' + "</div>" * 30_000
        server.html("/nested", nested)
        server.page("/ok")
        links = [
            *cases,
            "/trap",
            "/loop-a",
            "/bad-location",
            "/nested",
            # Linked from here too: the trap's endless links may fill max_pages before the
            # nesting bomb's own link to it is read on a loaded machine.
            "/ok",
            "javascript:x()",
            "//[::1]/",
        ]
        server.page("/", links)
        s = window.settings
        s.timeout.setValue(1.0)
        s.max_tries.setValue(2)
        s.max_pages.setValue(120)
        s.workers.setValue(20)
        s.politeness.check_external.setChecked(False)  # max_pages counts this site's pages only
        s.politeness.per_host.setValue(20)  # all 20 workers on the one host, as before
        lags: list[float] = []
        last = [time.perf_counter()]

        def beat() -> None:
            now = time.perf_counter()
            lags.append(now - last[0] - 0.01)
            last[0] = now

        heartbeat = QTimer()
        heartbeat.setInterval(10)
        heartbeat.timeout.connect(beat)
        heartbeat.start()
        finished = crawl_to_end(qtbot, window, server.url, timeout=30_000)
        heartbeat.stop()
        assert finished.reason == "done"
        pages = window.results.pages
        rows = {pages.index(i, 0).data(): i for i in range(pages.rowCount())}
        assert len(rows) == pages.rowCount() == 120  # every URL taken in, once
        errors = {
            url: pages.data(pages.index(row, 0), Roles.Record).exception
            for url, row in rows.items()
        }
        for path in (*cases, "/bad-location"):
            text = errors[server.u(path)]
            assert text and ":" in text and len(text) <= 320, (path, text)  # readable, one line
        assert "TooLarge" in (errors[server.u("/gzip-bomb")] or "")
        assert errors[server.u("/ok")] is None
        # The loop never froze: not even the nesting bomb or the gzip bomb held it a second.
        assert max(lags) < 1.0, max(lags)
    finally:
        run(server.close())


def test_rows_arriving_after_a_header_click_keep_its_order(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small(60)
    live_site.delay = 0.02
    window.settings.workers.setValue(2)
    start_by_typing(qtbot, window, live_site.url)
    qtbot.waitUntil(lambda: window.results.pages.rowCount() >= 3, timeout=10_000)
    table = window.pages_tab.table
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(1) + header.sectionSize(1) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert header.sortIndicatorSection() == 1
    sorted_at = window.results.pages.rowCount()
    qtbot.waitUntil(lambda: not window.bridge.running, timeout=15_000)
    model = table.model()

    def statuses() -> list[Any]:
        return [model.index(i, 1).data(Roles.Sort) for i in range(model.rowCount())]

    assert model.rowCount() > sorted_at and statuses() == sorted(statuses())
    # A new crawl: the arrow still stands over rows in its order.
    live_site.delay = 0.0
    crawl_to_end(qtbot, window, live_site.url)
    assert header.sortIndicatorSection() == 1 and statuses() == sorted(statuses())


def assert_stats_match_views(w: MainWindow) -> None:
    """Every status-bar number is what the matching view holds."""
    from gui_crawler.records.wording import plural

    r = w.results
    stats = {k: lab.text() for k, lab in w.stat_labels.items()}
    assert stats["urls"] == f"URLs {r.pages.rowCount():,}"
    assert w.pages_tab.count.text() == plural(r.pages.rowCount(), "URL")
    assert stats["redirects"] == f"Redirects {r.redirects.rowCount():,}"
    assert stats["broken"] == f"Broken {r.broken.rowCount():,}"
    if not w.bridge.running:
        assert stats["workers"].startswith("Busy 0/")


def test_status_bar_numbers_equal_the_views_after_start_cancel_continue_and_open(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    import os

    from gui_crawler.storage import load

    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert_stats_match_views(window)
    assert window.state_label.text().startswith(f"Finished: {PAGES} URLs in")
    # A second crawl, cancelled: nothing of the first one is counted. One page answers only
    # after the test is over, so that the crawl cannot end before its cancel however slow the
    # machine (under load the ~30 URLs were all fetched before the cancel came, once).
    live_site.delay = 0.05
    live_site.hold(HELD)
    window.settings.workers.setValue(2)
    start_by_typing(qtbot, window, live_site.url)
    assert_stats_match_views(window)  # reset at Start: 0 over an empty table
    assert window.stat_labels["urls"].text() == "URLs 0"
    qtbot.waitUntil(lambda: window.results.pages.rowCount() >= 6, timeout=10_000)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        window.cancel()
    assert_stats_match_views(window)
    path = max(crawl_files(os.environ["XDG_DATA_HOME"]), key=lambda p: p.stat().st_mtime)
    # Queued, between crawls, is what the file has left and Continue would fetch; the state
    # text gives the same number.
    left = len(load(path).pending)
    assert left > 0 and window.stat_labels["queued"].text() == f"Queued {left:,}"
    assert window.state_label.text().endswith(f", {left:,} left to fetch")
    # Open in another window that has crawled something else: its numbers go.
    other = MainWindow()
    other.show()
    try:
        crawl_to_end(qtbot, other, live_site.url + "a/")
        assert other.open_crawl(path)
        assert_stats_match_views(other)
        assert other.stat_labels["queued"].text() == f"Queued {left:,}"
        # The site tree shows the frontier too: the URLs taken in but not fetched yet.
        assert all(other.results.tree.node(q.url) is not None for q in load(path).pending)
        loaded = other.results.pages.rowCount()
        with qtbot.waitSignal(other.crawlFinished, timeout=15_000) as blocker:
            other.continue_crawl()
        assert_stats_match_views(other)
        assert other.stat_labels["queued"].text() == "Queued 0"
        assert other.results.pages.rowCount() == PAGES
        assert show_tree(qtbot, other).index(0, 1).data() == PAGES
        done = blocker.args[0].done
        assert other.state_label.text().startswith(f"Finished: {PAGES} URLs ({done} this time)")
        assert done < PAGES and loaded > 0
    finally:
        other.close()
        run(other.bridge.wait())
        other.deleteLater()


def test_an_unreachable_site_is_said_plainly(qtbot: Any, window: MainWindow) -> None:
    port = 1  # nothing listens on loopback port 1
    window.settings.max_tries.setValue(1)
    crawl_to_end(qtbot, window, f"http://127.0.0.1:{port}/")
    text = window.notice.text()
    assert text.startswith(f"Nothing answered at 127.0.0.1:{port}")
    assert window.pages_tab.count.text() == "1 URL"
    assert "is the server running?" in text and window.notice.isVisible()
    status = window.results.pages.index(0, 1).data()
    assert status == "No answer"  # plain words in the cell; the technical text in Details
    rec = window.results.pages.index(0, 0).data(Roles.Record)
    assert rec.exception and "ClientConnectorError" in rec.exception
    # A hover tip cannot replace it: tips no longer go to the status bar.
    assert all(not a.statusTip() for a in window.actions())


def test_failures_in_a_row_are_warned_about(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    from gui_crawler.events import FetchRecord
    from gui_crawler.ui.controller import FAILURES_IN_A_ROW

    failed = [
        FetchRecord(url=f"http://h.test/{i}", exception="Timeout: 1 s", error_kind="Timeout")
        for i in range(FAILURES_IN_A_ROW)
    ]
    window.controller._on_batch(failed[:-1], [])
    assert window.notice.text() == ""
    window.controller._on_batch([FetchRecord(url="http://h.test/ok", status=200)], [])
    window.controller._on_batch(failed[-1:], [])
    assert window.notice.text() == ""  # a success in between: not in a row
    window.controller._on_batch(failed[:-1], [])
    assert "in a row got no answer" in window.notice.text()


def test_filtering_keeps_or_clears_the_selection_never_moves_it(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    tab = window.pages_tab
    missing = live_site.url + "missing"
    window.select_url(missing)
    assert tab.table.currentIndex().data(Roles.Url) == missing
    tab.set_quick_filter("4xx")  # the 404 stays visible: still selected
    assert tab.table.currentIndex().data(Roles.Url) == missing
    assert window.details.url == missing
    tab.set_quick_filter("4xx", False)
    tab.set_quick_filter("5xx")  # hidden now: nothing selected, nothing else shown
    assert not tab.table.currentIndex().isValid()
    assert not tab.table.selectionModel().hasSelection()
    assert window.details.url is None


def test_open_lists_recent_crawls_by_site_date_state_and_count(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    crawl_to_end(qtbot, window, live_site.url + "a/")
    broken = window.controller.crawls_folder() / "zz-broken.sqlite3"
    broken.write_bytes(b"\0" * 100)
    dlg = window.dialogs.recent_dialog()
    assert dlg.isVisible()  # open(): no nested event loop
    rows = [
        [dlg.list.topLevelItem(i).text(c) for c in range(4)]
        for i in range(dlg.list.topLevelItemCount())
    ]
    site = live_site.url.split("/")[2]
    assert len(rows) == 3
    ours = sorted((r[2], r[3]) for r in rows if r[0] == site)
    assert ours == sorted(("done", str(n)) for n in (PAGES, window.results.pages.rowCount()))
    assert all(len(r[1]) == len("2026-01-01 00:00") for r in rows)
    assert any(r[2].startswith("unreadable") for r in rows)
    # Choosing the older (full) crawl opens it.
    full = next(i for i, r in enumerate(rows) if r[3] == str(PAGES))
    dlg.list.setCurrentItem(dlg.list.topLevelItem(full))
    dlg.open_button.click()
    assert window.results.pages.rowCount() == PAGES
    assert window.state_label.text().startswith("Opened (done)")


def test_public_api_and_a_tab_added_in_one_line(qtbot: Any, window: MainWindow) -> None:
    from gui_crawler.models import PagesModel
    from gui_crawler.ui.views import make_table

    window.workers, window.max_pages, window.url = 7, 50, "http://127.0.0.1:9/"
    assert window.settings.workers.value() == 7 and window.max_pages == 50
    assert window.address.text() == window.url and window.problem == ""
    window.url = "not a url"
    assert not window.start() and "contains spaces" in window.problem
    # A new tab: one call ties its selection to the Details pane (and gives it a shortcut while
    # there are fewer than nine).
    from gui_crawler.events import FetchRecord

    extra = PagesModel(window)
    extra.add_records([FetchRecord(url="http://h.test/x", status=200)])
    view = make_table(extra, (300,), sortable=False)
    i = window.add_tab(view, "E&xtra")
    # The tenth tab: Ctrl+1 … Ctrl+9 are the first nine's (the ninth is the Site graph).
    assert i == 9
    qtbot.keyClick(window, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentWidget() is window.graph_view
    window.tabs.setCurrentIndex(i)
    view.setCurrentIndex(extra.index(0, 0))
    assert window.details.url == "http://h.test/x"


def test_columns_come_from_one_spec_and_can_be_hidden_moved_and_remembered(
    qtbot: Any, loop: Any
) -> None:
    from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS

    w = MainWindow()
    qtbot.addWidget(w)
    hh = w.pages_tab.table.horizontalHeader()
    model = w.results.pages
    assert [model.headerData(i, Qt.Orientation.Horizontal) for i in range(len(PAGE_COLUMNS))] == [
        c.label for c in PAGE_COLUMNS
    ]
    assert tuple(c.csv for c in PAGE_COLUMNS) == COLUMNS
    assert [hh.isSectionHidden(i) for i in range(len(PAGE_COLUMNS))] == [
        not c.shown for c in PAGE_COLUMNS
    ]
    assert hh.sectionSize(COLUMN_INDEX["url"]) == PAGE_COLUMNS[0].width
    menu = w.pages_tab.column_menu()
    by_label = {a.text(): a for a in menu.actions()}
    by_label["Tries"].setChecked(True)
    by_label["Depth"].setChecked(False)
    menu.close()
    hh.moveSection(COLUMN_INDEX["error"], 1)
    w.close()
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.restore_state()
    hh2 = w2.pages_tab.table.horizontalHeader()
    assert not hh2.isSectionHidden(COLUMN_INDEX["tries"])
    assert hh2.isSectionHidden(COLUMN_INDEX["depth"])
    assert hh2.visualIndex(COLUMN_INDEX["error"]) == 1


def test_a_header_saved_for_other_columns_is_not_restored(qtbot: Any, loop: Any) -> None:
    from gui_crawler.records.page_columns import COLUMN_INDEX

    w = MainWindow()
    qtbot.addWidget(w)
    hh = w.pages_tab.table.horizontalHeader()
    hh.moveSection(COLUMN_INDEX["error"], 1)
    w.close()  # saves the header with this version's columns
    s = QSettings()
    s.setValue("window/pages-columns", "url,status,content_type")  # as an older version saved
    s.sync()
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.restore_state()
    hh2 = w2.pages_tab.table.horizontalHeader()
    assert [hh2.logicalIndex(i) for i in range(hh2.count())] == list(range(hh2.count()))
    assert hh2.sectionSize(COLUMN_INDEX["url"]) > 100


def test_sideways_scroll_does_not_carry_over_to_the_next_crawl(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    window.resize(600, 500)
    crawl_to_end(qtbot, window, live_site.url)
    bar = window.pages_tab.table.horizontalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    start_by_typing(qtbot, window, live_site.url)
    assert bar.value() == 0
    qtbot.waitUntil(lambda: not window.bridge.running, timeout=15_000)
