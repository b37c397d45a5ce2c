"""The window's sections of the benchmark: the crawl with the window open against the same crawl
headless, UI lag while it runs, the worker view at C10K, memory per URL with the window.

Each window run is ``bench/gui.py`` in a process of its own (offscreen Qt, its own qasync loop).
"""

from __future__ import annotations

from common import median, run_json, table
from sections import Context, ours, section
from servers import Nginx, TreeServer


def window(url: str, workers: int, *extra: str, timeout: float = 600) -> dict:
    return run_json(["bench/gui.py", url, "--workers", str(workers), *extra], timeout)


@section("gui", "the window open vs headless on the docs site: wall time, UI lag (10 ms heartbeat)")
def gui(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    rows, win, bare, head, filed = [], [], [], [], []
    for i in range(a.runs):
        # Alternate the four, so that drift on a shared machine hits them alike.
        h = ours(url, a.workers, timeout=a.timeout)
        # The window writes a crawl file, as `gui-crawler crawl` does by default.
        f = ours(url, a.workers, "--db", str(ctx.tmp / f"gui-headless-{i}.sqlite3"))
        b = window(url, a.workers, "--no-window", timeout=a.timeout)
        w = window(url, a.workers, timeout=a.timeout)
        head.append(h)
        filed.append(f)
        bare.append(b)
        win.append(w)
        ctx.say(
            f"  run {i + 1}: headless {h['wall']:.2f} s, with a crawl file {f['wall']:.2f} s, "
            f"engine on qasync {b['wall']:.2f} s, window {w['wall']:.2f} s "
            f"(lag p99 {w['lag_p99_ms']:.0f} ms)"
        )
    for label, runs in (
        ("headless (asyncio)", head),
        ("headless + crawl file", filed),
        ("engine on qasync", bare),
        ("window (+ crawl file)", win),
    ):
        rows.append(
            [
                label,
                median([r["records"] for r in runs]),
                median([r["wall"] for r in runs]),
                median([r.get("lag_p50_ms", float("nan")) for r in runs]),
                median([r.get("lag_p99_ms", float("nan")) for r in runs]),
                median([r.get("lag_max_ms", float("nan")) for r in runs]),
            ]
        )
    ctx.say(
        table(
            ["run", "records", "wall s", "lag p50 ms", "lag p99 ms", "lag max ms"],
            rows,
            title=f"\n== window vs headless: {a.pages:,}-page docs site, {a.workers} workers, "
            f"medians of {a.runs} ==",
        )
    )
    ratios = [w["wall"] / h["wall"] for w, h in zip(win, head, strict=True)]
    ratio = median(ratios)
    p99 = median([w["lag_p99_ms"] for w in win])
    worst = median([w["lag_max_ms"] for w in win])
    same_work = median([w["wall"] / f["wall"] for w, f in zip(win, filed, strict=True)])
    ctx.results["gui"] = {
        "headless": head,
        "headless_crawl_file": filed,
        "engine_on_qasync": bare,
        "window": win,
    }
    ctx.say(f"  window/headless wall time per run: {', '.join(f'{r:.2f}x' for r in ratios)}")
    ctx.target("window wall ≤ 1.2x headless (median)", f"{ratio:.2f}x", "1.2x", 1.2 / ratio)
    ctx.target(
        "window ≤ 1.2x headless, both with a crawl file",
        f"{same_work:.2f}x",
        "1.2x",
        1.2 / same_work,
    )
    ctx.target("window UI lag p99 ≤ 33 ms (median)", f"{p99:.0f} ms", "33 ms", 33 / p99)
    ctx.target("window UI lag max ≤ 200 ms (median)", f"{worst:.0f} ms", "200 ms", 200 / worst)


@section("c10k-gui", "10,000 workers in the window, worker view open: in flight, lag, RSS")
def c10k_gui(ctx: Context) -> None:
    a = ctx.args
    fanout = 100
    workers = a.c10k_workers
    total = 1 + fanout + workers
    srv = ctx.stack.enter_context(TreeServer(fanout=fanout))
    rows, runs = [], []
    for _ in range(a.c10k_runs):
        srv.stats(reset=True)
        r = window(srv.root(a.c10k_hold_ms, total), workers, "--tab", "workers", timeout=a.timeout)
        st = srv.stats()
        runs.append((r, st))
        rows.append([r["records"], r["wall"], st["peak"], r["lag_p50_ms"], r["lag_p99_ms"],
                     r["lag_max_ms"], r["maxrss_mb"]])  # fmt: skip
        ctx.say(f"  peak {st['peak']:,} in flight, lag p99 {r['lag_p99_ms']:.0f} ms")
    ctx.say(
        table(
            [
                "done",
                "secs",
                "peak in flight",
                "lag p50 ms",
                "lag p99 ms",
                "lag max ms",
                "peak RSS MB",
            ],
            rows,
            title=f"\n== C10K in the window: {workers:,} workers, responses held "
            f"{a.c10k_hold_ms / 1000:.0f} s, Workers tab showing ==",
        )
    )
    ctx.results["c10k_gui"] = [{"run": r, "server": st} for r, st in runs]
    peak = median([st["peak"] for _, st in runs])
    p99 = median([r["lag_p99_ms"] for r, _ in runs])
    ctx.target("C10K window: in flight ≥ 9,000", f"{peak:,.0f}", "9,000", peak / 9000)
    ctx.target("C10K window: lag p99 ≤ 100 ms", f"{p99:.0f} ms", "100 ms", 100 / p99)


@section("memory-gui", "RSS growth per recorded URL with the window, 10k to 200k URLs")
def memory_gui(ctx: Context) -> None:
    a = ctx.args
    srv = ctx.stack.enter_context(Nginx(tiny=True))
    ends = {
        n: window(srv.url, 100, "--max-pages", str(n), timeout=max(a.timeout, 900))
        for n in (a.mem_base, a.mem_urls)
    }
    lo, hi = ends[a.mem_base], ends[a.mem_urls]
    per = (hi["rss_end_mb"] - lo["rss_end_mb"]) * 2**20 / (hi["records"] - lo["records"])
    ctx.say(
        table(
            [f"RSS@{a.mem_base:,} MB", f"RSS@{a.mem_urls:,} MB", "B/URL (RSS)", "lag p99 ms"],
            [[lo["rss_end_mb"], hi["rss_end_mb"], per, hi["lag_p99_ms"]]],
            title="\n== memory with the window (every view holding its rows) ==",
        )
    )
    ctx.results["memory_gui"] = ends
    ctx.target("memory with window ≤ 4 KB/URL", f"{per:,.0f} B", "4,096 B", 4096 / per)
