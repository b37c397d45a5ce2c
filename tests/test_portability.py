"""What other platforms take: the window's and the CLI's import path and a whole headless crawl
with the POSIX-only modules and functions gone, and each fallback taken on its own (Windows has
no ``resource``, ``os.statvfs``, ``os.sched_getaffinity``, ``ctypes.CDLL(None)``, nor
``os.fchmod`` before 3.13; macOS refuses a soft open-file limit past OPEN_MAX)."""

from __future__ import annotations

import csv
import ctypes
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from gui_crawler.base import heap
from gui_crawler.crawl import concurrency
from gui_crawler.parsing import parsepool
from gui_crawler.records.export import write_table

ROOT = Path(__file__).resolve().parent.parent

# Run in a fresh interpreter: what Windows lacks is taken away before gui_crawler is imported.
# fcntl stays: lockfile picks its lock by sys.platform (test_store runs its Windows branch).
WITHOUT_POSIX = r"""
import importlib.abc, os, signal, sys

MODULES = {"resource", "termios", "pwd", "grp", "tty", "pty", "syslog"}


class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in MODULES:
            raise ImportError(f"No module named {name!r}")
        return None


for name in MODULES:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, Absent())
for name in (
    "statvfs", "fchmod", "sched_getaffinity", "getuid", "geteuid", "getpgid", "killpg", "setsid",
    "fork", "sync", "pipe2", "getloadavg", "chown", "fchown", "lchown", "nice", "uname",
):
    if hasattr(os, name):
        delattr(os, name)
for name in ("SIGKILL", "SIGUSR1", "SIGUSR2", "SIGHUP", "SIGQUIT", "SIGALRM", "SIGCHLD"):
    if hasattr(signal, name):
        delattr(signal, name)

import gui_crawler.__main__, gui_crawler.ui.app, gui_crawler.cli.headless, gui_crawler.window  # noqa: E401

folder = sys.argv[1]
sys.exit(gui_crawler.cli.headless.main([
    "--demo", "--max-pages", "5", "-q",
    "--db", os.path.join(folder, "c.sqlite3"), "--csv", os.path.join(folder, "c.csv"),
]))
"""


def test_the_window_and_the_cli_need_nothing_posix_only(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_POSIX, str(tmp_path)],
        env=dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen"),
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Finished 5 urls" in done.stdout
    assert sorted(os.listdir(tmp_path)) == ["c.csv", "c.sqlite3"]  # its lock file removed


def test_an_export_is_readable_by_others_without_fchmod(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "fchmod", raising=False)  # Windows before Python 3.13
    out = tmp_path / "x.csv"
    assert write_table(out, ["a"], [["=1"], ["b"]]) == 2
    with open(out, encoding="utf-8-sig", newline="") as f:
        assert list(csv.reader(f)) == [["a"], ["'=1"], ["b"]]
    if sys.platform != "win32":
        assert out.stat().st_mode & 0o777 == 0o644
    assert os.listdir(tmp_path) == ["x.csv"]


def fake_resource(soft: int, hard: int, cap: int | None = None) -> SimpleNamespace:
    """A resource module whose setrlimit refuses a soft limit past ``cap`` (macOS: OPEN_MAX)."""
    limits = {"nofile": (soft, hard)}

    def setrlimit(which: str, value: tuple[int, int]) -> None:
        if cap is not None and value[0] > cap:
            raise ValueError("current limit exceeds maximum limit")
        limits[which] = value

    return SimpleNamespace(
        RLIMIT_NOFILE="nofile", RLIM_INFINITY=-1, limits=limits, setrlimit=setrlimit,
        getrlimit=lambda which: limits[which],
    )  # fmt: skip


def test_the_open_file_limit_on_each_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # Windows: import resource fails
    assert concurrency.raise_fd_limit() == 0
    linux = fake_resource(1024, 524288)
    monkeypatch.setitem(sys.modules, "resource", linux)
    assert concurrency.raise_fd_limit() == 524288 and linux.limits["nofile"] == (524288, 524288)
    mac = fake_resource(256, -1, cap=10240)  # an unlimited hard limit, OPEN_MAX the soft cap
    monkeypatch.setitem(sys.modules, "resource", mac)
    assert concurrency.raise_fd_limit() == 10240 and mac.limits["nofile"] == (10240, -1)
    stuck = fake_resource(256, -1, cap=0)  # refused outright: the limit stays as it was
    monkeypatch.setitem(sys.modules, "resource", stuck)
    assert concurrency.raise_fd_limit() == 256


def test_parser_memory_helpers_without_glibc(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_process_handle(name: object, *args: object, **kw: object) -> None:
        raise TypeError("argument of type 'NoneType' is not iterable")  # CDLL(None) on Windows

    monkeypatch.setattr(ctypes, "CDLL", no_process_handle)
    monkeypatch.setattr(heap, "_c", None)
    monkeypatch.setattr(heap, "_arenas", 0)
    heap.tune()
    assert heap.trim() is False
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # Windows, macOS
    assert parsepool.default_processes() == (os.cpu_count() or 1)
