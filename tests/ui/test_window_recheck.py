"""Re-check in the window: Crawl → Re-check all broken and a row's Re-check fetch URLs of the crawl
shown again in its crawl file; their rows are replaced in place, the counts follow, Details shows
the earlier answers, and a cancelled re-check keeps the answers it had."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from test_menus import choose, click_menu_item, right_click
from windows import PAGES, crawl_to_end, start_slow_crawl

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.models import COL_STATUS, COL_URL, PagesModel
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.storage import load
from gui_crawler.storage.fileformat import load_history
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow


def row_of(window: MainWindow, url: str) -> FetchRecord:
    i = window.results.pages.row_of(url)
    assert i is not None, url
    pages = window.results.pages
    record: FetchRecord = pages.index(i, 0).data(Roles.Record)
    return record


def host_rows(window: MainWindow) -> list[list[str]]:
    m = window.results.hosts
    return [[m.index(r, c).data() for c in range(m.columnCount())] for r in range(m.rowCount())]


def h1_missing(window: MainWindow) -> int:
    [count] = [f.count for f in window.overview.audit.findings() if f.key == "h1_missing"]
    return count


def before_lines(window: MainWindow) -> list[str]:
    record = window.details.topLevelItem(0)
    assert record is not None and record.text(0) == "Record"
    items = [record.child(i) for i in range(record.childCount())]
    return [i.text(1) for i in items if i is not None and i.text(0) == "Before"]


def test_recheck_all_broken_replaces_the_rows_in_place(
    qtbot: Any, qtlog: Any, qtmodeltester: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    u = live_site.url.rstrip("/")
    assert not window.recheck_action.isEnabled()  # no crawl shown yet
    crawl_to_end(qtbot, window, live_site.url)
    pages = window.results.pages
    n = pages.rowCount()
    position = pages.row_of(f"{u}/broken")
    assert row_of(window, f"{u}/broken").status == 500
    assert window.results.broken.rowCount() == 2  # /broken and /missing
    assert window.stat_labels["broken"].text() == "Broken 2"
    hits = dict(live_site.hits)
    no_h1 = h1_missing(window)

    # Pages shows the 5xx rows only: /broken.
    window.results.proxy.set_filter(classes={StatusClass.SERVER_ERROR})
    assert window.results.proxy.rowCount() == 1

    live_site.add_page("/broken", ["/a/"])  # fixed since; /missing still is not there
    assert window.recheck_action.isEnabled()
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        click_menu_item(qtbot, qtlog, window, "Crawl", "&Re-check all broken")
    # Only the two broken URLs were fetched again.
    again = {p for p, k in live_site.hits.items() if k != hits.get(p, 0)}
    assert again - {"/robots.txt"} == {"/broken", "/missing"}
    # In place: the same row, now 200; no row more, no row less.
    assert pages.rowCount() == n
    assert pages.row_of(f"{u}/broken") == position
    fixed = row_of(window, f"{u}/broken")
    assert fixed.status == 200 and fixed.title == "/broken"
    assert pages.index(position, COL_STATUS).data() == "200"
    assert pages.index(position, COL_URL).data() == f"{u}/broken"
    assert row_of(window, f"{u}/missing").status == 404
    # The counts and the views built from all records follow.
    assert [
        window.results.broken.index(r, 0).data() for r in range(window.results.broken.rowCount())
    ] == [f"{u}/missing"]
    assert window.stat_labels["broken"].text() == "Broken 1"
    assert window.stat_labels["urls"].text() == f"URLs {n}"
    broken_node = window.results.tree.node(f"{u}/broken")
    assert broken_node is not None and broken_node.own_text == "200"
    # The Overview too: /broken is a page now, one more without an H1.
    assert h1_missing(window) == no_h1 + 1
    assert window.state_label.text() == "Re-checked 2 URLs: 1 fixed, 1 still failing"
    assert window.results.proxy.rowCount() == 0  # /broken is no 5xx any more
    window.results.proxy.set_filter(classes=())
    qtmodeltester.check(pages)
    qtmodeltester.check(window.results.broken)
    qtmodeltester.check(window.results.tree)
    qtmodeltester.check(window.results.redirects)
    qtmodeltester.check(window.results.hosts)

    # Details: the earlier answer, as the crawl file keeps it.
    window.select_url(f"{u}/broken")
    [line] = before_lines(window)
    [earlier] = load_history(window.controller.shown_file())[f"{u}/broken"]
    assert line == f"500 Internal Server Error, replaced {earlier.replaced.replace('T', ' ')[:16]}"
    # The file holds the new answers; reopened, the window shows the same, history included.
    session = window.bridge.session
    assert session is not None and session.path is not None
    assert {r.url: r.status for r in load(session.path).records}[f"{u}/broken"] == 200
    elapsed, rate = window.stat_labels["elapsed"].text(), window.stat_labels["rate"].text()
    hosts = host_rows(window)
    assert window.open_crawl(session.path)
    assert host_rows(window) == hosts  # the whole crawl's requests, not the re-check's
    # The crawl's time and rate, as its file reopened gives them (the timeline's whole crawl).
    assert window.stat_labels["elapsed"].text() == elapsed
    assert window.stat_labels["rate"].text() == rate
    window.select_url(f"{u}/broken")
    assert before_lines(window) == [line]
    window.select_url(f"{u}/a/")
    assert before_lines(window) == []


def test_recheck_selected_rows_from_their_menu_and_cancel_keeps_the_old_answers(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, loop: Any
) -> None:
    live_site.fill_small()
    u = live_site.url.rstrip("/")
    crawl_to_end(qtbot, window, live_site.url)
    path = window.controller.shown_file()
    assert path is not None
    # Opened from its file, as a person comes back to it later.
    assert window.open_crawl(path)
    table = window.pages_tab.table
    proxy = window.results.proxy
    pages = window.results.pages
    # Select /a/p1 and /broken, then the row menu's Re-check.
    rows = [
        proxy.mapFromSource(pages.index(pages.row_of(f"{u}{p}") or 0, 0))
        for p in ("/a/p1", "/broken")
    ]
    table.selectionModel().clearSelection()
    for idx in rows:
        table.selectionModel().select(
            idx,
            table.selectionModel().SelectionFlag.Select | table.selectionModel().SelectionFlag.Rows,
        )
    menu = right_click(qtbot, qtlog, window, table, table.visualRect(rows[1]).center())
    live_site.add_page("/broken", delay=1.0)  # answers now, but slowly
    hits = dict(live_site.hits)
    old = row_of(window, f"{u}/a/p1")
    choose(qtbot, menu, "&Re-check 2 URLs")
    assert window.bridge.running
    assert not window.recheck_action.isEnabled()  # one at a time
    qtbot.waitUntil(lambda: row_of(window, f"{u}/a/p1") is not old, timeout=5000)
    qtbot.waitUntil(lambda: live_site.hits.get("/broken") != hits.get("/broken"), timeout=5000)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        click_menu_item(qtbot, qtlog, window, "Crawl", "&Cancel")  # as for a crawl
    # /broken was cut short: it keeps its 500, in the window and in the file.
    assert row_of(window, f"{u}/broken").status == 500
    assert {r.url: r.status for r in load(path).records}[f"{u}/broken"] == 500
    assert set(load_history(path)) == {f"{u}/a/p1"}
    assert window.state_label.text() == (
        "Re-check cancelled: 1 URL re-checked (1 fine); 1 URL keeps its answer"
    )
    assert window.results.broken.rowCount() == 2
    assert window.recheck_action.isEnabled()
    # The site's handler of /broken sleeps on (aiohttp does not cancel it): let it end.
    qtbot.waitUntil(lambda: all(t.done() for t in asyncio.all_tasks(loop)), timeout=3000)


def test_replacing_rows_keeps_a_sorted_table_sorted(qtmodeltester: Any) -> None:
    model = PagesModel()
    h = "http://h.test"
    model.add_records([FetchRecord(f"{h}/{i}", status=s) for i, s in enumerate((200, 500, 404))])
    model.sort(COL_STATUS, Qt.SortOrder.AscendingOrder)
    assert [r.status for r in model.records()] == [200, 404, 500]
    qtmodeltester.check(model)
    rest = model.replace_records(
        [FetchRecord(f"{h}/1", status=200), FetchRecord(f"{h}/9", status=301)]
    )
    assert [r.url for r in rest] == [f"{h}/9"]  # no row yet: the caller adds it
    assert [r.status for r in model.records()] == [200, 200, 404]
    assert (
        model.row_of(f"{h}/1") is not None
        and model.index(model.row_of(f"{h}/1") or 0, 0).data(Roles.Record).status == 200
    )
    qtmodeltester.check(model)


def test_a_recheck_right_after_a_cancel_then_continue_gives_each_url_one_row(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any
) -> None:
    start_slow_crawl(qtbot, window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        click_menu_item(qtbot, qtlog, window, "Crawl", "&Cancel")
    assert any(r.error_kind == ErrorKind.CANCELLED for r in window.results.pages.records())
    live_site.delay = 0
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        assert window.controller.recheck([live_site.url])
    # The rows cut short are not in the crawl file: they are not shown as rows any more, and
    # stay to fetch.
    urls = [r.url for r in window.results.pages.records()]
    assert len(urls) == len(set(urls))
    assert not any(r.error_kind == ErrorKind.CANCELLED for r in window.results.pages.records())
    path = window.controller.shown_file()
    assert path is not None
    saved = load(path)
    assert set(urls) == {r.url for r in saved.records}
    assert window.stat_labels["queued"].text() == f"Queued {len(saved.pending):,}"
    assert window.resume_crawl_action.isEnabled()
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        window.resume_crawl_action.trigger()
    urls = [r.url for r in window.results.pages.records()]
    assert len(urls) == len(set(urls)) == PAGES


def test_nothing_to_recheck_is_said_and_the_file_left_as_it_was(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.add_page("/", ["/a"])
    live_site.add_page("/a")
    crawl_to_end(qtbot, window, live_site.url)
    path = window.controller.shown_file()
    assert path is not None
    state = load(path).state
    assert not window.controller.recheck(None)
    assert window.notice.text() == (
        "Nothing to re-check: no URL of this crawl is broken, blocked or failed"
    )
    assert not window.bridge.running
    assert load(path).state == state  # closed as it was, and not locked
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        assert window.controller.recheck([live_site.url + "a"])  # a fine URL can be re-checked
    assert window.state_label.text() == "Re-checked 1 URL: 1 fine"
