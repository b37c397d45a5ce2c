"""Issue #41.3-5: the counts of a crawl agree wherever they are said — redirects that the crawler
failed (a loop, no Location) are 3xx answers in the quick filter and the report as in the status
bar; the Hosts tab counts a continued crawl whole; a short crawl is said in sensible words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from windows import PAGES, crawl_to_end, start_slow_crawl

from gui_crawler.crawl.urllist import read_list
from gui_crawler.events import Progress
from gui_crawler.records.wording import average_rate, duration, per_second
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


def number(text: str) -> float:
    found = re.match(r"([\d,.]+) ", text)
    assert found is not None, text
    return float(found[1].replace(",", ""))


def test_a_short_crawl_is_said_in_sensible_words(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.add_page("/", ["/a", "/b"])
    live_site.add_page("/a", [])
    live_site.add_page("/b", [])
    crawl_to_end(qtbot, window, live_site.url)
    state = window.state_label.text()
    took = re.search(r" in (\d+ ms|\d+\.\d s)", state)
    assert took is not None and "0.0 s" not in state, state
    p = window.bridge.last_progress
    assert window.stat_labels["rate"].text() == average_rate(p.done, p.elapsed)
    assert window.stat_labels["elapsed"].text() == duration(p.elapsed) == took[1]


def test_rechecking_two_urls_of_a_short_crawl_claims_no_rate(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        assert window.controller.recheck(None)  # /missing and /broken
    # The whole crawl's figures, as its file reopened gives them: what it did in how long.
    took = window.controller.opened_for()
    rate = window.stat_labels["rate"].text()
    assert rate == average_rate(window.row_count, took)
    if took < 1:  # no "269.9 pages/s" out of 29 URLs in 0.1 s
        assert rate == f"{window.row_count} pages in {duration(took)}"


def test_a_chart_of_one_sample_shows_it(qtbot: Any) -> None:
    from PySide6.QtGui import QColor

    from gui_crawler.ui.charts import ChartsPanel

    charts = ChartsPanel()
    charts.resize(320, 360)
    charts.add(Progress(queued=0, in_flight=0, done=22, seen=22, workers=10, busy=0,
                        paused=False, elapsed=0.04))  # fmt: skip
    assert charts.history.rate == [550.0]  # the crawl's average, not 0
    image = charts.rate.grab().toImage()
    orange = QColor(charts.rate.color).rgb()
    assert any(
        image.pixel(x, y) == orange for x in range(image.width()) for y in range(image.height())
    )


def test_wording_of_short_times_and_lists() -> None:
    assert [duration(s) for s in (0.0004, 0.04, 2.44, 125, 3720)] == [
        "less than 1 ms", "40 ms", "2.4 s", "2 min 5 s", "1 h 2 min"]  # fmt: skip
    assert [per_second(n, s) for n, s in ((22, 0.04), (85, 2.0), (1, 4.0), (3, 0))] == [
        "550", "42.5", "0.25", ""]  # fmt: skip
    assert [average_rate(n, s) for n, s in ((22, 0.028), (389, 17.0), (0, 1.0))] == [
        "22 pages in 28 ms", "22.9 pages/s (average)", ""]  # fmt: skip
    note = read_list(b"url\nhttp://h.test/\n").note()
    assert note is not None and note.startswith("skipped 1 line that is not a URL (line 1")
