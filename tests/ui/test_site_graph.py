"""The Site graph: its nodes and edges from records (no Qt), the layouts in their process, and the
tab in the real window — drawn from a crawl of an in-process site, grouped by folder past a
lowered threshold, a click selecting the URL, PNG and SVG read back, the loop beating while a
layout of a few thousand nodes is computed."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QImage
from windows import crawl_to_end

from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import Verdict, verdict
from gui_crawler.ui.graph_layout import FORCE, TREE, Job, LayoutProcess, lay_out
from gui_crawler.ui.graph_view import COLOURS, SiteGraphTab, node_sizes
from gui_crawler.ui.link_models import LinkIndex
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.site_graph import CODES, SiteGraph, folder_of, parent_folder, svg_text
from gui_crawler.window import MainWindow

H = "http://h.test"
SVG = "{http://www.w3.org/2000/svg}"


def feed(records: list[FetchRecord], group_at: int | None = None) -> SiteGraph:
    links = LinkIndex()
    graph = SiteGraph(links)
    if group_at is not None:
        graph.GROUP_AT = group_at
    links.add(records)
    graph.add(records)
    return graph


def site() -> list[FetchRecord]:
    """A root, two folders, a 404, a redirect, a page recorded twice."""
    return [
        FetchRecord(f"{H}/", status=200, links=(f"{H}/a/", f"{H}/b/1", f"{H}/gone", f"{H}/old")),
        FetchRecord(f"{H}/a/", status=200, referrer=f"{H}/", links=(f"{H}/", f"{H}/a/x")),
        FetchRecord(f"{H}/b/1", status=200, referrer=f"{H}/", links=(f"{H}/a/x", f"{H}/a/")),
        FetchRecord(f"{H}/gone", status=404, referrer=f"{H}/"),
        FetchRecord(f"{H}/old", status=301, next_url=f"{H}/b/1", referrer=f"{H}/"),
        FetchRecord(f"{H}/a/x", status=500, referrer=f"{H}/a/", links=(f"{H}/b/1",)),
    ]


# ---- the graph, without Qt --------------------------------------------------------------------


def test_folders() -> None:
    assert folder_of(f"{H}/a/b.html") == f"{H}/a/"
    assert folder_of(f"{H}/a/") == f"{H}/a/"
    assert folder_of(H) == f"{H}/"
    assert folder_of(f"{H}/a?next=/b/c") == f"{H}/"
    assert parent_folder(f"{H}/a/b/") == f"{H}/a/"
    assert parent_folder(f"{H}/") is None


def test_nodes_edges_colours_and_sizes_come_from_the_records() -> None:
    records = site()
    graph = feed(records)
    p = graph.picture()
    assert not p.grouped and p.size == len(records) == p.urls
    urls = [graph.url(p, i) for i in range(p.size)]
    assert urls == [r.url for r in records]
    by_url = {r.url: r for r in records}
    assert [int(c) for c in p.codes] == [CODES[verdict(by_url[u])] for u in urls]
    # The tree: each page under its referrer; the root alone has none.
    assert sorted((urls[a], urls[b]) for a, b in p.tree) == sorted(
        (r.referrer, r.url) for r in records if r.referrer
    )
    assert [urls[r] for r in p.roots] == [f"{H}/"]
    # Sized by inlinks, as the link index counts them.
    assert [int(w) for w in p.weights] == [graph.links.count(u) for u in urls]
    # The links kept, each way, each once: the redirect is a link too.
    assert {(urls[a], urls[b]) for a, b in p.links} == {
        (f"{H}/", f"{H}/a/"), (f"{H}/", f"{H}/b/1"), (f"{H}/", f"{H}/gone"),
        (f"{H}/", f"{H}/old"), (f"{H}/a/", f"{H}/"), (f"{H}/b/1", f"{H}/a/"),
        (f"{H}/old", f"{H}/b/1"), (f"{H}/a/", f"{H}/a/x"), (f"{H}/b/1", f"{H}/a/x"),
        (f"{H}/a/x", f"{H}/b/1"),
    }  # fmt: skip
    assert len(p.links) == 10
    # Recorded again (a re-check): the node stays, its colour changes.
    version = graph.version
    fixed = FetchRecord(f"{H}/gone", status=200, referrer=f"{H}/")
    graph.links.add([fixed])
    graph.add([fixed])
    again = graph.picture()
    assert again.size == p.size and graph.version > version
    assert again.codes[urls.index(f"{H}/gone")] == CODES[Verdict.OK]
    assert graph.verdict_counts()[Verdict.BROKEN] == 1  # /a/x's 500
    graph.clear()
    assert len(graph) == 0 and graph.picture().size == 0 and graph.generation == 1


def test_links_kept_are_bounded_and_navigation_is_left_out() -> None:
    nav = [f"{H}/nav{i}" for i in range(3)]
    pages = [f"{H}/p{i}" for i in range(40)]
    records = [FetchRecord(f"{H}/", status=200, links=(*nav, *pages))]
    records += [FetchRecord(u, status=200, referrer=f"{H}/") for u in nav]
    records += [
        FetchRecord(u, status=200, referrer=f"{H}/", links=(*nav, f"{H}/p{i + 1}"))
        for i, u in enumerate(pages)
    ]
    records.append(FetchRecord(f"{H}/last", status=200, referrer=f"{H}/p0", links=tuple(pages)))
    graph = feed(records)
    p = graph.picture()
    kept = [(graph.url(p, a), graph.url(p, b)) for a, b in p.links]
    assert len(kept) == len(set(kept))
    # A page links to 40 pages recorded before it: LINKS_KEPT of its links kept.
    assert sum(1 for u, _ in kept if u == f"{H}/last") == SiteGraph.LINKS_KEPT == 8
    # The navigation pages (linked from every page) are left out of the links drawn and laid
    # out; the pages' links to each other stay.
    assert p.hubs == 3
    assert all(u not in nav and v not in nav for u, v in kept)
    assert (f"{H}/p7", f"{H}/p8") in kept
    assert len(graph.page_links) // 2 > len(kept)  # those of the navigation are kept, not shown


def test_grouped_by_folder_past_the_threshold() -> None:
    records = site()
    graph = feed(records, group_at=4)  # 6 URLs, 3 folders: one node a folder
    p = graph.picture()
    assert p.grouped and p.urls == 6
    assert p.folders == [f"{H}/", f"{H}/a/", f"{H}/b/"]
    assert [int(w) for w in p.weights] == [3, 2, 1]  # /, /gone, /old; /a/, /a/x; /b/1
    # A folder shows its worst: / holds a 404, /a/ a 500 (both broken), /b/ is ok.
    assert [int(c) for c in p.codes] == [CODES[Verdict.BROKEN]] * 2 + [CODES[Verdict.OK]]
    assert sorted(map(tuple, p.tree.tolist())) == [(0, 1), (0, 2)]  # a tree: one parent each
    assert graph.label(p, 1) == f"{H}/a/ (2 URLs)"
    assert graph.url(p, 1) == f"{H}/a/"  # its first URL recorded: what a click selects
    # Fewer nodes allowed than folders: deeper folders merge into their parents.
    graph.GROUP_AT = 2
    q = graph.picture()
    assert q.grouped and q.folders == [f"{H}/"] and int(q.weights[0]) == 6


def a_crawl(pages: int = 60) -> list[FetchRecord]:
    """Records as a crawl of folders makes them: each page linking back, across and ahead,
    a redirect, a 404, and pages recorded again (a re-check's new verdict)."""
    urls = [f"{H}/"] + [f"{H}/f{i % 4}/s{i % 3}/p{i}" for i in range(1, pages)]
    out = [FetchRecord(urls[0], status=200, links=tuple(urls[1:20]))]
    for i in range(1, pages):
        ahead = tuple(urls[j % pages] for j in (i + 1, i + 7, i * 3, i // 2, 0))
        status = 404 if i % 11 == 0 else 200
        out.append(FetchRecord(urls[i], status=status, referrer=urls[i // 2], links=ahead))
        if i % 13 == 0:
            out.append(FetchRecord(f"{H}/old{i}", status=301, next_url=urls[i], referrer=urls[i]))
        if i % 17 == 0:  # recorded again: its new verdict
            out.append(FetchRecord(urls[i // 3], status=500, referrer=urls[0]))
    return out


def same_picture(a: SiteGraph, b: SiteGraph) -> None:
    p, q = a.picture(), b.picture()
    for name in ("keys", "codes", "weights", "tree", "links", "numbers"):
        assert np.array_equal(getattr(p, name), getattr(q, name)), name
    assert (p.grouped, p.roots, p.folders, p.urls, p.hubs) == (
        q.grouped, q.roots, q.folders, q.urls, q.hubs
    )  # fmt: skip


@pytest.mark.parametrize("group_at", [10_000, 30])
def test_a_deferred_graph_shown_mid_crawl_and_at_the_end_is_the_one_placed_as_records_came(
    group_at: int,
) -> None:
    records = a_crawl()
    links = LinkIndex()
    eager, deferred = SiteGraph(links), SiteGraph(links)
    eager.GROUP_AT = deferred.GROUP_AT = group_at  # 30: grouped from the middle of the crawl
    deferred.deferred = True
    seen = 0
    for i in range(0, len(records), 7):
        batch = records[i : i + 7]
        links.add(batch)
        eager.add(batch)
        deferred.add(batch)
        assert deferred.waiting and len(deferred.number) == seen  # noted, not placed
        if i == 28:  # shown mid-crawl: placed at once, then noted again
            same_picture(deferred, eager)
            seen = len(deferred.number)
            assert not deferred.waiting and deferred.deferred
        elif i in (35, 42):  # idle turns: a part at a time
            assert not deferred.catch_up(3) and deferred.waiting
            seen = len(deferred.number)
    urls = {r.url for r in records}
    assert eager.picture().urls == len(urls) == len(deferred)  # each URL once, none left out
    same_picture(deferred, eager)
    assert not deferred.waiting
    # Shown again (eager): what comes next placed at once.
    deferred.deferred = False
    more = [FetchRecord(f"{H}/late", status=200, referrer=f"{H}/", links=(f"{H}/",))]
    links.add(more)
    eager.add(more)
    deferred.add(more)
    assert not deferred.waiting and len(deferred.number) == len(urls) + 1
    same_picture(deferred, eager)


def test_the_hidden_tab_places_the_records_in_idle_turns_and_when_shown(
    qtbot: Any, window: MainWindow
) -> None:
    graph, tab = window.results.graph, window.graph_view
    assert graph.deferred and not tab.isVisible()  # made hidden: records wait
    records = a_crawl()
    half = len(records) // 2
    window.results.add(records[:half])
    assert graph.waiting and len(graph.number) == 0
    # No record for a while: placed in idle turns, the tab still hidden.
    qtbot.waitUntil(lambda: not graph.waiting, timeout=10_000)
    assert not tab.isVisible() and len(graph.number) == len({r.url for r in records[:half]})
    window.results.add(records[half:])
    assert graph.waiting
    tab = show_graph(qtbot, window)
    try:
        assert not graph.deferred and not graph.waiting
        assert tab.picture is not None and tab.picture.urls == len({r.url for r in records})
        links = LinkIndex()
        eager = SiteGraph(links)
        links.add(records)
        eager.add(records)
        same_picture(graph, eager)
        window.show_tab(window.pages_tab)
        assert graph.deferred
    finally:
        tab.process.close()


@pytest.mark.parametrize("kind", [TREE, FORCE])
def test_layouts(kind: str) -> None:
    p = feed(site()).picture()
    pos = lay_out(Job(kind, p.size, p.tree, p.links, p.roots))
    assert pos.shape == (p.size, 2) and np.isfinite(pos).all()
    assert len({tuple(np.round(x, 6)) for x in pos}) == p.size  # no two nodes in one place


def test_a_force_layout_grows_from_the_last() -> None:
    n = 300
    kids = np.arange(1, n)
    tree = np.stack([(kids - 1) // 4, kids], axis=1).astype(np.int32)
    none = np.zeros((0, 2), np.int32)
    first = lay_out(Job(FORCE, n - 10, tree[: n - 11], none, [0]))
    seed = np.full((n, 2), np.nan)
    seed[: n - 10] = first
    grown = lay_out(Job(FORCE, n, tree, none, [0], seed))
    assert np.isfinite(grown).all()
    # The nodes placed before stay about where they were (not turned, not mirrored): the
    # picture grows rather than starting again.
    moved = np.linalg.norm(grown[: n - 10] - first, axis=1)
    assert np.median(moved) < 0.1 * np.ptp(first, axis=0).max()


def test_layout_process_answers_and_ends() -> None:
    p = feed(site()).picture()
    proc = LayoutProcess()
    try:
        proc.submit(Job(TREE, p.size, p.tree, p.links, p.roots))
        with pytest.raises(RuntimeError):
            proc.submit(Job(TREE, p.size, p.tree, p.links, p.roots))
        deadline = time.monotonic() + 30
        got = None
        while got is None and time.monotonic() < deadline:
            got = proc.result()
            time.sleep(0.02)
        assert got is not None and got[0].shape == (p.size, 2)
        assert not proc.busy
    finally:
        proc.close()
    assert proc._proc is None


def test_svg_text_is_xml_with_a_circle_a_node() -> None:
    pos = np.array([[0.0, 0.0], [1.0, 2.0], [3.0, 1.0]])
    text = svg_text(pos, np.array([3.0, 4.0, 5.0]), ["#ff0000", "#00ff00", "#0000ff"],
                    np.array([[0, 1], [1, 2]]), ["a & b", "<c>", "d"], 300, 200)  # fmt: skip
    root = ET.fromstring(text)
    circles = root.findall(f".//{SVG}circle")
    assert [c.find(f"{SVG}title").text for c in circles] == ["a & b", "<c>", "d"]  # type: ignore[union-attr]
    assert root.find(f".//{SVG}path").get("d").count("M") == 2  # type: ignore[union-attr]
    xs = [float(c.get("cx")) for c in circles]  # type: ignore[arg-type]
    assert min(xs) > 0 and max(xs) < 300
    assert (min(xs) + max(xs)) / 2 == pytest.approx(150)  # centred


# ---- the tab in the window --------------------------------------------------------------------


def show_graph(qtbot: Any, w: MainWindow, kind: str = TREE) -> SiteGraphTab:
    """The Site graph tab shown in ``kind``, once the picture of the whole crawl is drawn."""
    tab = w.graph_view
    tab.kind.setCurrentIndex(tab.kind.findData(kind))
    w.show_tab(tab)
    qtbot.waitUntil(lambda: tab.up_to_date, timeout=30_000)
    return tab


def node_at(tab: SiteGraphTab, node: int) -> Any:
    """Where ``node`` is drawn, in the plot's viewport."""
    assert tab.positions is not None
    x, y = tab.positions[node]
    vb = tab.plot.getPlotItem().getViewBox()
    return tab.plot.mapFromScene(vb.mapViewToScene(QPointF(float(x), float(y))))


def test_the_tab_draws_the_crawl_and_a_click_selects(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    tab = show_graph(qtbot, window)
    try:
        p, graph = tab.picture, window.results.graph
        assert p is not None and not p.grouped
        # A node a row of the pages table, coloured as the record's verdict.
        assert p.size == window.row_count == 29
        records = window.results.links.records
        for i in range(p.size):
            rec = records.get(graph.url(p, i))
            assert rec is not None
            assert int(p.codes[i]) == CODES[verdict(rec)]
        spots = tab.nodes.points()
        assert len(spots) == p.size
        assert {s.brush().color().name() for s in spots} == {
            COLOURS[CODES[verdict(records.get(graph.url(p, i)))]].name() for i in range(p.size)
        }
        broken = [i for i in range(p.size) if int(p.codes[i]) == CODES[Verdict.BROKEN]]
        assert {spots[i].brush().color().name() for i in broken} == {"#c0392b"}
        assert len(broken) == 2  # /missing's 404, /broken's 500
        assert "broken 2" in tab.legend.text() and "ok 25" in tab.legend.text()
        assert len(tab._edges) == p.size - 1  # the tree: an edge into every page but the root
        # A click on a node: its URL selected in Pages and shown in Details. The node picked
        # is the one farthest from any other, so the click cannot be anyone else's.
        view = np.array([[node_at(tab, i).x(), node_at(tab, i).y()] for i in range(p.size)])
        gap = np.linalg.norm(view[:, None] - view[None], axis=2) + np.eye(p.size) * 1e9
        node = int(gap.min(axis=1).argmax())
        url = graph.url(p, node)
        with qtbot.waitSignal(tab.urlClicked) as clicked:
            qtbot.mouseClick(tab.plot.viewport(), Qt.MouseButton.LeftButton, pos=node_at(tab, node))
        assert clicked.args == [url]
        assert window.tabs.currentWidget() is window.pages_tab
        assert window.pages_tab.table.currentIndex().data(Roles.Url) == url
        assert window.details.url == url  # shown in Details
        # PNG: the picture as shown, at the view's size.
        window.show_tab(tab)
        assert tab.export_png(tmp_path / "g.png")
        image = QImage(str(tmp_path / "g.png"))
        assert not image.isNull() and image.size() == tab.plot.size() * tab.devicePixelRatio()
        # The force-directed view: the tree and the links kept; the SVG has every node.
        tab = show_graph(qtbot, window, FORCE)
        assert tab.picture is not None and len(tab._edges) > p.size - 1
        assert tab.export_svg(tmp_path / "g.svg")
        root = ET.parse(tmp_path / "g.svg").getroot()
        titles = [c.find(f"{SVG}title").text for c in root.iter(f"{SVG}circle")]  # type: ignore[union-attr]
        assert sorted(titles) == sorted(graph.url(p, i) for i in range(p.size))
        assert not tab.export_svg(tmp_path / "no such folder" / "g.svg")
        assert "Could not write" in tab.summary.text()
        # A new crawl shown: the picture starts again, empty.
        window.results.clear()
        qtbot.waitUntil(lambda: tab.up_to_date, timeout=10_000)
        assert tab.picture is not None and tab.picture.size == 0
        assert tab.nodes.points().size == 0 and tab.legend.text() == ""
    finally:
        tab.process.close()


def test_the_tab_groups_by_folder_past_the_threshold(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    window.results.graph.GROUP_AT = 10  # 29 URLs in /, /a/, /b/ and /docs/
    crawl_to_end(qtbot, window, live_site.url)
    tab = show_graph(qtbot, window, FORCE)
    try:
        p = tab.picture
        assert p is not None and p.grouped and p.urls == 29
        base = live_site.url
        assert p.folders == [base, f"{base}a/", f"{base}b/", f"{base}docs/"]
        records = list(window.results.links.records.values())
        for i, folder in enumerate(p.folders):
            inside = [r for r in records if folder_of(r.url) == folder]
            assert int(p.weights[i]) == len(inside)
            assert int(p.codes[i]) == max(CODES[verdict(r)] for r in inside)
        assert "29 URLs in 4 folders" in tab.summary.text()
        assert tab.export_svg(tmp_path / "g.svg")
        circles = list(ET.parse(tmp_path / "g.svg").getroot().iter(f"{SVG}circle"))
        assert len(circles) == 4
        assert circles[1].find(f"{SVG}title").text == f"{base}a/ (11 URLs)"  # type: ignore[union-attr]
    finally:
        tab.process.close()


def test_the_loop_beats_while_a_layout_is_computed(qtbot: Any, qapp: Any) -> None:
    n = 3000

    def url(i: int) -> str:
        return f"{H}/d{i % 30}/p{i}" if i else f"{H}/"

    # A tree four wide, each page linking to the five before it.
    records = [
        FetchRecord(url(i), status=200, referrer=url((i - 1) // 4) if i else None,
                    links=tuple(url(j) for j in range(max(0, i - 5), i)))
        for i in range(n)
    ]  # fmt: skip
    tab = SiteGraphTab(feed(records))
    qtbot.addWidget(tab)
    tab.kind.setCurrentIndex(tab.kind.findData(FORCE))
    tab.resize(800, 600)
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    try:
        heartbeat.start()
        with qtbot.waitSignal(tab.drawn, timeout=60_000):
            tab.show()  # the first layout starts at once
            began = time.perf_counter()
        drawn = time.perf_counter()
        heartbeat.stop()
        assert tab.picture is not None and tab.picture.size == n
        assert tab.took > 0.2  # a layout of substance (the process's own time)
        during = [t for t in beats if began <= t <= drawn]
        # On the loop, the layout would have let no beat through for tab.took seconds.
        assert len(during) >= 0.3 * tab.took / 0.010, (len(during), tab.took)
    finally:
        heartbeat.stop()
        tab.process.close()


def test_node_sizes_grow_with_inlinks() -> None:
    sizes = node_sizes(np.array([0, 1, 10, 1000, 10**9]))
    assert list(sizes) == sorted(sizes) and sizes[0] == 4 and sizes[-1] == 24
