"""A crawl on many machines through Redis (gui_crawler/cluster), measured on this one.

* ``rust-doc`` (~22k URLs, nginx on loopback, ``--no-external``) by one process (``gui-crawler
  crawl``, the reference) and by 1, 2 and 4 nodes through a redis-server of its own (``crawl
  --cluster`` plus ``cluster work`` processes): wall time, CPU (every process, nginx left out;
  redis-server's own), the same URL set checked, each URL once in the collected file;
* Redis's memory per URL taken in: the seen set alone (``--seen-urls`` synthetic URLs taken in
  through the Lua, ``used_memory`` before and after), and the whole crawl's peak on rust-doc.

The machine has 2 cores: more nodes than cores cannot go faster here; the figures say what a node
costs (CPU per URL, Redis calls) so that a wider cluster can be reckoned on paper (README, *Many
machines*). Then ``--render all`` on render.py's generated JavaScript app (every late link found),
one process vs 1, 2 and 3 nodes, each with its own browser (``--render-only 1,2,3``: that alone).

``python bench/cluster.py [--nodes 1,2,4] [--runs 1]`` or ``make bench ARGS="--only cluster"``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import contextlib

from common import PY, ROOT, median, table
from realsites import OWN_SITE_CLI, ensure_docs
from redisserver import RedisServer
from render import CONCURRENCY, LATE_MS, SAMPLE, make_app, tree_pss
from sections import Context, section
from servers import Nginx

WORKERS = 10  # per node, as the one-process crawl has
PER_HOST = 64  # one host: the cluster-wide per-host limit must not be what limits
CRAWL = [*OWN_SITE_CLI, "-q"]


def _cli(*args: str) -> list[str]:
    return [PY, "-m", "gui_crawler", *args]


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _redis_info(port: int, section_: str) -> dict[str, str]:
    out = subprocess.run(
        ["redis-cli", "-p", str(port), "INFO", section_], capture_output=True, text=True, check=True
    ).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def _counted(port: int, field: str) -> int:
    """One of the crawl's counts (taken, recorded…) in the redis-server at ``port``; 0 before
    the crawl is there."""
    keys = subprocess.run(
        ["redis-cli", "-p", str(port), "--scan", "--pattern", "gc:*:n"],
        capture_output=True, text=True, check=False,
    ).stdout.split()  # fmt: skip
    if not keys:
        return 0
    got = subprocess.run(
        ["redis-cli", "-p", str(port), "HGET", keys[0], field],
        capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    return int(got) if got.isdigit() else 0


def _urls(path: Path, where: str = "1", column: str = "url") -> list:
    db = sqlite3.connect(path)
    try:
        return [u for (u,) in db.execute(f"SELECT {column} FROM records WHERE {where}")]
    finally:
        db.close()


def one_process(url: str, tmp: Path) -> dict:
    db = tmp / f"one-{time.monotonic_ns()}.sqlite3"
    cpu, t = _cpu_children(), time.perf_counter()
    subprocess.run(
        _cli("crawl", url, *CRAWL, "--max-tasks", str(WORKERS), "--db", str(db)),
        check=False, stdout=subprocess.DEVNULL, cwd=ROOT, timeout=1800,
    )  # fmt: skip
    wall, cpu = time.perf_counter() - t, _cpu_children() - cpu
    urls = _urls(db)
    db.unlink()
    return {"wall": wall, "cpu": cpu, "urls": set(urls), "rows": len(urls)}


def _start(url: str, redis: str, db: Path, nodes: int, *extra: str) -> tuple:
    """The starter (``crawl --cluster``, which writes the collected file) and ``nodes - 1``
    ``cluster work`` nodes, each with the one-process crawl's worker count."""
    starter = subprocess.Popen(
        _cli("crawl", url, *CRAWL, "--cluster", redis, "--db", str(db), *extra,
             "--max-tasks", str(WORKERS), "--per-host", str(PER_HOST)),
        cwd=ROOT, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    work = _cli("cluster", "work", redis, "--workers", str(WORKERS), "--no-db", "-q")
    return starter, [subprocess.Popen(work, cwd=ROOT) for _ in range(nodes - 1)]


def cluster(url: str, nodes: int, tmp: Path) -> dict:
    """``nodes`` nodes (the starter and nodes - 1 ``cluster work``) on a fresh redis-server."""
    with RedisServer(tmp / f"redis-{nodes}-{time.monotonic_ns()}") as redis:
        db = tmp / f"cluster-{nodes}-{time.monotonic_ns()}.sqlite3"
        base_mem = int(_redis_info(redis.port, "memory")["used_memory"])
        cpu, t = _cpu_children(), time.perf_counter()
        starter, workers = _start(url, redis.url, db, nodes)
        peak = base_mem
        taken = 0
        while starter.poll() is None:
            time.sleep(0.25)
            with contextlib.suppress(subprocess.CalledProcessError, KeyError, ValueError):
                peak = max(peak, int(_redis_info(redis.port, "memory")["used_memory"]))
            taken = max(taken, _counted(redis.port, "taken"))
        for w in workers:
            w.wait(120)
        wall = time.perf_counter() - t
        cpu_info = _redis_info(redis.port, "cpu")
        redis_cpu = float(cpu_info["used_cpu_user"]) + float(cpu_info["used_cpu_sys"])
        cpu = _cpu_children() - cpu
    urls = _urls(db)
    db.unlink()
    return {
        "wall": wall,
        "cpu": cpu,
        "redis_cpu": redis_cpu,
        "urls": set(urls),
        "rows": len(urls),
        "peak_per_url": (peak - base_mem) / max(1, taken),
    }


def killed_midway(url: str, tmp: Path, reference: set[str]) -> dict:
    """Three nodes, one killed with -9 once the crawl has recorded a third of ``reference``:
    the collected file must hold exactly ``reference``, each URL once."""
    import signal

    with RedisServer(tmp / f"redis-kill-{time.monotonic_ns()}") as redis:
        db = tmp / f"kill-{time.monotonic_ns()}.sqlite3"
        t = time.perf_counter()
        starter, nodes = _start(url, redis.url, db, 3, "--lease", "5")
        killed_at = 0
        while starter.poll() is None and not killed_at:
            time.sleep(0.2)
            got = _counted(redis.port, "recorded")
            if got >= len(reference) // 3:
                os.kill(nodes[0].pid, signal.SIGKILL)
                killed_at = got
        starter.wait(1800)
        nodes[0].wait(10)
        nodes[1].wait(120)
        wall = time.perf_counter() - t
    urls = _urls(db)
    db.unlink()
    return {
        "wall": wall,
        "killed_at": killed_at,
        "rows": len(urls),
        "exact": set(urls) == reference and len(urls) == len(set(urls)),
    }


def rendered(url: str, nodes: int, tmp: Path) -> dict:
    """render.py's app, ``--render all``: one process (``nodes`` 0) or ``nodes`` nodes; the CPU of
    every process tree, browsers included, sampled as render.py does (not nginx's, not Redis's)."""
    from gui_crawler.cluster.axis import NODE_SPAN  # a worker id tells its node

    db = tmp / f"render-{nodes}-{time.monotonic_ns()}.sqlite3"
    each, tasks = ["--render", "all", "--render-tabs", str(CONCURRENCY)], str(2 * CONCURRENCY)
    redis = RedisServer(tmp / f"redis-r{nodes}-{time.monotonic_ns()}") if nodes else None
    crawl = _cli("crawl", url, *CRAWL, *each, "--max-tasks", tasks, "--per-host", str(PER_HOST),
                 "--db", str(db), *(["--cluster", redis.url] if redis else []))  # fmt: skip
    with redis or contextlib.nullcontext():
        cpu, t = {}, time.perf_counter()  # CPU seconds by pid
        procs = [subprocess.Popen(crawl, cwd=ROOT, stdout=subprocess.DEVNULL)]
        if redis:
            work = _cli("cluster", "work", redis.url, "--workers", tasks, *each, "--no-db", "-q")
            procs += [subprocess.Popen(work, cwd=ROOT) for _ in range(nodes - 1)]
        while any(p.poll() is None for p in procs) and time.perf_counter() - t < 600:
            for p in procs:
                tree_pss(p.pid, cpu)
            time.sleep(SAMPLE)
        for p in procs:  # out of time: stopped (a no-op for those that ended), the rows say so
            p.terminate()
        wall = time.perf_counter() - t
        info = _redis_info(redis.port, "cpu") if redis else {}
    nodes_of, pages = _urls(db, "rendered", f"worker / {NODE_SPAN}"), _urls(db, "rendered")
    split = "+".join(str(nodes_of.count(k)) for k in sorted(set(nodes_of)))
    return {"wall": wall, "cpu": sum(cpu.values()), "split": f"{len(pages)} ({split})",
            "redis_cpu": float(info.get("used_cpu_user", 0)) + float(info.get("used_cpu_sys", 0)),
            "pages": {u.removeprefix(url.rstrip("/")) for u in pages}}  # fmt: skip


def render_table(nodes: list[int], runs: int, say=print) -> dict:
    """One process vs ``nodes`` nodes on the app, alternated ``runs`` times; medians."""
    tmp, got = Path(tempfile.mkdtemp(prefix="bench-render-")), {n: [] for n in [0, *nodes]}
    try:
        expected = make_app(tmp / "app")
        with Nginx(tmp / "app", mime_types=True) as app:
            say(f"--render all on the generated app ({len(expected)} pages, late links after "
                f"fetch() + {LATE_MS} ms); load average {os.getloadavg()[0]:.2f}")  # fmt: skip
            for n in [*got] * runs:  # alternated
                got[n].append(rendered(app.url, n, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out, rows = {}, []
    for n, g in got.items():
        r = out[n] = {k: median([x[k] for x in g]) for k in ("wall", "cpu", "redis_cpu")}
        r["all_found"] = all(x["pages"] == expected for x in g)
        rows.append([f"{n} node(s)" if n else "one process", f"{r['wall']:.1f}", f"{r['cpu']:.1f}",
                     f"{r['redis_cpu']:.1f}", f"{r['wall'] / out[0]['wall']:.2f}",
                     g[0]["split"], "yes" if r["all_found"] else "NO"])  # fmt: skip
    say(table(["app, --render all", "wall s", "CPU s", "redis CPU s", "wall ratio",
               "rendered (by node)", "same URLs, late links"], rows))  # fmt: skip
    say(f"load average after: {os.getloadavg()[0]:.2f}")
    return out


def seen_set_bytes(n: int, tmp: Path, listpack: int = 0) -> dict:
    """Redis memory per URL of the seen set alone: ``n`` URLs taken in, then the queue they went
    to dropped, so that what stays is the seen set. ``listpack``: hash-max-listpack-entries set
    first (0: Redis's default, 128), as a crawl of more than 8 million URLs needs."""
    from gui_crawler.cluster.address import RedisAddress
    from gui_crawler.cluster.shared import SharedCrawl, connect
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import Queued

    with RedisServer(tmp / f"redis-seen-{time.monotonic_ns()}") as redis:

        async def main() -> dict:
            client = await connect(RedisAddress.parse(redis.url))
            try:
                if listpack:
                    await client.config_set("hash-max-listpack-entries", listpack)
                cfg = CrawlConfig(roots=("http://127.0.0.1:1/",)).validated()
                shared = await SharedCrawl.create(client, "seen", cfg)
                assert shared is not None
                before = int((await client.info("memory"))["used_memory"])
                t = time.perf_counter()
                for start in range(0, n, 2000):
                    batch = [
                        (Queued(f"http://127.0.0.1:1/page/{i}/x.html", 10, 1, None), False)
                        for i in range(start, min(n, start + 2000))
                    ]
                    await shared.take_in("bench", batch)
                took = time.perf_counter() - t
                # What stays: the seen set (the queue of one host emptied).
                await client.delete(shared.key("q:http://127.0.0.1:1"), shared.key("ready"))
                after = int((await client.info("memory"))["used_memory"])
                return {"per_url": (after - before) / n, "take_in_rate": n / took}
            finally:
                await client.aclose()

        return asyncio.run(main())


def measure(nodes: list[int], runs: int, seen_urls: int, say=print, rendering=(1, 2, 3)) -> dict:
    root = ensure_docs("rust-docs")
    tmp = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
    results: dict = {"load": os.getloadavg()}
    try:
        with Nginx(root) as nginx:
            say(f"rust-doc served by nginx at {nginx.url}; load average {results['load'][0]:.2f}")
            one = [one_process(nginx.url, tmp) for _ in range(runs)]
            reference = one[0]["urls"]
            rows = [["one process", f"{median([r['wall'] for r in one]):.1f}",
                     f"{median([r['cpu'] for r in one]):.1f}", "", "1.00", one[0]["rows"], "", ""]]  # fmt: skip
            base = median([r["wall"] for r in one])
            results["one"] = {"wall": base, "cpu": median([r["cpu"] for r in one])}
            for n in nodes:
                got = [cluster(nginx.url, n, tmp) for _ in range(runs)]
                same = all(g["urls"] == reference and g["rows"] == len(g["urls"]) for g in got)
                wall = median([g["wall"] for g in got])
                results[f"nodes-{n}"] = {
                    "wall": wall,
                    "cpu": median([g["cpu"] for g in got]),
                    "redis_cpu": median([g["redis_cpu"] for g in got]),
                    "peak_per_url": median([g["peak_per_url"] for g in got]),
                    "same_urls": same,
                }
                r = results[f"nodes-{n}"]
                rows.append([f"{n} node(s)", f"{wall:.1f}", f"{r['cpu']:.1f}",
                             f"{r['redis_cpu']:.1f}", f"{wall / base:.2f}", got[0]["rows"],
                             "yes" if same else "NO", f"{r['peak_per_url']:.0f}"])  # fmt: skip
            say(table(["rust-doc", "wall s", "CPU s", "redis CPU s", "wall ratio", "URLs",
                       "same URLs, once", "Redis peak B/URL"], rows))  # fmt: skip
            kill = killed_midway(nginx.url, tmp, reference)
            results["killed"] = kill
            say(f"3 nodes, one killed with -9 after {kill['killed_at']:,} records: "
                f"{kill['rows']:,} URLs collected in {kill['wall']:.1f} s; the one-process "
                f"crawl's set, each once: {'yes' if kill['exact'] else 'NO'}")  # fmt: skip
        seen = seen_set_bytes(seen_urls, tmp)
        results["seen"] = seen
        say(f"seen set: {seen['per_url']:.1f} B per URL over {seen_urls:,} URLs; take-in "
            f"{seen['take_in_rate']:,.0f} URLs/s through the Lua")  # fmt: skip
        results["load_after"] = os.getloadavg()
        say(f"load average after: {results['load_after'][0]:.2f} (2 cores, shared)")
        results["render"] = render_table(list(rendering), runs, say)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


@section(
    "cluster",
    "rust-doc by 1, 2, 4 nodes through Redis vs one process; Redis B/URL; --render all by 1-3",
    by_hand=True,
)
def cluster_section(ctx: Context) -> None:
    ctx.results["cluster"] = measure([1, 2, 4], 1, 1_000_000, ctx.say)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--nodes", default="1,2,4", help="node counts (1,2,4)")
    p.add_argument("--runs", type=int, default=1, help="runs of each, median (1)")
    p.add_argument("--seen-urls", type=int, default=1_000_000, help="URLs for the seen set")
    p.add_argument(
        "--seen-only", type=int, default=0, metavar="ENTRIES",
        help="only the seen set, with hash-max-listpack-entries ENTRIES",
    )  # fmt: skip
    p.add_argument("--render-only", metavar="NODES", help="only --render all on the app (1,2,3)")
    args = p.parse_args()
    if args.render_only:
        print(json.dumps(render_table([int(x) for x in args.render_only.split(",")], args.runs)))
        return 0
    if args.seen_only:
        tmp = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
        try:
            seen = seen_set_bytes(args.seen_urls, tmp, args.seen_only)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        print(f"seen set: {seen['per_url']:.1f} B per URL over {args.seen_urls:,} URLs "
              f"(hash-max-listpack-entries {args.seen_only})")  # fmt: skip
        return 0
    res = measure([int(x) for x in args.nodes.split(",")], args.runs, args.seen_urls)
    res.pop("urls", None)
    print(json.dumps(res, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
