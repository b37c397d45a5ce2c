"""The live charts share the event loop with the crawl: they are painted again twice a second
however often progress comes."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QEvent, QObject

from gui_crawler.events import Progress
from gui_crawler.ui.charts import ChartsPanel


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def test_progress_ten_times_a_second_repaints_the_charts_twice_a_second(qtbot: Any) -> None:
    panel = ChartsPanel()
    qtbot.addWidget(panel)
    panel.resize(400, 360)
    panel.show()
    qtbot.waitExposed(panel)
    counter = PaintCounter()
    panel.rate.installEventFilter(counter)
    t0 = time.monotonic()
    for i in range(20):  # two seconds of progress events, 0.1 s apart
        panel.add(Progress(i * 10, 5, i * 7, i * 9, 10, 5, False, 0.1 * (i + 1)))
        qtbot.wait(100)
    qtbot.wait(ChartsPanel.REPAINT_MS + 100)
    seconds = time.monotonic() - t0
    assert 2 <= counter.paints <= seconds / (ChartsPanel.REPAINT_MS / 1000) + 2
    assert panel.rate.v[-1] > 0  # the latest samples are drawn
