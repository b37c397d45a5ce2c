"""The benchmark's sections: each a function ``(ctx) -> None`` registered under a name with
``@section`` (bench/README.md, "Adding a section"), the ``Context`` they share, and the headless
engine's own sections (C10K, memory).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from common import ROOT, Measure, Target, Tree, compare_trees, export_tree, median, run_json, table
from docsite import SiteInfo, generate
from servers import Nginx, TreeServer

SectionFn = Callable[["Context"], None]


class Section(NamedTuple):
    help: str
    run: SectionFn
    by_hand: bool


SECTIONS: dict[str, Section] = {}


def section(name: str, help: str, by_hand: bool = False) -> Callable[[SectionFn], SectionFn]:
    def register(fn: SectionFn) -> SectionFn:
        SECTIONS[name] = Section(help, fn, by_hand)
        return fn

    return register


@dataclass
class Context:
    """What sections share: options, the generated site and its nginx (made once, on demand),
    the trees compared, the report lines and the target verdicts."""

    args: argparse.Namespace
    stack: ExitStack
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="bench-")))
    targets: list[Target] = field(default_factory=list)
    results: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    _site: SiteInfo | None = None
    _docs: Nginx | None = None
    _trees: list[Tree] | None = None

    def __post_init__(self) -> None:
        self.stack.callback(shutil.rmtree, self.tmp, True)

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def target(self, name: str, measured: str, wanted: str, ratio: float) -> None:
        t = Target(name, measured, wanted, ratio)
        self.targets.append(t)
        self.say(f"  target {name}: {measured} vs {wanted} -> {t.verdict} ({ratio:.2f}x)")

    def site(self) -> SiteInfo:
        if self._site is None:
            t = time.perf_counter()
            self._site = s = generate(self.tmp / "site", self.args.pages, seed=self.args.seed)
            self.say(
                f"site: {s.pages:,} pages, {s.bytes / 2**20:.0f} MiB, "
                f"{s.hrefs_min}-{s.hrefs_max} hrefs/page (mean {s.hrefs_mean:.0f}), "
                f"{len(s.redirects)} redirects, {len(s.dead)} dead links; "
                f"generated in {time.perf_counter() - t:.1f} s"
            )
        return self._site

    def docs_url(self) -> str:
        if self._docs is None:
            s = self.site()
            self._docs = self.stack.enter_context(Nginx(s.root, s.redirects))
            self.say(f"nginx serves it at {self._docs.url}")
        return self._docs.url

    def trees(self) -> list[Tree]:
        """This tree, after the code at ``--before REF`` (exported and built once) if given:
        (label, the environment its children run with: PYTHONPATH names the tree)."""
        if self._trees is None:
            self._trees = [("this tree", {"PYTHONPATH": str(ROOT)})]
            if ref := self.args.before:
                self.say(f"exporting {ref} …")
                old = export_tree(ref, self.tmp / f"before-{ref.replace('/', '_')}")
                self._trees.insert(0, (f"before ({Path(ref).name})", {"PYTHONPATH": str(old)}))
        return self._trees

    def compare(self, title: str, measure: Measure) -> dict[str, float]:
        """Every tree measured ``--runs`` times, alternated, the medians printed side by side;
        returns this tree's (the one the targets are about)."""
        meds = compare_trees(self.trees(), self.args.runs, measure, self.say, title)
        return meds["this tree"]


def ours(url: str, workers: int, *extra: str, timeout: float = 300, env: dict | None = None) -> dict:  # fmt: skip
    """ours.py's crawl of ``url`` (our engine headless, a child of its own)."""
    return run_json(["bench/ours.py", url, "--workers", str(workers), *extra], timeout, env)


def c10k_workers(ctx: Context) -> int:
    """``--c10k-workers``, or what this machine's open-file limit leaves room for."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ctx.say(f"  RLIMIT_NOFILE here: soft {soft}, hard {hard} (each process raises soft to hard)")
    if hard < ctx.args.c10k_workers + 500:
        ctx.say(f"  hard limit too low for {ctx.args.c10k_workers} sockets: {max(100, hard - 500)} workers")  # fmt: skip
        return max(100, hard - 500)
    return int(ctx.args.c10k_workers)


@section("c10k", "10,000 workers, every response held 2 s: peak in flight, crawler RSS")
def c10k(ctx: Context) -> None:
    a = ctx.args
    workers = c10k_workers(ctx)
    fanout = 100
    # Root, 100 children, then 10,000 grandchildren released together: all in flight at once.
    srv = ctx.stack.enter_context(TreeServer(fanout=fanout))
    url = srv.root(a.c10k_hold_ms, 1 + fanout + workers)
    rows, runs = [], []
    for _ in range(a.c10k_runs):
        srv.stats(reset=True)
        r = ours(url, workers, timeout=a.timeout)
        st = srv.stats()
        runs.append({"run": r, "server": st})
        fails = {k: v for k, v in r["kinds"].items() if k != "html"}
        rows.append([r["records"], r["elapsed"], st["peak"], st["requests"], r["maxrss_mb"],
                     r["rss_end_mb"], str(fails or "none")])  # fmt: skip
        ctx.say(f"  peak {st['peak']:,} in flight, {r['elapsed']:.1f} s")
    heads = ["done", "secs", "peak in flight (server)", "requests (server)", "peak RSS MB",
             "RSS end MB", "failures"]  # fmt: skip
    ctx.say(table(heads, rows, title=f"\n== C10K: {workers:,} workers, every response held "
                  f"{a.c10k_hold_ms / 1000:.0f} s =="))  # fmt: skip
    peak = median([x["server"]["peak"] for x in runs])
    rss = median([x["run"]["maxrss_mb"] for x in runs])
    ctx.results["c10k"] = runs
    ctx.target("C10K in flight ≥ 9,000 (median)", f"{peak:,.0f}", "9,000", peak / 9000)
    ctx.target("C10K crawler RSS ≤ 400 MB (median)", f"{rss:.0f} MB", "400 MB", 400 / rss)


def per_url(lo: dict, hi: dict, key: str = "rss_end_mb") -> float:
    """Bytes of ``key`` (MB) grown per record between two crawls."""
    return (hi[key] - lo[key]) * 2**20 / (hi["records"] - lo["records"])


@section("memory", "RSS growth per recorded URL from 10k to 200k URLs (tiny pages, nginx)")
def memory(ctx: Context) -> None:
    from concurrent.futures import ThreadPoolExecutor

    a = ctx.args
    srv = ctx.stack.enter_context(Nginx(tiny=True))
    variants = {"count records": [], "keep FetchRecords in a list": ["--keep"]}
    ends: dict[tuple[str, int], dict] = {}
    # RSS does not depend on speed, so the two consumers crawl side by side (one per core).
    with ThreadPoolExecutor(2) as pool:
        for n in (a.mem_base, a.mem_urls):
            futs = {label: pool.submit(ours, srv.url, 100, "--max-pages", str(n), *extra, timeout=a.timeout)
                    for label, extra in variants.items()}  # fmt: skip
            for label, fut in futs.items():
                r = ends[label, n] = fut.result()
                ctx.say(f"  {label:28} {n:>8,} URLs: RSS {r['rss_end_mb']:.1f} MB "
                        f"(peak {r['maxrss_mb']:.1f}), join cache {r['join_cache']:,}")  # fmt: skip
    rows = []
    for label in variants:
        lo, hi = ends[label, a.mem_base], ends[label, a.mem_urls]
        rows.append([label, lo["rss_end_mb"], hi["rss_end_mb"], per_url(lo, hi),
                     per_url(lo, hi, "maxrss_mb")])  # fmt: skip
    heads = ["consumer", f"RSS@{a.mem_base:,} MB", f"RSS@{a.mem_urls:,} MB", "B/URL (RSS)",
             "B/URL (peak RSS)"]  # fmt: skip
    ctx.say(table(heads, rows, title=f"\n== memory: RSS at the end of crawls of {a.mem_base:,} and "
                  f"{a.mem_urls:,} URLs (10 links/page, 100 workers) =="))  # fmt: skip
    ctx.results["memory"] = {f"{k[0]} @ {k[1]}": v for k, v in ends.items()}
    for label, _, _, per, _ in rows:
        ctx.target(f"memory ≤ 2 KB/URL ({label})", f"{per:,.0f} B", "2,048 B", 2048 / per)
