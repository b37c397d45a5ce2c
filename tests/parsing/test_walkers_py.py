"""The pure-Python parser threads with a child process beside them (``_walkers_py``,
``_walkkids_py``): what the child sends is what the loop reads from the thread's walk, field by
field, page by page; a child that dies or cannot start leaves the pages to the threads here; it
ignores SIGINT; closing, or a crawl cancelled with pages in it, ends it; one core starts none."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import time

import pytest

from gui_crawler.base.urls import plain_directory
from gui_crawler.parsing import _pagewalk_py, _walkers_py, accel, links, parsepool, slicing
from gui_crawler.parsing._walkers_py import Walkers
from gui_crawler.parsing._walkkids_py import Result, walk_job

PAGE_URL = "http://127.0.0.1:1/dir/page.html"
DIRECTORY = plain_directory(PAGE_URL)


@pytest.fixture(autouse=True)
def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """links.finish reads the walks with the pure twin's functions (the compiled ones read only
    their own walks)."""
    monkeypatch.setattr(accel, "pagewalk", _pagewalk_py)


def pages() -> list[bytes]:
    """Pages of every kind the walk and the loop tell apart: links, words, checks, a <base>, a
    meta refresh, a page cut in pieces (more than slicing.MAX_TAGS tags), one too complex to
    parse, one not UTF-8, an empty one."""
    many = "".join(
        f'<a href="p{i}.html#s{i}" rel=nofollow>read more</a><img src=i{i}.png alt="a{i}">'
        for i in range(40)
    )
    small = (
        "<!doctype html><html lang=en><head><title>T</title><meta name=description content=d>"
        '<meta name=viewport content="width=device-width"><meta http-equiv=refresh content="5;'
        f' url=next.html"></head><body><h1 id=top>One</h1><p>{many}</p><a href=#top>up</a>'
        "<a href=#nowhere>down</a><h3>x</h3></body></html>"
    ).encode()
    cut = ("<html><body>" + '<p><a href="c.html">w</a> text</p>' * 6000 + "</body></html>").encode()
    attrs = " ".join(f"a{i}=1" for i in range(3000))
    complex_ = f"<html><body><div {attrs}>x</div></body></html>".encode() * 4
    return [
        small,
        small.replace(b"<head>", b"<head><base href=/elsewhere/>"),
        cut,
        complex_,
        b"<p>\xff\xfe not UTF-8 <a href='x'>\xe9</a>",
        b"",
    ]


def submit(walkers: Walkers, datas: list[bytes], first: int = 0) -> None:
    for i, data in enumerate(datas, first):
        walkers.submit(
            i, data, DIRECTORY, slicing.MAX_TAGS, data.count(b"<"), False,
            slicing.MAX_ELEMENTS, slicing.MAX_ATTRIBUTE_PAIRS, PAGE_URL, True,
        )  # fmt: skip


def collect(walkers: Walkers, n: int) -> dict[int, Result]:
    got: dict[int, Result] = {}
    deadline = time.monotonic() + 60
    while len(got) < n:
        assert time.monotonic() < deadline, f"{len(got)} of {n} pages back"
        select.select([walkers.fileno()], [], [], 1)
        got.update((result[0], result) for result in walkers.drain())
    return got


def read(data: bytes, result: Result) -> links.ParsedPage:
    """What the loop makes of a page's result (``links.finish``)."""
    _, walked, _, digest, trouble = result
    assert walked is not None
    page = links.PageWalk(data, data.count(b"<"), PAGE_URL, DIRECTORY, "utf-8")
    parsed = links.finish(page, list(walked), 0.0, trouble, digest)
    parsed.seconds = 0.0
    return parsed


def same(got: dict[int, Result], datas: list[bytes], first: int = 0) -> int:
    """Each page read by the loop from ``got`` as from the thread's walk here, field by field;
    how many of them the child put the checks together for."""
    settled = 0
    for i, data in enumerate(datas, first):
        want = walk_job((i, data, DIRECTORY, slicing.MAX_TAGS, data.count(b"<"),
                         slicing.MAX_ELEMENTS, slicing.MAX_ATTRIBUTE_PAIRS, True, PAGE_URL))  # fmt: skip
        assert got[i][0] == i and got[i][3:] == want[3:], i
        walked, wanted = got[i][1], want[1]
        assert walked is not None and wanted is not None
        assert len(walked) == len(wanted), i
        for piece, whole in zip(walked, wanted, strict=True):
            assert piece.read[:-1] == whole.read[:-1], i
            assert piece.hrefs == whole.hrefs and piece.joined == whole.joined, i
            assert piece.said == whole.said, i
        settled += bool(walked) and type(walked[0]) is _pagewalk_py.Settled
        assert read(data, got[i]) == read(data, want), i
    return settled


def wait_ready(walkers: Walkers) -> None:
    deadline = time.monotonic() + 30
    while not walkers._ready:
        assert time.monotonic() < deadline, "the child never came up"
        time.sleep(0.01)


def test_what_the_child_sends_the_loop_reads_as_the_threads_walk() -> None:
    datas = pages()
    walkers = Walkers(1, process=True, here=False)
    try:
        submit(walkers, datas * 3)
        got = collect(walkers, 3 * len(datas))
        # Every page but the one too complex to parse (no pieces) had its checks put together.
        assert same(got, datas * 3) == 3 * (len(datas) - 1)
        assert any(len(r[1] or ()) > 1 for r in got.values())  # a page cut in pieces
        assert any(r[4] for r in got.values())  # one too complex
        assert walkers._child is not None and walkers._child.poll() is None
    finally:
        walkers.close()


def test_the_thread_here_and_the_child_share_the_pages() -> None:
    datas = pages()[:1] * 200
    walkers = Walkers(1, process=True)
    try:
        submit(walkers, datas[:1])
        collect(walkers, 1)
        wait_ready(walkers)
        submit(walkers, datas, 1)
        got = collect(walkers, len(datas))
        settled = same(got, datas, 1)
        assert 0 < settled < len(datas)  # some walked in the child, some here
    finally:
        walkers.close()


def test_the_child_walks_each_page_it_has_room_for() -> None:
    """The thread here takes the GIL from the loop: it walks only what the child has no room
    for."""
    walkers = Walkers(1, process=True)
    try:
        submit(walkers, pages()[:1])
        collect(walkers, 1)
        wait_ready(walkers)
        for i in range(1, 21):
            submit(walkers, pages()[:1], i)
            assert same(collect(walkers, 1), pages()[:1], i) == 1, i
    finally:
        walkers.close()


def test_pages_a_dead_child_had_are_walked_here() -> None:
    datas = pages() * 20
    walkers = Walkers(1, process=True, here=False)
    try:
        submit(walkers, datas[:1])
        collect(walkers, 1)
        wait_ready(walkers)
        assert walkers._child is not None
        submit(walkers, datas, 1)
        os.kill(walkers._child.pid, signal.SIGKILL)  # what the OOM killer does
        got = collect(walkers, len(datas))
        assert not walkers._ready
        assert same(got, datas, 1) < len(datas)  # some walked here
        submit(walkers, datas[:3], 1000)  # walked here from now on
        assert same(collect(walkers, 3), datas[:3], 1000) == 0
    finally:
        walkers.close()


def test_a_child_that_cannot_start_leaves_the_pages_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python3")
    datas = pages()
    for here in (True, False):
        walkers = Walkers(1, process=True, here=here)
        try:
            submit(walkers, datas)
            assert same(collect(walkers, len(datas)), datas) == 0
            assert walkers._child is None
        finally:
            walkers.close()


def test_the_child_ignores_sigint() -> None:
    walkers = Walkers(1, process=True, here=False)
    try:
        submit(walkers, pages()[:1])
        collect(walkers, 1)
        wait_ready(walkers)
        assert walkers._child is not None
        os.kill(walkers._child.pid, signal.SIGINT)  # the terminal's Ctrl-C: the crawl's to act on
        submit(walkers, pages(), 1)
        assert same(collect(walkers, len(pages())), pages(), 1) == len(pages()) - 1
        assert walkers._ready and walkers._child.poll() is None
    finally:
        walkers.close()


def ended(child: object) -> int:
    assert child is not None
    deadline = time.monotonic() + 30
    while (code := child.poll()) is None:  # type: ignore[attr-defined]
        assert time.monotonic() < deadline, "the child is still running"
        time.sleep(0.01)
    return int(code)


def test_closing_ends_the_child() -> None:
    walkers = Walkers(1, process=True)
    submit(walkers, pages()[:1])
    collect(walkers, 1)
    wait_ready(walkers)
    child = walkers._child
    submit(walkers, pages() * 10, 1)
    walkers.close()
    assert ended(child) == 0
    assert walkers.drain() == []


def test_a_crawl_cancelled_with_pages_in_the_child_leaves_no_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_walkers_py.heap, "cores", lambda: 2)
    datas = [pages()[2]] * 12  # pages cut in pieces: a while in the child

    async def crawl() -> object:
        pool = parsepool.ParsePool(processes=0)
        assert pool._thread is not None
        walkers = pool._thread._walkers
        assert isinstance(walkers, Walkers)
        tasks = [
            asyncio.ensure_future(pool.parse(data, "utf-8", f"{PAGE_URL}?{i}"))
            for i, data in enumerate(datas)
        ]
        await tasks[0]
        wait_ready(walkers)
        await asyncio.sleep(0.05)  # pages in the child, more waiting here
        for task in tasks:
            task.cancel()
        pool.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        return walkers._child

    assert ended(asyncio.run(crawl())) == 0


@pytest.mark.parametrize(("cores", "started"), [(2, True), (1, False)])
def test_a_child_where_two_cores_may_run_this_process(
    monkeypatch: pytest.MonkeyPatch, cores: int, started: bool
) -> None:
    monkeypatch.setattr(_walkers_py.heap, "cores", lambda: cores)
    walkers = Walkers(1)
    try:
        assert walkers._child is None  # not before the first page
        submit(walkers, pages()[:1])
        collect(walkers, 1)
        if started:
            wait_ready(walkers)
        assert (walkers._child is not None) is started
    finally:
        walkers.close()
