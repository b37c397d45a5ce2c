"""The timeline's model while its tab is hidden: batches noted and placed later, exactly as they
would have been placed as they came (bars, totals, lanes of workers and hosts, the clock), never
twice, and following the records again once shown."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import LiveSite

from gui_crawler.crawl.phases import FIELDS
from gui_crawler.events import FetchRecord, HostState
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.timeline_model import TimelineModel
from gui_crawler.window import MainWindow


def batches(seed: int = 7, n: int = 40) -> list[list[FetchRecord]]:
    """Batches of requests on three hosts by eight workers, some straggling into the next
    batch, some queued (worker -1: no bar)."""
    rnd = random.Random(seed)
    out = []
    t = 0.0
    for b in range(n):
        batch = []
        for i in range(rnd.randint(1, 12)):
            t += rnd.random() * 0.05
            ms = [rnd.random() * 200 for _ in FIELDS]
            end = t - (rnd.random() * 0.3 if i == 0 else 0.0)  # a straggler first
            batch.append(
                FetchRecord(
                    url=f"http://h{rnd.randint(1, 3)}.test/{b}/{i}",
                    worker=rnd.randint(-1, 7),
                    finished_at=end,
                    elapsed=sum(ms) / 1000,
                    status=rnd.choice((200, 404, None)),
                    **dict(zip(FIELDS, ms, strict=True)),
                )
            )
        out.append(batch)
    return out


def state(m: TimelineModel) -> Any:
    return (
        [(b.url, b.worker, b.start, b.end, b.host, b.slot, b.main, tuple(b.phases)) for b in m.bars],
        m.totals, m.recent_totals(1.0), m.workers, m.now, m.hosts.order,
        [m.hosts.lanes_of(h) for h in m.hosts.order], dict(m.hosts.waiting),
    )  # fmt: skip


def host_states(panel: TimelinePanel, k: int) -> None:
    host = f"http://h{k % 4 + 1}.test"  # h4 only ever by its state
    panel.host_states([HostState(host, 0, 2, 0.0, 0.0, k, "ok", 0, 0.0, 0.0)])


def test_a_hidden_timeline_places_its_batches_as_they_would_have_been(qtbot: Any) -> None:
    live, hidden = TimelinePanel(), TimelinePanel()
    for p in (live, hidden):
        qtbot.addWidget(p)
    live.model.deferred = False  # as if its tab were shown
    assert hidden.model.deferred  # never shown: its tab is hidden
    all_batches = batches()
    for k, batch in enumerate(all_batches):
        for p in (live, hidden):
            p.feed(batch)
            if k % 3 == 0:
                host_states(p, k)
        if k == 20:  # mid-crawl: noted, not placed, the clock kept; then read, placed
            assert hidden.model.waiting and not live.model.waiting
            assert hidden.model.now == live.model.now
            assert state(hidden.model) == state(live.model)
            assert not hidden.model.waiting
    assert hidden.model.waiting
    assert state(hidden.model) == state(live.model)
    fed = sum(1 for b in all_batches for r in b if r.worker >= 0)
    assert len(hidden.model.bars) == fed  # each record once
    # Caught up in idle turns, a few records a turn, to the same.
    again = TimelinePanel()
    qtbot.addWidget(again)
    for k, batch in enumerate(all_batches):
        again.feed(batch)
        if k % 3 == 0:
            host_states(again, k)
    while not again.model.catch_up(5):
        pass
    assert state(again.model) == state(live.model)


def test_a_deferred_model_passes_qtmodeltester(qtmodeltester: Any) -> None:
    m = TimelineModel(limit=50)
    m.deferred = True
    for b in batches(n=10):
        m.add(b)
    assert m.waiting and m.rowCount() == 0  # its rows are the bars placed
    qtmodeltester.check(m)
    while not m.catch_up(7):  # placed a few at a time, as in idle turns (and over its limit)
        qtmodeltester.check(m)
    assert m.rowCount() == 50 and m.ends == sorted(m.ends)
    m.deferred = False
    m.add(batches(seed=8, n=1)[0])
    qtmodeltester.check(m)


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_the_window_timeline_hidden_during_a_crawl_shows_every_request_once(
    qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any], live_site: LiveSite
) -> None:
    live_site.fill_small(3)
    live_site.delay = 0.02
    w = MainWindow()
    w.show()
    try:
        tl = w.timeline
        assert not tl.isVisible() and tl.model.deferred
        saw_waiting: list[bool] = []
        fed: list[FetchRecord] = []

        def batch(records: list[FetchRecord], *_: Any) -> None:
            fed.extend(r for r in records if r.worker >= 0)
            saw_waiting.append(tl.model.waiting)

        w.bridge.batch.connect(batch)
        with qtbot.waitSignal(w.crawlFinished, timeout=15_000):
            w.address.setText(live_site.url)
            w.start()
        assert any(saw_waiting)  # noted, not placed, while the crawl ran
        # A lull after the crawl: placed in idle turns, with no timer left once none waits.
        qtbot.waitUntil(lambda: not tl.model.waiting, timeout=5000)
        qtbot.waitUntil(lambda: not tl.idle.active, timeout=2000)
        got = sorted((b.url, b.worker, b.end) for b in tl.model.bars)
        assert len(fed) > 5 and got == sorted((r.url, r.worker, r.finished_at) for r in fed)
        # Shown: it follows the records again as they come.
        w.tabs.setCurrentWidget(tl)
        qtbot.waitUntil(lambda: not tl.model.deferred, timeout=2000)
    finally:
        w.close()
