"""The Overview tab: every audit finding with its count, filling live as records arrive.

Picking a finding asks the Pages view to show exactly its URLs; each finding exports to a CSV of
its pages, every finding to a CSV of (finding, URL, source, detail) rows, the broken links to a
CSV of (source, target) rows, the whole to an HTML report.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QBrush, QColor, QShowEvent
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import EXPLANATIONS, HEADERS, noop, translate
from gui_crawler.config import DEFAULT_USER_AGENT
from gui_crawler.events import FetchRecord
from gui_crawler.records.anchors import Find, PagesWords, no_words
from gui_crawler.records.audit import Audit
from gui_crawler.records.auditfiles import (
    write_broken_links_csv,
    write_finding_csv,
    write_findings_csv,
)
from gui_crawler.records.evidence import finding_rows
from gui_crawler.records.findings import FINDINGS, Count, Finding, Thresholds
from gui_crawler.records.report import broken_with_anchors, write_report
from gui_crawler.ui.file_dialogs import file_dialog
from gui_crawler.ui.i18n import finding_label
from gui_crawler.ui.plaintext import label, tip
from gui_crawler.ui.roles import RIGHT, AnyIndex, LabelledTable, Roles
from gui_crawler.ui.stored import StoredSettings, number, whole
from gui_crawler.ui.views import make_table

COLUMNS = (noop(HEADERS, "Finding"), noop(HEADERS, "Pages"))
OVERVIEW = "OverviewTab"  # the context of the Overview's words


def explained(f: Finding | Count) -> str:
    """What the finding is and how to fix it, as the Overview says it (explanations.py), in the
    window's language."""
    e = f.explanation
    if e is None:
        return ""
    return translate(OVERVIEW, "{what}\nHow to fix: {fix}").format(
        what=translate(EXPLANATIONS, e.what), fix=translate(EXPLANATIONS, e.fix)
    )


_SEVERITY_BRUSH = {
    2: QBrush(QColor("#c0392b")),
    1: QBrush(QColor("#b9770e")),
    0: QBrush(QColor("#1f5fbf")),
}


class OverviewModel(LabelledTable):
    """One row per finding (a fixed list); ``refresh()`` recomputes the counts from the audit.

    Signals: only QAbstractTableModel's own.
    """

    COLUMNS = COLUMNS

    def __init__(self, audit: Audit, parent: Any = None) -> None:
        super().__init__(parent)
        self.audit = audit
        self._findings: list[Count] = audit.counts()
        # The counts wait to be asked (the tab hidden): ``findings`` counts them first, or the
        # tab once the audit's rebuild is done.
        self.behind = False
        self.shown: Callable[[], bool] = lambda: False  # the tab showing it is

    @property
    def findings(self) -> list[Count]:
        # Not when the tab is shown while its audit waits for a rebuild: the tab has that done
        # a part a turn (asked as the tab is shown, before its showEvent, it would be done at
        # once: a freeze); hidden, asked, they are counted.
        if self.behind and not (self.audit.stale and self.shown()):
            self.refresh()
        return self._findings

    def refresh(self) -> None:
        self.behind = False
        findings = self.audit.counts()
        if [f.key for f in findings] != [f.key for f in self._findings]:
            # Another crawl's rules: a finding more or less each, so other rows.
            self.beginResetModel()
            self._findings = findings
            self.endResetModel()
            return
        self._findings = findings
        self.dataChanged.emit(self.index(0, 0), self.index(len(findings) - 1, 1))

    def row_count(self) -> int:
        return len(self.findings)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        f = self.findings[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return finding_label(f.key, f.label)
            # A page check of a crawl run with --no-checks: not looked for, which is not none.
            return f"{f.count:,}" if f.checked else translate(OVERVIEW, "not checked")
        if role == Roles.Sort:
            return finding_label(f.key, f.label) if col == 0 else f.count if f.checked else -1
        if role == Qt.ItemDataRole.ForegroundRole:
            return _SEVERITY_BRUSH[f.severity] if f.count else None
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 1:
            return RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and col == 1 and not f.checked:
            return tip(
                translate(
                    OVERVIEW,
                    "Not looked for: the crawl ran without the page checks "
                    "(--no-checks), reading each page's links only",
                )
            )
        if role == Qt.ItemDataRole.ToolTipRole and col == 0:
            return tip(
                translate(
                    OVERVIEW, "{finding}: {explained}\n\nClick to show these pages in the Pages tab"
                ).format(finding=finding_label(f.key, f.label), explained=explained(f))
            )
        return None


# Records indexed a turn of the loop when catching up after a crawl: ~20-40 ms (rust-doc).
CATCH_UP_RECORDS = 250
# Records rebuilt at once when the tab is shown (~0.1 s); more, a part a turn.
AT_ONCE_RECORDS = 1000

_THRESHOLD_KEY = "overview/thresholds"
# The thresholds' spin boxes: (low, high); the large-page one shows kilobytes.
TITLE_MAX, DESCRIPTION_MAX, SLOW, LARGE_KB = (10, 1000), (10, 5000), (0.1, 600.0), (1, 1_000_000)


class OverviewTab(QWidget):
    """Findings table, thresholds and exports.

    Signals:
        urlsPicked(object): a tuple of URLs to show in the Pages view, or None to show all.
    """

    urlsPicked = Signal(object)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.settings_problems: list[str] = []  # what was wrong with the stored thresholds
        self.audit = Audit(self._load_thresholds())
        self.model = OverviewModel(self.audit, self)
        self.model.shown = self.isVisible
        # Names cut at their end, not in the middle as URLs are (their tip says them whole).
        self.table = make_table(self.model, (320, 90), sortable=False, url_columns=())
        self.table.setAccessibleName(self.tr("Findings"))
        # The findings' names take the width (they were cut mid-word beside a wide count).
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.clicked.connect(self._picked)
        self.picked: str | None = None  # key of the finding shown in the Pages view
        self.title = "gui_crawler audit"
        self.user_agent = DEFAULT_USER_AGENT
        # The links' words of every page (the crawl file's; the window sets it).
        self.pages_words: PagesWords = no_words
        self.file_stem = "crawl"  # suggested file names start with it: the crawled host
        # The records of some URLs at once (the window sets the link index's: one query a
        # batch); by default, asked of the audit's records one by one.
        self.find_records: Find = lambda urls: {
            u: r for u in urls if (r := self.audit.all_records.get(u)) is not None
        }
        self._tasks: set[asyncio.Future[int]] = set()
        self.message = label()  # names files and findings: plain text
        self.message.setWordWrap(True)
        # What the finding under the cursor means and how to fix it.
        self.explanation = label()  # a finding's text names tags (<title>): plain text
        self.explanation.setObjectName("finding-explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.explanation.setMinimumHeight(4 * self.explanation.fontMetrics().lineSpacing())
        self.explanation.setFrameShape(QFrame.Shape.StyledPanel)
        self.explanation.setMargin(6)
        self.table.selectionModel().currentChanged.connect(self._explain)

        show_all = QPushButton(self.tr("Show all pages"))
        show_all.clicked.connect(self.show_all)
        self.export_button = QPushButton(self.tr("Export finding…"))
        self.export_button.clicked.connect(self._export_dialog)
        every = QPushButton(self.tr("All findings CSV…"))
        every.clicked.connect(self.findings_dialog)
        broken = QPushButton(self.tr("Broken links CSV…"))
        broken.clicked.connect(self.broken_dialog)
        report = QPushButton(self.tr("HTML report…"))
        report.setObjectName("report-button")
        report.clicked.connect(self.report_dialog)
        # The same exports for the window's Export menu.
        self.finding_action = QAction(self.tr("Export the picked &finding as CSV…"), self)
        self.finding_action.triggered.connect(self._export_dialog)
        self.findings_action = QAction(self.tr("Export &all findings as CSV…"), self)
        self.findings_action.setToolTip(
            self.tr("Every finding's URLs with their source and evidence, one row each")
        )
        self.findings_action.triggered.connect(self.findings_dialog)
        self.broken_action = QAction(self.tr("&Broken links as CSV…"), self)
        self.broken_action.triggered.connect(self.broken_dialog)
        self.report_action = QAction(self.tr("HTML &report…"), self)
        self.report_action.triggered.connect(self.report_dialog)
        self._exportable()  # nothing picked yet: nothing to export
        buttons = QHBoxLayout()
        for b in (show_all, self.export_button, every, broken, report):
            buttons.addWidget(b)
        buttons.addStretch(1)

        t = self.audit.thresholds
        chars = self.tr(" chars")
        self.title_max = _spin(QSpinBox(), *TITLE_MAX, t.title_max, chars)
        self.description_max = _spin(QSpinBox(), *DESCRIPTION_MAX, t.description_max, chars)
        self.slow = _spin(QDoubleSpinBox(), *SLOW, t.slow_seconds, self.tr(" s"))
        self.large = _spin(QSpinBox(), *LARGE_KB, t.large_bytes // 1024, " KB")
        form = QFormLayout()
        form.addRow(self.tr("Title longer than"), self.title_max)
        form.addRow(self.tr("Description longer than"), self.description_max)
        form.addRow(self.tr("Slow: slower than"), self.slow)
        form.addRow(self.tr("Large: bigger than"), self.large)
        for box in (self.title_max, self.description_max, self.slow, self.large):
            box.valueChanged.connect(self._thresholds_changed)

        side = QVBoxLayout()
        heading = label(self.tr("Thresholds"))
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        side.addWidget(heading)
        side.addLayout(form)
        side.addStretch(1)
        findings = QVBoxLayout()
        findings.addWidget(self.table, 1)
        findings.addWidget(self.explanation)
        body = QHBoxLayout()
        body.addLayout(findings, 1)
        body.addLayout(side)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(buttons)
        lay.addLayout(body, 1)
        lay.addWidget(self.message)

        # Counting costs time linear in the redirects and sitemap URLs (a picked finding's pages
        # are listed too): at most twice a second, less often when it takes long (see refresh).
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(500)
        self._timer.timeout.connect(self.refresh)
        # What the audit deferred while hidden, caught up in the loop's idle turns once the
        # records stop coming: a part a turn (a zero timer runs when other events are handled).
        self._catching_up = QTimer(self)
        self._catching_up.setSingleShot(True)
        self._catching_up.setInterval(0)
        self._catching_up.timeout.connect(self._catch_up)

    # ---- feeding ------------------------------------------------------------------------------

    def add(self, records: Sequence[FetchRecord]) -> None:
        if self._unwatched():
            self._catching_up.stop()  # records again (a crawl continued): begun again later
            self.audit.defer()
        self.audit.add(records)
        self._soon()

    def _unwatched(self) -> bool:
        """Nobody looks at the audit: the tab is hidden and the Pages tab shows no finding's
        pages. Its indexes then wait to be asked (rebuilt from the records it reads back) rather
        than take the crawl's loop, and the table its counts: they are counted when shown."""
        return not self.isVisible() and self.picked is None and self.audit.source is not None

    def records_done(self) -> None:
        """No more records come for now (a crawl ended, a file was read): what the audit
        deferred is caught up in the loop's idle turns, so that showing the tab is no wait."""
        self._catching_up.start()

    def _catch_up(self) -> None:
        # Hidden or shown, a part a turn; shown, the counts once it has every record.
        if not self.audit.catch_up(CATCH_UP_RECORDS):
            self._catching_up.start()
        elif self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.model.behind:
            self.refresh()

    def replace(self, records: Sequence[FetchRecord]) -> None:
        """Records of URLs recorded before (a re-check's answers) in place of their old ones."""
        self.audit.replace(records)
        self._soon()

    def _soon(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def clear(self) -> None:
        self._catching_up.stop()
        self.audit.clear()
        self.refresh()
        self.show_all()

    def refresh(self) -> None:
        self._timer.stop()
        if self._unwatched():
            self.model.behind = True
            return
        if self.audit.stale and self.picked is None and self.audit.added > AT_ONCE_RECORDS:
            # Shown after it was hidden (mid-crawl too): rebuilt a part a turn, not at once
            # (rust-doc's whole crawl at once froze the window 1-4 s); the counts shown until
            # then are the last ones.
            self.model.behind = False
            self.message.setText(self.tr("Counting the findings…"))
            self._catching_up.start()
            return
        if self.message.text() == self.tr("Counting the findings…"):
            self.message.clear()
        t = time.perf_counter()
        self.model.refresh()
        # A big crawl makes recounting slow: recount less often so that it stays under a tenth
        # of the loop's time, and the window stays responsive.
        self._timer.setInterval(max(500, int((time.perf_counter() - t) * 10_000)))
        if self.picked is not None:  # the pages shown follow the finding as it grows
            self.urlsPicked.emit(self.finding(self.picked).urls)

    def finding(self, key: str) -> Finding:
        """The finding with its pages (the table holds only counts)."""
        return self.audit.finding(key)

    # ---- picking and exporting ----------------------------------------------------------------

    def pick(self, row: int) -> None:
        f = self.finding(self.model.findings[row].key)
        self.picked = f.key
        self.urlsPicked.emit(f.urls)
        self.message.setText(
            self.tr("Pages tab: the {n} pages of “{finding}”").format(
                n=f"{f.count:,}", finding=finding_label(f.key, f.label)
            )
        )
        self._exportable()

    def _exportable(self) -> None:
        """Export finding is offered for the finding picked, and only then."""
        f = self.finding(self.picked) if self.picked is not None else None
        label = finding_label(f.key, f.label) if f is not None else None
        for control in (self.export_button, self.finding_action):
            control.setEnabled(label is not None)
            control.setToolTip(
                self.tr("Export the pages of “{0}” as CSV").format(label)
                if label is not None
                else self.tr("Pick a finding in the list first")
            )

    def _explain(self, index: QModelIndex, _previous: QModelIndex | None = None) -> None:
        """The pane under the findings says what the current finding means and how to fix it."""
        if not index.isValid():
            self.explanation.setText("")
            return
        f = self.model.findings[index.row()]
        self.explanation.setText(f"{finding_label(f.key, f.label)}: {explained(f)}")

    def _picked(self, index: QModelIndex) -> None:
        self.refresh()
        self.pick(index.row())

    def show_all(self) -> None:
        self.picked = None
        self.urlsPicked.emit(None)
        self.message.setText("")
        self._exportable()

    def export_finding(self, path: str, key: str) -> int:
        f = self.finding(key)
        got = self.audit.all_records
        recs = [got[u] for u in f.urls]
        n = write_finding_csv(path, recs, self.audit.rules, self.audit.status_rules)
        self.message.setText(
            self.tr("Wrote {n} rows of “{finding}” to {path}").format(
                n=f"{n:,}", finding=finding_label(f.key, f.label), path=path
            )
        )
        return n

    def export_findings(self, path: str) -> int:
        """Every finding's URLs, one row each with its source and detail (evidence.py)."""
        self.refresh()
        n = write_findings_csv(path, finding_rows(self.audit, self.find_records))
        self.message.setText(f"Wrote {n:,} rows of every finding to {path}")
        return n

    def export_broken(self, path: str) -> int:
        """Starts writing the broken-links CSV, their words read from the crawl file. Returns 0;
        the message line says when it is done."""
        self._background(self.export_broken_async(path))
        return 0

    def _background(self, job: Coroutine[Any, Any, int]) -> None:
        self.message.setText(self.tr("Reading the words of the broken links…"))
        task = asyncio.ensure_future(job)
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    async def export_broken_async(self, path: str) -> int:
        rows, _ = await broken_with_anchors(self.audit, pages_words=self.pages_words)
        try:
            n = write_broken_links_csv(path, rows)
        except OSError as e:
            self.message.setText(self.cannot_write(path, e))
            return -1
        self.message.setText(
            self.tr("Wrote {n} broken links to {path}").format(n=f"{n:,}", path=path)
        )
        return n

    def export_report(self, path: str) -> int:
        """Starts writing the report (the words of the broken links are read first)."""
        self._background(self.export_report_async(path))
        return 0

    async def export_report_async(self, path: str) -> int:
        self.refresh()
        _, anchors = await broken_with_anchors(self.audit, pages_words=self.pages_words)
        try:
            n = write_report(path, self.audit, title=self.title, anchors=anchors)
        except OSError as e:
            self.message.setText(self.cannot_write(path, e))
            return -1
        self.message.setText(self.tr("Wrote the report to {path}").format(path=path))
        return n

    def report_dialog(self) -> None:
        self._ask(self.tr("HTML report"), self.tr("HTML files (*.html)"), "report.html",
                  self.export_report)  # fmt: skip

    def findings_dialog(self) -> None:
        self._ask("All findings CSV", "CSV files (*.csv)", "findings.csv", self.export_findings)

    def broken_dialog(self) -> None:
        self._ask(self.tr("Broken links CSV"), self.tr("CSV files (*.csv)"), "broken-links.csv",
                  self.export_broken)  # fmt: skip

    def _export_dialog(self) -> None:
        key = self.picked
        if key is None:  # disabled then; said should a shortcut get here
            self.message.setText(self.tr("Pick a finding first, then export it"))
            return
        self._ask(
            self.tr("Export finding"),
            self.tr("CSV files (*.csv)"),
            f"{key.replace('_', '-')}.csv",
            lambda p: self.export_finding(p, key),
        )

    def _ask(self, caption: str, filters: str, name: str, then: Callable[[str], int]) -> None:
        """A save dialog suggesting "<host>-<name>"; non-modal: a modal exec() inside the
        running asyncio loop is refused."""
        dlg = file_dialog(self, caption, filters, save=True, name=f"{self.file_stem}-{name}")
        dlg.fileSelected.connect(lambda path: self._run(then, path))
        dlg.open()

    def _run(self, then: Callable[[str], int], path: str) -> None:
        try:
            then(path)
        except OSError as e:
            self.message.setText(self.cannot_write(path, e))

    def cannot_write(self, path: str, e: OSError) -> str:
        return self.tr("Cannot write {path}: {why}").format(path=path, why=e.strerror or e)

    # ---- thresholds ---------------------------------------------------------------------------

    def thresholds(self) -> Thresholds:
        return Thresholds(
            title_max=self.title_max.value(),
            description_max=self.description_max.value(),
            slow_seconds=self.slow.value(),
            large_bytes=self.large.value() * 1024,
        )

    def _thresholds_changed(self) -> None:
        t = self.thresholds()
        self.audit.set_thresholds(t)
        QSettings().setValue(
            _THRESHOLD_KEY, [t.title_max, t.description_max, t.slow_seconds, t.large_bytes]
        )
        self.refresh()

    def _load_thresholds(self) -> Thresholds:
        """The stored thresholds, each checked alone against its spin box's range: a bad one
        gives way to its default, and ``settings_problems`` says so."""
        d = Thresholds()
        (lo, hi), kb = LARGE_KB, 1024
        read = StoredSettings(QSettings())
        values = read.several(
            _THRESHOLD_KEY,
            [
                ("title_max", lambda v: whole(v, *TITLE_MAX), d.title_max),
                ("description_max", lambda v: whole(v, *DESCRIPTION_MAX), d.description_max),
                ("slow_seconds", lambda v: number(v, *SLOW), d.slow_seconds),
                ("large_bytes", lambda v: whole(v, lo * kb, hi * kb), d.large_bytes),
            ],
        )
        self.settings_problems = read.problems
        return Thresholds(*values)


def _spin(box: Any, low: float, high: float, value: float, suffix: str) -> Any:
    box.setRange(low, high)
    box.setValue(value)
    box.setSuffix(suffix)
    return box


__all__ = ["FINDINGS", "OverviewModel", "OverviewTab"]
