"""JavaScript rendering side by side in one run: ``--only render`` (``make bench ARGS="--only
render"``), or ``python bench/render.py`` alone.

Three crawlers render every page with the same system Chromium, the same number of pages at once
(CONCURRENCY), and wait for each page's late link (a fetch() then a timer): ours (``gui-crawler
crawl --render all``: its own settle rule), Crawlee's PlaywrightCrawler (npm ``crawlee`` with
``playwright-core``, ``executablePath`` the system's Chromium, ``networkidle``) and
scrapy-playwright (``wait_until="networkidle"``). Two sites, each served by nginx on loopback:
a generated single-page app of APP_PAGES URLs whose every link its script builds, and the Python
docs (Debian ``python3-doc``, DOCS_DEPTH levels of links, off-site never contacted). Every browser
is held to loopback (``--host-resolver-rules=MAP * ~NOTFOUND``; ours answers every request
itself). Figures: pages/s, the peak PSS and the CPU time of each crawler's whole process tree
(the browser's processes included), sampled every SAMPLE seconds; ours also where a rendered
page's time went. CPU a page is the figure a loaded machine changes least.

With ``--before REF`` (alone: ``bench/render.py --ab REF``): the docs crawl without
``--render``, REF vs this tree, alternated (RUNS_AB each, median): what rendering's code costs a
crawl that does not render. REF must share this tree's dependencies (the branch's merge base).

The machine is shared: the figures to quote are the ratios of one run.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from gui_crawler.render.browser import descendants, find_browser  # noqa: E402

CONCURRENCY = 8
APP_PAGES = 33  # and as many late pages, the root and the script: 68 URLs
LATE_MS = 300
FANOUT = 3
DOCS_DEPTH = 1
SAMPLE = 0.2
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
RUNS_AB = 7
TIMEOUT = 600.0
CRAWLEE = Path.home() / ".cache" / "gui_crawler-bench" / "crawlee"
PEER_ARGS = [
    # Crawlee sends every request through a proxy of its own at 127.0.0.1, which the rule spares.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--no-sandbox",
]

# ---- the generated single-page app -------------------------------------------------------------

SHELL = """<!doctype html><html><head><meta charset="utf-8"><title>Loading…</title>
<meta name="description" content="shell"></head><body><div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript>
<script src="/app.js"></script></body></html>"""
APP_JS = """(function () {
  var pages = PAGES, key = location.pathname, root = document.getElementById("root");
  var i = pages.indexOf(key.replace("/late", ""));
  document.title = "Page " + key;
  var h = document.createElement("h1"); h.textContent = key; root.appendChild(h);
  function link(href) {
    var a = document.createElement("a"); a.href = href; a.textContent = "to " + href;
    root.appendChild(a);
  }
  for (var k = 1; k <= FANOUT; k++) link(pages[(i + k + pages.length) % pages.length]);
  fetch("/api" + (i < 0 ? "/p0/" : pages[i]) + "late.json").then(function (r) { return r.json(); })
    .then(function (d) { setTimeout(function () { link(d.late); }, LATE_MS); });
})();"""


def make_app(root: Path, n: int = APP_PAGES) -> set[str]:
    """The app's files under ``root``; the paths of its pages (the root's, /pK/, /late/pK/)."""
    pages = [f"/p{k}/" for k in range(n)]
    script = (
        APP_JS.replace("PAGES", json.dumps(pages))
        .replace("FANOUT", str(FANOUT))
        .replace("LATE_MS", str(LATE_MS))
    )
    (root / "api").mkdir(parents=True, exist_ok=True)
    (root / "app.js").write_text(script)
    (root / "index.html").write_text(SHELL)
    for p in pages:
        for path in (p, "/late" + p):
            (root / path.strip("/")).mkdir(parents=True, exist_ok=True)
            (root / path.strip("/") / "index.html").write_text(SHELL)
        (root / "api" / p.strip("/")).mkdir(parents=True, exist_ok=True)
        (root / "api" / p.strip("/") / "late.json").write_text(json.dumps({"late": "/late" + p}))
    return {"/", *pages, *("/late" + p for p in pages)}


# ---- the peers ----------------------------------------------------------------------------------

CRAWLEE_JS = r"""
import { PlaywrightCrawler, Configuration } from "crawlee";
import { chromium } from "playwright-core";
const [start, conc, depth, exe, args] = process.argv.slice(2);
const origin = new URL(start).origin;
const visited = [];
const crawler = new PlaywrightCrawler({
  launchContext: { launcher: chromium, launchOptions: { executablePath: exe, args: JSON.parse(args) } },
  headless: true,
  minConcurrency: +conc, maxConcurrency: +conc,
  browserPoolOptions: { useFingerprints: false },
  navigationTimeoutSecs: 30, requestHandlerTimeoutSecs: 60, maxRequestRetries: 1,
  async requestHandler({ page, request, enqueueLinks }) {
    await page.waitForLoadState("networkidle");
    visited.push(request.loadedUrl || request.url);
    const d = request.userData.depth || 0;
    if (+depth && d >= +depth) return;
    await enqueueLinks({ strategy: "same-origin", regexps: [/\/$|\.html$/],
                         transformRequestFunction: (r) => { r.userData = { depth: d + 1 }; return r; } });
  },
}, new Configuration({ persistStorage: false }));
await crawler.run([start]);
console.log(JSON.stringify({ visited }));
"""


def scrapy_playwright(url: str, conc: int, depth: int, exe: str) -> None:
    """The scrapy-playwright crawl (run in a child: ``bench/render.py --scrapy URL N D EXE``)."""
    import scrapy
    from scrapy.crawler import CrawlerProcess

    visited: list[str] = []
    origin = "/".join(url.split("/", 3)[:3]) + "/"
    meta = {"playwright": True, "playwright_page_goto_kwargs": {"wait_until": "networkidle"}}

    class Rendered(scrapy.Spider):
        name = "rendered"

        async def start(self):  # type: ignore[no-untyped-def]
            yield scrapy.Request(url, meta=meta)

        def parse(self, response):  # type: ignore[no-untyped-def]
            visited.append(response.url)
            for href in response.css("a::attr(href)").getall():
                target = response.urljoin(href).split("#", 1)[0]
                if target.startswith(origin) and target.endswith(("/", ".html")):
                    yield scrapy.Request(target, meta=meta)

    process = CrawlerProcess(
        {
            "TWISTED_REACTOR": "twisted.internet.asyncioreactor.AsyncioSelectorReactor",
            "DOWNLOAD_HANDLERS": {
                "http": "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler",
                "https": "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler",
            },
            "PLAYWRIGHT_BROWSER_TYPE": "chromium",
            "PLAYWRIGHT_LAUNCH_OPTIONS": {"executable_path": exe, "args": PEER_ARGS},
            "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT": conc,
            "CONCURRENT_REQUESTS": conc,
            "CONCURRENT_REQUESTS_PER_DOMAIN": conc,
            "DEPTH_LIMIT": depth,
            "ROBOTSTXT_OBEY": False,
            "LOG_LEVEL": os.environ.get("SCRAPY_LOG", "ERROR"),
            "TELNETCONSOLE_ENABLED": False,
        }
    )
    process.crawl(Rendered)
    process.start()
    print(json.dumps({"visited": visited}))


# ---- running and measuring ----------------------------------------------------------------------


def tree_pss(pid: int, cpu: dict[int, float] | None = None) -> int:
    """Bytes of PSS of ``pid`` and every process under it; ``cpu`` keeps each one's CPU seconds
    so far (user and system: a process that ends between two samples loses its last ones)."""
    total = 0
    for p in (pid, *descendants(pid)):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
            if cpu is not None:
                with open(f"/proc/{p}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                cpu[p] = (int(fields[11]) + int(fields[12])) / TICK
        except OSError:
            continue
    return total


def measured(argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> dict:
    """Run a crawl; its seconds, the peak PSS of its process tree, and its stdout's last line."""
    peak = 0
    done = threading.Event()
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    cpu: dict[int, float] = {}

    def sample() -> None:
        nonlocal peak
        while not done.wait(SAMPLE):
            peak = max(peak, tree_pss(proc.pid, cpu))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    secs = time.perf_counter() - t0
    done.set()
    sampler.join()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{argv[:3]} exited {proc.returncode}: {err[-1500:]}")
    last = out.strip().splitlines()[-1] if out.strip() else "{}"
    return {"secs": secs, "peak_mb": peak / 2**20, "cpu": sum(cpu.values()), "out": last}


def ours(url: str, depth: int, db: Path) -> tuple[dict, set[str], dict[str, float]]:
    argv = [
        sys.executable, "-m", "gui_crawler", "crawl", url, "--render", "all", "--no-external",
        "--ignore-robots", "--no-sitemaps", "--max-tasks", str(2 * CONCURRENCY),
        "--render-tabs", str(CONCURRENCY), "--per-host", str(CONCURRENCY), "--db", str(db), "-q",
    ]  # fmt: skip
    if depth:
        argv += ["--max-depth", str(depth)]
    got = measured(argv, cwd=ROOT)
    from gui_crawler.records.rendering import detail
    from gui_crawler.storage.fileformat import iter_records

    rendered = [r for r in iter_records(db, links=False) if r.rendered]
    phases: dict[str, list[float]] = {}
    for r in rendered:
        for name, ms in detail(r.render).get("ms", {}).items():
            phases.setdefault(name, []).append(ms)
        phases.setdefault("whole render", []).append(r.render_ms)
        phases.setdefault("fetch+parse", []).append(
            r.wait_ms + r.dns_ms + r.connect_ms + r.ttfb_ms + r.download_ms + r.parse_ms
        )
    return got, {r.url for r in rendered}, {k: statistics.mean(v) for k, v in phases.items()}


def crawlee(url: str, depth: int, exe: str) -> tuple[dict, set[str]] | None:
    if not (CRAWLEE / "node_modules" / "crawlee").is_dir():
        if shutil.which("npm") is None:
            return None
        CRAWLEE.mkdir(parents=True, exist_ok=True)
        (CRAWLEE / "package.json").write_text('{"name": "crawlee-peer", "private": true}')
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "crawlee@3.18.1",
             "playwright-core@1.65.1"],
            cwd=CRAWLEE, check=True, capture_output=True, timeout=600,
            env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"},
        )  # fmt: skip
    script = CRAWLEE / "peer.mjs"
    script.write_text(CRAWLEE_JS)
    with tempfile.TemporaryDirectory() as storage:
        got = measured(
            ["node", str(script), url, str(CONCURRENCY), str(depth), exe, json.dumps(PEER_ARGS)],
            cwd=CRAWLEE,
            env={"CRAWLEE_STORAGE_DIR": storage, "CRAWLEE_LOG_LEVEL": "ERROR"},
        )
    return got, set(json.loads(got["out"]).get("visited", []))


def scrapy_peer(url: str, depth: int, exe: str) -> tuple[dict, set[str]] | None:
    try:
        import scrapy_playwright  # noqa: F401
    except ImportError:
        return None
    got = measured(
        [sys.executable, __file__, "--scrapy", url, str(CONCURRENCY), str(depth), exe], cwd=ROOT
    )
    return got, set(json.loads(got["out"]).get("visited", []))


def compare(say, url: str, depth: int, expected: set[str] | None, tmp: Path) -> dict[str, dict]:
    """Each crawler once on ``url``: a table of pages, seconds, pages/s, peak PSS."""
    exe = find_browser()
    assert exe is not None, "no Chromium: apt-get install chromium"
    rows: dict[str, dict] = {}
    got, pages, phases = ours(url, depth, tmp / f"ours-{time.monotonic_ns()}.sqlite3")
    rows["gui_crawler"] = {**got, "pages": pages}
    for name, run in (("Crawlee PlaywrightCrawler", crawlee), ("scrapy-playwright", scrapy_peer)):
        try:
            peer = run(url, depth, exe)
        except Exception as e:  # a peer that fails is said, the others still measured
            say(f"  {name} failed: {type(e).__name__}: {str(e)[:300]}")
            continue
        if peer is None:
            say(f"  {name} is not installed (pip install '.[bench]'; npm for Crawlee)")
            continue
        rows[name] = {**peer[0], "pages": peer[1]}
    base = url.rstrip("/")
    for r in rows.values():
        found = {u.removeprefix(base) for u in r["pages"]}
        r["n"] = len(found)
        r["rate"] = len(found) / r["secs"]
        r["missed"] = len(expected - found) if expected is not None else None
    say(f"  {'crawler':28} {'pages':>6} {'secs':>7} {'pages/s':>8} {'peak PSS MB':>12} "
        f"{'CPU ms/page':>12} missed")  # fmt: skip
    for name, r in rows.items():
        missed = "" if r["missed"] is None else str(r["missed"])
        r["cpu_ms"] = 1000 * r["cpu"] / max(1, r["n"])
        say(
            f"  {name:28} {r['n']:6d} {r['secs']:7.1f} {r['rate']:8.2f} "
            f"{r['peak_mb']:12.0f} {r['cpu_ms']:12.0f} {missed}"
        )
    say(
        "  ours, mean ms per rendered page: " + ", ".join(f"{k} {v:.0f}" for k, v in phases.items())
    )
    return rows


def without_render_ab(say, url: str, before: str, tmp: Path) -> None:
    """The docs crawl without --render, REF vs this tree, alternated; medians and the ratio."""
    from common import export_tree

    old = export_tree(before, tmp / "before")
    times: dict[str, list[float]] = {"before": [], "after": []}
    argv = [sys.executable, "-m", "gui_crawler", "crawl", url, "--no-external", "--no-db", "-q"]
    for _ in range(RUNS_AB):
        for name, path in (("before", old), ("after", ROOT)):
            got = measured(argv, cwd=path, env={"PYTHONPATH": str(path)})
            times[name].append(got["secs"])
    b, a = statistics.median(times["before"]), statistics.median(times["after"])
    say(f"  without --render: {before} {b:.2f} s, this tree {a:.2f} s (median of {RUNS_AB}): "
        f"after/before {a / b:.2f}")  # fmt: skip


def run(say, before: str = "", tmp: Path | None = None, docs: bool = True) -> dict:
    from realsites import SITES, ensure_docs
    from servers import Nginx

    tmp = tmp or Path(tempfile.mkdtemp(prefix="bench-render-"))
    load = os.getloadavg()
    say(f"  load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
    results = {}
    expected = make_app(tmp / "app")
    with Nginx(tmp / "app", mime_types=True) as app:
        say(f"  single-page app: {len(expected) + 1} URLs ({len(expected)} pages and the "
            f"script), late links after fetch() + {LATE_MS} ms; {CONCURRENCY} pages at once")  # fmt: skip
        results["app"] = compare(say, app.url, 0, expected, tmp)
    if not docs:
        return results
    package, _ = SITES["python-docs"]
    with Nginx(ensure_docs("python-docs"), mime_types=True) as docs:
        say(f"  Python docs ({package}), {DOCS_DEPTH} levels of links, --no-external")
        results["docs"] = compare(say, docs.url + "index.html", DOCS_DEPTH, None, tmp)
        if before:
            without_render_ab(say, docs.url, before, tmp)
    return results


try:
    from sections import Context, section

    @section("render", "JavaScript rendering vs Crawlee and scrapy-playwright (system Chromium)")
    def render_section(ctx: Context) -> None:
        results = run(ctx.say, ctx.args.before, ctx.tmp)
        app = results["app"]
        ours_rate = app["gui_crawler"]["rate"]
        peers = [r for name, r in app.items() if name != "gui_crawler"]
        if peers:
            best = max(peers, key=lambda r: r["rate"])
            ctx.target("render pages/s vs the better peer", f"{ours_rate:.1f}/s",
                       f"2x {best['rate']:.1f}/s", ours_rate / (2 * best["rate"]))  # fmt: skip
            ours_mb = app["gui_crawler"]["peak_mb"]
            ctx.target("render peak PSS vs the better peer", f"{ours_mb:.0f} MB",
                       f"<= {best['peak_mb']:.0f} MB", best["peak_mb"] / ours_mb)  # fmt: skip
        ctx.target("render pages/s", f"{ours_rate:.1f}/s", ">= 10/s", ours_rate / 10)
        ctx.results["render"] = {
            site: {k: {f: v for f, v in r.items() if f != "pages"} for k, r in rows.items()}
            for site, rows in results.items()
        }
except ImportError:  # run alone, without bench/run.py's sections
    pass


if __name__ == "__main__":
    if sys.argv[1:2] == ["--scrapy"]:
        url_, conc_, depth_, exe_ = sys.argv[2:6]
        scrapy_playwright(url_, int(conc_), int(depth_), exe_)
    else:
        # bench/render.py [--app] [REF]: the app alone; REF for the without-render comparison
        # (bench/render.py --ab REF: that comparison alone)
        if sys.argv[1:2] == ["--ab"]:
            from realsites import ensure_docs
            from servers import Nginx

            with Nginx(ensure_docs("python-docs"), mime_types=True) as site:
                without_render_ab(print, site.url, sys.argv[2], Path(tempfile.mkdtemp()))
            sys.exit(0)
        app_only = "--app" in sys.argv[1:]
        refs = [a for a in sys.argv[1:] if a != "--app"]
        run(print, refs[0] if refs else "", docs=not app_only)
