"""Issue #29, round 3: shortcuts wherever the focus is, the wheel over the settings, a regex
error next to its field, file dialogs that remember their folder and suggest a name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QPushButton, QWidget
from windows import crawl_to_end, page

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


def wheel(widget: QWidget, notches: int) -> None:
    """A turn of the wheel over the middle of ``widget`` (negative: towards the person)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre)),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_the_settings_changes_only_a_focused_box(
    qtbot: Any, window: MainWindow
) -> None:
    s = window.settings
    window.address.setFocus()
    for box, value in ((s.timeout, s.timeout.value()), (s.scope, s.scope.currentIndex())):
        assert not box.hasFocus()
        wheel(box, -3)
        now = box.value() if box is s.timeout else s.scope.currentIndex()
        assert now == value, box
    assert s.timeout.focusPolicy() == Qt.FocusPolicy.StrongFocus
    s.timeout.setFocus()
    qtbot.waitUntil(s.timeout.hasFocus, timeout=2000)
    before = s.timeout.value()
    wheel(s.timeout, -1)
    assert s.timeout.value() < before  # a focused box still takes the wheel


def messages_about(panel: QWidget, word: str) -> list[QLabel]:
    return [lab for lab in panel.findChildren(QLabel) if lab.isVisible() and word in lab.text()]


def test_a_regex_error_is_said_under_its_field_until_it_is_fixed(
    qtbot: Any, window: MainWindow
) -> None:
    s = window.settings
    s.include.setFocus()
    qtbot.keyClicks(s.include, "/a/(")
    [said] = messages_about(s, "include is not a valid regular expression")
    under = s.include.mapTo(s, s.include.rect().bottomLeft())
    top = said.mapTo(s, said.rect().topLeft())
    assert 0 <= top.y() - under.y() <= 8  # right under the line edit, not at the panel's foot
    assert abs(top.x() - under.x()) <= 8
    assert not window.start_action.isEnabled()
    qtbot.keyClick(s.include, Qt.Key.Key_Backspace)  # "/a/": valid again
    assert messages_about(s, "include") == []
    assert window.start_action.isEnabled()


def test_file_dialogs_open_in_the_last_folder_and_suggest_a_name(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    dlg = window.dialogs.export_dialog(filtered=False)
    assert Path(dlg.selectedFiles()[0]).name == "127.0.0.1-pages.csv"
    folder = tmp_path / "exports"
    folder.mkdir()
    dlg.selectFile(str(folder / "all.csv"))
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()
    assert (folder / "all.csv").is_file()

    window.overview.findChild(QPushButton, "report-button").click()
    [report] = open_file_dialogs(window)
    assert Path(report.directory().absolutePath()) == folder
    assert Path(report.selectedFiles()[0]) == folder / "127.0.0.1-report.html"
    report.reject()

    window.overview.pick(0)  # a finding picked: its pages can be exported
    window.overview.export_button.click()
    [finding] = open_file_dialogs(window)
    key = window.overview.model.findings[0].key.replace("_", "-")
    assert Path(finding.selectedFiles()[0]) == folder / f"127.0.0.1-{key}.csv"
    finding.reject()

    dlg = window.dialogs.open_dialog()
    assert Path(dlg.directory().absolutePath()) == folder
    dlg.reject()


def test_an_export_that_cannot_be_written_is_said_in_plain_words(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    # It said "[Errno 2] No such file or directory: '/nonexistent_dir/.x.csv.squxtzeu.part'".
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    target = tmp_path / "no-such-folder" / "x.csv"
    assert window.export_csv(str(target), filtered=False) == -1
    said = window.notice.text()
    assert said == f"Export failed: cannot write {target}: No such file or directory", said
    assert not target.parent.exists()
