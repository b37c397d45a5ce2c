"""The window on a generated site of a million pages: ``.venv/bin/python bench/window_million.py``.

nginx (a child on a free loopback port) serves pages ``/p/N`` for N in [0, ``--pages``) from a few
regex locations (``return 200`` with the captures; no files): N's tree children ``/p/N0`` …
``/p/N9`` (none for the longest N, so every page is below ``--pages``; /p/0's are /p/1 … /p/9), its
parent, its ten siblings and thirty shared navigation pages (/p/1 … /p/30): 51 links a page, a
title and h1 of its own. A crawl of /p/0 takes in exactly ``--pages`` pages (checked against
nginx's log: every /p/ path requested once, nothing else but robots.txt and sitemap.xml).

The real MainWindow, offscreen, in a child process with a time limit: external checks off,
``--workers`` workers (the window's default otherwise) and as many per host, Start. While it runs,
a 10 ms QTimer heartbeat (lag = actual interval - 10 ms) and RSS every second. At the end: wall
time; RSS before and after gc + malloc_trim; peak RSS; lag p50/p99/max over the crawl; then for each
visible column of the pages table the time to sort it ascending (the header's sort indicator set,
as a click does) until the model has laid its rows out anew, the proxy's row count and row 0's
data read back and the rows are painted; a
word typed into the filter box until the proxy's row count settles (the box's debounce included),
and the filter cleared likewise. The window is closed, and a fresh window in a fresh process opens
the crawl file: ``open_crawl(path)`` until row 0 of the pages table is readable and painted (and
until every row is there). Each target of the issue is printed with pass or miss.

    --pages N       a power of ten, at least 1,000 (default 1,000,000; 10,000 for a smoke run)
    --workers N     worker coroutines (default: the window's)
    --time-limit S  the crawl is cancelled after S seconds (default 2,400), the rest measured then
    --rss-limit MB  the crawl is cancelled when the window's RSS passes it (default 8,000)
    --top N         tracemalloc: the N biggest allocation sites at the end of the crawl (slow)
    --keep DIR      keep the crawl file in DIR (default: a temporary folder, removed)
    --tree DIR      the gui_crawler package in DIR (a ``git archive`` of a commit, built in place)

The script drives the window through its public surface only (``url``, ``start()``,
``crawlFinished``, ``open_crawl``, ``pages_tab``, ``results.proxy``, ``settings``, ``workers``,
``shown_file()``), so it measures whatever the models behind the table do.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import PY, ROOT, die_with_parent, maxrss_mb, raise_nofile, rss_mb, table, trim
from servers import Nginx

TARGET_RSS_MB = 1024.0
TARGET_LAG_P99_MS = 50.0
TARGET_SORT_S = 1.0
TARGET_FILTER_S = 1.0
TARGET_REOPEN_S = 2.0
FILTER_WORD = "/p/12"  # in the URLs of /p/12 and its subtree: 111 of 10,000 pages
QUIET_S = 0.5  # a model that sent no signal for this long has settled
NAV = 30  # shared navigation pages /p/1 … /p/30


# ---- the site ---------------------------------------------------------------------------------


def _page(n: str, links: list[str]) -> str:
    body = " ".join(f"<a href='/p/{h}'>{h}</a>" for h in links)
    return (
        f"<!doctype html><html><head><meta charset=utf-8><title>Page {n}</title></head>"
        f"<body><h1>Page {n}</h1><p>{body}</p></body></html>"
    )


def site_locations(pages: int) -> str:
    """nginx locations for pages /p/0 … /p/<pages - 1> (``pages`` a power of ten, >= 1,000)."""
    d = round(math.log10(pages))
    nav = [str(k) for k in range(1, NAV + 1)]
    kids = [f"${{n}}{k}" for k in range(10)]
    sibs = [f"${{pre}}{k}" for k in range(10)]

    def loc(match: str, html: str) -> str:
        return f'    location {match} {{ return 200 "{html}"; }}\n'

    return "".join(
        [
            loc("= /p/0", _page("0", [str(k) for k in range(1, 10)] + nav)),
            # One digit: the root is the parent; the siblings are /p/0 … /p/9.
            loc(
                '~ "^/p/(?<n>[1-9])$"',
                _page("$n", kids + ["0"] + [str(k) for k in range(10)] + nav),
            ),
            # 2 … d-1 digits: children, parent, siblings.
            loc(
                f'~ "^/p/(?<n>(?<pre>[1-9][0-9]{{0,{d - 3}}})[0-9])$"',
                _page("$n", [*kids, "$pre", *sibs, *nav]),
            ),
            # d digits: the leaves, no children (they would be >= pages).
            loc(
                f'~ "^/p/(?<n>(?<pre>[1-9][0-9]{{{d - 2}}})[0-9])$"',
                _page("$n", ["$pre", *sibs, *nav]),
            ),
        ]
    )


def filter_matches(pages: int, word: str = FILTER_WORD) -> int:
    """How many of the site's URLs hold ``word`` ("/p/" then digits): N starting with them."""
    digits = word.removeprefix("/p/")
    d = round(math.log10(pages))
    return sum(10 ** (k - len(digits)) for k in range(len(digits), d + 1))


class MillionSite(Nginx):
    """:class:`Nginx` serving the generated site, logging each request's status and path."""

    def __init__(self, pages: int) -> None:
        super().__init__()
        self.log = self.dir / "access.log"
        conf = (self.dir / "nginx.conf").read_text()
        conf = conf.replace(
            "    access_log off;",
            f"    log_format bare '$status $uri';\n    access_log {self.log} bare buffer=256k;",
        )
        head, sep, tail = conf.rpartition("    }\n}")
        conf = head + site_locations(pages) + sep + tail
        (self.dir / "nginx.conf").write_text(conf)
        self.root = f"{self.url}p/0"

    def requests(self) -> Counter[str]:
        """Requests by kind: 'page' (a /p/ path answered 200), 'page again' (asked before), and
        '<status> <path>' for anything else."""
        if self.proc is not None:
            os.kill(self.proc.pid, signal.SIGUSR1)  # reopen: nginx flushes its log buffer
            time.sleep(0.5)
        seen: set[str] = set()
        out: Counter[str] = Counter()
        with self.log.open() as f:
            for line in f:
                status, _, path = line.rstrip("\n").partition(" ")
                if status == "200" and path.startswith("/p/"):
                    out["page again" if path in seen else "page"] += 1
                    seen.add(path)
                else:
                    out[f"{status} {path}"] += 1
        return out


# ---- the children -----------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))]


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Heartbeat:
    """A 10 ms QTimer; each beat's lateness in ms, kept per phase."""

    def __init__(self, ms: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.ms = ms
        self.lags: list[float] = []
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(ms)
        self.timer.timeout.connect(self._beat)

    def _beat(self) -> None:
        now = time.perf_counter()
        self.lags.append(max(0.0, (now - self._last) * 1000 - self.ms))
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self.lags = []
        self.timer.start()

    def take(self) -> list[float]:
        lags, self.lags = self.lags, []
        return lags


class Settle:
    """Watches a model's signals: the time of the last one (layout, reset, rows, data), and of
    the last layout change or reset (a sort ends with one, whether it ran at once or on another
    thread: the rows read before it may be the old order)."""

    def __init__(self, model: Any) -> None:
        self.last = 0.0
        self.laid_out = 0.0
        model.layoutChanged.connect(self._laid_out)
        model.modelReset.connect(self._laid_out)
        for sig in (
            model.layoutChanged,
            model.modelReset,
            model.rowsInserted,
            model.rowsRemoved,
            model.dataChanged,
        ):
            sig.connect(self._mark)

    def _mark(self, *_: object) -> None:
        self.last = time.perf_counter()

    def _laid_out(self, *_: object) -> None:
        self.laid_out = time.perf_counter()

    async def until(self, ready: Callable[[], bool], t0: float, limit: float = 120.0) -> float:
        """Seconds from ``t0`` until ``ready()`` holds and the model has been quiet for
        ``QUIET_S`` (the last signal's time counts if it came after ``ready()`` first held)."""
        from PySide6.QtWidgets import QApplication

        ready_at = None
        while time.perf_counter() - t0 < limit:
            QApplication.processEvents()
            now = time.perf_counter()
            if ready():
                if ready_at is None:
                    ready_at = now
                if now - max(ready_at, self.last) >= QUIET_S:
                    return max(ready_at, self.last) - t0
            else:
                ready_at = None
            await asyncio.sleep(0.005)
        return float("nan")


async def painted(table_view: Any) -> None:
    """Let pending events run (a turn of the loop: processEvents inside a task would run other
    tasks inside it, which qasync refuses), then paint the table's viewport as the screen
    would."""
    await asyncio.sleep(0)
    table_view.viewport().grab()


def cell(proxy: Any, row: int, column: int) -> Any:
    return proxy.index(row, column).data() if proxy.rowCount() > row else None


async def crawl_child(args: argparse.Namespace) -> dict:
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gui_crawler.window import MainWindow

    window = MainWindow()
    window.data_dir = Path(args.data_dir)
    window.resize(1400, 900)
    window.show()
    window.show_tab(window.pages_tab)
    window.url = args.url
    window.settings.politeness.check_external.setChecked(False)  # loopback only
    if args.workers:
        window.workers = args.workers
    workers = window.workers
    window.settings.politeness.per_host.setValue(workers)
    proxy = window.results.proxy
    tab = window.pages_tab
    done = asyncio.Event()
    window.crawlFinished.connect(lambda _f: done.set())
    beat = Heartbeat()
    await asyncio.sleep(0.3)
    samples: list[tuple[float, int, float]] = []  # (s, rows, RSS MB)
    beat.start()
    t0 = time.perf_counter()
    if not window.start():
        raise SystemExit(f"window did not start: {window.problem}")
    next_say = 10.0
    stopped = ""
    while not done.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 1.0)
        t = time.perf_counter() - t0
        samples.append((t, window.row_count, rss_mb()))
        if not stopped and (t > args.time_limit or samples[-1][2] > args.rss_limit):
            # Cancelled, not killed: what the window holds then is measured all the same.
            stopped = (
                f"cancelled at {t:.0f} s, {window.row_count:,} rows, RSS {samples[-1][2]:.0f} MB"
            )
            say(f"  {stopped}")
            window.cancel()
        if t >= next_say:
            next_say += 10.0
            lags = beat.lags
            say(
                f"  {t:6.0f} s  {window.row_count:>9,} rows  RSS {samples[-1][2]:6.0f} MB  "
                f"lag p99 so far {percentile(lags, 0.99):.0f} ms"
            )
    wall = time.perf_counter() - t0
    crawl_lags = beat.take()
    rows = window.row_count
    await asyncio.sleep(0.5)  # the last ticks
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    rss_before = rss_mb()
    trim()
    rss_after = rss_mb()
    peak = maxrss_mb()
    say(f"  finished: {rows:,} rows in {wall:.1f} s, RSS {rss_before:.0f} -> {rss_after:.0f} MB")
    top: list[str] = []
    if args.top:
        import tracemalloc

        snap = tracemalloc.take_snapshot()
        total = sum(s.size for s in snap.statistics("filename"))
        top.append(f"traced Python heap: {total / 2**20:.1f} MB")
        for stat in snap.statistics("lineno")[: args.top]:
            top.append(f"{stat.size / 2**20:8.1f} MB {stat.count:>9,}  {stat.traceback[0]}")
        tracemalloc.stop()
    path = window.controller.shown_file()

    # Sorting each visible column, ascending.
    table_view = tab.table
    hh = table_view.horizontalHeader()
    settle = Settle(proxy)
    sorts = []
    for logical in sorted(range(hh.count()), key=hh.visualIndex):
        if hh.isSectionHidden(logical):
            continue
        label = proxy.headerData(logical, Qt.Orientation.Horizontal)
        if hh.sortIndicatorSection() == logical:
            hh.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # a click then sorts ascending
        await asyncio.sleep(0.05)  # a beat or two: the lag below is this step's alone
        settle.last = 0.0
        beat.take()
        t = time.perf_counter()
        # What a click on a section not sorted by does (QHeaderView flips its indicator to the
        # initial order, ascending): the view sorts once. QTableView.sortByColumn would sort
        # twice when sorting is enabled (once from the indicator's signal, once itself).
        hh.setSortIndicator(logical, Qt.SortOrder.AscendingOrder)
        secs = await settle.until(
            lambda c=logical, t=t: (
                settle.laid_out > t and proxy.rowCount() == rows and cell(proxy, 0, c) is not None
            ),
            t,
        )
        p0 = time.perf_counter()
        await painted(table_view)
        paint = time.perf_counter() - p0
        first = cell(proxy, 0, logical)
        lag = max(beat.take(), default=0.0)
        sorts.append(
            {
                "column": str(label),
                "secs": secs,
                "paint": paint,
                "first": str(first)[:40],
                "lag_max_ms": lag,
            }
        )
        say(f"  sort by {label}: {secs:.3f} s (+ paint {paint * 1000:.0f} ms), row 0: {first!r}")

    # A word typed into the filter box, then the box cleared.
    want = filter_matches(args.pages)
    filters = []
    for what, keys in ((f"type {FILTER_WORD!r}", FILTER_WORD), ("clear", None)):
        await asyncio.sleep(0.05)  # a beat or two: the lag below is this step's alone
        settle.last = 0.0
        beat.take()
        tab.filter.setFocus()
        if keys is None:
            expect = rows
            t = time.perf_counter()
            tab.filter.clear()
        else:
            expect = want
            QTest.keyClicks(tab.filter, keys[:-1])
            t = time.perf_counter()
            QTest.keyClicks(tab.filter, keys[-1])  # timed from the last key
        secs = await settle.until(lambda e=expect: proxy.rowCount() == e, t)
        p0 = time.perf_counter()
        await painted(table_view)
        paint = time.perf_counter() - p0
        filters.append(
            {
                "what": what,
                "secs": secs,
                "paint": paint,
                "rows": proxy.rowCount(),
                "want": expect,
                "lag_max_ms": max(beat.take(), default=0.0),
            }
        )
        say(f"  filter, {what}: {secs:.3f} s to {proxy.rowCount():,} rows (want {expect:,})")
    beat.timer.stop()
    window.close()
    await window.wait()
    QApplication.processEvents()
    import gui_crawler

    return {
        "package": str(Path(gui_crawler.__file__).parent),
        "pages": args.pages,
        "workers": workers,
        "stopped": stopped,
        "rows": rows,
        "wall": wall,
        "rss_end_mb": rss_before,
        "rss_trimmed_mb": rss_after,
        "rss_peak_mb": peak,
        "lag_p50_ms": percentile(crawl_lags, 0.50),
        "lag_p99_ms": percentile(crawl_lags, 0.99),
        "lag_max_ms": max(crawl_lags, default=float("nan")),
        "beats": len(crawl_lags),
        "samples": samples,
        "sorts": sorts,
        "filters": filters,
        "path": str(path) if path else None,
        "file_mb": path.stat().st_size / 2**20 if path else float("nan"),
        "top": top,
    }


async def reopen_child(args: argparse.Namespace) -> dict:
    from gui_crawler.window import MainWindow

    window = MainWindow()
    window.data_dir = Path(args.data_dir)
    window.resize(1400, 900)
    window.show()
    window.show_tab(window.pages_tab)
    proxy = window.results.proxy
    await asyncio.sleep(0.3)
    rss0 = rss_mb()
    settle = Settle(proxy)
    t = time.perf_counter()
    if not window.open_crawl(args.reopen):
        raise SystemExit(f"open_crawl failed: {window.problem}")
    first_screen = float("nan")
    while time.perf_counter() - t < args.time_limit:
        if proxy.rowCount() > 0 and cell(proxy, 0, 0) is not None:
            await painted(window.pages_tab.table)
            first_screen = time.perf_counter() - t
            break
        await asyncio.sleep(0.001)
    # Every row there: as many as the crawl recorded, or (a cancelled crawl's file keeps the
    # URLs cut short as left to fetch) no rows coming for a while.
    every_row = await settle.until(lambda: proxy.rowCount() >= args.rows, t, 60.0)
    if every_row != every_row:
        every_row = max(first_screen, settle.last - t)
    out = {
        "first_screen": first_screen,
        "every_row": every_row,
        "rows": proxy.rowCount(),
        "row0": str(cell(proxy, 0, 0)),
        "rss_before_mb": rss0,
        "rss_mb": rss_mb(),
    }
    window.close()
    await window.wait()
    return out


def child_main(args: argparse.Namespace) -> None:
    die_with_parent()
    raise_nofile()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("QT_API", "pyside6")
    # The window saves settings: keep them out of the user's own.
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = args.data_dir
    if args.top:
        import tracemalloc

        tracemalloc.start(1)
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.qtloop import CrawlEventLoop

    app = QApplication(sys.argv[:1])
    app.setApplicationName("gui-crawler-bench")
    with asyncio.Runner(loop_factory=lambda: CrawlEventLoop(app)) as runner:
        out = runner.run(reopen_child(args) if args.reopen else crawl_child(args))
    print(json.dumps(out))


# ---- the parent -------------------------------------------------------------------------------


def run_child(extra: list[str], args: argparse.Namespace) -> dict:
    """This script as a child (stderr passed through); its last stdout line is JSON."""
    cmd = [PY, __file__, "--child", "--pages", str(args.pages), "--data-dir", args.data_dir]
    cmd += ["--time-limit", str(args.time_limit), "--rss-limit", str(args.rss_limit), *extra]
    path = f"{args.tree}:{ROOT}" if args.tree else str(ROOT)
    env = {**os.environ, "PYTHONPATH": path}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        # The crawl child cancels its crawl at the limit and measures what it holds then.
        out, _ = proc.communicate(timeout=args.time_limit + 900)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise SystemExit(f"the child overran its {args.time_limit + 900:.0f} s limit") from None
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    lines = out.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"the child exited {proc.returncode}")
    return json.loads(lines[-1])


def worst(secs: list[float]) -> float:
    """The longest time; NaN (one never settled) counts as the longest."""
    return max((math.inf if x != x else x for x in secs), default=math.nan)


def verdict(ok: bool) -> str:
    return "pass" if ok else "miss"


def report(args: argparse.Namespace, crawl: dict, reopen: dict, asked: Counter[str]) -> None:
    n = args.pages
    print(
        f"\n== the window on a generated site of {n:,} pages (51 links each), "
        f"{crawl['workers']} workers =="
    )
    print(f"the window of {crawl['package']}")
    if crawl["stopped"]:
        print(f"crawl {crawl['stopped']} (--time-limit / --rss-limit): did not finish")
    print(
        f"crawl: {crawl['rows']:,} rows in {crawl['wall']:.1f} s "
        f"({crawl['rows'] / crawl['wall']:,.0f} rows/s); crawl file {crawl['file_mb']:,.0f} MB"
    )
    others = {k: v for k, v in asked.items() if k not in ("page", "page again")}
    print(
        f"nginx: {asked['page']:,} distinct pages asked, {asked['page again']:,} asked again, "
        f"other requests: {dict(others) or 'none'}"
    )
    samples = crawl["samples"]
    marks = []
    for frac in (0.1, 0.25, 0.5, 0.75, 1.0):
        s = next((s for s in samples if s[1] >= frac * n), samples[-1] if samples else None)
        if s:
            marks.append([f"{frac:.0%}", s[1], s[0], s[2]])
    print(table(["of the pages", "rows", "s", "RSS MB"], marks, title="\nRSS during the crawl:"))
    print(
        f"RSS at the end: {crawl['rss_end_mb']:.0f} MB, {crawl['rss_trimmed_mb']:.0f} MB after "
        f"gc + malloc_trim; peak {crawl['rss_peak_mb']:.0f} MB"
    )
    print(
        f"UI lag over the crawl ({crawl['beats']:,} beats): p50 {crawl['lag_p50_ms']:.1f} ms, "
        f"p99 {crawl['lag_p99_ms']:.1f} ms, max {crawl['lag_max_ms']:.0f} ms"
    )
    rows = [
        [s["column"], s["secs"], s["paint"] * 1000, s["lag_max_ms"], s["first"]]
        for s in crawl["sorts"]
    ]
    print(table(["sort ascending by", "s", "paint ms", "lag max ms", "row 0"], rows, title="\n"))
    rows = [
        [f["what"], f["secs"], f["paint"] * 1000, f["lag_max_ms"], f["rows"], f["want"]]
        for f in crawl["filters"]
    ]
    print(table(["filter", "s", "paint ms", "lag max ms", "rows", "want"], rows, title="\n"))
    print("(timed from the last key: the box's wait for a pause in typing is included)")
    print(
        f"\nreopen in a fresh window: first screen {reopen['first_screen']:.2f} s, every row "
        f"{reopen['every_row']:.2f} s ({reopen['rows']:,} rows), RSS {reopen['rss_before_mb']:.0f}"
        f" -> {reopen['rss_mb']:.0f} MB"
    )
    if crawl["top"]:
        print("\ntracemalloc at the end of the crawl (by line):")
        print("\n".join(f"  {line}" for line in crawl["top"]))
    worst_sort = worst([s["secs"] for s in crawl["sorts"]])
    worst_filter = worst([f["secs"] for f in crawl["filters"]])
    exact = (
        not crawl["stopped"]
        and crawl["rows"] == n
        and asked["page"] == n
        and not asked["page again"]
    )
    targets = [
        ("finishes, every page once", f"{crawl['rows']:,} rows, {asked['page']:,} asked", exact),
        (
            f"RSS at the end <= {TARGET_RSS_MB:.0f} MB",
            f"{crawl['rss_end_mb']:.0f} MB",
            crawl["rss_end_mb"] <= TARGET_RSS_MB,
        ),
        (
            f"UI lag p99 <= {TARGET_LAG_P99_MS:.0f} ms",
            f"{crawl['lag_p99_ms']:.1f} ms",
            crawl["lag_p99_ms"] <= TARGET_LAG_P99_MS,
        ),
        (
            f"sort any column <= {TARGET_SORT_S:.0f} s",
            f"{worst_sort:.2f} s (slowest)",
            worst_sort <= TARGET_SORT_S,
        ),
        (
            f"filter by text <= {TARGET_FILTER_S:.0f} s",
            f"{worst_filter:.2f} s (slowest)",
            worst_filter <= TARGET_FILTER_S,
        ),
        (
            f"reopen to first screen <= {TARGET_REOPEN_S:.0f} s",
            f"{reopen['first_screen']:.2f} s",
            reopen["first_screen"] <= TARGET_REOPEN_S,
        ),
    ]
    print(
        table(
            ["target", "measured", "verdict"],
            [[t, m, verdict(ok)] for t, m, ok in targets],
            title=f"\n== targets at {n:,} pages ==",
        )
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pages", type=int, default=1_000_000)
    p.add_argument("--workers", type=int, default=0, help="0: the window's default")
    p.add_argument("--time-limit", type=float, default=2400.0, help="seconds, for each child")
    p.add_argument(
        "--rss-limit", type=float, default=8000.0, help="MB: the crawl is cancelled past it"
    )
    p.add_argument("--top", type=int, default=0, help="tracemalloc's N biggest sites at the end")
    p.add_argument("--keep", metavar="DIR", help="keep the crawl file here")
    p.add_argument("--tree", type=Path, help="the window of the gui_crawler package in this folder")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--url", help=argparse.SUPPRESS)
    p.add_argument("--data-dir", help=argparse.SUPPRESS)
    p.add_argument("--reopen", metavar="FILE", help=argparse.SUPPRESS)
    p.add_argument("--rows", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child_main(args)
        return
    d = math.log10(args.pages) if args.pages > 0 else 0
    if args.pages < 1000 or not re.fullmatch(r"10*", str(args.pages)) or d != round(d):
        p.error("--pages: a power of ten, at least 1,000")
    raise_nofile()
    scratch = Path(tempfile.mkdtemp(prefix="bench-window-million-"))
    args.data_dir = str(Path(args.keep).resolve() if args.keep else scratch)
    Path(args.data_dir).mkdir(parents=True, exist_ok=True)
    try:
        with MillionSite(args.pages) as site:
            say(f"site: {site.root} ({args.pages:,} pages); crawling in the window …")
            extra = ["--url", site.root, "--workers", str(args.workers), "--top", str(args.top)]
            crawl = run_child(extra, args)
            asked = site.requests()
        if not crawl["path"]:
            raise SystemExit("the window named no crawl file")
        say("reopening the crawl file in a fresh window …")
        reopen = run_child(["--reopen", crawl["path"], "--rows", str(crawl["rows"])], args)
        report(args, crawl, reopen, asked)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
