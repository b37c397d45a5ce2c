"""The layer rule, read from the folders: only the window's side imports Qt. Every module outside
``gui_crawler.ui`` (but the top-level ``window`` and ``models``) is imported in a fresh
interpreter, which must then hold neither PySide6, shiboken6 nor qasync; and every module inside
``gui_crawler.ui`` imports Qt, but the few named here, which belong there by their purpose."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import gui_crawler

ROOT = Path(gui_crawler.__file__).resolve().parent.parent
QT_MODULES = ("PySide6", "shiboken6", "qasync")

# The top-level modules of the window's side.
QT_AT_TOP = frozenset({"gui_crawler.window", "gui_crawler.models"})
# Modules of the window's side that import no Qt at their top, each for its reason; they are
# checked with the engine side, so that they stay that way.
UI_WITHOUT_QT = {
    # Imports Qt inside main(), after display_problem() said a window can open here.
    "gui_crawler.ui.app": "imports Qt inside main() only",
    # Checked before Qt starts, because Qt aborts the process when it cannot open a window.
    "gui_crawler.ui.display": "checks for a display without Qt",
    # The lanes by host the timeline and its model share: plain arithmetic.
    "gui_crawler.ui.timeline_hosts": "plain Python under the timeline",
    # The settings form's values read back from QSettings' file, one by one.
    "gui_crawler.ui.stored": "checks stored settings without Qt",
    # What PySide6's import hook left in linecache, dropped: linecache is all it touches.
    "gui_crawler.ui.module_sources": "clears linecache for the window, no Qt needed",
}


def all_modules() -> list[str]:
    return sorted(
        m.name for m in pkgutil.walk_packages(gui_crawler.__path__, prefix="gui_crawler.")
    )


def in_ui(name: str) -> bool:
    return name == "gui_crawler.ui" or name.startswith("gui_crawler.ui.")


def qt_free() -> list[str]:
    """The modules that must import without Qt."""
    return [
        m
        for m in all_modules()
        if m not in QT_AT_TOP and (not in_ui(m) or m in UI_WITHOUT_QT or m == "gui_crawler.ui")
    ]


def test_every_layer_but_the_window_side_imports_no_qt() -> None:
    modules = qt_free()
    assert {
        "gui_crawler.engine",
        "gui_crawler.events",
        "gui_crawler.storage",
        "gui_crawler.session",
        "gui_crawler.cli.headless",
        "gui_crawler.base.urls",
        "gui_crawler.parsing.parsepool",
        "gui_crawler.records.report",
        "gui_crawler.ui.app",
    } <= set(modules)
    code = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        f"if m.split('.')[0] in {QT_MODULES!r})))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == []


def test_the_window_side_is_the_qt_side() -> None:
    # A module in gui_crawler.ui that needs no Qt would escape the check above for nothing: it
    # belongs in another layer, or is named in UI_WITHOUT_QT with its reason.
    modules = set(all_modules())
    assert set(UI_WITHOUT_QT) <= modules, sorted(set(UI_WITHOUT_QT) - modules)
    for name in sorted(
        m for m in modules if (in_ui(m) and m != "gui_crawler.ui") or m in QT_AT_TOP
    ):
        if name in UI_WITHOUT_QT:
            continue
        path = ROOT / (name.replace(".", "/") + ".py")
        text = path.read_text(encoding="utf-8")
        if any(f"from {q}" in text or f"import {q}" in text for q in QT_MODULES):
            continue
        # No Qt name of its own (a module that drives the views through their methods): it
        # must still bring Qt in, through the window modules it uses.
        code = (
            f"import importlib, sys; importlib.import_module({name!r}); "
            f"print(any(m.split('.')[0] in {QT_MODULES!r} for m in sys.modules))"
        )
        p = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert p.stdout.strip() == "True", (name, p.stderr)
