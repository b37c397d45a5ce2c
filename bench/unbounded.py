"""Memory of a crawl that never ends: ``.venv/bin/python bench/unbounded.py [--urls 1000000]``.

nginx (a child on a free loopback port) serves an endless generated site: every page links to ten
new pages one level down (``0/`` … ``9/``; with ``--redirects`` ``0`` … ``9``, each answered by a
301 to its slash) and to three shared ones (``/``, ``/about``, ``/contact``), so the tree never ends and the frontier keeps growing: after R pages fetched about
10·R URLs are taken in, nine in ten of them still queued. The engine crawls it headless in a child
process, with no ``max_pages``, and the child cancels its own crawl once ``--urls`` URLs are taken
in. RSS is sampled every 1% of them; printed: RSS at 100k and at the end, and the slope in bytes
per URL taken in after 100k (end points, and a least-squares fit of every sample after 100k).

``--speed`` measures the crawl's speed instead, where the seen-set check is hottest: Debian's
rust-doc (~22k pages, ~52 links each) on nginx, crawled by ``bench/ours.py`` (10 workers, a
crawl file) with each version alternately, ``--runs`` times; medians of wall and CPU seconds.

``--before REF`` runs the code at REF too (a ``git archive`` of it, its compiled parts built in
place, first on the child's PYTHONPATH), the runs alternated (``--after REF``: another ref in
place of this tree); ``--db`` crawls with a crawl file as
``gui-crawler crawl`` does by default; ``--cli`` runs ``gui-crawler crawl --db FILE`` itself as
the child (its RSS and the file's URLs read from here every 0.5 s, SIGINT at ``--urls``);
``--tracemalloc`` lists what grew most between 100k URLs and
the end, by the line that allocated it (slow: use fewer URLs). Every crawl has a time limit
(``--timeout``); the server and the children are stopped by their pids.
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

from common import die_with_parent, median, raise_nofile, run_json, table


def page(slash: str) -> str:
    """Ten children, relative (so /3/1/ links to /3/1/0/ … /3/1/9/; without ``slash``, to
    /3/1/0 …, which nginx redirects to the slash), and three pages every page links to."""
    return (
        "<!doctype html><html><head><meta charset=utf-8><title>t</title></head><body>"
        + "".join(f'<a href="{k}{slash}">{k}</a> ' for k in range(10))
        + '<a href="/">home</a> <a href="/about">about</a> <a href="/contact">contact</a>'
        + "</body></html>"
    )


FIRST = 100_000  # the slope is measured from here: the start-up and the first resizes left out


def _cpu() -> float:
    """CPU seconds of this process so far (user and system; its threads included)."""
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _crawl(args: argparse.Namespace) -> dict:
    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler
    from gui_crawler.events import Event, FetchRecord, Queued, fanout

    cfg = CrawlConfig(
        roots=(args.url,),
        max_tasks=args.workers,
        per_host=args.per_host or args.workers,
        check_external=False,
    ).validated()
    step = max(1, args.urls // 100)
    trace: list[tuple[int, int, float, int]] = []  # (taken in, records, seconds, RSS bytes)
    counts = {"taken": 0, "records": 0}
    snaps: list = []
    t0 = time.perf_counter()
    crawler: Crawler | None = None
    crawler_cancelled: list[bool] = []

    def sink(ev: Event) -> None:
        if type(ev) is Queued:
            counts["taken"] += 1
            n = counts["taken"]
            if n % step == 0:
                trace.append((n, counts["records"], time.perf_counter() - t0, _rss_bytes()))
                if args.tracemalloc and not snaps and n >= FIRST:
                    import tracemalloc

                    snaps.append(tracemalloc.take_snapshot())
                if n >= args.urls and crawler is not None and not crawler_cancelled:
                    if args.tracemalloc and snaps:
                        import tracemalloc

                        # Before the cancel: it sends the records held back (redirect chains).
                        snaps.append(tracemalloc.take_snapshot())
                    crawler_cancelled.append(True)
                    crawler.cancel()
        elif type(ev) is FetchRecord:
            counts["records"] += 1

    store = None
    full_sink = sink
    if args.db:
        from gui_crawler.storage import CrawlStore

        store = CrawlStore.create(Path(args.db), cfg)
        full_sink = fanout(store.sink, sink)
    crawler = Crawler(cfg, full_sink, before_take=store.durable if store is not None else None)
    fin = await crawler.run()
    if store is not None:
        store.close(fin.reason)
    grew: list[str] = []
    if args.tracemalloc and len(snaps) == 2:
        for stat in snaps[1].compare_to(snaps[0], "lineno")[:15]:
            grew.append(str(stat))
    return {
        "reason": fin.reason,
        "taken": counts["taken"],
        "records": counts["records"],
        "seen": len(crawler.seen),
        "queued": crawler.progress().queued,
        "wall": time.perf_counter() - t0,
        "cpu": _cpu(),
        "trace": trace,
        "grew": grew,
    }


def child(args: argparse.Namespace) -> None:
    die_with_parent()
    raise_nofile()
    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start()
    print(json.dumps(asyncio.run(_crawl(args))))


def cli(url: str, args: argparse.Namespace, env: dict[str, str], tmp: str) -> dict:
    """``gui-crawler crawl URL --db FILE -q`` in a child (``python -m gui_crawler``, so that
    PYTHONPATH picks the tree), watched from here: every 0.5 s the URLs taken in (the crawl
    file's queued rows, read-only) and the child's RSS; SIGINT (the child then writes its report
    and ends) once ``--urls`` are taken in, SIGKILL if it overruns ``--timeout``."""
    import signal
    import sqlite3
    import subprocess

    from common import ROOT

    db = Path(tmp) / f"cli-{time.monotonic_ns()}.sqlite3"
    cmd = [sys.executable, "-m", "gui_crawler", "crawl", url, "--db", str(db), "-q"]
    cmd += ["--max-tasks", str(args.workers), "--per-host", str(args.per_host or args.workers)]
    cmd += ["--no-external", "--ignore-robots", "--no-sitemaps"]
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    trace: list[tuple[int, int, float, int]] = []
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        # Not run from ROOT: ``-m`` puts the working directory first on sys.path.
        cmd,
        env=full_env,
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    page = os.sysconf("SC_PAGE_SIZE")
    taken = 0
    try:
        while proc.poll() is None:
            time.sleep(0.5)
            if time.perf_counter() - t0 > args.timeout:
                raise RuntimeError(f"gui-crawler crawl overran {args.timeout:.0f} s")
            try:
                with open(f"/proc/{proc.pid}/statm") as f:
                    rss = int(f.read().split()[1]) * page
                con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
                try:
                    taken = con.execute("SELECT count(*) FROM queued").fetchone()[0]
                finally:
                    con.close()
            except (OSError, sqlite3.Error):
                continue  # not started, or the file not made yet
            trace.append((taken, 0, time.perf_counter() - t0, rss))
            if taken >= args.urls:
                os.kill(proc.pid, signal.SIGINT)
                break
        _, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if proc.returncode not in (0, 1, 130):
        raise RuntimeError(f"gui-crawler crawl exited {proc.returncode}: {err[-2000:]}")
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    records = con.execute("SELECT count(*) FROM records").fetchone()[0]
    con.close()
    db.unlink(missing_ok=True)
    return {
        "reason": f"exit {proc.returncode}",
        "taken": taken,
        "records": records,
        "seen": taken,
        "queued": taken - records,
        "wall": time.perf_counter() - t0,
        "cpu": float("nan"),
        "trace": trace,
        "grew": [],
    }


def slopes(trace: list[list[float]]) -> tuple[float, float, float, float]:
    """RSS (MB) at FIRST URLs and at the end, and the growth in bytes per URL taken in between
    them: from the two end points, and fitted (least squares) over every sample in between."""
    after = [(n, rss) for n, _rec, _t, rss in trace if n >= FIRST]
    if len(after) < 2:
        return float("nan"), float("nan"), float("nan"), float("nan")
    (n0, r0), (n1, r1) = after[0], after[-1]
    mx = sum(n for n, _ in after) / len(after)
    my = sum(r for _, r in after) / len(after)
    fit = sum((n - mx) * (r - my) for n, r in after) / sum((n - mx) ** 2 for n, _ in after)
    return r0 / 2**20, r1 / 2**20, (r1 - r0) / (n1 - n0), fit


def speed(args: argparse.Namespace, versions: list[tuple[str, dict[str, str]]], tmp: str) -> None:
    """Crawl rust-doc with each version alternately: wall and CPU seconds (the child's own,
    from the rusage of waited-for children), medians."""
    import resource

    from realsites import OWN_SITE, SITES, ensure_docs
    from servers import Nginx

    root = ensure_docs(*SITES["rust-docs"])
    got: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _ in versions}
    with Nginx(root, mime_types=True) as srv:
        for run in range(args.runs):
            for name, env in versions:
                db = Path(tmp) / f"speed-{run}-{len(got[name])}-{name[:6]}.sqlite3"
                cmd = ["bench/ours.py", srv.url, "--workers", "10", "--db", str(db), *OWN_SITE]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                r = run_json(cmd, args.timeout, env)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                got[name].append((r["wall"], cpu, r["records"]))
                print(f"{name} run {run + 1}: {r['records']:,} records, wall {r['wall']:.2f} s, "
                      f"CPU {cpu:.2f} s", flush=True)  # fmt: skip
                db.unlink(missing_ok=True)
    rows = []
    base_cpu = median([c for _, c, _ in got[versions[0][0]]])
    for name, rs in got.items():
        cpu = median([c for _, c, _ in rs])
        rows.append([name, median([n for _, _, n in rs]), median([w for w, _, _ in rs]), cpu,
                     f"{cpu / base_cpu:.3f}x"])  # fmt: skip
    print(table(["tree", "records", "wall s", "CPU s", "CPU ratio"], rows,
                title=f"\n== speed: rust-doc, medians of {args.runs} ==", ))  # fmt: skip


def export(ref: str, dest: Path) -> Path:
    """The code at git ``ref``, built in place under ``dest``; ``ref`` may be such a directory
    already (a tree prepared by hand, its compiled parts built)."""
    if Path(ref).is_dir():
        return Path(ref).resolve()
    from gui_ab import export as git_export

    return git_export(ref, dest)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--urls", type=int, default=1_000_000, help="URLs taken in, then cancel")
    p.add_argument("--workers", type=int, default=100)
    p.add_argument("--per-host", type=int, default=0, help="per-host limit (default: --workers)")
    p.add_argument("--runs", type=int, default=1, help="runs of each version, alternated")
    p.add_argument("--before", default="", help="also the code at this git ref (or built dir)")
    p.add_argument("--after", default="", help="the code at this ref (or dir), not this tree")
    p.add_argument("--db", action="store_true", help="crawl with a crawl file (in a temp dir)")
    p.add_argument("--tracemalloc", action="store_true", help="what grew, by allocating line")
    p.add_argument("--timeout", type=float, default=1800, help="each crawl's limit, s")
    p.add_argument("--speed", action="store_true", help="crawl rust-doc instead: wall and CPU")
    p.add_argument("--redirects", action="store_true", help="each page reached by a 301")
    p.add_argument("--cli", action="store_true", help="gui-crawler crawl --db in the child")
    p.add_argument("--child", default="", metavar="URL", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        args.url = args.child
        if args.db:
            args.db = str(Path(tempfile.mkdtemp(prefix="unbounded-")) / "crawl.sqlite3")
        child(args)
        return
    from servers import Nginx

    with tempfile.TemporaryDirectory(prefix="unbounded-") as tmp:
        versions: list[tuple[str, dict[str, str]]] = []
        if args.before:
            old = export(args.before, Path(tmp) / "before")
            versions.append((f"before ({Path(args.before).name})", {"PYTHONPATH": str(old)}))
        if args.after:
            new = export(args.after, Path(tmp) / "after")
            versions.append((f"after ({Path(args.after).name})", {"PYTHONPATH": str(new)}))
        else:
            versions.append(("this tree", {}))
        if args.speed:
            speed(args, versions, tmp)
            return
        srv = Nginx(tiny=True)
        conf = srv.dir / "nginx.conf"
        body = page("" if args.redirects else "/").replace('"', '\\"')
        text = conf.read_text()
        start = text.index("    location / {")
        end = text.index("\n", start)
        location = f'    location / {{ return 200 "{body}"; }}'
        if args.redirects:
            location += "\n    location ~ [0-9]$ { return 301 $uri/; }"
        conf.write_text(text[:start] + location + text[end:])
        extra = ["--urls", str(args.urls), "--workers", str(args.workers)]
        extra += ["--per-host", str(args.per_host)]
        extra += ["--db"] * args.db + ["--tracemalloc"] * args.tracemalloc
        results: dict[str, list[dict]] = {name: [] for name, _ in versions}
        with srv:
            for run in range(args.runs):
                for name, env in versions:
                    if args.cli:
                        r = cli(srv.url, args, env, tmp)
                    else:
                        child_cmd = ["bench/unbounded.py", "--child", srv.url, *extra]
                        r = run_json(child_cmd, args.timeout, env)
                    results[name].append(r)
                    rss0, rss1, slope, fit = slopes(r["trace"])
                    print(
                        f"{name} run {run + 1}: {r['taken']:,} URLs taken in, {r['records']:,} "
                        f"recorded, {r['queued']:,} queued, {r['wall']:.0f} s ({r['cpu']:.0f} s "
                        f"CPU); RSS {rss0:.0f} MB "
                        f"at {FIRST:,}, {rss1:.0f} MB at the end: {slope:.0f} B/URL "
                        f"(fit {fit:.0f})",
                        flush=True,
                    )
                    for line in r["grew"]:
                        print("   ", line)
        rows = []
        for name, rs in results.items():
            ss = [slopes(r["trace"]) for r in rs]
            rows.append(
                [
                    name,
                    median([r["taken"] for r in rs]),
                    median([r["records"] for r in rs]),
                    median([s[0] for s in ss]),
                    median([s[1] for s in ss]),
                    median([s[2] for s in ss]),
                    median([s[3] for s in ss]),
                    median([r["wall"] for r in rs]),
                    median([r.get("cpu", float("nan")) for r in rs]),
                ]
            )
        print(
            table(
                [
                    "tree",
                    "taken in",
                    "recorded",
                    f"RSS MB at {FIRST // 1000}k",
                    "RSS MB at end",
                    "B/URL",
                    "B/URL fit",
                    "wall s",
                    "CPU s",
                ],
                rows,
                title=f"\n== unbounded: medians of {args.runs} run(s), "
                + ("gui-crawler crawl --db" if args.cli else "")
                + ("" if args.cli else "with a crawl file" if args.db else "no crawl file")
                + " ==",
            )
        )


if __name__ == "__main__":
    sys.exit(main())
