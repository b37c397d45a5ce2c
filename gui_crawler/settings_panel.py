"""Every engine option as a form, validated as you type and remembered between runs."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .config import DEFAULT_USER_AGENT, ConfigError, CrawlConfig, check_regex
from .politeness_panel import PolitenessGroup
from .stored import StoredSettings

ERROR_STYLE = "color: #c0392b;"


def _spin(lo: int, hi: int, value: int, special: str | None = None) -> QSpinBox:
    s = QSpinBox()
    s.setRange(lo, hi)
    s.setValue(value)
    s.setAccelerated(True)
    if special:
        s.setSpecialValueText(special)  # shown for the minimum (0 = no limit)
    return s


class SettingsPanel(QWidget):
    """The crawl options. ``config(roots)`` builds a CrawlConfig or raises ConfigError.

    Signals:
        workersChanged(int): the worker count was edited (applied live to a running crawl).
        validityChanged(bool): whether every field is currently valid.
    """

    workersChanged = Signal(int)
    validityChanged = Signal(bool)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        d = CrawlConfig(roots=())
        self.workers = _spin(1, 100_000, d.max_tasks)  # the engine's own bound: C10K and beyond
        self.workers.setToolTip("Worker coroutines; can be changed while a crawl runs")
        self.max_redirect = _spin(0, 100, d.max_redirect)
        self.max_tries = _spin(1, 100, d.max_tries)
        self.exclude = QLineEdit()
        self.exclude.setPlaceholderText(r"regex, e.g. \.(pdf|zip)$")
        self.include = QLineEdit()
        self.include.setPlaceholderText("regex a URL must match")
        self.scope = QComboBox()
        self.scope.addItem("strict: same host", True)
        self.scope.addItem("lenient: same domain", False)
        self.max_pages = _spin(0, 10_000_000, d.max_pages, "no limit")
        self.max_depth = _spin(0, 10_000, d.max_depth, "no limit")
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(0.1, 3600)
        self.timeout.setDecimals(1)
        self.timeout.setSuffix(" s")
        self.timeout.setValue(d.timeout)
        self.user_agent = QLineEdit(d.user_agent)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # quotes the typed regex
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.hide()

        form = QFormLayout()
        form.addRow("&Workers", self.workers)
        form.addRow("Max &redirects", self.max_redirect)
        form.addRow("Max &tries", self.max_tries)
        form.addRow("E&xclude", self.exclude)
        form.addRow("&Include", self.include)
        form.addRow("&Scope", self.scope)
        form.addRow("Max &pages", self.max_pages)
        form.addRow("Max &depth", self.max_depth)
        form.addRow("Time&out", self.timeout)
        form.addRow("&User agent", self.user_agent)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        self.politeness = PolitenessGroup()
        lay.addWidget(self.politeness)
        lay.addWidget(self.message)
        lay.addStretch(1)

        self.workers.valueChanged.connect(self.workersChanged)
        for edit in (self.exclude, self.include, self.user_agent):
            edit.textChanged.connect(self._validate)
        self._valid = True

    def error(self) -> str | None:
        """The first problem with the fields, as a message for a person, or None."""
        try:
            check_regex("exclude", self.exclude.text() or None)
            check_regex("include", self.include.text() or None)
        except ConfigError as e:
            return str(e)
        if not self.user_agent.text().strip():
            return "user agent cannot be empty"
        return None

    def _validate(self) -> None:
        msg = self.error()
        for edit, name in ((self.exclude, "exclude"), (self.include, "include")):
            bad = msg is not None and msg.startswith(name)
            edit.setStyleSheet("border: 1px solid #c0392b;" if bad else "")
        self.message.setText(msg or "")
        self.message.setVisible(msg is not None)
        if self._valid != (msg is None):
            self._valid = msg is None
            self.validityChanged.emit(self._valid)

    def config(self, root: str) -> CrawlConfig:
        """The options for a crawl of ``root``, validated (raises ConfigError)."""
        return CrawlConfig(
            roots=(root,),
            max_tasks=self.workers.value(),
            max_redirect=self.max_redirect.value(),
            max_tries=self.max_tries.value(),
            exclude=self.exclude.text() or None,
            include=self.include.text() or None,
            strict=bool(self.scope.currentData()),
            max_pages=self.max_pages.value(),
            max_depth=self.max_depth.value(),
            timeout=self.timeout.value(),
            user_agent=self.user_agent.text().strip() or DEFAULT_USER_AGENT,
            **self.politeness.values(),
        ).validated()

    def show_config(self, config: CrawlConfig) -> None:
        """Fill the fields from a saved crawl's options."""
        for name, key in (("workers", "max_tasks"), *((n, n) for n in self._SPINS[1:])):
            getattr(self, name).setValue(getattr(config, key))
        self.exclude.setText(config.exclude or "")
        self.include.setText(config.include or "")
        self.user_agent.setText(config.user_agent)
        self.scope.setCurrentIndex(0 if config.strict else 1)
        self.timeout.setValue(config.timeout)
        self.politeness.show_config(config)

    # ---- persistence --------------------------------------------------------------------------

    _SPINS = ("workers", "max_redirect", "max_tries", "max_pages", "max_depth")
    _TEXTS = ("exclude", "include", "user_agent")

    def save(self, s: QSettings) -> None:
        s.beginGroup("crawl")
        for name in self._SPINS:
            s.setValue(name, getattr(self, name).value())
        for name in self._TEXTS:
            s.setValue(name, getattr(self, name).text())
        s.setValue("strict", bool(self.scope.currentData()))
        s.setValue("timeout", self.timeout.value())
        self.politeness.save(s)
        s.endGroup()

    def restore(self, s: QSettings) -> list[str]:
        """Fill the fields from the stored settings, each value checked alone against its field's
        range and the option's rules: a bad one gives way to the option's default (also stored
        in its place). Returns what was bad and what is used instead, for the person."""
        d = CrawlConfig(roots=())
        read = StoredSettings(s)
        s.beginGroup("crawl")
        try:
            for name, key in (("workers", "max_tasks"), *((n, n) for n in self._SPINS[1:])):
                box = getattr(self, name)
                box.setValue(read.whole(name, box.minimum(), box.maximum(), getattr(d, key)))
            for name in ("exclude", "include"):
                getattr(self, name).setText(read.text(name, "", _regex_problem, using="none"))
            self.user_agent.setText(read.text("user_agent", d.user_agent, _agent_problem))
            self.scope.setCurrentIndex(0 if read.flag("strict", d.strict) else 1)
            t = self.timeout
            t.setValue(read.number("timeout", t.minimum(), t.maximum(), d.timeout))
            self.politeness.restore(read)
        finally:
            s.endGroup()
        return read.problems


def _regex_problem(pattern: str) -> str | None:
    """Why a stored include/exclude pattern cannot be used (check_regex compiles it alike)."""
    try:
        re.compile(pattern)
    except re.error as e:
        return f"was not a valid regular expression ({e})"
    return None


def _agent_problem(agent: str) -> str | None:
    """CrawlConfig.validated's rule for the user agent: one non-empty line."""
    if not agent.strip() or any(c in agent for c in "\r\n\0"):
        return "was not one non-empty line"
    return None
