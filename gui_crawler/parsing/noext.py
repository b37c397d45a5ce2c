"""What ``GUI_CRAWLER_NO_EXTENSIONS`` turns off, read the same way at build time (setup.py loads this
file by its path: the package's dependencies are not there yet) and at run time (``accel``).

``1`` (or true, yes, on, all) turns every compiled part off; a comma list of their names turns off
only those; empty (or 0, false, no, off) none."""

from __future__ import annotations

import os

NAMES = (
    "pagewalk",
    "linkpack",
)  # the compiled parts: gui_crawler.parsing._pagewalk, gui_crawler.parsing._linkpack
ENV = "GUI_CRAWLER_NO_EXTENSIONS"


def turned_off(value: str | None = None) -> tuple[frozenset[str], frozenset[str]]:
    """(the compiled parts that ``value``, by default the environment's, turns off; the names in
    it that are no compiled part)."""
    value = (os.environ.get(ENV, "") if value is None else value).strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return frozenset(), frozenset()
    if value in ("1", "true", "yes", "on", "all"):
        return frozenset(NAMES), frozenset()
    names = {n.strip() for n in value.split(",") if n.strip()}
    return frozenset(names & set(NAMES)), frozenset(names - set(NAMES))
