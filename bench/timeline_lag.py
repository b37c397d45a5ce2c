"""UI lag at 1,000 workers, the timeline's share and the rest's, side by side:
``python bench/timeline_lag.py [--pages N] [--runs R]``.

Each variant is bench/gui.py (the real window, offscreen, a 10 ms heartbeat) crawling the latency
tree server (100 ms a response, 1,000 workers), alternated run by run:

- engine: the bare engine on the same qasync loop (the floor the window starts from);
- hidden / shown: the window with the Broken links tab / the Timeline tab showing;
- shown, no live bars: the timeline without its requests under way (their cost);
- "20 ms batches": the loop's batch of ready callbacks as long as it was before (qtloop.BATCH_SECONDS
  is 8 ms now: at 20 ms the heartbeat waited out whole batches);
- "+ gc.freeze": ``gc.freeze()`` at each bridge tick besides (the crawl's long-lived objects leave
  the cycle collector; not adopted: cyclic garbage made before a freeze would stay for the crawl).

``--child VARIANT URL`` runs one variant (used by the parent).
"""

from __future__ import annotations

import argparse
import gc
import runpy
import sys
from pathlib import Path

from common import median, run_json, table
from servers import TreeServer

BENCH = Path(__file__).resolve().parent
VARIANTS = {
    "engine": ["--no-window"],
    "hidden": ["--tab", "broken"],
    "shown": ["--tab", "timeline"],
    "shown, no live bars": ["--tab", "timeline"],
    "shown, 20 ms batches": ["--tab", "timeline"],
    "shown + gc.freeze": ["--tab", "timeline"],
}


def child(variant: str, url: str, workers: int) -> None:
    if variant == "shown, no live bars":
        from gui_crawler.ui.timeline import TimelinePanel

        TimelinePanel.live_requests = False
    if "20 ms batches" in variant:
        from gui_crawler.ui import qtloop

        qtloop.BATCH_SECONDS = 0.02
    if "gc.freeze" in variant:
        from gui_crawler.ui import bridge

        flush = bridge.CrawlBridge.flush

        def frozen_flush(self: bridge.CrawlBridge) -> None:
            gc.freeze()
            flush(self)

        bridge.CrawlBridge.flush = frozen_flush  # type: ignore[method-assign]
    sys.argv = [str(BENCH / "gui.py"), url, "--workers", str(workers), *VARIANTS[variant]]
    runpy.run_path(str(BENCH / "gui.py"), run_name="__main__")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--pages", type=int, default=20_000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--workers", type=int, default=1000)
    p.add_argument("--child", nargs=2, metavar=("VARIANT", "URL"))
    args = p.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.workers)
        return
    out: dict[str, list[dict]] = {v: [] for v in VARIANTS}
    with TreeServer() as srv:
        for _ in range(args.runs):
            for v in VARIANTS:
                url = srv.root(100, args.pages)
                cmd = [str(BENCH / "timeline_lag.py"), "--child", v, url]
                out[v].append(run_json([*cmd, "--workers", str(args.workers)], 600))
    base = median([r["lag_p99_ms"] for r in out["shown"]])
    rate = median([r["records_per_s"] for r in out["shown"]])
    rows = []
    for v, runs in out.items():
        p99 = median([r["lag_p99_ms"] for r in runs])
        rps = median([r["records_per_s"] for r in runs])
        p50 = median([r["lag_p50_ms"] for r in runs])
        mx = median([r["lag_max_ms"] for r in runs])
        rows.append([v, p50, p99, mx, p99 / base, rps, rps / rate])
    heads = ["variant", "lag p50", "lag p99", "lag max", "p99 / shown", "records/s", "/ shown"]
    title = f"{args.workers} workers, {args.pages} pages, medians of {args.runs} (ms)"
    print(table(heads, rows, title))


if __name__ == "__main__":
    main()
