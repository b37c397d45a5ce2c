"""The compiled parts of gui_crawler: ``gui_crawler.parsing._pagewalk``, which parses a page with lexbor and
reads its links and audit fields without holding the GIL, and runs the parser threads that never
take it (``_walkers.c``, which hash a page's visible text with ``_blake2b.c``); and
``gui_crawler.parsing._linkpack``, a page's outlinks as the crawl file stores them. lexbor's sources (the modules an HTML parse needs:
core, dom, html, tag, ns) are vendored under third_party/lexbor; everything else about the package
is in pyproject.toml.

Each of them is optional: where one does not build (no C compiler, no Python headers, a platform
lexbor's POSIX port does not cover) the install goes on without it and gui_crawler.parsing.accel uses its
pure-Python equivalent; one line says so. GUI_CRAWLER_NO_EXTENSIONS at build time reads as it does
at run time (gui_crawler/parsing/noext.py): 1 builds none of them (a pure-Python wheel), a comma list of
their names builds all but those.

The window's translations (gui_crawler/resources/*.ts) are compiled into the .qm files it loads, in
pure Python (gui_crawler/ui/tsfile.py): Qt's lrelease is in PySide6's wheel, which a build does
not have."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

LEXBOR = "third_party/lexbor/source"
SOURCES = sorted(p.as_posix() for p in Path(LEXBOR).glob("lexbor/**/*.c"))

# lexbor's functions call each other across its files: linked as one program with nothing but the
# module's init exported, they are called directly, not through the PLT, and small ones are inlined
# into their callers (a rust-doc page's parse and walk ~9% less CPU on the parser threads).
_FAST_FLAGS = ["-fvisibility=hidden", "-flto=auto"]

# setuptools.errors' classes are distutils' own (DistutilsExecError, DistutilsPlatformError, ...);
# OSError: a compiler or linker that cannot be run at all.
BUILD_ERRORS = (CCompilerError, CompileError, LinkError, ExecError, PlatformError, OSError)

EXTENSIONS = [
    Extension(
        "gui_crawler.parsing._pagewalk",
        [
            "gui_crawler/parsing/_pagewalk.c",
            "gui_crawler/parsing/_walkers.c",
            "gui_crawler/parsing/_pagescan.c",
            "gui_crawler/parsing/_blake2b.c",
            *SOURCES,
        ],
        depends=[
            "gui_crawler/parsing/_pagewalk.h",
            "gui_crawler/parsing/_blake2b.h",
            "gui_crawler/parsing/_siphash.h",
        ],
        include_dirs=[LEXBOR],
        define_macros=[("LEXBOR_STATIC", None)],
        libraries=["z"],  # a page's links and words are deflated on the parser threads
        optional=True,
    ),
    Extension("gui_crawler.parsing._linkpack", ["gui_crawler/parsing/_linkpack.c"], optional=True),
]


def _reason(error: BaseException) -> str:
    """What went wrong, in a few words: the command that failed, or the error's first words."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, subprocess.CalledProcessError):
            cmd = seen.cmd if isinstance(seen.cmd, str) else seen.cmd[0]
            return f"{os.path.basename(str(cmd).split()[0])} exited with status {seen.returncode}"
        if isinstance(seen, OSError) and seen.filename is not None:
            return f"{os.path.basename(str(seen.filename))}: {seen.strerror}"
        seen = seen.__cause__ or seen.__context__
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 160 else text[:157] + "..."


class OptionalBuildExt(build_ext):
    """build_ext that installs without the extensions it cannot build, and says so in one line."""

    def run(self) -> None:
        self._failed: list[tuple[str, BaseException]] = []
        try:
            super().run()
        except BUILD_ERRORS as e:  # before any extension: e.g. no compiler for this platform
            self._failed = [(ext.name, e) for ext in self.extensions]
        if self._failed:
            reason = _reason(self._failed[0][1])
            if len(self._failed) == len(self.extensions):
                line = (
                    f"building the compiled parts failed ({reason}); "
                    "installing the pure-Python version: parsing will be slower"
                )
            else:
                names = ", ".join(name.rpartition(".")[2] for name, _ in self._failed)
                line = (
                    f"building {names} failed ({reason}); "
                    "installing its pure-Python version: it will be slower"
                )
            print(f"gui_crawler: {line}", file=sys.stderr, flush=True)

    def build_extension(self, ext: Extension) -> None:
        fast = _FAST_FLAGS if self.compiler.compiler_type == "unix" else []
        try:
            if fast:
                try:
                    self._build_with(ext, fast)
                    return
                # A toolchain without LTO (clang with GNU ld): built plainly below, without a
                # line of its own (a little slower, nothing the user must act on).
                except BUILD_ERRORS:
                    pass
            super().build_extension(ext)
        except BUILD_ERRORS as e:
            self._failed.append((ext.name, e))

    def _build_with(self, ext: Extension, flags: list[str]) -> None:
        compile_args, link_args = ext.extra_compile_args, ext.extra_link_args
        ext.extra_compile_args, ext.extra_link_args = compile_args + flags, link_args + flags
        try:
            super().build_extension(ext)
        finally:
            ext.extra_compile_args, ext.extra_link_args = compile_args, link_args


def _load(name: str, path: str) -> Any:
    """A module of gui_crawler loaded by its path: importing the package would need its
    dependencies, which are not installed yet."""
    spec = importlib.util.spec_from_file_location(name, Path(path))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


class BuildPyWithTranslations(build_py):
    """build_py that also compiles each translation (resources/NAME.ts) into the NAME.qm the window
    loads: beside the .ts in an editable install (which runs the sources), else in the build."""

    def run(self) -> None:
        super().run()
        tsfile = _load("gui_crawler_tsfile", "gui_crawler/ui/tsfile.py")
        resources = Path("gui_crawler/resources")
        out = resources if self.editable_mode else Path(self.build_lib) / resources
        out.mkdir(parents=True, exist_ok=True)
        for ts in sorted(resources.glob("*.ts")):
            tsfile.release(ts, out / ts.with_suffix(".qm").name)


def _turned_off() -> frozenset[str]:
    """The extensions GUI_CRAWLER_NO_EXTENSIONS names, read by gui_crawler/parsing/noext.py."""
    off, _unknown = _load("gui_crawler_noext", "gui_crawler/parsing/noext.py").turned_off()
    return off


setup(
    ext_modules=[e for e in EXTENSIONS if e.name.rpartition("._")[2] not in _turned_off()],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithTranslations},
)
