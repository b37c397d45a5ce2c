"""What the window shows stays true: the Details pane's listed URLs get their status as they are
fetched, the Hosts tab settles when a crawl ends and a host row shows the host, a reopened
crawl's Timeline draws its requests, and the status bar's cut text is whole in its tooltip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QTreeWidgetItem
from windows import PAGES, H, crawl_to_end, page

from gui_crawler.events import FetchRecord
from gui_crawler.records.wording import average_rate
from gui_crawler.ui.details import NOT_FETCHED
from gui_crawler.ui.hosts_model import HOST_COLUMNS
from gui_crawler.ui.timeline_model import TimelineModel
from gui_crawler.window import MainWindow


def section(w: MainWindow, title: str) -> QTreeWidgetItem:
    d = w.details
    items = [d.topLevelItem(i) for i in range(d.topLevelItemCount())]
    return next(it for it in items if it.text(0).split(" (")[0] == title)


def listed(sec: QTreeWidgetItem) -> dict[str, str]:
    """URL -> the status shown beside it."""
    return {sec.child(i).text(1): sec.child(i).text(0) for i in range(sec.childCount())}


def click_row(qtbot: Any, view: Any, row: int) -> None:
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_details_outlinks_get_their_status_when_fetched(qtbot: Any, window: MainWindow) -> None:
    window.bridge.batch.emit([page("/", links=(H + "/x", H + "/y"))], [])
    click_row(qtbot, window.pages_tab.table, 0)
    assert window.details.url == H + "/"
    assert listed(section(window, "Outlinks")) == {H + "/x": NOT_FETCHED, H + "/y": NOT_FETCHED}
    # /x is fetched much later; nothing links back to the page shown: no reason to rebuild it.
    window.bridge.batch.emit([page("/x"), page("/z", status=404)], [])
    assert listed(section(window, "Outlinks")) == {H + "/x": "200", H + "/y": NOT_FETCHED}
    window.bridge.batch.emit([page("/y", status=404)], [])
    assert listed(section(window, "Outlinks")) == {H + "/x": "200", H + "/y": "404"}


def test_details_redirect_chain_grows_as_its_hops_are_fetched(
    qtbot: Any, window: MainWindow
) -> None:
    window.bridge.batch.emit([page("/old", status=301, next_url=H + "/older")], [])
    click_row(qtbot, window.pages_tab.table, 0)
    assert listed(section(window, "Redirect chain")) == {
        H + "/old": "301",
        H + "/older": NOT_FETCHED,
    }
    window.bridge.batch.emit([page("/older", status=302, next_url=H + "/new")], [])
    chain = section(window, "Redirect chain")
    assert chain.text(0) == "Redirect chain (2 hops)"
    assert listed(chain) == {H + "/old": "301", H + "/older": "302", H + "/new": NOT_FETCHED}
    window.bridge.batch.emit([page("/new")], [])
    assert listed(section(window, "Redirect chain"))[H + "/new"] == "200"


def test_hosts_settle_when_the_crawl_ends_and_a_row_shows_its_host(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    port = live_site.url.rstrip("/").rsplit(":", 1)[1]
    external = f"http://localhost:{port}/elsewhere"
    live_site.add_page("/", ["/a/", "/b/", "/old", "/missing", "/broken", external])
    live_site.add_page("/elsewhere", [])
    crawl_to_end(qtbot, window, live_site.url)
    hosts = window.results.hosts
    rate, in_flight = HOST_COLUMNS.index("Req/s"), HOST_COLUMNS.index("In flight")
    assert hosts.rowCount() == 2
    for row in range(hosts.rowCount()):
        assert hosts.index(row, rate).data() == ""  # no request starts once the crawl is over
        assert hosts.index(row, in_flight).data() == "0"

    window.tabs.setCurrentWidget(window.hosts_view)
    view = window.hosts_view
    row = next(
        i for i in range(view.model().rowCount()) if "localhost" in view.model().index(i, 0).data()
    )
    click_row(qtbot, view, row)
    d = window.details
    shown = [d.topLevelItem(i).text(0) for i in range(d.topLevelItemCount())]
    assert shown[0] == "Host" and "Record" not in shown
    fields = {it.text(0): it.text(1) for it in map(section(window, "Host").child, range(8))}
    assert fields["Host"] == f"http://localhost:{port}"
    assert fields["Kind"].startswith("external")
    assert list(listed(section(window, "URLs recorded"))) == [external]
    # A batch arriving later does not swap the host for the start page.
    window.bridge.batch.emit([page("/late")], [])
    assert window.details.host == f"http://localhost:{port}"


def test_a_reopened_crawl_draws_its_requests_on_its_own_time_axis(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    path = window.bridge.session.path
    ends = sorted(r.finished_at for r in window.results.pages.records() if r.worker >= 0)
    other = MainWindow()  # opened the next day, in a window that has crawled nothing
    other.show()
    try:
        other.show_tab(other.timeline)
        assert other.open_crawl(path)
        model = other.timeline.model
        assert len(model.bars) == len(ends) > 0
        assert sorted(b.end for b in model.bars) == ends  # the crawl's own times
        view = other.timeline.view
        assert view.span >= model.now == ends[-1]  # the whole crawl in view
        assert not view.running  # its legend says "to the crawl's end", not "live"
        # The status bar's rate and time are the crawl's own, not 0.0 pages/s in 0:00.
        rate = other.stat_labels["rate"].text()
        assert rate == average_rate(PAGES, model.now)  # "29 pages in 83 ms" within a second
        qtbot.waitUntil(lambda: other.timeline.info.text().startswith(f"{len(ends)} requests"))
    finally:
        other.close()
        run(other.bridge.wait())
        other.deleteLater()


def rec(path: str, end: float, worker: int = 0, took: float = 0.1) -> FetchRecord:
    return FetchRecord(url=H + path, status=200, worker=worker, finished_at=end, elapsed=took)


def test_a_continued_crawl_file_draws_each_run_after_the_one_before() -> None:
    model = TimelineModel()
    first = [rec("/a", 0.5), rec("/b", 1.0, worker=1), rec("/c", 2.0)]
    second = [rec("/d", 0.3), rec("/e", 0.9)]  # continued: its clock started again at 0
    model.load(first + second)
    by_url = {b.url: b for b in model.bars}
    assert by_url[H + "/c"].end == 2.0
    assert by_url[H + "/d"].end == 2.3 and by_url[H + "/e"].end == 2.9
    assert by_url[H + "/d"].start >= by_url[H + "/c"].end
    assert model.now == 2.9


def test_cut_status_text_is_whole_in_its_tooltip(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    path = window.bridge.session.path
    assert window.open_crawl(path)
    label = window.state_label
    label.setMaximumWidth(160)  # narrower than its text, whatever the window's least width
    full = label.text()
    assert full.startswith(f"Opened (done): {PAGES} URLs")
    qtbot.waitUntil(lambda: QLabel.text(label) != full)  # cut to fit the bar…
    assert QLabel.text(label).endswith("…")
    assert full in label.toolTip() and str(path) in label.toolTip()  # …whole in its tooltip
    window.status.notify("A notice " + "long " * 60 + "end")
    notice = window.notice
    assert QLabel.text(notice).endswith("…") and notice.toolTip().endswith("long end")
    assert (
        notice.mapToGlobal(QPoint(notice.width(), 0)).x()
        <= window.mapToGlobal(QPoint(window.width(), 0)).x()
    )
