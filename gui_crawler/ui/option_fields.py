"""The settings' fields, made from the option table (options.OPTIONS): a spin box with the option's
range, step, suffix and "no limit" text, a check box, a combo box of its choices, a line edit or a
box of lines (a repeatable option), each with a tooltip saying what it does, its range and its
``gui-crawler crawl`` flag; their values as CrawlConfig takes them, remembered under the options'
settings keys and read back checked against the options' types and ranges (stored.py). A
credential (Option.secret) is never remembered: it lives in its field until the window closes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import OPTIONS, translate
from gui_crawler.options import Option
from gui_crawler.ui.plaintext import label, tip
from gui_crawler.ui.stored import StoredSettings, lines

TextField = QLineEdit | QPlainTextEdit  # typed text, checked as it is typed
Field = QSpinBox | QDoubleSpinBox | QCheckBox | QComboBox | TextField


def make_field(opt: Option) -> Field:
    """The field of ``opt``, showing its default."""
    field: Field
    if opt.kind == "int":
        assert opt.low is not None and opt.high is not None
        spin = QSpinBox()
        spin.setRange(int(opt.low), int(opt.high))
        spin.setSingleStep(int(opt.step))
        spin.setSuffix(said(opt.suffix))
        spin.setAccelerated(True)
        if opt.special:
            spin.setSpecialValueText(said(opt.special))  # shown for the minimum (0 = no limit)
        field = spin
    elif opt.kind == "float":
        assert opt.low is not None and opt.high is not None
        double = QDoubleSpinBox()
        double.setDecimals(opt.decimals)  # first: it rounds the range and the value
        double.setRange(opt.low, opt.high)
        double.setSingleStep(opt.step)
        double.setSuffix(said(opt.suffix))
        field = double
    elif opt.choices:  # a yes/no option or a text one of a few values
        combo = QComboBox()
        for text, value in opt.choices:
            combo.addItem(said(text), value)
        field = combo
    elif opt.kind == "bool":
        field = QCheckBox(said(opt.label))
    elif opt.kind in ("text", "regex"):
        field = QLineEdit()
        field.setPlaceholderText(said(opt.placeholder))
        if opt.secret and opt.form == "user_password":
            field.setEchoMode(QLineEdit.EchoMode.PasswordEchoOnEdit)
    elif opt.kind == "lines":
        box = QPlainTextEdit()
        box.setPlaceholderText(said(opt.placeholder))
        box.setTabChangesFocus(True)
        box.setFixedHeight(box.fontMetrics().lineSpacing() * 3 + 12)
        field = box
    else:
        raise ValueError(f"{opt.name} has no settings field ({opt.kind})")
    field.setToolTip(tip(opt.tip()))
    show(field, opt, opt.default)
    return field


def said(text: str) -> str:
    """An option's words (its label, tip, choices…) in the window's language."""
    return translate(OPTIONS, text) if text else text


def show(field: Field, opt: Option, value: Any) -> None:
    """Put an option's value (as CrawlConfig holds it) in its field."""
    if isinstance(field, QSpinBox | QDoubleSpinBox):
        field.setValue(value)
    elif isinstance(field, QComboBox):
        field.setCurrentIndex([v for _, v in opt.choices].index(value))
    elif isinstance(field, QCheckBox):
        field.setChecked(bool(value))
    elif isinstance(field, QPlainTextEdit):
        field.setPlainText("\n".join(value))
    else:
        field.setText(value or "")


def value_of(field: Field, opt: Option) -> Any:
    """The field's value as CrawlConfig takes it (an empty pattern: None; a blank user agent:
    the default, though the panel says it is blank before it gets there)."""
    if isinstance(field, QSpinBox | QDoubleSpinBox):
        return field.value()
    if isinstance(field, QComboBox):
        return field.currentData()
    if isinstance(field, QCheckBox):
        return field.isChecked()
    if isinstance(field, QPlainTextEdit):
        return lines(field.toPlainText())
    if opt.kind == "regex":
        return field.text() or None
    return field.text().strip() or opt.default


def stored_value(field: Field) -> Any:
    """What is written to the settings: the value, a line edit's text as typed."""
    if isinstance(field, QSpinBox | QDoubleSpinBox):
        return field.value()
    if isinstance(field, QComboBox):
        data = field.currentData()
        return data if isinstance(data, str) else bool(data)
    if isinstance(field, QCheckBox):
        return field.isChecked()
    if isinstance(field, QPlainTextEdit):
        return field.toPlainText()
    return field.text()


class OptionFields:
    """The fields of some options, one row of ``form`` each, each also the attribute of
    ``owner`` the option names (Option.field). A line edit has a line under it, hidden but
    when it says what is wrong with the typed text (``errors``)."""

    def __init__(
        self, owner: QWidget, form: QFormLayout, options: Iterable[Option], error_style: str = ""
    ) -> None:
        self.fields: dict[str, tuple[Option, Field]] = {}
        self.errors: dict[TextField, QLabel] = {}
        for opt in options:
            field = make_field(opt)
            setattr(owner, opt.field, field)
            if isinstance(field, QCheckBox):
                form.addRow(field)  # the label is the box's own text
            elif isinstance(field, TextField):
                error = label()  # quotes the typed text: plain text
                error.setObjectName(f"{opt.name}-error")
                error.setWordWrap(True)
                error.setStyleSheet(error_style)
                error.hide()
                box = QWidget()
                column = QVBoxLayout(box)
                column.setContentsMargins(0, 0, 0, 0)
                column.setSpacing(2)
                column.addWidget(field)
                column.addWidget(error)
                form.addRow(said(opt.label), box)
                name = form.labelForField(box)
                if isinstance(name, QLabel):
                    name.setBuddy(field)
                self.errors[field] = error
            else:
                form.addRow(said(opt.label), field)
            self.fields[opt.name] = (opt, field)

    def values(self) -> dict[str, Any]:
        """Option name → value, as CrawlConfig takes it (options.config_kwargs)."""
        return {name: value_of(field, opt) for name, (opt, field) in self.fields.items()}

    def show_config(self, config: object) -> None:
        """Show a crawl's options; credentials stay as typed (a crawl file holds none)."""
        for name, (opt, field) in self.fields.items():
            if not opt.secret:
                show(field, opt, getattr(config, name))

    def problems(self) -> list[tuple[TextField, str]]:
        """Each typed text an option refuses, with why (for a person: names the option)."""
        found = []
        for name, (opt, field) in self.fields.items():
            if isinstance(field, QPlainTextEdit) or (isinstance(field, QLineEdit) and opt.nullable):
                why = opt.problem(value_of(field, opt))
            elif isinstance(field, QLineEdit):
                why = opt.problem(field.text() or None if opt.kind == "regex" else field.text())
            else:
                continue
            if why:
                named = said(name.replace("_", " "))
                found.append((field, translate("OptionFields", "{name} {problem}").format(
                    name=named, problem=why)))  # fmt: skip
        return found

    def text_fields(self) -> list[TextField]:
        return [f for _, f in self.fields.values() if isinstance(f, TextField)]

    def save(self, s: QSettings) -> None:
        for opt, field in self.fields.values():
            if opt.secret:
                s.remove(opt.settings_key)  # never on disk, not even from an older version
            else:
                s.setValue(opt.settings_key, stored_value(field))

    def restore(self, read: StoredSettings) -> None:
        """Fill the fields from the stored settings, each value checked alone against its
        option's type and range: a bad one gives way to the default (see StoredSettings)."""
        for opt, field in self.fields.values():
            if not opt.secret:
                show(field, opt, read.option(opt))
