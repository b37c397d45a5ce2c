"""The site tree: every URL the crawl took in, as host → path segments, growing as it takes them.

Only URLs taken in (queued, or recorded) get a node, not every link seen: a crawl capped at N
pages sees ten times as many links as it takes, and a node for each was most of the window's
memory per URL. A link that is never fetched is still listed among its page's outlinks.

Nodes are plain Python objects (Qt's editabletreemodel pattern); the model only maps them to
indexes. A batch first builds new nodes off-model — a new node goes into its visible parent's
``pending`` list, and anything below a new node is simply part of its subtree — then announces
them with one beginInsertRows per parent that grew.

A crawl makes one node per URL and most are leaves, so a node is kept small: ~195 B a URL, its
name and its parent's entries included, where a URL string, a URL → node dict and a status
string per node made ~410 B (docs/performance-history.md). No URL string: the path spells it, and a
URL is found by walking its segments. One shared tuple for both statuses. The containers of a
directory in a ``Dir`` that a leaf gets with its first child (the same object, so its row and
indexes stay).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt

from gui_crawler.base.translate import HEADERS, WORDING, noop, translate
from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import NO_RULES, WORST_LAST, StatusClass
from gui_crawler.records.wording import status_word_of
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.roles import RIGHT, VERDICT_BRUSH, AnyIndex, Roles, header_label

TREE_COLUMNS = (
    noop(HEADERS, "Path"),
    noop(HEADERS, "Pages"),
    noop(HEADERS, "Status"),
    noop(HEADERS, "Worst below"),
)
TREE_WIDTHS = (420, 70, 90, 110)

# An outcome as the tree orders them to keep the worst (verdicts.worry): the place of its verdict
# in WORST_LAST (0: a URL not fetched yet), then its status class (a 500 above a 404).
Mark = tuple[int, StatusClass]
_PENDING: Mark = (0, StatusClass.PENDING)
# A mark's colour: its verdict's.
_BRUSHES = (VERDICT_BRUSH[None], *(VERDICT_BRUSH[v] for v in WORST_LAST))
_MARKS: dict[Mark, Mark] = {}  # one tuple per outcome, shared


# A node's statuses: (own mark or None when the node is no URL, own text, worst mark below, its
# text). One tuple object per distinct combination, shared by every node that has it.
State = tuple[Mark | None, str, Mark, str]
_STATES: dict[State, State] = {}
_intern = _STATES.setdefault
_NOT_URL: State = _intern((None, "", _PENDING, ""), (None, "", _PENDING, ""))

_NO_NODES: list[Node] = []  # what a leaf's children read as: never appended to
_NO_NAMES: dict[str, Node] = {}  # likewise


class Dir:
    """What a node with children holds: its children by row and by name, the ones not yet
    announced, and the number of URLs in its subtree (itself included)."""

    __slots__ = ("by_name", "children", "pages", "pending")

    def __init__(self, pages: int) -> None:
        self.by_name: dict[str, Node] = {}
        self.children: list[Node] = []
        self.pending: list[Node] = []  # new, not yet announced to the views
        self.pages = pages


class RootDir(Dir):
    """The root's: also the URLs that their node's path does not spell back exactly."""

    __slots__ = ("spelled",)

    def __init__(self) -> None:
        super().__init__(0)
        self.spelled: dict[Node, str] = {}  # "http://h/" (the host node spells "http://h"), "…?"


class Node:
    """One host, path segment or query under a path; a URL when ``state[0]`` is not None (a
    directory can be one too: ``http://h/docs/``). ``dir`` is None for a leaf."""

    __slots__ = ("dir", "name", "parent", "row", "state")

    def __init__(self, name: str, parent: Node | None) -> None:
        self.name = name
        self.parent = parent
        self.row = -1  # -1 until announced
        self.state = _NOT_URL
        self.dir: Dir | None = None

    @property
    def is_url(self) -> bool:
        return self.state[0] is not None

    @property
    def own(self) -> StatusClass:
        return (self.state[0] or _PENDING)[1]

    @property
    def own_text(self) -> str:
        return self.state[1]

    @property
    def worst(self) -> StatusClass:
        return self.state[2][1]

    @property
    def worst_text(self) -> str:
        return self.state[3]

    @property
    def pages(self) -> int:
        """URLs in this subtree, this node included."""
        d = self.dir
        return d.pages if d is not None else int(self.state[0] is not None)

    @property
    def children(self) -> list[Node]:
        d = self.dir
        return d.children if d is not None else _NO_NODES

    @property
    def by_name(self) -> dict[str, Node]:
        d = self.dir
        return d.by_name if d is not None else _NO_NAMES

    @property
    def prefix(self) -> str:
        """The URL this node's path spells (for copying or opening a branch)."""
        parent = self.parent
        if parent is None or parent.parent is None:  # the root, or a host
            return self.name
        return parent.prefix + ("/" if parent.parent.parent is None else "") + self.name

    @property
    def url(self) -> str | None:
        """The URL as it was taken in, None if this node is no URL."""
        if self.state[0] is None:
            return None
        root = self
        while root.parent is not None:
            root = root.parent
        spelled = root.dir.spelled if isinstance(root.dir, RootDir) else {}
        return spelled.get(self) or self.prefix


@dataclass(frozen=True, slots=True)
class Folder:
    """What a branch of the site tree that is no URL itself stands for (``/static/`` when only
    the files in it were taken in): its path and every URL below it, taken in or fetched, in
    the tree's order; the worst status below it, as the tree says it."""

    prefix: str
    urls: tuple[str, ...]
    fetched: int  # of them, those with an answer (the others are taken in, not fetched yet)
    worst: str

    @classmethod
    def of(cls, node: Node) -> Folder:
        """The folder ``node`` is: every URL in its subtree, depth first in the tree's order."""
        urls: list[str] = []
        fetched = 0
        stack = [node]
        while stack:
            n = stack.pop()
            url = n.url
            if url is not None:
                urls.append(url)
                fetched += n.state[0] != _PENDING
            d = n.dir
            if d is not None:
                stack.extend(reversed(d.children + d.pending))
        return cls(node.prefix, tuple(urls), fetched, node.state[3])


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

    ``deferred`` (for a tree whose tab is hidden): each batch is only noted, and placed later
    by ``catch_up``, in the order it came, so the tree is then the one built as they came.
    """

    # Batches' URLs and records noted at most; past it the oldest are placed as more come.
    WAITING_MAX = 200_000
    CATCH_UP = 2000  # URLs and records placed a turn of the loop when catching up in a lull

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.status_rules = NO_RULES  # the crawl's: what each URL's verdict is judged by
        # Building the tree as the batches came took ~3% of the window's loop on rust-doc (py-spy:
        # ~0.55 s, the queued URLs most of it), with its tab hidden most of the time.
        self.deferred = False
        self.version = 0  # batches taken so far
        # Called when a batch is noted and none was waiting before (to schedule a catch_up).
        self.on_waiting: Callable[[], None] | None = None
        self._reset()

    def _reset(self) -> None:
        self.root = Node("", None)
        self.root.row = 0
        self.root.dir = self._root_dir = RootDir()
        # A URL without "?" ending in a name is its parent's node plus that name: the parent
        # found by the text before the last "/" saves splitting the URL and walking the path.
        self._dirs: dict[str, Node] = {}
        self._grown: dict[int, Node] = {}  # visible parents with pending children
        self._changed: dict[int, Node] = {}  # visible nodes whose columns changed
        # Batches noted and not placed yet: (records?, the batch), the oldest first.
        self._waiting: list[tuple[bool, Sequence[Any]]] = []
        self._waiting_items = 0

    # ---- feeding ------------------------------------------------------------------------------

    def node(self, url: str) -> Node | None:
        """The node of a URL taken in (spelled as it was), None for any other URL."""
        self.catch_up()
        if "?" not in url:
            head, _, name = url.rpartition("/")
            parent = self._dirs.get(head) if name else None
            if parent is not None:
                node = parent.dir.by_name.get(name)  # type: ignore[union-attr]
                return self._spelling(node, url, False)
        host, segs = split_url(url)
        node = self.root
        for name in (host, *segs):
            d = node.dir
            child = d.by_name.get(name) if d is not None else None
            if child is None:
                return None
            node = child
        return self._spelling(node, url, not segs or url[-1] == "?")

    def _spelling(self, node: Node | None, url: str, odd: bool) -> Node | None:
        """``node`` if it is the URL ``url`` as taken in. "http://h" and "http://h/" share a
        node, as "/a" and "/a?" do (``odd``: ``url`` is one of those): the node is the first's."""
        if node is None or node.state[0] is None:
            return None
        spelled = self._root_dir.spelled.get(node)
        if spelled is not None:
            return node if spelled == url else None
        return node if not odd or node.prefix == url else None

    @property
    def waiting(self) -> bool:
        """Some batches taken are not placed yet (``deferred``)."""
        return bool(self._waiting)

    def catch_up(self, count: int | None = None) -> bool:
        """Place the batches waiting, the oldest first, until ``count`` URLs and records are
        placed (None: all), and announce them. True when none is left waiting."""
        waiting = self._waiting
        if not waiting:
            return True
        placed, done = 0, 0
        while done < len(waiting) and (count is None or placed < count):
            is_records, batch = waiting[done]
            if is_records:
                self._place_records(batch)
            else:
                for url in batch:
                    self._ensure(url)
            placed += _items(is_records, batch)
            done += 1
        del waiting[:done]
        self._waiting_items -= placed
        self._commit()
        return not waiting

    def _note(self, is_records: bool, batch: Sequence[Any]) -> bool:
        """Keep ``batch`` for later if the tree is deferred (or others wait before it)."""
        self.version += 1
        if not self.deferred:
            self.catch_up()  # those noted before come first
            return False
        self._waiting.append((is_records, batch))
        self._waiting_items += _items(is_records, batch)
        if self._waiting_items > self.WAITING_MAX:
            self.catch_up(self.WAITING_MAX // 20)  # past the bound, placed as they come
        elif len(self._waiting) == 1 and self.on_waiting is not None:
            self.on_waiting()
        return True

    def add_urls(self, urls: Iterable[str]) -> None:
        """URLs taken into the crawl (not fetched yet): one node each, announced at once."""
        batch = list(urls)
        if self._note(False, batch):
            return
        for url in batch:
            self._ensure(url)
        self._commit()

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Add the batch's URLs with their outcome, then announce the changes to the views."""
        # What the tree reads of each record, flat: a waiting batch keeps no record alive (on
        # rust-doc they would be ~22,000 records held until the tab is shown).
        outcomes = [x for rec in records for x in (rec.url, rec.status, rec.error_kind)]
        if self._note(True, outcomes):
            return
        self._place_records(outcomes)
        self._commit()

    def _place_records(self, outcomes: Sequence[Any]) -> None:
        """Each record's URL, status and error kind, one after the other."""
        intern = _intern
        worry = self.status_rules.worry
        for i in range(0, len(outcomes), 3):
            url, status, error_kind = outcomes[i : i + 3]
            node = self._ensure(url)
            m = worry(status, error_kind, url)
            mark = _MARKS.setdefault(m, m)
            # A failure that still has a status (a 302 without Location) shows as the failure.
            text = status_word_of(status, error_kind)
            st = node.state
            new: State = (mark, text, mark, text) if st[2] < mark else (mark, text, st[2], st[3])
            node.state = intern(new, new)
            self._touch(node)
            n = node.parent
            while n is not None and n is not self.root and n.state[2] < mark:
                st = n.state
                new = (st[0], st[1], mark, text)
                n.state = intern(new, new)
                self._touch(n)
                n = n.parent

    def clear(self) -> None:
        self.beginResetModel()
        self._reset()
        self.endResetModel()

    def _ensure(self, url: str) -> Node:
        node: Node | None = None
        if "?" not in url:
            head, _, name = url.rpartition("/")
            parent = self._dirs.get(head) if name else None
            if parent is not None:
                node = parent.dir.by_name.get(name)  # type: ignore[union-attr]
                if node is None:
                    node = self._add_child(parent, name)
        if node is None:
            host, segs = split_url(url)
            node = self.root
            for name in (host, *segs):
                d = node.dir
                child = d.by_name.get(name) if d is not None else None
                node = self._add_child(node, name) if child is None else child
            if "?" not in url and segs and segs[-1][-1] != "/":
                self._dirs[url.rpartition("/")[0]] = node.parent  # type: ignore[assignment]
            if node.state[0] is None and (not segs or url[-1] == "?") and node.prefix != url:
                self._root_dir.spelled[node] = url
        st = node.state
        if st[0] is None:
            new = (_PENDING, "", st[2], st[3])
            node.state = _intern(new, new)
            n: Node | None = node
            while n is not None and n is not self.root:
                d = n.dir
                if d is not None:
                    d.pages += 1
                self._touch(n)
                n = n.parent
        return node

    def _add_child(self, parent: Node, name: str) -> Node:
        child = Node(name, parent)
        d = parent.dir
        if d is None:  # a leaf's first child: the same node, now a directory
            d = parent.dir = Dir(int(parent.state[0] is not None))
        d.by_name[name] = child
        if parent.row >= 0:
            # A visible parent announces it at commit; a new parent brings it with its subtree.
            d.pending.append(child)
            self._grown[id(parent)] = parent
        else:
            child.row = len(d.children)
            d.children.append(child)
        return child

    def _touch(self, node: Node) -> None:
        if node.row >= 0 and (node.parent is None or node.parent.row >= 0):
            self._changed[id(node)] = node

    def _commit(self) -> None:
        # Parents first, so a grown node is announced before its own children change.
        for parent in sorted(self._grown.values(), key=_depth):
            d = parent.dir
            assert d is not None
            first = len(d.children)
            new = d.pending
            d.pending = []
            self.beginInsertRows(self._index_of(parent), first, first + len(new) - 1)
            for i, child in enumerate(new, first):
                child.row = i
            d.children.extend(new)
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
        d = self._node(parent).dir
        if d is None or not (0 <= row < len(d.children) and 0 <= column < len(TREE_COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column, d.children[row])

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
        d = self._node(parent).dir
        return len(d.children) if d is not None else 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(TREE_COLUMNS)

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        n: Node = index.internalPointer()
        st = n.state
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return n.name
            if col == 1:
                return n.pages
            # A node that is no URL has no own text.
            return translate(WORDING, st[1] if col == 2 else st[3])
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == 2:
                return _BRUSHES[st[0][0]] if st[0] is not None else None
            return _BRUSHES[st[2][0]] if col in (0, 3) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if col == 1 else None
        if role == Qt.ItemDataRole.ToolTipRole:  # a URL as it was recorded: shown as text
            return tip(n.url or n.prefix)
        if role == Roles.Url:
            return n.url or n.prefix
        if role == Roles.Sort:
            return (n.name, n.pages, st[0] or _PENDING, st[2])[col]
        if role == Roles.StatusClass:
            return int(st[2][1])
        if role == Roles.Record:  # a folder stands for the URLs below it; a URL for itself
            return None if st[0] is not None else Folder.of(n)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header_label(TREE_COLUMNS, section, orientation, role)


def _items(is_records: bool, batch: Sequence[Any]) -> int:
    """URLs or records in a batch as noted (records: three items each)."""
    return len(batch) // 3 if is_records else len(batch)


def _depth(node: Node) -> int:
    d = 0
    n = node.parent
    while n is not None:
        d += 1
        n = n.parent
    return d
