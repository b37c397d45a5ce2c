"""The window on a real X display (xcb), and one clear line where it cannot open.

The rest of the suite runs offscreen, which needs fewer system libraries than xcb: only a real
X server shows whether Qt's xcb platform plugin loads.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gui_crawler.ui.display import debian_package, display_problem

ROOT = Path(__file__).resolve().parents[2]


def app_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env.update(
        PYTHONPATH=str(ROOT), HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_RUNTIME_DIR=str(tmp_path),
    )  # fmt: skip
    env.update(extra)
    return env


@pytest.fixture
def xvfb(tmp_path: Path) -> Iterator[str]:
    """A private X server on a free display number; its DISPLAY value."""
    exe = shutil.which("Xvfb")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("Xvfb is missing: tools/ensure-qt-libs.sh PYTHON --xvfb installs it")
        pytest.skip("Xvfb is not installed (make test installs it when run as root)")
    r, w = os.pipe()
    proc = subprocess.Popen(
        [exe, "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(w)
    try:
        with os.fdopen(r) as f:
            number = f.readline().strip()
        assert number, "Xvfb did not report a display number"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(10)


def test_window_opens_on_xcb_crawls_and_exports(xvfb: str, tmp_path: Path) -> None:
    out = tmp_path / "demo.csv"
    env = app_env(tmp_path, DISPLAY=xvfb, QT_QPA_PLATFORM="xcb")
    args = ["--start", "--export", str(out), "--quit", "--demo-latency", "0"]
    p = subprocess.run(
        [sys.executable, "-m", "gui_crawler", *args],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=50,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    with out.open(newline="", encoding="utf-8") as f:
        assert len(list(csv.reader(f))) > 10


def test_no_display_is_one_line_and_exit_3(tmp_path: Path) -> None:
    p = subprocess.run(
        [sys.executable, "-m", "gui_crawler"],
        env=app_env(tmp_path), capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert p.returncode == 3
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert "DISPLAY is not set" in lines[0] and "gui-crawler crawl" in lines[0]


def test_unreachable_x_server_is_named(tmp_path: Path) -> None:
    sock_dir = Path("/tmp/.X11-unix")
    number = next(n for n in range(400, 500) if not (sock_dir / f"X{n}").exists())
    env = app_env(tmp_path, DISPLAY=f":{number}", QT_QPA_PLATFORM="xcb")
    problem = display_problem(env)
    # On a machine lacking the plugin's libraries that is the first thing said; else the display.
    assert problem is not None
    assert f"':{number}'" in problem or "system library" in problem


def test_offscreen_and_wayland_are_left_to_qt() -> None:
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}) is None


@pytest.mark.parametrize(
    ("soname", "package"),
    [
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libglib-2.0.so.0", "libglib2.0-0"),
        ("libEGL.so.1", "libegl1"),
        ("libdbus-1.so.3", "libdbus-1-3"),
    ],
)
def test_debian_package_of_soname(soname: str, package: str) -> None:
    assert debian_package(soname) == package
