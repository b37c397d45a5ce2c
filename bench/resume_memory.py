"""Peak RSS of resuming a crawl file, an earlier tree against this one, side by side in one run:
the earlier resume read every record of the file (``load``) to build the crawl's seen set and
frontier; this one streams the URLs taken in and the frontier from the file.

* ``rust-doc done``: Debian's rust-doc crawled (nginx, ``--no-external``) to its end by this tree,
  then ``gui-crawler crawl --resume FILE -q``: nothing left to fetch;
* ``rust-doc half``: a copy of that file with its later half of records deleted (as a cancel
  midway leaves it: those URLs are the frontier), resumed to its end by the CLI;
* ``generated, left``: a generated file of ``--records`` records (``--links`` links each) and
  ``--left`` URLs left to fetch (written with the crawl file's own rows; its URLs on
  127.0.0.1:9, which refuses), resumed as Continue crawl does it (``CrawlSession.resume``, the
  Crawler started and cancelled after its first ``--fetch`` records); ``running s``: from the
  resume to the first worker's first event (the frontier taken in);
* ``generated, done``: the same records with nothing left, ``gui-crawler crawl --resume -q``.

    .venv/bin/python bench/resume_memory.py --before REF_OR_DIR [--runs 1] [--records 500000]

REF_OR_DIR: a built tree, or a commit exported here with ``git archive`` and built in place.
Each run copies the file afresh (a resume writes it) and imports gui_crawler from its tree
(PYTHONPATH); peak RSS is the child's (wait4, the bench itself stays small: the generated file
is written by a child too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from common import median, table
from realsites import SITES, ensure_docs
from servers import Nginx

HERE = Path(__file__).resolve().parent.parent
OWN_SITE = ["--no-external", "--ignore-robots", "--no-sitemaps"]


def export(ref: str, dest: Path) -> Path:
    """The repository at ``ref`` unpacked under ``dest``, its compiled parts built in place."""
    blob = subprocess.run(["git", "archive", "--format=tar", ref], cwd=HERE,
                          capture_output=True, check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(dest, filter="data")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=dest,
                   check=True, capture_output=True)  # fmt: skip
    return dest


def child(tree: Path, args: list[str], folder: Path) -> dict[str, float]:
    """Run ``args`` (after the Python) with ``tree`` first on the path: peak RSS (wait4), wall
    and CPU seconds, and what the child printed as JSON on its last line, if anything."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    t0 = time.perf_counter()
    with (folder / "out.txt").open("w") as out:
        proc = subprocess.Popen([sys.executable, *args], env=env, stdout=out, cwd=folder)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: broken links found
        raise RuntimeError(f"{tree}: {' '.join(args)} exited {code}")
    got = {"peak RSS MB": usage.ru_maxrss / 1024, "wall s": wall,
           "CPU s": usage.ru_utime + usage.ru_stime}  # fmt: skip
    lines = (folder / "out.txt").read_text().strip().splitlines()
    if lines and lines[-1].startswith("{"):
        got.update(json.loads(lines[-1]))
    return got


# ---- children ------------------------------------------------------------------------------


def generate(path: Path, records: int, links: int, left: int) -> None:
    """A cancelled crawl of ``records`` pages (+ ``left`` URLs taken in, never fetched, and a
    few cut short in flight), written a chunk at a time with the crawl file's own rows."""
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import ErrorKind, FetchRecord, Queued
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.fileformat import INSERT_QUEUED, INSERT_RECORD, record_row

    root = "http://127.0.0.1:9/"
    config = CrawlConfig(roots=(root,), use_sitemaps=False, ignore_robots=True, max_tasks=10)
    CrawlStore.create(path, config.validated()).close("cancelled")

    def url(i: int) -> str:
        return f"{root}section-{i // 1000}/chapter-{i // 50}/page-{i}.html"

    total = records + left
    db = sqlite3.connect(path)
    chunk = 10_000
    for start in range(0, total, chunk):
        ids = range(start, min(start + chunk, total))
        queued = [Queued(url(i), 10, 1 + i // 1000, url(i // 2)) for i in ids]
        db.executemany(INSERT_QUEUED, [(q.url, q.redirects_left, q.depth, q.referrer)
                                       for q in queued])  # fmt: skip
        rows = []
        for i in ids:
            if i >= records:
                continue
            if i >= records - 10:  # the last few cut short in flight
                rec = FetchRecord(url(i), error_kind=ErrorKind.CANCELLED, exception="Cancelled")
            else:
                rec = FetchRecord(
                    url(i), status=200, size=9000 + i % 5000, content_type="text/html",
                    encoding="utf-8", num_urls=links, depth=1 + i // 1000, referrer=url(i // 2),
                    links=tuple(url((i * 7 + k * 31) % total) for k in range(links)),
                    title=f"Page {i} of the generated site", h1=f"Page {i}", h1_count=1,
                    word_count=800 + i % 300, content_hash=f"{i:016x}", elapsed=0.01,
                    headers="Content-Type: text/html\nServer: nginx",
                )  # fmt: skip
            rows.append(record_row(rec))
        db.executemany(INSERT_RECORD, rows)
        db.commit()
    db.close()


async def resume_and_fetch(path: Path, fetch: int) -> dict[str, float]:
    """Continue crawl as the window does it: resume, start, cancel after ``fetch`` records."""
    from gui_crawler.events import Event, FetchRecord, WorkerEvent
    from gui_crawler.session import CrawlSession

    t0 = time.perf_counter()
    running = 0.0
    got = 0
    session = CrawlSession.resume(path)

    def sink(e: Event) -> None:
        nonlocal got, running
        if isinstance(e, WorkerEvent) and not running:  # the frontier taken in, workers on
            running = time.perf_counter() - t0
        if isinstance(e, FetchRecord):
            got += 1
            if got == fetch:
                crawler.cancel()

    crawler = session.start(sink)
    finished = await crawler.run()
    session.close(finished)
    return {"running s": running, "records": got}


# ---- the bench ------------------------------------------------------------------------------


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", required=False, help="the earlier tree: a built folder or a ref")
    p.add_argument("--after", type=Path, default=HERE, help="this tree (default)")
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--records", type=int, default=500_000, help="records of the generated file")
    p.add_argument("--links", type=int, default=20, help="links of each generated record")
    p.add_argument("--left", type=int, default=300_000, help="URLs the generated file has left")
    p.add_argument("--fetch", type=int, default=50, help="records fetched before the cancel")
    p.add_argument("--only", choices=["rust-doc", "generated"])
    p.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:  # run by the bench in a tree of its own
        what, path = a.child[0], Path(a.child[1])
        if what == "generate":
            generate(path, a.records, a.links, a.left)
        else:
            print(json.dumps(asyncio.run(resume_and_fetch(path, a.fetch))))
        return
    if not a.before:
        p.error("--before REF_OR_DIR is needed")
    me = str(Path(__file__).resolve())
    with tempfile.TemporaryDirectory(prefix="resume-memory-") as scratch:
        tmp = Path(scratch)
        before = Path(a.before)
        if not before.is_dir():
            print(f"exporting {a.before} …", flush=True)
            before = export(a.before, tmp / "before")
        trees = {"before": before.resolve(), "after": a.after.resolve()}
        n = 0

        def run(name: str, args: list[str], original: Path) -> dict[str, float]:
            nonlocal n
            n += 1
            f = tmp / f"run-{n}"
            f.mkdir()
            shutil.copy(original, f / "c.sqlite3")
            r = child(trees[name], args, f)
            shutil.rmtree(f)
            print(f"    {name}: " + ", ".join(f"{k} {v:,.1f}" for k, v in r.items()), flush=True)
            return r

        def side_by_side(title: str, args: list[str], original: Path) -> list[list[object]]:
            print(f"  {title}", flush=True)
            got: dict[str, list[dict[str, float]]] = {k: [] for k in trees}
            for i in range(a.runs):
                for name in list(trees) if i % 2 == 0 else list(trees)[::-1]:
                    got[name].append(run(name, args, original))
            rows = []
            for k in got["before"][0]:
                if k == "records":
                    continue
                b = median([r[k] for r in got["before"]])
                af = median([r[k] for r in got["after"]])
                rows.append([title, k, f"{b:,.1f}", f"{af:,.1f}", f"{af / b:.2f}x" if b else "-"])
            return rows

        rows: list[list[object]] = []
        cli = ["-m", "gui_crawler", "crawl", "--resume", "c.sqlite3", "-q"]
        if a.only in (None, "rust-doc"):
            package, root = SITES["rust-docs"]
            with Nginx(ensure_docs(package, root), mime_types=True) as rust:
                done = tmp / "rust-done.sqlite3"
                print("crawling rust-doc once (this tree) …", flush=True)
                crawled = tmp / "crawl"
                crawled.mkdir()
                child(trees["after"], ["-m", "gui_crawler", "crawl", rust.url, "-q", *OWN_SITE,
                                       "--db", str(done)], crawled)  # fmt: skip
                half = tmp / "rust-half.sqlite3"
                shutil.copy(done, half)
                with sqlite3.connect(half) as db:
                    (count,) = db.execute("SELECT count(*) FROM records").fetchone()
                    db.execute("DELETE FROM records WHERE seq > (SELECT min(seq) FROM records)"
                               " + ?", (count // 2,))  # fmt: skip
                    db.execute("UPDATE meta SET value='cancelled' WHERE key='state'")
                db.close()
                print(f"  rust-doc: {count:,} records; half: {count - count // 2:,} left",
                      flush=True)  # fmt: skip
                rows += side_by_side(f"rust-doc done ({count:,})", cli, done)
                rows += side_by_side(f"rust-doc half ({count - count // 2:,} left)", cli, half)
        if a.only in (None, "generated"):
            left = tmp / "gen-left.sqlite3"
            print(f"generating {a.records:,} records, {a.left:,} left …", flush=True)
            gen = tmp / "gen"
            gen.mkdir()
            child(trees["after"], [me, "--records", str(a.records), "--links", str(a.links),
                                   "--left", str(a.left), "--child", "generate", str(left)],
                  gen)  # fmt: skip
            done = tmp / "gen-done.sqlite3"
            shutil.copy(left, done)
            with sqlite3.connect(done) as db:  # the URLs left recorded as answered, none cut
                db.execute(
                    "INSERT INTO records (url, status, depth) SELECT url, 404, depth FROM queued"
                    " WHERE url NOT IN (SELECT url FROM records)"
                )
                db.execute("UPDATE records SET error_kind = NULL, exception = NULL, status = 200"
                           " WHERE error_kind = 'Cancelled'")  # fmt: skip
            db.close()
            size = left.stat().st_size / 2**20
            title = f"generated, {a.left:,} left ({a.records:,} rec, {size:,.0f} MB)"
            rows += side_by_side(title, [me, "--fetch", str(a.fetch), "--child", "resume",
                                         "c.sqlite3"], left)  # fmt: skip
            rows += side_by_side(f"generated, done ({a.records + a.left:,} rec)", cli, done)
    print()
    print(table(["file", "figure", "before", "after", "after/before"], rows,
                f"resume, medians of {a.runs}"))  # fmt: skip


if __name__ == "__main__":
    main()
