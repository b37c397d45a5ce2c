"""What the window keeps per URL at scale: the tree fed from the URLs taken in, one index of the
links shared by the audit, and the bridge handing the taken-in URLs over."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.records.audit import Audit
from gui_crawler.ui.bridge import CRAWL_GC_FULL_EVERY, CrawlBridge
from gui_crawler.ui.details import SHOWN_OPEN, DetailsPane
from gui_crawler.ui.link_models import LinkIndex
from gui_crawler.ui.quiet_table import QuietTable

H = "http://s.test"


def test_audit_asks_the_link_index_for_orphans() -> None:
    index = LinkIndex()
    audit = Audit()
    audit.linked = index.linked
    recs = [
        FetchRecord(H + "/", status=200, links=(H + "/a", H + "/a")),
        FetchRecord(H + "/r", status=301, next_url=H + "/b"),
        FetchRecord(H + "/x", status=200, links=(H + "/a",)),
        FetchRecord(H + "/a", status=200, in_sitemap=True),
        FetchRecord(H + "/b", status=200, in_sitemap=True),
        FetchRecord(H + "/c", status=200, in_sitemap=True),
    ]
    index.add(recs)
    audit.add(recs)
    orphans = next(f for f in audit.findings() if f.key == "orphan")
    assert orphans.urls == (H + "/c",)
    assert not audit._linked  # no second set of every link
    # One source is kept inline, more become a list, both read back in order.
    assert index.sources(H + "/b") == [H + "/r"]
    assert index.sources(H + "/a") == [H + "/", H + "/", H + "/x"]
    assert index.sources(H + "/nowhere") == []


def test_bridge_hands_over_the_urls_taken_in_before_their_records(
    qtbot: Any, run: Callable[..., Any], live_site: Any
) -> None:
    live_site.fill_small(30)
    bridge = CrawlBridge(interval_ms=30)
    log: list[tuple[str, list[str]]] = []
    bridge.queued.connect(lambda urls: log.append(("queued", urls)))
    bridge.batch.connect(lambda recs, _w: log.append(("records", [r.url for r in recs])))
    with qtbot.waitSignal(bridge.finished, timeout=15_000):
        bridge.start(CrawlConfig(roots=(live_site.url,), max_tasks=4, max_pages=20))
    queued = [u for k, urls in log if k == "queued" for u in urls]
    recorded = [u for k, urls in log if k == "records" for u in urls]
    assert len(queued) == len(set(queued)) == 20  # the cap: every URL taken in, once
    assert sorted(recorded) == sorted(queued)
    seen: set[str] = set()
    for kind, urls in log:  # no record before its URL was handed over as taken in
        if kind == "queued":
            seen.update(urls)
        else:
            assert set(urls) <= seen


def test_full_collections_are_spaced_out_only_while_a_crawl_runs(
    qtbot: Any, run: Callable[..., Any], live_site: Any
) -> None:
    live_site.fill_small(10)
    before = gc.get_threshold()
    bridge = CrawlBridge(interval_ms=30)
    during: list[tuple[int, int, int]] = []
    bridge.batch.connect(lambda _r, _w: during.append(gc.get_threshold()))
    with qtbot.waitSignal(bridge.finished, timeout=15_000):
        bridge.start(CrawlConfig(roots=(live_site.url,), max_tasks=2))
        assert gc.get_threshold()[2] == max(before[2], CRAWL_GC_FULL_EVERY)
    assert during and all(t[:2] == before[:2] for t in during)
    assert gc.get_threshold() == before


def test_details_make_a_long_list_of_urls_when_it_is_unfolded(qtbot: Any) -> None:
    index = LinkIndex()
    many = [FetchRecord(f"{H}/p{i}", status=200, links=(H + "/",)) for i in range(SHOWN_OPEN + 10)]
    index.add([FetchRecord(H + "/", status=200, links=(H + "/p0", H + "/p1")), *many])
    pane = DetailsPane(index)
    qtbot.addWidget(pane)
    pane.show_url(H + "/")
    sections = {pane.topLevelItem(i).text(0): pane.topLevelItem(i) for i in range(3)}
    inlinks, outlinks = sections[f"Inlinks ({SHOWN_OPEN + 10})"], sections["Outlinks (2)"]
    assert outlinks.isExpanded() and outlinks.childCount() == 2
    assert not inlinks.isExpanded() and inlinks.childCount() == 0
    inlinks.setExpanded(True)
    assert inlinks.childCount() == SHOWN_OPEN + 10
    assert inlinks.child(3).text(1) == H + "/p3" and inlinks.child(3).text(0) == "200"
    pane.refresh()  # rebuilt folded again, nothing left over from the last build
    assert not pane._folded.get(id(inlinks)) and len(pane._folded) == 1


class CountingModel(QAbstractTableModel):
    """Rows of one column; counts the rows whose text the view asked for."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.rows = [f"row {i}" for i in range(n)]
        self.asked: set[int] = set()

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 1

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            self.asked.add(index.row())
            return self.rows[index.row()]
        return None

    def insert(self, at: int, texts: list[str]) -> None:
        self.beginInsertRows(QModelIndex(), at, at + len(texts) - 1)
        self.rows[at:at] = texts
        self.endInsertRows()


def test_rows_added_below_the_rows_shown_do_not_repaint_them(qtbot: Any) -> None:
    model = CountingModel(200)
    view = QuietTable()
    view.setModel(model)
    view.resize(300, 200)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: 0 in model.asked)
    shown = view.rowAt(view.viewport().height() - 1)
    assert 0 < shown < 100
    scroll = view.verticalScrollBar().maximum()
    model.asked.clear()
    model.insert(200, [f"new {i}" for i in range(100)])
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > scroll)
    qtbot.wait(50)
    assert view.skipped_repaints >= 1 and not model.asked  # nothing shown changed
    # A row inserted among the rows shown repaints them, as does scrolling to the new rows.
    model.insert(1, ["between"])
    qtbot.waitUntil(lambda: 1 in model.asked)
    view.scrollToBottom()
    qtbot.waitUntil(lambda: 300 in model.asked)
    assert view.model().index(300, 0).data() == "new 99"
