"""The benchmark's sections: each a function ``(ctx) -> None`` registered under a name.

A new section (the GUI benchmark, say) is one more ``@section("gui", "…")`` function here or in a
module imported by run.py; ``--only gui`` then runs it alone. A section prints its own table with
``ctx.say`` and adds pass/miss lines with ``ctx.target``.
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
from typing import Any

from common import OUT, ROOT, Target, median, run_json, table
from docsite import SiteInfo, generate
from servers import Nginx, TreeServer

SectionFn = Callable[["Context"], None]
SECTIONS: dict[str, tuple[str, SectionFn]] = {}


def section(name: str, help: str) -> Callable[[SectionFn], SectionFn]:
    def register(fn: SectionFn) -> SectionFn:
        SECTIONS[name] = (help, fn)
        return fn

    return register


@dataclass
class Context:
    """What sections share: options, the generated site and its nginx (made once, on demand),
    the report lines and the target verdicts."""

    args: argparse.Namespace
    stack: ExitStack
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="bench-")))
    targets: list[Target] = field(default_factory=list)
    results: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    _site: SiteInfo | None = None
    _docs: Nginx | None = None

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
            self._site = generate(self.tmp / "site", self.args.pages, seed=self.args.seed)
            s = self._site
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
            self.say(
                f"nginx (pid {self._docs.proc.pid if self._docs.proc else '?'}) serves it at {self._docs.url}"
            )
        return self._docs.url


def ours(url: str, workers: int, *extra: str, timeout: float = 300) -> dict:
    return run_json(["bench/ours.py", url, "--workers", str(workers), *extra], timeout)


# ---- 1+2. headless: our engine vs Scrapy on the docs site -----------------------------------


@section("headless", "our engine vs Scrapy (CrawlSpider) on the generated docs site, nginx")
def headless(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    mine: list[dict] = []
    peer: list[dict] = []
    for i in range(max(a.runs, a.peer_runs)):
        # Alternate, so that drift on a shared machine hits both alike.
        if i < a.runs:
            r = ours(url, a.workers, timeout=a.timeout)
            mine.append(r)
            ctx.say(
                f"  run {i + 1}: ours   {r['pages']:>6,} pages in {r['elapsed']:6.1f} s = {r['pages_per_s']:7.1f}/s"
            )
        if i < a.peer_runs:
            try:
                r = run_json(["bench/peers.py", url, str(a.workers)], a.peer_timeout)
            except RuntimeError as e:
                ctx.say(f"  run {i + 1}: scrapy failed: {e}")
                continue
            peer.append(r)
            ctx.say(
                f"  run {i + 1}: scrapy {r['pages']:>6,} pages in {r['elapsed']:6.1f} s = {r['pages_per_s']:7.1f}/s"
            )
    rows = []
    for name, runs in (("gui_crawler", mine), ("scrapy", peer)):
        if not runs:
            rows.append([name, 0, "-", "-", "-", "-", "-"])
            continue
        rates = [r["pages_per_s"] for r in runs]
        resp = runs[0].get("records", runs[0].get("responses"))
        rows.append(
            [
                name,
                len(runs),
                median(rates),
                f"{min(rates):.1f}-{max(rates):.1f}",
                runs[0]["pages"],
                resp,
                median([r["elapsed"] for r in runs]),
            ]
        )
    ctx.say(
        table(
            [
                "crawler",
                "runs",
                "pages/s (median)",
                "range",
                "pages (200, unique)",
                "responses",
                "secs (median)",
            ],
            rows,
            title=f"\n== headless: {ctx.site().pages:,}-page docs site, {a.workers} workers ==",
        )
    )
    ours_rate = median([r["pages_per_s"] for r in mine])
    peer_rate = median([r["pages_per_s"] for r in peer]) if peer else float("nan")
    ratio = ours_rate / peer_rate
    counts = {r["pages"] for r in mine}, {r["pages"] for r in peer}
    same = counts[0] == counts[1] and len(counts[0]) == 1
    ctx.say(
        f"  ratio ours/scrapy: {ratio:.2f}x; same page count: {'yes' if same else 'NO'} "
        f"(ours {sorted(counts[0])}, scrapy {sorted(counts[1])}, site {ctx.site().pages})"
    )
    ctx.say(
        f"  ours' kinds: {mine[0]['kinds']}; scrapy statuses: {peer[0]['statuses'] if peer else '-'}"
    )
    ctx.results["headless"] = {"ours": mine, "scrapy": peer, "ratio": ratio}
    ctx.target("headless ≥ 30x Scrapy", f"{ratio:.2f}x", "30x", ratio / 30)


# ---- link extraction ------------------------------------------------------------------------


@section("linkx", "link-extraction cost per page on the docs site (in process)")
def linkx(ctx: Context) -> None:
    from linkx import measure

    s = ctx.site()
    r = measure(s.root, s.paths, ctx.args.linkx_pages)
    ctx.results["linkx"] = r
    rows = [
        ["decode bytes → str", r["decode_us"]],
        ["parse + select link elements (lexbor)", r["parse_select_us"]],
        ["extract_links, URL caches cold", r["extract_cold_us"]],
        ["extract_links, URL caches warm", r["extract_warm_us"]],
        ["  of which join/normalise (cold - parse)", r["extract_cold_us"] - r["parse_select_us"]],
        ["  of which join/normalise (warm - parse)", r["extract_warm_us"] - r["parse_select_us"]],
        [
            "parse_page(bytes), the engine's entry, caches cold",
            r.get("parse_page_cold_us", float("nan")),
        ],
        [
            "  the same before the audit fields (links only)",
            r.get("before_audit_cold_us", float("nan")),
        ],
    ]
    if "audit_fields_cost" in r:
        cost = r["audit_fields_cost"]
        ctx.target("audit fields ≤ 15% per page", f"x{cost:.3f}", "x1.15", 1.15 / cost)
    if "scrapy_extract_us" in r:
        rows.append(["Scrapy LinkExtractor (for comparison)", r["scrapy_extract_us"]])
    ctx.say(
        table(
            ["step", "µs/page"],
            rows,
            title=f"\n== link extraction: {r['pages']} pages of {r['kb_per_page']:.0f} KB, "
            f"{r['hrefs_per_page']:.0f} hrefs/page ({r['unique_hrefs_per_page']:.0f} "
            f"unique, {r['links_per_page']:.0f} links out) ==",
        )
    )


# ---- profile --------------------------------------------------------------------------------


@section("profile", "py-spy: where our engine spends its time (docs site, tiny pages)")
def profile(ctx: Context) -> None:
    import json

    from hotspots import spy

    top = 14
    tiny = ctx.stack.enter_context(Nginx(tiny=True))
    runs = [("docs site", ctx.docs_url(), 0), ("tiny pages", tiny.url, ctx.args.profile_tiny)]
    out = {}
    for label, url, cap in runs:
        args = ["bench/ours.py", url, "--workers", str(ctx.args.workers), "--max-pages", str(cap)]
        try:
            stdout, hot = spy(args, timeout=ctx.args.timeout, env={"PYTHONPATH": str(ROOT)})
            # py-spy writes its own lines to stdout too: take the child's JSON line.
            r = json.loads([ln for ln in stdout.splitlines() if ln.startswith("{")][-1])
            how = "py-spy, all threads, idle excluded"
        except (RuntimeError, IndexError, ValueError) as e:
            # No ptrace here, say: pyinstrument in process (main thread only).
            ctx.say(f"  py-spy failed ({e}); falling back to pyinstrument")
            r = ours(
                url,
                ctx.args.workers,
                "--profile",
                str(top),
                "--max-pages",
                str(cap),
                timeout=ctx.args.timeout,
            )
            hot = r["hotspots"]
            how = "pyinstrument, main thread only"
        r["hotspots"] = hot
        out[label] = r
        ctx.say(
            f"\n== profile, {label}: {r['records']:,} records at {r['records_per_s']:.0f}/s "
            f"while sampled; {hot['total_s']:.1f} s of CPU samples ({how}) =="
        )
        if hot.get("threads"):
            ctx.say(
                table(
                    ["thread", "s", "share"],
                    [[k, v[0], f"{v[1]:.0%}"] for k, v in hot["threads"].items()],
                )
            )
        ctx.say(
            table(
                ["package (self time)", "s", "share"],
                [[k, v[0], f"{v[1]:.0%}"] for k, v in hot["areas"].items() if v[1] >= 0.005],
            )
        )
        for key, head, n in (
            ("functions", "function (self time)", top),
            ("lines", "line (self time)", 10),
            ("inclusive", "gui_crawler function (inclusive)", 10),
        ):
            if hot.get(key):
                ctx.say(
                    table(
                        [head, "s", "share"], [[k[:90], v, f"{p:.1%}"] for k, v, p in hot[key][:n]]
                    )
                )
        if how.startswith("py-spy"):
            # The same crawl counting only the GIL holder: Python work without GIL waits.
            try:
                _, gil = spy(
                    args, timeout=ctx.args.timeout, env={"PYTHONPATH": str(ROOT)}, gil=True
                )
            except RuntimeError as e:
                ctx.say(f"  py-spy --gil failed: {e}")
                continue
            r["hotspots_gil"] = gil
            ctx.say(f"  holding the GIL: {gil['total_s']:.1f} s of samples")
            ctx.say(
                table(
                    ["GIL holder: thread", "s", "share"],
                    [[k, v[0], f"{v[1]:.0%}"] for k, v in gil["threads"].items()],
                )
            )
            ctx.say(
                table(
                    ["GIL holder: function (self time)", "s", "share"],
                    [[k[:90], v, f"{p:.1%}"] for k, v, p in gil["functions"][:10]],
                )
            )
    ctx.results["profile"] = out


# ---- 4. concurrency scaling -----------------------------------------------------------------


@section("scaling", "pages/s against 100 ms latency for 1…1000 workers; bench/out/scaling.png")
def scaling(ctx: Context) -> None:
    from chart import scaling_chart

    a = ctx.args
    latency = a.latency_ms / 1000
    srv = ctx.stack.enter_context(TreeServer(fanout=10))
    # The ceiling: the same tiny pages without latency, so the crawler's CPU is the limit.
    # CPU-bound figures drift on a shared machine: those take the median of several runs.
    caps = [
        ours(srv.root(0, a.cap_pages), 100, "--steady", timeout=a.timeout)["steady_per_s"]
        for _ in range(a.scale_runs)
    ]
    cap = median(caps)
    ctx.say(
        f"  CPU-bound rate (same server, 0 ms, 100 workers): {cap:,.0f} pages/s "
        f"(median of {', '.join(f'{c:,.0f}' for c in caps)})"
    )
    rows, points = [], []
    for w in a.scale_workers:
        ideal = min(w / latency, cap)
        total = max(30, int(ideal * a.scale_secs))
        n = a.scale_runs if w / latency >= cap / 2 else 1  # latency-bound points barely vary
        runs = [
            ours(srv.root(a.latency_ms, total), w, "--steady", timeout=a.timeout) for _ in range(n)
        ]
        rate = median([r["steady_per_s"] for r in runs])
        r = sorted(runs, key=lambda r: r["steady_per_s"])[len(runs) // 2]
        points.append((w, rate))
        rows.append(
            [w, total, len(runs), r["elapsed"], r["records_per_s"], rate, ideal, rate / ideal]
        )
        each = ", ".join(f"{x['steady_per_s']:,.0f}" for x in runs)
        ctx.say(
            f"  {w:>5} workers: {rate:,.1f}/s steady ({r['records_per_s']:,.1f}/s overall)"
            + (f", median of {each}" if n > 1 else "")
        )
    ctx.say(
        table(
            ["workers", "pages", "runs", "secs", "overall/s", "steady/s", "ideal/s", "of ideal"],
            rows,
            title=f"\n== scaling: {a.latency_ms} ms per page; ideal = min(workers ÷ latency, "
            f"{cap:,.0f}/s CPU-bound); steady = between 10% and 90% of records ==",
        )
    )
    png = scaling_chart(OUT / "scaling.png", points, latency, cap)
    ctx.say(f"  chart: {png}")
    ctx.results["scaling"] = {"cap": cap, "rows": rows}
    for w, _, _, _, _, rate, ideal, frac in rows:
        ctx.target(
            f"scaling {w} workers ≥ 80% of ideal",
            f"{rate:,.0f}/s",
            f"{0.8 * ideal:,.0f}/s",
            frac / 0.8,
        )


# ---- 5. C10K --------------------------------------------------------------------------------


@section("c10k", "10,000 workers, every response held 2 s: peak in flight, crawler RSS")
def c10k(ctx: Context) -> None:
    import resource

    a = ctx.args
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ctx.say(f"  RLIMIT_NOFILE here: soft {soft}, hard {hard} (each process raises soft to hard)")
    workers = a.c10k_workers
    if hard < workers + 500:
        workers = max(100, hard - 500)
        ctx.say(f"  hard limit too low for {a.c10k_workers} sockets: using {workers} workers")
    fanout = 100
    # Root, 100 children, then 10,000 grandchildren released together: all in flight at once.
    total = 1 + fanout + workers
    srv = ctx.stack.enter_context(TreeServer(fanout=fanout))
    plan = [("engine as is", [])] * a.c10k_runs
    if a.c10k_whatif:
        # Not a target: shows how much of the shortfall is the cyclic GC walking 10k tasks.
        plan.append(("what-if: gc gen0 threshold 100k", ["--gc-threshold", "100000"]))
    rows, runs = [], []
    for label, extra in plan:
        srv.stats(reset=True)
        r = ours(srv.root(a.c10k_hold_ms, total), workers, *extra, timeout=a.timeout)
        st = srv.stats()
        fails = {k: v for k, v in r["kinds"].items() if k != "html"}
        runs.append((label, r, st))
        rows.append(
            [
                label,
                r["records"],
                r["elapsed"],
                st["peak"],
                st["requests"],
                r["maxrss_mb"],
                r["rss_end_mb"],
                str(fails or "none"),
            ]
        )
        ctx.say(f"  {label}: peak {st['peak']:,} in flight, {r['elapsed']:.1f} s")
    ctx.say(
        table(
            [
                "run",
                "done",
                "secs",
                "peak in flight (server)",
                "requests (server)",
                "peak RSS MB",
                "RSS end MB",
                "failures",
            ],
            rows,
            title=f"\n== C10K: {workers:,} workers, {total:,} pages, every response held "
            f"{a.c10k_hold_ms / 1000:.0f} s ==",
        )
    )
    mine = [(r, st) for label, r, st in runs if label == "engine as is"]
    peak = median([st["peak"] for _, st in mine])
    rss = median([r["maxrss_mb"] for r, _ in mine])
    ctx.results["c10k"] = [{"label": lb, "run": r, "server": st} for lb, r, st in runs]
    ctx.target("C10K in flight ≥ 9,000 (median)", f"{peak:,.0f}", "9,000", peak / 9000)
    ctx.target("C10K crawler RSS ≤ 400 MB (median)", f"{rss:.0f} MB", "400 MB", 400 / rss)


# ---- 6. memory per URL ----------------------------------------------------------------------


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
            futs = {
                label: pool.submit(
                    ours, srv.url, 100, "--max-pages", str(n), *extra, timeout=a.timeout
                )
                for label, extra in variants.items()
            }
            for label, fut in futs.items():
                r = ends[label, n] = fut.result()
                ctx.say(
                    f"  {label:28} {n:>8,} URLs: RSS {r['rss_end_mb']:.1f} MB "
                    f"(peak {r['maxrss_mb']:.1f}), join cache {r['join_cache']:,}"
                )
    rows = []
    for label in variants:
        lo, hi = ends[label, a.mem_base], ends[label, a.mem_urls]
        per = (hi["rss_end_mb"] - lo["rss_end_mb"]) * 2**20 / (hi["records"] - lo["records"])
        per_max = (hi["maxrss_mb"] - lo["maxrss_mb"]) * 2**20 / (hi["records"] - lo["records"])
        rows.append([label, lo["rss_end_mb"], hi["rss_end_mb"], per, per_max])
    ctx.say(
        table(
            [
                "consumer",
                f"RSS@{a.mem_base:,} MB",
                f"RSS@{a.mem_urls:,} MB",
                "B/URL (RSS)",
                "B/URL (peak RSS)",
            ],
            rows,
            title=f"\n== memory: RSS at the end of crawls of {a.mem_base:,} and "
            f"{a.mem_urls:,} URLs (10 links/page, 100 workers) ==",
        )
    )
    ctx.results["memory"] = {f"{k[0]} @ {k[1]}": v for k, v in ends.items()}
    for label, _, _, per, _ in rows:
        ctx.target(f"memory ≤ 2 KB/URL ({label})", f"{per:,.0f} B", "2,048 B", 2048 / per)
