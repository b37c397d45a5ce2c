"""Real sites: Debian's python3-doc (526 pages) and rust-doc (~22k URLs) served by nginx.

Side by side, alternating run by run: the chapter's crawler (``chapter.py``, the baseline), ours
headless (``ours.py`` fed to the CLI's Report, as ``gui-crawler crawl`` keeps it, parsing on one
thread), ours with a parser process per core (``parse_processes=None``), Scrapy (python3-doc
only: it needs minutes on rust-doc) and Crawlee if it is installed. Wall time and peak RSS, as ratios to the
chapter's crawler.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from common import median, run_json, table
from sections import Context, section
from servers import Nginx

# Our own sites need none of the politeness a crawl of someone else's needs (ours.py already
# puts every worker on the one host and checks no external link).
OWN_SITE: list[str] = ["--set", "ignore_robots=true", "--set", "use_sitemaps=false"]
TASKS = 10  # the chapter's max_tasks; every crawler gets the same concurrency

SITES = {
    "python-docs": ("python3-doc", Path("/usr/share/doc/python3-doc/html")),
    "rust-docs": ("rust-doc", Path("/usr/share/doc/rust-doc/html")),
}


def ensure_docs(package: str, root: Path) -> Path:
    """The site's directory; installs its Debian package with apt-get when it is missing."""
    if (root / "index.html").exists():
        return root
    if os.geteuid() != 0:
        raise RuntimeError(
            f"{root} is missing and installing it needs root: apt-get install {package}"
        )
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=300)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
        check=True,
        env=env,
        timeout=1200,
    )
    return root


def _crawlers(ctx: Context, url: str, with_peers: bool) -> dict[str, list[str]]:
    ours = ["bench/ours.py", url, "--workers", str(TASKS), "--report", "--set", "timeout=30"]
    ours += OWN_SITE
    runs = {
        "chapter": ["bench/chapter.py", url, "--workers", str(TASKS)],
        "ours": ours,
        "ours, processes": [*ours, "--set", "parse_processes=null"],  # one per core
    }
    if with_peers:
        runs["scrapy"] = ["bench/peers.py", url, str(TASKS)]
        try:
            import crawlee  # noqa: F401

            runs["crawlee"] = ["bench/crawlee_peer.py", url, str(TASKS)]
        except ImportError:
            ctx.say("  crawlee is not installed: pip install 'crawlee[parsel]' to compare it")
    return runs


def _real(ctx: Context, name: str, with_peers: bool) -> None:
    package, root = SITES[name]
    root = ensure_docs(package, root)
    a = ctx.args
    with Nginx(root, mime_types=True) as server:
        url = server.url
        ctx.say(
            f"{name}: {root} served by nginx (pid {server.proc.pid if server.proc else '?'}) at {url}"
        )
        crawlers = _crawlers(ctx, url, with_peers)
        got: dict[str, list[dict]] = {k: [] for k in crawlers}
        for i in range(a.real_runs):
            for who, cmd in crawlers.items():
                try:
                    r = run_json(cmd, a.real_timeout)
                except RuntimeError as e:
                    ctx.say(f"  run {i + 1}: {who} failed: {e}")
                    continue
                # The kernel's high-water mark where the crawler reports it: a sampler (every
                # 50 ms) misses the short peak of one big page's parse.
                r["rss_peak_mb"] = r.get("maxrss_mb", r.get("rss_peak_mb", float("nan")))
                got[who].append(r)
                rss = r["rss_peak_mb"] + r.get("rss_children_peak_mb", 0.0)
                ctx.say(
                    f"  run {i + 1}: {who:15} {r.get('records', r.get('responses', 0)):>7,} urls "
                    f"{r['pages']:>7,} pages {r['elapsed']:7.2f} s  peak RSS {r['rss_peak_mb']:6.0f} MB"
                    f" (+{r.get('rss_children_peak_mb', 0.0):.0f} MB parser processes) = {rss:.0f}"
                )
    base = got["chapter"]
    t0 = median([r["elapsed"] for r in base]) if base else float("nan")
    m0 = median([r["rss_peak_mb"] for r in base]) if base else float("nan")
    rows = []
    for who, runs in got.items():
        if not runs:
            rows.append([who, 0, "-", "-", "-", "-", "-", "-"])
            continue
        t = median([r["elapsed"] for r in runs])
        m = median([r["rss_peak_mb"] for r in runs])
        mc = median([r["rss_peak_mb"] + r.get("rss_children_peak_mb", 0.0) for r in runs])
        rows.append(
            [who, len(runs), runs[0]["pages"], t, f"{t / t0:.2f}x", m, f"{m / m0:.2f}x", mc]
        )
    ctx.say(
        table(
            [
                "crawler",
                "runs",
                "pages",
                "wall s",
                "vs chapter",
                "RSS MB",
                "vs chapter",
                "+children MB",
            ],
            rows,
            title=f"\n== {name}: medians, {TASKS} concurrent requests each ==",
        )
    )
    ctx.results[name] = got
    med = {w: median([r["elapsed"] for r in rs]) for w, rs in got.items() if rs}
    if "ours" in med and base:
        ctx.target(
            f"{name}: wall vs chapter",
            f"{med['ours'] / t0:.2f}x",
            "<= 0.33x",
            0.333 * t0 / med["ours"],
        )
        m_ours = median([r["rss_peak_mb"] for r in got["ours"]])
        ctx.target(
            f"{name}: peak RSS vs chapter", f"{m_ours / m0:.2f}x", "<= 1.5x", 1.5 * m0 / m_ours
        )
    for peer, label, wanted in (("scrapy", "Scrapy", 30), ("crawlee", "Crawlee", 5)):
        if "ours" in med and peer in med:
            times = med[peer] / med["ours"]
            ctx.target(
                f"{name}: vs {label}", f"{times:.1f}x faster", f">= {wanted}x", times / wanted
            )


@section("real-python", "python3-doc on nginx: chapter's crawler vs ours vs Scrapy (vs Crawlee)")
def real_python(ctx: Context) -> None:
    _real(ctx, "python-docs", with_peers=True)


@section("real-rust", "rust-doc (~22k URLs) on nginx: chapter's crawler vs ours, wall and RSS")
def real_rust(ctx: Context) -> None:
    _real(ctx, "rust-docs", with_peers=False)


@section("million", "1,000,000 URLs of tiny pages headless: RSS and rate from 10k to 1M")
def million(ctx: Context) -> None:
    a = ctx.args
    n = a.million_urls
    every = max(1000, n // 100)
    with Nginx(tiny=True) as srv:
        r = run_json(
            [
                "bench/ours.py",
                srv.url,
                "--workers",
                "100",
                "--max-pages",
                str(n),
                "--trace",
                str(every),
            ],
            a.million_timeout,
        )
    trace = r["trace"]
    marks = [m for m in (10_000, 100_000, 250_000, 500_000, 1_000_000) if m <= n]
    rows = []
    prev_n, prev_t = 0, 0.0
    for count, t, rss in trace:
        if count in marks or count == trace[-1][0]:
            rate = (count - prev_n) / (t - prev_t) if t > prev_t else float("nan")
            rows.append([count, t, rss, rate])
            prev_n, prev_t = count, t
    ctx.say(
        table(
            ["records", "seconds", "RSS MB", "URLs/s since previous row"],
            rows,
            title=f"\n== million: {r['records']:,} records, peak RSS {r['maxrss_mb']:.0f} MB ==",
        )
    )
    ctx.results["million"] = r
    if len(rows) >= 3:
        first, last = rows[1], rows[-1]  # the rate from ~100k on; 10k is still the ramp-up
        ctx.target(
            "million: rate at the end vs at 100k",
            f"{last[3] / first[3]:.2f}x",
            ">= 0.9x",
            last[3] / first[3] / 0.9,
        )
        grow = (last[2] - first[2]) * 2**20 / (last[0] - first[0])
        ctx.say(
            f"  RSS growth after {first[0]:,} records: {grow:.0f} B per URL (the seen set and the queue)"
        )


@section("real-parse", "where parsing python3-doc's pages goes, in process (no network)")
def real_parse(ctx: Context) -> None:
    from parse_parts import measure

    package, root = SITES["python-docs"]
    r = measure(ensure_docs(package, root))
    total = r["parse_page"]
    rows = [
        [part, seconds, f"{seconds / total:.0%}"]
        for part, seconds in r.items()
        if part not in ("pages", "parse_page")
    ]
    rows.append(["parse_page (all of it)", total, "100%"])
    ctx.say(
        table(
            ["part", "seconds", "share"],
            rows,
            title=f"\n== real-parse: {r['pages']:.0f} pages of python3-doc, best of 3, one core ==",
        )
    )
    ctx.results["real-parse"] = r


@section("parse-hop", "what a hop to the parser threads costs the loop, against parsing inline")
def parse_hop(ctx: Context) -> None:
    from parse_hop import measure

    rows = [[size, inline, hopped, f"{hopped / inline:.2f}x"] for size, inline, hopped in measure()]
    ctx.say(
        table(
            ["page bytes", "inline µs", "on a thread µs", "thread/inline"],
            rows,
            title="\n== parse-hop: loop-thread CPU per page, 20,000 pages each, 10 coroutines ==",
        )
    )
    ctx.results["parse-hop"] = rows
