"""The item models, fed with hand-made records (no network): Qt's model tester, filters, sort,
tree growth, redirect chains, broken-link inlinks, and 100k rows."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.events import FetchRecord, WorkerEvent, WorkerState
from gui_crawler.models import PagesModel, PagesProxy, Roles, StatusClass
from gui_crawler.results import CrawlResults
from gui_crawler.tree_model import split_url

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
    assert pages.index(0, 1).data() == "Connection broke"
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
    assert res.error_count == 3


def test_site_tree_grows_with_counts_and_worst_status() -> None:
    assert split_url(H + "/a/b/c?x=1") == (H, ["a/", "b/", "c", "?x=1"])
    assert split_url(H + "/") == (H, [])
    res = CrawlResults()
    tree = res.tree
    res.add(batches()[0])
    host = tree.index(0, 0)
    assert host.data() == H
    assert tree.index(0, 1).data() == 6  # the root and its five links
    for b in batches()[1:]:
        res.add(b)
    node_a = tree.node(H + "/a/")
    assert node_a is not None and node_a.pages == 3
    assert node_a.worst == StatusClass.SERVER_ERROR  # /a/2 answered 500
    assert tree.index(0, 3).data() == "Connection broke"  # worst of the whole host
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


def test_rows_arriving_after_a_sort_go_to_their_sorted_place(qtmodeltester: Any) -> None:
    model = PagesModel()
    proxy = PagesProxy(model)
    qtmodeltester.check(proxy)
    b = batches()
    model.add_records(b[0] + b[1])
    proxy.sort(1, Qt.SortOrder.AscendingOrder)
    selected = QPersistentModelIndex(model.index(model.row_of(H + "/gone") or 0, 0))
    for batch in b[2:]:
        model.add_records(batch)
        keys = [model.index(i, 1).data(Roles.Sort) for i in range(model.rowCount())]
        assert keys == sorted(keys)
    assert selected.data() == H + "/gone"  # a selection follows its row
    proxy.sort(4, Qt.SortOrder.DescendingOrder)
    model.add_records([page(f"/t{i}", elapsed=int(i[0]) / 10) for i in ("5", "1a", "9", "1b")])
    keys = [model.index(i, 4).data(Roles.Sort) for i in range(model.rowCount())]
    assert keys == sorted(keys, reverse=True)
    assert model.row_of(H + "/t9") == 0
    # Equal keys keep arrival order, as a stable sort would.
    tied = [model.index(i, 0).data() for i in range(model.rowCount()) if keys[i] == 0.1]
    assert tied == [H + "/t1a", H + "/t1b"]
    # The sort survives a clear (a new crawl), so the header's arrow stays true.
    model.clear()
    model.add_records([page("/z", elapsed=0.1), page("/y", elapsed=0.9)])
    assert [model.index(i, 0).data() for i in range(2)] == [H + "/y", H + "/z"]
    proxy.sort(-1)
    model.add_records([page("/last", elapsed=0.5)])
    assert model.index(2, 0).data() == H + "/last"
    qtmodeltester.check(proxy)


def test_failures_read_in_plain_words_and_notes_have_their_own_column() -> None:
    from gui_crawler.models import PAGE_COLUMNS, make_row

    titles = [c.title for c in PAGE_COLUMNS]
    err, note = titles.index("Error"), titles.index("Note")
    failed = FetchRecord(
        url=H + "/x",
        exception="ClientConnectorError: Cannot connect to host h.test:80 ssl:default [refused]",
        error_kind="ClientConnectorError",
    )
    row = make_row(failed)
    assert row.display[1] == "No answer"
    assert row.display[err] == "Nothing answered at this address"
    assert "ssl:default" not in " ".join(row.display)
    seen = page("/r", status=301, next_url=H + "/", note="target already seen")
    row = make_row(seen)
    assert row.display[err] == "" and row.display[note] == "target already seen"
    odd = FetchRecord(url=H + "/y", exception="WeirdThingError: x", error_kind="WeirdThingError")
    assert make_row(odd).display[1] == "Weird thing"
