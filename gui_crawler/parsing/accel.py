"""The one place that imports gui_crawler's compiled parts, and chooses between each of them and
its pure-Python twin (the twin is the specification; the C is an accelerator):

- ``pagewalk``: parse a page with lexbor and read its links and audit fields, the nesting bound,
  the cut points of a huge page, and the parser threads (``_pagewalk.c``, ``_walkers.c``;
  Python: ``_pagewalk_py`` over selectolax's tree of the same lexbor parse, its threads in
  ``_walkers_py``: :func:`walkers`).
- ``linkpack``: a page's outlinks as the crawl file stores them (``_linkpack.c``;
  ``_linkpack_py``). Both write the same bytes, so crawl files move between the two.

A compiled part that is not there (no compiler where it was installed) falls back to Python.
``GUI_CRAWLER_NO_EXTENSIONS=1`` turns every compiled part off; a comma list of the names above
(``GUI_CRAWLER_NO_EXTENSIONS=linkpack``) turns off only those.
"""

from __future__ import annotations

import importlib
import logging
from types import ModuleType
from typing import TYPE_CHECKING

from gui_crawler.parsing import noext
from gui_crawler.parsing.noext import ENV, NAMES

log = logging.getLogger(__name__)


def turned_off(value: str | None = None) -> frozenset[str]:
    """The compiled parts that ``GUI_CRAWLER_NO_EXTENSIONS`` (or ``value``) turns off; a name in it
    that is no compiled part is said and ignored."""
    off, unknown = noext.turned_off(value)
    if unknown:
        log.warning(
            "%s: no compiled part named %s (known: %s)",
            ENV,
            ", ".join(sorted(unknown)),
            ", ".join(NAMES),
        )
    return off


OFF = turned_off()
# The compiled parts that should have been used but could not be imported (not built here).
MISSING: dict[str, str] = {}


def twin(name: str, compiled: bool) -> ModuleType:
    """The compiled part ``name`` (``compiled``) or its pure-Python twin, whichever is in use;
    ImportError where the compiled one was not built."""
    return importlib.import_module(f"._{name}" if compiled else f"._{name}_py", __package__)


def _load(name: str) -> ModuleType:
    if name not in OFF:
        try:
            return twin(name, compiled=True)
        except ImportError as e:
            MISSING[name] = str(e)
    return twin(name, compiled=False)


if TYPE_CHECKING:  # both twins take and return what the stubs (_pagewalk.pyi, …) say
    from gui_crawler.parsing import _linkpack as linkpack
    from gui_crawler.parsing import _pagewalk as pagewalk
    from gui_crawler.parsing._pagewalk import Walked as Walked
else:
    pagewalk = _load("pagewalk")
    linkpack = _load("linkpack")
    Walked = object


def compiled(name: str) -> bool:
    """Whether the compiled part ``name`` is the one in use."""
    module: ModuleType = globals()[name]
    return not module.__name__.endswith("_py")


def walkers() -> type[pagewalk.Walkers]:
    """The parser threads of ``pagewalk`` in use: the compiled ones (``_walkers.c``), or the
    pure-Python ones, threads and a child process, in a module of their own (``_walkers_py``,
    which imports ``_pagewalk_py``)."""
    if compiled("pagewalk"):
        return pagewalk.Walkers
    found: type[pagewalk.Walkers] = twin("walkers", compiled=False).Walkers
    return found


def describe() -> str:
    """One line for a person: which implementation parses and packs, and why."""
    python = ", ".join(n for n in NAMES if not compiled(n))
    if not python:
        return "compiled parts in use (C: " + ", ".join(NAMES) + ")"
    if MISSING:
        return (
            f"pure Python for {python}: the compiled parts were not built when gui_crawler was "
            "installed (no C compiler there), so parsing is slower"
        )
    return f"pure Python for {python} ({ENV} is set)"
