"""A view's records placed later while it is hidden: noted as they come, placed in idle turns.

The site tree and the site graph sit in tabs hidden most of the time; building them as the records
came was a share of the window's loop on a big crawl (rust-doc: the tree ~0.55 s, the graph
~0.18 s), taken from the crawl itself. While its widget is hidden such a model (``Deferrable``)
only notes each batch; once no batch has come for IDLE_MS it places those waiting a part a turn
of the loop, and when its widget is shown it places them all before it follows the records again.
No timer runs while nothing waits: the model says when a batch begins to wait (``on_waiting``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class Deferrable(Protocol):
    deferred: bool  # batches are noted, not placed
    version: int  # batches taken so far
    on_waiting: Callable[[], None] | None  # called when a batch begins to wait

    @property
    def waiting(self) -> bool: ...

    def catch_up(self, count: int | None = None) -> bool: ...


class IdleCatchUp(QObject):
    """Drives ``target``'s deferral from ``widget``'s visibility. Shown, the target places what
    waits ``count`` a turn (``at_once``: the view places it all itself when it draws) and then
    follows the records again.

    Signals: none.
    """

    IDLE_MS = 500  # no batch for this long: a lull, the waiting ones are placed

    def __init__(
        self, target: Deferrable, widget: QWidget, count: int, at_once: bool = False
    ) -> None:
        super().__init__(widget)
        self.target = target
        self.count = count
        self.at_once = at_once
        self._shown = False
        self._version_seen = -1
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._turn)
        target.on_waiting = self._wake
        target.deferred = not widget.isVisible()
        widget.installEventFilter(self)

    @property
    def active(self) -> bool:
        """A catch-up is scheduled (for tests: none while nothing waits)."""
        return self._timer.isActive()

    def eventFilter(self, watched: Any, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show:
            self._shown = True
            self._timer.stop()
            if self.at_once:
                self.target.deferred = False
            else:
                self._turn()
        elif kind == QEvent.Type.Hide:
            self._shown = False
            self.target.deferred = True
            self._wake()
        return False

    def _wake(self) -> None:
        if not self._timer.isActive() and self.target.deferred and self.target.waiting:
            self._timer.start(0 if self._shown else self.IDLE_MS)

    def _turn(self) -> None:
        target = self.target
        if not self._shown and target.version != self._version_seen:
            self._version_seen = target.version  # records still coming: wait for a lull
            self._timer.start(self.IDLE_MS)
        elif target.catch_up(self.count):  # none waits now: no timer until one does
            if self._shown:
                target.deferred = False
        else:
            self._timer.start(0)
