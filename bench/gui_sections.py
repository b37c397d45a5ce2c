"""The window's sections of the benchmark: the crawl with the window open against the same crawl
headless, UI lag while it runs, and the worker view at C10K.

Each window run is ``bench/gui.py`` in a process of its own (offscreen Qt, its own qasync loop).
With ``--before REF`` each section runs the code at REF too, alternated, side by side.
"""

from __future__ import annotations

from common import run_json
from sections import Context, c10k_workers, ours, section
from servers import TreeServer


def window(url: str, workers: int, env: dict[str, str], *extra: str, timeout: float = 600) -> dict:
    return run_json(["bench/gui.py", url, "--workers", str(workers), *extra], timeout, env)


@section("gui", "the window open vs headless on the docs site: wall time, UI lag (10 ms heartbeat)")
def gui(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    n = 0

    def measure(env: dict[str, str]) -> dict[str, float]:
        nonlocal n
        n += 1
        h = ours(url, a.workers, timeout=a.timeout, env=env)
        # The window writes a crawl file, as `gui-crawler crawl` does by default.
        db = str(ctx.tmp / f"gui-headless-{n}.sqlite3")
        f = ours(url, a.workers, "--db", db, timeout=a.timeout, env=env)
        b = window(url, a.workers, env, "--no-window", timeout=a.timeout)
        w = window(url, a.workers, env, timeout=a.timeout)
        return {"records": w["records"], "headless s": h["wall"], "headless + crawl file s": f["wall"],
                "engine on qasync s": b["wall"], "window s": w["wall"],
                "window/headless": w["wall"] / h["wall"], "window/with file": w["wall"] / f["wall"],
                "lag p50 ms": w["lag_p50_ms"], "lag p99 ms": w["lag_p99_ms"],
                "lag max ms": w["lag_max_ms"]}  # fmt: skip

    m = ctx.compare(f"window vs headless: {a.pages:,}-page docs site, {a.workers} workers", measure)
    ctx.results["gui"] = m
    ratio, same_work = m["window/headless"], m["window/with file"]
    ctx.target("window wall ≤ 1.2x headless (median)", f"{ratio:.2f}x", "1.2x", 1.2 / ratio)
    both = "window ≤ 1.2x headless, both with a crawl file"
    ctx.target(both, f"{same_work:.2f}x", "1.2x", 1.2 / same_work)
    p99, worst = m["lag p99 ms"], m["lag max ms"]
    ctx.target("window UI lag p99 ≤ 33 ms (median)", f"{p99:.0f} ms", "33 ms", 33 / p99)
    ctx.target("window UI lag max ≤ 200 ms (median)", f"{worst:.0f} ms", "200 ms", 200 / worst)


@section("c10k-gui", "10,000 workers in the window, worker view open: in flight, lag, RSS")
def c10k_gui(ctx: Context) -> None:
    a = ctx.args
    fanout, workers = 100, c10k_workers(ctx)
    srv = ctx.stack.enter_context(TreeServer(fanout=fanout))
    url = srv.root(a.c10k_hold_ms, 1 + fanout + workers)

    def measure(env: dict[str, str]) -> dict[str, float]:
        srv.stats(reset=True)
        r = window(url, workers, env, "--tab", "workers", timeout=a.timeout)
        return {"done": r["records"], "wall s": r["wall"], "peak in flight": srv.stats()["peak"],
                "lag p50 ms": r["lag_p50_ms"], "lag p99 ms": r["lag_p99_ms"],
                "lag max ms": r["lag_max_ms"], "peak RSS MB": r["maxrss_mb"]}  # fmt: skip

    title = f"C10K in the window: {workers:,} workers, responses held {a.c10k_hold_ms / 1000:.0f} s, Workers tab"
    m = ctx.results["c10k_gui"] = ctx.compare(title, measure)
    peak, p99 = m["peak in flight"], m["lag p99 ms"]
    ctx.target("C10K window: in flight ≥ 9,000", f"{peak:,.0f}", "9,000", peak / 9000)
    ctx.target("C10K window: lag p99 ≤ 100 ms", f"{p99:.0f} ms", "100 ms", 100 / p99)
