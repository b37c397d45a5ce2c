"""The window's file dialogs: Qt's own (a native one's modal loop fights the asyncio loop), opened
non-modal, in the folder a file was last chosen in (one settings key for all of them), with a
file name suggested after the crawled host.

Qt's own dialog can block the whole window, crawl included, on a special file: its default icon
provider guesses each file's type from its first bytes (QMimeDatabase), in the GUI thread when the
dialog looks a path up, and reading /proc/kmsg waits for the kernel's next message. So the dialog
here names types from the file's kind and name alone (``PlainIcons``), never starts in or
remembers a folder of a pseudo file system (/proc, /sys, /dev), and refuses to hand on a file that
is no regular file (a FIFO, a device, a socket) or one of those file systems', which reading or
writing would block on."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QFileInfo, QSettings
from PySide6.QtGui import QAbstractFileIconProvider, QIcon
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHeaderView,
    QMessageBox,
    QStyle,
    QTreeView,
)

from gui_crawler.base.translate import translate

DIALOGS = "FileDialogs"  # the context of what the file dialogs say
LAST_FOLDER_KEY = "dialogs/last_folder"
# The kernel's own file systems: nobody's files to open or save, and some block when read.
PSEUDO_ROOTS = ("/proc", "/sys", "/dev")
NAME_COLUMN_PX = 380  # the detail view's Name column: room for a suggested file name


def is_pseudo(path: str | Path) -> bool:
    """``path`` is in /proc, /sys or /dev (after symbolic links)."""
    real = os.path.realpath(path)
    return any(real == root or real.startswith(root + "/") for root in PSEUDO_ROOTS)


def last_folder() -> str | None:
    """The folder of the last file chosen in any of the window's file dialogs, if it still is
    one, and not one of the kernel's (an older version remembered /proc)."""
    value = QSettings().value(LAST_FOLDER_KEY)
    if isinstance(value, str) and value and Path(value).is_dir() and not is_pseudo(value):
        return value
    return None


def remember_folder(path: str) -> None:
    folder = str(Path(path).parent)
    if not is_pseudo(folder):
        QSettings().setValue(LAST_FOLDER_KEY, folder)


def file_stem(root: str | None) -> str:
    """The start of a suggested file name: the crawled host ("crawl" before any crawl)."""
    host = urlsplit(root).hostname if root else None
    return host or "crawl"


def refusal(path: str) -> str | None:
    """Why ``path`` cannot be opened or written by the window (None: it can, or it does not
    exist yet): reading or writing a FIFO or a device waits for its other end."""
    if is_pseudo(path):
        return translate(
            DIALOGS,
            "{path} is one of the kernel's files (/proc, /sys, /dev), not one to open or save",
        ).format(path=path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # not there (yet): a file to save as, or the dialog says it is missing
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        kind = translate(DIALOGS, "a named pipe (FIFO)")
    else:
        kind = translate(DIALOGS, "a device or a socket")
    return translate(
        DIALOGS, "{path} is {kind}, not a file: reading or writing it would wait for its other end"
    ).format(path=path, kind=kind)


class PlainIcons(QAbstractFileIconProvider):
    """A file's icon and type from its kind and name, never from its content: Qt's own provider
    opens a file to read its first bytes, in the GUI thread when the dialog looks a path up.
    Its icons are made at once in the GUI thread; the dialog's info thread only reads them."""

    def __init__(self) -> None:
        super().__init__()
        style = QApplication.style()
        pixmap = QStyle.StandardPixmap
        self._folder = style.standardIcon(pixmap.SP_DirIcon)
        self._file = style.standardIcon(pixmap.SP_FileIcon)
        T = QAbstractFileIconProvider.IconType
        self._by_type = {
            T.Computer: style.standardIcon(pixmap.SP_ComputerIcon),
            T.Desktop: style.standardIcon(pixmap.SP_DesktopIcon),
            T.Trashcan: style.standardIcon(pixmap.SP_TrashIcon),
            T.Network: style.standardIcon(pixmap.SP_DriveNetIcon),
            T.Drive: style.standardIcon(pixmap.SP_DriveHDIcon),
            T.Folder: self._folder,
            T.File: self._file,
        }

    def icon(self, what: Any) -> QIcon:  # both of Qt's overloads: a kind or a file
        if isinstance(what, QFileInfo):
            return self._folder if what.isDir() else self._file
        return self._by_type.get(what, self._file)

    def type(self, info: QFileInfo) -> str:
        if info.isDir():
            return translate(DIALOGS, "Folder")
        suffix = info.suffix()
        if suffix:
            return translate(DIALOGS, "{suffix} file").format(suffix=suffix.upper())
        return translate(DIALOGS, "File")


_icons: PlainIcons | None = None  # one for every dialog: a dialog does not own its provider


def plain_icons() -> PlainIcons:
    global _icons
    if _icons is None:
        _icons = PlainIcons()
    return _icons


class FileDialog(QFileDialog):
    """Qt's own file dialog that reads no file it lists and hands on no special file (see the
    module's docstring); what it refused is said in a message box over it."""

    def __init__(self, parent: Any, caption: str) -> None:
        super().__init__(parent, caption)
        self.setOption(QFileDialog.Option.DontUseNativeDialog)
        self.setIconProvider(plain_icons())
        # Two labels Qt's own translations leave in English (its Chinese one, Qt 6.11).
        self.setLabelText(QFileDialog.DialogLabel.LookIn, translate(DIALOGS, "&Look in:"))
        self.setLabelText(QFileDialog.DialogLabel.FileType, translate(DIALOGS, "Files of &type:"))
        self.refused: QMessageBox | None = None  # the last refusal shown (kept: Qt holds it)
        # The detail view's columns at their size: the Name column cut suggested names short,
        # the date column the dates.
        self.setViewMode(QFileDialog.ViewMode.Detail)
        self.resize(900, 540)
        view = self.findChild(QTreeView, "treeView")
        if view is not None:
            header = view.header()
            header.resizeSection(0, NAME_COLUMN_PX)
            for column in range(1, header.count()):  # size, type, date: whole
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def accept(self) -> None:
        chosen = self.selectedFiles()
        why = refusal(chosen[0]) if chosen and not Path(chosen[0]).is_dir() else None
        if why is None:
            super().accept()
            return
        box = QMessageBox(
            QMessageBox.Icon.Warning, self.windowTitle(), why, QMessageBox.StandardButton.Ok, self
        )
        box.setObjectName("file-refused")
        box.open()  # non-modal: a modal exec() inside the asyncio loop is refused
        self.refused = box


def file_dialog(
    parent: Any,
    caption: str,
    filters: str,
    *,
    save: bool,
    name: str = "",
    folder: str | Path | None = None,
) -> QFileDialog:
    """A dialog to ``open()``: in the last folder used (else ``folder``, else the home folder
    where the working folder is the kernel's), a save dialog with ``name`` suggested; the
    chosen file's folder is remembered."""
    dlg = FileDialog(parent, caption)
    dlg.setNameFilter(filters)
    given = str(folder) if folder is not None and Path(folder).is_dir() else None
    start = last_folder() or (given if given and not is_pseudo(given) else None)
    if start is None and is_pseudo(os.getcwd()):
        start = str(Path.home())
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
