"""Issue #41.8: a site-tree folder that is no URL itself (``/static/``) stands for the URLs
below it: Details says what is below, Export exports them, Re-check fetches them again."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from test_menus import choose, right_click
from windows import crawl_to_end, save_as

from gui_crawler.window import MainWindow


def tree_index(w: MainWindow, *names: str) -> QModelIndex:
    """The site tree's row at host → names (the first host)."""
    model = w.results.tree
    index = model.index(0, 0)
    for name in names:
        w.tree_view.expand(index)
        rows = [model.index(r, 0, index) for r in range(model.rowCount(index))]
        [index] = [i for i in rows if i.data() == name]
    return index


def test_a_folder_stands_for_the_urls_below_it(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.add_page("/", ["/static/site.css", "/static/gone.png", "/about"])
    live_site.add_page("/about", [])
    live_site.pages["/static/site.css"] = (200, "p{}", {"Content-Type": "text/css"}, 0)
    crawl_to_end(qtbot, window, live_site.url)  # /static/gone.png: 404
    below = {live_site.url + "static/site.css", live_site.url + "static/gone.png"}
    window.show_tab(window.tree_view)
    folder = tree_index(window, "static/")
    rect = window.tree_view.visualRect(folder)
    qtbot.mouseClick(window.tree_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    details = window.details
    texts = [
        (item.text(0), item.text(1))
        for i in range(details.topLevelItemCount())
        for item in [details.topLevelItem(i)]
        for item in [item, *(item.child(j) for j in range(item.childCount()))]
    ]
    assert ("Path", live_site.url + "static/") in texts
    assert ("URLs below", "2 (2 fetched)") in texts and ("Worst below", "404") in texts
    assert not any("not fetched (yet)" in value for _, value in texts)
    assert {v for _, v in texts if v in below} == below  # listed

    menu = right_click(qtbot, qtlog, window, window.tree_view, rect.center())
    entries = {a.text(): a for a in menu.actions()}
    assert not entries["Show &inlinks"].isEnabled()  # a folder has no links of its own
    choose(qtbot, menu, "&Export its 2 pages to CSV…")
    out = tmp_path / "static.csv"
    save_as(qtbot, window, out)
    with out.open(encoding="utf-8-sig") as f:
        assert {row["url"] for row in csv.DictReader(f)} == below

    menu = right_click(qtbot, qtlog, window, window.tree_view, rect.center())
    hits = dict(live_site.hits)
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        choose(qtbot, menu, "&Re-check 2 URLs")
    assert window.state_label.text().startswith("Re-checked 2 URLs")
    again = {p for p, n in live_site.hits.items() if n != hits.get(p, 0)} - {"/robots.txt"}
    assert again == {"/static/site.css", "/static/gone.png"}
