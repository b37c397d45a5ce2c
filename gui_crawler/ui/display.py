"""Can the window open here? Checked before Qt starts, because Qt aborts the process (exit 134)
when its platform plugin cannot load or reach a display, and prints a hint that names neither the
missing library nor the headless alternative.

No Qt import: the xcb plugin is loaded with ctypes to learn which system library it lacks, and the
X server is reached through libxcb, the library the plugin itself connects with.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from pathlib import Path

HEADLESS_HINT = "crawl without a window: gui-crawler crawl URL… (gui-crawler crawl --help)"


def debian_package(soname: str) -> str:
    """Debian names library packages after the soname: libxcb-icccm.so.4 -> libxcb-icccm4."""
    name, _, version = soname.partition(".so.")
    name = re.sub(r"-(\d+\.\d)", r"\1", name).lower()  # libglib-2.0 -> libglib2.0
    version = version.split(".")[0]
    return f"{name}-{version}" if name[-1:].isdigit() else name + version


def _qt_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    return Path(spec.origin).parent / "Qt" if spec and spec.origin else None


def _plugin_problem(plugin: Path) -> str | None:
    try:
        ctypes.CDLL(str(plugin))
    except OSError as e:
        text = str(e)
        m = re.search(r"(lib[\w.+-]+\.so[\d.]*): cannot open shared object", text)
        if not m:
            return f"Qt's X11 platform plugin cannot load ({text})"
        so = m.group(1)
        return (
            f"Qt's X11 platform plugin needs the system library {so}, which is missing "
            f"(Debian/Ubuntu: sudo apt-get install {debian_package(so)}; "
            "tools/ensure-qt-libs.sh lists all of them)"
        )
    return None


def _x_server_problem(display: str) -> str | None:
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None  # the plugin check names the missing library
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    conn = xcb.xcb_connect(display.encode(), None)
    try:
        if xcb.xcb_connection_has_error(conn):
            return f"cannot connect to the X display {display!r}"
    finally:
        xcb.xcb_disconnect(conn)  # also frees a connection in the error state
    return None


def display_problem(environ: dict[str, str] | None = None) -> str | None:
    """One line saying why the window cannot open, or None when it can (or Qt knows better)."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None  # offscreen, wayland…: Qt's own choice, nothing to check here
    if not platform and env.get("WAYLAND_DISPLAY"):
        return None
    display = env.get("DISPLAY", "")
    if not display:
        return "no display to open the window on (DISPLAY is not set)"
    qt = _qt_dir()
    plugin = qt / "plugins" / "platforms" / "libqxcb.so" if qt else None
    if plugin is not None and plugin.exists():
        problem = _plugin_problem(plugin)
        if problem:
            return problem
    return _x_server_problem(display)
