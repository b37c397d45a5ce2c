"""Page text is shown as text everywhere in the window: never as HTML in a tooltip or a label.

Qt renders a string as HTML when Qt::mightBeRichText says so (tooltips, and QLabels left at
AutoText): a title ``<img width=30000 height=30000 src=x>`` then lays out a 30000-pixel image,
``<b style=font-size:60px>BIG</b>`` a poster. ``shown()`` renders a string as Qt would.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QToolTip,
    QTreeWidgetItem,
    QTreeWidgetItemIterator,
)

from gui_crawler.crawl.phases import PHASES
from gui_crawler.events import FetchRecord
from gui_crawler.models import PagesModel
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS
from gui_crawler.records.verdicts import Verdict, verdict
from gui_crawler.ui.link_models import BrokenLinksModel, LinkIndex, RedirectsModel
from gui_crawler.ui.plaintext import label, tip
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.timeline import tooltip
from gui_crawler.ui.timeline_model import Bar
from gui_crawler.ui.tree_model import SiteTreeModel

BIG = "<b style=font-size:60px>BIG</b>"
IMG = "<img width=30000 height=30000 src=x>"
HOSTILE = (
    BIG,
    IMG,
    f"  {BIG}\n{IMG}  ",  # leading blanks, a second line
    "&lt;b&gt;not bold&lt;/b&gt;",  # Qt takes "&lt;" for HTML too
    "<!doctype html><h1>H</h1>",
    "Tom & Jerry <3",
)
TIP = Qt.ItemDataRole.ToolTipRole


def shown(text: str) -> str:
    """The text a person sees when Qt shows ``text`` in a tooltip or an AutoText label."""
    if not GuiQt.mightBeRichText(text):
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def assert_literal(text: str) -> None:
    """Whatever ``text`` holds of the hostile strings is shown as written: no image laid out,
    no markup taken as markup."""
    seen = shown(text)
    assert "\ufffc" not in seen, f"an image is laid out: {text!r}"  # an <img>'s placeholder
    if "BIG" in seen:
        assert "font-size:60px>BIG" in seen, f"markup taken as markup: {text!r} shows as {seen!r}"
    if "not bold" in seen:
        assert "&lt;b&gt;" in seen, f"entities decoded: {text!r} shows as {seen!r}"


def test_tip_shows_any_text_exactly(qapp: Any) -> None:
    for text in HOSTILE:
        assert shown(tip(text)) == text
        assert_literal(tip(text))
    # As they came, all but the last are taken for HTML, and the check fails on them.
    assert [shown(text) == text for text in HOSTILE] == [False] * 5 + [True]
    for text in (BIG, IMG, HOSTILE[3]):
        with pytest.raises(AssertionError):
            assert_literal(text)
    assert tip("plain text, no markup") == "plain text, no markup"
    assert tip(None) == ""
    # A tooltip is a QLabel at AutoText: escaped, the image is text a few hundred pixels wide;
    # as it came, a 30000-pixel image.
    assert QLabel(tip(IMG)).sizeHint().width() < 1000
    assert QLabel(IMG).sizeHint().width() >= 30000
    # QToolTip wraps rich text: a short line stays one line, a long one wraps (never cut).
    line = QLabel().fontMetrics().lineSpacing()
    short = QLabel(tip(BIG))
    short.setWordWrap(True)
    assert short.sizeHint().height() < 2 * line
    long = QLabel(tip(" ".join([BIG] * 20)))
    long.setWordWrap(True)
    assert long.sizeHint().width() < 1000 and long.sizeHint().height() > 2 * line
    assert label(IMG).textFormat() == Qt.TextFormat.PlainText
    assert label(IMG).sizeHint().width() < 1000


def hostile_records() -> list[FetchRecord]:
    """Pages whose every text field holds markup, a redirect and a broken link among them."""
    root = "http://h.test/"
    odd = f"http://h.test/{BIG}"  # a URL as an opened crawl file may hold it
    page = FetchRecord(
        root,
        status=200,
        content_type=f"text/html{IMG}",
        encoding=BIG,
        title=BIG,
        meta_description=IMG,
        h1=f"{BIG}\n{IMG}",
        canonical=odd,
        robots=BIG,
        lang=IMG,
        links=(odd, "http://h.test/gone", "http://h.test/moved"),
        num_urls=3,
    )
    return [
        page,
        FetchRecord(odd, status=200, referrer=root, title=IMG, note=BIG),
        FetchRecord(
            "http://h.test/gone",
            status=None,
            exception=f"ClientError: {BIG}",
            error_kind="ClientError",
            referrer=root,
        ),
        FetchRecord(
            "http://h.test/moved", status=302, next_url=odd, note=IMG, referrer=root, tries=1
        ),
    ]


def indexes(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[QModelIndex]:
    parent = parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        for col in range(model.columnCount(parent)):
            idx = model.index(row, col, parent)
            yield idx
            if col == 0:
                yield from indexes(model, idx)


def test_every_model_gives_literal_tooltips(qtmodeltester: Any) -> None:
    records = hostile_records()
    assert any(verdict(r) is Verdict.BROKEN for r in records)
    pages = PagesModel()
    pages.add_records(records)
    links = LinkIndex()
    links.add(records)
    redirects = RedirectsModel(links)
    redirects.add_records(records)
    broken = BrokenLinksModel(links)
    broken.add_records(records, set())
    tree = SiteTreeModel()
    tree.add_records(records)
    hostile_tips = 0
    for model in (pages, redirects, broken, tree):
        qtmodeltester.check(model)
        for idx in indexes(model):
            t = idx.data(TIP)
            if t is None:
                continue
            assert_literal(t)
            # Each tooltip shows exactly its cell (the tree's: the URL the node stands for).
            whole = idx.data(Roles.Url if model is tree else Qt.ItemDataRole.DisplayRole)
            assert shown(t) == str(whole)
            hostile_tips += BIG in shown(t) or IMG in shown(t)
    assert hostile_tips >= 15  # the hostile text did reach the tooltips
    title = pages.index(0, COLUMN_INDEX["title"])
    assert shown(title.data(TIP)) == BIG
    # Fixed texts are not HTML either: "The page's <title>" keeps its <title>.
    for section, c in enumerate(PAGE_COLUMNS):
        assert shown(pages.headerData(section, Qt.Orientation.Horizontal, TIP)) == c.tip


def test_timeline_tooltip_is_literal(qapp: Any) -> None:
    bar = Bar(0, 0.0, 1.0, (0.0,) * len(PHASES), f"http://h.test/{BIG}", None, IMG, 1, 0)
    t = tooltip(bar)
    assert_literal(t)
    assert shown(t).startswith(f"http://h.test/{BIG}\nstatus {IMG} ·")


def details_items(window: Any) -> Iterator[QTreeWidgetItem]:
    it = QTreeWidgetItemIterator(window.details)
    while it.value() is not None:
        yield it.value()
        it += 1


def serve_hostile(live_site: Any) -> None:
    esc = html.escape
    body = (
        f"<html><head><title>{BIG}</title>"
        f'<meta name="description" content="{esc(IMG)}"></head>'
        f"<body><h1>{esc(IMG)}</h1><p>{esc(BIG)}</p>"
        '<a href="/b">b</a> <a href="/missing">gone</a></body></html>'
    )
    live_site.pages["/"] = (200, body, {"Content-Type": "text/html; charset=utf-8"}, 0)
    live_site.pages["/b"] = (
        200,
        f"<html><head><title>{esc(IMG)}</title></head><body><h1>{esc(BIG)}</h1></body></html>",
        {"Content-Type": "text/html; charset=utf-8"},
        0,
    )


def hover(view: QAbstractItemView, pos: Any) -> None:
    """What hovering does: a ToolTip help event on the viewport."""
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)


def tip_label() -> QLabel:
    found = [w for w in QApplication.topLevelWidgets() if w.objectName() == "qtooltip_label"]
    assert found and isinstance(found[0], QLabel)
    return found[0]


@pytest.mark.qt_log_ignore("This plugin does not support")  # raise(): QToolTip, offscreen
def test_a_hostile_page_shows_as_text_in_the_window(
    qtbot: Any, window: Any, live_site: Any
) -> None:
    serve_hostile(live_site)
    window.url = live_site.url
    window.settings.politeness.check_external.setChecked(False)
    assert window.start(), window.problem
    qtbot.waitUntil(lambda: not window.bridge.running, timeout=10_000)
    rec = window.results.links.records[live_site.url]
    assert (rec.title, rec.meta_description, rec.h1) == (BIG, IMG, IMG)

    # Details: the page's fields, each tooltip exactly the field.
    window.select_url(live_site.url)
    rows = {item.text(0): item for item in details_items(window)}
    assert rows["Title"].text(1) == BIG and rows["H1"].text(1) == IMG
    assert rows["Meta description"].text(1) == IMG
    for item in details_items(window):
        for col in (0, 1):
            if item.toolTip(col):
                assert_literal(item.toolTip(col))
                assert shown(item.toolTip(col)) == item.text(col)
    # Hovering the title shows a tooltip the size of its text.
    details = window.details
    pos = details.visualItemRect(rows["H1"]).center()
    pos.setX(details.header().sectionPosition(1) + 20)
    hover(details, pos)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert shown(QToolTip.text()) == IMG
    assert tip_label().sizeHint().width() < 1000 and tip_label().sizeHint().height() < 200
    QToolTip.hideText()

    # Every item view of the window: every tooltip literal, and the page's text among them.
    reached = 0
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is None:
            continue
        for idx in indexes(model):
            t = idx.data(TIP)
            if t:
                assert_literal(t)
                reached += BIG in shown(t) or IMG in shown(t)
    assert reached >= 2  # the title column of both pages at least

    # Labels and dialogs: text from pages, files and exceptions, never taken as HTML.
    window.status.notify(f"Export failed: {IMG}", error=True)
    window.say(f"Opened {BIG}")
    assert not window.open_crawl(f"/nonexistent/{IMG}.sqlite3")
    window.status.internal_error(f"ValueError: {IMG}")
    window.overview.message.setText(BIG)
    window.settings.exclude.setText(f"({BIG}")  # an invalid regex, quoted by the message
    for lab in window.findChildren(QLabel):
        if lab.objectName() == "qtooltip_label":  # QToolTip's: its text is escaped
            assert_literal(lab.text())
        elif GuiQt.mightBeRichText(lab.text()):
            assert lab.textFormat() == Qt.TextFormat.PlainText, (lab.objectName(), lab.text())
    assert window.address_error.isVisible() and IMG in window.problem
    error = window.settings.error_label(window.settings.exclude)
    assert error.isVisible() and error.textFormat() == Qt.TextFormat.PlainText
    assert window.status.error_box.textFormat() == Qt.TextFormat.PlainText
    assert (
        shown(window.notice.toolTip()) == f"Internal error: ValueError: {IMG} (details in the log)"
    )
    assert shown(window.state_label.toolTip()) == f"Opened {BIG}"
    window.status.error_box.close()
