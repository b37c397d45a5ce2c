"""Every filter of the Pages tab in sight where the rows are: an Overview finding as a chip with a
close button beside the filter box, combined with the text and the quick filters by AND, the
count saying "N of M", Export filtered enabled whenever a filter is on, and a new crawl unfiltered.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from windows import PAGES, crawl_to_end

from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow


def click_finding(qtbot: Any, w: MainWindow, key: str) -> tuple[str, int]:
    """Click a finding's row in the Overview, as a person would; (its label, its count)."""
    w.tabs.setCurrentWidget(w.overview)
    w.overview.refresh()
    row = next(i for i, f in enumerate(w.overview.model.findings) if f.key == key)
    table = w.overview.table
    rect = table.visualRect(w.overview.model.index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    f = w.overview.model.findings[row]
    return f.label, f.count


def shown_urls(w: MainWindow) -> set[str]:
    proxy = w.results.proxy
    return {proxy.index(i, 0).data(Roles.Url) for i in range(proxy.rowCount())}


def type_filter(qtbot: Any, w: MainWindow, text: str) -> None:
    w.pages_tab.filter.clear()
    qtbot.keyClicks(w.pages_tab.filter, text)
    w.pages_tab.apply_now()  # the filter waits for a pause in typing


def test_a_finding_shows_as_a_chip_and_combines_with_the_other_filters(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    tab = window.pages_tab
    type_filter(qtbot, window, "docs")  # left on from before: picking a finding keeps it
    qtbot.mouseClick(tab.buttons["5xx"], Qt.MouseButton.LeftButton)
    label, count = click_finding(qtbot, window, "broken_internal")
    assert count == 2 and window.tabs.currentWidget() is tab
    assert tab.finding_chip.isVisible() and tab.finding_chip.text() == f"Finding: {label}"
    assert tab.filter.text() == "docs" and tab.buttons["5xx"].isChecked()
    assert shown_urls(window) == set() and tab.count.text() == f"0 of {PAGES}"
    type_filter(qtbot, window, "")
    qtbot.mouseClick(tab.buttons["5xx"], Qt.MouseButton.LeftButton)
    assert shown_urls(window) == {live_site.url + "missing", live_site.url + "broken"}
    assert tab.count.text() == f"2 of {PAGES}"

    # AND: the finding's pages that are also 4xx, then also matching the text.
    qtbot.mouseClick(tab.buttons["4xx"], Qt.MouseButton.LeftButton)
    assert shown_urls(window) == {live_site.url + "missing"}
    assert tab.count.text() == f"1 of {PAGES}"
    type_filter(qtbot, window, "broken")
    assert shown_urls(window) == set() and tab.count.text() == f"0 of {PAGES}"
    # The count says why: every filter on, in words.
    why = tab.count.toolTip()
    assert f"“{label}”" in why and "4xx" in why and "“broken”" in why

    # The close button removes the finding alone: 4xx and the text stay, and say so.
    type_filter(qtbot, window, "")
    qtbot.mouseClick(tab.finding_chip.remove, Qt.MouseButton.LeftButton)
    assert not tab.finding_chip.isVisible() and window.overview.picked is None
    fours = {u for u, _ in records_by_status(window, "4")}
    assert shown_urls(window) == fours
    assert tab.count.text() == f"{len(fours)} of {PAGES}"
    assert label not in tab.count.toolTip()


def records_by_status(w: MainWindow, first_digit: str) -> list[tuple[str, int]]:
    return [
        (r.url, r.status)
        for r in w.results.pages.records()
        if r.status is not None and str(r.status).startswith(first_digit)
    ]


def test_export_filtered_acts_when_only_a_finding_filters(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert not window.export_filtered_action.isEnabled()  # nothing filters: nothing to pick
    _label, count = click_finding(qtbot, window, "broken_internal")
    assert window.export_filtered_action.isEnabled()
    window.activateWindow()
    window.pages_tab.table.setFocus()
    with qtbot.waitSignal(window.export_filtered_action.triggered, timeout=1000):
        qtbot.keyClick(
            window.pages_tab.table,
            Qt.Key.Key_E,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    [dlg] = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    assert dlg.windowTitle() == "Export filtered view as CSV"
    path = tmp_path / "finding.csv"
    dlg.selectFile(str(path))
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()
    with path.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == count == 2
    # Removing the finding leaves nothing filtering: the action goes grey again.
    qtbot.mouseClick(window.pages_tab.finding_chip.remove, Qt.MouseButton.LeftButton)
    assert not window.export_filtered_action.isEnabled()


def test_a_new_crawl_or_an_opened_one_starts_unfiltered(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    path = window.bridge.session.path
    type_filter(qtbot, window, "p1")
    qtbot.mouseClick(window.pages_tab.buttons["2xx"], Qt.MouseButton.LeftButton)
    assert window.pages_tab.count.text().endswith(f" of {PAGES}")
    crawl_to_end(qtbot, window, live_site.url)
    tab = window.pages_tab
    assert tab.filter.text() == "" and not tab.buttons["2xx"].isChecked()
    assert tab.count.text() == f"{PAGES} URLs" and window.results.proxy.rowCount() == PAGES

    click_finding(qtbot, window, "broken_internal")
    type_filter(qtbot, window, "missing")
    assert window.open_crawl(path)
    assert not tab.finding_chip.isVisible() and tab.filter.text() == ""
    assert tab.count.text() == f"{PAGES} URLs"
    assert not window.export_filtered_action.isEnabled()
