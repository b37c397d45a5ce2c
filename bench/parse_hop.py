"""What handing a page to a parser thread costs the event loop, against parsing it inline: pages of
a few sizes, 20,000 of each parsed by 10 coroutines through a ParsePool, once all inline and once
all on the threads; the loop thread's CPU time per page is what the crawl pays on its busiest
thread (``parsepool.INLINE_PARSE_BYTES`` is where the two cross)."""

from __future__ import annotations

import asyncio
import time

from common import table
from sections import Context, section

from gui_crawler.parsing.parsepool import ParsePool

SIZES = (250, 800, 1500, 2300, 6400)


def page(size: int) -> bytes:
    anchors = "".join(f'<a href="p{i}.html">link {i}</a> ' for i in range(size // 30))
    return f"<!doctype html><title>t</title><body>{anchors}</body>".encode()[:size]


async def _loop_us_per_page(body: bytes, inline_bytes: int, n: int) -> float:
    pool = ParsePool(0, inline_bytes=inline_bytes)

    async def worker(k: int) -> None:
        for i in range(n // 10):
            await pool.parse(body, "utf-8", f"http://h/d/{k}/{i}")

    try:
        await asyncio.gather(*(worker(k) for k in range(10)))  # warm: threads, caches
        cpu = time.thread_time()
        await asyncio.gather(*(worker(k) for k in range(10)))
        return (time.thread_time() - cpu) / n * 1e6
    finally:
        pool.close()


def measure(n: int = 20_000) -> list[tuple[int, float, float]]:
    """(page bytes, loop µs per page inline, loop µs per page on the threads) per size."""
    out = []
    for size in SIZES:
        body = page(size)
        inline = asyncio.run(_loop_us_per_page(body, 1 << 30, n))
        hopped = asyncio.run(_loop_us_per_page(body, 0, n))
        out.append((len(body), inline, hopped))
    return out


@section("parse-hop", "what a hop to the parser threads costs the loop, against parsing inline")
def parse_hop(ctx: Context) -> None:
    rows = [[size, inline, hopped, f"{hopped / inline:.2f}x"] for size, inline, hopped in measure()]
    heads = ["page bytes", "inline µs", "on a thread µs", "thread/inline"]
    title = "\n== parse-hop: loop-thread CPU per page, 20,000 pages each, 10 coroutines =="
    ctx.say(table(heads, rows, title=title))
    ctx.results["parse-hop"] = rows
