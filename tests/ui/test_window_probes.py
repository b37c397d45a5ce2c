"""The window's truths probed from other sides: focus in the table while filtering, hover tips over
a notice, counters at the instant of Start, sort arrows of the small tables, stable ties."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPersistentModelIndex, QPoint, Qt
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QTabWidget, QWidget

from gui_crawler.events import FetchRecord
from gui_crawler.models import PagesModel, PagesProxy, Roles
from gui_crawler.ui.views import CounterLabel
from gui_crawler.window import MainWindow

PAGES = 29  # URLs LiveSite.fill_small(20) leads to (see conftest)
H = "http://h.test"


def start(qtbot: Any, w: MainWindow, url: str) -> None:
    w.url = url
    assert w.start(), w.problem


def crawl_to_end(qtbot: Any, w: MainWindow, url: str) -> None:
    with qtbot.waitSignal(w.crawlFinished, timeout=15_000):
        start(qtbot, w, url)


def click_header(qtbot: Any, view: Any, section: int) -> None:
    header = view.horizontalHeader()
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def page(path: str, **kw: Any) -> FetchRecord:
    kw.setdefault("status", 200)
    kw.setdefault("content_type", "text/html")
    return FetchRecord(url=H + path, **kw)


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


def test_start_zeroes_every_counter_before_the_first_row(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert window.row_count == PAGES
    start(qtbot, window, live_site.url)
    texts = {k: lab.text() for k, lab in window.stat_labels.items()}
    assert texts["urls"] == "URLs 0" and texts["redirects"] == "Redirects 0"
    assert texts["broken"] == "Broken 0" and texts["elapsed"] == "0:00"
    assert window.pages_tab.count.text() == "0 URLs"
    run(window.bridge.wait())


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


def test_an_action_result_stays_when_the_pointer_hovers_a_button(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    out = tmp_path / "all.csv"
    assert window.export_csv(str(out)) == PAGES
    said = window.notice.text()
    assert said.startswith("Exported") and window.notice.isVisible()
    for action in (window.open_action, window.start_action, window.export_action):
        action.showStatusText(window)  # what hovering a toolbar button does
        assert window.notice.text() == said and window.notice.isVisible()
        assert window.state_label.isVisible() and window.state_label.text().startswith("Fin")
    sb = window.statusBar()
    assert window.notice.geometry().right() <= window.stat_labels["urls"].geometry().left()
    assert window.stat_labels["elapsed"].geometry().right() <= sb.width()


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
    window._on_batch(batch1, [])
    click_header(qtbot, view, 0)
    assert view.horizontalHeader().sortIndicatorSection() == 0
    window._on_batch(
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


def test_every_status_word_fits_its_column(window: MainWindow) -> None:
    from gui_crawler.records.wording import WORDS

    longest = max((w for w, _s in WORDS.values()), key=window.fontMetrics().horizontalAdvance)
    columns = [
        (window.pages_tab.table, 1),
        (window.redirects_view, 1),
        (window.redirects_view, 5),
        (window.broken_view, 1),
    ]
    for view, col in columns:
        need = view.fontMetrics().horizontalAdvance(longest) + 12  # cell margins
        assert view.columnWidth(col) >= need, (view.model().headerData(col, Qt.Horizontal), longest)


def test_the_settings_fit_the_left_pane_at_the_default_size(qtbot: Any, window: MainWindow) -> None:
    window.resize(1400, 900)
    qtbot.wait(50)
    scroll = window.settings.parentWidget().parentWidget()
    assert scroll.horizontalScrollBar().maximum() == 0


def test_an_unknown_failure_kind_reads_as_words() -> None:
    from gui_crawler.records.wording import error_sentence, status_word

    rec = FetchRecord(
        url=H + "/", exception="ClientConnectorCertificateError: x",
        error_kind="ClientConnectorCertificateError",
    )  # fmt: skip
    assert status_word(rec) == "Bad certificate"
    odd = FetchRecord(url=H + "/", exception="SomeNewThingError: x", error_kind="SomeNewThingError")
    assert status_word(odd) == "Some new thing" and error_sentence(odd)


def test_long_status_texts_end_in_an_ellipsis_and_stay_whole_in_text(
    qtbot: Any, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QLabel

    long = "Crawling http://127.0.0.1/" + "x" * 400
    window.say(long)
    window.notify("Exported 12 rows to /tmp/" + "y" * 400)
    qtbot.wait(10)
    for lab in (window.state_label, window.notice):
        shown = QLabel.text(lab)  # what is painted
        assert shown.endswith("…") and len(shown) < len(lab.text())
    assert window.state_label.text() == long
    assert window.state_label.geometry().right() < window.stat_labels["urls"].geometry().left()


def test_a_start_page_redirecting_out_of_scope_is_said_plainly(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.add_redirect("/moved", "http://localhost:1/new-home/", status=301)
    window.settings.max_tries.setValue(1)
    crawl_to_end(qtbot, window, live_site.url + "moved")
    text = window.notice.text()
    assert text.startswith("The start page redirects to http://localhost:1/new-home/")
    assert "target out of scope" in text and "crawl that address instead" in text


def test_a_filtered_and_sorted_view_stays_sorted_as_rows_arrive(qtmodeltester: Any) -> None:
    from gui_crawler.models import StatusClass

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
        window._on_batch(
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


def test_without_a_notice_the_state_text_has_the_whole_bar(qtbot: Any, window: MainWindow) -> None:
    window.resize(1200, 700)
    window.say("Opened (cancelled): 1,234 URLs, 56 left to fetch — Continue crawl resumes it")
    window.notify(None)
    qtbot.wait(10)
    free = window.stat_labels["urls"].geometry().left()
    assert not window.notice.isVisible()
    assert window.state_label.width() > free * 0.8
    window.notify("Exported 3 rows to /tmp/x.csv")
    qtbot.wait(10)
    assert window.notice.isVisible() and window.state_label.width() < free * 0.8


def test_an_opened_crawl_fills_a_sorted_table_in_order(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    path = max(window.crawls_folder().glob("*.sqlite3"), key=lambda p: p.stat().st_mtime)
    table = window.pages_tab.table
    table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    window.results.clear()
    assert window.open_crawl(path)
    model = table.model()
    keys = [model.index(i, 1).data(Roles.Sort) for i in range(model.rowCount())]
    assert len(keys) == PAGES and keys == sorted(keys, reverse=True)
    assert table.horizontalHeader().sortIndicatorSection() == 1


def test_a_changing_count_repaints_its_label_alone(qtbot: Any) -> None:
    # A label free to change size lays its parents out again on every setText: in a tab page
    # that repainted the whole tab widget on every tick of a crawl.
    tabs, page = QTabWidget(), QWidget()
    row = QHBoxLayout(page)
    label = CounterLabel()
    row.addWidget(label)
    row.addWidget(QLabel("beside it"), 1)
    tabs.addTab(page, "Pages")
    qtbot.addWidget(tabs)
    tabs.show()
    qtbot.waitExposed(tabs)
    label.setText("9,999 URLs")
    qtbot.wait(50)  # the layout requests of its growth go up the parents one at a time
    wide = label.width()
    assert wide >= label.sizeHint().width()
    requests: list[QEvent.Type] = []

    class Count(QObject):
        def eventFilter(self, obj: Any, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                requests.append(event.type())
            return False

    counter = Count()
    tabs.installEventFilter(counter)
    for n in (1000, 1234, 5, 9000):
        label.setText(f"{n:,} URLs")
        QApplication.processEvents()
    assert not requests and label.width() == wide and label.text() == "9,000 URLs"
    label.setText("99,999,999 URLs")  # wider: it grows, and keeps its new width
    QApplication.processEvents()
    assert label.width() >= label.sizeHint().width() > wide
    label.setText("")  # nothing to say: it gives its space back
    QApplication.processEvents()
    assert label.width() < wide
