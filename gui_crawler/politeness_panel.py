"""The Politeness group of the settings: per-host limit, delay, robots.txt, external links."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFormLayout, QGroupBox, QSpinBox

from .config import CrawlConfig
from .stored import StoredSettings


class PolitenessGroup(QGroupBox):
    """Form fields for the real-site options; ``values()`` gives CrawlConfig keyword arguments."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__("Politeness", parent)
        d = CrawlConfig(roots=())
        self.per_host = QSpinBox()
        self.per_host.setRange(1, 100_000)
        self.per_host.setValue(d.per_host)
        self.per_host.setToolTip("Most requests in flight to one host at a time")
        self.delay = QDoubleSpinBox()
        self.delay.setRange(0, 3600)
        self.delay.setDecimals(2)
        self.delay.setSingleStep(0.25)
        self.delay.setSuffix(" s")
        self.delay.setValue(d.delay)
        self.delay.setToolTip("Least time between two requests to one host (Crawl-delay raises it)")
        self.ignore_robots = QCheckBox("Ignore robots.txt (your own site only)")
        self.ignore_robots.setChecked(d.ignore_robots)
        self.check_external = QCheckBox("Check external links (HEAD, once each)")
        self.check_external.setChecked(d.check_external)
        self.use_sitemaps = QCheckBox("Read sitemaps")
        self.use_sitemaps.setChecked(d.use_sitemaps)
        form = QFormLayout(self)
        form.addRow("Per &host", self.per_host)
        form.addRow("De&lay", self.delay)
        form.addRow(self.ignore_robots)
        form.addRow(self.use_sitemaps)
        form.addRow(self.check_external)

    def values(self) -> dict[str, Any]:
        return {
            "per_host": self.per_host.value(),
            "delay": self.delay.value(),
            "ignore_robots": self.ignore_robots.isChecked(),
            "use_sitemaps": self.use_sitemaps.isChecked(),
            "check_external": self.check_external.isChecked(),
        }

    def show_config(self, config: CrawlConfig) -> None:
        self.per_host.setValue(config.per_host)
        self.delay.setValue(config.delay)
        self.ignore_robots.setChecked(config.ignore_robots)
        self.use_sitemaps.setChecked(config.use_sitemaps)
        self.check_external.setChecked(config.check_external)

    def save(self, s: QSettings) -> None:
        for name, value in self.values().items():
            s.setValue(name, value)

    def restore(self, read: StoredSettings) -> None:
        """Fill the fields from the stored settings, each value checked alone (see
        SettingsPanel.restore)."""
        d = CrawlConfig(roots=())
        box = self.per_host
        box.setValue(read.whole("per_host", box.minimum(), box.maximum(), d.per_host))
        delay = self.delay
        delay.setValue(read.number("delay", delay.minimum(), delay.maximum(), d.delay))
        for name in ("ignore_robots", "use_sitemaps", "check_external"):
            getattr(self, name).setChecked(read.flag(name, getattr(d, name)))
