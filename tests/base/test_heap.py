"""glibc's malloc as a crawl sets it (base/heap.py), in this process: Linux with glibc, as CI is."""

from __future__ import annotations

import os

import pytest

from gui_crawler.base import heap
from gui_crawler.parsing import accel

MB = 1 << 20


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux only")
def test_big_blocks_go_back_to_the_system_once_freed_even_after_a_bigger_one() -> None:
    """Left to itself glibc would serve these 1 MB blocks from its arenas once a 10 MB block
    had been freed, and keep the pages of those freed between the ones still held."""
    heap.tune()
    assert heap.trim() is True
    big = b"x" * (10 * MB)
    del big
    blocks = [b"x" * MB for _ in range(40)]
    held = rss()
    del blocks[::2]  # every other block: none at the top of a heap
    assert held - rss() >= 15 * MB
    del blocks


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux only")
def test_a_page_worth_of_blocks_freed_stays_for_the_next_page() -> None:
    """A parse's blocks under the mmap threshold, a few MB in all, freed: glibc's 128 KB trim
    threshold gave them back at once, and the next page faulted them in again."""
    heap.tune()
    assert heap.trim() is True
    for _ in range(3):
        blocks = [bytes(100 * 1024) for _ in range(30)]
        held = rss()
        del blocks
        assert held - rss() < MB


def test_each_parser_thread_has_an_arena_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop's, the other threads', and one a parser thread: a pool of more threads than cores
    (``--parse-threads``) gets more arenas; a smaller one later never takes them away."""
    from gui_crawler.parsing.parsepool import ParsePool

    monkeypatch.setattr(heap, "_arenas", 0)
    monkeypatch.setattr(heap, "cores", lambda: 2)
    heap.tune()
    assert heap.arenas() == 4
    pool = ParsePool(processes=0, threads=5)
    pool.close()
    set_for_the_pool = heap.arenas()
    assert set_for_the_pool == (7 if accel.compiled("pagewalk") else 4)
    heap.tune(1)
    assert heap.arenas() == set_for_the_pool
