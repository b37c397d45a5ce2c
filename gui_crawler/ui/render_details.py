"""The Details pane's section of a page the crawl rendered (--render): what rendering changed, as
sent against rendered, its JavaScript errors, its failed and refused requests, and where its
time went (the record's ``render`` JSON, records/rendering.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from gui_crawler.base.translate import ntranslate, translate
from gui_crawler.events import FetchRecord
from gui_crawler.records.rendering import detail
from gui_crawler.ui.plaintext import tip

SHOWN = 50  # URLs, errors or requests listed under a line; the rest counted
# The pane's context: its translators see these words beside its other ones.
PANE = "DetailsPane"


def _changed_labels() -> dict[str, str]:
    return {
        "title": translate(PANE, "Title"),
        "meta_description": translate(PANE, "Meta description"),
        "h1": translate(PANE, "H1"),
        "canonical": translate(PANE, "Canonical"),
        "robots": translate(PANE, "Robots"),
    }


def _phase_labels() -> dict[str, str]:
    return {
        "tab": translate(PANE, "waiting for a tab"),
        "load": translate(PANE, "loading"),
        "links": translate(PANE, "reading its links"),
        "settle": translate(PANE, "settling"),
        "dom": translate(PANE, "reading the DOM"),
        "parse": translate(PANE, "parsing it"),
    }


def _quoted(value: Any) -> str:
    return f"“{value}”" if value not in (None, "") else translate(PANE, "(none)")


def add_render_section(
    pane: QTreeWidget, rec: FetchRecord, listed: Callable[[QTreeWidgetItem, str], Any]
) -> QTreeWidgetItem | None:
    """A section "JavaScript" for a page the crawl rendered or tried to (none for another);
    ``listed`` adds a URL under a line as the pane lists URLs (its status, double-clickable)."""
    if not rec.render:
        return None
    said = detail(rec.render)
    sec = QTreeWidgetItem(pane, [translate(PANE, "JavaScript"), ""])
    font = sec.font(0)
    font.setBold(True)
    sec.setFont(0, font)
    sec.setFirstColumnSpanned(True)

    def line(label: str, value: str, parent: QTreeWidgetItem = sec) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [label, value])
        item.setToolTip(1, tip(value))
        return item

    line(
        translate(PANE, "Rendered"),
        translate(PANE, "yes: its rendered DOM is what the crawl read")
        if rec.rendered
        else translate(PANE, "no: the HTML as sent is kept"),
    )
    if said.get("note"):
        line(translate(PANE, "Rendering"), str(said["note"]))
    labels = _changed_labels()
    for name, pair in said.get("changed", {}).items():
        if isinstance(pair, list) and len(pair) == 2:
            before, after = pair
            line(
                labels.get(name, name),
                translate(PANE, "{0} as sent, {1} rendered").format(
                    _quoted(before), _quoted(after)
                ),
            )
    only = [u for u in said.get("only_rendered", ()) if isinstance(u, str)]
    if rec.rendered_links:
        item = line(translate(PANE, "Links only after JavaScript"), f"{rec.rendered_links:,}")
        for url in only[:SHOWN]:
            listed(item, url)
        _more(item, rec.rendered_links, SHOWN)
    errors = [str(e) for e in said.get("errors", ())]
    if rec.js_errors:
        item = line(translate(PANE, "JavaScript errors"), f"{rec.js_errors:,}")
        for text in errors[:SHOWN]:
            line("", text, item)
        _more(item, rec.js_errors, min(SHOWN, len(errors)))
    failed = [f for f in said.get("failed", ()) if isinstance(f, list) and len(f) == 3]
    if failed:
        item = line(translate(PANE, "Failed requests"), f"{len(failed):,}")
        for url, why, kind in failed[:SHOWN]:
            line(f"{why} · {kind}", str(url), item)
    requests = said.get("requests", {})
    if requests:
        line(
            translate(PANE, "Requests"), ", ".join(f"{host}: {n:,}" for host, n in requests.items())
        )
    refused = said.get("refused_count", 0)
    if refused:
        item = line(translate(PANE, "Refused"), f"{refused:,}")
        for what in [str(r) for r in said.get("refused", ())][:SHOWN]:
            line("", what, item)
    if n := said.get("not_loaded", 0):
        line(
            translate(PANE, "Not loaded"),
            ntranslate(PANE, "{n} image, media file or font", "{n} images, media files and fonts",
                       n).format(n=f"{n:,}"),
        )  # fmt: skip
    if said.get("tries", 1) > 1:
        line(
            translate(PANE, "Tries"),
            translate(PANE, "{0} (the browser went away)").format(said["tries"]),
        )
    ms = said.get("ms", {})
    if ms:
        names = _phase_labels()  # in the order the time went
        order = [*(k for k in names if k in ms), *(k for k in ms if k not in names)]
        line(
            translate(PANE, "Time"), " · ".join(f"{names.get(k, k)} {ms[k]:,.0f} ms" for k in order)
        )
    sec.setExpanded(True)
    return sec


def _more(item: QTreeWidgetItem, count: int, shown: int) -> None:
    if count > shown:
        QTreeWidgetItem(item, ["", translate(PANE, "… and {0:,} more").format(count - shown)])
