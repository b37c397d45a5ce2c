"""A real ``redis-server`` for tests: on a free loopback port, its files in a folder of the test's
own, never a system service; stopped by its pid (SIGTERM, then SIGKILL). ``restart()`` stops it
and starts it again on the same port and folder (with ``aof``, what it held comes back);
``snapshot()`` then ``crash_back()`` kill it with -9 and start it again holding only what it held
at the snapshot: the writes of the time between are lost, as a crash loses the last second of an
append-only file written with ``appendfsync everysec``.

Debian's ``redis-server`` (installed by ``make``/``.ci/run`` through tools/ensure-redis.sh).
Without it the tests that need it are skipped, unless GUI_CRAWLER_REQUIRE_REDIS is set (CI):
then they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from children import dies_with_us

REDIS_SERVER = shutil.which("redis-server") or (
    "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None
)


def need_redis() -> str:
    if REDIS_SERVER is None:
        if os.environ.get("GUI_CRAWLER_REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (tools/ensure-redis.sh installs it)")
        pytest.skip("redis-server is not installed (tools/ensure-redis.sh installs it)")
    return REDIS_SERVER


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(
        self,
        folder: Path,
        *,
        aof: bool = False,
        password: str | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.binary = need_redis()
        self.folder = folder
        self.aof = aof
        self.password = password
        self.host = host  # another address only inside a network namespace of the test's own
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._started = False

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}{self.host}:{self.port}/0"

    def start(self) -> RedisServer:
        """Started and answering. The free port is picked, closed, then handed to the server:
        another process (a parallel test worker) can bind it in between. A first start then
        tries another port; a restart keeps its port (its clients know it) and fails clearly."""
        for _ in range(5):
            if self._launch():
                return self
            if self._started:
                break
            self.port = free_port()
        raise RuntimeError(f"redis-server could not listen on {self.host}:{self.port}")

    def _launch(self) -> bool:
        """True once this server (its pid, not whatever else holds the port) answers; False
        if it exited because the port was taken."""
        self.folder.mkdir(parents=True, exist_ok=True)
        log = self.folder / "redis.log"
        log.unlink(missing_ok=True)
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", self.host,
            "--dir", str(self.folder),
            "--save", "",
            "--appendonly", "yes" if self.aof else "no",
            "--daemonize", "no",
            "--protected-mode", "yes",
            "--logfile", str(log),
        ]  # fmt: skip
        if self.password:
            args += ["--requirepass", self.password]
        self.proc = proc = subprocess.Popen(
            dies_with_us(args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                said = log.read_text() if log.exists() else ""
                if "in use" in said:
                    return False
                raise RuntimeError(f"redis-server exited: {said}")
            try:
                if f"process_id:{proc.pid}\r\n".encode() in self._info():
                    self._started = True
                    return True
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start within 10 s")

    def _info(self) -> bytes:
        auth = f"AUTH {self.password}\r\n" if self.password else ""
        got = b""
        with socket.create_connection((self.host, self.port), 0.5) as s:
            s.sendall(f"{auth}INFO server\r\n".encode())
            while b"process_id:" not in got and (part := s.recv(65536)):
                got += part
            while not got.endswith(b"\r\n\r\n") and (part := s.recv(65536)):
                got += part
        return got

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        os.kill(proc.pid, signal.SIGTERM)  # it writes its AOF and exits
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)

    def restart(self) -> None:
        self.stop()
        self.start()

    def command(self, *words: str) -> bytes:
        """The first line of a command's answer (RESP)."""
        lines = [f"AUTH {self.password}"] if self.password else []
        lines.append(" ".join(words))
        got = b""
        with socket.create_connection((self.host, self.port), 30) as s:
            s.sendall("".join(f"{line}\r\n" for line in lines).encode())
            while got.count(b"\r\n") < len(lines) and (part := s.recv(4096)):
                got += part
        return got.split(b"\r\n")[len(lines) - 1]

    def snapshot(self) -> Path:
        """What the server holds now, in a file of its own (SAVE: a point in time)."""
        assert b"OK" in self.command("SAVE")
        kept = self.folder.with_name(self.folder.name + "-snapshot.rdb")
        shutil.copyfile(self.folder / "dump.rdb", kept)
        return kept

    def crash_back(self, snapshot: Path) -> None:
        """Killed with -9, then started on the same port holding ``snapshot``'s data alone."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)
        shutil.rmtree(self.folder / "appendonlydir", ignore_errors=True)
        shutil.copyfile(snapshot, self.folder / "dump.rdb")
        self.aof = False  # its append-only file had the lost writes: the snapshot is the data
        self.start()

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
