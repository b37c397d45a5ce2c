"""The window's sections: the window against the same crawl headless (a generated docs site) and
against ``gui-crawler crawl`` (a real site, idle and a core busy), UI lag meanwhile; C10K workers.
Each window run is ``bench/gui.py``, a process of its own; ``--before REF``: REF side by side.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from common import PY, run_json, run_measured
from realsites import TASKS, ensure_docs
from sections import Context, c10k_workers, ours, section
from servers import Nginx, TreeServer


def window(url: str, workers: int, env: dict[str, str], *extra: str, timeout: float = 600) -> dict:
    return run_json(["bench/gui.py", url, "--workers", str(workers), *extra], timeout, env)


@section(
    "gui", "the window vs headless (docs site) and the CLI (--real-site, idle, loaded): wall, lag"
)
def gui(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    n = 0

    def measure(env: dict[str, str]) -> dict[str, float]:
        nonlocal n
        n += 1  # the window writes a crawl file, as `gui-crawler crawl` does by default
        f = ours(url, a.workers, "--db", str(ctx.tmp / f"gui-{n}.sqlite3"), timeout=a.timeout, env=env)  # fmt: skip
        w = window(url, a.workers, env, timeout=a.timeout)
        return {"records": w["records"], "headless + crawl file s": f["wall"], "window s": w["wall"],
                "window/with file": w["wall"] / f["wall"], "lag p50 ms": w["lag_p50_ms"],
                "lag p99 ms": w["lag_p99_ms"], "lag max ms": w["lag_max_ms"]}  # fmt: skip

    m = ctx.results["gui"] = ctx.compare(f"window vs headless: {a.pages:,}-page docs site, {a.workers} workers", measure)  # fmt: skip
    r = m["window/with file"]
    ctx.target("window ≤ 1.2x headless, both with a crawl file", f"{r:.2f}x", "1.2x", 1.2 / r)
    p99, worst = m["lag p99 ms"], m["lag max ms"]
    ctx.target("window UI lag p99 ≤ 33 ms (median)", f"{p99:.0f} ms", "33 ms", 33 / p99)
    ctx.target("window UI lag max ≤ 200 ms (median)", f"{worst:.0f} ms", "200 ms", 200 / worst)
    real_site(ctx)


@contextmanager
def core_burner() -> Iterator[None]:
    """A second process spinning on one core meanwhile (stopped by its pid)."""
    proc = subprocess.Popen([PY, "-c", "import time\nend = time.time() + 3600\nwhile time.time() < end: pass"])  # fmt: skip
    try:
        yield
    finally:
        proc.kill()
        proc.wait()


def real_site(ctx: Context) -> None:
    """The window vs ``gui-crawler crawl`` with its crawl file on ``--real-site``, the same settings
    (TASKS workers and a host, no external checks), alternated: each from its crawl's start to end."""
    a, n = ctx.args, 0
    url = ctx.stack.enter_context(Nginx(ensure_docs(a.real_site), mime_types=True)).url
    crawl = ["-m", "gui_crawler", "crawl", url, "--no-external", "--max-tasks", str(TASKS),
             "--per-host", str(TASKS), "--db", "c.sqlite3"]  # fmt: skip

    def cli(env: dict[str, str]) -> float:
        (folder := ctx.tmp / f"cli-{n}").mkdir()
        run_measured(crawl, folder, env)
        said = re.search(r"Finished \d+ urls in ([\d.]+) secs", (folder / "out.txt").read_text())
        return float(said[1]) if said else float("nan")

    def measure(env: dict[str, str]) -> dict[str, float]:
        nonlocal n
        out = {}
        for load in ("idle", "loaded"):
            with core_burner() if load == "loaded" else nullcontext():
                n += 1
                out[f"{load}: load average"] = os.getloadavg()[0]
                runs = {"w": lambda: window(url, TASKS, env, timeout=a.real_timeout), "c": lambda: cli(env)}  # fmt: skip
                got = {k: runs[k]() for k in ("wc" if n % 2 else "cw")}
            w, c = got["w"], got["c"]
            out |= {f"{load}: window s": w["wall"], f"{load}: CLI s": c,
                    f"{load}: window/CLI": w["wall"] / c, f"{load}: lag p99 ms": w["lag_p99_ms"]}  # fmt: skip
        return out

    m = ctx.results["gui-real"] = ctx.compare(f"window vs CLI, {a.real_site}, idle and a core busy", measure)  # fmt: skip
    for load in ("idle", "loaded"):
        r = m[f"{load}: window/CLI"]
        ctx.target(f"{a.real_site}, {load}: window ≤ 1.2x the CLI", f"{r:.2f}x", "1.2x", 1.2 / r)


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
