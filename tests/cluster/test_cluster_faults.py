"""Nodes as processes sharing nothing but a real redis-server, and what goes wrong: a node killed
with -9 midway, Redis restarted (with its append-only file), a node cut off from Redis for longer
than a lease, a bad Redis URL, a server that cannot be reached, a password. Each crawl must end
with exactly the URL set of a one-process crawl, each URL once in the collected crawl file."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from children import running
from clusternodes import counts, finish, gui_crawler, stop_started, wait_until, waiting_node
from clustersite import cluster_site, file_urls, one_process_urls
from netns import child_env
from redisserver import RedisServer, free_port
from sites import ThreadedSite

from gui_crawler.cli import headless


@pytest.fixture(autouse=True)
def no_node_left() -> Iterator[None]:
    yield
    stop_started()


CRAWL = ("--no-external", "--no-sitemaps", "-q", "--lease", "2")


@pytest.fixture
def site() -> Iterator[Any]:
    with ThreadedSite(cluster_site(150, delay=0.04)) as s:
        yield s


def test_three_nodes_one_killed_midway_crawl_exactly_what_one_process_does(
    site: Any, tmp_path: Path
) -> None:
    reference = one_process_urls(site.url)
    site.hits.clear()
    with RedisServer(tmp_path / "redis") as redis:
        db = tmp_path / "collected.sqlite3"
        # The nodes first: they wait for a crawl to start (unless it has by the time they ask).
        nodes = [
            gui_crawler(
                "cluster",
                "work",
                redis.url,
                "--workers",
                "3",
                "--db",
                str(tmp_path / f"node{i}.sqlite3"),
            )
            for i in range(2)
        ]
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db", str(db),
                              "--max-tasks", "3", "--per-host", "20")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("nodes", 0) == 3)
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= 40)
        os.kill(nodes[0].pid, signal.SIGKILL)
        nodes[0].communicate(timeout=5)  # (closes its pipes)
        code, out, err = finish(starter)
        assert code == 1, err  # finished, with the site's broken links
        code_1, _, err_1 = finish(nodes[1])
        assert code_1 == 0, err_1
    urls = file_urls(db)
    assert len(urls) == len(set(urls)) and set(urls) == reference
    assert f"Finished {len(reference)} urls" in out
    # The killed node's URLs went to the others: at most those it held were fetched twice —
    # one per worker in flight, and those whose records it had not told Redis yet (its workers
    # take their next URL meanwhile: at most as many again).
    twice = [path for path, n in site.hits.items() if n > 1]
    assert len(twice) <= 2 * 3, twice
    assert site.hits["/robots.txt"] == 1  # read once for the whole cluster


def test_redis_restarted_with_its_append_only_file_the_crawl_goes_on(
    site: Any, tmp_path: Path
) -> None:
    reference = one_process_urls(site.url)
    with RedisServer(tmp_path / "redis", aof=True) as redis:
        db = tmp_path / "collected.sqlite3"
        node = waiting_node(redis.url, "--workers", "4", "--no-db")
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db", str(db),
                              "--max-tasks", "4", "--per-host", "20")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("nodes", 0) == 2)  # joined before the restart
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= 30)
        redis.restart()
        code, _, err = finish(starter)
        assert code == 1, err
        node_code, _, node_err = finish(node, 20)
        assert node_code == 0, node_err
    urls = file_urls(db)
    assert len(urls) == len(set(urls)) and set(urls) == reference


def test_redis_losing_its_last_second_of_writes_loses_no_url(tmp_path: Path) -> None:
    """A crash of Redis with appendfsync everysec loses up to a second of writes: URLs taken in,
    handed out and recorded then are forgotten while the nodes remember them. Every URL must
    still end as exactly one record: the records Redis forgot are made again (the crawl file
    keeps one row per URL), the URLs it forgot are taken in again."""
    # Slower than the others' site: the crawl is still under way a second after the snapshot.
    with (
        ThreadedSite(cluster_site(150, delay=0.12)) as site,
        RedisServer(tmp_path / "redis", aof=True) as redis,
    ):
        reference = one_process_urls(site.url)
        db = tmp_path / "collected.sqlite3"
        node = waiting_node(redis.url, "--workers", "3", "--no-db")
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db", str(db),
                              "--max-tasks", "3", "--per-host", "20")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("nodes", 0) == 2)
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= 20)
        snapshot = redis.snapshot()
        before = counts(redis.url)["recorded"]
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= before + 15)
        redis.crash_back(snapshot)
        assert counts(redis.url)["recorded"] < before + 15  # the writes since were lost
        code, _, err = finish(starter)
        assert code == 1, err
        node_code, _, node_err = finish(node, 20)
        assert node_code == 0, node_err
    urls = file_urls(db)
    assert len(urls) == len(set(urls)) and set(urls) == reference


class Cut:
    """A TCP relay to Redis that can cut every connection and refuse new ones for a while."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.cut_until = 0.0
        self.writers: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    async def _serve(self) -> asyncio.Server:
        return await asyncio.start_server(self._relay, "127.0.0.1", self.port)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if time.monotonic() < self.cut_until:
            writer.close()
            return
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target)
        self.writers |= {writer, up_w}

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            try:
                while data := await r.read(65536):
                    w.write(data)
                    await w.drain()
            except OSError:
                pass
            finally:
                w.close()

        await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer))

    def cut(self, seconds: float) -> None:
        def now() -> None:
            self.cut_until = time.monotonic() + seconds
            for w in self.writers:
                w.transport.abort()
            self.writers.clear()

        self.loop.call_soon_threadsafe(now)

    def __enter__(self) -> Cut:
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(self._serve(), self.loop).result(5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.server.close)
        self.cut(0)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def test_a_node_cut_off_from_redis_for_longer_than_its_lease_loses_nothing(
    site: Any, tmp_path: Path
) -> None:
    reference = one_process_urls(site.url)
    with RedisServer(tmp_path / "redis") as redis, Cut(redis.port) as cut:
        db = tmp_path / "collected.sqlite3"
        node = waiting_node(f"redis://127.0.0.1:{cut.port}/0", "--workers", "4", "--no-db")
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db", str(db),
                              "--max-tasks", "2", "--per-host", "20")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("nodes", 0) == 2)
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= 30)
        cut.cut(3.5)  # longer than the 2 s lease: its URLs go to the starter meanwhile
        code, _, err = finish(starter)
        assert code == 1, err
        node_code, _, node_err = finish(node, 20)
        assert node_code == 0, node_err
        assert "cannot be reached" in node_err  # it said so, and went on once it could
    urls = file_urls(db)
    assert len(urls) == len(set(urls)) and set(urls) == reference


def test_a_bad_redis_url_or_a_server_not_there_is_one_line_and_exit_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for url, said in (
        ("http://127.0.0.1:6379/0", "starts with redis://"),
        ("redis://127.0.0.1:notaport/0", "not a Redis URL"),
        (f"redis://:pw-not-shown@127.0.0.1:{free_port()}/0", "cannot use Redis at"),
    ):
        code = headless.main(["http://127.0.0.1:9/", "--cluster", url, "-q"])
        out, err = capsys.readouterr()
        assert code == 3
        assert err.count("\n") == 1 and said in err and "pw-not-shown" not in err + out
    from gui_crawler.cluster import cli

    assert cli.main(["status", "redis://127.0.0.1:1/0"]) == 3
    assert capsys.readouterr().err.startswith("gui-crawler: cannot use Redis at")


def test_the_password_is_never_written_in_the_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = "s3cret-Pw-83"
    with ThreadedSite(cluster_site(20)) as site, RedisServer(tmp_path / "r", password=secret) as r:
        db = tmp_path / "c.sqlite3"
        code = headless.main([site.url, "--cluster", r.url, "--db", str(db), *CRAWL[:2], "-v"])
        out, err = capsys.readouterr()
        assert code == 1
        from gui_crawler.cluster import cli

        assert cli.main(["status", r.url, "--crawl", "x"]) == 3  # no such crawl: said
        wrong = r.url.replace(secret, "wrong-Pw-17")
        assert cli.main(["status", wrong]) == 3
        said = out + err + "".join(capsys.readouterr())
        dump = subprocess.run(
            ["redis-cli", "-p", str(r.port), "-a", secret, "--no-auth-warning", "--scan"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        values = subprocess.run(
            ["redis-cli", "-p", str(r.port), "-a", secret, "--no-auth-warning", "GET",
             dump.split()[0] if dump.split() else "none"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    assert secret not in said and "wrong-Pw-17" not in said
    assert "redis://:***@127.0.0.1" in said
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
    assert secret not in dump + values


def test_stopped_while_redis_is_gone_the_starter_ends_with_what_it_collected(
    site: Any, tmp_path: Path
) -> None:
    with RedisServer(tmp_path / "redis") as redis:
        db = tmp_path / "collected.sqlite3"
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db", str(db),
                              "--max-tasks", "2")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("collected", 0) >= 10)
        redis.stop()
        time.sleep(0.5)
        starter.send_signal(signal.SIGTERM)
        code, out, _ = finish(starter, timeout=30)
    assert code == 130
    assert "Finished" in out and len(file_urls(db)) >= 10


def test_a_node_whose_redis_is_gone_for_longer_than_its_bound_stops_saying_so(
    site: Any, tmp_path: Path
) -> None:
    """Waiting for a crawl or working on one, a node whose Redis cannot be reached for
    --redis-wait seconds ends (exit 3, one line), instead of trying again for ever."""
    with RedisServer(tmp_path / "redis") as redis:
        waiting = waiting_node(redis.url, "--crawl", "never-started", "--redis-wait", "2")
        working = waiting_node(redis.url, "--workers", "2", "--no-db", "--redis-wait", "2")
        starter = gui_crawler("crawl", site.url, *CRAWL, "--cluster", redis.url, "--db",
                              str(tmp_path / "c.sqlite3"), "--max-tasks", "1")  # fmt: skip
        wait_until(lambda: counts(redis.url).get("nodes", 0) == 2)
        wait_until(lambda: counts(redis.url).get("recorded", 0) >= 10)
        redis.stop()
        for node in (waiting, working):
            code, _, err = finish(node, 30)
            assert code == 3, err
            last = err.strip().splitlines()[-1]
            assert last.startswith("gui-crawler: Redis") and "could not be reached for 2 s" in last
        starter.send_signal(signal.SIGTERM)
        assert finish(starter)[0] == 130


def test_a_node_started_by_a_test_dies_with_the_test_even_killed_with_9(tmp_path: Path) -> None:
    """A test process killed with -9 runs no teardown: the node and the redis-server it
    started end with it all the same (children.py), rather than run for ever."""
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from clusternodes import waiting_node\n"
        "from redisserver import RedisServer\n"
        "redis = RedisServer(Path(sys.argv[1])).start()\n"
        "node = waiting_node(redis.url, '--no-db')\n"
        "print(redis.proc.pid, node.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    test = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "redis")],
                            stdout=subprocess.PIPE, text=True, env=child_env())  # fmt: skip
    assert test.stdout is not None
    pids = [int(p) for p in test.stdout.readline().split()]
    try:
        assert len(pids) == 2
        test.kill()
        test.communicate(timeout=10)
        wait_until(lambda: not any(running(pid) for pid in pids), 10)
    finally:
        for pid in pids:  # (this test's own, should the above fail)
            if running(pid):
                os.kill(pid, signal.SIGKILL)
