"""Crash-safe crawl files: write, reopen, resume after cancel and after kill -9; bad files."""

from __future__ import annotations

import asyncio
import errno
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sites import Site, ThreadedSite
from storecrawl import as_format_5, crawl_to

from gui_crawler import storage as store_module
from gui_crawler.cli.headless import main
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord
from gui_crawler.records.verdicts import category
from gui_crawler.storage import CrawlStore, StoreError, checkpoint, fileformat, load, lockfile


def grid_site(n: int = 60, delay: float = 0.0) -> Site:
    site = Site()
    site.page("/", [f"/p{i}" for i in range(n)], delay=delay)
    for i in range(n):
        site.page(f"/p{i}", [f"/p{(i + 1) % n}", f"/q{i}"], delay=delay)
        site.page(f"/q{i}", [], delay=delay)
    return site


def recorded_urls(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {row[0] for row in db.execute("SELECT url FROM records")}
    except sqlite3.OperationalError:  # the crawler has not created its tables yet
        return set()
    finally:
        db.close()


def test_a_crawl_file_round_trips(tmp_path: Path) -> None:
    async def main_() -> None:
        async with grid_site(5) as site:
            config = CrawlConfig(roots=(site.url,)).validated()
            store = CrawlStore.create(tmp_path / "c.sqlite3", config)
            seen: list[FetchRecord] = []

            def sink(e: Event) -> None:
                store.sink(e)
                if isinstance(e, FetchRecord):
                    seen.append(e)

            await Crawler(config, sink).run()
            store.close("done")
        saved = load(tmp_path / "c.sqlite3")
        # Reading it leaves nothing beside it (a read-only connection would leave -wal and -shm).
        assert os.listdir(tmp_path) == ["c.sqlite3"]
        assert saved.state == "done" and saved.pending == [] and saved.config == config
        assert saved.records == seen  # every field, links included
        assert {r.url for r in saved.records} == saved.seen

    asyncio.run(main_())


def test_a_file_of_the_former_format_loads_and_resumes(tmp_path: Path) -> None:
    # Format 2 stored a record's links joined by newlines; a resume makes the file format 3.
    path = tmp_path / "c.sqlite3"

    async def main_() -> None:
        async with grid_site(5) as site:
            config = CrawlConfig(roots=(site.url,)).validated()
            first = await crawl_to(config, CrawlStore.create(path, config))
            db = sqlite3.connect(path)
            rows = as_format_5(db)
            assert any(links for _, links in rows)
            for seq, links in rows:
                db.execute("UPDATE records SET links=? WHERE seq=?", ("\n".join(links), seq))
            db.execute("UPDATE meta SET value='gui_crawler-crawl-2' WHERE key='format'")
            db.commit()
            assert load(path).records == first
            # As if killed before its last three records: they are fetched again by a resume
            # (format 7 and before kept every URL queued).
            db.execute(
                "INSERT INTO queued (url, redirects_left, depth, referrer) "
                "SELECT url, 0, depth, referrer FROM records WHERE seq > ?",
                (rows[-4][0],),
            )
            db.execute("DELETE FROM records WHERE seq > ?", (rows[-4][0],))
            db.execute("UPDATE meta SET value='running' WHERE key='state'")
            db.commit()
            db.close()
            store, saved = CrawlStore.open(path)
            assert len(saved.pending) == 3
            rest = await crawl_to(saved.config, store, seen=saved.seen, pending=saved.pending)
        again = load(path)
        assert len(rest) == 3 and again.records == first[:-3] + rest and not again.pending
        assert {r.url: r.links for r in again.records} == {r.url: r.links for r in first}
        db = sqlite3.connect(path)
        assert db.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0] == (
            store_module.FORMAT
        )
        db.close()

    asyncio.run(main_())


def test_resume_after_cancel_fetches_nothing_twice(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"

    async def main_() -> None:
        async with grid_site(40, delay=0.05) as site:
            config = CrawlConfig(roots=(site.url,), max_tasks=4).validated()
            store = CrawlStore.create(db, config)
            crawler = Crawler(config, store.sink)
            task = asyncio.ensure_future(crawler.run())
            await asyncio.sleep(0.4)
            crawler.cancel()
            assert (await task).reason == "cancelled"
            store.close("cancelled")
            first = dict(site.hits)
            store, saved = CrawlStore.open(db)
            assert saved.pending and saved.state == "cancelled"
            await Crawler(saved.config, store.sink, seen=saved.seen, pending=saved.pending).run()
            store.close("done")
            # A resumed crawl reads robots.txt and the sitemaps again: the site may have changed.
            twice = {p for p, n in site.hits.items() if n > 1} - {"/robots.txt", "/sitemap.xml"}
            # Only URLs abandoned in flight at the cancel may be fetched again.
            assert len(twice) <= 4, twice
            assert all(first.get(p, 0) <= 1 for p in site.hits)
            final = load(db)
            assert len(final.records) == 1 + 40 * 2 and final.pending == []
            assert all(category(r) != "fail_Cancelled" for r in final.records)

    asyncio.run(main_())


def test_kill_9_mid_crawl_then_resume_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "killed.sqlite3"
    site = grid_site(100, delay=0.02)
    with ThreadedSite(site):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gui_crawler",
                "crawl",
                site.url,
                "--db",
                str(db),
                "-q",
                "--max-tasks",
                "4",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if db.exists() and len(recorded_urls(db)) >= 40:
                break
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        committed = recorded_urls(db)
        assert 40 <= len(committed) < 201, "the crawl should be killed mid-way"
        hits_at_kill = dict(site.hits)
        assert main(["--resume", str(db), "-q"]) in (0, 1)
    final = load(db)
    urls = [r.url for r in final.records]
    assert len(urls) == len(set(urls)) == 201  # every page, each once
    assert final.pending == []
    for url in committed:  # nothing committed before the kill was fetched again
        path = url.split(str(site.port), 1)[1]
        assert site.hits[path] == hits_at_kill[path] == 1, path
    twice = [p for p, n in site.hits.items() if n > 1]
    assert len(twice) <= 4 + 40, twice  # at most what was in flight or not yet committed


def test_bad_files_get_clear_messages(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database at all" * 100)
    foreign = tmp_path / "foreign.sqlite3"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE t (x)")
    db.close()
    for path, words in [
        (tmp_path / "missing.sqlite3", "does not exist"),
        (garbage, "not a gui_crawler crawl file"),
        (foreign, "not a gui_crawler crawl file"),
    ]:
        with pytest.raises(StoreError, match=words):
            load(path)
    config = CrawlConfig(roots=("http://127.0.0.1/",)).validated()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match=f"{blocker} is a file, not a folder"):
        CrawlStore.create(blocker / "sub" / "c.sqlite3", config)


QUIET = CrawlConfig(roots=("http://127.0.0.1:9/",)).validated()


def test_an_unwritable_folder_is_named_as_read_only_or_not_yours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.sqlite3"
    CrawlStore.create(path, QUIET).close("done")
    assert not fileformat._read_only_fs(tmp_path)  # the probe of a writable folder…
    assert os.listdir(tmp_path) == ["c.sqlite3"]  # …leaves nothing
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode, **kw: Path(p) != tmp_path and real_access(p, mode, **kw)
    )
    for code, words in [
        (errno.EROFS, "its folder is read-only"),
        (errno.EACCES, "its folder cannot be written by you"),
    ]:

        def refused(*args: object, code: int = code, **kw: object) -> None:
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(tempfile, "TemporaryFile", refused)
        with pytest.raises(StoreError) as e:
            load(path)
        assert str(e.value) == f"cannot open {path}: {words} (SQLite needs to write beside it)"


def test_the_lock_is_beside_the_crawl_file_never_on_it(tmp_path: Path) -> None:
    # On macOS flock and SQLite's fcntl locks share one table: a flock on the crawl file itself
    # would lock SQLite's own connections out. The writer's lock is <file>-lock, gone once closed.
    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, QUIET)
    try:
        assert Path(f"{path}-lock").is_file()
        if sys.platform != "win32":
            import fcntl

            with open(path, "rb") as f:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)  # nothing of ours holds the file
        with pytest.raises(StoreError, match="in use by another crawl"):
            store_module.check_not_in_use(path)
        with pytest.raises(StoreError, match="in use by another crawl"):
            CrawlStore.open(path)
        assert [q.url for q in load(path).pending] == list(QUIET.roots)  # a look reads it
    finally:
        store.close("cancelled")
    assert os.listdir(tmp_path) == ["c.sqlite3"]
    store_module.check_not_in_use(path)
    CrawlStore.open(path)[0].close("cancelled")


def test_a_lock_file_removed_while_being_taken_is_taken_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A holder letting go removes the lock file. One that opened it just before, then locks it,
    # holds a file no longer there: it must go by the new one instead.
    path = tmp_path / "c.sqlite3-lock"
    real = lockfile._try_lock
    race: dict[str, Any] = {}

    def between_open_and_lock(fd: int, exclusive: bool) -> bool:
        holder = race.pop("holder", None)
        if holder is not None:  # the holder lets go; a third may take the lock at once
            holder.release()
            if race["third"]:
                race["third"] = lockfile.lock(path, exclusive=True)
        return real(fd, exclusive)

    monkeypatch.setattr(lockfile, "_try_lock", between_open_and_lock)
    race.update(holder=lockfile.lock(path, exclusive=True), third=True)
    with pytest.raises(lockfile.InUse):
        lockfile.lock(path, exclusive=True)
    race["third"].release()
    assert not path.exists()
    # With no third: a shared look finds nobody holding it; an exclusive one takes a new file.
    race.update(holder=lockfile.lock(path, exclusive=True), third=False)
    with pytest.raises(FileNotFoundError):
        lockfile.lock(path, exclusive=False)
    race.update(holder=lockfile.lock(path, exclusive=True), third=False)
    held = lockfile.lock(path, exclusive=True)
    assert os.stat(path).st_ino == os.fstat(held.fd).st_ino
    held.release()
    assert not path.exists()


class FakeMsvcrt:
    """msvcrt.locking as Windows' C runtime does the calls lockfile makes, on flock: LK_NBLCK
    locks the bytes at the fd's position or fails at once with EACCES; LK_UNLCK unlocks them."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        import fcntl

        at = os.lseek(fd, 0, os.SEEK_CUR)
        if mode == self.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            self.calls.append(("unlocked", at, nbytes))
            return
        assert mode == self.LK_NBLCK
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.calls.append(("refused", at, nbytes))
            raise PermissionError(errno.EACCES, "Permission denied") from None
        self.calls.append(("locked", at, nbytes))


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in for msvcrt is built on flock")
def test_the_windows_locks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    msvcrt = FakeMsvcrt()
    monkeypatch.setattr(lockfile, "sys", SimpleNamespace(platform="win32"))
    monkeypatch.setattr(lockfile, "msvcrt", msvcrt, raising=False)
    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, QUIET)
    try:
        with pytest.raises(StoreError, match="in use by another crawl"):
            store_module.check_not_in_use(path)
        with pytest.raises(StoreError, match="in use by another crawl"):
            CrawlStore.open(path)
    finally:
        store.close("cancelled")
    assert os.listdir(tmp_path) == ["c.sqlite3"]
    store_module.check_not_in_use(path)
    assert load(path).state == "cancelled"
    assert os.listdir(tmp_path) == ["c.sqlite3"]
    outcomes = [what for what, _, _ in msvcrt.calls]
    assert outcomes.count("locked") == outcomes.count("unlocked") == 2  # create, then load
    assert "refused" in outcomes
    assert {(at, nbytes) for _, at, nbytes in msvcrt.calls} == {(0, 1)}


def test_cli_resume_of_a_bad_file_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("nope")
    assert main(["--resume", str(bad)]) == 3
    err = capsys.readouterr().err
    assert "not a gui_crawler crawl file" in err and "Traceback" not in err


def test_a_full_disk_stops_the_crawl_cleanly(tmp_path: Path) -> None:
    async def main_() -> None:
        async with grid_site(60, delay=0.01) as site:
            config = CrawlConfig(roots=(site.url,), max_tasks=4).validated()
            store = CrawlStore.create(tmp_path / "full.sqlite3", config)
            assert store._db is not None
            # SQLite's own limit makes the next pages fail exactly as a full disk does.
            pages = store._db.execute("PRAGMA page_count").fetchone()[0]
            store._db.execute(f"PRAGMA max_page_count={pages + 2}")
            crawler = Crawler(config, store.sink)
            loop = asyncio.get_running_loop()
            store.on_error = lambda msg: loop.call_soon_threadsafe(crawler.cancel)
            finished = await asyncio.wait_for(crawler.run(), 20)
            store.close("cancelled")
            assert finished.reason == "cancelled"
            assert store.error is not None and "full" in store.error
        saved = load(tmp_path / "full.sqlite3")  # what was committed is still readable
        assert len(saved.records) < 121

    asyncio.run(main_())


@pytest.mark.parametrize("failed_checkpoints", [0, 3])
def test_checkpoints_keep_the_wal_small_while_commits_never_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failed_checkpoints: int
) -> None:
    """Commits come every loop iteration, yet the WAL starts over (the checkpointer holds them
    for one checkpoint now and then): it stays a fraction of what the crawl wrote — also when
    the first checkpoints fail (a disk full for a moment): the checkpointer tries again."""
    monkeypatch.setattr(checkpoint, "CHECKPOINT_INTERVAL", 0.05)
    monkeypatch.setattr(checkpoint, "RESTART_PAGES", 64)
    failures = iter(range(failed_checkpoints))
    real_checkpoint = checkpoint.Checkpointer._checkpoint

    def flaky_checkpoint(self: checkpoint.Checkpointer) -> None:
        if next(failures, None) is not None:
            raise sqlite3.OperationalError("database or disk is full")
        real_checkpoint(self)

    monkeypatch.setattr(checkpoint.Checkpointer, "_checkpoint", flaky_checkpoint)
    db = tmp_path / "long.sqlite3"
    # Links that share no beginning: the crawl file packs shared ones into a few bytes.
    links = tuple(f"http://{i}.example/a/rather/long/path/to/page/{i}.html" for i in range(30))
    wal_sizes: list[int] = []

    def note_wal_size() -> None:
        wal_sizes.append(os.path.getsize(f"{db}-wal"))

    async def crawl() -> None:
        store = CrawlStore.create(db, CrawlConfig(roots=("http://127.0.0.1:9/",)).validated())
        for n in range(600):  # ~12 MB of records, ten at a time, as fast as the loop turns
            for i in range(10):
                store.sink(FetchRecord(url=f"http://127.0.0.1:9/{n}/{i}", links=links))
            await asyncio.sleep(0.002)
            note_wal_size()
        await store.durable()
        store.close("finished", wait=False)  # as the window closes it: the file is complete
        assert len(load(db).records) == 6000

    asyncio.run(crawl())
    written = os.path.getsize(db)  # ~12 MB, most of it copied from the WAL during the crawl
    assert written > 6 * 2**20
    # Without the checkpoints' restarts the WAL would hold all of it; a third was exceeded once
    # (3.28 against 3.16 MB) on a machine at load 7, where each checkpoint comes later.
    assert max(wal_sizes) < written / 2, (max(wal_sizes), written)


def test_records_waiting_for_the_loops_commit_are_committed_when_asked(tmp_path: Path) -> None:
    """The window's bridge asks before it hands a batch over: the pages table reads the batch's
    rows from the file then."""
    path = tmp_path / "c.sqlite3"

    async def run() -> tuple[set[str], set[str]]:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        store.sink(FetchRecord(url="http://h.test/a", status=200))
        before = recorded_urls(path)  # the commit waits for the loop's next turn
        store.commit_pending()
        after = recorded_urls(path)
        store.close("finished")
        return before, after

    assert asyncio.run(run()) == (set(), {"http://h.test/a"})


def test_workers_run_ahead_of_the_commits_by_fewer_than_ahead_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not a commit each loop iteration: a worker takes its next URL at once while fewer than
    ``ahead`` records wait; the ``ahead``-th's worker waits for their commit. The loop does not
    turn between records here, so the commit handed over at half of them has not begun; the
    timer (COMMIT_AFTER) is out of reach: only the count commits."""
    monkeypatch.setattr(store_module.writer, "COMMIT_AFTER", 3600.0)
    path = tmp_path / "c.sqlite3"

    async def run() -> list[int]:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        store.ahead = 3
        seen: list[int] = []  # the records in the file as each worker goes on to its next URL
        try:
            for i in range(7):
                store.sink(FetchRecord(url=f"http://h.test/{i}", status=200))
                await store.before_take()  # (wait_for would let the loop turn: a task)
                seen.append(len(recorded_urls(path)))
            await asyncio.wait_for(store.durable(), 5)  # the last one, its timer not waited for
            seen.append(len(recorded_urls(path)))
        finally:
            store.close("finished")
        return seen

    # Records 1 and 2 wait while their workers go on; the 3rd's worker goes on once the three
    # are committed; and so on. durable() commits the 7th at once.
    assert asyncio.run(run()) == [0, 0, 3, 3, 3, 6, 6, 7]


def test_a_commit_is_under_way_once_half_of_ahead_records_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records go to the commit thread once half of ``ahead`` wait, so that their commit is
    under way while the rest come and the workers need not wait for it: here 2 of ``ahead`` 4
    are in the file after the loop turns, no worker having waited (at ``ahead`` none would be)."""
    monkeypatch.setattr(store_module.writer, "COMMIT_AFTER", 3600.0)
    path = tmp_path / "c.sqlite3"

    async def run() -> tuple[int, int]:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        store.ahead = 4
        try:
            for i in range(3):
                store.sink(FetchRecord(url=f"http://h.test/{i}", status=200))
                await store.before_take()  # fewer than ahead wait: returns at once
                if i == 1:
                    await asyncio.sleep(0)  # the loop turns: the first two are handed over
            assert store._committer is not None
            store._committer.wait(store._handed)  # the commit of what was handed over
            return len(recorded_urls(path)), store._handed
        finally:
            store.close("finished")

    assert asyncio.run(run()) == (2, 2)


def test_a_kill_at_any_moment_redoes_at_most_2n_minus_1_fetches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N workers finishing in shuffled orders against slow commits: each time a worker goes on
    to fetch, the records not in the file yet plus the workers fetching — what a kill -9 at that
    moment makes a resume fetch again — are at most 2N - 1 (and more than N: the records do
    wait for their commits here; a worker going on at N waiting makes it 2N)."""
    workers, per_worker = 4, 40
    write = CrawlStore._write

    def slow_write(self: CrawlStore, batch: list[Any]) -> tuple[int, str | None]:
        time.sleep(0.002)  # a slow disk: records pile up behind each commit
        return write(self, batch)

    monkeypatch.setattr(CrawlStore, "_write", slow_write)
    path = tmp_path / "c.sqlite3"
    rng = random.Random(42)

    async def run() -> int:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        store.ahead = workers
        fetching, worst = 0, 0

        async def worker(w: int) -> None:
            nonlocal fetching, worst
            for i in range(per_worker):
                await store.before_take()
                fetching += 1
                assert store._committer is not None
                in_file = store._committer._through  # at least: read after the commit's end
                worst = max(worst, store._appended - in_file + fetching)
                for _ in range(rng.randrange(6)):
                    await asyncio.sleep(0 if rng.random() < 0.8 else 0.001)
                fetching -= 1
                store.sink(FetchRecord(url=f"http://h.test/{w}/{i}", status=200))

        try:
            await asyncio.wait_for(asyncio.gather(*(worker(w) for w in range(workers))), 60)
        finally:
            store.close("finished")
        return worst

    assert workers < asyncio.run(run()) <= 2 * workers - 1


def test_records_fewer_than_ahead_are_committed_after_a_while(tmp_path: Path) -> None:
    """A slow site or the crawl's end: records that never reach ``ahead`` are committed
    COMMIT_AFTER after the first of them, with nobody waiting."""
    path = tmp_path / "c.sqlite3"

    async def run() -> tuple[int, int, float]:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        store.ahead = 10
        try:
            t0 = time.monotonic()
            store.sink(FetchRecord(url="http://h.test/a", status=200))
            store.sink(FetchRecord(url="http://h.test/b", status=200))
            await store.before_take()
            before = len(recorded_urls(path))
            while not recorded_urls(path) and time.monotonic() - t0 < 5:
                await asyncio.sleep(0.005)
            return before, len(recorded_urls(path)), time.monotonic() - t0
        finally:
            store.close("finished")

    before, after, waited = asyncio.run(run())
    assert (before, after) == (0, 2)
    assert store_module.writer.COMMIT_AFTER * 0.9 <= waited < 2


def test_the_loop_goes_on_while_a_commit_waits(tmp_path: Path) -> None:
    """The records are committed off the loop: a commit that waits (here for another
    connection's write lock, as long as SQLite's busy timeout) leaves the loop turning — and
    it is the loop that lets go of the lock. On the loop, the commit would wait for the loop
    and fail ("database is locked")."""
    path = tmp_path / "c.sqlite3"

    async def run() -> tuple[str | None, int, set[str]]:
        store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
        other = sqlite3.connect(path, isolation_level=None)
        turns = 0
        try:
            other.execute("BEGIN IMMEDIATE")  # the file's write lock
            store.sink(FetchRecord(url="http://h.test/a", status=200))
            while turns < 20:  # the commit is handed over in the first of them, and waits
                await asyncio.sleep(0)
                turns += 1
            other.execute("COMMIT")
            await asyncio.wait_for(store.durable(), 10)
            return store.error, turns, recorded_urls(path)
        finally:
            other.close()
            store.close("finished")

    assert asyncio.run(run()) == (None, 20, {"http://h.test/a"})
