"""Status-bar widgets whose text hover tips cannot replace and long paths cannot push aside."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy

from .settings_panel import ERROR_STYLE


class ElidedLabel(QLabel):
    """A one-line label that shrinks with its space, cutting the end with "…"; the whole text
    stays in the tooltip."""

    def __init__(self, text: str = "", parent: Any = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(80)
        self.setText(text)

    def text(self) -> str:
        """The whole text, not the cut one painted."""
        return self._full

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text if text else "")
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        m = self.fontMetrics()
        width = max(0, self.width() - 4)
        super().setText(m.elidedText(self._full, Qt.TextElideMode.ElideRight, width))


class Notice(ElidedLabel):
    """The outcome of the user's last action ("Exported 27 rows to …"), kept until the next one
    or until ``timeout_ms`` passes; a permanent status-bar widget, so hover tips leave it be."""

    def __init__(self, parent: Any = None, timeout_ms: int = 60_000) -> None:
        super().__init__("", parent)
        self.setObjectName("notice")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(lambda: self.say(""))
        self.hide()

    def say(self, text: str, error: bool = False) -> None:
        self.setText(text)
        self.setStyleSheet(ERROR_STYLE if error else "")
        self.setVisible(bool(text))
        if text:
            self._timer.start()
        else:
            self._timer.stop()
