"""File → Compare crawls…: two crawls of one site, older and newer; counts per kind of change, the
changed URLs filterable by kind, a double-click that selects the URL in Pages, Export CSV and a
report; two crawls of different sites said plainly."""

from __future__ import annotations

import csv
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from test_menus import click_menu_item
from windows import crawl_to_end

from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.storage import CrawlStore
from gui_crawler.ui.compare_dialog import CompareDialog
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow


def open_compare(qtbot: Any, qtlog: Any, window: MainWindow) -> CompareDialog:
    click_menu_item(qtbot, qtlog, window, "File", "Co&mpare crawls…")
    dlg = window.findChild(CompareDialog, "compare-dialog")
    assert dlg is not None
    qtbot.waitUntil(dlg.isVisible, timeout=2000)
    assert not dlg.isModal()
    return dlg


def double_click(qtbot: Any, dlg: CompareDialog, pos: QPoint) -> None:
    # A press first: QTest's double-click alone is no double-click to an item view.
    qtbot.mouseClick(dlg.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(dlg.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def shown_rows(dlg: CompareDialog) -> list[tuple[str, ...]]:
    p = dlg.proxy
    return [tuple(p.index(r, c).data() for c in range(4)) for r in range(p.rowCount())]


def test_two_crawls_of_a_site_compared_filtered_exported(
    qtbot: Any, qtlog: Any, qtmodeltester: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small(4)
    u = live_site.url.rstrip("/")
    crawl_to_end(qtbot, window, live_site.url)
    older = window.controller.shown_file()
    assert older is not None
    # The crawls are listed newest first by the time their file was last written, and the last
    # checkpoint of a crawl's file runs on its thread after the crawl ends: under load it wrote
    # the file after the next crawl's (both within a second), which was then listed as the older.
    qtbot.waitUntil(
        lambda: not any(t.name == "crawl-checkpoint" for t in threading.enumerate()),
        timeout=10_000,
    )
    # Since then: /broken answers, /b/p0 is gone, / links to a new page, /a/p1's title changed.
    live_site.add_page("/broken")
    del live_site.pages["/b/p0"]
    live_site.add_page("/", ["/a/", "/b/", "/old", "/missing", "/broken", "/new", "/docs/x?page=1"])
    live_site.add_page("/new")
    status, html, headers, delay = live_site.pages["/a/p1"]
    live_site.pages["/a/p1"] = (
        status,
        html.replace("<title>/a/p1", "<title>Page <one>"),
        headers,
        delay,
    )
    crawl_to_end(qtbot, window, live_site.url)
    newer = window.controller.shown_file()
    assert older is not None and newer is not None and older != newer

    dlg = open_compare(qtbot, qtlog, window)
    # The crawl shown is offered as the newer, the site's crawl before it as the older.
    assert dlg.newer.path == newer and dlg.older.path == older
    with qtbot.waitSignal(dlg.compared, timeout=10_000):
        qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    assert dlg.summary.text().endswith(
        "1 added, 2 answer changed, 1 title changed, 1 content changed"
    ), dlg.summary.text()
    kinds = [dlg.kind.itemText(i) for i in range(dlg.kind.count())]
    assert kinds == [
        "All changes (5)",
        "added (1)",
        "answer changed (2)",
        "title changed (1)",
        "content changed (1)",
    ]
    assert (f"{u}/broken", "answer changed", "500 Internal Server Error", "200 OK") in shown_rows(
        dlg
    )
    qtmodeltester.check(dlg.model)
    qtmodeltester.check(dlg.proxy)
    dlg.kind.setCurrentIndex(kinds.index("title changed (1)"))
    assert shown_rows(dlg) == [(f"{u}/a/p1", "title changed", "/a/p1", "Page <one>")]
    dlg.kind.setCurrentIndex(kinds.index("answer changed (2)"))
    assert {r[0] for r in shown_rows(dlg)} == {f"{u}/broken", f"{u}/b/p0"}
    qtmodeltester.check(dlg.proxy)

    # A double-click selects the URL in Pages: the newer crawl is the one shown.
    dlg.kind.setCurrentIndex(kinds.index("added (1)"))
    index = dlg.proxy.index(0, 0)
    rect = dlg.table.visualRect(index)
    double_click(qtbot, dlg, rect.center())
    assert window.pages_tab.table.currentIndex().data(Roles.Url) == f"{u}/new"
    assert window.details.url == f"{u}/new"

    # Export CSV: the rows shown; Report: every change, escaped.
    dlg.kind.setCurrentIndex(0)
    files = dlg.csv_dialog()
    files.selectFile(str(tmp_path / "changes.csv"))
    files.accept()
    with open(tmp_path / "changes.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["url", "change", "old", "new"] and len(rows) == 6
    files = dlg.report_dialog()
    files.selectFile(str(tmp_path / "changes.html"))
    files.accept()
    html = (tmp_path / "changes.html").read_text(encoding="utf-8")
    assert "Page &lt;one&gt;" in html and "Page <one>" not in html
    assert dlg.message.text() == f"Wrote the comparison to {tmp_path / 'changes.html'}"

    # Another crawl shown: a double-click says where the rows are.
    assert window.open_crawl(older)
    dlg.kind.setCurrentIndex(kinds.index("added (1)"))
    double_click(qtbot, dlg, rect.center())
    assert dlg.message.text() == f"Open {newer.name} (File → Open crawl…) to see its rows here"


def crawl_file(path: Path, root: str) -> Path:
    store = CrawlStore.create(path, CrawlConfig(roots=(root,)).validated())
    store.sink(FetchRecord(root, status=200, content_type="text/html"))
    store.close("done")
    return path


def test_two_crawls_of_different_sites_are_said_plainly(
    qtbot: Any, qtlog: Any, window: MainWindow, tmp_path: Path
) -> None:
    a = crawl_file(tmp_path / "a.sqlite3", "http://127.0.0.2:9/")
    b = crawl_file(tmp_path / "b.sqlite3", "http://127.0.0.3:9/")
    dlg = open_compare(qtbot, qtlog, window)
    dlg.older.choose(a)
    dlg.newer.choose(b)
    qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "different sites" in dlg.message.text(), timeout=5000)
    assert dlg.message.text() == (
        "The crawls are of different sites (127.0.0.2:9 and 127.0.0.3:9): "
        "compare two crawls of one site"
    )
    assert dlg.proxy.rowCount() == 0 and not dlg.csv_button.isEnabled()
    # The same file twice, and a file that is no crawl file.
    dlg.newer.choose(a)
    qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    assert dlg.message.text() == "Choose two different crawl files"
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not sqlite at all" * 100)
    dlg.newer.choose(junk)
    qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dlg.compare_button.isEnabled, timeout=5000)
    assert "junk.sqlite3 is not a gui_crawler crawl file" in dlg.message.text()


def test_closing_the_dialog_while_it_reads_drops_the_comparison(
    qtbot: Any, qtlog: Any, window: MainWindow, tmp_path: Path
) -> None:
    a = crawl_file(tmp_path / "a.sqlite3", "http://127.0.0.2:9/")
    b = crawl_file(tmp_path / "b.sqlite3", "http://127.0.0.2:9/")
    dlg = open_compare(qtbot, qtlog, window)
    dlg.older.choose(a)
    dlg.newer.choose(b)
    qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    task = dlg._task
    assert task is not None and not task.done()
    dlg.close()
    qtbot.waitUntil(task.done, timeout=5000)
    assert task.cancelled()
