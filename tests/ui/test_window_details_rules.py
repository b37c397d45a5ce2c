"""Issue #41.11: Details shows a page's custom extraction and search values, headed as their
Pages and CSV columns, for a crawl and for its file opened again."""

from __future__ import annotations

from typing import Any

from sites import ThreadedSite
from test_window_extract import ABSENT, EXTRACT, SEARCH, set_rules, shop

from gui_crawler.window import MainWindow


def fields(w: MainWindow) -> dict[str, str]:
    record = w.details.topLevelItem(0)
    assert record is not None and record.text(0) == "Record"
    return {record.child(i).text(0): record.child(i).text(1) for i in range(record.childCount())}


def test_details_show_the_extraction_and_search_values(qtbot: Any, window: MainWindow) -> None:
    set_rules(window, EXTRACT, SEARCH, ABSENT)
    with ThreadedSite(shop()) as site, qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        window.url = site.url
        assert window.start()
    window.select_url(site.url + "p1")
    got = fields(window)
    assert got["extract:price"] == "12,50 EUR"
    assert got["search:old"] == "2" and got["absent:ga"] == "1"
    assert "extract:year" not in got  # nothing extracted: no line
    path = window.controller.shown_file()
    assert path is not None

    set_rules(window)  # the settings' rules now differ: the file's own are shown
    assert window.open_crawl(path)
    window.select_url(site.url + "p2")
    got = fields(window)
    assert got["extract:year"] == "2025" and got["search:old"] == "1" and got["absent:ga"] == "0"
