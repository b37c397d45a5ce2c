"""Real sites: Debian's python3-doc (526 pages) and rust-doc (~22k URLs) served by nginx.

Side by side, alternating run by run: the chapter's crawler (``chapter.py``, the baseline), ours
headless (``ours.py`` fed to the CLI's Report, as ``gui-crawler crawl`` keeps it), ours also
writing its crawl file (``--db``, what ``gui-crawler crawl`` does by default), Scrapy
(python3-doc only: it needs minutes on rust-doc) and Crawlee if it is installed. Wall time and peak RSS, as ratios to the chapter's
crawler. ``crawl_alternated`` and ``summary`` serve real-pure (pure.py) too.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from common import apt_install, median, run_json, table
from sections import Context, section
from servers import Nginx

# Our own sites need none of the politeness a crawl of someone else's needs (ours.py already
# puts every worker on the one host and checks no external link); the CLI's flags for the same.
OWN_SITE = ["--set", "ignore_robots=true", "--set", "use_sitemaps=false"]
OWN_SITE_CLI = ["--no-external", "--ignore-robots", "--no-sitemaps"]
TASKS = 10  # the chapter's max_tasks; every crawler gets the same concurrency
WALL_GOAL = {"python-docs": 0.25, "rust-docs": 0.30}  # ours vs the chapter's crawler (issue 42)
SITES = {
    "python-docs": ("python3-doc", Path("/usr/share/doc/python3-doc/html")),
    "rust-docs": ("rust-doc", Path("/usr/share/doc/rust-doc/html")),
}
Crawl = tuple[list[str], dict[str, str] | None]  # a child's command line and environment
MakeCrawl = Callable[[str, int], Crawl]  # (url, run) -> the crawl of that run


def chapter_cmd(url: str, _run: int) -> Crawl:
    """The chapter's crawler, as crawl_alternated runs it."""
    return ["bench/chapter.py", url, "--workers", str(TASKS)], None


def ensure_docs(name: str) -> Path:
    """The directory of the site ``name`` (a key of SITES); installs its Debian package with
    apt-get when it is missing."""
    package, root = SITES[name]
    if not (root / "index.html").exists():
        apt_install(package)
    return root


def ours_cmd(url: str, *extra: str) -> list[str]:
    """ours.py as the real-site sections run it: the CLI's Report, 10 workers, our own site."""
    return ["bench/ours.py", url, "--workers", str(TASKS), "--report", "--set", "timeout=30",
            *OWN_SITE, *extra]  # fmt: skip


def crawl_alternated(ctx: Context, name: str, crawlers: dict[str, MakeCrawl], runs: int) -> dict[str, list[dict]]:  # fmt: skip
    """Each crawler (``(url, run) -> Crawl``) ``runs`` times on the site ``name`` served by nginx,
    each run's order rotated so that drift on a shared machine hits all alike."""
    root = ensure_docs(name)
    got: dict[str, list[dict]] = {k: [] for k in crawlers}
    with Nginx(root, mime_types=True) as server:
        ctx.say(f"{name}: {root} served by nginx at {server.url}")
        for i in range(runs):
            order = list(crawlers)[i % len(crawlers) :] + list(crawlers)[: i % len(crawlers)]
            for who in order:
                cmd, env = crawlers[who](server.url, i)
                try:
                    r = run_json(cmd, ctx.args.real_timeout, env)
                except RuntimeError as e:
                    ctx.say(f"  run {i + 1}: {who} failed: {e}")
                    continue
                # The kernel's high-water mark where the crawler reports it: a sampler (every
                # 200 ms) misses the short peak of one big page's parse.
                r["rss_peak_mb"] = r.get("maxrss_mb", r.get("rss_peak_mb", float("nan")))
                r["run"] = i
                got[who].append(r)
                kids = r.get("rss_children_peak_mb", 0.0)
                ctx.say(f"  run {i + 1}: {who:15} {r.get('records', r.get('responses', 0)):>7,} urls "
                        f"{r['pages']:>7,} pages {r['elapsed']:7.2f} s  peak RSS {r['rss_peak_mb']:6.0f} MB"
                        + (f" (+{kids:.0f} MB parser processes)" if kids else ""))  # fmt: skip
    return got


def summary(ctx: Context, title: str, got: dict[str, list[dict]], vs: tuple[str, ...]) -> dict:
    """A table of medians, wall and peak RSS also as ratios to each crawler of ``vs``; returns
    the medians, {who: (wall, RSS)}."""
    med = {who: (median([r["elapsed"] for r in rs]), median([r["rss_peak_mb"] for r in rs]))
           for who, rs in got.items() if rs}  # fmt: skip
    rows = []
    for who, rs in got.items():
        t, m = med.get(who, (float("nan"), float("nan")))
        kids = median([r["rss_peak_mb"] + r.get("rss_children_peak_mb", 0.0) for r in rs])
        ratios = [
            f"{x / med[v][k]:.2f}x" if v in med else "-" for k, x in ((0, t), (1, m)) for v in vs
        ]
        rows.append([who, len(rs), rs[0]["pages"] if rs else "-", t, m, *ratios, kids])
    heads = ["crawler", "runs", "pages", "wall s", "RSS MB", *(f"{k} vs {v}" for k in ("wall", "RSS") for v in vs),
             "+children MB"]  # fmt: skip
    ctx.say(table(heads, rows, title=f"\n== {title} =="))
    return med


def _real(ctx: Context, name: str, with_peers: bool) -> None:
    crawlers: dict[str, MakeCrawl] = {
        "chapter": chapter_cmd,
        "ours": lambda url, _: (ours_cmd(url), None),
        # what `gui-crawler crawl` does by default (issue 42's figure): every record in a file
        "ours, crawl file": lambda url, i: (ours_cmd(url, "--db", f"{files}/run{i}.db"), None),
    }
    if with_peers:
        crawlers["scrapy"] = lambda url, _: (["bench/peers.py", url, str(TASKS)], None)
        try:
            import crawlee  # noqa: F401

            crawlers["crawlee"] = lambda url, _: (["bench/crawlee_peer.py", url, str(TASKS)], None)
        except ImportError:
            ctx.say("  crawlee is not installed: pip install 'crawlee[parsel]' to compare it")
    with tempfile.TemporaryDirectory(prefix="bench-real-") as files:
        got = ctx.results[name] = crawl_alternated(ctx, name, crawlers, ctx.args.real_runs)
    med = summary(ctx, f"{name}: medians, {TASKS} concurrent requests each", got, ("chapter",))
    for ours in ("ours", "ours, crawl file"):
        if ours in med and "chapter" in med:
            (t0, m0), (t, m) = med["chapter"], med[ours]
            ctx.target(f"{name}: {ours}, wall vs chapter", f"{t / t0:.2f}x", f"<= {WALL_GOAL[name]}x", WALL_GOAL[name] * t0 / t)  # fmt: skip
            ctx.target(f"{name}: {ours}, peak RSS vs chapter", f"{m / m0:.2f}x", "<= 1.5x", 1.5 * m0 / m)  # fmt: skip
    for peer, label, wanted in (("scrapy", "Scrapy", 40), ("crawlee", "Crawlee", 5)):
        if "ours" in med and peer in med:
            times = med[peer][0] / med["ours"][0]
            ctx.target(f"{name}: vs {label}", f"{times:.1f}x faster", f">= {wanted}x", times / wanted)  # fmt: skip


@section("real-python", "python3-doc on nginx: chapter's crawler vs ours vs Scrapy (vs Crawlee)")
def real_python(ctx: Context) -> None:
    _real(ctx, "python-docs", with_peers=True)


@section("real-rust", "rust-doc (~22k URLs) on nginx: chapter's crawler vs ours, wall and RSS")
def real_rust(ctx: Context) -> None:
    _real(ctx, "rust-docs", with_peers=False)
