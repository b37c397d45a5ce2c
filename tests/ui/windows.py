"""What the window tests share: starting a crawl and waiting for its end, saving in a file
dialog, clicking a header, records of a made-up site."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QTreeWidgetItem

from gui_crawler.events import FetchRecord
from gui_crawler.ui.tree_model import SiteTreeModel
from gui_crawler.window import MainWindow

PAGES = 29  # URLs LiveSite.fill_small(20) leads to (see conftest)
# A page of fill_small: held (LiveSite.hold), it keeps a crawl to be cancelled from ending first
# however slow or loaded the machine. One the root links to, so requested among a crawl's first
# (the sixth of the first ten), and linking nowhere, so the crawl finds as much as before.
HELD = "/broken"
H = "http://h.test"


def start(qtbot: Any, w: MainWindow, url: str) -> None:
    w.url = url
    assert w.start(), w.problem


def start_slow_crawl(
    qtbot: Any, w: MainWindow, live_site: Any, begin: Callable[..., None] = start
) -> None:
    """Start a crawl of the small site (PAGES URLs) with two workers and every answer 50 ms
    late, one held until the test ends (a crawl continued gets it at once), and wait for its
    sixth row: a crawl to cancel with URLs in flight. ``begin(qtbot, w, url)`` starts it
    (``start``, or typing the URL as a person does)."""
    live_site.fill_small()
    live_site.delay = 0.05
    live_site.hold(HELD)
    w.settings.workers.setValue(2)
    begin(qtbot, w, live_site.url)
    qtbot.waitUntil(lambda: w.results.pages.rowCount() >= 6, timeout=10_000)


def crawl_to_end(qtbot: Any, w: MainWindow, url: str) -> None:
    with qtbot.waitSignal(w.crawlFinished, timeout=15_000):
        start(qtbot, w, url)


def show_tree(qtbot: Any, w: MainWindow) -> SiteTreeModel:
    """The Site tree tab shown, once it has placed every URL and record taken while hidden."""
    w.show_tab(w.tree_view)
    qtbot.waitUntil(lambda: not w.results.tree.deferred, timeout=10_000)
    return w.results.tree


def save_as(qtbot: Any, w: MainWindow, path: Path) -> None:
    """In the file dialog ``w`` shows, choose ``path`` and accept it."""
    [dlg] = [d for d in w.findChildren(QFileDialog) if d.isVisible()]
    dlg.selectFile(str(path))
    with qtbot.waitSignal(dlg.fileSelected, timeout=2000):
        dlg.accept()


def click_header(qtbot: Any, view: Any, section: int) -> None:
    header = view.horizontalHeader()
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def page(path: str, **kw: Any) -> FetchRecord:
    kw.setdefault("status", 200)
    kw.setdefault("content_type", "text/html")
    return FetchRecord(url=H + path, **kw)


def section(window: MainWindow, title: str) -> QTreeWidgetItem:
    """The Details pane's section whose title begins with ``title``."""
    for i in range(window.details.topLevelItemCount()):
        item = window.details.topLevelItem(i)
        if item is not None and item.text(0).startswith(title):
            return item
    raise AssertionError(f"no section {title}")
