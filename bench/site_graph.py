"""The Site graph tab while a real site's graph grows: UI lag, layouts, memory.

    python bench/site_graph.py [--site rust-docs] [--runs 1] [--workers 16] [--display]

Debian's rust-doc (~22k URLs; python-docs: python3-doc) served by nginx on loopback, crawled by
the real window (offscreen, or ``$DISPLAY`` with ``--display``) with external checks off, the
variants alternated run by run: the Site graph tab shown from the start (the picture laid out
in its process and drawn as it grows), and the Pages tab shown (the graph fed, never drawn: the
rest of the window's cost). Per run: a 10 ms QTimer heartbeat's lateness (lag p50/p99/max) from
Start until the last layout of the whole crawl is drawn, the crawl's wall time, the layouts drawn
(how many, the largest picture, the slowest layout), the window's peak RSS and the layout
process's. Registered in run.py as the section ``graph``; ``--child TAB URL`` runs one window.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from common import die_with_parent, maxrss_mb, median, raise_nofile, run_json, table
from gui import percentile
from realsites import SITES, ensure_docs
from sections import Context, section
from servers import Nginx

BENCH = Path(__file__).resolve().parent
VARIANTS = {"graph shown": "graph", "graph hidden (Pages shown)": "pages"}


def _peak_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


async def _window(args: argparse.Namespace) -> dict:
    from PySide6.QtCore import QTimer

    from gui_crawler.window import MainWindow

    lags: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        lags.append(max(0.0, (now - last[0]) * 1000 - 10))
        last[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(beat)
    w = MainWindow()
    w.resize(1400, 900)
    w.show()
    w.workers = args.workers
    w.settings.politeness.check_external.setChecked(False)  # loopback only
    w.settings.politeness.per_host.setValue(args.workers)
    w.url = args.child[1]
    tab = w.graph_view if args.child[0] == "graph" else w.pages_tab
    w.show_tab(tab)
    g = w.graph_view
    draws: list[tuple[float, int]] = []  # (when, nodes drawn)
    slowest = [0.0]

    def drawn() -> None:
        draws.append((time.perf_counter(), g.picture.size if g.picture is not None else 0))
        slowest[0] = max(slowest[0], g.took)

    g.drawn.connect(drawn)
    done = asyncio.Event()
    w.crawlFinished.connect(lambda _f: done.set())
    await asyncio.sleep(0.3)
    last[0] = time.perf_counter()
    heartbeat.start()
    t = time.perf_counter()
    if not w.start():
        raise SystemExit(f"window did not start: {w.problem}")
    await done.wait()
    wall = time.perf_counter() - t
    if tab is g:  # until the whole crawl is drawn
        while not g.up_to_date:
            await asyncio.sleep(0.05)
    settled = time.perf_counter() - t
    heartbeat.stop()
    layout_pid = g.process._proc.pid if g.process._proc is not None else None
    out = {
        "tab": args.child[0],
        "urls": w.row_count,
        "graph_nodes": len(w.results.graph),
        "wall": wall,
        "settled": settled,
        "lag_p50_ms": percentile(lags, 0.50),
        "lag_p99_ms": percentile(lags, 0.99),
        "lag_max_ms": max(lags, default=float("nan")),
        "beats": len(lags),
        "draws": len(draws),
        "largest_picture": max((n for _, n in draws), default=0),
        "slowest_layout_s": slowest[0] if draws else 0.0,
        "grouped": bool(g.picture is not None and g.picture.grouped),
        "maxrss_mb": maxrss_mb(),
        "layout_process_peak_mb": _peak_mb(layout_pid) if layout_pid else 0.0,
    }
    w.close()
    await w.aclose()
    return out


def child(args: argparse.Namespace) -> None:
    die_with_parent()
    raise_nofile()
    if not (args.display and os.environ.get("DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    scratch = tempfile.mkdtemp(prefix="bench-graph-")  # settings and crawl files, not the user's
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = scratch
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.qtloop import CrawlEventLoop

    app = QApplication(sys.argv[:1])
    app.setApplicationName("gui-crawler-bench")
    with asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner:
        print(json.dumps(runner.run(_window(args))))


def measure(site: str, runs: int, workers: int, display: bool, say: object = print) -> dict:
    package, root = SITES[site]
    root = ensure_docs(package, root)
    got: dict[str, list[dict]] = {v: [] for v in VARIANTS}
    load = [os.getloadavg()[0]]
    with Nginx(root, mime_types=True) as server:
        for i in range(runs):
            for label, tab in VARIANTS.items():
                cmd = ["bench/site_graph.py", "--child", tab, server.url]
                cmd += ["--workers", str(workers)] + (["--display"] if display else [])
                r = run_json(cmd, 900)
                got[label].append(r)
                load.append(os.getloadavg()[0])
                say(  # type: ignore[operator]
                    f"  run {i + 1}, {label}: {r['urls']:,} URLs in {r['wall']:.1f} s, lag p50 "
                    f"{r['lag_p50_ms']:.1f} / p99 {r['lag_p99_ms']:.1f} / max "
                    f"{r['lag_max_ms']:.0f} ms, {r['draws']} pictures drawn (largest "
                    f"{r['largest_picture']:,} nodes{', by folder' if r['grouped'] else ''}), "
                    f"whole crawl drawn {r['settled'] - r['wall']:.1f} s after its end, RSS "
                    f"{r['maxrss_mb']:.0f} MB + layout process {r['layout_process_peak_mb']:.0f} MB"
                )
    return {"runs": got, "load": load}


def report(out: dict) -> tuple[list[str], list[list[object]]]:
    rows = []
    for label, runs in out["runs"].items():
        rows.append(
            [
                label,
                median([r["urls"] for r in runs]),
                median([r["wall"] for r in runs]),
                median([r["lag_p50_ms"] for r in runs]),
                median([r["lag_p99_ms"] for r in runs]),
                median([r["lag_max_ms"] for r in runs]),
                median([r["draws"] for r in runs]),
                median([r["maxrss_mb"] for r in runs]),
            ]
        )
    heads = ["window", "URLs", "wall s", "lag p50", "lag p99", "lag max", "drawn", "RSS MB"]
    return heads, rows


@section("graph", "the Site graph tab drawing rust-doc's crawl as it grows: UI lag (10 ms beat)")
def graph(ctx: Context) -> None:
    out = measure("rust-docs", max(1, ctx.args.runs // 3), 16, False, ctx.say)
    heads, rows = report(out)
    ctx.say(table(heads, rows, title="\n== Site graph tab, rust-doc on nginx, medians =="))
    ctx.say(
        f"  load average (1 min) at each run's end: {', '.join(f'{x:.1f}' for x in out['load'])}"
    )
    ctx.results["graph"] = out
    p99 = median([r["lag_p99_ms"] for r in out["runs"]["graph shown"]])
    ctx.target("Site graph shown: UI lag p99", f"{p99:.1f} ms", "<= 50 ms", 50 / max(p99, 0.1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", choices=sorted(SITES), default="rust-docs")
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--workers", type=int, default=16)
    p.add_argument("--display", action="store_true", help="use $DISPLAY (Xvfb), not offscreen")
    p.add_argument("--child", nargs=2, metavar=("TAB", "URL"))
    args = p.parse_args()
    if args.child:
        child(args)
        return
    print(f"load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    out = measure(args.site, args.runs, args.workers, args.display)
    heads, rows = report(out)
    print(table(heads, rows, title=f"\n== Site graph tab, {args.site} on nginx, medians =="))
    print(f"load average (1 min) at each run's end: {', '.join(f'{x:.1f}' for x in out['load'])}")


if __name__ == "__main__":
    main()
