"""The recent-crawls list: each file's size, URL count and root URL; a name of the person's own
kept in the settings beside the file's path; an entry taken off the list; a file deleted only
after asking, and never while a crawl writes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox
from windows import PAGES, crawl_to_end, start

from gui_crawler.records.page_columns import human_size
from gui_crawler.ui.recent_dialog import (
    NAME,
    NOTES_KEY,
    ROOT,
    SIZE,
    URLS,
    RecentCrawlsDialog,
)
from gui_crawler.window import MainWindow


def rows(dlg: RecentCrawlsDialog) -> list[list[str]]:
    items = [dlg.list.topLevelItem(i) for i in range(dlg.list.topLevelItemCount())]
    return [[item.text(c) for c in range(dlg.list.columnCount())] for item in items]


def path_of(dlg: RecentCrawlsDialog, row: int) -> Path:
    return Path(dlg.list.topLevelItem(row).data(NAME, Qt.ItemDataRole.UserRole))


def sizes(folder: Path) -> list[int]:
    return sorted(p.stat().st_size for p in folder.iterdir())


def two_crawls(qtbot: Any, window: MainWindow, live_site: Any) -> RecentCrawlsDialog:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    crawl_to_end(qtbot, window, live_site.url + "a/")
    # The last checkpoint runs on a thread of its own after the crawl: its WAL shrinks then.
    folder, before = window.controller.crawls_folder(), []
    while (now := sizes(folder)) != before:
        before = now
        qtbot.wait(100)
    return window.dialogs.recent_dialog()


def test_each_crawl_shows_its_size_url_count_and_root(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    dlg = two_crawls(qtbot, window, live_site)
    got = {r[ROOT]: r for r in rows(dlg)}
    assert set(got) == {live_site.url, live_site.url + "a/"}
    assert got[live_site.url][URLS] == str(PAGES)
    for i in range(2):
        path = path_of(dlg, i)
        size = sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
        assert rows(dlg)[i][SIZE] == human_size(size) and size > 1000
    dlg.reject()


def test_a_crawl_is_named_and_keeps_its_name(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    dlg = two_crawls(qtbot, window, live_site)
    site = live_site.url.split("/")[2]
    assert [r[NAME] for r in rows(dlg)] == [site, site]  # told apart only by time, until named
    dlg.list.setCurrentItem(dlg.list.topLevelItem(1))
    named = path_of(dlg, 1)
    dlg.rename_button.click()
    editor = dlg.list.findChild(QLineEdit)
    assert editor is not None and editor.isVisible()
    editor.selectAll()
    qtbot.keyClicks(editor, "  Before the  redesign ")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits it in a queued call
    qtbot.waitUntil(lambda: dlg.list.state() != dlg.list.State.EditingState, timeout=2000)
    assert rows(dlg)[1][NAME] == "Before the redesign"
    notes = json.loads(QSettings().value(NOTES_KEY))
    assert notes == {str(named): {"name": "Before the redesign"}}  # beside the file's path
    dlg.reject()
    dlg = window.dialogs.recent_dialog()
    again = {str(path_of(dlg, i)): r[NAME] for i, r in enumerate(rows(dlg))}
    assert again[str(named)] == "Before the redesign"
    # An empty name gives the site back, and nothing is kept about the file.
    i = next(i for i in range(2) if path_of(dlg, i) == named)
    dlg.set_name(dlg.list.topLevelItem(i), "")
    assert rows(dlg)[i][NAME] == site
    assert json.loads(QSettings().value(NOTES_KEY)) == {}
    dlg.reject()


def test_remove_takes_a_crawl_off_the_list_and_keeps_its_file(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    dlg = two_crawls(qtbot, window, live_site)
    dlg.list.setCurrentItem(dlg.list.topLevelItem(0))
    gone = path_of(dlg, 0)
    dlg.remove_button.click()
    assert len(rows(dlg)) == 1 and path_of(dlg, 0) != gone
    assert gone.is_file() and gone.name in dlg.message.text()
    dlg.reject()
    dlg = window.dialogs.recent_dialog()
    assert [path_of(dlg, i) for i in range(len(rows(dlg)))] == [
        p for p in window.controller.crawls_folder().glob("*.sqlite3") if p != gone
    ]
    dlg.reject()


def answer(qtbot: Any, dlg: RecentCrawlsDialog, button: QMessageBox.StandardButton) -> None:
    box = dlg.confirm
    assert box is not None
    qtbot.waitUntil(box.isVisible, timeout=2000)
    qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


def test_delete_asks_first_then_deletes_the_file(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    dlg = two_crawls(qtbot, window, live_site)
    dlg.list.setCurrentItem(dlg.list.topLevelItem(1))
    path = path_of(dlg, 1)
    dlg.delete_button.click()
    assert dlg.confirm is not None and path.name in dlg.confirm.text()
    answer(qtbot, dlg, QMessageBox.StandardButton.No)
    assert path.is_file() and len(rows(dlg)) == 2
    dlg.set_name(dlg.list.topLevelItem(1), "old")
    dlg.delete_button.click()
    answer(qtbot, dlg, QMessageBox.StandardButton.Yes)
    assert not path.exists() and not Path(f"{path}-wal").exists()
    assert not Path(f"{path}-shm").exists()
    assert len(rows(dlg)) == 1 and path_of(dlg, 0) != path
    assert json.loads(QSettings().value(NOTES_KEY)) == {}  # nothing kept about a deleted file
    dlg.reject()


def test_a_file_a_crawl_writes_is_not_deleted(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small()
    live_site.delay = 0.2
    start(qtbot, window, live_site.url)
    dlg = window.dialogs.recent_dialog()
    path = path_of(dlg, 0)
    dlg.delete_button.click()
    answer(qtbot, dlg, QMessageBox.StandardButton.Yes)
    assert path.is_file() and "in use" in dlg.message.text()
    dlg.reject()
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        window.cancel()


def test_damaged_names_in_the_settings_are_said_and_dropped(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    QSettings().setValue(NOTES_KEY, "{not json")
    dlg = two_crawls(qtbot, window, live_site)
    assert dlg.message.isVisible() and "was not JSON" in dlg.message.text()
    assert len(rows(dlg)) == 2
    assert QSettings().value(NOTES_KEY) == "{}"
    dlg.reject()
