"""The item models, fed with hand-made records (no network): Qt's model tester, filters, sort,
tree growth, redirect chains, broken-link inlinks, and 100k rows."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.events import FetchRecord, WorkerEvent, WorkerState
from gui_crawler.models import PagesModel
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.ui.pages_proxy import PagesProxy
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tree_model import split_url

H = "http://h.test"


def page(path: str, links: tuple[str, ...] = (), status: int = 200, **kw: Any) -> FetchRecord:
    kw.setdefault("content_type", "text/html")
    return FetchRecord(
        url=H + path,
        status=status,
        links=tuple(H + link for link in links),
        num_urls=len(links),
        **kw,
    )


def batches() -> list[list[FetchRecord]]:
    return [
        [page("/", ("/a/", "/b/x", "/old", "/gone", "/q?x=1"))],
        [
            page("/a/", ("/a/1", "/a/2", "/gone")),
            page("/old", status=301, next_url=H + "/older"),
            page("/gone", status=404, content_type="text/plain"),
        ],
        [
            page("/older", status=302, next_url=H + "/a/"),
            page("/b/x", ("/a/1",)),
            FetchRecord(
                url=H + "/q?x=1", exception="ClientOSError: reset", error_kind="ClientOSError"
            ),
        ],
        [page("/a/1", ("/gone",)), page("/a/2", ("/b/deep/er/est",), status=500)],
    ]


def test_every_model_passes_qt_model_tester_while_batches_arrive(qtmodeltester: Any) -> None:
    res = CrawlResults()
    models = (res.pages, res.proxy, res.tree, res.workers, res.redirects, res.broken)
    for m in models:
        qtmodeltester.check(m)
    for i, b in enumerate(batches()):
        res.add(b, [WorkerEvent(i % 3, WorkerState.FETCHING, b[0].url, float(i))])
        res.workers.tick(10.0)
    res.proxy.set_filter(text="a/")
    res.proxy.sort(1, Qt.SortOrder.DescendingOrder)
    res.proxy.set_filter(text="", classes={StatusClass.CLIENT_ERROR})
    for m in models:
        qtmodeltester.check(m)
    res.clear()
    for m in models:
        qtmodeltester.check(m)
        assert m.rowCount() == 0


def test_pages_rows_sort_and_filter() -> None:
    res = CrawlResults()
    for b in batches():
        res.add(b)
    pages, proxy = res.pages, res.proxy
    assert pages.rowCount() == 9
    assert pages.index(0, 0).data() == H + "/"
    assert pages.index(0, 0).data(Roles.Record).status == 200
    persistent = QPersistentModelIndex(pages.index(pages.row_of(H + "/gone") or 0, 0))
    pages.sort(1, Qt.SortOrder.DescendingOrder)  # status, failures (no status) first
    assert pages.index(0, 1).data() == "Dropped"
    assert pages.index(1, 1).data() == "500"
    assert persistent.data() == H + "/gone"  # persistent indexes follow the sort
    assert pages.row_of(H + "/gone") == persistent.row()
    proxy.set_filter(classes={StatusClass.CLIENT_ERROR, StatusClass.SERVER_ERROR})
    assert sorted(r.url for r in proxy.records()) == [H + "/a/2", H + "/gone"]
    proxy.set_filter(text="A/", classes=())
    assert {r.url for r in proxy.records()} == {H + "/a/", H + "/a/1", H + "/a/2", H + "/older"}
    res.add([page("/a/3")])  # new rows are filtered as they arrive
    assert H + "/a/3" in {r.url for r in proxy.records()}
    res.add([page("/zzz")])
    assert proxy.rowCount() == 5
    assert res.redirect_count == 2
    assert res.broken.rowCount() == 3  # /gone (404), /q?x=1 (reset), /a/2 (500)


def taken(batch: list[FetchRecord]) -> list[str]:
    """The URLs the engine takes in from a batch's pages: their links and redirect targets."""
    return [u for r in batch for u in (*r.links, *([r.next_url] if r.next_url else []))]


def test_site_tree_grows_with_counts_and_worst_status() -> None:
    assert split_url(H + "/a/b/c?x=1") == (H, ["a/", "b/", "c", "?x=1"])
    assert split_url(H + "/") == (H, [])
    res = CrawlResults()
    tree = res.tree
    res.add_queued([H + "/"])
    res.add_queued(taken(batches()[0]))
    res.add(batches()[0])
    host = tree.index(0, 0)
    assert host.data() == H
    assert tree.index(0, 1).data() == 6  # the root and the five links it took in
    for b in batches()[1:]:
        res.add_queued(taken(b))
        res.add(b)
    node_a = tree.node(H + "/a/")
    assert node_a is not None and node_a.pages == 3
    assert node_a.worst == StatusClass.SERVER_ERROR  # /a/2 answered 500
    assert tree.index(0, 3).data() == "Dropped"  # worst of the whole host
    deep = tree.node(H + "/b/deep/er/est")
    assert deep is not None and deep.own == StatusClass.PENDING  # discovered, not fetched
    q = tree.node(H + "/q?x=1")
    assert q is not None and q.name == "?x=1" and q.parent is not None and q.parent.name == "q"
    # Every node is reachable through the model.
    seen = 0

    def walk(parent: QModelIndex) -> None:
        nonlocal seen
        for r in range(tree.rowCount(parent)):
            idx = tree.index(r, 0, parent)
            assert tree.parent(idx) == parent
            seen += 1
            walk(idx)

    walk(QModelIndex())
    assert seen >= 12


def test_site_tree_shows_only_urls_taken_in(qtmodeltester: Any) -> None:
    """A link the crawl did not take in (a page cap, a depth limit) gets no node; a URL taken
    in gets one before it is fetched, and its record fills it in."""
    res = CrawlResults()
    tree = res.tree
    qtmodeltester.check(tree)
    res.add_queued([H + "/", H + "/a/1"])
    res.add([page("/", ("/a/1", "/a/2", "/b/"))])  # /a/2 and /b/ were not taken in
    assert tree.node(H + "/a/2") is None and tree.node(H + "/b/") is None
    a1 = tree.node(H + "/a/1")
    assert a1 is not None and a1.own == StatusClass.PENDING
    assert tree.index(0, 1).data() == 2
    res.add([page("/a/1", status=404)])
    assert a1.own == StatusClass.CLIENT_ERROR and tree.index(0, 3).data() == "404"
    res.add([page("/late")])  # recorded without a Queued seen (a resumed crawl's frontier)
    assert tree.node(H + "/late") is not None and tree.index(0, 1).data() == 3
    # Still an outlink of its page, and still an inlink of its target.
    assert H + "/a/2" in res.links.records[H + "/"].links
    assert res.links.sources(H + "/a/2") == [H + "/"]


def test_redirect_chain_and_broken_inlinks() -> None:
    res = CrawlResults()
    for b in batches():
        res.add(b)
    red = res.redirects
    assert red.rowCount() == 2
    assert red.index(0, 0).data() == H + "/old"
    assert red.index(0, 4).data() == H + "/a/"  # the chain is resolved once /older arrives
    assert red.index(0, 5).data() == "200"
    assert "→" in red.index(0, 6).data()
    assert [u for u, _ in res.links.chain(H + "/old")] == [H + "/old", H + "/older", H + "/a/"]
    broken = res.broken
    urls = [broken.index(r, 0).data() for r in range(broken.rowCount())]
    assert urls == [H + "/gone", H + "/q?x=1", H + "/a/2"]
    assert broken.index(0, 3).data() == "3"  # /, /a/ and later /a/1 link to /gone
    assert H + "/a/1" in broken.index(0, 4).data()


def test_redirect_loop_terminates() -> None:
    res = CrawlResults()
    res.add([page("/x", status=302, next_url=H + "/y"), page("/y", status=302, next_url=H + "/x")])
    chain = res.links.chain(H + "/x")
    assert [u for u, _ in chain] == [H + "/x", H + "/y", H + "/x"]
    assert res.redirects.index(0, 5).data() == "loop"


def test_workers_rows_states_and_done_counts(qtmodeltester: Any) -> None:
    res = CrawlResults()
    w = res.workers
    qtmodeltester.check(w)
    w.apply(
        [WorkerEvent(0, WorkerState.IDLE, None, 1.0), WorkerEvent(2, WorkerState.IDLE, None, 1.0)]
    )
    assert w.rowCount() == 3
    w.apply(
        [
            WorkerEvent(0, WorkerState.FETCHING, H + "/", 2.0),
            WorkerEvent(0, WorkerState.IDLE, None, 3.0),
            WorkerEvent(2, WorkerState.FETCHING, H + "/slow", 3.0),
        ]
    )
    w.tick(6.5)
    assert w.index(0, 1).data() == "waiting on the queue"
    assert w.index(0, 3).data() == "1"
    assert w.index(2, 1).data() == "fetching"
    assert w.index(2, 2).data() == "3.5"
    assert w.index(2, 4).data() == H + "/slow"
    assert w.index(2, 2).data(Qt.ItemDataRole.ForegroundRole) is not None  # a stall shows


def test_hundred_thousand_rows_through_the_models() -> None:
    """Regression: PySide6 6.12 on Python 3.11 crashed after a few thousand insertions."""
    res = CrawlResults()
    n, batch = 100_000, 500
    t0 = time.perf_counter()
    for start in range(0, n, batch):
        recs = [
            FetchRecord(
                url=f"{H}/s{i % 50}/p{i}",
                status=(200, 200, 200, 404, 301)[i % 5],
                next_url=f"{H}/s0/p0" if i % 5 == 4 else None,
                content_type="text/html",
                size=i,
                links=(f"{H}/s{(i + 1) % 50}/p{i + 1}",),
            )
            for i in range(start, start + batch)
        ]
        res.add(recs)
    elapsed = time.perf_counter() - t0
    assert res.pages.rowCount() == n
    assert res.proxy.rowCount() == n
    assert res.broken.rowCount() == n // 5
    assert res.redirects.rowCount() == n // 5
    assert res.tree.node(f"{H}/s7/p7") is not None
    t0 = time.perf_counter()
    res.proxy.sort(3, Qt.SortOrder.DescendingOrder)
    assert res.pages.index(0, 0).data() == f"{H}/s49/p99999"
    res.proxy.set_filter(text="/s3/")
    assert res.proxy.rowCount() == n // 50
    assert elapsed < 30 and time.perf_counter() - t0 < 10


def test_model_with_parentless_queries() -> None:
    model = PagesModel()
    proxy = PagesProxy(model)
    assert proxy.records() == []
    assert model.headerData(0, Qt.Orientation.Horizontal) == "URL"
    assert model.data(QModelIndex()) is None


def test_rows_added_after_a_sort_keep_the_order(qtmodeltester: Any) -> None:
    res = CrawlResults()
    pages, proxy = res.pages, res.proxy
    qtmodeltester.check(proxy)
    res.add(batches()[0])
    proxy.sort(1, Qt.SortOrder.DescendingOrder)
    inserts: list[tuple[int, int]] = []
    pages.rowsInserted.connect(lambda _p, first, last: inserts.append((first, last)))
    for b in batches()[1:]:
        res.add(b)
    keys = [pages.index(i, 1).data(Roles.Sort) for i in range(pages.rowCount())]
    assert keys == sorted(keys, reverse=True) and len(keys) == 9
    assert len(inserts) < 8  # runs landing together are one insert each
    assert [proxy.index(i, 1).data(Roles.Sort) for i in range(proxy.rowCount())] == keys
    assert pages.row_of(H + "/gone") == keys.index(404)
    # Equal keys keep arrival order, as a stable sort would: the 200s in the order they came.
    oks = [pages.index(i, 0).data() for i in range(pages.rowCount()) if keys[i] == 200]
    assert oks == [H + "/", H + "/a/", H + "/b/x", H + "/a/1"]
    res.clear()  # a new crawl fills a table still sorted the same way
    for b in batches():
        res.add(b)
    assert [pages.index(i, 1).data(Roles.Sort) for i in range(pages.rowCount())] == keys


def test_details_show_real_values_under_human_labels(qtbot: Any) -> None:
    from gui_crawler.ui.details import DetailsPane

    res = CrawlResults()
    res.add(batches()[0])
    res.add(
        [page("/=x", content_type="=cmd", next_url=None), page("/r", status=301, next_url=H + "/")]
    )
    pane = DetailsPane(res.links)
    qtbot.addWidget(pane)
    pane.show_url(H + "/=x")
    rec = pane.topLevelItem(0)
    fields = {rec.child(i).text(0): rec.child(i).text(1) for i in range(rec.childCount())}
    assert fields["URL"] == H + "/=x" and fields["Content type"] == "=cmd"  # not CSV-escaped
    pane.show_url(H + "/r")
    titles = [pane.topLevelItem(i).text(0) for i in range(pane.topLevelItemCount())]
    assert "Redirect chain (1 hop)" in titles


def test_chart_axis_fits_the_crawl_and_progress_estimate() -> None:
    from gui_crawler.records.wording import progress_text
    from gui_crawler.ui.charts import time_axis, time_label

    assert time_axis(1.5) == (1.5, 0.25)  # a 1.5 s crawl fills the axis
    assert time_axis(0.0) == (0.5, 0.1)
    end, step = time_axis(95.0)
    assert (end, step) == (120, 30) and time_label(end) == "2:00"
    assert progress_text(0, 0, 0.0, 0.0) == ""
    assert progress_text(50, 200, 10.0, 1.0) == "25% of 200 known"  # rate not settled yet
    assert progress_text(50, 200, 10.0, 5.0) == "25% of 200 known, about 0:15 left"
