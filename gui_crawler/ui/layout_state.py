"""The window's layout kept between runs in QSettings: its geometry and toolbars, its splitters
and the pages table's columns. Each stored value is read back alone: a bad one gives way to its
default, never to an error, and is named among the problems returned."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

from gui_crawler.records.page_columns import PAGE_COLUMNS
from gui_crawler.ui.views import PagesTab

# The columns the pages table's header was saved with, by name.
_COLUMNS = ",".join(c.csv for c in PAGE_COLUMNS)


def save_layout(
    s: QSettings, window: QMainWindow, splitters: Mapping[str, QSplitter], pages: PagesTab
) -> None:
    """Keep ``window``'s layout: ``splitters`` by the name each is kept under."""
    s.setValue("window/geometry", window.saveGeometry())
    s.setValue("window/state", window.saveState())
    for name, splitter in splitters.items():
        s.setValue(f"window/{name}", splitter.saveState())
    s.setValue("window/pages-header", pages.header_state())
    s.setValue("window/pages-columns", _COLUMNS)


def restore_layout(
    s: QSettings, window: QMainWindow, splitters: Mapping[str, QSplitter], pages: PagesTab
) -> list[str]:
    """Put back the layout ``save_layout`` kept; what could not be read (those values are
    removed)."""
    problems = []
    keys: list[tuple[str, Callable[[QByteArray], bool]]] = [
        ("window/geometry", window.restoreGeometry),
        ("window/state", window.restoreState),
        *((f"window/{name}", splitter.restoreState) for name, splitter in splitters.items()),
    ]
    # A header saved for other columns (an older version) would put sections in the wrong
    # places, even on top of each other: only the same columns get their saved layout back.
    if s.value("window/pages-columns") == _COLUMNS:
        keys.append(("window/pages-header", pages.table.horizontalHeader().restoreState))
    for key, restore in keys:
        v = s.value(key)
        if v is None:
            continue
        restored = False
        if isinstance(v, QByteArray | bytes):
            with contextlib.suppress(TypeError, ValueError):
                restored = restore(QByteArray(v))
        if not restored:
            problems.append(
                QCoreApplication.translate(
                    "StoredSettings", "{key} could not be read; using the default"
                ).format(key=key)
            )
            s.remove(key)
    # The restored arrow becomes the table's order: rows arriving later are put in place.
    hh = pages.table.horizontalHeader()
    pages.proxy.sort(hh.sortIndicatorSection(), hh.sortIndicatorOrder())
    return problems
