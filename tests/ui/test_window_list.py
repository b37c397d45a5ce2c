"""Crawl → Check a list of URLs…: URLs pasted or opened from a file (text, CSV, sitemap) are
checked exactly, as ``gui-crawler crawl --list`` checks them; a list with no URL is refused with
the reason and the text kept."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from test_menus import click_menu_item

from gui_crawler.storage import load
from gui_crawler.ui.list_dialog import UrlListDialog
from gui_crawler.window import MainWindow


def open_list_dialog(qtbot: Any, qtlog: Any, window: MainWindow) -> UrlListDialog:
    click_menu_item(qtbot, qtlog, window, "Crawl", "Check a &list of URLs…")
    dlg = window.findChild(UrlListDialog, "list-dialog")
    assert dlg is not None
    qtbot.waitUntil(dlg.isVisible, timeout=2000)
    assert not dlg.isModal()
    return dlg


def rows(window: MainWindow) -> set[str]:
    return {r.url for r in window.results.pages.records()}


def test_pasted_urls_are_checked_exactly_and_skipped_lines_said(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    u = live_site.url.rstrip("/")
    dlg = open_list_dialog(qtbot, qtlog, window)
    dlg.text.setPlainText(f"url\n{u}/a/p1\n\n# a comment\n{u}/old\n{u}/missing\nnot a url\n")
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    # The listed URLs and the redirects' hops; none of their links (/, /b/p1 …).
    assert rows(window) == {f"{u}/a/p1", f"{u}/old", f"{u}/older", f"{u}/a/", f"{u}/missing"}
    assert live_site.hits.get("/", 0) == live_site.hits.get("/b/p1", 0) == 0
    assert not dlg.isVisible()
    notice = window.notice.text()
    assert "skipped 2 lines that are not URLs (line 1: 'url', line 7: 'not a url')" in notice
    assert window.state_label.text().startswith("Finished: 5 URLs")
    # The crawl file is a list's: Continue or a re-check stays one.
    session = window.bridge.session
    assert session is not None and session.path is not None
    assert load(session.path).config.list_mode
    # The text stays in the dialog for the next time.
    assert f"{u}/old" in window.dialogs.list_dialog().text.toPlainText()


def test_a_list_with_no_url_is_refused_with_the_reason(
    qtbot: Any, qtlog: Any, window: MainWindow
) -> None:
    dlg = open_list_dialog(qtbot, qtlog, window)
    dlg.text.setPlainText("address\nsee the attached sheet\n")
    qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert not window.bridge.running and window.row_count == 0
    assert dlg.isVisible()
    assert dlg.message.isVisible()
    assert dlg.message.text().startswith("The list has no URL to check: skipped 2 lines")
    assert dlg.text.toPlainText() == "address\nsee the attached sheet\n"  # nothing lost
    # Typing again takes the message away.
    dlg.text.setPlainText("http://127.0.0.1:9/")
    assert not dlg.message.isVisible()


def test_a_csv_first_column_and_a_gzipped_sitemap_are_read_from_files(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    u = live_site.url.rstrip("/")
    sheet = tmp_path / "urls.csv"
    sheet.write_text(f'URL,Status,Title\n{u}/a/p1,200,"One, two"\n{u}/missing,404,\n')
    dlg = open_list_dialog(qtbot, qtlog, window)
    files = dlg.open_file_dialog()
    assert isinstance(files, QFileDialog) and files.isVisible()
    files.selectFile(str(sheet))
    files.accept()
    assert dlg.text.toPlainText() == f"URL\n{u}/a/p1\n{u}/missing"
    assert dlg.message.text() == "Read 3 lines from urls.csv"
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert rows(window) == {f"{u}/a/p1", f"{u}/missing"}
    assert "line 1: 'URL'" in window.notice.text()

    xml = f"<urlset><url><loc>{u}/b/p2</loc></url><url><loc>{u}/b/p3</loc></url></urlset>"
    sitemap = tmp_path / "sitemap.xml.gz"
    sitemap.write_bytes(gzip.compress(xml.encode()))
    dlg = window.dialogs.list_dialog()
    assert dlg.load_file(sitemap)
    assert dlg.text.toPlainText() == f"{u}/b/p2\n{u}/b/p3"
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert rows(window) == {f"{u}/b/p2", f"{u}/b/p3"}  # a new crawl: only its rows
    assert not window.notice.isVisible()  # nothing skipped, nothing said

    # A file that is no list: said in the dialog, the text as it was.
    broken = tmp_path / "broken.xml.gz"
    broken.write_bytes(b"\x1f\x8b not gzip at all")
    assert not dlg.load_file(broken)
    assert "not a readable gzip file" in dlg.message.text()
    assert dlg.text.toPlainText() == f"{u}/b/p2\n{u}/b/p3"


def test_a_sitemap_url_is_read_into_the_list(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    u = live_site.url.rstrip("/")
    xml = f"<urlset><url><loc>{u}/a/p3</loc></url><url><loc>{u}/b/p3</loc></url></urlset>"
    live_site.pages["/sitemap.xml"] = (200, xml, {"Content-Type": "application/xml"}, 0)
    dlg = open_list_dialog(qtbot, qtlog, window)
    dlg.text.setPlainText(f"{u}/sitemap.xml\n")
    qtbot.mouseClick(dlg.sitemap_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.sitemap_button.isEnabled(), timeout=5000)
    assert dlg.text.toPlainText() == f"{u}/a/p3\n{u}/b/p3"
    assert dlg.message.text() == f"Read 2 URLs from the sitemap {u}/sitemap.xml"
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert rows(window) == {f"{u}/a/p3", f"{u}/b/p3"}

    # A sitemap that gives nothing: said, the URL left in the box.
    dlg = window.dialogs.list_dialog()
    dlg.text.setPlainText(f"{u}/no-sitemap.xml")
    qtbot.mouseClick(dlg.sitemap_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.sitemap_button.isEnabled(), timeout=5000)
    assert dlg.message.text().startswith(f"The sitemap {u}/no-sitemap.xml gives no URL to check")
    assert dlg.text.toPlainText() == f"{u}/no-sitemap.xml"
    # Two lines are no sitemap URL.
    dlg.text.setPlainText(f"{u}/a\n{u}/b")
    assert dlg.read_sitemap() is None
    assert dlg.message.text() == "Put the sitemap's URL alone in the box, then read it"
