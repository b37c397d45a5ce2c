"""The boxes of the settings below its form: Checking, Politeness, Login, Extraction and JavaScript.
Each one's fields are the option table's options of one group (options.OPTIONS), made by
OptionFields."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
)

from gui_crawler.base.translate import noop
from gui_crawler.options import in_group
from gui_crawler.ui.option_fields import OptionFields
from gui_crawler.ui.stored import StoredSettings


class OptionsBox(QGroupBox):
    """Form fields for the options of ``GROUP``; ``values()`` gives them by option name."""

    GROUP = ""
    TITLE = ""

    def __init__(self, error_style: str = "", parent: Any = None) -> None:
        super().__init__(QCoreApplication.translate("OptionsBox", self.TITLE), parent)
        self.fields = OptionFields(self, QFormLayout(self), in_group(self.GROUP), error_style)

    def values(self) -> dict[str, Any]:
        return self.fields.values()

    def show_config(self, config: object) -> None:
        self.fields.show_config(config)

    def save(self, s: QSettings) -> None:
        self.fields.save(s)

    def restore(self, read: StoredSettings) -> None:
        """Fill the fields from the stored settings, each value checked alone (see
        SettingsPanel.restore)."""
        self.fields.restore(read)


class CheckingGroup(OptionsBox):
    """Status rules of link checking: the statuses counted ok, the URLs only warned of."""

    GROUP, TITLE = (
        "checking",
        noop("OptionsBox", "Link checking (what counts as ok, what only warns)"),
    )
    accept_status: QLineEdit
    warn: QLineEdit
    checks: QCheckBox


class PolitenessGroup(OptionsBox):
    """Per-host limit, delay, robots.txt, sitemaps, external links."""

    GROUP, TITLE = "politeness", noop("OptionsBox", "Politeness")
    # Made by OptionFields from the table; named here for the type checker (tests/test_options.py
    # checks that these are the table's).
    per_host: QSpinBox
    delay: QDoubleSpinBox
    give_up_after: QDoubleSpinBox
    ignore_robots: QCheckBox
    use_sitemaps: QCheckBox
    check_external: QCheckBox


class AccessGroup(OptionsBox):
    """Headers, cookies, basic authentication and a proxy for a site behind a login; being
    credentials, never remembered (option_fields.py)."""

    GROUP = "access"
    TITLE = noop("OptionsBox", "Login (sent only to the site's own hosts; never saved)")
    headers: QPlainTextEdit
    cookies: QPlainTextEdit
    auth: QLineEdit
    proxy: QLineEdit


class ExtractGroup(OptionsBox):
    """Custom extraction and search rules: a Pages column and an Overview finding each."""

    GROUP, TITLE = "extract", noop("OptionsBox", "Custom extraction and search")
    extract: QPlainTextEdit
    search: QPlainTextEdit
    search_absent: QPlainTextEdit


class RenderGroup(OptionsBox):
    """JavaScript: which pages are rendered in the headless browser, how long each may take, how
    many at once, and which browser."""

    GROUP = "render"
    TITLE = noop("OptionsBox", "JavaScript (pages rendered in a headless Chromium)")
    render_mode: QComboBox  # not "render": QWidget.render
    render_match: QLineEdit
    render_timeout: QDoubleSpinBox
    render_tabs: QSpinBox
    browser: QLineEdit
