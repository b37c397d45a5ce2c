"""The timeline paints each finished request once: following the present, a frame moves the last
one's picture and adds the new requests; it must look like painting everything again."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QImage

from gui_crawler.crawl.phases import FIELDS
from gui_crawler.events import FetchRecord
from gui_crawler.ui.timeline import TimelineView
from gui_crawler.ui.timeline_model import FRESH_MAX, TimelineModel

MS = (5.0, 0.0, 2.0, 80.0, 10.0, 30.0, 5.0)


def batch(first: int, n: int, rate: float, workers: int) -> list[FetchRecord]:
    phases = dict(zip(FIELDS, MS + (0.0,) * (len(FIELDS) - len(MS)), strict=True))
    return [
        FetchRecord(
            url=f"http://h/{i}",
            worker=(i * 7) % workers,
            status=200 if i % 50 else 404,
            finished_at=(i + 1) / rate,
            elapsed=sum(MS) / 1000,
            **phases,
        )
        for i in range(first, first + n)
    ]


def differing(a: QImage, b: QImage) -> float:
    """Share of pixels of ``a`` found in ``b`` neither there nor one pixel to a side: bars moved
    by whole pixels may round their edges the other way."""
    assert a.size() == b.size()
    total = diff = 0
    for y in range(0, a.height(), 2):
        for x in range(1, a.width() - 1, 2):
            total += 1
            diff += a.pixel(x, y) not in (b.pixel(x - 1, y), b.pixel(x, y), b.pixel(x + 1, y))
    return diff / total


def shown_view(qtbot: Any, width: int, height: int) -> tuple[TimelineModel, TimelineView]:
    model = TimelineModel()
    view = TimelineView(model)
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return model, view


def test_incremental_frames_match_a_full_repaint(qtbot: Any) -> None:
    model, view = shown_view(qtbot, 600, 300)
    view.span = 2.0
    model.workers = 40
    model.add(batch(0, 300, 200.0, 40))
    view.grab()
    painted: list[int] = []
    paint_bars = view._paint_bars

    def counting(p: Any, bars: list[Any], *rest: Any) -> None:
        painted.append(len(bars))
        paint_bars(p, bars, *rest)

    view._paint_bars = counting  # type: ignore[method-assign]
    for k in range(10):  # 50 ms of requests a frame, the view following
        model.add(batch(300 + 10 * k, 10, 200.0, 40))
        assert model.fresh
        view.grab()
        assert model.fresh == []
    assert painted and max(painted) <= 10  # the new requests only, never all again
    moved = view.grab().toImage()
    view._cache = None
    view.grab()
    full = view.grab().toImage()
    assert differing(moved, full) < 0.02


def test_a_jump_or_a_flood_paints_everything_again(qtbot: Any) -> None:
    model, view = shown_view(qtbot, 400, 200)
    model.add(batch(0, 100, 100.0, 10))
    view.grab()
    key = view._cache_key
    view.zoom(0.5)
    view.grab()
    assert view._cache_key != key
    model.add(batch(100, FRESH_MAX + 1, 10_000.0, 10))
    assert model.fresh is None  # too many to add one by one: the next frame repaints all
    view.grab()
    assert model.fresh == []
    model.clear()
    assert model.generation == 1
