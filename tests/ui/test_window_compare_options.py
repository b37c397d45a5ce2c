"""Issue #41.10: two crawls made with different options (one capped at a few pages) compared:
the dialog says the options differed, and the pick list tells the crawls apart by them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from test_window_compare import open_compare
from windows import PAGES, crawl_to_end

from gui_crawler.cli.compare import main as compare_main
from gui_crawler.window import MainWindow


def test_a_capped_crawl_compared_with_a_whole_one_says_so(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, capsys: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    whole = window.controller.shown_file()
    window.max_pages = 10
    crawl_to_end(qtbot, window, live_site.url)
    capped = window.controller.shown_file()
    assert whole is not None and capped is not None

    dlg = open_compare(qtbot, qtlog, window)
    items = [dlg.newer.combo.itemText(i) for i in range(dlg.newer.combo.count())]
    [capped_item] = [t for t in items if "--max-pages 10" in t]
    assert "10 URLs (done)" in capped_item
    assert any(f"{PAGES} URLs (done)" in t and "--max-pages" not in t for t in items)
    assert dlg.older.path == whole and dlg.newer.path == capped
    with qtbot.waitSignal(dlg.compared, timeout=10_000):
        qtbot.mouseClick(dlg.compare_button, Qt.MouseButton.LeftButton)
    assert dlg.summary.text().endswith(f"{PAGES - 10} removed"), dlg.summary.text()
    note = dlg.message.text()
    assert dlg.message.isVisible() and "different options (--max-pages no limit → 10)" in note
    # One line a row, not two.
    assert dlg.table.rowHeight(0) <= dlg.table.fontMetrics().height() + 8

    assert compare_main([str(whole), str(capped), "-q"]) == 1
    assert "different options (--max-pages no limit → 10)" in capsys.readouterr().out


def test_crawls_made_alike_say_nothing_of_options(tmp_path: Path) -> None:
    from gui_crawler.config import CrawlConfig
    from gui_crawler.records.compare import option_differences, options_note, options_said

    a = CrawlConfig(roots=("http://h.test/",), max_tasks=3)
    b = CrawlConfig(roots=("http://h.test/",), max_tasks=50, timeout=3.0)  # may differ: resume
    assert option_differences(a, b) == [] and options_note(a, b) is None
    c = CrawlConfig(roots=("http://h.test/",), strict=False, use_sitemaps=False, max_depth=2)
    assert options_said(c) == ["--max-depth 2", "--lenient", "--no-sitemaps"]
    assert option_differences(a, c) == [
        "--max-depth no limit → 2", "--strict → --lenient", "--sitemaps → --no-sitemaps"]  # fmt: skip
