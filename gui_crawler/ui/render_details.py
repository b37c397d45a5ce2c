"""The Details pane's section of a page the crawl rendered (--render): what rendering changed, as
sent against rendered, its JavaScript errors, its failed and refused requests, and where its
time went (the record's ``render`` JSON, records/rendering.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from gui_crawler.events import FetchRecord
from gui_crawler.records.rendering import detail
from gui_crawler.ui.plaintext import tip

SHOWN = 50  # URLs, errors or requests listed under a line; the rest counted


def tr(text: str) -> str:
    # The pane's context: its translators see these beside its other words.
    return QCoreApplication.translate("DetailsPane", text)


def _changed_labels() -> dict[str, str]:
    return {
        "title": tr("Title"),
        "meta_description": tr("Meta description"),
        "h1": tr("H1"),
        "canonical": tr("Canonical"),
        "robots": tr("Robots"),
    }


def _phase_labels() -> dict[str, str]:
    return {
        "tab": tr("waiting for a tab"),
        "load": tr("loading"),
        "links": tr("reading its links"),
        "settle": tr("settling"),
        "dom": tr("reading the DOM"),
        "parse": tr("parsing it"),
    }


def _quoted(value: Any) -> str:
    return f"“{value}”" if value not in (None, "") else tr("(none)")


def add_render_section(
    pane: QTreeWidget, rec: FetchRecord, listed: Callable[[QTreeWidgetItem, str], Any]
) -> QTreeWidgetItem | None:
    """A section "JavaScript" for a page the crawl rendered or tried to (none for another);
    ``listed`` adds a URL under a line as the pane lists URLs (its status, double-clickable)."""
    if not rec.render:
        return None
    said = detail(rec.render)
    sec = QTreeWidgetItem(pane, [tr("JavaScript"), ""])
    font = sec.font(0)
    font.setBold(True)
    sec.setFont(0, font)
    sec.setFirstColumnSpanned(True)

    def line(label: str, value: str, parent: QTreeWidgetItem = sec) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [label, value])
        item.setToolTip(1, tip(value))
        return item

    line(
        tr("Rendered"),
        tr("yes: its rendered DOM is what the crawl read")
        if rec.rendered
        else tr("no: the HTML as sent is kept"),
    )
    if said.get("note"):
        line(tr("Rendering"), str(said["note"]))
    labels = _changed_labels()
    for name, pair in said.get("changed", {}).items():
        if isinstance(pair, list) and len(pair) == 2:
            before, after = pair
            line(
                labels.get(name, name),
                tr("{0} as sent, {1} rendered").format(_quoted(before), _quoted(after)),
            )
    only = [u for u in said.get("only_rendered", ()) if isinstance(u, str)]
    if rec.rendered_links:
        item = line(tr("Links only after JavaScript"), f"{rec.rendered_links:,}")
        for url in only[:SHOWN]:
            listed(item, url)
        _more(item, rec.rendered_links, SHOWN)
    errors = [str(e) for e in said.get("errors", ())]
    if rec.js_errors:
        item = line(tr("JavaScript errors"), f"{rec.js_errors:,}")
        for text in errors[:SHOWN]:
            line("", text, item)
        _more(item, rec.js_errors, min(SHOWN, len(errors)))
    failed = [f for f in said.get("failed", ()) if isinstance(f, list) and len(f) == 3]
    if failed:
        item = line(tr("Failed requests"), f"{len(failed):,}")
        for url, why, kind in failed[:SHOWN]:
            line(f"{why} · {kind}", str(url), item)
    requests = said.get("requests", {})
    if requests:
        line(tr("Requests"), ", ".join(f"{host}: {n:,}" for host, n in requests.items()))
    refused = said.get("refused_count", 0)
    if refused:
        item = line(tr("Refused"), f"{refused:,}")
        for what in [str(r) for r in said.get("refused", ())][:SHOWN]:
            line("", what, item)
    if said.get("not_loaded"):
        line(tr("Not loaded"), tr("{0:,} images, media and fonts").format(said["not_loaded"]))
    if said.get("tries", 1) > 1:
        line(tr("Tries"), tr("{0} (the browser went away)").format(said["tries"]))
    ms = said.get("ms", {})
    if ms:
        names = _phase_labels()  # in the order the time went
        order = [*(k for k in names if k in ms), *(k for k in ms if k not in names)]
        line(tr("Time"), " · ".join(f"{names.get(k, k)} {ms[k]:,.0f} ms" for k in order))
    sec.setExpanded(True)
    return sec


def _more(item: QTreeWidgetItem, count: int, shown: int) -> None:
    if count > shown:
        QTreeWidgetItem(item, ["", tr("… and {0:,} more").format(count - shown)])
