"""Does the crawler blame a healthy site for its own limits? Many workers against a slow site.

``.venv/bin/python bench/own_limits.py`` (defaults: 20,000 workers, 60,000 pages, each held
1 s): servers on 127.0.0.1, then one crawl of the whole tree in a child process with a time
limit; prints the records' verdicts and error kinds, the worker count the crawl ran with and the
most files it held, as a table and as one JSON line. Every page of the tree answers 200, so
anything other than ``ok`` is the crawler's doing. ``--tree DIR`` crawls with the gui_crawler
package found in DIR (e.g. a ``git archive`` of an earlier commit, its C parts built in place).

The site is several server processes on one port (SO_REUSEPORT): one process alone would run
out of open files itself at 20,000 connections and stall accepting, which a crawl would rightly
see as the site's timeouts. Page ``/<n>`` is held ``--delay-ms``, then links to its children
``n*fanout+1 … n*fanout+fanout`` below ``--pages``, so the crawl fetches exactly that many.

``--fds``: instead, the files a crawl holds besides its sockets (a CLI-like headless crawl with a
crawl file and parser threads), the figure ``engine.FD_RESERVE`` is chosen from.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import PY, ROOT, die_with_parent, free_port, raise_nofile, run_json, table, wait_port

HERE = Path(__file__).resolve()


# ---- the site -----------------------------------------------------------------------------------


def serve(port: int, pages: int, fanout: int, delay_ms: int) -> None:
    """One server process of the site (several share the port); stops on SIGTERM or after 30 min."""
    import contextlib
    import gc

    from aiohttp import web

    raise_nofile()

    async def page(request: web.Request) -> web.Response:
        n = int(request.match_info["n"])
        if n >= pages:
            return web.Response(status=404)
        await asyncio.sleep(delay_ms / 1000)
        kids = range(n * fanout + 1, min(n * fanout + fanout, pages - 1) + 1)
        links = "".join(f'<a href="/{c}">{c}</a>\n' for c in kids)
        return web.Response(
            text=f"<!doctype html><title>{n}</title><body>{links}</body>", content_type="text/html"
        )

    app = web.Application()
    app.router.add_get(r"/{n:\d+}", page)

    async def main() -> None:
        runner = web.AppRunner(app, access_log=None, handle_signals=True)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port, backlog=4096, reuse_port=True).start()
        gc.freeze()
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        with contextlib.suppress(TimeoutError):  # bounded: never outlives its run by much
            await asyncio.wait_for(stop.wait(), timeout=1800)
        await runner.cleanup()

    asyncio.run(main())


class Site:
    """``servers`` processes of :func:`serve` on one free loopback port; stopped by their pids."""

    def __init__(self, servers: int, pages: int, fanout: int, delay_ms: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/0"
        self.args = [str(a) for a in (self.port, pages, fanout, delay_ms)]
        self.n = servers
        self.procs: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Site:
        for _ in range(self.n):
            self.procs.append(
                subprocess.Popen(
                    [PY, str(HERE), "serve", *self.args],
                    stdin=subprocess.DEVNULL,
                    preexec_fn=die_with_parent,
                    env={**os.environ, "PYTHONPATH": str(ROOT / "bench")},
                )
            )
        wait_port(self.port)
        time.sleep(0.5)  # every process listening, not only the first
        return self

    def __exit__(self, *exc: object) -> None:
        for p in self.procs:
            if p.poll() is None:
                os.kill(p.pid, signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.kill(p.pid, signal.SIGKILL)
                p.wait(5)


# ---- the crawl (a child process, the CLI's way: a crawl file, parser threads) --------------------


def open_files() -> int:
    """The files this process holds now (Linux /proc); 0 when none is left to list them."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # listing takes a file too
        return 0


def worst_share(marks: list[tuple[float, float]], span: float) -> float:
    """The largest share of any ``span`` seconds (ending at a tick) the loop was behind."""
    worst, lo, total = 0.0, 0, 0.0
    for t, lag in marks:
        total += lag
        while marks[lo][0] < t - span:
            total -= marks[lo][1]
            lo += 1
        if t - marks[0][0] >= span:
            worst = max(worst, total / span)
    return round(min(worst, 1.0), 2)


def crawl(url: str, workers: int, time_limit: float, count_fds: bool) -> None:
    from gui_crawler import engine
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import CrawlFinished, Event, FetchRecord, Progress
    from gui_crawler.records.verdicts import verdict
    from gui_crawler.session import CrawlSession

    limit = engine.raise_fd_limit()
    config = CrawlConfig(
        roots=(url,),
        max_tasks=workers,
        per_host=workers,
        check_external=False,
        use_sitemaps=False,
        ignore_robots=True,
    )
    verdicts: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    samples: dict[str, str] = {}  # the first message of each error kind
    notices: list[str] = []
    peak = {"files": 0, "busy": 0, "workers": 0}
    last = [0.0]
    # How late each progress tick came (the engine asks for one every progress_interval): how
    # long the crawl's event loop was too busy to run what was due.
    lags: list[float] = []
    marks: list[tuple[float, float]] = []  # (elapsed, lag) of each tick
    prev = [0.0]
    big: list[tuple[float, float, int, int]] = []  # lags over 1 s: (lag, at, records, busy)

    def sink(ev: Event) -> None:
        if type(ev) is FetchRecord:
            verdicts[verdict(ev).value] += 1
            if ev.error_kind:
                kinds[ev.error_kind] += 1
                if ev.error_kind == "Timeout":  # a connection never made, or no answer on it
                    kinds[
                        "Timeout, connecting"
                        if not ev.ttfb_ms and ev.connect_ms >= 4000
                        else "Timeout, waiting for the answer"
                    ] += 1
                samples.setdefault(ev.error_kind, ev.exception or "")
        elif type(ev) is Progress:
            if prev[0]:
                lags.append(max(0.0, ev.elapsed - prev[0] - config.progress_interval))
                marks.append((ev.elapsed, lags[-1]))
                if lags[-1] > 1:
                    big.append((round(lags[-1], 1), round(ev.elapsed, 1), ev.done, ev.busy))
            prev[0] = ev.elapsed
            peak["busy"] = max(peak["busy"], ev.busy)
            peak["workers"] = max(peak["workers"], ev.workers)
            now = time.monotonic()
            if now - last[0] >= 1.0 or count_fds:  # --fds: at every tick
                last[0] = now
                peak["files"] = max(peak["files"], open_files())
        elif type(ev) is not CrawlFinished and hasattr(ev, "text"):  # a Notice (none before it)
            notices.append(ev.text)

    async def main() -> tuple[CrawlFinished, int]:
        with tempfile.TemporaryDirectory() as tmp:
            session = CrawlSession.new(config, Path(tmp) / "crawl.sqlite3")
            crawler = session.start(sink)
            asyncio.get_running_loop().call_later(time_limit, crawler.cancel)
            finished = await crawler.run()
            session.close(finished)
            return finished, crawler.max_workers

    t0 = time.monotonic()
    before = open_files()
    finished, ran_with = asyncio.run(main())
    print(
        json.dumps(
            {
                "fd_limit": limit,
                "asked_workers": workers,
                "max_workers": ran_with,
                "reason": finished.reason,
                "records": finished.done,
                "todo": finished.todo,
                "wall_s": round(time.monotonic() - t0, 1),
                "verdicts": dict(verdicts),
                "kinds": dict(kinds),
                "samples": samples,
                "notices": notices,
                "files_before": before,
                "peak": peak,
                "big_lags": big,
                "loop_lag_s": {
                    "p50": round(statistics.median(lags), 3) if lags else 0,
                    "p99": round(sorted(lags)[int(len(lags) * 0.99)], 3) if lags else 0,
                    "max": round(max(lags), 3) if lags else 0,
                    "total": round(sum(lags), 1),
                    "worst_10s_share": worst_share(marks, 10.0),
                },
            }
        )
    )


# ---- the run ------------------------------------------------------------------------------------


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", type=int, default=20_000)
    p.add_argument("--pages", type=int, default=60_000)
    p.add_argument("--delay-ms", type=int, default=1000)
    p.add_argument("--fanout", type=int, default=10)
    p.add_argument("--servers", type=int, default=3, help="server processes sharing the port")
    p.add_argument("--time-limit", type=float, default=240, help="the crawl is cancelled then")
    p.add_argument("--tree", type=Path, help="crawl with the gui_crawler package in this folder")
    p.add_argument("--fds", action="store_true", help="count the files besides sockets instead")
    args = p.parse_args()
    if args.fds:
        args.workers, args.pages, args.servers, args.delay_ms = 50, 3000, 1, 50
    env = {"PYTHONPATH": f"{args.tree}:{ROOT}" if args.tree else str(ROOT)}
    with Site(args.servers, args.pages, args.fanout, args.delay_ms) as site:
        out = run_json(
            [str(HERE), "crawl", site.url, str(args.workers), str(args.time_limit), str(args.fds)],
            timeout=args.time_limit + 120,
            env=env,
        )
    rows = [[k, v] for k, v in sorted(out["verdicts"].items())]
    rows += [[f"  error kind {k}", v] for k, v in sorted(out["kinds"].items())]
    print(
        table(
            ["verdict", "records"],
            rows,
            f"{out['records']:,} of {args.pages:,} pages, {out['wall_s']} s ({out['reason']}), "
            f"workers asked {args.workers:,}, ran with {out['max_workers']:,} (peak busy "
            f"{out['peak']['busy']:,}), open-file limit {out['fd_limit']:,}, most files held "
            f"{out['peak']['files']:,}"
            + (
                f", {out['peak']['files'] - out['max_workers']} besides one per worker"
                if args.fds
                else ""
            )
            + f"; loop lag {out['loop_lag_s']}",
        )
    )
    for kind, text in sorted(out["samples"].items()):
        print(f"first {kind}: {text}")
    for notice in out["notices"]:
        print("notice:", notice)
    print(json.dumps(out))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        serve(*(int(a) for a in sys.argv[2:6]))
    elif len(sys.argv) > 1 and sys.argv[1] == "crawl":
        crawl(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5] == "True")
    else:
        main()
