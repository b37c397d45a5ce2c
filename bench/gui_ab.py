"""The window's figures before and after a change, side by side in one run: ``--only gui-ab``
with ``--before REF`` (a git commit or branch of this repository).

The code at REF is exported (``git archive``) to a scratch directory and put first on the
children's PYTHONPATH; the same ``bench/gui.py`` then drives either version. Runs alternate
between the two, so that drift on a shared machine hits both alike; every figure is a median.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

from common import ROOT, median, run_json, table
from sections import Context, ours, section
from servers import Nginx, TreeServer


def export(ref: str, dest: Path) -> Path:
    """The repository's files at ``ref``, unpacked under ``dest``."""
    blob = subprocess.run(
        ["git", "archive", "--format=tar", ref], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(dest, filter="data")
    if (dest / "setup.py").exists():  # the compiled parser of that version, built in place
        subprocess.run(
            [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
            cwd=dest,
            check=True,
            capture_output=True,
        )
    return dest


def versions(ctx: Context) -> list[tuple[str, dict[str, str]]]:
    ref = ctx.args.before
    if not ref:
        raise SystemExit("gui-ab needs --before REF (a commit or branch to compare with)")
    old = export(ref, ctx.tmp / f"before-{ref.replace('/', '_')}")
    return [(f"before ({ref})", {"PYTHONPATH": str(old)}), ("after (this tree)", {})]


def window(url: str, workers: int, env: dict[str, str], *extra: str, timeout: float) -> dict:
    return run_json(["bench/gui.py", url, "--workers", str(workers), *extra], timeout, env)


def compare(
    ctx: Context,
    title: str,
    measure: Callable[[dict[str, str]], dict[str, float]],
    figures: list[str],
) -> dict[str, dict[str, float]]:
    """``measure(env)`` → figures of one run; prints medians per version and after/before."""
    vs = versions(ctx)
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in vs}
    for i in range(ctx.args.runs):
        order = vs if i % 2 == 0 else vs[::-1]
        for label, env in order:
            r = measure(env)
            runs[label].append(r)
            ctx.say(f"  run {i + 1} {label}: " + ", ".join(f"{k} {r[k]:,.2f}" for k in figures))
    meds = {label: {k: median([r[k] for r in rs]) for k in figures} for label, rs in runs.items()}
    (b, before), (a, after) = meds.items()
    rows = [[k, before[k], after[k], after[k] / before[k] if before[k] else float("nan")]
            for k in figures]  # fmt: skip
    ctx.say(
        table(
            ["figure", b, a, "after/before"],
            rows,
            title=f"\n== {title}, medians of {ctx.args.runs} ==",
        )
    )
    return meds


@section("memory-gui-ab", "memory per URL with the window, --before REF vs this tree")
def memory_gui_ab(ctx: Context) -> None:
    a = ctx.args
    srv = ctx.stack.enter_context(Nginx(tiny=True))

    def measure(env: dict[str, str]) -> dict[str, float]:
        lo, hi = (
            window(srv.url, 100, env, "--max-pages", str(n), timeout=max(a.timeout, 900))
            for n in (a.mem_base, a.mem_urls)
        )
        per = (hi["rss_end_mb"] - lo["rss_end_mb"]) * 2**20 / (hi["records"] - lo["records"])
        return {"B/URL": per, f"RSS@{a.mem_urls} MB": hi["rss_end_mb"]}

    meds = compare(ctx, f"memory with the window, {a.mem_base:,} → {a.mem_urls:,} URLs", measure,
                   ["B/URL", f"RSS@{a.mem_urls} MB"])  # fmt: skip
    ctx.results["memory_gui_ab"] = meds


@section("c10k-gui-ab", "C10K in the window (Workers tab), --before REF vs this tree")
def c10k_gui_ab(ctx: Context) -> None:
    a = ctx.args
    fanout, workers = 100, a.c10k_workers
    srv = ctx.stack.enter_context(TreeServer(fanout=fanout))
    url = srv.root(a.c10k_hold_ms, 1 + fanout + workers)

    def measure(env: dict[str, str]) -> dict[str, float]:
        srv.stats(reset=True)
        r = window(url, workers, env, "--tab", "workers", timeout=a.timeout)
        return {
            "peak in flight": srv.stats()["peak"],
            "lag p99 ms": r["lag_p99_ms"],
            "lag p50 ms": r["lag_p50_ms"],
            "wall s": r["wall"],
        }

    meds = compare(ctx, f"C10K in the window, {workers:,} workers", measure,
                   ["peak in flight", "lag p50 ms", "lag p99 ms", "wall s"])  # fmt: skip
    ctx.results["c10k_gui_ab"] = meds


@section("gui-ab", "the window vs headless on the docs site, --before REF vs this tree")
def gui_ab(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()

    def measure(env: dict[str, str]) -> dict[str, float]:
        h = ours(url, a.workers, timeout=a.timeout)  # headless, this tree's engine for both
        w = window(url, a.workers, env, timeout=a.timeout)
        return {
            "window/headless": w["wall"] / h["wall"],
            "window wall s": w["wall"],
            "lag p99 ms": w["lag_p99_ms"],
        }

    meds = compare(ctx, f"window vs headless, {a.pages:,}-page docs site, {a.workers} workers",
                   measure, ["window/headless", "window wall s", "lag p99 ms"])  # fmt: skip
    ctx.results["gui_ab"] = meds
