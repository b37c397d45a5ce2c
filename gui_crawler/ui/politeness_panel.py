"""The Politeness group of the settings: per-host limit, delay, robots.txt, sitemaps, external
links. Its fields are the option table's "politeness" options (options.OPTIONS)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFormLayout, QGroupBox, QSpinBox

from gui_crawler.options import in_group
from gui_crawler.ui.option_fields import OptionFields
from gui_crawler.ui.stored import StoredSettings


class PolitenessGroup(QGroupBox):
    """Form fields for the real-site options; ``values()`` gives them by option name."""

    # Made by OptionFields from the table; named here for the type checker (tests/test_options.py
    # checks that these are the table's).
    per_host: QSpinBox
    delay: QDoubleSpinBox
    ignore_robots: QCheckBox
    use_sitemaps: QCheckBox
    check_external: QCheckBox

    def __init__(self, parent: Any = None) -> None:
        super().__init__("Politeness", parent)
        self.fields = OptionFields(self, QFormLayout(self), in_group("politeness"))

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
