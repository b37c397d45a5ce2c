"""The pages table's scroll bars as rows are appended below the rows shown: the vertical bar
follows alone, where a full layout would have put it; nothing else repaints."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, QRect, Qt
from PySide6.QtWidgets import QHeaderView

from gui_crawler.ui.quiet_table import QuietTable


class Rows(QAbstractTableModel):
    def __init__(self, n: int, columns: int) -> None:
        super().__init__()
        self.rows = [f"row {i}" for i in range(n)]
        self.columns = columns

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.columns

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return self.rows[index.row()] if role == Qt.ItemDataRole.DisplayRole else None

    def append(self, n: int) -> None:
        at = len(self.rows)
        self.beginInsertRows(QModelIndex(), at, at + n - 1)
        self.rows += [f"new {at + i}" for i in range(n)]
        self.endInsertRows()


class Paints(QObject):
    """The paint events' rectangles of the widgets it watches."""

    def __init__(self, *widgets: QObject) -> None:
        super().__init__()
        self.rects: list[tuple[QObject, QRect]] = []
        for w in widgets:
            w.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rects.append((watched, QRect(event.rect())))  # type: ignore[attr-defined]
        return False


def table(qtbot: Any, rows: int) -> tuple[Rows, QuietTable]:
    """As the window's tables are made: the row header hidden, rows of one fixed height; wider
    than the view, so that both bars show once the rows do not fit."""
    model = Rows(rows, 6)
    view = QuietTable()
    view.setModel(model)
    view.verticalHeader().hide()
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    for c in range(model.columns):
        view.setColumnWidth(c, 150)
    view.resize(400, 300)
    view.show()
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    return model, view


def bar(view: QuietTable) -> tuple[int, int, int, int, bool]:
    v = view.verticalScrollBar()
    return v.minimum(), v.maximum(), v.pageStep(), v.singleStep(), v.isVisible()


def laid_out(view: QuietTable) -> tuple[int, int, int, int, bool]:
    """The vertical bar as a full layout puts it."""
    view.updateGeometries()
    return bar(view)


def test_rows_appended_below_repaint_the_vertical_bar_alone(qtbot: Any) -> None:
    model, view = table(qtbot, 200)
    h, v = view.horizontalScrollBar(), view.verticalScrollBar()
    qtbot.waitUntil(lambda: h.isVisible() and v.isVisible())
    qtbot.wait(50)  # the first paints are over
    paints = Paints(h, h.parent(), view, v)  # the other bar, its container, the frame, the bar
    for _ in range(5):
        top = v.maximum()
        model.append(3)
        qtbot.waitUntil(lambda top=top: v.maximum() == top + 3)  # type: ignore[misc]
        qtbot.wait(20)
    assert view.bar_only == 5
    assert any(w is v for w, _ in paints.rects)  # the bar's handle moved: it is painted
    # Before: on every append both bars, and the frame from one bar to the other.
    strip = v.parent().geometry()  # the frame behind the bar (the bar paints over it)
    assert [r for w, r in paints.rects if w is h or w is h.parent()] == []
    assert all(strip.contains(r) for w, r in paints.rects if w is view)
    assert bar(view) == laid_out(view)


def test_the_vertical_bar_follows_the_rows_as_a_full_layout_would(qtbot: Any) -> None:
    model, view = table(qtbot, 2)
    v = view.verticalScrollBar()
    qtbot.wait(50)
    assert not v.isVisible()
    for _ in range(30):  # through the rows filling the view, the bar appearing, and past
        rows = model.rowCount()
        model.append(1)
        qtbot.waitUntil(lambda rows=rows: view._laid_rows == rows + 1)  # type: ignore[misc]
        qtbot.wait(10)
        assert bar(view) == laid_out(view)
    assert v.isVisible() and v.maximum() > 0 and view.bar_only > 0
