"""Lanes by host: one lane per slot of each host's limit, requests in their host's lanes, the URLs
waiting for a slot recorded. 127.0.0.2 and 127.0.0.3 stand in for other hosts."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hostsites import HostSite
from PySide6.QtCore import QPointF

from gui_crawler.config import CrawlConfig
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.timeline_hosts import HostLanes


def test_slots_are_reused_and_overlaps_get_their_own() -> None:
    h = HostLanes()
    assert h.place("a", 0.0, 1.0) == 0
    assert h.place("a", 0.5, 1.5) == 1  # overlaps the first
    assert h.place("a", 1.2, 2.0) == 0  # slot 0 is free again since 1.0
    assert h.place("b", 0.0, 1.0) == 0
    h.set_state("a", limit=4, waiting=3, now=1.0)
    h.set_state("a", limit=4, waiting=3, now=1.2)  # unchanged: no new sample
    assert h.waiting["a"] == [(1.0, 3)]
    # a: 4 lanes (its limit, 2 used), then b: 1.
    assert h.lanes_of("a") == 4 and h.offset("b") == 4 and h.total() == 5
    assert h.peek("b", 1.5, set()) == 0 and h.peek("b", 1.5, {0}) == 1


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_host_lanes_during_a_crawl_of_three_hosts(
    qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any]
) -> None:
    sites = [run(HostSite(a).start()) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3")]
    panel = TimelinePanel()
    qtbot.addWidget(panel)
    bridge = CrawlBridge(interval_ms=50)
    panel.attach(bridge)
    try:
        for s in sites:
            s.page("/", [f"/p{i}" for i in range(6)])
            for i in range(6):
                s.page(f"/p{i}", delay=0.25)
        panel.resize(900, 500)
        panel.show()
        qtbot.waitExposed(panel)
        panel.lanes.setCurrentIndex(1)
        assert panel.view.by_host
        config = CrawlConfig(
            roots=tuple(s.url for s in sites),
            max_tasks=12,
            per_host=2,
            check_external=False,
            timeout=5.0,
        )
        with qtbot.waitSignal(bridge.finished, timeout=20_000):
            bridge.start(config)
            # Under way, the requests sit in their host's lanes, at most two per host.
            qtbot.waitUntil(lambda: len(panel.model.inflight) >= 4, timeout=5000)
            per_host: dict[str, int] = {}
            for b in panel.model.inflight:
                per_host[b.host] = per_host.get(b.host, 0) + 1
                assert b.slot < 2
            assert max(per_host.values()) <= 2
            panel.view.grab()
        hosts = panel.model.hosts
        origins = [s.url.rstrip("/") for s in sites]
        assert sorted(hosts.order) == sorted(origins)
        assert all(hosts.lanes_of(h) == 2 for h in origins)
        assert hosts.total() == 6
        # Six slow pages each, two slots: some waited for a slot, and that was recorded.
        assert any(n > 0 for h in origins for _t, n in hosts.waiting.get(h, []))
        # Within a slot no two requests overlap; every bar is in its own host's lanes.
        for h in origins:
            for slot in range(2):
                bars = sorted(
                    (b for b in panel.model.bars if b.host == h and b.slot == slot),
                    key=lambda b: b.start,
                )
                assert all(a.end <= b.start + 1e-6 for a, b in itertools.pairwise(bars))
        v = panel.view
        slow = next(b for b in panel.model.bars if b.url.endswith("/p0") and b.host == origins[2])
        v.set_following(False)
        v.end, v.span = slow.end + 0.5, 3.0
        n, per = v.lanes()
        h = (v.height() - 18 - 16) / n
        lane = v.lane_of(slow)
        assert hosts.offset(origins[2]) <= lane < hosts.offset(origins[2]) + 2
        x = v.width() * (1 - (v.end - (slow.start + slow.end) / 2) / v.span)
        hit = v.bar_at(QPointF(x, 18 + (lane // per + 0.5) * h))
        assert hit is not None and hit.host == origins[2]
        v.grab()
    finally:
        run(bridge.aclose())
        for s in sites:
            run(s.close())
