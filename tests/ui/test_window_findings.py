"""Issue #41.9 and #41.12: a finding is exported only once one is picked, and the report's
charts show their labels whole. Issue #39: the window flags what the CLI flags, exactly."""

from __future__ import annotations

import argparse
import csv
import io
import re
from html import unescape as html_text
from pathlib import Path
from typing import Any

from checklist_site import build, expected, found
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from sites import Site
from test_window_filters import click_finding
from windows import PAGES, crawl_to_end, save_as

from gui_crawler.records.report import write_audit
from gui_crawler.storage import load
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


def exported_and_cli(qtbot: Any, window: MainWindow, tmp_path: Path) -> tuple[str, str]:
    """The window's Export all findings, and the CLI's --findings-csv of the same crawl file's
    records (a crawl kept in memory)."""
    ov = window.overview
    assert ov.findings_action in window.menus.menus["Export"].actions()
    ov.findings_action.trigger()
    out = tmp_path / "findings.csv"
    save_as(qtbot, window, out)
    path = window.controller.shown_file()
    assert path is not None
    saved = load(path)
    args = argparse.Namespace(report=None, broken_csv=None, links_csv=None, quiet=True,
                              findings_csv=str(tmp_path / "cli.csv"))  # fmt: skip
    assert not write_audit(args, saved.records, saved.config, io.StringIO())
    return (
        out.read_text(encoding="utf-8-sig"),
        (tmp_path / "cli.csv").read_text(encoding="utf-8-sig"),
    )


def test_export_all_findings_writes_what_the_cli_writes(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    text, cli = exported_and_cli(qtbot, window, tmp_path)
    assert text == cli
    assert f"broken_internal,{live_site.url}missing,{live_site.url},404 Not Found" in text
    assert f"redirect_chain,{live_site.url}old,{live_site.url}a/," in text


def test_the_window_flags_every_planted_problem_on_exactly_its_page(
    qtbot: Any, window: MainWindow, run: Any, tmp_path: Path
) -> None:
    """The checklist's site crawled in the window: each finding counts exactly the pages it was
    planted on, once each (the window's audit reads the pages linking to a URL from its link
    index, where a redirect is a link from its source too), and Export all findings writes what
    the CLI writes from the same crawl file."""
    site = run(Site().start())
    try:
        planted = build(site)
        window.settings.politeness.check_external.setChecked(False)
        window.overview.slow.setValue(window.overview.slow.maximum())  # the machine's doing
        crawl_to_end(qtbot, window, site.url)
    finally:
        run(site.close())
    audit = window.overview.audit
    assert found(audit.findings()) == expected(planted)
    counts = {c.key: c.count for c in audit.counts()}
    assert counts == {key: len(urls) for key, urls in expected(planted).items()}
    text, cli = exported_and_cli(qtbot, window, tmp_path)
    # The CLI's slow pages are by its default threshold: a loaded machine's doing.
    assert text.splitlines() == [row for row in cli.splitlines() if not row.startswith("slow,")]
    assert text.count("\nlink_to_redirect,") == 1
