"""The cost of keeping every link's words: ``gui-crawler crawl`` of rust-doc (served by nginx,
``--no-external``) with a crawl file, by the tree before links kept their words and by this one,
alternating run by run: wall and CPU time, peak RSS (the process's, from wait4), the crawl file's
size; and the window's peak RSS crawling the same site (bench/gui.py of each tree).

    python bench/linkwords.py --before /path/to/old/tree [--runs 3] [--site rust-docs]

The tree before must have its compiled parts built (``setup.py build_ext --inplace``); each run
imports gui_crawler from its tree (PYTHONPATH) with this venv's Python.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import median, table
from realsites import SITES, ensure_docs
from servers import Nginx

HERE = Path(__file__).resolve().parent.parent


def crawl(tree: Path, url: str, db: Path) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak RSS in MB, crawl file bytes) of one headless crawl by
    ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    args = [sys.executable, "-m", "gui_crawler", "crawl", url, "-q", "--no-external",
            "--ignore-robots", "--no-sitemaps", "--db", str(db)]  # fmt: skip
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):  # 1: broken links found
        raise RuntimeError(f"{tree}: the crawl exited {proc.returncode}")
    size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, size


def window_rss(tree: Path, url: str) -> float:
    """Peak RSS in MB of the window crawling ``url`` (bench/gui.py of ``tree``)."""
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, str(tree / "bench" / "gui.py"), url], env=env,
                         capture_output=True, text=True, check=True, timeout=900)  # fmt: skip
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return float(got.get("peak_rss_mb") or got.get("maxrss_mb") or got["rss_mb"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", type=Path, required=True, help="the tree before (built)")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--site", choices=list(SITES), default="rust-docs")
    p.add_argument("--window", action="store_true", help="also the window's peak RSS")
    a = p.parse_args()
    package, root = SITES[a.site]
    trees = {"before": a.before, "words": HERE}
    got: dict[str, list[tuple[float, float, float, int]]] = {n: [] for n in trees}
    windows: dict[str, list[float]] = {n: [] for n in trees}
    docs = ensure_docs(package, root)
    with Nginx(docs, mime_types=True) as server, tempfile.TemporaryDirectory() as tmp:
        for i in range(a.runs):
            for name, tree in trees.items():
                db = Path(tmp) / f"{name}-{i}.sqlite3"
                got[name].append(crawl(tree, server.url, db))
                print(name, i, got[name][-1], flush=True)
                if a.window:
                    windows[name].append(window_rss(tree, server.url))
                    print(name, i, "window", windows[name][-1], flush=True)
    rows = []
    base = median([r[1] for r in got["before"]])
    for name, runs in got.items():
        secs, cpu, rss, size = (median([r[k] for r in runs]) for k in range(4))
        win = f"{median(windows[name]):.0f}" if windows[name] else "-"
        rows.append([name, f"{secs:.2f}", f"{cpu:.2f}", f"{cpu / base:.2f}x", f"{rss:.0f}", win,
                     f"{size / 1e6:.1f}"])  # fmt: skip
    print(table(["tree", "wall s", "CPU s", "CPU", "CLI peak RSS MB", "window peak RSS MB",
                 "crawl file MB"], rows, f"{a.site}, {a.runs} runs each, medians"))  # fmt: skip


if __name__ == "__main__":
    main()
