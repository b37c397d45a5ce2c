"""The site tree keeps no URL strings: a URL's node is found by walking its segments and the node's
path spells the URL back. Every form a URL takes maps to its node and back; a leaf that gets
children stays the same node (row, status, URL, indexes); unknown URLs have no node."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tree_model import Node, SiteTreeModel

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
