"""The site tree's memory per URL and its feeding time: ``--only tree-memory``.

A ``SiteTreeModel`` (QApplication offscreen, no view) is fed ``--tree-urls`` generated URLs the
way the window feeds it: batches of 500 URLs taken in (``add_urls``) a batch ahead of their
records (``add_records``: mostly 200, one in 100 a 404, one in 100 a 301, one in 1,000 a failure
with no answer). ``--tree-site gen`` spells them like the generated million-page site, every page
a leaf ``/p/<n>`` under one directory; ``mix`` like a documentation site: ~5,000 directories
three deep, an index page per directory (a URL that is also a directory), one URL in 50 with a
query. A child process times the feeding (the calls only) and takes RSS before and after (after
gc and malloc_trim); another measures tracemalloc's traced memory of the model.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator

from common import Footprint, run_json
from sections import Context, section

HOST = "http://127.0.0.1:8080"
BATCH = 500  # the window's bridge batches


def url_of(site: str, n: int) -> str:
    if site == "gen":
        return f"{HOST}/p/{n}"
    # ~5,000 directories: crate/module/submodule, an index page each, files under them.
    d = f"{HOST}/doc/crate{n % 20}/mod{(n // 20) % 25}/sub{(n // 500) % 10}/"
    return d if n < 5000 else f"{d}search.html?q=t{n}" if n % 50 == 0 else f"{d}struct.Type{n}.html"


def batches(site: str, total: int) -> Iterator[list[str]]:
    for start in range(0, total, BATCH):
        yield [url_of(site, n) for n in range(start, min(total, start + BATCH))]


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


def child(mode: str, site: str, urls: int) -> dict[str, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gui_crawler.ui.tree_model import SiteTreeModel

    app = QApplication.instance() or QApplication([])
    warm = SiteTreeModel()  # the first model pays for imports and caches, not the one measured
    warm.add_urls([url_of(site, n) for n in range(10)])
    warm.add_records(records([url_of(site, n) for n in range(10)], 0))
    del warm
    footprint = Footprint(traced=mode == "mem")
    model = SiteTreeModel()
    feed = 0.0
    done = 0
    prev: list[str] = []
    for batch in [*batches(site, urls), []]:  # each batch's records come with the next batch
        recs = records(prev, done)
        t0 = time.perf_counter()
        if batch:
            model.add_urls(batch)
        if recs:
            model.add_records(recs)
        feed += time.perf_counter() - t0
        done += len(prev)
        prev = batch
    del recs, prev, batch
    out = {"traced B/URL" if mode == "mem" else "RSS B/URL": footprint.grown() / urls}
    if mode != "mem":
        out |= {"feed s": feed, "URLs/s": urls / feed}
    assert model.rowCount() == 1 and model.index(0, 1).data() == urls, "one host holding every URL"
    del model, app
    return out


@section("tree-memory", "the window's site tree alone: bytes per URL, feeding time", by_hand=True)
def tree_memory(ctx: Context) -> None:
    site, urls = ctx.args.tree_site, ctx.args.tree_urls

    def measure(env: dict[str, str]) -> dict[str, float]:
        args = [site, str(urls)]
        return run_json([__file__, "time", *args], 3600, env) | run_json(
            [__file__, "mem", *args], 3600, env
        )

    ctx.results["tree-memory"] = ctx.compare(
        f"site tree, {urls:,} URLs ({site}), batches of {BATCH}", measure
    )


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1], sys.argv[2], int(sys.argv[3]))))
