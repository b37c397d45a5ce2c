"""The window side of real-site manners: the Hosts tab's model, the Politeness settings, the
External/Blocked quick filters and a Broken links view that lists only what is really broken."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from hostsites import HostSite
from test_window import crawl_files, crawl_to_end

from gui_crawler.config import CrawlConfig
from gui_crawler.events import HostState
from gui_crawler.ui.hosts_model import HOST_COLUMNS, HostsModel
from gui_crawler.window import MainWindow


def state(host: str, **kw: Any) -> HostState:
    base: dict[str, Any] = dict(
        in_flight=0, limit=4, delay=0.0, backoff=0.0, waiting=0, robots="ok",
        requests=0, median_ms=0.0, p95_ms=0.0,
    )  # fmt: skip
    return HostState(host, **{**base, **kw})


def test_hosts_model_inserts_new_hosts_and_updates_known_ones(qtmodeltester: Any) -> None:
    m = HostsModel()
    qtmodeltester.check(m)
    m.apply([state("http://a"), state("http://b", external=True), state("http://a", in_flight=3)])
    assert m.rowCount() == 2 and m.columnCount() == len(HOST_COLUMNS)
    assert m.index(0, 1).data() == "3"
    m.apply(
        [state("http://b", backoff=2.5, requests=7, median_ms=12.0, p95_ms=40.0, external=True)]
    )
    assert m.rowCount() == 2
    assert [m.index(1, c).data() for c in (4, 6, 8, 9, 11)] == ["2.5", "7", "12", "40", "external"]
    assert m.index(1, 7).data() == ""  # no requests per second: none lately
    m.apply([state("http://b", requests=9, rate=2.5)])
    assert m.index(1, 7).data() == "2.5"
    qtmodeltester.check(m)
    m.clear()
    assert m.rowCount() == 0
    qtmodeltester.check(m)


def test_hosts_tab_politeness_settings_and_filters(
    qtbot: Any, window: MainWindow, run: Callable[..., Any], qtmodeltester: Any
) -> None:
    site, ext = run(HostSite("127.0.0.1").start()), run(HostSite("127.0.0.2").start())
    try:
        site.text("/robots.txt", "User-agent: *\nDisallow: /private\n")
        site.page("/", ["/a", "/private/x", ext.u("/ok"), ext.u("/gone")])
        site.page("/a", [ext.u("/ok")])
        ext.page("/ok")
        window.settings.politeness.per_host.setValue(1)
        assert window.settings.politeness.check_external.isChecked()  # the default
        crawlers: list[Any] = []
        window.bridge.started.connect(lambda: crawlers.append(window.bridge.crawler))
        finished = crawl_to_end(qtbot, window, site.url)
        assert finished.reason == "done"
        assert [c.config.per_host for c in crawlers] == [1]
        assert site.peak_in_flight == 1

        hosts = window.results.hosts
        qtmodeltester.check(hosts)
        by_host = {s.host: s for s in hosts.states}
        assert set(by_host) == {site.url.rstrip("/"), ext.url.rstrip("/")}
        assert by_host[site.url.rstrip("/")].robots == "ok"
        assert by_host[ext.url.rstrip("/")].external
        assert by_host[site.url.rstrip("/")].limit == 1

        broken = window.results.broken
        listed = {broken.index(r, 0).data() for r in range(broken.rowCount())}
        assert listed == {ext.u("/gone")}  # the robots.txt block is not a broken link

        tab = window.pages_tab
        tab.set_quick_filter("External")
        shown = {r.url for r in window.results.proxy.records()}
        assert shown == {ext.u("/ok"), ext.u("/gone")}
        tab.set_quick_filter("External", False)
        tab.set_quick_filter("Blocked")
        assert {r.url for r in window.results.proxy.records()} == {site.u("/private/x")}
        tab.set_quick_filter("Blocked", False)
        assert window.results.proxy.rowCount() == 5

        # The crawl read back from its file: the Hosts tab is rebuilt from its records.
        [path] = crawl_files(os.environ["XDG_DATA_HOME"])
        assert window.open_crawl(path)
        qtmodeltester.check(hosts)
        reread = {s.host: s for s in hosts.states}
        assert set(reread) == set(by_host)
        site_host, ext_host = reread[site.url.rstrip("/")], reread[ext.url.rstrip("/")]
        assert site_host.robots == "not saved" and not site_host.external
        assert site_host.requests == 2 and site_host.median_ms > 0  # / and /a; not /private
        assert ext_host.external and ext_host.requests >= 2
    finally:
        run(site.close())
        run(ext.close())


def test_politeness_settings_round_trip(qtbot: Any, tmp_path: Any) -> None:
    from PySide6.QtCore import QSettings

    from gui_crawler.ui.settings_panel import SettingsPanel

    a = SettingsPanel()
    qtbot.addWidget(a)
    p = a.politeness
    p.per_host.setValue(2)
    p.delay.setValue(0.5)
    p.ignore_robots.setChecked(True)
    p.use_sitemaps.setChecked(False)
    p.check_external.setChecked(False)
    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    a.save(s)
    s.sync()
    b = SettingsPanel()
    qtbot.addWidget(b)
    b.restore(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    cfg = b.config("http://127.0.0.1/")
    assert (cfg.per_host, cfg.delay, cfg.ignore_robots, cfg.use_sitemaps, cfg.check_external) == (
        2, 0.5, True, False, False,
    )  # fmt: skip
    b.politeness.show_config(CrawlConfig(roots=("http://x/",)))
    assert b.politeness.values()["per_host"] == CrawlConfig(roots=()).per_host
