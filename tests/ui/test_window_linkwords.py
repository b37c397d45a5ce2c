"""Links with their words in the window: Broken links lists every page linking to a broken
off-site URL, Details shows inlinks and outlinks with their words (read from the crawl file), and
Export → All links CSV… writes every link."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hostsites import HostSite
from linkwords_site import expected_links, words_site
from PySide6.QtWidgets import QTreeWidgetItem
from windows import crawl_to_end, section

from gui_crawler.window import MainWindow


def listed(sec: QTreeWidgetItem) -> dict[str, list[tuple[str, str]]]:
    """Each listed URL with its words rows (element, words)."""
    out = {}
    for i in range(sec.childCount()):
        item = sec.child(i)
        out[item.text(1)] = [(item.child(k).text(0), item.child(k).text(1))
                             for k in range(item.childCount())]  # fmt: skip
    return out


def test_links_with_their_words_in_the_window(
    qtbot: Any, qtmodeltester: Any, window: MainWindow, run: Callable[..., Any], tmp_path: Path
) -> None:
    site, other = run(HostSite("127.0.0.1").start()), run(HostSite("127.0.0.2").start())
    try:
        words_site(site, other)
        crawl_to_end(qtbot, window, site.url)
        dead, root, a = other.u("/dead"), site.url, site.u("/a.html")
        # Broken links: the off-site URL with both pages linking to it.
        broken = window.results.broken
        qtmodeltester.check(broken)
        rows = {broken.index(r, 0).data(): r for r in range(broken.rowCount())}
        assert broken.index(rows[dead], 3).data() == "2"
        assert set(broken.index(rows[dead], 4).data().split(", ")) == {root, a}

        # Details: inlinks of the off-site URL, each with how it links.
        window.details.show_url(dead)
        assert listed(section(window, "Inlinks (2)")) == {
            root: [("a", "“Our partner” · nofollow sponsored")],
            a: [("a", "image “Partner logo”")],
        }
        # Outlinks of the home page: off-site and invalid links too, with their words.
        window.details.show_url(root)
        out = listed(section(window, "Outlinks"))
        assert out[dead] == [("a", "“Our partner” · nofollow sponsored")]
        assert out["slice::sort_by_key"] == [("a", "“sort”")]
        assert out[a] == [("a", "image “Missing picture”"), ("a", "“A page”")]

        # Export → All links CSV…
        path = tmp_path / "links.csv"
        assert window.menus.export_links(str(path)) == len(expected_links(site, other))
        with path.open(encoding="utf-8-sig", newline="") as f:
            got = [(r["source"], r["target"], r["anchor"], r["alt"], r["rel"], r["element"])
                   for r in csv.DictReader(f)]  # fmt: skip
        assert sorted(got) == sorted(expected_links(site, other))
        assert window.menus.links_csv_action in window.menus.menus["Export"].actions()
    finally:
        run(site.close())
        run(other.close())


def test_a_folded_inlinks_list_reads_its_sources_words_when_unfolded(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    """A home page's inlinks (more than the pane shows open) are read with their words when
    the list is unfolded, not at each refresh: the crawl's end waited for them (~0.27 s on a
    2,000-page site, each source's page read whole)."""
    from gui_crawler.ui.details import MAX_LISTED, SHOWN_OPEN

    n = SHOWN_OPEN + 10
    live_site.add_page("/", [f"/p{i}" for i in range(n)])
    for i in range(n):
        live_site.add_page(f"/p{i}", ["/"])
    crawl_to_end(qtbot, window, live_site.url)
    details = window.details
    asked: list[list[str]] = []
    read = details.words_of

    def spy(urls: list[str]) -> Any:
        asked.append(list(urls))
        return read(urls)

    details.words_of = spy
    details.show_url(live_site.url)
    assert asked == [[live_site.url]]  # the page's own links only
    sec = section(window, f"Inlinks ({n})")
    assert sec.childCount() == 0
    sec.setExpanded(True)  # unfolded: now its sources, with how each links to the page
    assert len(asked) == 2 and sorted(asked[1]) == sorted(live_site.url + f"p{i}" for i in range(n))
    rows = listed(sec)
    assert len(rows) == min(n, MAX_LISTED)
    assert all(words == [("a", "“/”")] for words in rows.values()), rows
