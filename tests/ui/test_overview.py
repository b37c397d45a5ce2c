"""The Overview tab in the real window: live counts equal the findings of the records shown,
a click filters the Pages view to exactly a finding's URLs, exports and the report button."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from sites import Site, ThreadedSite

from gui_crawler.cli.headless import main
from gui_crawler.records.audit import Audit
from gui_crawler.ui import overview
from gui_crawler.ui.overview import OverviewModel
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow


def test_overview_counts_click_filters_and_exports(
    qtbot: Any,
    qtmodeltester: Any,
    window: MainWindow,
    live_site: Any,
    tmp_path: Path,
    run: Callable[..., Any],
) -> None:
    live_site.fill_small(6)
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        window.address.setText(live_site.url)
        assert window.start()
    ov = window.overview
    qtbot.waitUntil(lambda: not ov._timer.isActive(), timeout=5000)
    qtmodeltester.check(ov.model)

    # Counts match the records the Pages view holds.
    records = window.results.pages.records()
    expected = Audit()
    expected.add(records)
    shown = {
        ov.model.index(r, 0).data(): ov.model.index(r, 1).data() for r in range(ov.model.rowCount())
    }
    assert shown == {f.label: f"{f.count:,}" for f in expected.findings()}
    counts = {f.key: f.count for f in ov.model.findings}
    assert counts["broken_internal"] == 2  # /missing (404) and /broken (500)
    assert counts["redirect_chain"] == 1  # /old -> /older -> /a/
    assert counts["h1_missing"] == counts["description_missing"] > 0

    # A click shows exactly the finding's URLs in the Pages view, and Show all undoes it.
    window.tabs.setCurrentWidget(ov)
    row = next(i for i, f in enumerate(ov.model.findings) if f.key == "broken_internal")
    rect = ov.table.visualRect(ov.model.index(row, 0))
    qtbot.mouseClick(ov.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.tabs.currentWidget() is window.pages_tab
    proxy = window.results.proxy
    urls = {proxy.index(i, 0).data(Roles.Url) for i in range(proxy.rowCount())}
    assert urls == {live_site.url + "missing", live_site.url + "broken"}
    assert window.pages_tab.count.text() == f"2 of {len(records)}"
    ov.show_all()
    assert proxy.rowCount() == len(records)

    # Each finding exports to its own CSV; broken links to (source, target) rows; the report.
    n = ov.export_finding(str(tmp_path / "h1.csv"), "h1_missing")
    with (tmp_path / "h1.csv").open(encoding="utf-8-sig") as f:
        assert len(list(csv.DictReader(f))) == n == counts["h1_missing"]
    # "/" links /missing and /broken, "/a/" links /missing
    assert run(ov.export_broken_async(str(tmp_path / "broken.csv"))) == 3
    with (tmp_path / "broken.csv").open(encoding="utf-8-sig") as f:
        rows = {(r["source"], r["target"], r["anchor"]) for r in csv.DictReader(f)}
    missing = live_site.url + "missing"
    assert (live_site.url + "a/", missing, "/missing") in rows  # LiveSite's link text is the href
    assert run(ov.export_report_async(str(tmp_path / "r.html"))) > 1000
    assert "Broken internal links: 2" in (tmp_path / "r.html").read_text()

    # Thresholds are settings: changing one recounts at once.
    ov.title_max.setValue(10)
    assert {f.key: f.count for f in ov.model.findings}["title_long"] > 0


def test_overview_model_passes_the_model_tester(
    qtmodeltester: Any, isolated_settings: None
) -> None:
    audit = Audit()
    model = OverviewModel(audit)
    qtmodeltester.check(model)
    model.refresh()
    qtmodeltester.check(model)


def test_cli_writes_the_report_and_broken_links_with_their_words(tmp_path: Path) -> None:
    site = Site()
    site.html(
        "/",
        "<title>Home</title><h1>a</h1><h1>b</h1><a href='/nope'>Our &amp; team</a>"
        "<a href='/nope' rel='nofollow external'><img src='/x.png' alt='Team photo'></a>"
        "<a href='/p'>p</a><img src='/gone.png' alt='Logo'>",
    )
    site.html("/p", "<p>Read <a href='../nope'>the\n  team page</a></p>")
    out, broken = tmp_path / "audit.html", tmp_path / "broken.csv"
    with ThreadedSite(site) as s:
        code = main([s.url, "--no-db", "-q", "--report", str(out), "--broken-csv", str(broken)])
        u = s.u
    assert code == 1  # broken links
    html = out.read_text()
    assert "Several H1: 1" in html and "Broken internal links: 3" in html
    assert "Our &amp; team" in html
    with broken.open(encoding="utf-8-sig") as f:
        rows = {
            (r["source"], r["target"], r["anchor"], r["alt"], r["nofollow"])
            for r in csv.DictReader(f)
        }
    assert rows == {
        (u("/"), u("/nope"), "Our & team", "", ""),
        (u("/"), u("/nope"), "", "Team photo", "nofollow"),
        (u("/"), u("/x.png"), "", "Team photo", ""),
        (u("/"), u("/gone.png"), "", "Logo", ""),
        (u("/p"), u("/nope"), "the team page", "", ""),
    }


def test_overview_fills_while_the_crawl_runs(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small(6)
    live_site.delay = 0.15  # about two seconds of crawl with two workers
    window.settings.workers.setValue(2)
    with qtbot.waitSignal(window.crawlFinished, timeout=20_000):
        window.address.setText(live_site.url)
        assert window.start()
        ov = window.overview

        def counted() -> bool:
            return sum(f.count for f in ov.model.findings) > 0

        qtbot.waitUntil(counted, timeout=10_000)
        assert window.bridge.running  # counted before the crawl is over
        window.cancel()


def _counts(counts: Any) -> list[tuple[str, int]]:
    return [(c.key, c.count) for c in counts]


def _slow_crawl(window: MainWindow, live_site: Any) -> None:
    live_site.fill_small(20)
    live_site.delay = 0.15  # about two seconds of crawl with two workers: ten ticks or so
    window.settings.workers.setValue(2)
    window.address.setText(live_site.url)


def test_overview_shown_counts_live_and_exactly_at_the_end(
    qtbot: Any, qtmodeltester: Any, window: MainWindow, live_site: Any
) -> None:
    ov = window.overview
    window.tabs.setCurrentWidget(ov)
    shown: list[int] = []  # the table's total at each change while the crawl runs

    def changed(*_: Any) -> None:
        if window.bridge.running:
            assert not ov.model.behind  # shown: counted as the records come, not when asked
            rows = range(ov.model.rowCount())
            shown.append(sum(ov.model.index(r, 1).data(Roles.Sort) for r in rows))

    ov.model.dataChanged.connect(changed)
    _slow_crawl(window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=30_000):
        assert window.start()
    qtbot.waitUntil(lambda: not ov._timer.isActive(), timeout=5000)
    assert len({n for n in shown if n}) >= 2  # the counts grew while the crawl ran
    expected = Audit()
    expected.add(window.results.pages.records())
    assert _counts(ov.model.findings) == _counts(expected.counts())
    qtmodeltester.check(ov.model)


def test_overview_hidden_waits_then_counts_exactly_when_shown(
    qtbot: Any, qtmodeltester: Any, window: MainWindow, live_site: Any, monkeypatch: Any
) -> None:
    ov = window.overview
    _slow_crawl(window, live_site)
    monkeypatch.setattr(overview, "AT_ONCE_RECORDS", 2)  # more: rebuilt a part a turn
    # The rebuild held after its first part until two more records have come: they come while
    # it is under way, as on a big crawl, and must neither begin it again nor be left out.
    catch_up, parts, held = ov.audit.catch_up, [], [0]

    def slow_catch_up(n: int) -> bool:
        if parts and ov.audit.added < held[0] + 2:
            return False
        parts.append(n)
        return catch_up(1 if len(parts) == 1 else n)

    monkeypatch.setattr(ov.audit, "catch_up", slow_catch_up)
    # The records the window has handed the audit: the crawl file commits a record a turn
    # before the window's bridge hands it on, so mid-crawl the file can hold more.
    handed: list[str] = []
    add = ov.audit.add

    def noted_add(records: Any) -> None:
        records = list(records)
        handed.extend(r.url for r in records)
        add(records)

    monkeypatch.setattr(ov.audit, "add", noted_add)
    with qtbot.waitSignal(window.crawlFinished, timeout=30_000):
        assert window.start()
        # Hidden (the Pages tab shown): its records only counted, the table not recounted.
        qtbot.waitUntil(lambda: ov.model.behind and window.row_count >= 5, timeout=10_000)
        assert ov.audit.stale and ov.audit.added >= 5
        before = _counts(ov.model._findings)
        held[0] = ov.audit.added
        window.tabs.setCurrentWidget(ov)  # shown: rebuilt a part a turn, not at once
        assert ov.audit.stale and _counts(ov.model._findings) == before
        assert ov.message.text() == "Counting the findings…"
        qtbot.waitUntil(lambda: not ov.audit.stale, timeout=10_000)
        assert window.bridge.running  # mid-crawl, and live from now on
        assert ov.audit.added >= held[0] + 2 and ov.message.text() == ""
        # The records handed to it so far, whole (those handed are without their links): not
        # the file's, which may be ahead, nor the pages table's, which may be a batch behind.
        whole = ov.audit.all_records.get_many(handed)  # type: ignore[attr-defined]
        expected = Audit()
        expected.add([whole[url] for url in handed])
        assert _counts(ov.audit.counts()) == _counts(expected.counts())
        assert ov.audit.added == expected.added  # none twice, none left out
        grew = ov.audit.added
        qtbot.waitUntil(lambda: ov.audit.added > grew, timeout=10_000)
        assert not ov.audit.stale
    qtbot.waitUntil(lambda: not ov._timer.isActive(), timeout=5000)
    expected = Audit()
    expected.add(window.results.pages.records())
    assert _counts(ov.model._findings) == _counts(expected.counts())
    qtmodeltester.check(ov.model)


def test_overview_hidden_keeps_a_picked_finding_live(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    """The Pages tab showing a finding's pages follows it as it grows: its audit stays live."""
    ov = window.overview
    _slow_crawl(window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=30_000):
        assert window.start()
        qtbot.waitUntil(lambda: window.row_count >= 3, timeout=10_000)
        window.tabs.setCurrentWidget(ov)
        ov.pick(next(i for i, f in enumerate(ov.model.findings) if f.key == "h1_missing"))
        window.tabs.setCurrentWidget(window.pages_tab)
        grew = ov.audit.added
        qtbot.waitUntil(lambda: ov.audit.added > grew + 2, timeout=10_000)
        assert not ov.audit._stale and not ov.model.behind
    ov.show_all()


def test_overview_hidden_catches_up_in_parts_after_the_crawl(
    qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: Any
) -> None:
    """Once the crawl is over, what the hidden tab's audit deferred is indexed in idle turns, a
    part a turn: showing the tab is then no wait, and counts exactly."""
    monkeypatch.setattr(overview, "CATCH_UP_RECORDS", 4)
    ov = window.overview
    parts: list[bool] = []
    catch_up = ov.audit.catch_up
    monkeypatch.setattr(ov.audit, "catch_up", lambda n: parts.append(catch_up(n)) or parts[-1])
    _slow_crawl(window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=30_000):
        assert window.start()
    assert ov.audit._stale and not parts  # nothing indexed while the crawl ran
    assert ov._catching_up.isActive()
    ov.add([])  # records again (a crawl continued): no rebuild meanwhile, begun again each turn
    assert not ov._catching_up.isActive()
    ov.records_done()
    qtbot.waitUntil(lambda: not ov.audit._stale, timeout=5000)
    assert not ov.isVisible() and len(parts) >= window.row_count // 4
    expected = Audit()
    expected.add(window.results.pages.records())
    window.tabs.setCurrentWidget(ov)
    assert not ov.model.behind
    assert _counts(ov.model._findings) == _counts(expected.counts())


def test_a_crawl_without_the_page_checks_shows_their_findings_not_checked(
    qtmodeltester: Any,
) -> None:
    """--no-checks: a finding of the page checks is not looked for, which is no "0"; the others
    count as ever."""
    audit = Audit()
    audit.checks = False
    model = OverviewModel(audit)
    qtmodeltester.check(model)
    keys = [f.key for f in model.findings]
    h2, broken = keys.index("h2_missing"), keys.index("broken_internal")
    assert model.data(model.index(h2, 1)) == "not checked"
    assert model.data(model.index(h2, 1), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(broken, 1)) == "0"
    audit.checks = True
    model.refresh()
    assert model.data(model.index(h2, 1)) == "0"
