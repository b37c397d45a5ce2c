"""The site tree: every URL the crawl took in, as host → path segments, growing as it takes them.

Only URLs taken in (queued, or recorded) get a node, not every link seen: a crawl capped at N
pages sees ten times as many links as it takes, and a node for each was most of the window's
memory per URL. A link that is never fetched is still listed among its page's outlinks.

Nodes are plain Python objects (Qt's editabletreemodel pattern); the model only maps them to
indexes. A batch first builds new nodes off-model — a new node goes into its visible parent's
``pending`` list, and anything below a new node is simply part of its subtree — then announces
them with one beginInsertRows per parent that grew.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.events import FetchRecord
from gui_crawler.models import STATUS_BRUSH, Roles, StatusClass, header_label, status_class
from gui_crawler.records.wording import status_word
from gui_crawler.ui.plaintext import tip

AnyIndex = QModelIndex | QPersistentModelIndex
TREE_COLUMNS = ("Path", "Pages", "Status", "Worst below")
TREE_WIDTHS = (420, 70, 90, 110)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


_NO_NODES: list[Node] = []  # shared by every leaf until it gets a child: never appended to
_NO_NAMES: dict[str, Node] = {}  # likewise


class Node:
    """One host, path segment or query under a path; ``url`` is set when the node is a URL.

    Most nodes are leaves, and a crawl makes one per URL: they share empty containers and spell
    their URL prefix only when asked, which halves a leaf's memory."""

    __slots__ = (
        "by_name",
        "children",
        "name",
        "own",
        "own_text",
        "pages",
        "parent",
        "pending",
        "row",
        "url",
        "worst",
        "worst_text",
    )

    def __init__(self, name: str, parent: Node | None) -> None:
        self.name = name
        self.parent = parent
        self.children = _NO_NODES
        self.pending = _NO_NODES  # new, not yet announced to the views
        self.by_name = _NO_NAMES
        self.row = -1  # -1 until announced
        self.url: str | None = None
        self.pages = 0  # URLs in this subtree, this node included
        self.own = StatusClass.PENDING
        self.own_text = ""
        self.worst = StatusClass.PENDING
        self.worst_text = ""

    @property
    def prefix(self) -> str:
        """The URL this node's path spells (for copying or opening a branch)."""
        parent = self.parent
        if parent is None or parent.parent is None:  # the root, or a host
            return self.name
        return parent.prefix + ("/" if parent.parent.parent is None else "") + self.name

    def add_child(self, child: Node, announced: bool) -> None:
        if self.by_name is _NO_NAMES:
            self.by_name = {}
        self.by_name[child.name] = child
        if announced:
            if self.pending is _NO_NODES:
                self.pending = []
            self.pending.append(child)
        else:
            if self.children is _NO_NODES:
                self.children = []
            child.row = len(self.children)
            self.children.append(child)


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
        self.root = Node("", None)
        self.root.row = 0
        self._nodes: dict[str, Node] = {}  # URL → its node
        self._grown: dict[int, Node] = {}  # visible parents with pending children
        self._changed: dict[int, Node] = {}  # visible nodes whose columns changed

    # ---- feeding ------------------------------------------------------------------------------

    def node(self, url: str) -> Node | None:
        return self._nodes.get(url)

    def add_urls(self, urls: Iterable[str]) -> None:
        """URLs taken into the crawl (not fetched yet): one node each, announced at once."""
        for url in urls:
            self._ensure(url)
        self._commit()

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Add the batch's URLs with their outcome, then announce the changes to the views."""
        for rec in records:
            node = self._ensure(rec.url)
            node.own = status_class(rec)
            # A failure that still has a status (a 302 without Location) shows as the failure.
            node.own_text = status_word(rec)
            self._touch(node)
            self._raise_worst(node, node.own, node.own_text)
        self._commit()

    def clear(self) -> None:
        self.beginResetModel()
        self.root = Node("", None)
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
        node = self._child(self.root, host)
        for seg in segs:
            node = self._child(node, seg)
        if node.url is None:
            node.url = url
            self._nodes[url] = node
            n: Node | None = node
            while n is not None and n is not self.root:
                n.pages += 1
                self._touch(n)
                n = n.parent
        return node

    def _child(self, parent: Node, name: str) -> Node:
        child = parent.by_name.get(name)
        if child is None:
            child = Node(name, parent)
            # A visible parent announces it at commit; a new parent brings it with its subtree.
            parent.add_child(child, announced=parent.row >= 0)
            if parent.row >= 0:
                self._grown[id(parent)] = parent
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
            parent.pending = _NO_NODES
            self.beginInsertRows(self._index_of(parent), first, first + len(new) - 1)
            for i, child in enumerate(new, first):
                child.row = i
            if parent.children is _NO_NODES:
                parent.children = []
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
        if role == Qt.ItemDataRole.ToolTipRole:  # a URL as it was recorded: shown as text
            return tip(n.url or n.prefix)
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
