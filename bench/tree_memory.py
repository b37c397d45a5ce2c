"""The site tree's memory per URL and its feeding time: ``.venv/bin/python bench/tree_memory.py``.

A ``SiteTreeModel`` (QApplication offscreen, no view) is fed N generated URLs the way the window
feeds it: batches of ``--batch`` URLs taken in (``add_urls``) a batch ahead of their records
(``add_records``: mostly 200, one in 100 a 404, one in 100 a 301, one in 1,000 a failure with
no answer). ``--site gen`` spells them like the generated million-page site, every page a leaf
``http://127.0.0.1:8080/p/<n>`` under one directory; ``--site mix`` like a documentation site:
~5,000 directories three deep, an index page per directory (a URL that is also a directory),
one URL in 50 with a query.

Each tree runs in child processes, alternated over ``--runs``: one times the feeding (the
calls only; records are built outside the clock) and takes RSS before and after (after gc and
malloc_trim), one measures tracemalloc's traced memory of the model after gc. Printed: bytes
per URL by both, the feeding time and its rate, and with ``--tree DIR`` the same for the
gui_crawler package in DIR (a ``git archive`` of an earlier commit) with the ratios.

    --urls N     URLs fed (default 1,000,000)
    --site S     gen (default) or mix
    --batch B    URLs per batch (default 500, the window's bridge batches)
    --runs R     runs of each tree, alternated (default 1; medians printed)
    --tree DIR   also run the package in DIR (before), this tree being after
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from common import ROOT, Footprint, median, run_json, table

HOST = "http://127.0.0.1:8080"


def url_of(site: str, n: int) -> str:
    if site == "gen":
        return f"{HOST}/p/{n}"
    # ~5,000 directories: crate/module/submodule, an index page each, files under them.
    c, m, s = n % 20, (n // 20) % 25, (n // 500) % 10
    d = f"{HOST}/doc/crate{c}/mod{m}/sub{s}/"
    if n < 5000:
        return d
    if n % 50 == 0:
        return f"{d}search.html?q=t{n}"
    return f"{d}struct.Type{n}.html"


def batches(site: str, total: int, size: int) -> Iterator[list[str]]:
    for start in range(0, total, size):
        yield [url_of(site, n) for n in range(start, min(total, start + size))]


def records(urls: list[str], start: int) -> list:
    from gui_crawler.events import FetchRecord

    out = []
    for i, u in enumerate(urls, start):
        if i % 1000 == 2:
            out.append(FetchRecord(url=u, error_kind="ClientOSError", exception="reset"))
        else:
            status = 404 if i % 100 == 0 else 301 if i % 100 == 1 else 200
            out.append(FetchRecord(url=u, status=status, content_type="text/html"))
    return out


def child(args: argparse.Namespace) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    import gui_crawler
    from gui_crawler.ui.tree_model import SiteTreeModel

    app = QApplication.instance() or QApplication([])
    warm = SiteTreeModel()  # the first model pays for imports and caches, not the one measured
    warm.add_urls([url_of(args.site, n) for n in range(10)])
    warm.add_records(records([url_of(args.site, n) for n in range(10)], 0))
    del warm
    footprint = Footprint(traced=args.mode == "mem")
    model = SiteTreeModel()
    feed = 0.0
    done = 0
    prev: list[str] = []
    for batch in batches(args.site, args.urls, args.batch):
        t0 = time.perf_counter()
        model.add_urls(batch)
        feed += time.perf_counter() - t0
        if prev:
            recs = records(prev, done)
            t0 = time.perf_counter()
            model.add_records(recs)
            feed += time.perf_counter() - t0
            done += len(prev)
            del recs
        prev = batch
    recs = records(prev, done)
    t0 = time.perf_counter()
    model.add_records(recs)
    feed += time.perf_counter() - t0
    del recs, prev, batch
    out: dict[str, object] = {"package": str(Path(gui_crawler.__file__).parent)}
    out["traced_b" if args.mode == "mem" else "rss_b"] = footprint.grown() / args.urls
    if args.mode != "mem":
        out["feed_s"] = feed
    hosts = model.rowCount()
    assert hosts == 1, hosts
    assert model.index(0, 1).data() == args.urls, model.index(0, 1).data()
    print(json.dumps(out))
    del model, app


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--urls", type=int, default=1_000_000)
    p.add_argument("--site", choices=("gen", "mix"), default="gen")
    p.add_argument("--batch", type=int, default=500)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--tree", type=Path, help="the gui_crawler package in this folder (before)")
    p.add_argument("--mode", choices=("time", "mem"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.mode:
        child(args)
        return
    trees = [("after", str(ROOT))]
    if args.tree:
        trees.insert(0, ("before", f"{args.tree.resolve()}:{ROOT}"))
    figures: dict[str, dict[str, list[float]]] = {name: {} for name, _ in trees}
    common_args = ["--urls", str(args.urls), "--site", args.site, "--batch", str(args.batch)]
    for run in range(args.runs):
        for name, path in trees:
            for mode in ("time", "mem"):
                got = run_json(
                    [__file__, *common_args, "--mode", mode],
                    timeout=3600,
                    env={"PYTHONPATH": path, "QT_QPA_PLATFORM": "offscreen"},
                )
                print(f"run {run + 1} {name} {mode}: {got}", file=sys.stderr)
                for k, v in got.items():
                    if k != "package":
                        figures[name].setdefault(k, []).append(float(v))
    rows = []
    for name, _ in trees:
        f = {k: median(v) for k, v in figures[name].items()}
        rows.append(
            [
                name,
                round(f["traced_b"]),
                round(f["rss_b"]),
                round(f["feed_s"], 2),
                round(args.urls / f["feed_s"]),
            ]
        )
    if args.tree:
        b, a = rows
        rows.append(["after/before", *(f"{x / y:.2f}x" for x, y in zip(a[1:], b[1:], strict=True))])
    title = (
        f"site tree, {args.urls:,} URLs ({args.site}), batches of {args.batch}, "
        f"median of {args.runs} run(s)"
    )
    print(table(["tree", "traced B/URL", "RSS B/URL", "feed s", "URLs/s"], rows, title))


if __name__ == "__main__":
    main()
