"""Issue #41.14: ``make run`` installs what running needs and nothing else, quietly (a line of its
own, pip's errors), where ``make test`` adds the test extra; read from ``make -n`` (what make would
run for a fresh virtual environment), nothing installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

if shutil.which("make") is None or not (ROOT / "Makefile").is_file():
    pytest.skip("no make, or not the project's source tree", allow_module_level=True)


def planned(target: str, venv: Path) -> list[str]:
    # Not as a sub-make of the make running the suite (make test): its own lines, no others.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    out = subprocess.run(
        ["make", "-n", "--no-print-directory", f"VENV={venv}", target],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=30,
    )  # fmt: skip
    return out.stdout.splitlines()


def test_make_run_installs_what_running_needs_quietly(tmp_path: Path) -> None:
    run = planned("run", tmp_path / "venv")
    installs = [line for line in run if " -m pip install" in line]
    assert installs and all(" -qq " in line for line in installs), installs
    assert not any("[test" in line or "requirements" in line for line in installs), installs
    assert [line for line in run if line.startswith("echo ")], run  # a line says what it does
    assert run[-1].startswith(f"{tmp_path / 'venv'}/bin/gui-crawler")


def test_make_test_installs_the_test_extra_once(tmp_path: Path) -> None:
    test = planned("test", tmp_path / "venv")
    installs = [line for line in test if " -m pip install" in line]
    assert all(" -qq " in line for line in installs), installs
    assert any("-r " in line and "test-requirements" in line for line in installs)
    # Once into the environment (a dry run plans it again for each target that wants it).
    mine = {line for line in installs if line.startswith(str(tmp_path / "venv"))}
    assert sum(" -e ." in line for line in mine) == 1  # gui_crawler built once, not for [test]
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("make test")
