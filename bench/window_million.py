"""The window on a generated site of a million pages: ``--only window-million``.

nginx serves ``/p/N`` for N < ``--wm-pages`` from regex locations (no files): N's children
``/p/N0`` … ``/p/N9`` below the count, its parent, ten siblings and thirty shared pages (/p/1 …
/p/30): 51 links a page. Every /p/ path must be asked once (nginx's log). The real MainWindow,
offscreen in a child, crawls /p/0 (``--wm-workers``, cancelled past ``--wm-time-limit`` or
``--wm-rss-limit``): wall, RSS each second and after gc + malloc_trim, heartbeat lag; then each
visible column of the pages table sorted as a click does until row 0 reads back and is painted, a
word typed into the filter box until the rows settle, cleared; then a fresh window reopens the
crawl file until row 0 is painted (and every row is there). The window's public surface only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from common import maxrss_mb, rss_mb, run_json, table, trim
from gui import Heartbeat, in_window_process, new_window, start
from sections import Context, section
from servers import Nginx, answer

TARGETS = {"RSS at the end MB": 1024.0, "lag p99 ms": 50.0, "slowest sort s": 1.0,
           "slowest filter s": 1.0, "reopen s": 2.0}  # fmt: skip
FILTER_WORD = "/p/12"  # in the URLs of /p/12 and its subtree: 111 of 10,000 pages
QUIET_S = 0.5  # a model that sent no signal for this long has settled
NAV = 30  # shared navigation pages /p/1 … /p/30


def _page(n: str, links: list[str]) -> str:
    body = " ".join(f"<a href='/p/{h}'>{h}</a>" for h in links)
    return (f"<!doctype html><html><head><meta charset=utf-8><title>Page {n}</title></head>"
            f"<body><h1>Page {n}</h1><p>{body}</p></body></html>")  # fmt: skip


def site_locations(pages: int) -> str:
    """nginx locations for pages /p/0 … /p/<pages - 1> (``pages`` a power of ten, >= 1,000)."""
    d = round(math.log10(pages))
    nav = [str(k) for k in range(1, NAV + 1)]
    kids = [f"${{n}}{k}" for k in range(10)]
    sibs = [f"${{pre}}{k}" for k in range(10)]
    return "".join([
        answer("= /p/0", _page("0", [str(k) for k in range(1, 10)] + nav)),
        # One digit: the root is the parent; the siblings are /p/0 … /p/9.
        answer('~ "^/p/(?<n>[1-9])$"', _page("$n", kids + ["0"] + [str(k) for k in range(10)] + nav)),
        # 2 … d-1 digits: children, parent, siblings.
        answer(f'~ "^/p/(?<n>(?<pre>[1-9][0-9]{{0,{d - 3}}})[0-9])$"', _page("$n", [*kids, "$pre", *sibs, *nav])),
        # d digits: the leaves, no children (they would be >= pages).
        answer(f'~ "^/p/(?<n>(?<pre>[1-9][0-9]{{{d - 2}}})[0-9])$"', _page("$n", ["$pre", *sibs, *nav]))
    ])  # fmt: skip


def filter_matches(pages: int, word: str = FILTER_WORD) -> int:
    """How many of the site's URLs hold ``word`` ("/p/" then digits): N starting with them."""
    digits = word.removeprefix("/p/")
    return sum(10 ** (k - len(digits)) for k in range(len(digits), round(math.log10(pages)) + 1))


def requests(site: Nginx) -> Counter[str]:
    """The site's requests by kind: 'page' (a /p/ path answered 200), 'page again' (asked
    before), and '<status> <path>' for anything else."""
    if site.proc is not None:
        os.kill(site.proc.pid, signal.SIGUSR1)  # reopen: nginx flushes its log buffer
        time.sleep(0.5)
    seen: set[str] = set()
    out: Counter[str] = Counter()
    for line in (site.dir / "access.log").read_text().splitlines():
        status, _, path = line.partition(" ")
        if status == "200" and path.startswith("/p/"):
            out["page again" if path in seen else "page"] += 1
            seen.add(path)
        else:
            out[line] += 1
    return out


# ---- the children -----------------------------------------------------------------------------


class Settle:
    """Watches a model's signals: the time of the last one (layout, reset, rows, data), and of
    the last layout change or reset (a sort ends with one, whether it ran at once or on another
    thread: the rows read before it may be the old order)."""

    def __init__(self, model: Any) -> None:
        self.last = self.laid_out = 0.0
        for sig in (model.layoutChanged, model.modelReset):
            sig.connect(self._laid_out)
        for sig in (model.layoutChanged, model.modelReset, model.rowsInserted, model.rowsRemoved,
                    model.dataChanged):  # fmt: skip
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
            if not ready():
                ready_at = None
            else:
                ready_at = ready_at or now
                if now - max(ready_at, self.last) >= QUIET_S:
                    return max(ready_at, self.last) - t0
            await asyncio.sleep(0.005)
        return float("nan")


async def painted(view: Any) -> float:
    """Seconds to let pending events run (a turn of the loop: processEvents inside a task would
    run other tasks inside it, which qasync refuses) and paint the view as the screen would."""
    t = time.perf_counter()
    await asyncio.sleep(0)
    view.viewport().grab()
    return time.perf_counter() - t


def cell(proxy: Any, row: int, column: int) -> Any:
    return proxy.index(row, column).data() if proxy.rowCount() > row else None


async def crawl_child(url: str, pages: int, workers: int, time_limit: float, rss_limit: float) -> dict:  # fmt: skip
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtTest import QTest

    window = new_window(url, workers)
    window.show_tab(window.pages_tab)
    proxy, tab = window.results.proxy, window.pages_tab
    beat = Heartbeat()
    await asyncio.sleep(0.3)
    samples: list[tuple[float, int, float]] = []  # (s, rows, RSS MB)
    beat.start()
    t0 = time.perf_counter()
    done = start(window)
    stopped = ""
    while not done.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 1.0)
        samples.append((t := time.perf_counter() - t0, window.row_count, rss := rss_mb()))
        now = f"{t:.0f} s, {window.row_count:,} rows, RSS {rss:.0f} MB"
        if not stopped and (t > time_limit or rss > rss_limit):
            # Cancelled, not killed: what the window holds then is measured all the same.
            stopped = f"cancelled at {now}"
            window.cancel()
        if len(samples) % 10 == 0:
            print(f"  {now}", file=sys.stderr)
    out: dict[str, Any] = {"wall": time.perf_counter() - t0, **beat.figures(beat.take())}
    out["stopped"] = stopped
    rows = out["rows"] = window.row_count
    await asyncio.sleep(0.5)  # the last ticks
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    out["rss_end_mb"] = rss_mb()
    trim()
    out |= {"rss_trimmed_mb": rss_mb(), "rss_peak_mb": maxrss_mb(), "samples": samples}
    out["workers"] = window.workers
    path = window.controller.shown_file()
    out |= {"path": str(path), "file_mb": path.stat().st_size / 2**20} if path else {"path": None}
    view, hh = tab.table, tab.table.horizontalHeader()
    settle = Settle(proxy)
    out["sorts"] = sorts = []
    for logical in sorted(range(hh.count()), key=hh.visualIndex):
        if hh.isSectionHidden(logical):
            continue
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
        secs = await settle.until(lambda c=logical, t=t: settle.laid_out > t and proxy.rowCount() == rows
                                  and cell(proxy, 0, c) is not None, t)  # fmt: skip
        paint = await painted(view)
        sorts.append([str(proxy.headerData(logical, Qt.Orientation.Horizontal)), secs, paint * 1000,
                      max(beat.take(), default=0.0), str(cell(proxy, 0, logical))[:40]])  # fmt: skip
    out["filters"] = filters = []
    for what, keys, expect in (
        (f"type {FILTER_WORD!r}", FILTER_WORD, filter_matches(pages)),
        ("clear", "", rows),
    ):
        await asyncio.sleep(0.05)
        settle.last = 0.0
        beat.take()
        tab.filter.setFocus()
        QTest.keyClicks(tab.filter, keys[:-1])
        t = time.perf_counter()  # timed from the last key
        if keys:
            QTest.keyClicks(tab.filter, keys[-1])
        else:
            tab.filter.clear()
        secs = await settle.until(lambda e=expect: proxy.rowCount() == e, t)
        paint = await painted(view)
        filters.append([what, secs, paint * 1000, max(beat.take(), default=0.0), proxy.rowCount(), expect])  # fmt: skip
    beat.timer.stop()
    window.close()
    await window.wait()
    return out


async def reopen_child(path: str, rows: int, time_limit: float) -> dict:
    window = new_window()
    window.show_tab(window.pages_tab)
    proxy = window.results.proxy
    await asyncio.sleep(0.3)
    rss0 = rss_mb()
    settle = Settle(proxy)
    t = time.perf_counter()
    if not window.open_crawl(path):
        raise SystemExit(f"open_crawl failed: {window.problem}")
    first = float("nan")
    while time.perf_counter() - t < time_limit:
        if proxy.rowCount() > 0 and cell(proxy, 0, 0) is not None:
            await painted(window.pages_tab.table)
            first = time.perf_counter() - t
            break
        await asyncio.sleep(0.001)
    # Every row there: as many as the crawl recorded, or (a cancelled crawl's file keeps the
    # URLs cut short as left to fetch) no rows coming for a while.
    every_row = await settle.until(lambda: proxy.rowCount() >= rows, t, 60.0)
    if every_row != every_row:
        every_row = max(first, settle.last - t)
    out = {"first_screen": first, "every_row": every_row, "rows": proxy.rowCount(), "rss_before_mb": rss0,
           "rss_mb": rss_mb()}  # fmt: skip
    window.close()
    await window.wait()
    return out


# ---- the section ------------------------------------------------------------------------------


def worst(secs: list[float]) -> float:
    """The longest time; NaN (one never settled) counts as the longest."""
    return max((math.inf if x != x else x for x in secs), default=math.nan)


@section("window-million", "the window on 1,000,000 generated pages: RSS, lag, sort, filter, reopen",
         by_hand=True)  # fmt: skip
def window_million(ctx: Context) -> None:
    a = ctx.args
    n = a.wm_pages
    if n < 1000 or f"{n}".rstrip("0") != "1":
        raise ValueError("--wm-pages: a power of ten, at least 1,000")
    limits = [n, a.wm_workers, a.wm_time_limit, a.wm_rss_limit]
    timeout = a.wm_time_limit + 900

    def measure(env: dict[str, str]) -> dict[str, float]:
        data = tempfile.mkdtemp(prefix="bench-window-million-", dir=ctx.tmp)
        env = {**env, "BENCH_DATA_DIR": data}
        with Nginx(locations=site_locations(n), log=True) as site:
            ctx.say(f"  crawling {site.url}p/0 in the window …")
            crawl_args = json.dumps([f"{site.url}p/0", *limits])
            crawl = run_json([__file__, "crawl", crawl_args], timeout, env, True)
            asked = requests(site)
        if not crawl["path"]:
            raise RuntimeError("the window named no crawl file")
        reopen_args = json.dumps([crawl["path"], crawl["rows"], a.wm_time_limit])
        reopen = run_json([__file__, "reopen", reopen_args], timeout, env)
        others = {k: v for k, v in asked.items() if k not in ("page", "page again")}
        ctx.say(f"  {crawl['rows']:,} rows in {crawl['wall']:.1f} s with {crawl['workers']} workers "
                f"{crawl['stopped'] or 'to its end'}; nginx: {asked['page']:,} pages asked, {asked['page again']:,} "
                f"again, other requests: {dict(others) or 'none'}; crawl file "
                f"{crawl.get('file_mb', 0):,.0f} MB")  # fmt: skip
        samples = crawl["samples"]
        marks = [next((s for s in samples if s[1] >= f * n), samples[-1]) for f in (0.1, 0.5, 1)]
        ctx.say(table(["s", "rows", "RSS MB"], marks, title="RSS at 10%, 50% and the end:"))
        ctx.say(table(["sort ascending by", "s", "paint ms", "lag max ms", "row 0"], crawl["sorts"]))  # fmt: skip
        ctx.say(table(["filter", "s", "paint ms", "lag max ms", "rows", "want"], crawl["filters"]))
        exact = crawl["rows"] == n == asked["page"] and not (
            crawl["stopped"] or asked["page again"]
        )
        return {"every page once": float(exact), "rows": crawl["rows"], "wall s": crawl["wall"],
                "RSS at the end MB": crawl["rss_end_mb"], "RSS trimmed MB": crawl["rss_trimmed_mb"],
                "peak RSS MB": crawl["rss_peak_mb"], "lag p50 ms": crawl["lag_p50_ms"],
                "lag p99 ms": crawl["lag_p99_ms"], "lag max ms": crawl["lag_max_ms"],
                "slowest sort s": worst([s[1] for s in crawl["sorts"]]),
                "slowest filter s": worst([f[1] for f in crawl["filters"]]),
                "reopen s": reopen["first_screen"], "reopen, every row s": reopen["every_row"],
                "reopened RSS MB": reopen["rss_mb"]}  # fmt: skip

    title = f"the window on {n:,} generated pages (51 links each)"
    m = ctx.results["window-million"] = ctx.compare(title, measure)
    once = m["every page once"]
    ctx.target("window-million: finishes, every page once", f"{m['rows']:,.0f} rows", f"{n:,}", once)  # fmt: skip
    for name, wanted in TARGETS.items():
        ctx.target(f"window-million: {name}", f"{m[name]:,.2f}", f"<= {wanted:,.0f}", wanted / m[name])  # fmt: skip


if __name__ == "__main__":  # a window child: crawl_child or reopen_child, its arguments in JSON
    child = crawl_child if sys.argv[1] == "crawl" else reopen_child
    print(json.dumps(in_window_process(lambda: child(*json.loads(sys.argv[2])))))
