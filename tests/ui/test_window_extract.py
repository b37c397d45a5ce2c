"""Custom extraction and search in the window: a Pages column per rule (sortable, filterable,
in the CSV exports as the CLI writes them), an Overview finding per rule that filters Pages, and
the columns of the crawl shown: a crawl file opened brings its own, a crawl without rules none."""

from __future__ import annotations

import csv
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from sites import Site, ThreadedSite
from test_window_filters import click_finding, shown_urls, type_filter
from windows import H, click_header, crawl_to_end, page

from gui_crawler.cli.headless import main as crawl_main
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Extractor
from gui_crawler.records.explanations import CUSTOM
from gui_crawler.records.page_columns import PAGE_COLUMNS
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow

EXTRACT = "price=css:.price\nyear=regex:©\\s*(\\d{4})"
SEARCH = "old=Acme Old"
ABSENT = "ga=regex:gtag\\("
CLI_RULES = ["--extract", "price=css:.price", "--extract", "year=regex:©\\s*(\\d{4})",
             "--search", "old=Acme Old", "--search-absent", "ga=regex:gtag\\("]  # fmt: skip
HEADS = ["extract:price", "extract:year", "search:old", "absent:ga"]
BASE = len(PAGE_COLUMNS)


def shop() -> Site:
    site = Site()
    site.html("/", '<a href="/p1">p1</a><a href="/p2">p2</a><a href="/about">about</a>'
              '<a href="/gone">gone</a><script>gtag("config")</script>© 2024')  # fmt: skip
    site.html(
        "/p1",
        '<span class="price"> 12,50 <b>EUR</b></span>'
        "Acme Old and Acme Old again <script>gtag('x')</script>",
    )
    site.html("/p2", '<span class="price">=1+1</span> Acme Old © 2025')
    site.html("/about", "<p>about us</p>")
    return site


def set_rules(w: MainWindow, extract: str = "", search: str = "", absent: str = "") -> None:
    box = w.settings.extraction
    box.extract.setPlainText(extract)
    box.search.setPlainText(search)
    box.search_absent.setPlainText(absent)


def headings(model: Any) -> list[str]:
    return [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]


def cells(w: MainWindow, site: Site) -> dict[str, list[str]]:
    """The rule columns' cells of the Pages table by path, as shown."""
    pages = w.results.pages
    return {
        pages.index(r, 0).data().removeprefix(site.url.rstrip("/")): [
            pages.index(r, c).data() for c in range(BASE, pages.columnCount())
        ]
        for r in range(pages.rowCount())
    }


def read_csv(path: Path) -> tuple[list[str], dict[str, dict[str, str]]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        rows = {r["url"]: r for r in reader}
    assert reader.fieldnames is not None
    return list(reader.fieldnames), rows


def cli_csv(site: Site, tmp_path: Path) -> tuple[list[str], dict[str, dict[str, str]]]:
    """The CLI's CSV of the same site with the same rules (run in a thread: it runs its own
    event loop, and this one is Qt's)."""
    out = tmp_path / "cli.csv"
    code: list[int] = []
    t = threading.Thread(
        target=lambda: code.append(
            crawl_main([site.url, "--no-db", "--csv", str(out), "-q", *CLI_RULES])
        )
    )
    t.start()
    t.join(30)
    assert code == [0] or code == [1]  # 1: the site has a broken link
    return read_csv(out)


def test_rules_are_columns_findings_and_csv_columns_as_the_clis(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    with ThreadedSite(shop()) as site:
        set_rules(window, EXTRACT, SEARCH, ABSENT)
        crawl_to_end(qtbot, window, site.url)
        cli_heads, cli_rows = cli_csv(site, tmp_path)
    pages = window.results.pages
    assert headings(pages) == [c.label for c in PAGE_COLUMNS] + HEADS
    got = cells(window, site)
    assert got["/p1"] == ["12,50 EUR", "", "2", "1"]
    assert got["/p2"] == ["=1+1", "2025", "1", "0"]
    assert got["/"] == ["", "2024", "0", "1"]
    assert got["/gone"] == ["", "", "", ""]  # not a page: no rule ran on it
    # Counts right-aligned and told apart from values in the header's tooltip.
    old = BASE + 2
    assert pages.index(0, old).data(Qt.ItemDataRole.TextAlignmentRole) is not None
    assert "Acme Old" in pages.headerData(
        old, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )

    # Sorted by a count by clicking its header: most first, pages it did not run on last.
    view = window.pages_tab.table
    click_header(qtbot, view, old)
    click_header(qtbot, view, old)
    proxy = window.results.proxy
    column = [proxy.index(r, old).data() for r in range(proxy.rowCount())]
    assert column == ["2", "1", "0", "0", ""], column
    # The text filter finds an extracted value.
    type_filter(qtbot, window, "12,50")
    assert shown_urls(window) == {site.u("/p1")}
    assert "an extracted value" in window.pages_tab.count.toolTip()
    window.pages_tab.clear_filters()

    # Each rule a finding with its count and explanation; clicking it filters Pages.
    window.overview.refresh()
    model = window.overview.model
    found = {f.key: f for f in model.findings}
    assert {k: found[k].count for k in HEADS} == {
        "extract:price": 2, "extract:year": 2, "search:old": 2, "absent:ga": 2}  # fmt: skip
    row = next(i for i, f in enumerate(model.findings) if f.key == "absent:ga")
    explained = model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert CUSTOM["absent"].what in explained
    label, count = click_finding(qtbot, window, "absent:ga")
    assert label == "ga: not found" and count == 2
    assert window.tabs.currentWidget() is window.pages_tab
    assert shown_urls(window) == {site.u("/p2"), site.u("/about")}

    # Export filtered: the finding's pages with the rule columns.
    filtered = tmp_path / "filtered.csv"
    assert window.export_csv(str(filtered), filtered=True) == 2
    heads, rows = read_csv(filtered)
    assert heads[BASE:] == HEADS and rows[site.u("/p2")]["extract:price"] == "'=1+1"
    # The finding's own CSV (Overview → Export) has them too.
    finding = tmp_path / "finding.csv"
    assert window.overview.export_finding(str(finding), "absent:ga") == 2
    assert read_csv(finding)[0] == heads

    # Export all: the CLI's columns, and the CLI's values in the rule columns.
    everything = tmp_path / "all.csv"
    assert window.export_csv(str(everything)) == pages.rowCount()
    heads, rows = read_csv(everything)
    assert heads == cli_heads
    assert rows.keys() == cli_rows.keys()
    assert {u: [r[h] for h in HEADS] for u, r in rows.items()} == {
        u: [r[h] for h in HEADS] for u, r in cli_rows.items()
    }


def test_the_report_lists_each_rules_finding(
    qtbot: Any, window: MainWindow, tmp_path: Path, run: Any
) -> None:
    with ThreadedSite(shop()) as site:
        set_rules(window, EXTRACT, SEARCH, ABSENT)
        crawl_to_end(qtbot, window, site.url)
    path = tmp_path / "report.html"
    assert run(window.overview.export_report_async(str(path))) > 0
    html = path.read_text(encoding="utf-8")
    assert "price: nothing extracted" in html and "ga: not found" in html
    assert CUSTOM["search"].fix.split(":")[0] in html


def test_an_opened_crawl_brings_its_columns_and_a_crawl_without_rules_has_none(
    qtbot: Any, window: MainWindow, qtmodeltester: Any
) -> None:
    overview = window.overview.model
    with ThreadedSite(shop()) as site:
        set_rules(window, EXTRACT, SEARCH, ABSENT)
        crawl_to_end(qtbot, window, site.url)
        window.overview.refresh()
        qtmodeltester.check(overview)  # a finding more per rule: other rows, by a reset
        assert window.overview.table.verticalHeader().count() == len(overview.findings)
        with_rules = window.bridge.session.path
        shown = cells(window, site)
        set_rules(window)
        crawl_to_end(qtbot, window, site.url)
        pages = window.results.pages
        assert pages.columnCount() == BASE == window.pages_tab.table.horizontalHeader().count()
        assert headings(pages) == [c.label for c in PAGE_COLUMNS]
        window.overview.refresh()
        qtmodeltester.check(overview)
        assert window.overview.table.verticalHeader().count() == len(overview.findings)
        assert not any(":" in f.key for f in overview.findings)
        assert pages.rowCount() == 5
    assert window.open_crawl(with_rules)
    assert headings(pages)[BASE:] == HEADS
    assert cells(window, site) == shown
    window.overview.refresh()
    assert window.overview.finding("search:old").count == 2
    # Shown at their width, whatever the rule columns of the crawl before were.
    hh = window.pages_tab.table.horizontalHeader()
    assert [hh.isSectionHidden(i) for i in range(BASE, BASE + 4)] == [False] * 4
    assert hh.sectionSize(BASE) == 140


def records() -> list[FetchRecord]:
    rules = '{"price": "9", "old": "3"}'
    return [
        page("/a", extracted=rules),
        page("/b", extracted='{"price": "", "old": "0"}'),
        page("/c", extracted='{"price": "10 \\"EUR\\"", "old": "12"}'),
        FetchRecord(url=H + "/gone", status=404, content_type="text/html"),
    ]


def test_the_pages_model_with_rule_columns_passes_qt_model_tester(qtmodeltester: Any) -> None:
    res = CrawlResults()
    rules = Extractor.of(["price=css:.price"], ["old=Old"], []).rules
    res.set_rules(rules)
    res.add(records()[:2])
    for m in (res.pages, res.proxy):
        qtmodeltester.check(m)
    res.add(records()[2:])
    pages, proxy = res.pages, res.proxy
    old = BASE + 1
    proxy.sort(old, Qt.SortOrder.DescendingOrder)  # counts as numbers: 12 before 3
    assert [pages.index(r, old).data() for r in range(4)] == ["12", "3", "0", ""]
    assert pages.index(0, old).data(Roles.Sort) == 12
    proxy.sort(BASE, Qt.SortOrder.AscendingOrder)  # values as text
    assert [pages.index(r, BASE).data() for r in range(4)] == ["", "", '10 "EUR"', "9"]
    proxy.set_filter(text="10")
    assert proxy.rowCount() == 1
    proxy.set_filter(text='"eur"')  # in the record's JSON as \"EUR\"
    assert proxy.rowCount() == 1
    proxy.set_filter(text="price")  # a rule's name is no value
    assert proxy.rowCount() == 0
    proxy.set_filter(text="10")
    for m in (res.pages, res.proxy):
        qtmodeltester.check(m)
    # Other rules: one reset, the rows kept, their cells the new columns'; the sort by a column
    # that went is dropped.
    resets: list[int] = []
    pages.modelReset.connect(lambda: resets.append(1))
    res.set_rules(rules[:1])
    assert resets == [1] and pages.columnCount() == BASE + 1 and pages.sort_column == -1
    assert not res.pages.set_rules(rules[:1]) and resets == [1]  # the same: nothing happens
    proxy.set_filter(text="")
    assert sorted(pages.index(r, BASE).data() for r in range(4)) == ["", "", '10 "EUR"', "9"]
    for m in (res.pages, res.proxy):
        qtmodeltester.check(m)
    res.set_rules(())
    assert pages.columnCount() == BASE and pages.rowCount() == 4
    res.clear()
    for m in (res.pages, res.proxy):
        qtmodeltester.check(m)


def test_rule_columns_leave_the_saved_layout_and_other_columns_alone(
    qtbot: Any, window: MainWindow
) -> None:
    """A rule column dragged in among the others, then gone: every other column keeps its
    width and hidden state, and the layout saved at closing is of PAGE_COLUMNS alone."""
    pages = window.results.pages
    hh = window.pages_tab.table.horizontalHeader()
    rules = Extractor.of(["price=css:.price"], ["old=Old"], ["a_name_as_long_as_a_rule_may_have=x"])
    pages.set_rules(rules.rules)
    # A heading longer than the column's width: the column is as wide as its heading.
    label = "absent:a_name_as_long_as_a_rule_may_have"
    assert hh.sectionSize(BASE + 2) > hh.fontMetrics().horizontalAdvance(label) + 10 > 140
    rules = rules.rules[:2]
    pages.set_rules(rules)
    hh.moveSection(hh.visualIndex(BASE + 1), 0)
    hh.moveSection(hh.visualIndex(BASE), 1)
    hh.resizeSection(BASE + 1, 77)
    hh.resizeSection(2, 123)
    widths = [hh.sectionSize(i) for i in range(BASE)]
    hidden = [hh.isSectionHidden(i) for i in range(BASE)]
    pages.set_rules(rules[:1])
    assert hh.count() == BASE + 1
    assert [hh.sectionSize(i) for i in range(BASE)] == widths
    assert [hh.isSectionHidden(i) for i in range(BASE)] == hidden
    assert hh.visualIndex(0) == 0 and hh.sectionSize(BASE) == 140

    # Saved at closing with a rule column in front, restored into the next run's window.
    hh.moveSection(hh.visualIndex(BASE), 0)
    window.save_state()
    w2 = MainWindow()
    qtbot.addWidget(w2)
    assert w2.restore_state() == []
    other = w2.pages_tab.table.horizontalHeader()
    assert other.count() == BASE
    assert [other.sectionSize(i) for i in range(BASE)] == widths
    assert [other.visualIndex(i) for i in range(BASE)] == list(range(BASE))
