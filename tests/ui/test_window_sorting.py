"""The window's tables as rows arrive: a clicked sort kept (ties in arrival order, the small
tables too, a filtered view, an opened crawl), the selection kept while filtering."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt
from windows import PAGES, H, click_header, crawl_to_end, page

from gui_crawler.models import PagesModel
from gui_crawler.ui.pages_proxy import PagesProxy
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow


def test_equal_keys_keep_arrival_order_and_a_sort_follows_the_selection() -> None:
    model = PagesModel()
    proxy = PagesProxy(model)
    model.add_records([page("/a", elapsed=0.5), page("/b", elapsed=0.2)])
    proxy.sort(4, Qt.SortOrder.DescendingOrder)  # Time, slowest first
    picked = QPersistentModelIndex(model.index(model.row_of(H + "/b") or 0, 0))
    model.add_records([page(f"/t{i}", elapsed=e) for i, e in enumerate((0.3, 0.9, 0.3, 0.1))])
    urls = [model.index(i, 0).data() for i in range(model.rowCount())]
    assert urls == [H + p for p in ("/t1", "/a", "/t0", "/t2", "/b", "/t3")]
    assert picked.data() == H + "/b"
    proxy.sort(-1)  # back to arrival order for what comes next
    model.add_records([page("/last", elapsed=0.7)])
    assert model.index(model.rowCount() - 1, 0).data() == H + "/last"


def test_filtering_with_the_focus_in_the_table_never_moves_the_selection(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    # With the focus in the table, Qt moves the current row to a neighbour of a hidden one.
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    tab, table = window.pages_tab, window.pages_tab.table
    window.select_url(live_site.url)
    table.setFocus()
    tab.set_quick_filter("4xx")
    assert not table.currentIndex().isValid() and window.details.url in (None, live_site.url)
    tab.set_quick_filter("4xx", False)
    window.select_url(live_site.url)
    table.setFocus()
    qtbot.keyClicks(tab.filter, "zzz")  # typed: applied after the debounce pause
    qtbot.waitUntil(lambda: tab.proxy.rowCount() == 0, timeout=2000)
    assert not table.currentIndex().isValid() and window.details.url in (None, live_site.url)
    tab.filter.clear()
    qtbot.waitUntil(lambda: tab.proxy.rowCount() == PAGES, timeout=2000)
    assert table.currentIndex().data(Roles.Url) in (None, live_site.url)
    assert window.details.url in (None, live_site.url)


@pytest.mark.parametrize("tab", ["redirects", "broken"])
def test_small_tables_keep_their_sort_as_rows_arrive(
    qtbot: Any, window: MainWindow, tab: str
) -> None:
    view = getattr(window, f"{tab}_view")
    batch1 = [
        page("/", links=(H + "/m", H + "/z", H + "/a")),
        page("/m", status=301, next_url=H + "/"),
        page("/z", status=404),
    ]
    window.controller._on_batch(batch1, [])
    click_header(qtbot, view, 0)
    assert view.horizontalHeader().sortIndicatorSection() == 0
    window.controller._on_batch(
        [
            page("/a", status=302, next_url=H + "/"),
            page("/b", status=500),
            page("/c", status=308, next_url=H + "/"),
            page("/0", status=410),
        ],
        [],
    )
    model = view.model()
    urls = [model.index(i, 0).data() for i in range(model.rowCount())]
    assert len(urls) >= 2 and urls == sorted(urls)


def test_a_filtered_and_sorted_view_stays_sorted_as_rows_arrive(qtmodeltester: Any) -> None:
    from gui_crawler.records.verdicts import StatusClass

    model = PagesModel()
    proxy = PagesProxy(model)
    qtmodeltester.check(proxy)
    model.add_records([page("/a", status=404), page("/b", status=200), page("/c", status=500)])
    proxy.sort(1, Qt.SortOrder.DescendingOrder)
    proxy.set_filter(classes={StatusClass.CLIENT_ERROR, StatusClass.SERVER_ERROR})
    for i, status in enumerate((410, 200, 503, 400, 301, 404)):
        model.add_records([page(f"/n{i}", status=status)])
    shown = [proxy.index(i, 1).data(Roles.Sort) for i in range(proxy.rowCount())]
    assert shown == [503, 500, 410, 404, 404, 400]
    qtmodeltester.check(proxy)


def test_the_sorted_small_tables_pass_the_model_tester_as_rows_arrive(
    qtmodeltester: Any, window: MainWindow
) -> None:
    from gui_crawler.events import WorkerEvent, WorkerState

    views = (window.workers_view, window.redirects_view, window.broken_view, window.hosts_view)
    for view in views:
        view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        qtmodeltester.check(view.model())
    for i in range(4):
        window.controller._on_batch(
            [
                page(f"/p{i}", links=(H + f"/r{i}", H + f"/x{i}")),
                page(f"/r{i}", status=301 + i % 3, next_url=H + "/"),
                page(f"/x{i}", status=404 + i),
            ],
            [WorkerEvent(i % 2, WorkerState.FETCHING, H + f"/p{i}", float(i))],
        )
        window.results.workers.tick(10.0 + i)
    for view in views:
        qtmodeltester.check(view.model())
    keys = [
        window.redirects_view.model().index(r, 1).data(Roles.Sort)
        for r in range(window.redirects_view.model().rowCount())
    ]
    assert keys and keys == sorted(keys, reverse=True)


def test_the_workers_sort_is_kept_live_only_for_a_modest_worker_count(
    qtbot: Any, window: MainWindow
) -> None:
    proxy = window.workers_view.model()
    window.workers = 10
    assert proxy.dynamicSortFilter()
    window.workers = 1000  # every row changes every tick: re-sorting them would stall the loop
    assert not proxy.dynamicSortFilter()
    window.workers = 50
    assert proxy.dynamicSortFilter()


def test_an_opened_crawl_fills_a_sorted_table_in_order(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    path = max(window.controller.crawls_folder().glob("*.sqlite3"), key=lambda p: p.stat().st_mtime)
    table = window.pages_tab.table
    table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    window.results.clear()
    assert window.open_crawl(path)
    model = table.model()
    keys = [model.index(i, 1).data(Roles.Sort) for i in range(model.rowCount())]
    assert len(keys) == PAGES and keys == sorted(keys, reverse=True)
    assert table.horizontalHeader().sortIndicatorSection() == 1
