"""The budget of big bodies held at once (crawl/bodies.py): alone, then in a crawl of a real
in-process site whose big pages all come at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from crawling import crawl
from sites import Site

from gui_crawler import engine as engine_mod
from gui_crawler.crawl.bodies import BodyBudget

MB = 1 << 20


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 20))


def test_small_and_unknown_sizes_never_wait_and_hold_nothing() -> None:
    async def main() -> None:
        budget = BodyBudget(limit=2 * MB, big=MB)
        assert await budget.take(3 * MB, 1.0) == 3 * MB  # alone: goes, however big
        assert await budget.take(MB - 1, 5.0) == 0
        assert await budget.take(None, 5.0) == 0
        assert budget.add(MB - 1) == 0
        budget.give(3 * MB)
        assert budget.held == 0

    run(main())


def test_a_big_body_waits_for_room_then_goes_in_turn() -> None:
    async def main() -> None:
        budget = BodyBudget(limit=2 * MB, big=MB)
        first = await budget.take(MB, 5.0)
        second = await budget.take(MB, 5.0)  # fits beside the first
        third = asyncio.create_task(budget.take(MB, 5.0))
        await asyncio.sleep(0.05)
        assert not third.done() and budget.held == 2 * MB
        budget.give(first)
        assert await third == MB
        assert budget.held == 2 * MB
        budget.give(second)
        budget.give(MB)
        assert budget.held == 0

    run(main())


def test_patience_runs_out_and_the_budget_is_overdrawn() -> None:
    async def main() -> None:
        budget = BodyBudget(limit=MB, big=MB)
        await budget.take(MB, 5.0)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        assert await budget.take(MB, 0.1) == MB
        assert 0.09 <= loop.time() - t0 < 2.0
        assert budget.held == 2 * MB

    run(main())


def test_a_cancelled_wait_takes_nothing() -> None:
    async def main() -> None:
        budget = BodyBudget(limit=MB, big=MB)
        await budget.take(MB, 5.0)
        waiting = asyncio.create_task(budget.take(MB, 5.0))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert budget.held == MB

    run(main())


class _Watched(BodyBudget):
    """A budget that remembers the most it held."""

    most = 0

    async def take(self, size: int | None, patience: float) -> int:
        taken = await super().take(size, patience)
        _Watched.most = max(_Watched.most, self.held)
        return taken

    def add(self, size: int) -> int:
        taken = super().add(size)
        _Watched.most = max(_Watched.most, self.held)
        return taken


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_big_pages_linked_together_are_held_a_few_at_a_time_and_all_parsed(
    monkeypatch: pytest.MonkeyPatch, chunked: bool
) -> None:
    """Eight 1.5 MB pages linked from one index, eight workers: every page is read and its
    links found; with a Content-Length no more than two bodies are held at once (the limit
    is 3 MB), and the budget is empty at the end."""
    filler = "<p>" + "x" * 1000 + "</p>\n"
    big = f"<!doctype html><body>{filler * 1500}<a href='/leaf'>leaf</a></body>"
    pages = [f"/big{i}" for i in range(8)]
    budgets: list[_Watched] = []

    def budget() -> _Watched:
        budgets.append(_Watched(limit=3 * MB, big=MB))
        return budgets[-1]

    monkeypatch.setattr(engine_mod, "BodyBudget", budget)
    _Watched.most = 0

    async def main() -> None:
        async with Site() as site:
            site.page("/", pages)
            site.page("/leaf")
            for path in pages:
                if chunked:
                    site.route(path, _chunked(big.encode()))
                else:
                    site.html(path, big)
            records = (await crawl(site.url, plain=True, max_tasks=8, timeout=10)).records
            for path in pages:
                r = records[site.u(path)]
                assert (r.status, r.size, r.links) == (200, len(big), (site.u("/leaf"),))
            assert records[site.u("/leaf")].status == 200

    run(main())
    assert len(budgets) == 1 and budgets[0].held == 0
    if chunked:  # counted once read, never waited for
        assert _Watched.most >= 1.5 * MB
    else:
        assert 1.5 * MB <= _Watched.most <= 3 * MB


def _chunked(data: bytes) -> Any:
    from aiohttp import web

    async def handler(request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/html; charset=utf-8"})
        resp.enable_chunked_encoding()
        await resp.prepare(request)
        for i in range(0, len(data), 256 * 1024):
            await resp.write(data[i : i + 256 * 1024])
        await resp.write_eof()
        return resp

    return handler
