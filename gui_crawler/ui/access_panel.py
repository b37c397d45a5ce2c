"""The Login group of the settings: headers, cookies, basic authentication and a proxy for a site
behind a login. Its fields are the option table's "access" options (options.OPTIONS); being
credentials, they are never remembered (option_fields.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLineEdit, QPlainTextEdit

from gui_crawler.options import in_group
from gui_crawler.ui.option_fields import OptionFields
from gui_crawler.ui.stored import StoredSettings


class AccessGroup(QGroupBox):
    """Form fields for a site behind a login; ``values()`` gives them by option name."""

    # Made by OptionFields from the table; named here for the type checker (tests/test_options.py
    # checks that these are the table's).
    headers: QPlainTextEdit
    cookies: QPlainTextEdit
    auth: QLineEdit
    proxy: QLineEdit

    def __init__(self, error_style: str = "", parent: Any = None) -> None:
        super().__init__("Login (sent only to the site's own host; never saved)", parent)
        self.fields = OptionFields(self, QFormLayout(self), in_group("access"), error_style)

    def values(self) -> dict[str, Any]:
        return self.fields.values()

    def show_config(self, config: object) -> None:
        self.fields.show_config(config)

    def save(self, s: QSettings) -> None:
        self.fields.save(s)

    def restore(self, read: StoredSettings) -> None:
        self.fields.restore(read)
