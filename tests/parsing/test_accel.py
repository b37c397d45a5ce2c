"""The compiled parts are accelerators: each has a pure-Python twin, ``accel`` alone chooses, the
compiled one is in use wherever it was built, and the switch turns them off."""

from __future__ import annotations

import ast
import importlib.util
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from twins import REQUIRE_EXTENSIONS

from gui_crawler.parsing import accel

PARSING = Path(accel.__file__).resolve().parent
PACKAGE = PARSING.parent


def run_python(code: str, **env: str) -> str:
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
    )
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def test_the_compiled_parts_are_in_use_where_they_were_built() -> None:
    built = {
        n for n in accel.NAMES if importlib.util.find_spec(f"{accel.__package__}._{n}") is not None
    }
    if REQUIRE_EXTENSIONS:
        assert built == set(accel.NAMES), "CI's compiled pass: every compiled part must be built"
    for name in built - accel.OFF:
        assert accel.compiled(name), name
    assert not accel.MISSING or built != set(accel.NAMES)


@pytest.mark.parametrize(
    ("value", "off"),
    [
        ("", set()),
        ("0", set()),
        ("1", set(accel.NAMES)),
        ("True", set(accel.NAMES)),
        ("pagewalk, linkpack", {"pagewalk", "linkpack"}),
        ("linkpack", {"linkpack"}),
    ],
)
def test_the_switch_turns_off_all_or_the_parts_it_names(value: str, off: set[str]) -> None:
    assert accel.turned_off(value) == off


def test_an_unknown_name_in_the_switch_is_said_and_ignored(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="gui_crawler.parsing.accel"):
        assert accel.turned_off("linkpack,pagewalker") == {"linkpack"}
    assert "pagewalker" in caplog.text


def test_the_switch_makes_a_new_process_pure_python() -> None:
    code = "from gui_crawler.parsing import accel; print([accel.compiled(n) for n in accel.NAMES])"
    assert run_python(code, GUI_CRAWLER_NO_EXTENSIONS="1") == "[False, False]"
    got = run_python(code + "; print(accel.describe())", GUI_CRAWLER_NO_EXTENSIONS="linkpack")
    assert got.splitlines()[1] == "pure Python for linkpack (GUI_CRAWLER_NO_EXTENSIONS is set)"


def test_compiled_parts_that_were_not_built_fall_back_and_say_so() -> None:
    """What an install without a compiler gives: the imports of the compiled modules fail."""
    code = (
        "import sys\n"
        "class NotBuilt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name in ('gui_crawler.parsing._pagewalk', 'gui_crawler.parsing._linkpack'):\n"
        "            raise ImportError(f'No module named {name!r}')\n"
        "sys.meta_path.insert(0, NotBuilt())\n"
        "from gui_crawler.parsing import accel, links\n"
        "print(sorted(accel.MISSING))\n"
        "print(accel.describe())\n"
        "print(links.extract_links(b'<a href=x>', 'http://h/d/'))\n"
    )
    missing, said, found = run_python(code, GUI_CRAWLER_NO_EXTENSIONS="").splitlines()
    assert missing == "['linkpack', 'pagewalk']"
    assert "not built" in said and "slower" in said
    assert found == "['http://h/d/x']"


def test_only_accel_imports_the_compiled_parts() -> None:
    compiled = {f"_{n}" for n in accel.NAMES}
    for path in PACKAGE.rglob("*.py"):  # every layer
        if path == PARSING / "accel.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = {node.module or ""} | {a.name for a in node.names}
            elif isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            else:
                continue
            assert not {n.rsplit(".", 1)[-1] for n in names} & compiled, (
                str(path.relative_to(PACKAGE)),
                node.lineno,
            )


# Names of a stub the Python twin defines in a module of its own: the pure parser threads
# (threads and a child process) import _pagewalk_py, so it cannot import them back.
PURE_ELSEWHERE = {("pagewalk", "Walkers"): "walkers"}


def test_each_twin_has_what_its_stub_says() -> None:
    """The stubs (``_pagewalk.pyi``, …) type both twins: each name a stub declares, the Python
    twin defines too (``accel.walkers()`` hands out the pure parser threads)."""
    for name in accel.NAMES:
        stub = ast.parse((PARSING / f"_{name}.pyi").read_text(encoding="utf-8"))
        declared = {n.name for n in stub.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        assert declared, name
        for d in declared:
            home = accel.twin(PURE_ELSEWHERE.get((name, d), name), compiled=False)
            assert hasattr(home, d), (name, d)
