"""What gui_crawler ships: the sdist holds every C source and header the compiled parts are built
from (lexbor's included), the licences and the test suite; a wheel built from it where the C
compiler fails still installs (the pure-Python version), with the licences inside; the build says
nothing deprecated. Built with this environment's setuptools (no download), from a copy of the
project in tmp_path."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEXBOR = "third_party/lexbor/source"
LICENCES = ["LICENSE", "third_party/lexbor/LICENSE", "third_party/lexbor/NOTICE"]

pytest.importorskip("build", reason="the `build` module (in the test extra) makes the sdist")

if not (ROOT / "setup.py").is_file():
    pytest.skip("not run from the project's source tree", allow_module_level=True)


def included(path: Path) -> set[Path]:
    """The project files ``path`` includes with #include "...", and theirs (resolved as the
    compiler does: next to the file, then gui_crawler/parsing/, then lexbor's source folder)."""
    seen: set[Path] = set()
    todo = [path]
    while todo:
        f = todo.pop()
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read_text(), re.M):
            for base in (f.parent, ROOT / "gui_crawler" / "parsing", ROOT / LEXBOR):
                cand = (base / name).resolve()
                if cand.is_file():
                    if cand not in seen:
                        seen.add(cand)
                        todo.append(cand)
                    break
    return seen


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(sdist, wheel, the build's output): the sdist of a copy of the project, and a wheel built
    from that sdist with a C compiler that always fails."""
    tmp = tmp_path_factory.mktemp("packaging")
    src = tmp / "src"
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.o",
            ".*_cache", "bench", "docs",
        ),
    )  # fmt: skip
    env = dict(os.environ, CC="false")
    env.pop("GUI_CRAWLER_NO_EXTENSIONS", None)
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "dist"), str(src)],
        env=env,
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    (sdist,) = (tmp / "dist").glob("*.tar.gz")
    (wheel,) = (tmp / "dist").glob("*.whl")
    return sdist, wheel, out


def sdist_files(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as tar:
        return {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}


def test_the_sdist_holds_every_c_source_and_header_the_build_reads(
    built: tuple[Path, Path, str],
) -> None:
    files = sdist_files(built[0])
    sources = [*(ROOT / "gui_crawler").rglob("*.c"), *(ROOT / LEXBOR).glob("lexbor/**/*.c")]
    needed = set(sources)
    for c in sources:
        needed |= included(c)
    assert len(needed) > 300  # lexbor's modules, not an empty glob
    missing = {p.relative_to(ROOT).as_posix() for p in needed} - files
    assert not missing, f"not in the sdist (MANIFEST.in): {sorted(missing)[:20]}"


def test_the_sdist_holds_the_licences_stubs_resources_and_tests(
    built: tuple[Path, Path, str],
) -> None:
    files = sdist_files(built[0])
    wanted = {
        *LICENCES,
        "MANIFEST.in",
        "setup.py",
        "pyproject.toml",
        *(p.relative_to(ROOT).as_posix() for p in (ROOT / "gui_crawler").rglob("*.pyi")),
        # The sources of the resources: a .qm is built from its .ts (setup.py), not shipped.
        *(
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / "gui_crawler" / "resources").iterdir()
            if p.suffix != ".qm"
        ),
        *(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("*.py")),
    }
    assert not wanted - files
    assert not [f for f in files if f.endswith((".so", ".o", ".pyc", ".qm"))]
    with tarfile.open(built[0]) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/PKG-INFO"))
        extracted = tar.extractfile(member)
        assert extracted is not None
        pkg_info = extracted.read().decode()
    assert "License-Expression: MIT" in pkg_info
    assert all(f"License-File: {name}" in pkg_info for name in LICENCES)


def test_without_a_working_compiler_the_wheel_is_pure_python_and_says_so(
    built: tuple[Path, Path, str],
) -> None:
    _, wheel, out = built
    lines = [line for line in out.splitlines() if line.startswith("gui_crawler: ")]
    assert len(lines) == 1, out[-4000:]
    assert "installing the pure-Python version" in lines[0]
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".h"))]
    dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert {f"{dist_info}/licenses/{name}" for name in LICENCES} <= names
    for module in (
        "parsing/accel",
        "parsing/noext",
        "parsing/_pagewalk_py",
        "parsing/_linkpack_py",
        "cli/desktop",
        "ui/__init__",
        "storage/__init__",
    ):
        assert f"gui_crawler/{module}.py" in names
    assert {"gui_crawler/resources/gui-crawler.desktop", "gui_crawler/resources/app.svg"} <= names
    # The window's translation, compiled by the build from the sdist's .ts.
    assert "gui_crawler/resources/gui_crawler_zh_CN.qm" in names
    assert {"gui_crawler/parsing/_pagewalk.pyi", "gui_crawler/parsing/_linkpack.pyi"} <= names


def test_the_build_says_nothing_deprecated(built: tuple[Path, Path, str]) -> None:
    out = built[2]
    assert not re.search(r"deprecat", out, re.I), [
        line for line in out.splitlines() if re.search(r"deprecat", line, re.I)
    ][:10]
