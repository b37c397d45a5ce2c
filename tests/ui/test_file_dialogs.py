"""Issue #41.2: the window's file dialogs never block the window on a special file. Qt's own
dialog guessed each file's type from its first bytes in the GUI thread (reading /proc/kmsg waits
for the kernel's next message), remembered /proc as the last folder, and handed on a FIFO to be
written or read."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QLineEdit, QMessageBox
from windows import page

from gui_crawler.ui.file_dialogs import LAST_FOLDER_KEY, file_dialog, last_folder, remember_folder
from gui_crawler.window import MainWindow

OLD = 1_000_000.0  # an access time before the file's last change: any read moves it


class Heartbeat:
    """A 10 ms timer's ticks: a loop blocked for a while shows as a long gap between two."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(lambda: self.ticks.append(time.monotonic()))
        self.timer.start()

    def longest_gap(self) -> float:
        self.timer.stop()
        return max(b - a for a, b in zip(self.ticks, self.ticks[1:], strict=False))


def untouched_file(folder: Path, name: str) -> Path:
    """A file whose type only its content tells (no suffix), last read long ago."""
    f = folder / name
    f.write_bytes(b"%PDF-1.4 a file whose type only its first bytes tell\n")
    os.utime(f, (OLD, time.time()))
    return f


def export_dialog_by_keyboard(qtbot: Any, w: MainWindow) -> QFileDialog:
    w.results.add([page("/")])
    w._update_actions()  # a crawl's end does this
    w.activateWindow()
    w.address.setFocus()
    qtbot.waitUntil(w.address.hasFocus, timeout=2000)
    qtbot.keyClick(w.address, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    [dlg] = [d for d in w.findChildren(QFileDialog) if d.isVisible()]
    return dlg


def loaded(qtbot: Any, dlg: QFileDialog, folder: Path) -> None:
    """Wait until the dialog has listed ``folder`` (its model's info thread is done with it)."""
    model = dlg.findChild(QFileSystemModel)
    assert model is not None
    qtbot.waitUntil(lambda: model.rowCount(model.index(str(folder))) > 0, timeout=5000)
    qtbot.wait(200)


def test_a_dialog_on_a_folder_of_special_files_reads_none_and_hands_on_none(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    control = untouched_file(tmp_path, "control")
    control.read_bytes()
    if os.stat(control).st_atime == OLD:
        pytest.skip("this file system keeps no access times (noatime): reads cannot be seen")
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "earlier.csv").write_text("url\n")  # a file the CSV filter lists
    notes = untouched_file(folder, "notes")
    pipe = folder / "pipe.csv"  # as a CSV file would be named
    os.mkfifo(pipe)
    QSettings().setValue(LAST_FOLDER_KEY, str(folder))

    beat = Heartbeat()
    dlg = export_dialog_by_keyboard(qtbot, window)
    assert Path(dlg.directory().absolutePath()) == folder
    dlg.selectFile("notes")  # as a click on it does: the dialog looks the path up at once
    dlg.selectFile("pipe.csv")
    loaded(qtbot, dlg, folder)
    assert beat.longest_gap() < 1.0
    assert os.stat(notes).st_atime == OLD  # never opened to guess its type

    dlg.selectFile(str(pipe))
    dlg.accept()
    assert dlg.isVisible()  # refused: written to, the FIFO would wait for a reader
    box = dlg.findChild(QMessageBox, "file-refused")
    assert box is not None and box.isVisible() and "named pipe (FIFO)" in box.text()
    assert pipe.is_fifo()
    box.close()
    out = folder / "pages.csv"
    name = dlg.findChild(QLineEdit, "fileNameEdit")  # the focus is back in it: typed over
    name.setText(out.name)
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()
    assert out.is_file()


def test_no_dialog_starts_in_or_remembers_the_kernels_folders(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    QSettings().setValue(LAST_FOLDER_KEY, "/proc")  # as an older version remembered it
    assert last_folder() is None
    dlg = export_dialog_by_keyboard(qtbot, window)
    assert not dlg.directory().absolutePath().startswith("/proc")
    dlg.selectFile("/proc/x.csv")  # typed there on purpose: refused, and not remembered
    dlg.accept()
    box = dlg.findChild(QMessageBox, "file-refused")
    assert dlg.isVisible() and box is not None and "the kernel's files" in box.text()
    box.close()
    dlg.reject()
    assert QSettings().value(LAST_FOLDER_KEY) == "/proc"  # unchanged, and still not used
    assert last_folder() is None
    remember_folder("/proc/self/x.csv")
    assert QSettings().value(LAST_FOLDER_KEY) == "/proc"

    # Looked at on purpose, /proc lists without a stall: no file of it is read.
    beat = Heartbeat()
    dlg = file_dialog(window, "Look", "All files (*)", save=True, name="x.csv")
    dlg.setDirectory("/proc")
    dlg.open()
    loaded(qtbot, dlg, Path("/proc"))
    assert beat.longest_gap() < 1.0
    dlg.reject()
