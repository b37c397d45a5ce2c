"""The adaptive worker count (crawl/concurrency.py): halved on the crawler's own failures, once for
the failures of one window, grown back by one for about as many good tries as it holds."""

from __future__ import annotations

from gui_crawler.crawl.concurrency import LEAST, WorkerWindow


def test_a_failure_halves_the_count_once_for_the_tries_of_one_window() -> None:
    w = WorkerWindow(400)
    assert w.effective == 400
    assert w.shrink(began=1.0, now=2.0, running=400) and w.effective == 200
    # Tries begun before that cut failed for the old count: no new signal.
    assert not w.shrink(began=1.5, now=2.1, running=200) and w.effective == 200
    # Nor while more run than the cut allows (they stop after their current URL).
    assert not w.shrink(began=2.5, now=2.6, running=300) and w.effective == 200
    assert w.shrink(began=2.5, now=2.7, running=200) and w.effective == 100
    for t in range(3, 20):
        w.shrink(began=float(t), now=t + 0.5, running=w.effective)
    assert w.effective == LEAST  # a crawl never stops for its own limits


def test_good_tries_grow_it_back_slowly_up_to_the_count_asked() -> None:
    w = WorkerWindow(100)
    w.shrink(began=0.0, now=1.0, running=100)
    assert w.effective == 50
    rose = sum(w.grow() for _ in range(51))
    assert rose == 1 and w.effective == 51  # one for about as many tries as it holds
    for _ in range(100_000):
        w.grow()
    assert w.effective == 100 and not w.grow()
    w.reset(30)
    assert w.effective == 30 and WorkerWindow(2).effective == 2
