"""The Site graph tab while a real site's graph grows: ``--only graph``. UI lag, layouts, memory.

rust-doc on nginx crawled by the real window (offscreen, 16 workers, no external checks), with
the Site graph tab shown (laid out in its process, drawn as it grows) or the Pages tab (the graph
fed, never drawn), alternated: heartbeat lag until the last layout is drawn, wall, layouts (count,
largest, slowest), peak RSS of the window and of the layout process. ``python bench/site_graph.py
TAB URL`` runs one window.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from common import maxrss_mb, median, run_json, table
from gui import Heartbeat, in_window_process, new_window, start
from realsites import ensure_docs
from sections import Context, section
from servers import Nginx

VARIANTS = {"graph shown": "graph", "graph hidden (Pages shown)": "pages"}


async def _window(tab_name: str, url: str) -> dict:
    w = new_window(url, 16)
    g = w.graph_view
    tab = g if tab_name == "graph" else w.pages_tab
    w.show_tab(tab)
    draws: list[int] = []  # nodes drawn, a picture each
    slowest = [0.0]

    def drawn() -> None:
        draws.append(g.picture.size if g.picture is not None else 0)
        slowest[0] = max(slowest[0], g.took)

    g.drawn.connect(drawn)
    beat = Heartbeat()
    await asyncio.sleep(0.3)
    beat.start()
    t = time.perf_counter()
    await start(w).wait()
    wall = time.perf_counter() - t
    while tab is g and not g.up_to_date:  # until the whole crawl is drawn
        await asyncio.sleep(0.05)
    settled = time.perf_counter() - t
    beat.timer.stop()
    layout_pid = g.process._proc.pid if g.process._proc is not None else None
    out = {"urls": w.row_count, "wall": wall, "settled": settled, **beat.figures(beat.lags),
           "draws": len(draws), "largest_picture": max(draws, default=0),
           "slowest_layout_s": slowest[0], "grouped": bool(g.picture is not None and g.picture.grouped),
           "maxrss_mb": maxrss_mb(), "layout_process_peak_mb": maxrss_mb(layout_pid) if layout_pid else 0.0}  # fmt: skip
    w.close()
    await w.aclose()
    return out


@section("graph", "the Site graph tab drawing rust-doc's crawl as it grows: UI lag (10 ms beat)")
def graph(ctx: Context) -> None:
    got: dict[str, list[dict]] = {v: [] for v in VARIANTS}
    load = [os.getloadavg()[0]]
    with Nginx(ensure_docs("rust-docs"), mime_types=True) as server:
        for i in range(max(1, ctx.args.runs // 3)):
            for label, tab in VARIANTS.items():
                r = run_json(["bench/site_graph.py", tab, server.url], 900)
                got[label].append(r)
                load.append(os.getloadavg()[0])
                ctx.say(f"  run {i + 1}, {label}: {r['urls']:,} URLs in {r['wall']:.1f} s, lag p50 "
                        f"{r['lag_p50_ms']:.1f} / p99 {r['lag_p99_ms']:.1f} / max {r['lag_max_ms']:.0f} ms, "
                        f"{r['draws']} pictures drawn (largest {r['largest_picture']:,} nodes"
                        f"{', by folder' if r['grouped'] else ''}), whole crawl drawn "
                        f"{r['settled'] - r['wall']:.1f} s after its end, RSS {r['maxrss_mb']:.0f} MB "
                        f"+ layout process {r['layout_process_peak_mb']:.0f} MB")  # fmt: skip
    keys = ("urls", "wall", "lag_p50_ms", "lag_p99_ms", "lag_max_ms", "draws", "maxrss_mb")
    rows = [[label, *(median([r[k] for r in runs]) for k in keys)] for label, runs in got.items()]
    heads = ["window", "URLs", "wall s", "lag p50", "lag p99", "lag max", "drawn", "RSS MB"]
    ctx.say(table(heads, rows, title="\n== Site graph tab, rust-doc on nginx, medians =="))
    ctx.say(f"  load average (1 min) at each run's end: {', '.join(f'{x:.1f}' for x in load)}")
    ctx.results["graph"] = {"runs": got, "load": load}
    p99 = median([r["lag_p99_ms"] for r in got["graph shown"]])
    ctx.target("Site graph shown: UI lag p99", f"{p99:.1f} ms", "<= 50 ms", 50 / max(p99, 0.1))


if __name__ == "__main__":
    print(json.dumps(in_window_process(lambda: _window(sys.argv[1], sys.argv[2]))))
