"""Issue #41.13: room to read — every settings page whole without scrolling, a status message
cut short shown whole on a click, a finding's name cut at its end, the file dialog's names."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QScrollArea, QTreeView

from gui_crawler.ui.views import MiddleElide
from gui_crawler.window import MainWindow


def test_every_settings_page_shows_whole(qtbot: Any, window: MainWindow) -> None:
    scroll = window.left.widget(0)
    assert isinstance(scroll, QScrollArea)
    pages = window.settings.pages
    assert [pages.tabText(i) for i in range(pages.count())] == [
        "&Crawl", "Polite&ness", "Lo&gin", "E&xtraction", "&JavaScript"]  # fmt: skip
    for i in range(pages.count()):
        pages.setCurrentIndex(i)
        qtbot.wait(10)
        assert scroll.verticalScrollBar().maximum() == 0, pages.tabText(i)
    # A field in error on a page not shown says so on its tab; Start shows that page.
    pages.setCurrentIndex(0)
    window.settings.extraction.extract.setPlainText("price=nothing:.p")
    assert pages.tabBar().tabTextColor(3).name() == "#c0392b"
    window.url = "http://127.0.0.1:9/"
    assert not window.start()
    assert pages.currentIndex() == 3
    # Statuses that are none: said under the field, in the Politeness page's Link checking box.
    window.settings.extraction.extract.setPlainText("")
    window.settings.checking.accept_status.setText("403, 4xx")
    assert pages.tabBar().tabTextColor(1).name() == "#c0392b"
    error = window.settings.error_label(window.settings.checking.accept_status).text()
    assert error.startswith("accept status must be statuses such as 403, 429, 500-599: '4xx'")


def test_a_status_message_cut_short_is_shown_whole_on_a_click(
    qtbot: Any, window: MainWindow
) -> None:
    long = "Export failed: cannot write " + "/very/deep/folder" * 20 + "/pages.csv: No space"
    window.controller.say(long, error=True)
    notice = window.status.notice
    shown = QLabelText(notice)
    assert shown.endswith("…") and notice.text() == long
    qtbot.mouseClick(notice, Qt.MouseButton.LeftButton)
    box = window.status.message_box
    assert box is not None and box.isVisible() and box.text() == long
    assert box.objectName() == "status-message" and box.parent() is window
    box.close()
    window.status.set_state("Finished: 29 URLs in 80 ms", "Saved to /a/crawl.sqlite3")
    window.status.state_label.setFocus()
    qtbot.keyClick(window.status.state_label, Qt.Key.Key_Return)
    box = window.status.message_box
    assert box is not None and box.isVisible() and "Saved to /a/crawl.sqlite3" in box.text()
    box.close()


def QLabelText(label: Any) -> str:
    """What a label shows (an ElidedLabel's text() is the whole text)."""
    return str(super(type(label), label).text())


def test_a_findings_name_is_cut_at_its_end(window: MainWindow) -> None:
    table = window.overview.table
    assert not isinstance(table.itemDelegateForColumn(0), MiddleElide)
    assert table.textElideMode() == Qt.TextElideMode.ElideRight


def test_the_file_dialog_has_room_for_a_file_name(window: MainWindow) -> None:
    window.results.add([])
    dlg = window.dialogs.export_dialog(filtered=False)
    assert dlg.viewMode() == QFileDialog.ViewMode.Detail
    view = dlg.findChild(QTreeView, "treeView")
    assert view is not None
    name = "www.example-shop.co.uk-filtered-pages.csv"
    needed = view.fontMetrics().horizontalAdvance(name) + view.iconSize().width() + 24
    assert view.header().sectionSize(0) >= needed
    dlg.reject()
