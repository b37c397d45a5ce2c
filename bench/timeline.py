"""The timeline's cost, side by side: ``python bench/timeline.py [--pages N] [--runs R]``.

1. Headless: pages/s with the phase marks as shipped (the timing connector and resolver) vs
   aiohttp's plain TCPConnector and resolver, alternated runs.
2. The window (bench/gui.py, offscreen): wall time with the Timeline tab showing vs the Broken
   links tab showing, then 1,000 workers with the Timeline showing: heartbeat lag p99.
Servers: the latency tree server (servers.py) in a child process on loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from common import median, run_json, table
from servers import TreeServer

BENCH = Path(__file__).resolve().parent


def headless(url: str, marked: bool) -> float:
    import aiohttp

    from gui_crawler import engine
    from gui_crawler.config import CrawlConfig
    from gui_crawler.crawl import phases
    from gui_crawler.engine import Crawler

    connector, resolver = (
        (phases.TimedConnector, phases.TimedResolver)
        if marked
        else (aiohttp.TCPConnector, aiohttp.DefaultResolver)
    )
    engine.TimedConnector, engine.TimedResolver = connector, resolver  # type: ignore[misc]
    n = [0]

    def sink(e: object) -> None:
        n[0] += type(e).__name__ == "FetchRecord"

    async def main() -> float:
        t = time.perf_counter()
        await Crawler(CrawlConfig(roots=(url,), max_tasks=32, check_external=False), sink).run()
        return n[0] / (time.perf_counter() - t)

    return asyncio.run(main())


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--pages", type=int, default=3000)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    gui = [str(BENCH / "gui.py")]
    with TreeServer() as srv:
        on: list[float] = []
        off: list[float] = []
        for _ in range(args.runs):
            off.append(headless(srv.root(0, args.pages), False))
            on.append(headless(srv.root(0, args.pages), True))
        rows = [["headless pages/s", median(off), median(on), median(on) / median(off)]]
        hidden: list[dict] = []
        shown: list[dict] = []
        still: list[dict] = []
        lag = [str(BENCH / "timeline_lag.py"), "--workers", "32", "--child", "shown, no live bars"]
        for _ in range(args.runs):
            url = srv.root(0, args.pages)
            hidden.append(run_json([*gui, url, "--workers", "32", "--tab", "broken"], 300))
            shown.append(run_json([*gui, url, "--workers", "32", "--tab", "timeline"], 300))
            still.append(run_json([*lag, url], 300))
        h = median([r["records_per_s"] for r in hidden])
        s = median([r["records_per_s"] for r in shown])
        n = median([r["records_per_s"] for r in still])
        rows.append(["window records/s (hidden | shown)", h, s, s / h])
        rows.append(["window records/s (no live bars | live bars)", n, s, s / n])
        big = run_json([*gui, srv.root(100, 20_000), "--workers", "1000", "--tab", "timeline"], 300)
    print(table(["what", "off / hidden", "on / shown", "ratio"], rows, "timeline cost"))
    print(
        f"1,000 workers, timeline shown: {big['records']} records, "
        f"{big['records_per_s']:.0f}/s, lag p99 {big['lag_p99_ms']:.1f} ms "
        f"(goal <= 50), max {big['lag_max_ms']:.1f} ms"
    )


if __name__ == "__main__":
    main()
