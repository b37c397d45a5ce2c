"""Issue #41.9 and #41.12: a finding is exported only once one is picked, and the report's
charts show their labels whole."""

from __future__ import annotations

import csv
import re
from html import unescape as html_text
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from test_window_filters import click_finding
from windows import PAGES, crawl_to_end, save_as

from gui_crawler.window import MainWindow


def test_export_finding_is_offered_only_for_a_picked_finding(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    ov = window.overview
    assert not ov.finding_action.isEnabled() and not ov.export_button.isEnabled()
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert not ov.finding_action.isEnabled()  # a crawl, but nothing picked
    click_finding(qtbot, window, "h1_missing")
    assert ov.finding_action.isEnabled() and ov.export_button.isEnabled()
    ov.finding_action.trigger()  # from the Export menu, wherever the focus is
    out = tmp_path / "no-h1.csv"
    save_as(qtbot, window, out)
    with out.open(encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    assert 0 < len(rows) == ov.finding("h1_missing").count < PAGES
    qtbot.mouseClick(window.pages_tab.finding_chip.remove, Qt.MouseButton.LeftButton)
    assert not ov.finding_action.isEnabled() and not ov.export_button.isEnabled()


def test_the_reports_chart_labels_fit_left_of_their_bars(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    out = tmp_path / "report.html"
    window.overview.export_report(str(out))
    qtbot.waitUntil(lambda: "Wrote the report" in window.overview.message.text(), timeout=5000)
    html = out.read_text(encoding="utf-8")
    font = QFont("sans-serif")
    font.setPixelSize(12)  # the charts' font-size
    metrics = QFontMetricsF(font)
    labels = re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end">([^<]*)</text>', html)
    assert len(labels) > 20  # every finding, every answer class, every time bucket
    for x, label in labels:
        text = html_text(label)
        # Right-aligned at x: it begins at x minus its width, inside the picture.
        assert metrics.horizontalAdvance(text) <= float(x), (label, x)
