"""The window's status bar: the crawl's state in words, the last notice (how an action went, a
warning), and the counts of the crawl shown, each what a view holds. It shows what the crawl
controller (ui.controller) says and counts; it changes nothing itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QSizePolicy

from gui_crawler.base.translate import VERDICTS, noop, translate
from gui_crawler.events import Progress
from gui_crawler.records.verdicts import CUT_SHORT, Verdict, count_label
from gui_crawler.records.wording import average_rate, duration, progress_text
from gui_crawler.ui.controller import CrawlController
from gui_crawler.ui.plaintext import tip as plain_tip
from gui_crawler.ui.settings_panel import ERROR_STYLE
from gui_crawler.ui.views import CounterLabel


def clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class ElidedLabel(QLabel):
    """A one-line label that shrinks with its space and cuts its text at the end with "…";
    ``text()`` gives the whole text (a plain QLabel would clip it mid-letter, without a mark),
    and a click (or Enter once it has the focus) asks for it to be shown whole (``opened``).
    Plain text: what it shows can come from a page or a file.

    Signals:
        opened(): clicked, or Enter or Space pressed on it.
    """

    opened = Signal()

    def __init__(self, text: str = "", parent: Any = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._full = ""
        self.more = ""  # what the whole message adds to the text (the tooltip's other lines)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setText(text)

    def text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:
        self._full = text
        self.setAccessibleDescription(text)  # read whole by a screen reader, cut or not
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._full:
            self.opened.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self._full:
            self.opened.emit()
            return
        super().keyPressEvent(event)

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        cut = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(cut)


BAR = "CrawlStatusBar"  # the context of the status bar's words
# What each number of the status bar counts (its tooltip; said in the window's language).
STATUS_TIPS = {
    "urls": noop(
        BAR,
        "URLs recorded: the rows of the Pages table (URLs {cut_short} by a Cancel among them, "
        "listed as {cancelled}: the crawl file keeps those to fetch again)",
    ),
    "queued": noop(
        BAR,
        "URLs taken in and not fetched yet: while a crawl runs, its queue; between crawls, what "
        "Continue crawl would fetch",
    ),
    "progress": noop(
        BAR,
        "URLs recorded out of those known so far (recorded, queued or in flight): more are found "
        "as pages are read, so the share and the time left are estimates",
    ),
    "redirects": noop(BAR, "URLs that answered with a redirect: the rows of the Redirects tab"),
    "broken": noop(
        BAR,
        "Broken URLs: an error answer (404, 500…) or no connection (refused, unknown host, "
        "reset), not those blocked or timed out: the rows of the Broken links tab",
    ),
    "rate": noop(
        BAR,
        "Pages recorded per second over the last second; after a crawl, its average (a crawl "
        "over within a second: how many pages in how long)",
    ),
    "elapsed": noop(BAR, "Time since the crawl started; after a crawl, how long it took"),
}


def status_tip(key: str) -> str:
    """The tooltip of the status bar's number ``key``, in the window's language."""
    if key not in STATUS_TIPS:
        return ""
    return translate(BAR, STATUS_TIPS[key]).format(
        cut_short=translate(VERDICTS, CUT_SHORT), cancelled=translate(VERDICTS, Verdict.CANCELLED)
    )


STATS = ("urls", "queued", "progress", "workers", "redirects", "broken", "rate", "elapsed")


class CrawlStatusBar:
    """The labels of ``window``'s status bar, showing what ``controller`` says and counts:
    ``state_label``, ``notice`` and ``stat_labels`` by key (STATS)."""

    def __init__(self, window: QMainWindow, controller: CrawlController) -> None:
        self.window = window
        self.controller = c = controller
        self.error_box: QMessageBox | None = None
        # What was wrong with the stored settings: said until a crawl has ended.
        self.settings_notice: str | None = None
        self._crawl_notice: str | None = None  # the last Notice of a crawl said (workers capped)
        sb = window.statusBar()
        # Permanent widgets only: a hover tip's temporary message cannot hide them.
        self.state_label = ElidedLabel(translate(BAR, "Ready"))
        self.state_label.setObjectName("state")
        self.state_label.setAccessibleName(translate(BAR, "Crawl state"))
        self.state_label.setMinimumWidth(120)
        sb.addPermanentWidget(self.state_label, 1)
        # The outcome of the last action or a warning about the crawl: stays until the next one.
        self.notice = ElidedLabel()
        self.notice.setObjectName("notice")
        self.notice.setAccessibleName(translate(BAR, "Last message"))
        sb.addPermanentWidget(self.notice, 2)
        self.notice.hide()  # an empty notice would still take its share of the bar
        self.message_box: QMessageBox | None = None  # a message shown whole (kept: Qt holds it)
        for elided in (self.state_label, self.notice):
            elided.opened.connect(lambda e=elided: self.show_whole(e))
        self.stat_labels: dict[str, QLabel] = {}
        for key in STATS:
            lab = CounterLabel()
            lab.setObjectName(f"stat-{key}")
            lab.setToolTip(status_tip(key))  # Busy's says the workers' count
            lab.setContentsMargins(6, 0, 6, 0)
            sb.addPermanentWidget(lab)
            self.stat_labels[key] = lab
        self.show_stats(None)
        c.stateChanged.connect(self.set_state)
        c.noticed.connect(self.notify)
        c.crawlNotice.connect(self.crawl_notice)
        c.statsChanged.connect(self.show_stats)
        c.finished.connect(self._crawl_ended)

    def set_state(self, text: str, tip: str = "") -> None:
        self.state_label.setText(text)  # cut to fit: the tooltip and a click show all of it
        self.state_label.more = tip
        self.state_label.setToolTip(plain_tip(f"{text}\n{tip}" if tip else text))

    def show_whole(self, lab: ElidedLabel) -> QMessageBox:
        """A status message shown whole, in a box of its own (non-modal, its text selectable):
        the bar cuts a long one short."""
        if self.message_box is not None:
            self.message_box.close()
        text = f"{lab.text()}\n\n{lab.more}" if lab.more else lab.text()
        box = QMessageBox(QMessageBox.Icon.Information, "gui-crawler", text,
                          QMessageBox.StandardButton.Close, self.window)  # fmt: skip
        box.setObjectName("status-message")
        box.setTextFormat(Qt.TextFormat.PlainText)  # a message can quote a page or a file
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _r: setattr(self, "message_box", None))
        self.message_box = box
        box.open()
        return box

    def notify(self, text: str | None, error: bool = False) -> None:
        """Say how an action went, or warn about the crawl, until the next notice or crawl.
        Bad stored settings are said until a first crawl has ended: clearing shows them again."""
        if text is None and self.settings_notice is not None:
            text, error = self.settings_notice, True
        self.notice.setText(text or "")
        self.notice.setToolTip(plain_tip(text))
        self.notice.setStyleSheet(ERROR_STYLE if error else "")
        self.notice.setVisible(bool(text))

    def settings_problems(self, problems: list[str]) -> None:
        """What was wrong with the stored settings, said until a crawl has ended."""
        if problems:
            self.settings_notice = translate(BAR, "Settings: {problems}").format(
                problems="; ".join(problems)
            )
            self.notify(self.settings_notice, error=True)

    def _crawl_ended(self, _finished: object) -> None:
        self.settings_notice = None  # shown until now; the next notice replaces it

    def crawl_notice(self, text: str | None) -> None:
        """The crawl's own notice (a capped worker count); None: it no longer holds, and goes
        if it is the one shown."""
        if text is not None:
            self._crawl_notice = text
            self.notify(text)
        elif self._crawl_notice is not None and self.notice.text() == self._crawl_notice:
            self.notify(None)

    def internal_error(self, msg: str) -> None:
        """An unexpected exception (a bug): said, non-modally; the crawl and rows carry on."""
        text = translate(BAR, "Internal error: {error} (details in the log)").format(error=msg)
        self.window.statusBar().showMessage(text, 30_000)
        self.notify(text, error=True)
        if self.error_box is None:
            box = QMessageBox(QMessageBox.Icon.Warning,
                              translate(BAR, "gui-crawler: internal error"), text,
                              QMessageBox.StandardButton.Ok, self.window)  # fmt: skip
            box.setTextFormat(Qt.TextFormat.PlainText)  # an exception's text can quote a page
            box.setModal(False)
            box.finished.connect(lambda _r: setattr(self, "error_box", None))
            self.error_box = box
            box.open()
        else:
            self.error_box.setText(text)

    def show_workers(self, busy: int | None = None) -> None:
        """``Busy 4/30 workers``: the count the crawl runs with (capped by the open-file limit,
        as the crawl would cap it before one runs), and Per host when it is the lower: on a
        one-site crawl no more workers than that are ever busy. ``busy`` None: the crawl's
        latest count (0 between crawls)."""
        if busy is None:
            p = self.controller.bridge.last_progress
            busy = p.busy if p is not None and self.controller.bridge.running else 0
        n, per_host = self.controller.workers_shown()
        text = translate(BAR, "Busy {busy}/{n} workers").format(busy=busy, n=f"{n:,}")
        tip = translate(BAR, "Workers busy fetching or parsing / workers the crawl runs with")
        if 0 < per_host < n:
            text += translate(BAR, " (at most {n} per host)").format(n=per_host)
            tip = translate(
                BAR,
                "Per host ({n}) lets at most {n} requests be in flight to one host: a crawl of "
                "one site keeps at most {n} workers busy (raise Per host in the settings for more)",
            ).format(n=per_host)
        label = self.stat_labels["workers"]
        label.setText(text)
        if label.toolTip() != tip:
            label.setToolTip(tip)

    def show_stats(self, p: Progress | None) -> None:
        """Each number counts what a view holds: URLs = the pages table's rows, Redirects = the
        Redirects tab's, Broken = the Broken links tab's."""
        lab = self.stat_labels
        c = self.controller
        r, running = c.results, c.bridge.running
        rate = c.rate()
        if not running:
            p = p if p is not None and p is c.bridge.last_progress else None
        lab["urls"].setText(translate(BAR, "URLs {n}").format(n=f"{r.pages.rowCount():,}"))
        # Between crawls: what Continue would fetch, the number the state text gives.
        queued = p.queued if p and running else c.left
        lab["queued"].setText(translate(BAR, "Queued {n}").format(n=f"{queued:,}"))
        self.show_workers(p.busy if p and running else 0)
        rows = r.pages.rowCount()
        if p is not None and running:
            lab["progress"].setText(
                progress_text(rows, rows + p.queued + p.in_flight, rate, p.elapsed)
            )
        else:
            lab["progress"].setText("")
        lab["redirects"].setText(
            translate(BAR, "Redirects {n}").format(n=f"{r.redirects.rowCount():,}")
        )
        broken = r.broken.rowCount()  # the records verdicts.is_broken says are broken
        lab["broken"].setText(count_label(Verdict.BROKEN, broken))
        style = ERROR_STYLE if broken else ""
        if lab["broken"].styleSheet() != style:  # setting it, even unchanged, restyles the label
            lab["broken"].setStyleSheet(style)
        if running:
            lab["rate"].setText(translate(BAR, "{rate} pages/s").format(rate=f"{rate:.1f}"))
            lab["elapsed"].setText(clock(p.elapsed if p else 0.0))
            return
        # After a crawl: its own average and time, however short; a crawl opened from its file
        # or re-checked: its rows over its running time, from its records (the timeline's). The
        # rate of the last second says nothing once the crawl is over.
        done, took = (p.done, p.elapsed) if p is not None else (rows, c.opened_for())
        average = average_rate(done, took)
        lab["rate"].setText(average or translate(BAR, "{rate} pages/s").format(rate=f"{rate:.1f}"))
        lab["elapsed"].setText(duration(took) if average else clock(0.0))
