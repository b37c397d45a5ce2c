"""The engine side imports no Qt: every module not named in ``gui_crawler.QT_SIDE`` is imported in
a fresh interpreter, which must then hold neither PySide6 nor qasync."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import gui_crawler

ROOT = Path(gui_crawler.__file__).resolve().parent.parent


def engine_side() -> list[str]:
    names = [m.name for m in pkgutil.iter_modules(gui_crawler.__path__)]
    unknown = gui_crawler.QT_SIDE - set(names)
    assert not unknown, f"QT_SIDE names modules that do not exist: {sorted(unknown)}"
    return sorted(n for n in names if n not in gui_crawler.QT_SIDE)


def test_engine_side_imports_no_qt() -> None:
    modules = engine_side()
    assert {"engine", "events", "store", "session", "cli", "urls"} <= set(modules)
    code = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}: importlib.import_module('gui_crawler.' + m)\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('PySide6', 'shiboken6', 'qasync'))))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == []


def test_the_qt_side_list_is_the_qt_side() -> None:
    # A module on the list that needs no Qt would escape the check above for nothing.
    for name in gui_crawler.QT_SIDE - {"app"}:  # app imports Qt inside main(), after a check
        text = (ROOT / "gui_crawler" / f"{name}.py").read_text(encoding="utf-8")
        assert "PySide6" in text or "qasync" in text, name
