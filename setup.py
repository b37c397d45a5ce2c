"""The compiled parts of gui_crawler: ``gui_crawler._pagewalk``, which parses a page with lexbor and
reads its links and audit fields without holding the GIL, and runs the parser threads that never
take it (``_walkers.c``, which hash a page's visible text with ``_blake2b.c``);
``gui_crawler._inlinks``, the window's link index's inner loop; and ``gui_crawler._linkpack``, a
page's outlinks as the crawl file stores them. lexbor's sources (the modules an HTML parse needs:
core, dom, html, tag, ns) are vendored under third_party/lexbor; everything else about the package
is in pyproject.toml."""

from pathlib import Path

from setuptools import Extension, setup

LEXBOR = "third_party/lexbor/source"
SOURCES = sorted(p.as_posix() for p in Path(LEXBOR).glob("lexbor/**/*.c"))

setup(
    ext_modules=[
        Extension(
            "gui_crawler._pagewalk",
            [
                "gui_crawler/_pagewalk.c",
                "gui_crawler/_walkers.c",
                "gui_crawler/_blake2b.c",
                *SOURCES,
            ],
            depends=["gui_crawler/_pagewalk.h", "gui_crawler/_blake2b.h"],
            include_dirs=[LEXBOR],
            define_macros=[("LEXBOR_STATIC", None)],
        ),
        Extension("gui_crawler._inlinks", ["gui_crawler/_inlinks.c"]),
        Extension("gui_crawler._linkpack", ["gui_crawler/_linkpack.c"]),
    ]
)
