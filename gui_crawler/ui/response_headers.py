"""The Details pane's section of a record's response headers (kept by crawl/headers.py)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from gui_crawler.base.translate import noop
from gui_crawler.crawl.headers import parsed
from gui_crawler.events import FetchRecord
from gui_crawler.ui.plaintext import tip

TITLE = noop("DetailsPane", "Response headers")


def add_headers_section(pane: QTreeWidget, rec: FetchRecord) -> QTreeWidgetItem | None:
    """A folded section "Response headers (n)" with a row per header (none when the URL got no
    answer, or comes from a crawl file made before headers were kept). Values are a server's
    text: shown as text, tooltips too."""
    pairs = parsed(rec.headers)
    if not pairs:
        return None
    kept = sum(1 for name, _ in pairs if name)
    title = QCoreApplication.translate("DetailsPane", TITLE)
    sec = QTreeWidgetItem(pane, [f"{title} ({kept:,})", ""])
    font = sec.font(0)
    font.setBold(True)
    sec.setFont(0, font)
    sec.setFirstColumnSpanned(True)
    for name, value in pairs:
        item = QTreeWidgetItem(sec, [name, value])
        item.setToolTip(1, tip(value))
    return sec
