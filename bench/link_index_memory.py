"""The link index's memory per page and its time per record: ``--only link-index-memory``.

A ``LinkIndex`` (no Qt) is fed the records of window_million.py's site: pages ``/p/0`` …
``/p/<N-1>`` (``--li-pages``) recorded in that order (breadth first, as a crawl of ``/p/0`` takes
them), each linking to its ten tree children (those below N), its parent, its ten siblings and
the 30 shared pages (51 links), in batches of 200 records, with a crawl file attached as the
window attaches one (the index keeps the latest records and reads the others from it).

A child process times ``add()`` (the calls only, CPU time; records are built outside the clock)
and takes RSS before and after (after gc and malloc_trim); another measures tracemalloc's traced
memory. Each also hashes ``sources()`` and ``count()`` of every 97th page and the shared pages:
with ``--before REF`` both trees must agree.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from common import Footprint, run_json
from sections import Context, section

HOST = "http://127.0.0.1:40123"
NAV = 30  # shared navigation pages /p/1 … /p/30
BATCH = 200


def page_links(n: int, pages: int) -> tuple[str, ...]:
    """The links of /p/<n> on window_million.py's site of ``pages`` pages."""
    s = str(n)
    nav = [str(k) for k in range(1, NAV + 1)]
    if n == 0:
        hrefs = [str(k) for k in range(1, 10) if k < pages] + nav
    else:
        kids = [k for k in (f"{s}{d}" for d in range(10)) if int(k) < pages]
        sibs = [f"{s[:-1]}{d}" for d in range(10)] if len(s) > 1 else [str(d) for d in range(10)]
        hrefs = [*kids, s[:-1] or "0", *sibs, *nav]
    return tuple(dict.fromkeys(f"{HOST}/p/{h}" for h in hrefs))


def generated(pages: int) -> Iterator[list]:
    from gui_crawler.events import FetchRecord

    for start in range(0, pages, BATCH):
        yield [FetchRecord(f"{HOST}/p/{n}", status=200, content_type="text/html", links=page_links(n, pages))
               for n in range(start, min(pages, start + BATCH))]  # fmt: skip


def child(mode: str, pages: int) -> dict[str, object]:
    from gui_crawler.config import CrawlConfig
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader
    from gui_crawler.ui.link_models import LinkIndex

    path = Path(tempfile.mkdtemp(prefix="bench-links-")) / "c.sqlite3"
    CrawlStore.create(path, CrawlConfig(roots=(f"{HOST}/p/0",)).validated()).close("finished")
    index = LinkIndex()  # the first index pays for imports and caches, not the one measured
    index.add(next(generated(100)))
    footprint = Footprint(traced=mode == "mem")
    index = LinkIndex()
    index.records.attach(RecordReader(path))
    spent = 0.0
    for batch in generated(pages):
        t0 = time.process_time()  # CPU: the machine's other work is not this one's
        index.add(batch)
        spent += time.process_time() - t0
    del batch
    index.records.clear()  # the latest records, kept whatever they are: not the index's cost
    index.records.attach(None)
    out: dict[str, object] = {
        "traced B/page" if mode == "mem" else "RSS B/page": footprint.grown() / pages
    }
    if mode != "mem":
        out |= {"add() CPU s": spent, "µs/record": spent / pages * 1e6}
    sample = [f"{HOST}/p/{k}" for k in range(NAV + 1)] + [
        r.url for b in generated(pages) for r in b[::97]
    ]
    h = hashlib.sha256()
    for u in sample:
        h.update(repr((u, index.sources(u), index.count(u))).encode())
    out["fingerprint"] = h.hexdigest()[:16]
    path.unlink()
    return out


@section(
    "link-index-memory",
    "the window's link index alone: bytes per page, add() CPU per record",
    by_hand=True,
)
def link_index_memory(ctx: Context) -> None:
    pages = ctx.args.li_pages
    prints: set[object] = set()

    def measure(env: dict[str, str]) -> dict[str, float]:
        got = run_json([__file__, "time", str(pages)], 3600, env) | run_json(
            [__file__, "mem", str(pages)], 3600, env
        )
        prints.add(got.pop("fingerprint"))
        return got

    ctx.results["link-index-memory"] = ctx.compare(
        f"link index, {pages:,} pages, batches of {BATCH}", measure
    )
    agree = "link-index-memory: sources() and count() agree"
    ctx.target(agree, f"{len(prints)} answer(s)", "1", 1 / len(prints))


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1], int(sys.argv[2]))))
