"""The menu bar (every action where a desktop user looks for it, the same QAction objects as the
toolbar's), the rows' context menu (copy, open, inlinks/outlinks, export the selection), response
headers in Details, findings explained in the Overview."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QMenu,
    QMessageBox,
    QTreeWidget,
)
from windows import crawl_to_end

import gui_crawler
from gui_crawler.records.explanations import EXPLANATIONS
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow

ROW_MENU = [
    "Copy &URL",
    "&Copy row",
    "&Open in browser",
    "",
    "Show &inlinks",
    "Show ou&tlinks",
    "",
    "&Export selection to CSV…",
    "",
    "&Re-check",
]


def click_menu_item(qtbot: Any, qtlog: Any, window: MainWindow, title: str, text: str) -> None:
    """Open ``title`` on the menu bar with the mouse and click its item ``text``."""
    bar = window.menuBar()
    menu = window.menus.menus[title]
    # The offscreen platform warns that it cannot raise a popup nor grab the keyboard for it.
    with qtlog.disabled():
        qtbot.mouseClick(
            bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center()
        )
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    [action] = [a for a in menu.actions() if a.text() == text]
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def right_click(
    qtbot: Any, qtlog: Any, window: MainWindow, view: QAbstractItemView, pos: QPoint
) -> QMenu:
    """A right-click at ``pos`` of ``view``'s viewport: the context menu it pops up."""
    window.menus.last_menu = None
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    with qtlog.disabled():  # see click_menu_item
        QApplication.sendEvent(view.viewport(), event)
    menu = window.menus.last_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    return menu


def choose(qtbot: Any, menu: QMenu, text: str) -> None:
    [action] = [a for a in menu.actions() if a.text() == text]
    assert action.isEnabled(), text
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def row_pos(view: QAbstractItemView, url: str, column: int = 0) -> QPoint:
    model = view.model()
    for row in range(model.rowCount()):
        idx = model.index(row, column)
        if idx.data(Roles.Url) == url:
            return view.visualRect(idx).center()
    raise LookupError(url)


def test_the_menu_bar_holds_the_windows_own_actions(
    qtbot: Any, qtlog: Any, window: MainWindow
) -> None:
    menus = window.menus.menus
    assert list(menus) == ["File", "Edit", "View", "Crawl", "Export", "Help"]
    assert window.menuBar().isVisible()
    acts = {title: menu.actions() for title, menu in menus.items()}
    # The same QAction objects as the toolbar's, not copies: one shortcut, one state.
    for a in (window.start_action, window.pause_action, window.cancel_action):
        assert a in acts["Crawl"]
    for a in (window.export_action, window.export_filtered_action):
        assert a in acts["Export"]
    assert window.open_action in acts["File"] and window.resume_crawl_action in acts["File"]
    # Every action of the window with a shortcut is in a menu, each once in the window.
    in_menus = {id(a) for actions in acts.values() for a in actions}
    for a in window.actions():
        if not a.shortcut().isEmpty():
            assert id(a) in in_menus, a.text()
    texts = [a.text() for a in acts["View"]]
    assert texts[:8] == [window.tabs.tabText(i) for i in range(8)]
    shortcuts = [a.shortcut().toString() for a in window.actions() if not a.shortcut().isEmpty()]
    assert len(shortcuts) == len(set(shortcuts))
    # Driven with the mouse: View → Broken links shows that tab.
    click_menu_item(qtbot, qtlog, window, "View", "&Broken links")
    assert window.tabs.currentWidget() is window.broken_view


def test_help_says_the_version_licence_and_shortcuts(
    qtbot: Any, qtlog: Any, window: MainWindow
) -> None:
    click_menu_item(qtbot, qtlog, window, "Help", "&About gui-crawler")
    box = window.findChild(QMessageBox)
    assert box is not None
    qtbot.waitUntil(box.isVisible, timeout=2000)
    # Shown with open(): the click returned (exec() would have run a nested event loop).
    assert gui_crawler.__version__ in box.text() and "MIT" in box.text()
    box.close()
    click_menu_item(qtbot, qtlog, window, "Help", "&Keyboard shortcuts")
    qtbot.waitUntil(lambda: window.menus._box is not None and window.menus._box.isVisible())
    text = window.menus._box.text()
    for line in ("Ctrl+E", "Export all", "Ctrl+Shift+C", "Copy URL", "Ctrl+1", "Pages"):
        assert line in text
    window.menus._box.close()


def test_the_pages_tables_row_menu(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    # A title a spreadsheet would run as a formula: the export defuses it.
    html = "<html><head><title>=HYPERLINK(1)</title></head><body></body></html>"
    live_site.pages["/b/p0"] = (200, html, {"Content-Type": "text/html"}, 0)
    crawl_to_end(qtbot, window, live_site.url)
    table = window.pages_tab.table
    root, missing, formula = live_site.url, live_site.url + "missing", live_site.url + "b/p0"

    menu = right_click(qtbot, qtlog, window, table, row_pos(table, missing))
    assert [a.text() for a in menu.actions()] == ROW_MENU
    choose(qtbot, menu, "Copy &URL")
    assert QGuiApplication.clipboard().text() == missing

    # Two rows selected (Ctrl+click): copied as two lines of their shown cells.
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_pos(table, root))
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ControlModifier,
        row_pos(table, formula),
    )
    menu = right_click(qtbot, qtlog, window, table, row_pos(table, formula))
    choose(qtbot, menu, "&Copy 2 rows")
    lines = QGuiApplication.clipboard().text().split("\n")
    assert [line.split("\t")[0] for line in lines] == [root, formula]
    assert "=HYPERLINK(1)" in lines[1].split("\t")

    menu = right_click(qtbot, qtlog, window, table, row_pos(table, root))
    choose(qtbot, menu, "&Export selection to CSV…")
    [dlg] = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    out = tmp_path / "selection.csv"
    dlg.selectFile(str(out))
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()
    with out.open(encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    assert [r["url"] for r in rows] == [root, formula]
    assert rows[1]["title"] == "'=HYPERLINK(1)"  # formula-safe, as every export

    menu = right_click(qtbot, qtlog, window, table, row_pos(table, missing))
    choose(qtbot, menu, "Show &inlinks")
    details = window.details
    assert details.url == missing
    section = details.currentItem()
    assert section.text(0).startswith("Inlinks (2)") and section.isExpanded()
    listed = {section.child(i).text(1) for i in range(section.childCount())}
    assert listed == {root, live_site.url + "a/"}


def test_ctrl_c_copies_rows_in_a_table_and_text_in_a_text_box(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    table = window.pages_tab.table
    window.activateWindow()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_pos(table, live_site.url))
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=2000)
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    cells = QGuiApplication.clipboard().text().split("\t")
    assert cells[0] == live_site.url and "200" in cells  # the whole row, not one cell
    # On a tab of no URL rows (the timeline) it copies nothing, not the pages' hidden selection.
    window.show_tab(window.timeline)
    window.timeline.setFocus()
    QGuiApplication.clipboard().setText("kept")
    qtbot.keyClick(window.timeline, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "kept"
    window.address.setFocus()
    qtbot.waitUntil(window.address.hasFocus, timeout=2000)
    window.address.setText("http://typed.test/")
    window.address.selectAll()
    qtbot.keyClick(window.address, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "http://typed.test/"


def test_row_menus_of_the_other_views(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    u = live_site.url
    # Broken links: the broken URL.
    window.show_tab(window.broken_view)
    menu = right_click(
        qtbot, qtlog, window, window.broken_view, row_pos(window.broken_view, u + "broken")
    )
    assert [a.text() for a in menu.actions()] == ROW_MENU
    choose(qtbot, menu, "Copy &URL")
    assert QGuiApplication.clipboard().text() == u + "broken"
    # Redirects: outlinks of a redirect are its target.
    window.show_tab(window.redirects_view)
    menu = right_click(
        qtbot, qtlog, window, window.redirects_view, row_pos(window.redirects_view, u + "old")
    )
    choose(qtbot, menu, "Show ou&tlinks")
    assert window.details.url == u + "old"
    # The site tree: its host node stands for the root.
    tree = window.tree_view
    window.show_tab(tree)
    host = tree.model().index(0, 0)
    menu = right_click(qtbot, qtlog, window, tree, tree.visualRect(host).center())
    assert [a.text() for a in menu.actions()] == ROW_MENU
    choose(qtbot, menu, "Show ou&tlinks")
    section = window.details.currentItem()
    assert window.details.url == host.data(Roles.Url)
    assert section.text(0).startswith("Outlinks (") and section.isExpanded()
    # A URL listed in Details: its own menu acts on that URL.
    details: QTreeWidget = window.details
    child = section.child(0)
    pos = details.visualItemRect(child).center()
    menu = right_click(qtbot, qtlog, window, details, pos)
    assert [a.text() for a in menu.actions()] == ROW_MENU
    listed = child.text(1)
    choose(qtbot, menu, "Show &inlinks")
    assert details.url == listed and details.currentItem().text(0).startswith("Inlinks (")


def test_details_show_the_response_headers(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    window.details.show_url(live_site.url + "old")
    sections = {
        window.details.topLevelItem(i).text(0): window.details.topLevelItem(i)
        for i in range(window.details.topLevelItemCount())
    }
    [title] = [t for t in sections if t.startswith("Response headers")]
    headers = sections[title]
    rows = {headers.child(i).text(0): headers.child(i).text(1) for i in range(headers.childCount())}
    assert title == f"Response headers ({len(rows)})"
    assert rows["Location"] == "/older" and "Content-Length" in rows


def test_the_overview_explains_the_finding_under_the_cursor(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    ov = window.overview
    ov.refresh()
    table, pane = ov.table, ov.explanation
    assert pane.text() == ""
    row = next(i for i, f in enumerate(ov.model.findings) if f.key == "description_missing")
    idx = ov.model.index(row, 0)
    window.show_tab(ov)
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(idx).center()
    )
    assert window.tabs.currentWidget() is window.pages_tab  # a click shows the finding's pages
    window.show_tab(ov)  # and back: the finding stays explained under the list
    e = EXPLANATIONS["description_missing"]
    assert e.what in pane.text() and e.fix in pane.text() and pane.isVisible()
    assert pane.textFormat() == Qt.TextFormat.PlainText  # names tags: <meta …> shown as written
    tooltip = idx.data(Qt.ItemDataRole.ToolTipRole)
    assert "How to fix" in tooltip and "&lt;meta" in tooltip  # escaped: shown as written
    qtbot.keyClick(table, Qt.Key.Key_Down)  # the keyboard moves it too
    assert ov.model.findings[row + 1].explanation.what in pane.text()


def test_export_menu_holds_the_overview_exports(qtbot: Any, qtlog: Any, window: MainWindow) -> None:
    acts = window.menus.menus["Export"].actions()
    ov = window.overview
    assert {ov.report_action, ov.broken_action, ov.finding_action} <= set(acts)
    assert all(isinstance(a, QAction) for a in acts)
    click_menu_item(qtbot, qtlog, window, "Export", "HTML &report…")
    [dlg] = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    assert dlg.windowTitle() == "HTML report"
    dlg.reject()
