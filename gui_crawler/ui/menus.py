"""The window's menu bar and the context menu of its rows.

The menu bar holds the window's own actions (the same QAction objects as the toolbar and the
shortcuts: one action, one shortcut, wherever it is shown), the rows' commands and Help. The
context menu of a row of the pages table, the site tree, the redirects, the broken links and the
Details pane's lists says what a person does next with a URL: copy it or the rows, open it in the
browser, show its inlinks or outlinks in Details, export the selected rows to CSV.

Every menu is shown with ``popup()`` and every dialog with ``open()``: a nested event loop inside
the qasync loop is what modal calls get wrong.
"""

from __future__ import annotations

import platform
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import PySide6
from PySide6.QtCore import QCoreApplication, QModelIndex, QPoint, QSettings, Qt, qVersion
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableView,
    QTabWidget,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

import gui_crawler
from gui_crawler.base.translate import noop, ntranslate, translate
from gui_crawler.events import FetchRecord
from gui_crawler.records.anchors import link_rows
from gui_crawler.records.auditfiles import write_links_csv
from gui_crawler.ui import i18n
from gui_crawler.ui.cluster_dialog import ClusterDialog, confirm_cancel
from gui_crawler.ui.controller import CrawlController
from gui_crawler.ui.details import DetailsPane
from gui_crawler.ui.file_dialogs import file_dialog, file_stem
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tree_model import Folder
from gui_crawler.ui.views import open_url

MENUS = "WindowMenus"  # the context of the menus' words
LICENCE = "MIT licence; the compiled parser includes lexbor (Apache-2.0 licence)"
NATIVE = QKeySequence.SequenceFormat.NativeText
# Keys that are no action's shortcut, for the list of shortcuts.
MORE_KEYS = (
    (noop(MENUS, "Enter"), noop(MENUS, "Start (in the address bar)")),
    (noop(MENUS, "Ctrl+click, Shift+click"), noop(MENUS, "Select several rows")),
    (noop(MENUS, "Right-click"), noop(MENUS, "What to do with a row's URL")),
    (noop(MENUS, "Double-click"), noop(MENUS, "Show a URL listed in Details")),
)


def _plain(text: str) -> str:
    """An action's text as words: no mnemonic ampersand (nor its "(&F)" after words of a
    language without the letter), no ellipsis."""
    text = re.sub(r"\s*\(&[^&)]\)", "", text)
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…")


def shortcut_text(action: QAction) -> str:
    return action.shortcut().toString(NATIVE)


# ---- what a row stands for ------------------------------------------------------------------


def _url_of_item(item: QTreeWidgetItem | None) -> str | None:
    """The URL a Details row names: its own URL, or a value that is one."""
    if item is None:
        return None
    url = item.data(0, Roles.Url)
    if url:
        return str(url)
    value = item.text(1)
    return value if value.startswith(("http://", "https://")) else None


def _visible_columns(view: QAbstractItemView) -> list[int]:
    """The shown columns in the order they are shown (columns can be dragged and hidden)."""
    model = view.model()
    n = model.columnCount() if model is not None else 0
    if isinstance(view, QTableView):
        header = view.horizontalHeader()
        cols = [c for c in range(n) if not header.isSectionHidden(c)]
        return sorted(cols, key=header.visualIndex)
    if isinstance(view, QTreeView):
        header = view.header()
        cols = [c for c in range(n) if not view.isColumnHidden(c)]
        return sorted(cols, key=header.visualIndex)
    return list(range(n))


class RowMenu:
    """What one view's rows offer: the URLs and texts of the rows a command acts on."""

    def __init__(self, menus: WindowMenus, view: QAbstractItemView) -> None:
        self.menus = menus
        self.view = view

    def url_at(self, pos: QPoint) -> str | None:
        view = self.view
        if isinstance(view, QTreeWidget):
            return _url_of_item(view.itemAt(pos))
        idx = view.indexAt(pos)
        return idx.data(Roles.Url) if idx.isValid() else None

    def _selected_indexes(self) -> list[QModelIndex]:
        """One index per selected row (column 0), in the order shown; the current row when
        nothing is selected."""
        sel = self.view.selectionModel()
        if sel is None:
            return []
        rows = sel.selectedRows(0)
        if not rows:
            cur = self.view.currentIndex()
            rows = [cur.siblingAtColumn(0)] if cur.isValid() else []
        if isinstance(self.view, QTreeView):
            return sorted(rows, key=lambda i: self.view.visualRect(i).top())
        return sorted(rows, key=lambda i: i.row())

    def _selected_items(self) -> list[QTreeWidgetItem]:
        view = self.view
        assert isinstance(view, QTreeWidget)
        items = view.selectedItems()
        current = view.currentItem()
        return items or ([current] if current is not None else [])

    def selected_urls(self) -> list[str]:
        if isinstance(self.view, QTreeWidget):
            urls = [_url_of_item(i) for i in self._selected_items()]
        else:
            urls = [i.data(Roles.Url) for i in self._selected_indexes()]
        return list(dict.fromkeys(u for u in urls if u))  # once each, in order

    def selected_pages(self) -> list[str]:
        """The URLs the selected rows stand for, what an export or a re-check takes: a row's
        URL, or every URL below a site-tree folder (no URL itself)."""
        if not isinstance(self.view, QTreeView) or isinstance(self.view, QTreeWidget):
            return self.selected_urls()  # no folder there (a table's row's record: not asked)
        urls: list[str] = []
        for index in self._selected_indexes():
            folder = index.data(Roles.Record)
            if isinstance(folder, Folder):
                urls += folder.urls
            elif url := index.data(Roles.Url):
                urls.append(url)
        return list(dict.fromkeys(urls))

    def selected_text(self) -> str:
        """The selected rows as tab-separated lines of their shown cells."""
        if isinstance(self.view, QTreeWidget):
            return "\n".join(f"{i.text(0)}\t{i.text(1)}" for i in self._selected_items())
        cols = _visible_columns(self.view)
        lines = []
        for idx in self._selected_indexes():
            cells = [idx.siblingAtColumn(c).data(Qt.ItemDataRole.DisplayRole) for c in cols]
            lines.append("\t".join("" if v is None else str(v) for v in cells))
        return "\n".join(lines)

    def selected_count(self) -> int:
        if isinstance(self.view, QTreeWidget):
            return len(self._selected_items())
        return len(self._selected_indexes())

    def menu(self, pos: QPoint) -> QMenu | None:
        """The menu for a right-click at ``pos`` (None where no row is)."""
        url = self.url_at(pos)
        if url is None:
            return None
        view = self.view
        if isinstance(view, QTreeWidget):
            item = view.itemAt(pos)
            if item is not None and not item.isSelected():
                view.setCurrentItem(item)  # a right-click outside the selection acts on its row
        else:
            idx = view.indexAt(pos)
            sel = view.selectionModel()
            if sel is not None and not sel.isRowSelected(idx.row(), idx.parent()):
                view.setCurrentIndex(idx)
        m = self.menus
        menu = QMenu(view)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.setObjectName("row-menu")
        menu.addAction(translate(MENUS, "Copy &URL"), lambda: m.copy(url))
        n = self.selected_count()
        copy = translate(MENUS, "&Copy row") if n <= 1 else translate(MENUS, "&Copy {n} rows")
        menu.addAction(copy.format(n=f"{n:,}"), lambda: m.copy_rows(self))
        menu.addAction(translate(MENUS, "&Open in browser"), lambda: open_url(url))
        menu.addSeparator()
        # A folder has no links of its own: its pages have.
        is_url = not isinstance(view, QTreeView) or view.indexAt(pos).data(Roles.Record) is None
        inlinks = menu.addAction(translate(MENUS, "Show &inlinks"),
                                 lambda: m.show_links(url, "Inlinks"))  # fmt: skip
        outlinks = menu.addAction(translate(MENUS, "Show ou&tlinks"),
                                  lambda: m.show_links(url, "Outlinks"))  # fmt: skip
        inlinks.setEnabled(is_url)
        outlinks.setEnabled(is_url)
        menu.addSeparator()
        pages = self.selected_pages()  # a folder's: every URL below it
        records = m.records_of(pages)
        what = (
            translate(MENUS, "&Export selection to CSV…")
            if is_url
            else ntranslate(MENUS, "&Export its {n} page to CSV…", "&Export its {n} pages to CSV…",
                            len(records)).format(n=f"{len(records):,}")
        )  # fmt: skip
        export = menu.addAction(what, lambda: m.export_dialog(self))
        export.setEnabled(bool(records))
        menu.addSeparator()
        # The crawl shown fetches these URLs again in its crawl file (none while a crawl runs).
        k = len(pages)
        again = translate(MENUS, "&Re-check") if k <= 1 else translate(MENUS, "&Re-check {n} URLs")
        recheck = menu.addAction(again.format(n=f"{k:,}"), lambda: m.controller.recheck(pages))
        recheck.setEnabled(m.parts.recheck.isEnabled() and bool(records))
        return menu

    def install(self) -> None:
        view = self.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        # The plain URL menu (views.install_url_menu) gives way to this one.
        view.customContextMenuRequested.disconnect()
        view.customContextMenuRequested.connect(self._show)

    def _show(self, pos: QPoint) -> None:
        menu = self.menu(pos)
        if menu is not None:
            self.menus.last_menu = menu
            menu.popup(self.view.viewport().mapToGlobal(pos))


@dataclass(frozen=True)
class MenuParts:
    """What the window hands its menus: itself (its menu bar, its actions found by their text,
    the parent of a dialog), the views whose rows have a context menu (the Details pane last),
    its tabs, and the actions the menus show beside their own, by where they go."""

    window: QMainWindow
    row_views: tuple[QAbstractItemView, ...]
    details: DetailsPane
    tabs: QTabWidget
    file: tuple[QAction, ...]  # open, continue, compare
    crawl: tuple[QAction, ...]  # start, pause, cancel, continue
    checks: tuple[QAction, ...]  # a list of URLs, re-check
    export: tuple[QAction, ...]  # all pages, the filtered view
    findings: tuple[QAction, ...]  # the Overview's: a finding's URLs, every finding, broken links
    report: QAction
    recheck: QAction


class WindowMenus:
    """The menu bar of ``parts.window`` and its rows' context menus; ``menus`` by their English
    title ("File"…), whatever the language shown.
    Their commands act on the crawl ``controller`` shows."""

    def __init__(self, parts: MenuParts, controller: CrawlController) -> None:
        self.parts = p = parts
        self.window = parts.window
        self.controller = controller
        self.last_menu: QMenu | None = None  # the context menu shown last (tests look at it)
        self._box: QMessageBox | None = None
        self.rows: dict[QAbstractItemView, RowMenu] = {}
        for view in p.row_views:
            self.rows[view] = RowMenu(self, view)
            self.rows[view].install()
            if isinstance(view, QTableView):
                # Several rows to copy or export: Ctrl- and Shift-click add to the selection.
                view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        p.details.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

        # The window's own actions (one QAction each, found by the text window.py gives them).
        self.address_action = self._find("Address")
        self.filter_action = self._find("Filter")
        self.quit_action = self._find("Quit")
        self.address_action.setText(translate(MENUS, "Go to the &address"))
        self.filter_action.setText(translate(MENUS, "&Filter the pages"))
        self.quit_action.setText(translate(MENUS, "&Quit"))
        self.tab_actions = []
        for i in range(min(9, p.tabs.count())):
            a = self._find(f"Tab {i + 1}")
            a.setText(p.tabs.tabText(i))  # "&Pages": the tab's own name and mnemonic
            self.tab_actions.append(a)

        # Commands on the rows of the view in use (the focused one, else the tab shown).
        self.copy_rows_action = self._new(translate(MENUS, "&Copy rows"),
                                          QKeySequence.StandardKey.Copy,
                                          lambda: self.copy_rows(self.current()),
                                          translate(MENUS, "Copy the selected rows as tab-separated text"))  # fmt: skip
        self.copy_url_action = self._new(translate(MENUS, "Copy &URL"), "Ctrl+Shift+C",
                                         self.copy_current_url,
                                         translate(MENUS, "Copy the URL of the selected row"))  # fmt: skip
        self.inlinks_action = self._new(translate(MENUS, "Show &inlinks"), None,
                                        lambda: self._show_current("Inlinks"),
                                        translate(MENUS, "Show the pages linking to the selected URL in Details"))  # fmt: skip
        self.outlinks_action = self._new(translate(MENUS, "Show ou&tlinks"), None,
                                         lambda: self._show_current("Outlinks"),
                                         translate(MENUS, "Show the links on the selected page in Details"))  # fmt: skip
        self.export_selection_action = self._new(
            translate(MENUS, "Export &selection to CSV…"), None,
            lambda: self.export_dialog(self.current()),
            translate(MENUS, "Export the selected rows' pages as CSV"),
        )  # fmt: skip
        self.links_csv_action = self._new(
            translate(MENUS, "All &links CSV…"), None, self.links_csv_dialog,
            translate(MENUS, "Every link of every page and stylesheet with its words, as CSV"),
        )  # fmt: skip
        self.shortcuts_action = self._new(translate(MENUS, "&Keyboard shortcuts"),
                                          QKeySequence.StandardKey.HelpContents,
                                          self.show_shortcuts,
                                          translate(MENUS, "Every shortcut of the window"))  # fmt: skip
        self.about_action = self._new(translate(MENUS, "&About gui-crawler"), None,
                                      self.show_about, translate(MENUS, "Version and licence"))  # fmt: skip
        # A crawl on many machines, through Redis: watched, or started here (cluster_dialog).
        self.cluster_action = self._new(
            translate(MENUS, "Watch a clu&ster crawl…"), None, self.cluster_dialog,
            translate(MENUS, "Watch a crawl shared by many machines through Redis, or start the "
                             "address there"),
        )  # fmt: skip
        self.cluster: ClusterDialog | None = None
        self.cancel_box: QMessageBox | None = None
        controller.cancelAsked.connect(self.confirm_cancel)
        controller.changed.connect(
            lambda: self.cluster_action.setEnabled(not controller.bridge.running)
        )
        self.menus = self._build()

    # ---- construction -------------------------------------------------------------------------

    def _find(self, text: str) -> QAction:
        for a in self.window.actions():
            if a.text() == text:
                return a
        raise LookupError(f"the window has no action {text!r}")

    def _new(
        self,
        text: str,
        keys: str | QKeySequence.StandardKey | None,
        slot: Callable[[], object],
        tip: str,
    ) -> QAction:
        """An action of the menu bar only: not the window's, so that a text box keeps its own
        Ctrl+C (the window's actions go before a text box's keys)."""
        a = QAction(text, self.window.menuBar())
        if keys is not None:
            a.setShortcut(QKeySequence(keys))
        a.setToolTip(tip)
        a.setStatusTip(tip)
        a.triggered.connect(lambda _checked=False: slot())
        return a

    def _build(self) -> dict[str, QMenu]:
        p = self.parts
        bar = self.window.menuBar()
        layout: list[tuple[str, list[QAction | None]]] = [
            (noop(MENUS, "&File"), [*p.file, self.cluster_action, None, self.quit_action]),
            (noop(MENUS, "&Edit"), [self.copy_rows_action, self.copy_url_action, None,
                                    self.address_action, self.filter_action]),
            (noop(MENUS, "&View"), [*self.tab_actions, None, self.inlinks_action,
                                    self.outlinks_action]),
            (noop(MENUS, "&Crawl"), [*p.crawl, None, *p.checks]),
            (noop(MENUS, "E&xport"), [*p.export, self.export_selection_action, None, *p.findings,
                                      self.links_csv_action, p.report]),
            (noop(MENUS, "&Help"), [self.shortcuts_action, None, self.about_action]),
        ]  # fmt: skip
        menus = {}
        for title, actions in layout:
            menu = bar.addMenu(translate(MENUS, title))
            menu.setObjectName(f"menu-{_plain(title).lower()}")
            menu.setToolTipsVisible(True)
            for a in actions:
                if a is None:
                    menu.addSeparator()
                else:
                    menu.addAction(a)
            menus[_plain(title)] = menu
        menus["View"].addSeparator()
        self.language_menu = self._language_menu(menus["View"])
        return menus

    def _language_menu(self, view: QMenu) -> QMenu:
        """View → Language: the system's, or one the window speaks, each named in itself; kept
        in the settings for the next start (ui/i18n.py)."""
        menu = view.addMenu(translate(MENUS, "&Language"))
        menu.setObjectName("menu-language")
        group = QActionGroup(menu)
        chosen = i18n.stored_choice()
        system = translate(MENUS, "System language ({language})").format(
            language=i18n.LANGUAGES[i18n.system_language()]
        )
        for value, name in ((i18n.SYSTEM, system), *i18n.LANGUAGES.items()):
            a = menu.addAction(name)
            a.setCheckable(True)
            a.setChecked(value == chosen)
            a.setData(value)
            group.addAction(a)
            a.triggered.connect(lambda _checked=False, v=value: self.choose_language(v))
        return menu

    def choose_language(self, choice: str) -> None:
        """Keep ``choice`` (i18n.SYSTEM or a language) for the next start, and say so: the
        window's words are made in one language when it opens."""
        QSettings().setValue(i18n.KEY, choice)
        language = i18n.language_of(choice)
        name = i18n.LANGUAGES[language]
        if language == i18n.shown():
            said = translate(MENUS, "The window is in {language}")
        else:
            said = translate(
                MENUS, "The window will be in {language} when gui-crawler starts again"
            )
        self.controller.say(said.format(language=name))

    # ---- the view in use ----------------------------------------------------------------------

    def current(self) -> RowMenu | None:
        """The rows of the focused view, else of the tab shown; None when that tab has no rows
        of URLs (the workers, the timeline…): a command then does nothing."""
        focus = QGuiApplication.focusObject()
        for view, rows in self.rows.items():
            if focus is view or (isinstance(focus, QWidget) and view.isAncestorOf(focus)):
                return rows
        shown = self.parts.tabs.currentWidget()
        for view, rows in self.rows.items():
            if view is shown or (shown is not None and shown.isAncestorOf(view)):
                return rows
        return None

    def _current_urls(self) -> list[str]:
        rows = self.current()
        return rows.selected_urls() if rows is not None else []

    def copy_current_url(self) -> None:
        urls = self._current_urls()
        if urls:
            self.copy(urls[0])

    def _show_current(self, section: str) -> None:
        urls = self._current_urls()
        url = urls[0] if urls else self.parts.details.url
        if url:
            self.show_links(url, section)

    # ---- commands -----------------------------------------------------------------------------

    def copy(self, text: str) -> None:
        QGuiApplication.clipboard().setText(text)

    def copy_rows(self, rows: RowMenu | None) -> None:
        text = rows.selected_text() if rows is not None else ""
        if text:
            self.copy(text)
            n = text.count("\n") + 1
            self.controller.say(
                ntranslate(MENUS, "Copied {n} row", "Copied {n} rows", n).format(n=f"{n:,}")
            )

    def show_links(self, url: str, section: str) -> QTreeWidgetItem | None:
        """Show ``url`` in Details with its ``section`` ("Inlinks" or "Outlinks") unfolded,
        scrolled to and selected."""
        details = self.parts.details
        if details.url != url:
            details.show_url(url)
        title = QCoreApplication.translate("DetailsPane", section)  # as the pane titles it
        for i in range(details.topLevelItemCount()):
            item = details.topLevelItem(i)
            if item is not None and item.text(0).startswith(title):
                item.setExpanded(True)
                details.setCurrentItem(item)
                details.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtTop)
                return item
        return None

    def records_of(self, urls: list[str]) -> list[FetchRecord]:
        return self.controller.records_of(urls)

    def export_dialog(self, rows: RowMenu | None) -> Any:
        records = self.records_of(rows.selected_pages()) if rows is not None else []
        if not records:
            self.controller.say(
                translate(MENUS, "Select rows of fetched URLs to export them"), error=True
            )
            return None
        stem = file_stem(self.controller.root)
        n = len(records)
        title = ntranslate(
            MENUS, "Export {n} selected page as CSV", "Export {n} selected pages as CSV", n
        ).format(n=f"{n:,}")
        dlg = file_dialog(self.window, title, translate(MENUS, "CSV files (*.csv)"), save=True,
                          name=f"{stem}-selection.csv")  # fmt: skip
        dlg.fileSelected.connect(lambda path: self.export_selection(path, records))
        dlg.open()
        return dlg

    def export_selection(self, path: str, records: list[FetchRecord]) -> int:
        """The pages table's CSV of ``records`` (formulas defused, written whole or not at all)."""
        return self.controller.export(path, records)

    def links_csv_dialog(self) -> Any:
        stem = file_stem(self.controller.root)
        dlg = file_dialog(self.window, translate(MENUS, "Export every link as CSV"),
                          translate(MENUS, "CSV files (*.csv)"), save=True,
                          name=f"{stem}-links.csv")  # fmt: skip
        dlg.fileSelected.connect(self.export_links)
        dlg.open()
        return dlg

    def export_links(self, path: str) -> int:
        """Every link of every page with its words (anchors.link_rows), the words read from the
        crawl file."""
        c = self.controller
        rows = link_rows(c.results.links.records, c.is_internal, c.pages_words)
        try:
            n = write_links_csv(path, rows)
        except OSError as e:
            c.say(
                translate(MENUS, "Export failed: cannot write {path}: {why}").format(
                    path=path, why=e.strerror or e
                ),
                error=True,
            )
            return -1
        c.say(
            ntranslate(MENUS, "Exported {n} link to {path}", "Exported {n} links to {path}",
                       n).format(n=f"{n:,}", path=path)
        )  # fmt: skip
        return n

    def cluster_dialog(self) -> ClusterDialog:
        """File → Watch a cluster crawl…: the session chosen runs in the window."""
        c = self.controller
        dlg = ClusterDialog(lambda: str(getattr(self.window, "url", "")),
                            c.views.settings.config, c.data_dir, self.window)  # fmt: skip
        dlg.sessionReady.connect(c.run_cluster)
        dlg.finished.connect(dlg.deleteLater)
        self.cluster = dlg
        dlg.open()
        return dlg

    def confirm_cancel(self, question: str) -> QMessageBox:
        """Cancel of a crawl on many machines stops their work: asked first."""
        box = confirm_cancel(self.window, question, lambda: self.controller.cancel(everywhere=True))
        self.cancel_box = box
        return box

    # ---- help ---------------------------------------------------------------------------------

    def shortcuts(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every action of the window and of its menus with a shortcut,
        once each, in menu order."""
        seen: set[int] = set()
        out = []
        actions = [a for m in self.menus.values() for a in m.actions()] + self.window.actions()
        for a in actions:
            if id(a) in seen or a.isSeparator() or a.shortcut().isEmpty():
                continue
            seen.add(id(a))
            out.append((shortcut_text(a), _plain(a.text())))
        return out + [(translate(MENUS, k), translate(MENUS, what)) for k, what in MORE_KEYS]

    def _message(self, title: str, text: str) -> QMessageBox:
        if self._box is not None:
            self._box.close()
        box = QMessageBox(QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.Close, self.window)  # fmt: skip
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setModal(False)
        box.finished.connect(lambda _r: setattr(self, "_box", None))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._box = box
        box.open()
        return box

    def show_shortcuts(self) -> QMessageBox:
        rows = self.shortcuts()
        width = max(len(k) for k, _ in rows)
        text = "\n".join(f"{k.ljust(width)}   {what}" for k, what in rows)
        box = self._message(translate(MENUS, "Keyboard shortcuts"), text)
        box.setStyleSheet("QLabel { font-family: monospace; }")
        return box

    def show_about(self) -> QMessageBox:
        return self._message(
            translate(MENUS, "About gui-crawler"),
            f"gui-crawler {gui_crawler.__version__}\n"
            + translate(
                MENUS,
                "A desktop web crawler you can watch: every worker, the queue, redirects, the "
                "site's tree and broken links, live.",
            )
            + f"\n\n{translate(MENUS, LICENCE)}.\n\n"
            f"Python {platform.python_version()}, Qt {qVersion()}, PySide6 {PySide6.__version__}"
            f" on {sys.platform}",
        )
