"""The Site graph tab: the crawl drawn as a picture while it grows — a radial tree of the crawl's
shortest paths from its root, or a force-directed view of its links — nodes coloured by verdict
and sized by inlinks (a folder's by its URLs, past SiteGraph.GROUP_AT URLs).

The layout is computed in another process (``graph_layout``) while the tab is shown, a new one
when the graph has grown and the last is done, and never sooner than twice the time the last
took after it (the crawl keeps most of the two cores). The picture is drawn with pyqtgraph: the
nodes as one ScatterPlotItem (one pixmap fragment each), the edges as one path; pyqtgraph, and
with it numpy, is imported when the tab is first shown.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QHideEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui_crawler.base.translate import VERDICTS, translate
from gui_crawler.records.verdicts import WORST_LAST
from gui_crawler.ui.catch_up import IdleCatchUp
from gui_crawler.ui.file_dialogs import file_dialog, file_stem
from gui_crawler.ui.graph_layout import FORCE, TREE, Job, LayoutProcess
from gui_crawler.ui.roles import VERDICT_BRUSH
from gui_crawler.ui.site_graph import CODES, Picture, SiteGraph, svg_text

if TYPE_CHECKING:
    import numpy as np

# The tables draw an ok row in the text's own colour; a node needs a fill of its own. Every
# other verdict's colour is the tables' (roles.VERDICT_BRUSH).
OK_COLOUR = QColor("#2e8b57")
COLOURS: dict[int, QColor] = {
    CODES[v]: OK_COLOUR if VERDICT_BRUSH[v] is None else VERDICT_BRUSH[v].color()  # type: ignore[union-attr]
    for v in WORST_LAST
}
EDGE_COLOUR = QColor(128, 128, 128, 90)


def node_sizes(weights: np.ndarray) -> np.ndarray:
    """A node's diameter in pixels from its inlinks (a folder's URLs): 4 px, growing with the
    logarithm, at most 24."""
    import numpy as np

    return np.clip(4 + 2 * np.log2(1 + weights.astype(float)), 4, 24)


class SiteGraphTab(QWidget):
    """The crawl as a picture: a view picker, Fit, PNG and SVG export, what is drawn in words and
    the colours' legend above the picture (pan with the mouse, zoom with the wheel).

    Signals:
        urlClicked(str): a node was clicked: the URL it stands for (a folder's first recorded).
        drawn(): a new layout is drawn.
    """

    urlClicked = Signal(str)
    drawn = Signal()

    POLL_MS = 100  # how often a layout under way is asked whether it is done
    MIN_GAP = 1.0  # seconds from the end of a layout to the start of the next, at least
    MAX_EDGES = 20_000  # edges drawn at most, the tree's first (a frame costs ~5 us an edge)
    # Hidden, the graph places its records later: when shown, or in a lull CATCH_UP records a
    # turn of the loop (~15 ms on rust-doc).
    CATCH_UP = 2000

    def __init__(self, graph: SiteGraph, parent: Any = None) -> None:
        super().__init__(parent)
        self.graph = graph
        self.process = LayoutProcess()
        self.picture: Picture | None = None  # what is drawn, and where its nodes are
        self.positions: np.ndarray | None = None
        self._edges: np.ndarray | None = None  # the edges drawn
        self._drawn: tuple[int, str] | None = None  # (graph version, kind) drawn
        self._job: tuple[Picture, str, int] | None = None  # under way: picture, kind, version
        self._placed: tuple[int, bool, np.ndarray, np.ndarray] | None = None  # last force layout
        self._last_end = 0.0
        self._gap = self.MIN_GAP
        self.took = 0.0  # seconds the last layout took in its process
        self.plot: Any = None  # pyqtgraph's PlotWidget, made when first shown

        self.kind = QComboBox()
        self.kind.addItem(self.tr("Tree"), TREE)
        self.kind.addItem(self.tr("Force-directed"), FORCE)
        self.kind.setAccessibleName(self.tr("Graph view"))
        self.kind.setToolTip(
            self.tr(
                "Tree: each page under the page that first linked to it (the crawl's shortest "
                "paths from the start page), drawn around it. Force-directed: pages pulled "
                "together by their links."
            )
        )
        self.kind.currentIndexChanged.connect(lambda _i: self._tick())
        self.fit = QPushButton(self.tr("Fit"))
        self.fit.setToolTip(self.tr("Show the whole picture"))
        self.fit.clicked.connect(self._fit)
        self.png = QPushButton(self.tr("Export PNG…"))
        self.png.setToolTip(self.tr("Save the picture as shown as a PNG image"))
        self.png.clicked.connect(lambda: self._export_dialog("png"))
        self.svg = QPushButton(self.tr("Export SVG…"))
        self.svg.setToolTip(self.tr("Save the whole picture as an SVG drawing"))
        self.svg.clicked.connect(lambda: self._export_dialog("svg"))
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.legend = QLabel()  # rich text: our own words and colours, no page text
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 2)
        for w in (self.kind, self.fit, self.png, self.svg, self.summary):
            bar.addWidget(w)
        bar.addStretch(1)
        bar.addWidget(self.legend)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._layout.addLayout(bar)
        self.dialog: Any = None  # the export dialog open, if one is
        self._timer = QTimer(self)
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._tick)
        self.destroyed.connect(self.process.close)
        self.idle = IdleCatchUp(graph, self, self.CATCH_UP, at_once=True)

    @property
    def up_to_date(self) -> bool:
        """The picture drawn is of the whole graph as it is now, in the view picked."""
        return self._drawn == (self.graph.version, self.kind.currentData())

    # ---- the picture ---------------------------------------------------------------------------

    def _make_plot(self) -> None:
        import pyqtgraph as pg

        plot = pg.PlotWidget(background=self.palette().base().color())
        plot.setAccessibleName(self.tr("Site graph"))
        item = plot.getPlotItem()
        for axis in ("left", "bottom"):
            item.hideAxis(axis)
        item.hideButtons()
        item.setMenuEnabled(False)  # pyqtgraph's own menu and export dialog: ours are above
        item.getViewBox().setAspectLocked(True)
        self.edges = pg.PlotCurveItem(
            pen=pg.mkPen(EDGE_COLOUR, width=1), connect="pairs", skipFiniteCheck=True
        )
        self.nodes = pg.ScatterPlotItem(
            pen=pg.mkPen(self.palette().base().color(), width=0.5),
            hoverable=True,
            tip=self._tip,
        )
        self.nodes.sigClicked.connect(self._clicked)
        plot.addItem(self.edges)
        plot.addItem(self.nodes)
        self._brushes = [
            pg.mkBrush(COLOURS.get(c, OK_COLOUR)) for c in range(max(CODES.values()) + 1)
        ]
        self._layout.addWidget(plot, 1)
        self.plot = plot

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.plot is None:
            self._make_plot()
        self._timer.start()
        self._tick()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._timer.stop()  # hidden: no layout, no drawing (one under way is kept for later)

    def _tick(self) -> None:
        if self.plot is None or not self.isVisible():
            return
        now = time.monotonic()
        if self.process.busy:
            got = self.process.result()
            if got is not None and self._job is not None:
                positions, self.took = got
                self._last_end = now
                self._gap = max(self.MIN_GAP, 2 * self.took)
                self._show(*self._job, positions)
                self._job = None
            elif not self.process.busy:  # it failed: the last picture stays
                self._job = None
                self._last_end = now
                self.summary.setText(self.tr("The layout failed: {}").format(self.process.error))
            return
        kind = self.kind.currentData()
        if self._drawn == (self.graph.version, kind):
            return
        changed_kind = self._drawn is not None and self._drawn[1] != kind
        if now - self._last_end < self._gap and not changed_kind:
            return
        self.lay_out()

    def lay_out(self) -> bool:
        """Start a layout of the graph as it is now (False: one is under way)."""
        if self.process.busy:
            return False
        import numpy as np

        kind = self.kind.currentData()
        version = self.graph.version
        picture = self.graph.picture()
        if picture.size <= 1:  # nothing to lay out
            self._show(picture, kind, version, np.zeros((picture.size, 2)))
            return True
        seed = self._seed(picture) if kind == FORCE else None
        self.process.submit(Job(kind, picture.size, picture.tree, picture.links,
                                picture.roots, seed))  # fmt: skip
        self._job = (picture, kind, version)
        self.summary.setText(self._words(picture, kind) + self.tr(" · laying out…"))
        return True

    def _seed(self, picture: Picture) -> np.ndarray | None:
        """The nodes' positions in the last force-directed layout (NaN for new nodes)."""
        import numpy as np

        last = self._placed
        if last is None or last[:2] != (picture.generation, picture.grouped):
            return None
        keys, positions = last[2], last[3]
        seed = np.full((picture.size, 2), np.nan)
        at = np.searchsorted(keys, picture.keys)
        ok = at < len(keys)
        ok[ok] = keys[at[ok]] == picture.keys[ok]
        seed[ok] = positions[at[ok]]
        return seed

    def _show(self, picture: Picture, kind: str, version: int, positions: np.ndarray) -> None:
        import numpy as np

        if picture.generation != self.graph.generation:
            return  # laid out before a new crawl cleared the graph: lay out again
        self.picture, self.positions, self._drawn = picture, positions, (version, kind)
        if kind == FORCE:
            self._placed = (picture.generation, picture.grouped, picture.keys, positions)
        edges = picture.tree
        if kind == FORCE and len(picture.links):
            edges = np.concatenate([edges, picture.links])
        edges = edges[: self.MAX_EDGES]
        self._edges = edges
        if len(edges):
            xy = positions[edges].reshape(-1, 2)
            self.edges.setData(xy[:, 0], xy[:, 1], connect="pairs")
        else:
            self.edges.setData([], [])
        self.nodes.setData(
            pos=positions,
            size=node_sizes(picture.weights),
            brush=[self._brushes[c] for c in picture.codes.tolist()],
            data=np.arange(picture.size),
        )
        self.summary.setText(self._words(picture, kind))
        self.legend.setText(self._legend())
        self.drawn.emit()

    def _words(self, picture: Picture, kind: str) -> str:
        n = picture.urls
        if picture.grouped:
            return self.tr("{} URLs in {} folders (one node a folder past {} URLs)").format(
                f"{n:,}", f"{picture.size:,}", f"{self.graph.GROUP_AT:,}"
            )
        words = self.tr("{} URLs").format(f"{n:,}")
        if picture.hubs and kind == FORCE:
            words += self.tr(" · the links of {} navigation pages left out").format(picture.hubs)
        return words

    def _legend(self) -> str:
        counts = self.graph.verdict_counts()
        parts = []
        for v in WORST_LAST:
            if counts.get(v):
                colour = COLOURS[CODES[v]].name()
                said = translate(VERDICTS, v.value)
                parts.append(f'<span style="color:{colour}">●</span> {said} {counts[v]:,}')
        return "&nbsp;&nbsp;".join(parts)

    def _fit(self) -> None:
        if self.plot is not None:
            self.plot.getPlotItem().getViewBox().autoRange()

    def _tip(self, x: float, y: float, data: Any) -> str:
        if self.picture is None:
            return ""
        return self.graph.label(self.picture, int(data))

    def _clicked(self, _item: Any, points: Any, _event: Any) -> None:
        if self.picture is not None and len(points):
            self.urlClicked.emit(self.graph.url(self.picture, int(points[0].data())))

    # ---- export --------------------------------------------------------------------------------

    def _export_dialog(self, kind: str) -> None:
        what = {"png": self.tr("PNG images (*.png)"), "svg": self.tr("SVG drawings (*.svg)")}
        stem = file_stem(self.graph.root)
        dlg = file_dialog(self, self.tr("Export the site graph"), what[kind], save=True,
                          name=f"{stem}-site-graph.{kind}")  # fmt: skip
        dlg.fileSelected.connect(self.export_png if kind == "png" else self.export_svg)
        self.dialog = dlg
        dlg.open()

    def export_png(self, path: str | Path) -> bool:
        """The picture as shown, as a PNG image of the view's size; False if not written."""
        if self.plot is None:
            return False
        ok = self.plot.grab().save(str(path), "PNG")
        if not ok:
            self.summary.setText(self.tr("Could not write {}").format(path))
        return bool(ok)

    def export_svg(self, path: str | Path) -> bool:
        """The whole picture as SVG, a circle per node; False if not written."""
        picture, positions = self.picture, self.positions
        if picture is None or positions is None or self.plot is None or self._edges is None:
            return False
        import numpy as np

        titles = [self.graph.label(picture, i) for i in range(picture.size)]
        colours = [COLOURS.get(c, OK_COLOUR).name() for c in picture.codes.tolist()]
        text = svg_text(
            np.asarray(positions, float),
            node_sizes(picture.weights) / 2,
            colours,
            self._edges,
            titles,
            max(self.plot.width(), 400),
            max(self.plot.height(), 300),
        )
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as e:
            self.summary.setText(self.tr("Could not write {}: {}").format(path, e.strerror))
            return False
        return True
