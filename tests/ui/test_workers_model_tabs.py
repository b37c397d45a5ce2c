"""The Workers model lists the headless browser's render tabs after the fetch workers
(RenderTab events, --render): a tab rendering a page, then idle, its count of pages done."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from gui_crawler.events import RenderTab, WorkerEvent, WorkerState
from gui_crawler.ui.workers_model import WorkersModel


def cell(m: WorkersModel, row: int, col: int) -> Any:
    return m.data(m.index(row, col), Qt.ItemDataRole.DisplayRole)


def test_render_tabs_are_rows_after_the_workers(qtmodeltester: Any) -> None:
    m = WorkersModel()
    m.apply(
        [WorkerEvent(0, WorkerState.RENDERING, "http://s/a", 1.0), RenderTab(1, "http://s/a", 1.0)]
    )
    qtmodeltester.check(m)
    assert m.rowCount() == 3  # worker #0, render tabs #0 and #1
    assert (cell(m, 0, 0), cell(m, 0, 1)) == ("#0", "rendering")
    assert (cell(m, 1, 0), cell(m, 1, 1)) == ("render #0", "render tab: idle")
    assert (cell(m, 2, 0), cell(m, 2, 1), cell(m, 2, 4)) == ("render #1", "rendering", "http://s/a")
    # A worker that comes later goes before the tabs; a tab done counts a page.
    m.apply([WorkerEvent(1, WorkerState.FETCHING, "http://s/b", 2.0), RenderTab(1, None, 2.5)])
    qtmodeltester.check(m)
    assert [cell(m, r, 0) for r in range(4)] == ["#0", "#1", "render #0", "render #1"]
    assert (cell(m, 3, 1), cell(m, 3, 3)) == ("render tab: idle", "1")
    m.tick(3.0)
    assert cell(m, 3, 2) == "0.5"


def test_a_worker_whose_page_was_rendered_counts_it_done() -> None:
    m = WorkersModel()
    m.apply([WorkerEvent(0, WorkerState.FETCHING, "http://s/a", 1.0)])
    m.apply([WorkerEvent(0, WorkerState.RENDERING, "http://s/a", 1.1)])
    m.apply([WorkerEvent(0, WorkerState.IDLE, None, 1.6)])
    assert cell(m, 0, 3) == "1"
