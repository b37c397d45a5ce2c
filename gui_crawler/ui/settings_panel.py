"""The crawl options a person sets, as a form validated as you type and remembered between runs."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.config import CrawlConfig
from gui_crawler.options import config_kwargs, in_group
from gui_crawler.ui.focus import wheel_needs_focus
from gui_crawler.ui.option_boxes import (
    AccessGroup,
    CheckingGroup,
    ExtractGroup,
    PolitenessGroup,
    RenderGroup,
)
from gui_crawler.ui.option_fields import OptionFields, TextField
from gui_crawler.ui.stored import StoredSettings

ERROR_COLOR = "#c0392b"
ERROR_STYLE = f"color: {ERROR_COLOR};"
ERROR_BORDER = f"border: 1px solid {ERROR_COLOR};"  # a field whose text is what is wrong


class SettingsPanel(QWidget):
    """The crawl options. ``config(roots)`` builds a CrawlConfig or raises ConfigError.

    Its fields are the option table's "crawl" options (options.OPTIONS), the Politeness group's
    its "politeness" ones.

    Signals:
        workersChanged(int): the worker count was edited (applied live to a running crawl).
        validityChanged(bool): whether every field is currently valid.
        edited(): a field of typed text changed (and was checked).
    """

    workersChanged = Signal(int)
    validityChanged = Signal(bool)
    edited = Signal()

    # Made by OptionFields from the table; named here for the type checker (tests/test_options.py
    # checks that these are the table's).
    workers: QSpinBox
    max_redirect: QSpinBox
    max_tries: QSpinBox
    max_pages: QSpinBox
    max_depth: QSpinBox
    exclude: QLineEdit
    include: QLineEdit
    user_agent: QLineEdit
    scope: QComboBox
    timeout: QDoubleSpinBox

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        crawl = QWidget()
        form = QFormLayout(crawl)
        self.fields = OptionFields(self, form, in_group("crawl"), ERROR_STYLE)
        self.checking = CheckingGroup(ERROR_STYLE)
        self.politeness = PolitenessGroup()
        self.access = AccessGroup(ERROR_STYLE)
        self.extraction = ExtractGroup(ERROR_STYLE)
        self.rendering = RenderGroup(ERROR_STYLE)
        self.boxes = (self.politeness, self.checking, self.access, self.extraction, self.rendering)
        # One page each, none taller than the window has room for: stacked, the form and its
        # boxes were 910 px in a 330 px panel, Login and Extraction far below a scroll.
        self.pages = QTabWidget()
        self.pages.setObjectName("settings-pages")
        self.pages.setDocumentMode(True)
        self.pages.setUsesScrollButtons(False)
        self.pages.setAccessibleName(self.tr("Crawl settings"))
        # Link checking shares the Politeness page (what real sites answer bots, what counts as
        # ok): a page of its own made the panel 68 px wider, and the Crawl page had no room.
        for page, title in (
            ((crawl,), self.tr("&Crawl")),
            ((self.politeness, self.checking), self.tr("Polite&ness")),
            ((self.access,), self.tr("Lo&gin")),
            ((self.extraction,), self.tr("E&xtraction")),
            ((self.rendering,), self.tr("&JavaScript")),
        ):
            holder = QWidget()
            column = QVBoxLayout(holder)
            column.setContentsMargins(0, 4, 0, 0)
            for part in page:
                column.addWidget(part)
            column.addStretch(1)
            self.pages.addTab(holder, title)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.pages)
        # Every field of typed text, checked as it is typed, with the line under it.
        self._typed = (
            self.fields,
            self.checking.fields,
            self.access.fields,
            self.extraction.fields,
            self.rendering.fields,
        )
        # The panel sits in a scroll area: a wheel turn over it scrolls, not a box passed over.
        self._wheel_guard = wheel_needs_focus(self)

        self.workers.valueChanged.connect(self.workersChanged)
        for edit in self._text_fields():
            edit.textChanged.connect(self._validate)
        self._valid = True

    def error(self) -> str | None:
        """The first problem with the fields, as a message for a person, or None."""
        problems = self._problems()
        return problems[0][1] if problems else None

    def reveal_problem(self) -> None:
        """Show the page (the tab) of the first field in error, with the line that says why."""
        problems = self._problems()
        if problems:
            self.pages.setCurrentIndex(self._page_of(problems[0][0]))

    def _page_of(self, field: QWidget) -> int:
        """The index of the settings page ``field`` is on."""
        pages = self.pages
        return next(
            i for i in range(pages.count()) if (p := pages.widget(i)) and p.isAncestorOf(field)
        )

    def error_label(self, edit: TextField) -> QLabel:
        """The line under ``edit`` that says what is wrong with its text."""
        return next(f.errors[edit] for f in self._typed if edit in f.errors)

    def _text_fields(self) -> list[TextField]:
        return [edit for fields in self._typed for edit in fields.text_fields()]

    def _problems(self) -> list[tuple[TextField, str]]:
        return [problem for fields in self._typed for problem in fields.problems()]

    def _validate(self) -> None:
        problems = dict(self._problems())
        for edit in self._text_fields():
            why = problems.get(edit)
            edit.setStyleSheet(ERROR_BORDER if why else "")
            self.error_label(edit).setText(why or "")
            self.error_label(edit).setVisible(why is not None)
        # A page holding a field in error says so on its tab, shown or not.
        wrong = {self._page_of(edit) for edit in problems}
        bar = self.pages.tabBar()
        for i in range(self.pages.count()):
            bar.setTabTextColor(i, QColor(ERROR_COLOR) if i in wrong else QColor())
        if self._valid != (not problems):
            self._valid = not problems
            self.validityChanged.emit(self._valid)
        self.edited.emit()

    def values(self) -> dict[str, Any]:
        """Every field's value by option name, as CrawlConfig takes it."""
        values = self.fields.values()
        for box in self.boxes:
            values.update(box.values())
        return values

    def config(self, root: str) -> CrawlConfig:
        """The options for a crawl of ``root``, validated (raises ConfigError). Built as the
        CLI builds its own (options.config_kwargs): the timeout also sets read_timeout."""
        return CrawlConfig(roots=(root,), **config_kwargs(self.values())).validated()

    def show_config(self, config: CrawlConfig) -> None:
        """Fill the fields from a saved crawl's options."""
        self.fields.show_config(config)
        for box in self.boxes:
            box.show_config(config)

    # ---- persistence --------------------------------------------------------------------------

    def save(self, s: QSettings) -> None:
        s.beginGroup("crawl")
        self.fields.save(s)
        for box in self.boxes:
            box.save(s)
        s.endGroup()

    def restore(self, s: QSettings) -> list[str]:
        """Fill the fields from the stored settings, each value checked alone against its
        option's type and range (options.OPTIONS): a bad one gives way to the option's default
        (also stored in its place). Returns what was bad and what is used instead, for the
        person."""
        read = StoredSettings(s)
        s.beginGroup("crawl")
        try:
            self.fields.restore(read)
            for box in self.boxes:
                box.restore(read)
        finally:
            s.endGroup()
        return read.problems


def scrolled(panel: SettingsPanel) -> QScrollArea:
    """``panel`` in a scroll area as wide as the form needs beside its scroll bar: a sideways bar
    would cut every field."""
    scroll = QScrollArea()
    scroll.setWidget(panel)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # Not a stop of its own in the Tab order: Tab goes from the toolbar to the settings' tabs
    # (a focused field is scrolled into view).
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.setMinimumWidth(
        panel.minimumSizeHint().width()
        + scroll.verticalScrollBar().sizeHint().width()
        + 2 * scroll.frameWidth()
    )
    return scroll
