"""Issue #41.6-7: what the window marks as wrong goes once it is fixed, and an Overview finding
picked keeps the text filter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from test_window_filters import click_finding
from windows import crawl_to_end

from gui_crawler.window import MainWindow


def marked(w: MainWindow) -> bool:
    """The address field is outlined in red."""
    return "border" in w.address.styleSheet()


def test_a_settings_error_goes_once_the_settings_are_fixed(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    s = window.settings
    qtbot.keyClicks(s.exclude, "([a-z")
    window.address.setFocus()
    qtbot.keyClicks(window.address, live_site.url)
    qtbot.keyClick(window.address, Qt.Key.Key_Return)
    assert "exclude" in window.address_error.text() and window.address_error.isVisible()
    assert not marked(window)  # the address is fine: the exclude regex is not
    qtbot.keyClick(s.exclude, Qt.Key.Key_Backspace)
    qtbot.keyClick(s.exclude, Qt.Key.Key_Backspace)
    qtbot.keyClick(s.exclude, Qt.Key.Key_Backspace)  # "([": still wrong, still said
    assert "exclude" in window.address_error.text() and window.address_error.isVisible()
    qtbot.keyClick(s.exclude, Qt.Key.Key_Backspace)
    qtbot.keyClick(s.exclude, Qt.Key.Key_Backspace)  # empty: fixed
    assert not window.address_error.isVisible() and not marked(window)

    s.extraction.extract.setFocus()
    qtbot.keyClicks(s.extraction.extract, "price=nothing:.p")
    qtbot.keyClick(window.address, Qt.Key.Key_Return)
    assert "extract" in window.address_error.text() and window.address_error.isVisible()
    s.extraction.extract.setPlainText("price=css:.p")
    assert not window.address_error.isVisible() and not marked(window)


def test_only_a_bad_address_outlines_the_address_field(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    not_a_crawl = tmp_path / "notes.sqlite3"
    not_a_crawl.write_text("not a crawl file")
    assert not window.open_crawl(not_a_crawl)
    assert window.address_error.isVisible() and not marked(window)
    window.address.setText("not a url")
    assert not window.start()
    assert "contains spaces" in window.address_error.text() and marked(window)
    qtbot.keyClicks(window.address, "x")
    assert not window.address_error.isVisible() and not marked(window)


def test_picking_a_finding_keeps_the_text_filter(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    tab, proxy = window.pages_tab, window.results.proxy
    tab.filter.setFocus()
    qtbot.keyClicks(tab.filter, "/a/")
    tab.apply_now()
    with_a = proxy.rowCount()
    assert 0 < with_a < window.row_count
    click_finding(qtbot, window, "h1_missing")  # no page of the small site has an H1
    assert tab.filter.text() == "/a/"  # kept: the filters combine
    assert tab.finding_chip.isVisible()
    urls = [proxy.index(i, 0).data() for i in range(proxy.rowCount())]
    assert urls and all("/a/" in u for u in urls) and len(urls) <= with_a
    assert tab.count.text().endswith(f" of {window.row_count}")
