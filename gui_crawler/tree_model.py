"""The site tree: every discovered URL as host → path segments, growing as links are found.

Nodes are plain Python objects (Qt's editabletreemodel pattern); the model only maps them to
indexes. A batch first builds new nodes off-model — a new node goes into its visible parent's
``pending`` list, and anything below a new node is simply part of its subtree — then announces
them with one beginInsertRows per parent that grew.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from .events import FetchRecord
from .models import STATUS_BRUSH, Roles, StatusClass, header_label, status_class, status_text

AnyIndex = QModelIndex | QPersistentModelIndex
TREE_COLUMNS = ("Path", "Pages", "Status", "Worst below")
TREE_WIDTHS = (420, 70, 90, 110)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class Node:
    """One host, path segment or query under a path; ``url`` is set when the node is a URL."""

    __slots__ = (
        "by_name",
        "children",
        "name",
        "own",
        "own_text",
        "pages",
        "parent",
        "pending",
        "prefix",
        "row",
        "url",
        "worst",
        "worst_text",
    )

    def __init__(self, name: str, parent: Node | None, prefix: str) -> None:
        self.name = name
        self.parent = parent
        self.prefix = prefix  # the URL this node's path spells (for copying a branch)
        self.children: list[Node] = []
        self.pending: list[Node] = []  # new, not yet announced to the views
        self.by_name: dict[str, Node] = {}
        self.row = -1  # -1 until announced
        self.url: str | None = None
        self.pages = 0  # URLs in this subtree, this node included
        self.own = StatusClass.PENDING
        self.own_text = ""
        self.worst = StatusClass.PENDING
        self.worst_text = ""


def split_url(url: str) -> tuple[str, list[str]]:
    """("scheme://host[:port]", segments): directories keep their "/", a query is its own leaf."""
    scheme, rest = url.split("://", 1)
    slash = rest.find("/")
    host, path = (rest, "/") if slash < 0 else (rest[:slash], rest[slash:])
    path, _, query = path.partition("?")
    parts = path[1:].split("/")
    segs = [p + "/" for p in parts[:-1]]
    if parts[-1]:
        segs.append(parts[-1])
    if query:
        segs.append("?" + query)
    return f"{scheme}://{host}", segs


class SiteTreeModel(QAbstractItemModel):
    """Hosts → path segments with the number of URLs and the worst outcome per branch.

    Signals: only QAbstractItemModel's own.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = Node("", None, "")
        self.root.row = 0
        self._nodes: dict[str, Node] = {}  # URL → its node
        self._grown: dict[int, Node] = {}  # visible parents with pending children
        self._changed: dict[int, Node] = {}  # visible nodes whose columns changed

    # ---- feeding ------------------------------------------------------------------------------

    def node(self, url: str) -> Node | None:
        return self._nodes.get(url)

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Add the batch's URLs and their outlinks, then announce the changes to the views."""
        for rec in records:
            node = self._ensure(rec.url)
            node.own = status_class(rec)
            # A failure that still has a status (a 302 without Location) shows as the failure.
            node.own_text = status_text(rec)
            self._touch(node)
            self._raise_worst(node, node.own, node.own_text)
            for link in rec.links:
                self._ensure(link)
        self._commit()

    def clear(self) -> None:
        self.beginResetModel()
        self.root = Node("", None, "")
        self.root.row = 0
        self._nodes.clear()
        self._grown.clear()
        self._changed.clear()
        self.endResetModel()

    def _ensure(self, url: str) -> Node:
        node = self._nodes.get(url)
        if node is not None:
            return node
        host, segs = split_url(url)
        node = self._child(self.root, host, host)
        for seg in segs:
            node = self._child(
                node, seg, node.prefix + ("/" if node.parent is self.root else "") + seg
            )
        if node.url is None:
            node.url = url
            self._nodes[url] = node
            n: Node | None = node
            while n is not None and n is not self.root:
                n.pages += 1
                self._touch(n)
                n = n.parent
        return node

    def _child(self, parent: Node, name: str, prefix: str) -> Node:
        child = parent.by_name.get(name)
        if child is None:
            child = Node(name, parent, prefix)
            parent.by_name[name] = child
            if parent.row >= 0:  # visible parent: announce at commit
                parent.pending.append(child)
                self._grown[id(parent)] = parent
            else:  # parent is new itself: the child arrives with its subtree
                child.row = len(parent.children)
                parent.children.append(child)
        return child

    def _touch(self, node: Node) -> None:
        if node.row >= 0 and (node.parent is None or node.parent.row >= 0):
            self._changed[id(node)] = node

    def _raise_worst(self, node: Node, cls: StatusClass, text: str) -> None:
        n: Node | None = node
        while n is not None and n is not self.root and n.worst < cls:
            n.worst = cls
            n.worst_text = text
            self._touch(n)
            n = n.parent

    def _commit(self) -> None:
        # Parents first, so a grown node is announced before its own children change.
        for parent in sorted(self._grown.values(), key=_depth):
            first = len(parent.children)
            new = parent.pending
            parent.pending = []
            self.beginInsertRows(self._index_of(parent), first, first + len(new) - 1)
            for i, child in enumerate(new, first):
                child.row = i
            parent.children.extend(new)
            self.endInsertRows()
        self._grown.clear()
        # One dataChanged per parent spanning its changed children.
        spans: dict[int, tuple[Node, int, int]] = {}
        for node in self._changed.values():
            p = node.parent
            if p is None:
                continue
            key = id(p)
            lo, hi = spans[key][1:] if key in spans else (node.row, node.row)
            spans[key] = (p, min(lo, node.row), max(hi, node.row))
        self._changed.clear()
        last = len(TREE_COLUMNS) - 1
        for p, lo, hi in spans.values():
            pidx = self._index_of(p)
            self.dataChanged.emit(self.index(lo, 0, pidx), self.index(hi, last, pidx))

    def _index_of(self, node: Node) -> QModelIndex:
        if node is self.root or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.row, 0, node)

    # ---- QAbstractItemModel -------------------------------------------------------------------

    def _node(self, index: AnyIndex) -> Node:
        return index.internalPointer() if index.isValid() else self.root

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        p = self._node(parent)
        if not (0 <= row < len(p.children) and 0 <= column < len(TREE_COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column, p.children[row])

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        p = self._node(index).parent
        if p is None or p is self.root:
            return QModelIndex()
        return self.createIndex(p.row, 0, p)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._node(parent).children)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(TREE_COLUMNS)

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        n: Node = index.internalPointer()
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return n.name
            if col == 1:
                return n.pages
            if col == 2:
                return n.own_text if n.url else ""
            return n.worst_text
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == 2:
                return STATUS_BRUSH[n.own] if n.url else None
            return STATUS_BRUSH[n.worst] if col in (0, 3) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if col == 1 else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return n.url or n.prefix
        if role == Roles.Url:
            return n.url or n.prefix
        if role == Roles.Sort:
            return (n.name, n.pages, int(n.own), int(n.worst))[col]
        if role == Roles.StatusClass:
            return int(n.worst)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header_label(TREE_COLUMNS, section, orientation, role)


def _depth(node: Node) -> int:
    d = 0
    n = node.parent
    while n is not None:
        d += 1
        n = n.parent
    return d
