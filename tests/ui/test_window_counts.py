"""Issue #41.3-5: the counts of a crawl agree wherever they are said — redirects that the crawler
failed (a loop, no Location) are 3xx answers in the quick filter and the report as in the status
bar; the Hosts tab counts a continued crawl whole; a short crawl is said in sensible words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from windows import PAGES, crawl_to_end, start_slow_crawl

from gui_crawler.storage import load
from gui_crawler.window import MainWindow


def redirecting_site(site: Any) -> Any:
    """Two plain redirects, a loop of two and one redirect without Location: 5 answered 3xx."""
    site.add_page("/", ["/old", "/l1", "/nowhere", "/a"])
    site.add_page("/a", [])
    site.add_redirect("/old", "/older", 301)
    site.add_redirect("/older", "/a")
    site.add_redirect("/l1", "/l2")
    site.add_redirect("/l2", "/l1")
    site.add_redirect("/nowhere", "")
    return site


def bars(html: str, chart: str) -> dict[str, int]:
    """The (label, value) bars of the report's chart headed ``chart``."""
    svg = html.split(f"<h2>{chart}</h2>", 1)[1].split("</svg>", 1)[0]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    return {
        label: int(value.replace(",", ""))
        for label, value in zip(texts[::2], texts[1::2], strict=True)
    }


def test_redirects_are_counted_alike_everywhere(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    redirecting_site(live_site)
    crawl_to_end(qtbot, window, live_site.url)
    assert window.stat_labels["redirects"].text() == "Redirects 5"
    assert window.redirects_view.model().rowCount() == 5
    proxy, tab = window.results.proxy, window.pages_tab
    tab.set_quick_filter("3xx")
    assert proxy.rowCount() == 5
    tab.set_quick_filter("3xx", False)
    tab.set_quick_filter("Failed")
    assert proxy.rowCount() == 0  # each of them answered: a 302 is no failure to answer

    out = tmp_path / "report.html"
    window.overview.export_report(str(out))
    qtbot.waitUntil(lambda: "Wrote the report" in window.overview.message.text(), timeout=5000)
    answers = bars(out.read_text(encoding="utf-8"), "Answers")
    assert answers == {"2xx": 2, "3xx": 5}, answers


def test_the_hosts_tab_counts_a_continued_crawl_whole(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    start_slow_crawl(qtbot, window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        qtbot.keyClick(window.pages_tab.table, Qt.Key.Key_Escape)
    first = window.results.hosts.states[0].requests
    assert first >= 6
    live_site.delay = 0
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        assert window.continue_crawl()
    hosts = window.results.hosts
    (host,) = [s for s in hosts.states if not s.external]
    fetched = sum(r.tries for r in load(window.bridge.session.path).records)
    assert fetched == PAGES
    # Every URL was fetched once (those cut short twice): the whole crawl's requests.
    assert host.requests >= PAGES > host.requests - first
    window.show_tab(window.hosts_view)
    assert window.hosts_view.model().index(0, 6).data() == str(host.requests)
