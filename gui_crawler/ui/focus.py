"""What a focused field may take from the window: the window's shortcuts go first even in a text
box, and the mouse wheel changes a spin or combo box only once it has the focus."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QWidget


class ShortcutsFirst(QObject):
    """Installed on text boxes: a key that is one of ``actions()``' shortcuts triggers it.

    A QLineEdit claims Ctrl+E (end of line) where the keyboard scheme binds it (X11 desktops,
    macOS) by accepting the ShortcutOverride event, and the action's shortcut then never fires."""

    def __init__(self, actions: Callable[[], Iterable[QAction]], parent: QObject) -> None:
        super().__init__(parent)
        self._actions = actions

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            for a in self._actions():
                if a.isEnabled() and any(s == pressed for s in a.shortcuts()):
                    event.ignore()  # not overridden: the shortcut map triggers the action
                    return True
        return False


class WheelNeedsFocus(QObject):
    """Installed on spin and combo boxes in a scrolled panel: the wheel over one that has no
    focus scrolls the panel instead of changing its value."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not watched.hasFocus()
        ):
            event.ignore()  # goes on to the parent: the scroll area
            return True
        return False


def wheel_needs_focus(panel: QWidget) -> WheelNeedsFocus:
    """Every spin and combo box under ``panel`` takes the wheel only when focused (and no
    longer gets the focus from a wheel turn)."""
    guard = WheelNeedsFocus(panel)
    boxes: list[Any] = [*panel.findChildren(QAbstractSpinBox), *panel.findChildren(QComboBox)]
    for box in boxes:
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        box.installEventFilter(guard)
    return guard
