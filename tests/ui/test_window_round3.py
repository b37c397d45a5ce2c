"""Issue #29, round 3: shortcuts wherever the focus is, the wheel over the settings, a regex
error next to its field, file dialogs that remember their folder and suggest a name."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFileDialog
from windows import page

from gui_crawler.window import MainWindow


def open_file_dialogs(w: MainWindow) -> list[QFileDialog]:
    return [d for d in w.findChildren(QFileDialog) if d.isVisible()]


class EndOfLineOnCtrlE(QObject):
    """What a QLineEdit does where the keyboard scheme binds Ctrl+E to the end of the line
    (X11 desktops, macOS): it accepts the ShortcutOverride, so that no shortcut fires. The
    offscreen platform the tests run on binds only End."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        ctrl_e = Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_E
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.keyCombination() == ctrl_e
        ):
            event.accept()
        return False


def test_ctrl_e_in_the_address_bar_exports(qtbot: Any, window: MainWindow) -> None:
    claims = EndOfLineOnCtrlE(window.address)
    window.address.installEventFilter(claims)
    window.results.add([page("/")])
    window._update_actions()  # a crawl's end does this
    window.activateWindow()
    window.address.setFocus()
    qtbot.waitUntil(window.address.hasFocus, timeout=2000)
    assert window.export_action.isEnabled()
    with qtbot.waitSignal(window.export_action.triggered, timeout=1000):
        qtbot.keyClick(window.address, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    dialogs = open_file_dialogs(window)
    assert [d.windowTitle() for d in dialogs] == ["Export all pages as CSV"]
    dialogs[0].reject()
