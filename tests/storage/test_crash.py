"""Crash safety of the headless crawl, against real subprocesses and a real loopback server that
counts requests per URL: kill -9 and resume, a lock per crawl file, SIGTERM, files that cannot be
made, and a bounded fault-injection loop."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from gui_crawler.config import CrawlConfig
from gui_crawler.session import CrawlSession, peek
from gui_crawler.storage import CrawlStore, StoreError, load
from tests.sites import Site, ThreadedSite

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 6
PAGES = 240
# The pages a kill -9 may cost (fetched again on resume): each worker's in flight, and fewer
# than --max-tasks records waiting for their commit (storage/writer.py's bound).
LOST_AT_MOST = 2 * WORKERS - 1


def tree_site(delay: float = 0.004) -> Site:
    """PAGES pages, each linking to two children and back to the root: a few levels deep."""
    site = Site()
    for i in range(PAGES):
        kids = [f"/p{k}" for k in (2 * i + 1, 2 * i + 2) if k < PAGES]
        site.page("/" if i == 0 else f"/p{i}", [*kids, "/"], delay=delay)
    return site


def all_urls(site: Site) -> set[str]:
    return {site.url} | {site.u(f"/p{i}") for i in range(1, PAGES)}


@pytest.fixture
def served() -> Iterator[Site]:
    site = tree_site()
    with ThreadedSite(site):
        yield site


def crawl_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "gui_crawler", "crawl", "-q", *args]


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        crawl_cmd(*args), env=env(), cwd=ROOT, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip


def run(*args: str, timeout: float = 40, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        crawl_cmd(*args),
        env=env(),
        cwd=ROOT,
        text=True,
        capture_output=True,
        timeout=timeout,
        **kw,
    )  # type: ignore[call-overload]


def wait_hits(site: Site, n: int, proc: subprocess.Popen[str], limit: float = 20) -> None:
    end = time.monotonic() + limit
    while sum(site.hits.values()) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "the crawl did not get going"
        time.sleep(0.005)


def kill9(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=10)


PAGE_PATHS = {"/"} | {f"/p{i}" for i in range(1, PAGES)}


def refetched(site: Site) -> int:
    """Pages fetched more than once (robots.txt and sitemap.xml are asked for again on each
    resume, by design: they are not pages of the crawl)."""
    return sum(n - 1 for path, n in site.hits.items() if n > 1 and path in PAGE_PATHS)


def test_kill_9_refetches_fewer_than_twice_the_workers(served: Site, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    proc = start(served.url, "--db", str(db), "--max-tasks", str(WORKERS))
    wait_hits(served, PAGES // 2, proc)
    kill9(proc)
    before = dict(served.hits)
    done = run("--resume", str(db))
    assert done.returncode == 0, done.stderr
    assert refetched(served) <= LOST_AT_MOST, {u: n for u, n in served.hits.items() if n > 1}
    assert sum(before.values()) < PAGES  # the kill came mid-crawl
    assert {r.url for r in load(db).records} == all_urls(served)


def recorded_paths(db: Path) -> set[str] | None:
    """Paths the crawl file holds records of; None if the file was never made whole. Read as a
    resume would: read-write, so SQLite recovers the WAL the kill left behind."""
    if not db.exists():
        return None
    with (
        contextlib.suppress(sqlite3.Error),
        contextlib.closing(sqlite3.connect(f"file:{db}?mode=rw", uri=True)) as c,
    ):
        rows = c.execute("SELECT url FROM records WHERE error_kind IS NOT 'Cancelled'")
        return {urlsplit(url).path for (url,) in rows}
    return None


def test_fault_injection_loop_keeps_the_url_set(tmp_path: Path) -> None:
    rng = random.Random(12)
    site = tree_site(delay=0.002)
    with ThreadedSite(site):
        db = tmp_path / "f.sqlite3"
        kills = 0
        # At each kill, the pages the server answered that the file does not hold: they will be
        # fetched again. A run adds at most LOST_AT_MOST to that set (one in flight per worker,
        # and the records waiting for their commit); the set can carry over runs killed before
        # they got round to re-fetching it.
        lost: set[str] = set()
        added: list[int] = []
        deadline = time.monotonic() + 8
        first = (site.url, "--db", str(db), "--max-tasks", str(WORKERS))
        proc = start(*first)
        while True:
            # Kill at a random moment: from before the file exists to near the end.
            time.sleep(rng.uniform(0.0, 0.3))
            if proc.poll() is not None or time.monotonic() > deadline:
                break
            kill9(proc)
            kills += 1
            recorded = recorded_paths(db)
            if recorded is not None:
                now = {p for p in site.hits if p in PAGE_PATHS} - recorded
                added.append(len(now - lost))
                lost = now
            # Killed before the file was made: the person runs the same command again.
            again = (
                ("--resume", str(db), "--max-tasks", str(WORKERS))
                if recorded is not None
                else first
            )
            proc = start(*again)
        err = proc.communicate(timeout=40)[1]
        assert proc.returncode == 0, err
    assert kills >= 2
    assert max(added, default=0) <= LOST_AT_MOST, added
    assert refetched(site) <= LOST_AT_MOST * kills
    assert {r.url for r in load(db).records} == all_urls(site)
    assert max(n for path, n in site.hits.items() if path in PAGE_PATHS) <= 1 + kills


def test_roots_are_saved_when_the_file_is_created(tmp_path: Path) -> None:
    site = Site()
    site.page("/", ["/a"], delay=5)  # the kill comes while the root is still being fetched
    site.page("/a", [])
    with ThreadedSite(site):
        db = tmp_path / "r.sqlite3"
        proc = start(site.url, "--db", str(db))
        wait_hits(site, 1, proc)
        kill9(proc)
        assert [q.url for q in load(db).pending] == [site.url]
        site.page("/", ["/a"])
        done = run("--resume", str(db))
    assert done.returncode == 0, done.stderr
    assert {r.url for r in load(db).records} == {site.url, site.u("/a")}


def test_a_running_file_with_nothing_in_it_reseeds(tmp_path: Path) -> None:
    db = tmp_path / "e.sqlite3"
    config = CrawlConfig(roots=("http://127.0.0.1:9/",)).validated()
    CrawlStore.create(db, config).close("running")
    # As a file from before roots were saved at creation. A connection's "with" only commits:
    # closing() closes it too (3.13 warns of one left to the garbage collector).
    with contextlib.closing(sqlite3.connect(db)) as c, c:
        c.execute("DELETE FROM queued")
    Path(f"{db}-wal").touch()  # as a killed crawl leaves it
    assert [q.url for q in peek(db).pending] == ["http://127.0.0.1:9/"]  # the window's Open
    session = CrawlSession.resume(db)
    try:
        assert session.saved is not None
        assert [q.url for q in session.saved.pending] == ["http://127.0.0.1:9/"]
    finally:
        session.close()


def test_a_crawl_file_is_locked_while_written(served: Site, tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite3"
    config = CrawlConfig(roots=(served.url,)).validated()
    store = CrawlStore.create(db, config)
    try:
        other = run("--resume", str(db))
        assert other.returncode == 3
        assert "in use by another crawl" in other.stderr
        with pytest.raises(StoreError, match="in use by another crawl"):
            peek(db)  # what the window's Open crawl calls
        with pytest.raises(StoreError, match="in use by another crawl"):
            CrawlSession.resume(db)
    finally:
        store.close("cancelled")
    assert not served.hits
    assert peek(db).pending  # free again once closed


# What Windows' event loop does: no add_signal_handler. The CLI then installs Python's own handler.
NO_LOOP_SIGNALS = (
    "import asyncio, sys\n"
    "def refuse(*args): raise NotImplementedError\n"
    "asyncio.unix_events._UnixSelectorEventLoop.add_signal_handler = refuse\n"
    "from gui_crawler.__main__ import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


@pytest.mark.parametrize(
    ("how", "sig"),
    [("loop", signal.SIGTERM), ("python", signal.SIGINT)],
)
def test_sigterm_is_ctrl_c_and_cancelled_urls_are_not_broken(
    tmp_path: Path, how: str, sig: signal.Signals
) -> None:
    site = Site()
    site.page("/", [f"/s{i}" for i in range(20)])
    for i in range(20):
        site.page(f"/s{i}", [], delay=10)
    with ThreadedSite(site):
        db = tmp_path / "t.sqlite3"
        start = ["-m", "gui_crawler"] if how == "loop" else ["-c", NO_LOOP_SIGNALS]
        proc = subprocess.Popen(
            [sys.executable, *start, "crawl", site.url, "--db", str(db)],
            env=env(), cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        wait_hits(site, 5, proc)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130, err
    assert "Finished" in out and "Crawl file:" in out
    assert "Broken:" not in out  # cut short by the signal says nothing about those links
    assert len(load(db).pending) == 20  # the cut-short fetches are the frontier again


def test_a_70_character_dns_label(tmp_path: Path) -> None:
    long = "http://" + "a" * 70 + ".com/"
    p = run(long, "--no-db")
    assert p.returncode == 2
    assert "longer than DNS allows" in p.stderr and "Traceback" not in p.stderr


def test_a_70_character_dns_label_reached_mid_crawl_is_one_record(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from gui_crawler.engine import Crawler
    from gui_crawler.events import ErrorKind, FetchRecord, Queued

    long = "http://" + "a" * 70 + ".com/"
    records: list[FetchRecord] = []
    config = CrawlConfig(roots=("http://127.0.0.1:9/",), max_tries=1)
    crawler = Crawler(
        config,
        lambda e: records.append(e) if isinstance(e, FetchRecord) else None,  # type: ignore[func-returns-value]
        pending=[Queued(long, 10, 1, "http://127.0.0.1:9/")],
    )
    asyncio.run(crawler.run())
    assert [(r.url, r.error_kind) for r in records] == [(long, ErrorKind.INVALID_URL)]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_a_failed_creation_leaves_no_file(served: Site, tmp_path: Path) -> None:
    db = tmp_path / "full.sqlite3"

    def no_room() -> None:  # every write fails as on a full disk (EFBIG instead of ENOSPC)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    p = run(served.url, "--db", str(db), preexec_fn=no_room)
    assert p.returncode == 3, p.stderr
    assert "cannot write the crawl file" in p.stderr
    assert not db.exists() and not Path(f"{db}-wal").exists()
    assert not list(tmp_path.iterdir())  # nor the file it was made as, nor its journal or WAL
    assert run(served.url, "--db", str(db), "--max-pages", "3").returncode == 0  # the retry works


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--resume", "{tmp}"], 3, "is a folder, not a crawl file"),
        # Checked before the crawl, as an output's path is: a usage error.
        (["{url}", "--db", "{tmp}/afile/x.sqlite3"], 2, "afile is a file, not a folder"),
        (["{url}", "--db", "{tmp}/typo/x.sqlite3"], 2, "its folder {tmp}/typo does not exist"),
        (["--resume", "{tmp}/ok.sqlite3", "--exclude", "x"], 2, "--exclude cannot change"),
        (["--resume", "{tmp}/ok.sqlite3", "--no-db"], 2, "do not apply"),
    ],
)
def test_clear_messages(
    served: Site, tmp_path: Path, args: list[str], code: int, words: str
) -> None:
    (tmp_path / "afile").write_text("x")
    CrawlStore.create(tmp_path / "ok.sqlite3", CrawlConfig(roots=(served.url,)).validated()).close(
        "cancelled"
    )
    p = run(*(a.format(tmp=tmp_path, url=served.url) for a in args))
    assert p.returncode == code, p.stderr
    assert words.format(tmp=tmp_path) in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "typo").exists()  # --db made no folder


def test_resume_applies_safe_options(served: Site, tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite3"
    CrawlStore.create(db, CrawlConfig(roots=(served.url,)).validated()).close("cancelled")
    p = run("--resume", str(db), "--max-tasks", "3", "--timeout", "7")
    assert p.returncode == 0, p.stderr
    assert {r.url for r in load(db).records} == all_urls(served)


def test_a_copy_without_its_wal(tmp_path: Path) -> None:
    db = tmp_path / "w.sqlite3"
    store = CrawlStore.create(db, CrawlConfig(roots=("http://127.0.0.1:9/",)).validated())
    try:
        copy = tmp_path / "copy.sqlite3"
        shutil.copyfile(db, copy)  # while the crawl runs, its latest writes are in the -wal
        # The file is complete from its creation on: the copy is an older, consistent state.
        assert [q.url for q in load(copy).pending] == ["http://127.0.0.1:9/"]
        empty = tmp_path / "empty.sqlite3"
        sqlite3.connect(empty).close()  # what a crawl killed mid-creation used to leave
        empty.write_bytes(b"")
        with pytest.raises(StoreError, match=r"copy empty\.sqlite3-wal with it"):
            load(empty)
    finally:
        store.close()


def test_a_store_error_still_writes_the_csv(tmp_path: Path) -> None:
    site = Site()
    site.page("/", [f"/g{i}" for i in range(150)])
    for i in range(150):
        # 25 links of 40 random hex digits each: ~1 KB a page the crawl file keeps (the links'
        # words) and the CSV does not. The file ends at ~180 KB however its commits were batched
        # (~50 KB without them: a loaded machine's few big commits stayed under the limit).
        rnd = random.Random(i)
        words = "".join(f'<a href="/">{rnd.getrandbits(160):040x}</a>' for _ in range(25))
        site.html(f"/g{i}", f"<!doctype html><body>{words}</body>", delay=0.01)
    db, out = tmp_path / "s.sqlite3", tmp_path / "out.csv"

    def small_files() -> None:  # the crawl file outgrows this; the CSV (~26 KB) does not
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (96_000, 96_000))

    with ThreadedSite(site):
        p = run(site.url, "--db", str(db), "--csv", str(out), preexec_fn=small_files)
    assert p.returncode == 3, p.stderr
    assert "the crawl was stopped" in p.stderr
    rows = out.read_text(encoding="utf-8-sig").splitlines()
    assert 1 < len(rows) < 152  # the header and the URLs recorded before the stop
    # Every record the summary counts is in the file (and the CSV), or said not to be.
    counted = int(p.stdout.split()[1])
    unsaved = re.search(r"; ([\d,]+) of its records are not in the file \(a resume", p.stderr)
    assert unsaved is not None, p.stderr
    assert len(rows) - 1 + int(unsaved.group(1).replace(",", "")) == counted
