"""``gui-crawler crawl`` keeping every record for its report and outputs (before) vs keeping
counts and reading them from the crawl file at the end (after): peak RSS (the process's, from
wait4), wall and CPU time, alternating run by run, medians and after/before ratios.

* ``tiny``: ~200k tiny generated pages (nginx ``return 200``, ten links a page, bench/servers.py)
  crawled with ``--no-external --max-pages N`` and a crawl file;
* ``rust-doc``: Debian's rust-doc served by nginx, ``--no-external`` with ``--csv --report
  --broken-csv``;
* ``outputs``: one of those rust-doc crawl files resumed by each tree with nothing left to
  fetch, every output asked (``-v --csv --report --broken-csv --links-csv``): the peak RSS of
  writing them from a saved crawl, and whether both trees wrote the same bytes (the crawl's time,
  the report's date and the folder aside).

    python bench/cli_stream.py --before /path/to/old/tree [--after TREE] [--runs 3]

Each tree must have its compiled parts built (``setup.py build_ext --inplace``; bench/gui_ab.py's
``export`` makes one from a commit); each run imports gui_crawler from its tree (PYTHONPATH) with
this venv's Python.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import median, table
from realsites import SITES, ensure_docs
from servers import Nginx

HERE = Path(__file__).resolve().parent.parent
OWN_SITE = ["--no-external", "--ignore-robots", "--no-sitemaps"]
AUDIT = ["--csv", "pages.csv", "--report", "r.html", "--broken-csv", "broken.csv"]


def crawl(tree: Path, args: list[str], folder: Path) -> dict[str, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of ``gui-crawler crawl ARGS`` run by
    ``tree`` in ``folder``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    t0 = time.perf_counter()
    with (folder / "out.txt").open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gui_crawler", "crawl", *args], env=env,
                                stdout=out, cwd=folder)  # fmt: skip
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: broken links found
        raise RuntimeError(f"{tree}: gui-crawler crawl {' '.join(args)} exited {code}")
    return {
        "peak RSS MB": usage.ru_maxrss / 1024,
        "wall s": wall,
        "CPU s": usage.ru_utime + usage.ru_stime,
    }


def timeless(path: Path) -> bytes:
    """An output without what changes from run to run."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^Finished (\d+) urls in [0-9.]+ secs (.*) \([0-9.]+ urls/sec\)",
                  r"Finished \1 urls in T secs \2", text, flags=re.M)  # fmt: skip
    text = re.sub(r" · [0-9-]+ [0-9:]+</p>", " · WHEN</p>", text)
    return text.replace(str(path.parent), "DIR").encode()


def alternate(
    trees: dict[str, Path], runs: int, measure: object, say: str
) -> dict[str, list[dict[str, float]]]:
    got: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    names = list(trees)
    for i in range(runs):
        for name in names if i % 2 == 0 else names[::-1]:
            r = measure(name, trees[name], i)  # type: ignore[operator]
            got[name].append(r)
            print(f"  {say} run {i + 1} {name}: "
                  + ", ".join(f"{k} {v:,.1f}" for k, v in r.items()), flush=True)  # fmt: skip
    return got


def summarise(title: str, got: dict[str, list[dict[str, float]]]) -> str:
    (b, before), (a, after) = got.items()
    rows = []
    for k in before[0]:
        mb, ma = median([r[k] for r in before]), median([r[k] for r in after])
        rows.append([k, f"{mb:,.1f}", f"{ma:,.1f}", f"{ma / mb:.2f}x" if mb else "-"])
    return table(["figure", b, a, "after/before"], rows, title)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", type=Path, required=True, help="the tree before (built)")
    p.add_argument("--after", type=Path, default=HERE, help="the tree after (default: this one)")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--pages", type=int, default=200_000, help="tiny pages crawled")
    p.add_argument("--workers", type=int, default=50, help="--max-tasks of the tiny crawl")
    p.add_argument("--only", choices=["tiny", "rust-doc"], help="one site only")
    a = p.parse_args()
    trees = {"before": a.before.resolve(), "after": a.after.resolve()}
    results = []
    with tempfile.TemporaryDirectory(prefix="cli-stream-") as scratch:
        tmp = Path(scratch)

        def folder(name: str, i: int, what: str) -> Path:
            f = tmp / f"{what}-{name}-{i}"
            f.mkdir()
            return f

        if a.only in (None, "tiny"):
            with Nginx(tiny=True) as tiny:

                def measure_tiny(name: str, tree: Path, i: int) -> dict[str, float]:
                    f = folder(name, i, "tiny")
                    args = [tiny.url, "-q", *OWN_SITE, "--max-pages", str(a.pages),
                            "--max-tasks", str(a.workers), "--db", "c.sqlite3"]  # fmt: skip
                    r = crawl(tree, args, f)
                    shutil.rmtree(f)
                    return r

                got = alternate(trees, a.runs, measure_tiny, "tiny")
            results.append(summarise(f"tiny pages, {a.pages:,} URLs, medians of {a.runs}", got))
            print(results[-1], flush=True)
        if a.only in (None, "rust-doc"):
            package, root = SITES["rust-docs"]
            keep: Path | None = None
            with Nginx(ensure_docs(package, root), mime_types=True) as rust:

                def measure_rust(name: str, tree: Path, i: int) -> dict[str, float]:
                    nonlocal keep
                    f = folder(name, i, "rust")
                    r = crawl(tree, [rust.url, "-q", *OWN_SITE, *AUDIT, "--db", "c.sqlite3"], f)
                    if keep is None:
                        keep = f / "c.sqlite3"
                    else:
                        shutil.rmtree(f)
                    return r

                got = alternate(trees, a.runs, measure_rust, "rust-doc")
            results.append(summarise(f"rust-doc with {' '.join(AUDIT[::2])}, medians of {a.runs}",
                                     got))  # fmt: skip
            print(results[-1], flush=True)
            assert keep is not None
            every = ["-v", *AUDIT, "--links-csv", "links.csv"]

            def measure_outputs(name: str, tree: Path, i: int) -> dict[str, float]:
                f = folder(name, i, "outputs")
                shutil.copy(keep, f / "c.sqlite3")  # type: ignore[arg-type]
                return crawl(tree, ["--resume", "c.sqlite3", *every], f)

            got = alternate(trees, a.runs, measure_outputs, "outputs")
            results.append(summarise(f"every output of a saved rust-doc crawl (--resume "
                                     f"{' '.join(every)}), medians of {a.runs}", got))  # fmt: skip
            names = ["out.txt", "pages.csv", "r.html", "broken.csv", "links.csv"]
            same = {
                n: timeless(tmp / "outputs-before-0" / n) == timeless(tmp / "outputs-after-0" / n)
                for n in names
            }
            results.append("  the same bytes from both trees: "
                           + ", ".join(f"{n} {'yes' if ok else 'NO'}" for n, ok in same.items()))  # fmt: skip
    print("\n".join(["", *results]))


if __name__ == "__main__":
    main()
