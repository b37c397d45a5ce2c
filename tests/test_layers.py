"""The layer rules, read from the code.

The order of the layers (LAYERS): a module imports only modules of its own room or of a lower
layer, and no module imports itself through others (no circle). The imports are read with ast
from every module's source: an ``import`` or ``from … import`` anywhere in it — at its top,
inside a function, under ``if TYPE_CHECKING:`` — is an import; ``from pkg import name`` imports
the module ``pkg.name`` when there is one, else ``pkg``. (A package's ``__init__``, which Python
runs before any of its modules, is not counted as imported by them: only where it is named.)

Only the window's side imports Qt: every module outside ``gui_crawler.ui`` (but the top-level
``window`` and ``models``) is imported in a fresh interpreter, which must then hold neither
PySide6, shiboken6 nor qasync; and every module inside ``gui_crawler.ui`` imports Qt, but the few
named here, which belong there by their purpose."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

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
    # The lanes by worker (a group per node of a cluster crawl): plain arithmetic too.
    "gui_crawler.ui.timeline_nodes": "plain Python under the timeline",
    # The settings form's values read back from QSettings' file, one by one.
    "gui_crawler.ui.stored": "checks stored settings without Qt",
    # What PySide6's import hook left in linecache, dropped: linecache is all it touches.
    "gui_crawler.ui.module_sources": "clears linecache for the window, no Qt needed",
    # The site graph's nodes and edges: plain Python and numpy on the link index.
    "gui_crawler.ui.site_graph": "plain Python under the Site graph tab",
    # Run as the layout process's program: numpy and igraph, never Qt.
    "gui_crawler.ui.graph_layout": "the layout process imports no Qt",
    # The window's strings found in the sources with ast (the tables' through i18n, when run).
    "gui_crawler.ui.translations": "reads the sources for the translation files",
    # Run by setup.py, where Qt is not installed yet.
    "gui_crawler.ui.tsfile": "compiles the translations at build time, without Qt",
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


# ---- the order of the layers ------------------------------------------------------------------

# From the bottom up. A layer is a list of rooms (the modules of a room: these names and the
# modules under them); the rooms of one layer do not import each other.
LAYERS: list[list[tuple[str, ...]]] = [
    [("gui_crawler",)],  # the package itself: its version
    [("gui_crawler.base",)],  # plain utilities: URLs, the C heap
    [("gui_crawler.events",), ("gui_crawler.parsing",)],  # what the engine says; reading a page
    [("gui_crawler.options",)],  # every option, once
    [("gui_crawler.config",)],  # a crawl's settings, checked
    [("gui_crawler.crawl",), ("gui_crawler.records",)],  # the engine's parts; reading records
    [("gui_crawler.render",)],  # JavaScript rendering, a step of the engine's
    [("gui_crawler.engine",), ("gui_crawler.storage",)],  # the crawler; crawl files
    [("gui_crawler.session",)],  # one crawl's lifecycle: the engine and its file together
    [("gui_crawler.cluster",)],  # one crawl on many machines through Redis
    [("gui_crawler.demo",)],  # the demo web site: nothing of the crawler may depend on it
    [("gui_crawler.cli",), ("gui_crawler.ui", "gui_crawler.window", "gui_crawler.models")],
    [("gui_crawler.__main__",)],  # the gui-crawler command
]


def module_files() -> dict[str, Path]:
    """Every module of the package by name, with its source."""
    out = {}
    for path in sorted((ROOT / "gui_crawler").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name: str, source: str, modules: Iterable[str], package: bool = False) -> set[str]:
    """The package's modules that the module ``name`` imports (see the module docstring)."""
    known = set(modules)

    def module_of(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if package else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, *([node.module] if node.module else [])])
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]  # fmt: skip
        for target in targets:
            got = module_of(target) if target.split(".")[0] == "gui_crawler" else None
            if got is not None and got != name:
                found.add(got)
    return found


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    return {
        name: imports_of(name, path.read_text(encoding="utf-8"), files, path.stem == "__init__")
        for name, path in files.items()
    }


def room_of(name: str, layers: list[list[tuple[str, ...]]] = LAYERS) -> tuple[int, int] | None:
    """(layer, room) of a module: the room naming it or the longest name above it."""
    best: tuple[int, int, int] | None = None
    for i, layer in enumerate(layers):
        for j, room in enumerate(layer):
            for prefix in room:
                # The package itself holds its own module alone, not the modules under it.
                under = prefix != "gui_crawler" and name.startswith(prefix + ".")
                if (name == prefix or under) and (best is None or len(prefix) > best[2]):
                    best = (i, j, len(prefix))
    return None if best is None else best[:2]


def against_the_order(
    graph: Mapping[str, Iterable[str]], layers: list[list[tuple[str, ...]]] = LAYERS
) -> list[str]:
    """The imports that go up a layer or across to another room of the same one."""
    wrong = []
    for name, targets in sorted(graph.items()):
        here = room_of(name, layers)
        for target in sorted(targets):
            there = room_of(target, layers)
            if here is None or there is None:
                continue
            if there[0] > here[0] or (there[0] == here[0] and there[1] != here[1]):
                wrong.append(f"{name} -> {target}")
    return wrong


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The modules that import each other, through any others (Tarjan's strongly connected
    components of more than one module, each sorted)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_every_module_has_its_room() -> None:
    graph = import_graph()
    assert "gui_crawler.window" in graph and "gui_crawler.base.urls" in graph
    assert [m for m in graph if room_of(m) is None] == []


def test_imports_go_down_the_layers_only() -> None:
    assert against_the_order(import_graph()) == []


def test_no_module_imports_itself_through_others() -> None:
    assert circles(import_graph()) == []


@pytest.mark.parametrize(
    ("name", "source", "wrong", "circle"),
    [
        # events importing verdicts at its bottom, as it once did for FetchRecord.verdict
        ("gui_crawler.events", "from gui_crawler.records import verdicts as _v\n",
         ["gui_crawler.events -> gui_crawler.records.verdicts"],
         ["gui_crawler.events", "gui_crawler.records.verdicts"]),
        # the menus naming the window for its type only, as they once did
        ("gui_crawler.ui.menus",
         "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gui_crawler.window "
         "import MainWindow\n", [], ["gui_crawler.ui.menus", "gui_crawler.window"]),
        # the session service in storage/, importing the engine from inside a function
        ("gui_crawler.storage.writer", "def f():\n    from gui_crawler.engine import Crawler\n",
         ["gui_crawler.storage.writer -> gui_crawler.engine"], None),
        # a room of a layer importing its neighbour
        ("gui_crawler.crawl.urllist", "from ..records.wording import plural\n",
         ["gui_crawler.crawl.urllist -> gui_crawler.records.wording"], None),
    ],
)  # fmt: skip
def test_the_checks_find_an_import_against_the_order_and_a_circle(
    name: str, source: str, wrong: list[str], circle: list[str] | None
) -> None:
    graph = import_graph()
    assert name in graph
    graph[name] = graph[name] | imports_of(name, source, graph)
    assert against_the_order({name: graph[name]}) == wrong
    assert (circle in circles(graph)) if circle else circles(graph) == []
