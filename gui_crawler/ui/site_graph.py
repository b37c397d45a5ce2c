"""The crawl as a picture to draw (the Site graph tab): every URL recorded as a node under the
page that first linked to it (the record's referrer: the crawl's shortest paths from its root, a
tree), and some of the links between pages; past ``GROUP_AT`` URLs one node per folder, as
Screaming Frog caps its diagrams.

Plain Python and numpy, no Qt: the tab (``graph_view``) draws what ``picture()`` returns, laid out
in another process (``graph_layout``). A node costs little, as the window must hold a million
URLs: its number in the link index (which already keeps each URL's string once), its referrer's
number, its folder and its verdict, 13 bytes, and 4 more in the number → node map. The links kept
are bounded: at most ``LINKS_KEPT`` a page each way, to and from pages already recorded (the
navigation a page starts with, mostly); between pages only while the graph is drawn page by page,
between folders always (a set of folder pairs).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from gui_crawler.base.translate import ntranslate
from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import WORST_LAST, Verdict

if TYPE_CHECKING:
    # numpy is imported where a picture is made: a window that never shows the graph never
    # loads it.
    import numpy as np

    from gui_crawler.ui.link_models import LinkIndex

# A node's verdict as a small number, worse ones higher (a folder shows its worst): the place in
# WORST_LAST, from 1, as verdicts.worry orders outcomes.
CODES: dict[Verdict, int] = {v: i + 1 for i, v in enumerate(WORST_LAST)}


def folder_of(url: str) -> str:
    """The folder a URL is in: its address up to the last ``/`` of its path
    (``http://h/a/b.html`` → ``http://h/a/``; a host's own address → ``http://h/``)."""
    url = url.split("?", 1)[0]
    start = url.find("://")
    host_end = url.find("/", start + 3 if start >= 0 else 0)
    if host_end < 0:
        return url + "/"
    return url[: url.rfind("/") + 1]


def parent_folder(folder: str) -> str | None:
    """The folder above (``http://h/a/`` → ``http://h/``), None for a host's own."""
    start = folder.find("://")
    host_end = folder.find("/", start + 3 if start >= 0 else 0)
    cut = folder.rfind("/", 0, len(folder) - 1)
    return folder[: cut + 1] if cut >= host_end >= 0 else None


def _empty_edges() -> np.ndarray:
    import numpy as np

    return np.zeros((0, 2), np.int32)


def _copy(buffer: array[int] | bytearray, dtype: type) -> np.ndarray:
    """A numpy copy of an array or bytearray (a view would keep it from growing: an exported
    buffer cannot be resized)."""
    import numpy as np

    return np.frombuffer(buffer, dtype).copy() if len(buffer) else np.zeros(0, dtype)


@dataclass(frozen=True)
class Picture:
    """What to draw: nodes (pages, or folders when ``grouped``) and edges, as arrays.

    ``keys`` says which node of the previous picture a node is (a page's index, a folder's id:
    the layout starts from where it was); ``codes`` a node's verdict code (a folder's worst);
    ``weights`` a page's inlinks or a folder's URLs; ``tree`` the edges parent → child, ``links``
    the other links kept (not those of the ``hubs`` navigation pages); ``numbers`` the link-index
    number of the URL a node stands for (a folder's first URL recorded); ``roots`` the nodes no
    edge of the tree leads to.
    """

    grouped: bool
    keys: np.ndarray
    codes: np.ndarray
    weights: np.ndarray
    tree: np.ndarray
    links: np.ndarray
    roots: list[int]
    numbers: np.ndarray
    folders: list[str] = field(default_factory=list)  # a grouped picture's folder names
    urls: int = 0  # URLs recorded in the graph
    generation: int = 0
    hubs: int = 0  # navigation pages whose links are left out

    @property
    def size(self) -> int:
        return len(self.keys)


class SiteGraph:
    """The nodes and edges of a crawl's picture, fed records one batch at a time (``add``) after
    ``links`` (the window's LinkIndex) has indexed them. ``version`` changes with every batch,
    ``generation`` with every ``clear``."""

    GROUP_AT = 10_000  # more URLs than this: one node per folder
    LINKS_KEPT = 8  # links kept per page, to pages recorded before it and from them
    LINKS_SCANNED = 16  # …among its first this many links (LINKS_KEPT of them once grouped)
    # A page linked from more pages than this share of them (and more than HUB_MIN) is the
    # site's navigation: its links say nothing of where a page belongs and, laid out, pull every
    # page into one ball. The picture leaves them out (the tree keeps its edges).
    HUB_SHARE = 0.1
    HUB_MIN = 10
    # Numbers held for records not placed yet, at most (~16 MB: ~200,000 pages); past it the
    # oldest are placed as more come.
    WAITING_MAX = 4_000_000

    def __init__(self, links: LinkIndex) -> None:
        self.links = links
        self.version = 0
        self.generation = 0
        # Records are noted and placed later, when the picture is asked for or in idle turns
        # (``catch_up``): for a window whose Site graph tab is hidden. Placing them as they
        # came cost the crawl's loop ~0.2-0.35 s on rust-doc; noting them costs less than half.
        self.deferred = False
        # Called when a record is noted and none was waiting before (to schedule a catch_up).
        self.on_waiting: Callable[[], None] | None = None
        self._reset()

    def _reset(self) -> None:
        self.number = array("i")  # node → its URL's number in the link index
        self.parent = array("i")  # node → its referrer's number (-1: none)
        self.code = bytearray()  # node → verdict code
        self.folder = array("i")  # node → folder id
        self.node_of = array("i")  # link-index number → node (-1: none)
        self.page_links = array("i")  # node pairs, flat, while drawn page by page
        self.folder_links: set[int] = set()  # folder pairs, a << 32 | b
        self.folder_ids: dict[str, int] = {}
        self.folder_names: list[str] = []
        self.folder_parent = array("i")  # folder → the folder above (itself for a host's)
        self.folder_depth = array("i")
        # Each record added and not placed yet: its URL's number, its referrer's (-1: none),
        # its verdict code, how many targets, then its first LINKS_SCANNED targets' numbers.
        self._waiting = array("i")
        self._read = 0  # where in _waiting the next record to place begins

    def __len__(self) -> int:
        self.catch_up()
        return len(self.number)

    @property
    def grouped(self) -> bool:
        return len(self.number) > self.GROUP_AT

    @property
    def root(self) -> str | None:
        """The URL recorded first (the crawl's start page), None before any."""
        self.catch_up()
        return self.links.url_of(self.number[0]) if self.number else None

    def verdict_counts(self) -> dict[Verdict, int]:
        """How many URLs have each verdict."""
        self.catch_up()
        code = self.code
        return {v: code.count(c) for v, c in CODES.items()}

    def clear(self) -> None:
        self._reset()
        self.version += 1
        self.generation += 1

    def _folder(self, url: str) -> int:
        name = folder_of(url)
        got = self.folder_ids.get(name)
        if got is not None:
            return got
        above = parent_folder(name)
        up = self._folder(above) if above is not None else -1
        fid = self.folder_ids[name] = len(self.folder_names)
        self.folder_names.append(name)
        self.folder_parent.append(fid if up < 0 else up)
        self.folder_depth.append(0 if up < 0 else self.folder_depth[up] + 1)
        return fid

    def _node(self, number: int) -> int:
        node_of = self.node_of
        return node_of[number] if number < len(node_of) else -1

    def add(self, records: Iterable[FetchRecord]) -> None:
        """Take a batch: what the graph needs of each record is noted now, as numbers (the
        link index's, which has indexed the batch), and placed at once unless ``deferred``.
        A record placed later is placed as it would have been now: the nodes before it are the
        same, and its first sources in the index are still the pages recorded first."""
        links = self.links
        known, known_all, number, wait = links.known, links.known_all, links.number, self._waiting
        worry = links.records.status_rules.worry
        scanned = self.LINKS_SCANNED
        place = None if self.deferred else self._place
        was_waiting = self.waiting
        if place is not None:
            self.catch_up()  # those noted before come first
        for rec in records:
            targets: Sequence[str] = rec.links[:scanned] or (
                (rec.next_url,) if rec.next_url else ()
            )
            ref = known(rec.referrer) if rec.referrer else None
            n, r = number(rec.url), -1 if ref is None else ref
            code = worry(rec.status, rec.error_kind, rec.url)[0]
            if place is not None:
                place(n, r, code, known_all(targets))
                continue
            wait.append(n)
            wait.append(r)
            wait.append(code)
            wait.append(len(targets))
            wait.extend(known_all(targets))
        if len(wait) - self._read > self.WAITING_MAX:
            self.catch_up(self.WAITING_MAX // 40)  # past the bound, placed as they come
        elif not was_waiting and self.waiting and self.on_waiting is not None:
            self.on_waiting()
        self._drop_page_links()
        self.version += 1

    @property
    def waiting(self) -> bool:
        """Some records added are not placed yet (``deferred``)."""
        return self._read < len(self._waiting)

    def catch_up(self, count: int | None = None) -> bool:
        """Place the records waiting, the oldest first: ``count`` of them at most (None: all).
        True when none is left waiting."""
        wait, at, end = self._waiting, self._read, len(self._waiting)
        placed = 0
        while at < end and (count is None or placed < count):
            k = wait[at + 3]
            self._place(wait[at], wait[at + 1], wait[at + 2], wait[at + 4 : at + 4 + k])
            at += 4 + k
            placed += 1
        if at >= end:
            self._waiting, at = array("i"), 0
        self._read = at
        self._drop_page_links()
        return not self.waiting

    def _drop_page_links(self) -> None:
        if len(self.number) > self.GROUP_AT and self.page_links:
            self.page_links = array("i")  # drawn by folder from now on

    def _place(self, n: int, ref: int, code: int, targets: Sequence[int]) -> None:
        """The record of URL number ``n`` as a node, or its new verdict if it is one."""
        node = self._node(n)
        if node >= 0:  # recorded again (a re-check, a continued crawl): its new verdict
            self.code[node] = code
            return
        node_of = self.node_of
        node = len(self.number)
        if n >= len(node_of):
            node_of.extend([-1] * (n + 1 - len(node_of) + len(node_of) // 2))
        node_of[n] = node
        self.number.append(n)
        self.parent.append(ref)
        self.code.append(code)
        self.folder.append(self._folder(self.links.url_of(n)))
        self._add_links(n, node, targets)

    def _add_links(self, n: int, node: int, targets: Sequence[int]) -> None:
        """Up to LINKS_KEPT links from the page to pages recorded before it, and from them to
        it (the rest come when the later page is recorded)."""
        grouped = self.grouped
        scanned = self.LINKS_KEPT if grouped else self.LINKS_SCANNED
        found: list[tuple[int, int]] = []
        for got in targets[:scanned]:
            other = self._node(got) if got >= 0 else -1
            if other >= 0 and other != node:
                found.append((node, other))
                if len(found) >= self.LINKS_KEPT:
                    break
        for s in self.links.source_numbers(self.links.url_of(n), self.LINKS_KEPT):
            other = self._node(s)
            if other >= 0 and other != node:
                found.append((other, node))
        fol, pairs = self.folder, self.folder_links
        for a, b in found:
            fa, fb = fol[a], fol[b]
            if fa != fb:
                pairs.add(fa << 32 | fb)
        if not grouped:
            for a, b in found:
                self.page_links.extend((a, b))

    # ---- the picture ---------------------------------------------------------------------------

    def picture(self) -> Picture:
        """The nodes and edges to draw now (pages, or folders past GROUP_AT URLs)."""
        import numpy as np

        self.catch_up()
        n = len(self.number)
        numbers = _copy(self.number, np.int32)
        codes = _copy(self.code, np.uint8)
        parents = self._parent_nodes()
        if n <= self.GROUP_AT:
            kids = np.flatnonzero(parents >= 0)
            tree = np.stack([parents[kids], kids], axis=1).astype(np.int32)
            page_links = _copy(self.page_links, np.int32).reshape(-1, 2)
            count, url_of = self.links.count, self.links.url_of
            weights = np.fromiter((count(url_of(int(x))) for x in numbers), np.int64, n)
            hubs = weights > max(self.HUB_MIN, self.HUB_SHARE * n)
            page_links = page_links[~hubs[page_links[:, 0]] & ~hubs[page_links[:, 1]]]
            return Picture(
                grouped=False,
                keys=np.arange(n, dtype=np.int64),
                codes=codes,
                weights=weights,
                tree=tree,
                links=page_links,
                roots=np.flatnonzero(parents < 0).tolist(),
                numbers=numbers,
                urls=n,
                generation=self.generation,
                hubs=int(hubs.sum()),
            )
        return self._grouped(numbers, codes, parents)

    def _parent_nodes(self) -> np.ndarray:
        """Each node's parent node (-1: none recorded, or itself)."""
        import numpy as np

        n = len(self.number)
        if not n:
            return np.zeros(0, np.int64)
        ref = _copy(self.parent, np.int32).astype(np.int64)
        node_of = _copy(self.node_of, np.int32)
        ok = (ref >= 0) & (ref < len(node_of))
        out = np.full(n, -1, np.int64)
        out[ok] = node_of[ref[ok]]
        out[out == np.arange(n)] = -1
        return out

    def folder_map(self, cap: int) -> np.ndarray:
        """Each folder's group: itself, or the folder above it at the depth where the folders
        holding URLs number at most ``cap`` (deeper ones merged into their parents)."""
        import numpy as np

        up, depth = _copy(self.folder_parent, np.int32), _copy(self.folder_depth, np.int32)
        used = np.unique(_copy(self.folder, np.int32))
        m = np.arange(len(self.folder_names), dtype=np.int32)
        d = int(depth[used].max()) if len(used) else 0
        while len(np.unique(m[used])) > cap and d > 0:
            d -= 1
            m = np.where(depth[m] > d, up[m], m)
        return m

    def _grouped(self, numbers: np.ndarray, codes: np.ndarray, parents: np.ndarray) -> Picture:
        import numpy as np

        fmap = self.folder_map(self.GROUP_AT)
        of_node = fmap[_copy(self.folder, np.int32)]
        keys, first, group = np.unique(of_node, return_index=True, return_inverse=True)
        g = len(keys)
        weights = np.bincount(group, minlength=g).astype(np.int64)
        worst = np.zeros(g, np.uint8)
        np.maximum.at(worst, group, codes)
        # The tree: a folder under the folder of the page that first linked to its first page
        # (the crawl reached it there first). Parents come first, so it has no cycle.
        via = parents[first]
        up = np.where(via >= 0, group[np.maximum(via, 0)], -1)
        kid = np.flatnonzero((up >= 0) & (up != np.arange(g)) & (first[np.maximum(up, 0)] < first))
        tree = np.stack([up[kid], kid], axis=1).astype(np.int32)
        # The other links between folders: a page's referrer in another folder, and the links
        # kept between folders holding URLs (both ends of a pair were recorded pages).
        kids = np.flatnonzero(parents >= 0)
        packed = np.fromiter(self.folder_links, np.int64, len(self.folder_links))
        slot = np.full(len(fmap), -1, np.int64)
        slot[keys] = np.arange(g)
        a = np.concatenate([group[parents[kids]], slot[fmap[packed >> 32]]])
        b = np.concatenate([group[kids], slot[fmap[packed & 0xFFFFFFFF]]])
        ok = (a >= 0) & (b >= 0)
        links = _pairs(a[ok], b[ok], g)
        if len(links) and len(tree):  # those of the tree are not drawn twice
            codes_tree = tree[:, 0].astype(np.int64) * g + tree[:, 1]
            links = links[~np.isin(links[:, 0].astype(np.int64) * g + links[:, 1], codes_tree)]
        has_parent = np.zeros(g, bool)
        has_parent[tree[:, 1]] = True
        roots = np.flatnonzero(~has_parent)
        return Picture(
            grouped=True,
            keys=keys.astype(np.int64),
            codes=worst,
            weights=weights,
            tree=tree,
            links=links,
            roots=roots.tolist(),
            numbers=numbers[first].copy(),
            folders=[self.folder_names[k] for k in keys.tolist()],
            urls=len(self.number),
            generation=self.generation,
        )

    def label(self, picture: Picture, node: int) -> str:
        """What a node stands for, in words: its URL, or its folder and how many URLs."""
        if picture.grouped:
            n = int(picture.weights[node])
            urls = ntranslate("SiteGraphTab", "{n} URL", "{n} URLs", n).format(n=f"{n:,}")
            return f"{picture.folders[node]} ({urls})"
        return self.url(picture, node)

    def url(self, picture: Picture, node: int) -> str:
        """The URL a node stands for (a folder's first recorded)."""
        return self.links.url_of(int(picture.numbers[node]))


def _pairs(a: np.ndarray, b: np.ndarray, n: int) -> np.ndarray:
    """The distinct pairs (a, b) with a != b, as an (E, 2) array."""
    import numpy as np

    keep = a != b
    codes = np.unique(a[keep].astype(np.int64) * n + b[keep])
    if not len(codes):
        return _empty_edges()
    return np.stack([codes // n, codes % n], axis=1).astype(np.int32)


def svg_text(
    positions: np.ndarray,
    radii: np.ndarray,
    colours: Sequence[str],
    edges: np.ndarray,
    titles: Sequence[str],
    width: int,
    height: int,
) -> str:
    """The picture as SVG: the edges as one path, a circle per node (its title: what it is),
    ``positions`` fitted into ``width`` by ``height`` and centred (y up, as drawn)."""
    import numpy as np

    pad = float(max(radii.max(initial=0.0), 4.0)) + 2
    if len(positions):
        lo, hi = positions.min(axis=0), positions.max(axis=0)
    else:
        lo, hi = np.zeros(2), np.ones(2)
    span = np.where(hi - lo > 0, hi - lo, 1.0)
    scale = float(min((width - 2 * pad) / span[0], (height - 2 * pad) / span[1]))
    # Centred: the picture's other side has room to spare.
    xy = (positions - lo) * scale + (np.array([width, height]) - span * scale) / 2
    xy[:, 1] = height - xy[:, 1]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if len(edges):
        seg = xy[edges]
        d = " ".join(f"M{a[0]:.1f} {a[1]:.1f}L{b[0]:.1f} {b[1]:.1f}" for a, b in seg)
        out.append(f'<path id="edges" d="{d}" stroke="#a0a0a0" stroke-width="0.6" fill="none"/>')
    out.append('<g id="nodes" stroke="#ffffff" stroke-width="0.5">')
    for (x, y), r, c, t in zip(xy, radii, colours, titles, strict=True):
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill={quoteattr(c)}>'
            f"<title>{escape(t)}</title></circle>"
        )
    out.append("</g></svg>")
    return "\n".join(out)
