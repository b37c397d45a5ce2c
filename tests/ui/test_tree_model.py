"""The site tree keeps no URL strings: a URL's node is found by walking its segments and the node's
path spells the URL back. Every form a URL takes maps to its node and back; a leaf that gets
children stays the same node (row, status, URL, indexes); unknown URLs have no node."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from windows import show_tree

from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tree_model import Node, SiteTreeModel
from gui_crawler.window import MainWindow

H = "http://h.test"
TIP = Qt.ItemDataRole.ToolTipRole

# Every form split_url takes: host roots with and without a path, ports, IPv6, a directory that
# is also a URL, queries (on a leaf, on a directory, on the root, empty, holding "/" or "?"),
# empty segments, a host followed by a query alone.
FORMS = [
    H + "/",
    H + "/docs/",
    H + "/docs/a",
    H + "/docs/sub/",
    H + "/docs/sub/page.html",
    H + "/q",
    H + "/q?x=1",
    H + "/q?x=2&y=3",
    H + "/?x=1",
    H + "/docs/?page=2",
    H + "/s?u=/a/b?c",
    H + "/empty?",
    H + "/a//b",
    H + "//lead",
    H + "/%7Euser/caf%C3%A9",
    "http://h.test:8080/p/1",
    "http://h.test:8080",
    "https://h.test/",
    "http://[::1]:8443/p/2",
    "http://bare.test",
    "http://bare.test?q=1",
    "http://slash.test/",
    "http://slash.test/x",
]


def record(url: str, status: int | None = 200, **kw: Any) -> FetchRecord:
    return FetchRecord(url=url, status=status, content_type="text/html", **kw)


def index_of(tree: SiteTreeModel, node: Node, column: int = 0) -> QModelIndex:
    rows = []
    n = node
    while n.parent is not None:
        rows.append(n.row)
        n = n.parent
    idx = QModelIndex()
    for row in reversed(rows):
        idx = tree.index(row, 0, idx)
    return idx.siblingAtColumn(column)


def every_index(tree: SiteTreeModel, parent: QModelIndex = QModelIndex()) -> list[QModelIndex]:  # noqa: B008
    out = []
    for r in range(tree.rowCount(parent)):
        idx = tree.index(r, 0, parent)
        out += [idx, *every_index(tree, idx)]
    return out


def check_forms(tree: SiteTreeModel, urls: list[str]) -> None:
    nodes = set()
    for u in urls:
        node = tree.node(u)
        assert node is not None, u
        assert node.url == u
        assert node.is_url
        idx = index_of(tree, node)
        assert idx.internalPointer() is node
        assert idx.data(Roles.Url) == u
        assert u in idx.data(TIP)
        nodes.add(id(node))
    assert len(nodes) == len(urls)  # no two of these URLs share a node
    assert tree.index(0, 1).data() + tree.index(1, 1).data() > 0
    shown = {i.data(Roles.Url) for i in every_index(tree) if i.internalPointer().is_url}
    assert shown == set(urls)


def test_every_url_form_maps_to_its_node_and_back(qtmodeltester: Any) -> None:
    queued = SiteTreeModel()
    qtmodeltester.check(queued)
    queued.add_urls(FORMS)
    check_forms(queued, FORMS)
    recorded = SiteTreeModel()  # URLs that arrive as records only, one at a time, in reverse
    for u in reversed(FORMS):
        recorded.add_records([record(u)])
    check_forms(recorded, FORMS)
    assert recorded.node(H + "/?x=1").own_text == "200"  # type: ignore[union-attr]
    # The same URLs again find their nodes: nothing is added or counted twice.
    for tree in (queued, recorded):
        hosts = [tree.index(r, 1).data() for r in range(tree.rowCount())]
        tree.add_urls(FORMS)
        tree.add_records([record(u, 404) for u in FORMS])
        assert [tree.index(r, 1).data() for r in range(tree.rowCount())] == hosts
        assert sum(hosts) == len(FORMS)
        check_forms(tree, FORMS)
        qtmodeltester.check(tree)


def test_urls_not_taken_in_have_no_node() -> None:
    tree = SiteTreeModel()
    assert tree.node(H + "/") is None
    tree.add_urls([H + "/docs/a", H + "/q?x=1", H + "/b/c", "http://h.test:8080/p/1"])
    for u in [
        H + "/docs/b",  # a sibling
        H + "/docs/",  # a directory on the way, no URL itself
        H + "/docs",
        H + "/",  # the host
        H,
        H + "/q",  # the page a query leaf hangs under
        H + "/q?x=2",
        H + "/q?x=1?",
        H + "/b/c/",
        H + "/b/c/d",
        "http://h.test:8080/p/2",
        "http://h.test:8081/p/1",
        "https://h.test/docs/a",
        "http://other.test/docs/a",
    ]:
        assert tree.node(u) is None, u
    assert tree.node(H + "/docs/a") is not None


def test_urls_sharing_a_node_keep_the_spelling_taken_in() -> None:
    """``http://h`` and ``http://h/`` split alike, as ``/a`` and ``/a?`` do: the node is the first
    one's, and the other is not one of the tree's URLs."""
    tree = SiteTreeModel()
    tree.add_urls([H + "/", H + "/a?", "http://bare.test", "http://bare.test/b"])
    tree.add_urls([H, H + "/a", "http://bare.test/"])
    for u in (H + "/", H + "/a?", "http://bare.test"):
        node = tree.node(u)
        assert node is not None and node.url == u
        assert index_of(tree, node).data(Roles.Url) == u
    assert tree.node(H) is None and tree.node(H + "/a") is None
    assert tree.node("http://bare.test/") is None
    assert tree.index(0, 1).data() == 2  # h.test: its root and /a?, each counted once


def test_leaf_promoted_to_a_directory_keeps_its_row_status_and_url(qtmodeltester: Any) -> None:
    tree = SiteTreeModel()
    qtmodeltester.check(tree)
    tree.add_urls([H + "/a", H + "/docs/", H + "/q", H + "/z"])
    tree.add_records([record(H + "/docs/", 404), record(H + "/q", 301), record(H + "/z")])
    docs, q = tree.node(H + "/docs/"), tree.node(H + "/q")
    assert docs is not None and q is not None and docs.dir is None and q.dir is None
    host = tree.index(0, 0)
    rows = {n.name: n.row for n in (docs, q)}
    held = {n.name: QPersistentModelIndex(index_of(tree, n)) for n in (docs, q)}
    status = {n.name: QPersistentModelIndex(index_of(tree, n, 2)) for n in (docs, q)}
    inserted: list[tuple[str, int, int]] = []
    tree.rowsInserted.connect(lambda p, a, b: inserted.append((p.data(Roles.Url), a, b)))

    tree.add_urls([H + "/docs/x", H + "/q?y=1"])
    tree.add_records([record(H + "/docs/x", 500), record(H + "/docs/new/deep", 200)])
    assert tree.node(H + "/docs/") is docs and tree.node(H + "/q") is q
    assert docs.dir is not None and q.dir is not None  # the same objects, now directories
    assert sorted(inserted) == [(H + "/docs/", 0, 0), (H + "/docs/", 1, 1), (H + "/q", 0, 0)]
    for n in (docs, q):
        assert n.row == rows[n.name] and held[n.name].row() == n.row
        assert held[n.name].internalPointer() is n and held[n.name].parent() == host
        assert held[n.name].data(Roles.Url) == n.url
    assert docs.url == H + "/docs/" and q.url == H + "/q"
    assert status["docs/"].data() == "404" and docs.own == StatusClass.CLIENT_ERROR
    assert docs.worst == StatusClass.SERVER_ERROR and docs.worst_text == "500"
    assert index_of(tree, docs, 3).data() == "500"
    assert docs.pages == 3 and index_of(tree, docs, 1).data() == 3  # itself, x, new/deep
    assert status["q"].data() == "301" and q.pages == 2 and q.own_text == "301"
    assert tree.rowCount(held["docs/"]) == 2 and tree.rowCount(held["q"]) == 1
    assert tree.index(0, 1).data() == 7
    # A leaf that gets its first child in the batch that made it, and a leaf's second child.
    tree.add_urls([H + "/n/", H + "/n/1", H + "/q?y=2"])
    assert tree.node(H + "/n/").pages == 2 and q.pages == 3  # type: ignore[union-attr]
    qtmodeltester.check(tree)


def test_a_url_recorded_again_shows_its_new_status_and_keeps_the_worst_below() -> None:
    tree = SiteTreeModel()
    tree.add_records([record(H + "/a/b", 404), record(H + "/a/c")])
    b = tree.node(H + "/a/b")
    assert b is not None and b.own_text == "404" and b.worst_text == "404"
    tree.add_records([record(H + "/a/b", 200)])
    assert b.own_text == "200" and b.own == StatusClass.OK
    assert b.worst_text == "404" and tree.index(0, 3).data() == "404"
    tree.add_records([FetchRecord(url=H + "/a/c", error_kind="ClientOSError", exception="x")])
    assert tree.index(0, 3).data(Qt.ItemDataRole.DisplayRole) == tree.node(H + "/a/c").own_text  # type: ignore[union-attr]
    assert tree.node(H + "/a/c").worst == StatusClass.FAILED  # type: ignore[union-attr]


def test_nodes_share_their_status_texts() -> None:
    """A status text is one object however many nodes show it, not one string per node."""
    tree = SiteTreeModel()
    urls = [f"{H}/p/{n}" for n in range(50)]
    tree.add_urls(urls)
    tree.add_records([record(u, 200 if n % 2 else 404) for n, u in enumerate(urls)])
    texts = {id(tree.node(u).own_text) for u in urls}  # type: ignore[union-attr]
    assert len(texts) == 2
    assert {tree.node(u).own_text for u in urls} == {"200", "404"}  # type: ignore[union-attr]


def a_crawl(pages: int = 80) -> list[tuple[str, list[Any]]]:
    """A crawl's batches as the window takes them, in order: URLs queued (some again, some
    forms from FORMS), then their records (a 404, a 500, a failure, pages recorded again)."""
    urls = [f"{H}/"] + [f"{H}/f{i % 5}/s{i % 3}/p{i}" for i in range(1, pages)] + FORMS
    out: list[tuple[str, list[Any]]] = [("urls", urls[:1])]
    for i, url in enumerate(urls):
        status = 404 if i % 11 == 0 else 500 if i % 17 == 0 else 200
        rec = record(url, status) if i % 13 else FetchRecord(url=url, error_kind="ClientOSError")
        out.append(("records", [rec]))
        out.append(("urls", urls[i + 1 : i + 4]))  # queued again too: no new node
        if i % 7 == 0:
            out.append(("records", [record(urls[i // 2], 200), record(f"{H}/late/{i}", 301)]))
    return out


def shape(tree: SiteTreeModel, parent: QModelIndex = QModelIndex()) -> list[Any]:  # noqa: B008
    """Everything the views read of the tree, row by row, depth first."""
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole, Roles.Url, Roles.Sort)
    rows = []
    for row in range(tree.rowCount(parent)):
        idx = tree.index(row, 0, parent)
        cells = [tree.index(row, c, parent).data(r) for c in range(4) for r in roles]
        cells = [c.color().name() if hasattr(c, "color") else c for c in cells]
        rows.append((cells, shape(tree, idx)))
    return rows


def feed(tree: SiteTreeModel, kind: str, batch: list[Any]) -> None:
    if kind == "urls":
        tree.add_urls(batch)
    else:
        tree.add_records(batch)


def test_a_deferred_tree_caught_up_mid_crawl_and_at_the_end_is_the_one_built_live(
    qtmodeltester: Any,
) -> None:
    """Hidden, the tree only notes its batches; placed later in parts or all at once it is the
    tree built as they came, row for row, and once no longer deferred it follows them again."""
    live, later = SiteTreeModel(), SiteTreeModel()
    later.deferred = True
    woken: list[int] = []
    later.on_waiting = lambda: woken.append(later.version)
    batches = a_crawl()
    for i, (kind, batch) in enumerate(batches):
        feed(live, kind, batch)
        feed(later, kind, batch)
        assert later.waiting
        if i == 60:  # shown mid-crawl: all placed
            assert later.catch_up() and not later.waiting
            assert shape(later) == shape(live)
            qtmodeltester.check(later)
        elif i in (120, 121, 150):  # idle turns: a part at a time
            before = later.rowCount() and later.index(0, 1).data()
            assert not later.catch_up(2) and later.waiting
            assert later.index(0, 1).data() > before
    assert len(woken) == 2  # when a batch began to wait (at the start, after i == 60): not each
    assert shape(later) != shape(live)  # the last batches wait
    assert later.catch_up() and shape(later) == shape(live)
    qtmodeltester.check(later)
    # No longer deferred: each batch placed as it comes.
    later.deferred = False
    more = [record(f"{H}/f1/new", 500), record(f"{H}/other/x", 200)]
    live.add_records(more)
    later.add_records(more)
    assert not later.waiting and shape(later) == shape(live)
    assert later.node(f"{H}/other/x") is not None
    qtmodeltester.check(later)


def test_a_deferred_tree_past_its_bound_places_the_oldest() -> None:
    tree = SiteTreeModel()
    tree.deferred = True
    tree.WAITING_MAX = 100
    tree.add_urls([f"{H}/a{i}" for i in range(90)])
    assert tree.rowCount() == 0
    tree.add_urls([f"{H}/b{i}" for i in range(20)])  # 110 waiting: the oldest batch placed
    assert tree.rowCount() == 1 and tree.index(0, 1).data() == 90 and tree.waiting
    tree.clear()
    assert not tree.waiting and tree.rowCount() == 0


def test_the_hidden_site_tree_tab_waits_catches_up_in_a_lull_and_follows_once_shown(
    qtbot: Any, qtmodeltester: Any, window: MainWindow
) -> None:
    r, live = window.results, SiteTreeModel()
    tree, idle = r.tree, window.tree_catch_up
    assert tree.deferred and not window.tree_view.isVisible()  # a hidden tab by default
    assert not idle.active and not window.graph_view.idle.active  # nothing waits: no timer

    def take(batches: list[tuple[str, list[Any]]]) -> None:
        for kind, batch in batches:
            feed(live, kind, batch)
            r.add_queued(batch) if kind == "urls" else r.add(batch)

    batches = a_crawl()
    third = len(batches) // 3
    take(batches[:third])
    assert tree.waiting and tree.rowCount() == 0 and idle.active
    # No batch for a while: placed in idle turns, the tab still hidden; then no timer.
    qtbot.waitUntil(lambda: not tree.waiting, timeout=10_000)
    assert not window.tree_view.isVisible() and shape(tree) == shape(live)
    qtbot.waitUntil(lambda: not idle.active and not window.graph_view.idle.active, timeout=5000)
    take(batches[third : 2 * third])
    assert tree.waiting and idle.active  # records again: the timer again
    assert show_tree(qtbot, window) is tree and shape(tree) == shape(live)
    take(batches[2 * third :])  # shown: it follows the records
    assert not tree.waiting and shape(tree) == shape(live)
    qtmodeltester.check(tree)
    window.show_tab(window.pages_tab)
    assert tree.deferred
