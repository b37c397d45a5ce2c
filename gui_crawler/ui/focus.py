"""What a focused field may take from the window: the window's shortcuts go first even in a text
box."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence


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
