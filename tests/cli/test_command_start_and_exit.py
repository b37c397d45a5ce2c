"""``gui-crawler crawl`` as a process: what its start imports, and how it ends (a real server in a
thread, the command in a subprocess)."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from sites import Site, ThreadedSite

from gui_crawler.storage import load


def a_site() -> Site:
    site = Site()
    # Pages over the inline parse's 1 KB: the parser threads run too.
    many = [f"/p{i}" for i in range(60)]
    site.page("/", [*many, "/gone"])
    for path in many:
        site.page(path, ["/"])
    return site


PAGES = 62  # the root, its 60 pages, the broken link


def test_a_plain_crawl_imports_nothing_only_options_it_lacks_use(tmp_path: Path) -> None:
    """Without parser processes, robots.txt, sitemaps or a browser, a crawl imports none of
    their modules (multiprocessing, protego, the sitemaps' reader, the browser check), nor
    statistics (one median at the crawl's end)."""
    unused = (
        "multiprocessing",
        "concurrent.futures.process",
        "protego",
        "gui_crawler.crawl.sitemaps",
        "gui_crawler.render.browser",
        "statistics",
    )
    db = str(tmp_path / "c.sqlite3")
    with ThreadedSite(a_site()) as site:
        code = (
            "import sys; from gui_crawler.cli.headless import main; "
            f"code = main([{site.url!r}, '-q', '--ignore-robots', '--no-sitemaps', '--db', {db!r}]); "
            f"print(code, [m for m in {unused!r} if m in sys.modules])"
        )
        run = [sys.executable, "-c", code]
        out = subprocess.run(run, capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.splitlines()[-1] == "1 []"  # exit code 1: the site has a broken link


# The command run as ``python -m gui_crawler`` runs it, with an object of its own whose __del__
# says so when Python's teardown frees it, and an atexit function that says it ran.
COMMAND = """
import atexit, os, runpy, sys, threading, time

class Freed:
    def __del__(self):
        os.write(2, b"freed at teardown\\n")

kept = Freed()
atexit.register(lambda: os.write(2, b"atexit ran\\n"))
if sys.argv[1] == "thread":  # a thread Python's exit waits for, still running
    threading.Thread(target=time.sleep, args=(1.5,)).start()
sys.argv = ["gui-crawler", *sys.argv[2:]]
runpy.run_module("gui_crawler", run_name="__main__")
"""


# Every output the command writes, beside its crawl file.
OUTPUTS = {"--csv": "pages.csv", "--report": "audit.html", "--findings-csv": "findings.csv",
           "--broken-csv": "broken.csv", "--links-csv": "links.csv"}  # fmt: skip


def crawl_process(tmp_path: Path, how: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    db = tmp_path / "c.sqlite3"
    outputs = [str(a) for flag, name in OUTPUTS.items() for a in (flag, tmp_path / name)]
    with ThreadedSite(a_site()) as site:
        args = ["crawl", site.url, "--db", str(db), *outputs, "-v"]
        run = [sys.executable, "-c", COMMAND, how, *args]
        done = subprocess.run(run, capture_output=True, text=True, timeout=60)
    return done, db


def assert_complete(done: subprocess.CompletedProcess[str], db: Path) -> None:
    assert done.returncode == 1, done.stderr  # the broken link
    assert f"Finished {PAGES} urls in" in done.stdout
    assert "atexit ran" in done.stderr
    # The report, the outputs and the crawl file are whole, and every connection to the file
    # was closed: no -wal or -shm file left beside it.
    out_csv = db.parent / OUTPUTS["--csv"]
    assert f"Wrote {PAGES} rows to {out_csv}" in done.stdout
    with out_csv.open(encoding="utf-8-sig", newline="") as f:
        assert len(list(csv.DictReader(f))) == PAGES
    with (db.parent / OUTPUTS["--broken-csv"]).open(encoding="utf-8-sig", newline="") as f:
        assert len(list(csv.DictReader(f))) == 1
    assert (
        (db.parent / OUTPUTS["--report"]).read_text(encoding="utf-8").rstrip().endswith("</html>")
    )
    assert sorted(p.name for p in db.parent.iterdir()) == sorted([db.name, *OUTPUTS.values()])
    saved = load(db)
    assert saved.state == "done" and len(saved.records) == PAGES


def test_a_crawl_ends_without_python_freeing_everything(tmp_path: Path) -> None:
    """Once the crawl file and the outputs are closed, the process exits without Python's
    teardown (freeing every object: ~40 ms of a python3-doc crawl); its exit code, its
    report, its outputs and the atexit functions are as they were."""
    done, db = crawl_process(tmp_path, "plain")
    assert_complete(done, db)
    assert "freed at teardown" not in done.stderr


def test_a_thread_still_running_gets_the_usual_exit(tmp_path: Path) -> None:
    """A thread Python's exit would wait for is waited for: the usual exit, teardown and all."""
    done, db = crawl_process(tmp_path, "thread")
    assert_complete(done, db)
    assert "freed at teardown" in done.stderr
