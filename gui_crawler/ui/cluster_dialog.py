"""File → Watch a cluster crawl…: the crawls of a Redis server, one to watch, or the crawl of the
address bar's URL to start (or continue) there with this machine as one of its nodes, and the
question asked before a Cancel stops every machine's work.

The Redis URL is remembered without its password (no setting keeps a password): the password has
a box of its own whose text is never shown, and one typed in the URL moves there. Redis is asked
asynchronously (the window stays live meanwhile), and the dialog is non-modal (``open()``): a
modal ``exec()`` inside the qasync loop fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui_crawler.base.translate import ntranslate, translate
from gui_crawler.base.urls import InvalidURL, parse_address
from gui_crawler.cluster.address import AddressError, RedisAddress, split_password, with_password
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.ui.accessible import name_controls
from gui_crawler.ui.plaintext import label

REDIS_KEY = "cluster/redis"  # the last Redis URL used, without its password
ID_ROLE = Qt.ItemDataRole.UserRole


class ClusterDialog(QDialog):
    """The crawls at a Redis server; Watch or Start gives the controller a session to run.

    ``address()`` is the window's address (the crawl Start makes), ``config_of(url)`` the crawl
    options of its settings for it (ConfigError when they are wrong), ``data_dir`` where crawl
    files go.

    Signals:
        sessionReady(object): a cluster.run.ClusterSession, connected and its crawl file made.
    """

    sessionReady = Signal(object)

    def __init__(
        self,
        address: Callable[[], str],
        config_of: Callable[[str], CrawlConfig],
        data_dir: Path | None,
        parent: QWidget | None = None,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Watch a cluster crawl"))
        self.setObjectName("cluster-dialog")
        self.address = address
        self.config_of = config_of
        self.data_dir = data_dir
        self.settings = settings or QSettings()
        self._tasks: set[asyncio.Task[Any]] = set()  # the loop holds tasks weakly

        self.redis = QLineEdit(str(self.settings.value(REDIS_KEY, "") or ""))
        self.redis.setObjectName("cluster-redis")
        self.redis.setPlaceholderText("redis://HOST:PORT/DB")
        self.password = QLineEdit()
        self.password.setObjectName("cluster-password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(self.tr("if the server asks for one"))
        self.look_up = QPushButton(self.tr("&Find crawls"))
        self.crawls = QListWidget()
        self.crawls.setObjectName("cluster-crawls")
        self.crawl_id = QLineEdit()
        self.crawl_id.setObjectName("cluster-crawl-id")
        self.crawl_id.setPlaceholderText(self.tr("named after the address"))
        self.said = label("")
        self.said.setObjectName("cluster-said")
        self.said.setWordWrap(True)

        form = QFormLayout()
        form.addRow(self.tr("&Redis server:"), self.redis)
        form.addRow(self.tr("Pass&word:"), self.password)
        form.addRow("", self.look_up)
        form.addRow(self.tr("Cra&wls there:"), self.crawls)
        form.addRow(self.tr("Crawl &id to start:"), self.crawl_id)
        buttons = QDialogButtonBox()
        self.watch = buttons.addButton(self.tr("Wa&tch"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.start = buttons.addButton(
            self.tr("&Start the address there"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.start.setToolTip(
            self.tr(
                "Start (or continue) the crawl of the address bar's URL with these settings in "
                "Redis, this machine one of its nodes, collecting every record into its crawl "
                "file; other machines join with gui-crawler cluster work"
            )
        )
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.said)
        box.addWidget(buttons)

        self.redis.editingFinished.connect(self._keep_password_apart)
        self.look_up.clicked.connect(self.look)
        self.crawls.currentItemChanged.connect(lambda *_: self._enable())
        self.crawls.itemDoubleClicked.connect(lambda _item: self.watch_chosen())
        self.watch.clicked.connect(self.watch_chosen)
        self.start.clicked.connect(self.start_here)
        buttons.rejected.connect(self.reject)
        self.finished.connect(lambda _r: self._cancel_tasks())
        self._enable()
        name_controls(self)
        self.resize(560, 420)

    # ---- what is typed ------------------------------------------------------------------------

    def _keep_password_apart(self) -> None:
        """A password typed in the URL goes to its own box: never shown, never remembered."""
        url, password = split_password(self.redis.text())
        if password is not None:
            self.redis.setText(url)
            self.password.setText(password)

    def redis_address(self) -> RedisAddress | None:
        """The server typed, with its password; None (said) when it is no Redis URL."""
        self._keep_password_apart()
        try:
            return RedisAddress.parse(with_password(self.redis.text(), self.password.text()))
        except AddressError as e:
            self.say(str(e), error=True)
            return None

    def say(self, text: str, error: bool = False) -> None:
        self.said.setText(text)
        self.said.setStyleSheet("color: #c0392b;" if error else "")

    def _enable(self, busy: bool = False) -> None:
        self.look_up.setEnabled(not busy)
        self.watch.setEnabled(not busy and self.crawls.currentItem() is not None)
        self.start.setEnabled(not busy)

    # ---- asking Redis -------------------------------------------------------------------------

    def _run(self, work: Coroutine[Any, Any, Any], done: Callable[[Any], None]) -> None:
        """``work`` on the loop, the dialog's buttons off meanwhile; ``done`` gets its result.
        ClusterError, StoreError and ConfigError are said (one line, never a password)."""
        from gui_crawler.cluster.shared import ClusterError
        from gui_crawler.storage import StoreError

        self._enable(busy=True)
        task = asyncio.ensure_future(work)
        self._tasks.add(task)

        def finished(t: asyncio.Task[Any]) -> None:
            self._tasks.discard(t)
            if t.cancelled():
                return
            self._enable()
            e = t.exception()
            if isinstance(e, ClusterError | StoreError | ConfigError):
                self.say(str(e), error=True)
            elif e is not None:
                raise e
            else:
                done(t.result())

        task.add_done_callback(finished)

    def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()

    def look(self) -> None:
        """List the crawls of the server typed."""
        address = self.redis_address()
        if address is None:
            return
        from gui_crawler.cluster.sessions import crawls_at

        self.say(self.tr("Asking {} …").format(address))
        self._run(crawls_at(address), lambda found: self._show(address, found))

    def _show(self, address: RedisAddress, found: list[Any]) -> None:
        self.crawls.clear()
        for crawl in found:
            item = QListWidgetItem(f"{crawl.id} — {' '.join(crawl.roots)} · {crawl.state}")
            item.setData(ID_ROLE, crawl.id)
            item.setToolTip(" ".join(crawl.roots))
            self.crawls.addItem(item)
        if found:
            self.crawls.setCurrentRow(0)
            self.say(
                ntranslate("ClusterDialog", "{n} crawl at {redis}", "{n} crawls at {redis}",
                           len(found)).format(n=len(found), redis=address)
            )  # fmt: skip
        else:
            self.say(self.tr("No crawl at {}: start one here, or with gui-crawler crawl URL "
                             "--cluster").format(address))  # fmt: skip
        self._remember(address)

    def watch_chosen(self) -> None:
        """Watch the crawl chosen: its records go to a crawl file of this window's own."""
        item = self.crawls.currentItem()
        address = self.redis_address()
        if item is None or address is None:
            return
        from gui_crawler.cluster.sessions import watch

        crawl_id = str(item.data(ID_ROLE))
        self.say(self.tr("Watching {} …").format(crawl_id))
        self._run(watch(address, crawl_id, self.data_dir), lambda s: self._ready(address, s))

    def start_here(self) -> None:
        """Start (or continue) the crawl of the window's address, this machine a node of it."""
        address = self.redis_address()
        if address is None:
            return
        try:
            config = self.config_of(parse_address(self.address()))
        except (InvalidURL, ConfigError) as e:
            self.say(str(e), error=True)
            return
        from gui_crawler.cluster.sessions import work

        crawl_id = self.crawl_id.text().strip() or None
        self.say(self.tr("Starting {url} at {redis} …").format(url=config.roots[0], redis=address))
        self._run(work(address, crawl_id, config, self.data_dir), lambda s: self._ready(address, s))

    def _ready(self, address: RedisAddress, session: Any) -> None:
        self._remember(address)
        self.sessionReady.emit(session)
        self.accept()

    def _remember(self, address: RedisAddress) -> None:
        self.settings.setValue(REDIS_KEY, split_password(address.url)[0])


def confirm_cancel(parent: QWidget, question: str, yes: Callable[[], None]) -> QMessageBox:
    """Ask ``question`` (non-modally); ``yes()`` when the answer is yes."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        translate("ClusterDialog", "Cancel the crawl on every machine"),
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setObjectName("cluster-cancel")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    yes_button = box.button(QMessageBox.StandardButton.Yes)
    box.buttonClicked.connect(lambda button: yes() if button is yes_button else None)
    box.open()
    return box
