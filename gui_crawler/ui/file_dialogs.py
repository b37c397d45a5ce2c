"""The window's file dialogs: Qt's own (a native one's modal loop fights the asyncio loop), opened
non-modal, in the folder a file was last chosen in (one settings key for all of them), with a
file name suggested after the crawled host."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

LAST_FOLDER_KEY = "dialogs/last_folder"


def last_folder() -> str | None:
    """The folder of the last file chosen in any of the window's file dialogs, if it still is."""
    value = QSettings().value(LAST_FOLDER_KEY)
    return value if isinstance(value, str) and value and Path(value).is_dir() else None


def remember_folder(path: str) -> None:
    QSettings().setValue(LAST_FOLDER_KEY, str(Path(path).parent))


def file_stem(root: str | None) -> str:
    """The start of a suggested file name: the crawled host ("crawl" before any crawl)."""
    host = urlsplit(root).hostname if root else None
    return host or "crawl"


def file_dialog(
    parent: Any,
    caption: str,
    filters: str,
    *,
    save: bool,
    name: str = "",
    folder: str | Path | None = None,
) -> QFileDialog:
    """A dialog to ``open()``: in the last folder used (else ``folder``), a save dialog with
    ``name`` suggested; the chosen file's folder is remembered."""
    dlg = QFileDialog(parent, caption)
    dlg.setNameFilter(filters)
    dlg.setOption(QFileDialog.Option.DontUseNativeDialog)
    start = last_folder() or (str(folder) if folder is not None and Path(folder).is_dir() else None)
    if start:
        dlg.setDirectory(start)
    if save:
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        suffix = Path(name).suffix.lstrip(".")
        if suffix:
            dlg.setDefaultSuffix(suffix)
        if name:
            dlg.selectFile(name)
    else:
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
    dlg.fileSelected.connect(remember_folder)
    dlg.finished.connect(dlg.deleteLater)
    return dlg
