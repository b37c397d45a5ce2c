"""Issue #41.1: the Timeline keeps drawing a crawl continued after Cancel, and a window that
has run several crawls: a frame drawn between Start and the crawl's first step has no clock to
read yet, and must not take the loop's own clock for the crawl's."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from windows import start_slow_crawl

from gui_crawler.window import MainWindow


def assert_drawn(w: MainWindow, elapsed: float) -> None:
    """The axis ends within the crawl's time, and the view holds bars to draw."""
    model, view = w.timeline.model, w.timeline.view
    assert 0 < model.now <= elapsed + 1.0, (model.now, elapsed)
    t1 = view.right_time()
    assert model.visible(t1 - view.span, t1), (model.now, view.span, len(model.bars))


def test_the_timeline_draws_a_crawl_continued_after_cancel(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    window.show_tab(window.timeline)
    start_slow_crawl(qtbot, window, live_site)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        qtbot.keyClick(window.pages_tab.table, Qt.Key.Key_Escape)
    live_site.delay = 0.02
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000) as finished:
        qtbot.keyClick(
            window.pages_tab.table,
            Qt.Key.Key_Return,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
        # A frame of the timeline before the continued crawl has taken its first step.
        window.timeline._repaint()
    assert_drawn(window, finished.args[0].elapsed)


def test_the_timeline_draws_each_of_several_crawls(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    window.url = live_site.url
    window.show_tab(window.timeline)
    for _ in range(3):
        with qtbot.waitSignal(window.crawlFinished, timeout=15_000) as finished:
            assert window.start()
            window.timeline._repaint()
        assert_drawn(window, finished.args[0].elapsed)
