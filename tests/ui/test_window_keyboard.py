"""Issue #41.D: the window for someone who does not use a mouse, or does not see it: every
control has an accessible name, and the keyboard alone goes through the address bar, Start, the
settings, the tabs and the tables, and starts, cancels and exports a crawl."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from test_window_compare import open_compare
from windows import HELD, crawl_to_end

from gui_crawler.ui.accessible import controls
from gui_crawler.window import MainWindow


def focused() -> QWidget:
    w = QApplication.focusWidget()
    assert w is not None
    return w


def press(qtbot: Any, key: Qt.Key, modifiers: Any = Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed wherever the focus is, as a keyboard sends it."""
    qtbot.keyClick(focused(), key, modifiers)


def unnamed(root: QWidget) -> list[str]:
    """The controls under ``root`` a screen reader would have no name for."""
    out = []
    for w in controls(root):
        iface = QAccessible.queryAccessibleInterface(w)
        said = iface.text(QAccessible.Text.Name) if iface is not None else ""
        if not w.accessibleName() or not said:
            out.append(f"{type(w).__name__} {w.objectName()!r} {w.toolTip()[:40]!r}")
    return out


def test_every_control_has_an_accessible_name(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any
) -> None:
    assert len(list(controls(window))) > 50
    assert unnamed(window) == []
    live_site.fill_small(4)
    crawl_to_end(qtbot, window, live_site.url)
    # The offscreen platform warns that it cannot raise a dialog nor grab the keyboard for it.
    with qtlog.disabled():
        dialogs = [window.dialogs.list_dialog(), window.dialogs.recent_dialog()]
    for dialog in [*dialogs, open_compare(qtbot, qtlog, window)]:
        assert unnamed(dialog) == [], dialog.windowTitle()
        dialog.close()


def test_tab_goes_from_the_address_to_start_the_settings_the_tabs_and_the_table(
    qtbot: Any, window: MainWindow
) -> None:
    window.activateWindow()
    window.address.setFocus()
    qtbot.waitUntil(window.address.hasFocus, timeout=2000)
    window.address.setText("127.0.0.1:9/")  # Start enabled
    start = window.findChild(QWidget, "crawl-toolbar").widgetForAction(window.start_action)
    settings_tabs = window.settings.pages.tabBar()
    views = window.tabs.tabBar()
    table = window.pages_tab.table
    visited: list[QWidget] = []
    for _ in range(60):
        press(qtbot, Qt.Key.Key_Tab)
        visited.append(focused())
        if focused() is table:
            break
    order = [
        visited.index(w) for w in (start, settings_tabs, window.settings.workers, views, table)
    ]
    assert order == sorted(order), [w.accessibleName() for w in visited]
    assert visited[0] is start  # the next stop after the address
    # The settings' pages by the keyboard too: Ctrl+Tab on their tabs.
    settings_tabs.setFocus()
    press(qtbot, Qt.Key.Key_Right)
    assert window.settings.pages.currentIndex() == 1
    # And back: Shift+Tab from Start is the address again.
    start.setFocus()
    press(qtbot, Qt.Key.Key_Backtab)
    assert focused() is window.address


def test_a_crawl_started_cancelled_and_exported_by_keyboard_alone(
    qtbot: Any, qtlog: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    live_site.delay = 0.05
    live_site.hold(HELD)  # the crawl cannot end before its cancel
    window.settings.workers.setValue(2)
    window.activateWindow()
    window.pages_tab.table.setFocus()
    qtbot.waitUntil(window.pages_tab.table.hasFocus, timeout=2000)

    press(qtbot, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)  # Go to the address
    assert focused() is window.address
    qtbot.keyClicks(focused(), live_site.url)
    press(qtbot, Qt.Key.Key_Return)  # Start
    assert window.bridge.running
    qtbot.waitUntil(lambda: window.row_count >= 6, timeout=10_000)
    with qtbot.waitSignal(window.crawlFinished, timeout=5_000):
        press(qtbot, Qt.Key.Key_Escape)  # Cancel
    assert window.state_label.text().startswith("Cancelled")

    press(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # Export all
    [dlg] = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    qtbot.waitUntil(lambda: dlg.isAncestorOf(focused()), timeout=2000)  # typing goes there
    out = tmp_path / "by-keyboard.csv"
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    # The file name box completes what is typed in a popup list: the offscreen platform warns
    # that it can neither raise it nor grab the keyboard for it.
    with qtlog.disabled(), qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        qtbot.keyClicks(focused(), str(out))
        press(qtbot, Qt.Key.Key_Return)
    with out.open(encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == window.row_count and rows[0]["url"] == live_site.url
