"""The link index's memory per page and its time per record: ``.venv/bin/python bench/link_index_memory.py``.

A ``LinkIndex`` (no Qt) is fed the records of a generated site shaped like
``window_million.py``'s: pages ``/p/0`` … ``/p/<N-1>`` recorded in that order (breadth first, as a
crawl of ``/p/0`` takes them), each linking to its ten tree children (those below N), its parent,
its ten siblings and the 30 shared pages ``/p/1`` … ``/p/30`` (51 links, deduplicated), in
batches of ``--batch`` records, with a crawl file attached as the window attaches one (the index
keeps the latest records and reads the others from it). ``--crawl FILE`` feeds a saved crawl
file's records instead (a crawl of a real site, in the order recorded).

Each tree runs in child processes, alternated over ``--runs``: one times ``add()`` (the calls
only, CPU time; records are built outside the clock) and takes RSS before and after (after gc and
malloc_trim), one measures tracemalloc's traced memory after gc (its records dropped). Printed:
bytes per page by both, microseconds per record added, and with ``--tree DIR`` the same for the
gui_crawler package in DIR (a ``git archive`` of an earlier commit) with the after/before ratios.
Each child also hashes ``sources()`` and ``count()`` of every 97th page and the shared pages: the
two trees must agree.

    --pages N    pages of the generated site (default 1,000,000)
    --crawl F    feed this crawl file's records instead of the generated site's
    --batch B    records per batch (default 200)
    --runs R     runs of each tree, alternated (default 1; medians printed)
    --tree DIR   also run the package in DIR (before), this tree being after
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from common import ROOT, Footprint, median, run_json, table

HOST = "http://127.0.0.1:40123"
NAV = 30  # shared navigation pages /p/1 … /p/30


def page_links(n: int, pages: int) -> tuple[str, ...]:
    """The links of /p/<n> on window_million.py's site of ``pages`` pages."""
    s = str(n)
    nav = [str(k) for k in range(1, NAV + 1)]
    kids = [k for k in (f"{s}{d}" for d in range(10)) if n and int(k) < pages]
    if n == 0:
        hrefs = [str(k) for k in range(1, 10) if k < pages] + nav
    else:
        pre = s[:-1] or "0"
        sibs = [f"{s[:-1]}{d}" for d in range(10)] if len(s) > 1 else [str(d) for d in range(10)]
        hrefs = [*kids, pre, *sibs, *nav]
    return tuple(dict.fromkeys(f"{HOST}/p/{h}" for h in hrefs))


def generated(pages: int, size: int) -> Iterator[list]:
    from gui_crawler.events import FetchRecord

    for start in range(0, pages, size):
        yield [
            FetchRecord(
                f"{HOST}/p/{n}", status=200, content_type="text/html", links=page_links(n, pages)
            )
            for n in range(start, min(pages, start + size))
        ]


def from_file(path: Path, size: int) -> Iterator[list]:
    from gui_crawler.storage.fileformat import iter_records

    batch: list = []
    for rec in iter_records(path, batch=size):
        batch.append(rec.without_words())
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def fingerprint(index: object, urls: list[str]) -> str:
    """A hash of ``sources()`` and ``count()`` of ``urls``: the trees must agree."""
    h = hashlib.sha256()
    for u in urls:
        h.update(repr((u, index.sources(u), index.count(u))).encode())  # type: ignore[attr-defined]
    return h.hexdigest()[:16]


def child(args: argparse.Namespace) -> None:
    import gui_crawler
    from gui_crawler.config import CrawlConfig
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader
    from gui_crawler.ui.link_models import LinkIndex

    tmp = Path(tempfile.mkdtemp(prefix="bench-links-"))
    path = tmp / "c.sqlite3"
    CrawlStore.create(path, CrawlConfig(roots=(f"{HOST}/p/0",)).validated()).close("finished")

    def feed() -> Iterator[list]:
        if args.crawl:
            return from_file(args.crawl, args.batch)
        return generated(args.pages, args.batch)

    index = LinkIndex()  # the first index pays for imports and caches, not the one measured
    index.add(next(iter(generated(100, 100))))
    del index
    footprint = Footprint(traced=args.mode == "mem")
    index = LinkIndex()
    index.records.attach(RecordReader(path))
    spent = 0.0
    fed = 0
    for batch in feed():
        t0 = time.process_time()  # CPU: the machine's other work is not this one's
        index.add(batch)
        spent += time.process_time() - t0
        fed += len(batch)
    del batch
    index.records.clear()  # the latest records, kept whatever they are: not the index's cost
    index.records.attach(None)
    out: dict[str, object] = {"package": str(Path(gui_crawler.__file__).parent), "pages": fed}
    out["traced" if args.mode == "mem" else "rss"] = footprint.grown()
    if args.mode != "mem":
        out["add_s"] = spent
    sample = [f"{HOST}/p/{k}" for k in range(NAV + 1)]
    sample += (r.url for batch in feed() for r in batch[::97])
    out["fingerprint"] = fingerprint(index, sample)
    print(json.dumps(out))
    with contextlib.suppress(OSError):
        for f in tmp.iterdir():
            f.unlink()
        tmp.rmdir()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--pages", type=int, default=1_000_000)
    p.add_argument("--crawl", type=Path, help="a crawl file whose records are fed instead")
    p.add_argument("--batch", type=int, default=200)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--tree", type=Path, help="the gui_crawler package in this folder (before)")
    p.add_argument("--mode", choices=("time", "mem"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.mode:
        child(args)
        return
    pages = args.pages
    if args.crawl:
        from gui_crawler.storage.fileformat import count_records

        args.crawl = args.crawl.resolve()
        pages = sum(row[4] for row in count_records(args.crawl))
    trees = [("after", str(ROOT))]
    if args.tree:
        trees.insert(0, ("before", f"{args.tree.resolve()}:{ROOT}"))
    figures: dict[str, dict[str, list[float]]] = {name: {} for name, _ in trees}
    prints: dict[str, set[str]] = {name: set() for name, _ in trees}
    common_args = ["--pages", str(args.pages), "--batch", str(args.batch)]
    if args.crawl:
        common_args += ["--crawl", str(args.crawl)]
    for run in range(args.runs):
        for name, path in trees:
            for mode in ("time", "mem"):
                got = run_json(
                    [__file__, *common_args, "--mode", mode],
                    timeout=3600,
                    env={"PYTHONPATH": path, "GUI_CRAWLER_NO_EXTENSIONS": "1"},
                )
                print(f"run {run + 1} {name} {mode}: {got}", file=sys.stderr)
                prints[name].add(str(got["fingerprint"]))
                for k in ("traced", "rss", "add_s"):
                    if k in got:
                        figures[name].setdefault(k, []).append(float(got[k]))
    rows = []
    for name, _ in trees:
        f = {k: median(v) for k, v in figures[name].items()}
        rows.append(
            [
                name,
                round(f["traced"] / pages),
                round(f["rss"] / pages),
                round(f["add_s"], 2),
                round(f["add_s"] / pages * 1e6, 2),
            ]
        )
    if args.tree:
        b, a = rows
        rows.append(["after/before", *(f"{x / y:.2f}x" for x, y in zip(a[1:], b[1:], strict=True))])
    site = f"{args.crawl.name}" if args.crawl else "the generated site (window_million.py's)"
    title = (
        f"link index, {pages:,} pages of {site}, batches of {args.batch}, "
        f"median of {args.runs} run(s)"
    )
    print(table(["tree", "traced B/page", "RSS B/page", "add() CPU s", "us/record"], rows, title))
    agree = len(set().union(*prints.values())) == 1
    print(f"sources() and count() of the sampled pages: {'the same' if agree else 'DIFFER'}")
    if not agree:
        sys.exit(1)


if __name__ == "__main__":
    main()
