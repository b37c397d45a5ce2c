"""The bridge: events buffered by the sink, delivered in batches on a timer, in order."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest
from windows import HELD

from gui_crawler.base import heap
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.events import CrawlFinished, FetchRecord, Progress, WorkerEvent, WorkerState
from gui_crawler.ui import bridge as bridge_module
from gui_crawler.ui.bridge import CRAWL_GC_FULL_EVERY, CrawlBridge


def test_events_arrive_in_batches_and_finished_comes_last(
    qtbot: Any, run: Callable[..., Any], live_site: Any
) -> None:
    live_site.fill_small(200)
    bridge = CrawlBridge(interval_ms=50)
    log: list[tuple[str, Any]] = []
    bridge.batch.connect(lambda recs, workers: log.append(("batch", (recs, workers))))
    bridge.progress.connect(lambda p: log.append(("progress", p)))
    bridge.finished.connect(lambda f: log.append(("finished", f)))
    running: list[bool] = []
    bridge.runningChanged.connect(running.append)
    with qtbot.waitSignal(bridge.finished, timeout=15_000):
        bridge.start(CrawlConfig(roots=(live_site.url,), max_tasks=5))
        assert bridge.running
    assert not bridge.running and running == [True, False]
    kinds = [k for k, _ in log]
    assert kinds[-1] == "finished" and kinds.count("finished") == 1
    batches = [v for k, v in log if k == "batch"]
    records: list[FetchRecord] = [r for recs, _ in batches for r in recs]
    workers: list[WorkerEvent] = [w for _, ws in batches for w in ws]
    finished: CrawlFinished = log[-1][1]
    assert finished.reason == "done" and len(records) == finished.done == 209
    assert len({r.url for r in records}) == len(records)
    # Batched: far fewer deliveries than events.
    assert len(batches) < len(records) / 5
    assert all(isinstance(p, Progress) for k, p in log if k == "progress")
    assert {w.worker_id for w in workers} == set(range(5))
    assert workers[-1].state is WorkerState.STOPPED
    assert bridge.result is finished and run(bridge.wait()) is finished


def test_commands_are_forwarded_and_a_bad_config_raises(
    qtbot: Any, run: Callable[..., Any], live_site: Any
) -> None:
    live_site.fill_small(200)
    live_site.delay = 0.05
    live_site.hold(HELD)  # the crawl cannot end before it is closed
    bridge = CrawlBridge(interval_ms=20)
    with pytest.raises(ConfigError):
        bridge.start(CrawlConfig(roots=(live_site.url,), exclude="("))
    assert not bridge.running
    bridge.start(CrawlConfig(roots=(live_site.url,), max_tasks=2))
    with pytest.raises(RuntimeError):
        bridge.start(CrawlConfig(roots=(live_site.url,)))
    bridge.set_max_workers(4)
    assert bridge.crawler is not None and bridge.crawler.max_workers == 4
    bridge.pause()
    assert bridge.paused
    bridge.resume()
    assert not bridge.paused
    qtbot.waitUntil(lambda: bridge.last_progress is not None and bridge.last_progress.done > 3)
    result = run(bridge.aclose(), timeout=2000)
    assert result is None and bridge.result is not None
    assert bridge.result.reason == "cancelled"
    # Commands after the end are harmless.
    bridge.cancel()
    bridge.pause()
    bridge.set_max_workers(1)
    assert not bridge.paused


def test_full_collections_are_spaced_while_crawling_and_restored_after_the_last_crawl(
    qtbot: Any, live_site: Any
) -> None:
    live_site.fill_small(20)
    before = gc.get_threshold()
    bridge = CrawlBridge(interval_ms=20)
    seen: list[tuple[int, int, int]] = []
    config = CrawlConfig(roots=(live_site.url,), max_tasks=2)

    def ended(_f: CrawlFinished) -> None:
        seen.append(gc.get_threshold())  # the last flush: still spaced
        if len(seen) == 1:  # a finished() slot starting the next crawl keeps them spaced
            bridge.start(config)
            seen.append(gc.get_threshold())

    bridge.finished.connect(ended)
    with qtbot.waitSignal(bridge.runningChanged, timeout=15_000):
        bridge.start(config)
    assert gc.get_threshold()[2] == max(before[2], CRAWL_GC_FULL_EVERY)
    qtbot.waitUntil(lambda: len(seen) == 3 and not bridge.running, timeout=15_000)
    assert all(t[2] == max(before[2], CRAWL_GC_FULL_EVERY) for t in seen)
    assert gc.get_threshold() == before


def test_the_heap_is_given_back_once_after_the_last_crawl(
    qtbot: Any, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # glibc kept the freed pages of each crawl: RSS grew 5 to 15 MB a crawl with a flat Python heap.
    live_site.fill_small(10)
    # Each trim with the bridge that asked for it: an earlier test's bridge may still have its
    # release (1 s after its crawl) pending and give its heap back during this test (it did).
    released: list[object] = []
    releasing: list[object] = [None]
    release = CrawlBridge._release_memory

    def release_of(self: CrawlBridge) -> None:
        releasing[0] = self
        try:
            release(self)
        finally:
            releasing[0] = None

    monkeypatch.setattr(bridge_module, "RELEASE_AFTER_MS", 50)
    monkeypatch.setattr(CrawlBridge, "_release_memory", release_of)
    monkeypatch.setattr(heap, "trim", lambda: released.append(releasing[0]))
    bridge = CrawlBridge(interval_ms=20)
    config = CrawlConfig(roots=(live_site.url,), max_tasks=2)
    starts = [0]

    def ended(_f: CrawlFinished) -> None:
        if starts[0] == 0:  # a crawl started by a finished() slot: no release in between
            starts[0] += 1
            bridge.start(config)

    bridge.finished.connect(ended)
    bridge.start(config)
    qtbot.waitUntil(lambda: starts[0] == 1 and not bridge.running, timeout=15_000)
    qtbot.waitUntil(lambda: bridge in released, timeout=5_000)
    qtbot.wait(200)
    assert [b for b in released if b is bridge] == [bridge]


def test_a_large_tick_is_handed_over_in_turns_in_order_and_all_before_finished(
    qtbot: Any, run: Callable[..., Any], live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most TURN_RECORDS records and TURN_QUEUED URLs a flush, the rest in the next turns of
    the loop (input and paints between them); the crawl's end still delivers every one first."""
    monkeypatch.setattr(bridge_module, "TURN_RECORDS", 7)
    monkeypatch.setattr(bridge_module, "TURN_QUEUED", 11)
    live_site.fill_small(200)
    bridge = CrawlBridge(interval_ms=400)  # ticks far apart: each brings many
    sizes: list[tuple[int, int]] = []
    got: list[str] = []
    queued: list[str] = []
    bridge.queued.connect(lambda urls: (queued.extend(urls), sizes.append((0, len(urls)))))
    bridge.batch.connect(
        lambda recs, _w: (got.extend(r.url for r in recs), sizes.append((len(recs), 0)))
    )
    order: list[str] = []
    bridge.finished.connect(lambda f: order.append(f"finished after {len(got)}"))
    with qtbot.waitSignal(bridge.finished, timeout=15_000):
        bridge.start(CrawlConfig(roots=(live_site.url,), max_tasks=5))
    assert len(got) == len(set(got)) == 209 and order == ["finished after 209"]
    assert set(queued) == set(got) and len(queued) == len(got)  # each URL taken in once
    assert max(r for r, _ in sizes) == 7 and max(q for _, q in sizes) == 11
    assert not bridge._buffer
