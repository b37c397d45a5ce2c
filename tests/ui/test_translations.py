"""Issue #41 C: the window in Simplified Chinese.

Every string the window shows has a translation (the sources are read as the translation files
are made, and the test names each string left), the .qm built by the install is Qt's lrelease's
byte for byte, the system's language is followed, and the window under Chinese shows no English
in its menus, tabs, settings, tables' headers, findings, details and status bar but names.
"""

# ruff: noqa: RUF001 (Chinese punctuation: what the window shows)
from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from windows import PAGES, crawl_to_end

from gui_crawler.base import translate as hook
from gui_crawler.records.wording import error_sentence
from gui_crawler.ui import i18n, translations, tsfile
from gui_crawler.ui.hosts_model import HOST_COLUMNS
from gui_crawler.ui.roles import Roles
from gui_crawler.ui.tsfile import Message
from gui_crawler.window import MainWindow

ZH = i18n.ts_file(i18n.CHINESE)
LRELEASE = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))

# ---- every string translated ----------------------------------------------------------------


def test_every_string_of_the_window_has_a_translation() -> None:
    for ts in translations.ts_files():
        assert ts.is_file(), f"no {ts.name}: run `make translations`"
        problems = translations.problems_of(ts)
        assert not problems, (
            f"`make translations`, then translate these in {ts.name} (Qt Linguist, or by hand):\n"
            + "\n".join(problems)
        )


MADE_UP = """
from PySide6.QtCore import QCoreApplication, QObject
from gui_crawler.base.translate import COLUMNS, noop, ntranslate, translate

WHERE = "Somewhere"
TITLE = noop(WHERE, "A constant")


def free(text):
    return "the text".translate(text)


class Panel(QObject):
    def words(self, n, label, path):
        self.tr("Hello " "there")
        self.tr("{n} pages found").format(n=n)
        translate(COLUMNS, label)  # a table's text: listed by i18n.table_strings
        ntranslate(WHERE, "{n} row", "{n} rows", n)
        QCoreApplication.translate("Elsewhere", "Qt's own way")
"""
WRONG = """
        self.tr(f"Saved to {path}")
        self.window().tr("Not mine")
"""


@pytest.fixture
def made_up(tmp_path: Path) -> Path:
    """A package of one module written for translation, beside gui_crawler.base.translate."""
    package = tmp_path / "pkg"
    (package / "base").mkdir(parents=True)
    shutil.copy(translations.PACKAGE / "base" / "translate.py", package / "base")
    (package / "ui").mkdir()
    (package / "ui" / "panel.py").write_text(MADE_UP)
    return package


def test_the_strings_are_found_where_they_are_written(made_up: Path) -> None:
    (made_up / "ui" / "panel.py").write_text(MADE_UP + WRONG)
    found, problems = translations.find_in_sources(made_up)
    said = {(f.context, f.source, f.numerus) for f in found}
    assert said == {
        ("Somewhere", "A constant", False),
        ("Panel", "Hello there", False),
        ("Panel", "{n} pages found", False),
        ("Somewhere", "{n} rows", True),
        ("Elsewhere", "Qt's own way", False),
    }
    assert len(problems) == 2
    assert "f-string" in problems[0] and "ui/panel.py:" in problems[0]
    assert "tr() on something but self" in problems[1]


def test_a_string_with_no_translation_is_named(made_up: Path, tmp_path: Path) -> None:
    messages, problems = translations.find_all(made_up)
    assert not problems
    for m in messages:  # each translated, its fields and its mnemonic kept
        kept = " ".join(re.findall(r"\{\w*\}", m.source)) + (" (&X)" if "&" in m.source else "")
        m.translations, m.kind = ["译文 " + kept], ""
    ts = tmp_path / "gui_crawler_zh_CN.ts"
    tsfile.write(ts, "zh_CN", messages)
    assert translations.problems_of(ts, made_up) == []

    new = MADE_UP.replace('"Hello " "there"', '"Hello there, and a new line"')
    (made_up / "ui" / "panel.py").write_text(new)
    assert translations.problems_of(ts, made_up) == [
        f"not in {ts.name}: Panel: 'Hello there, and a new line'"
    ]
    _, messages = tsfile.read(ts)
    for m in messages:
        if m.source == "{n} pages found":
            m.translations = ["找到了若干页面"]  # the count dropped
        if m.source == "Qt's own way":
            m.kind = tsfile.UNFINISHED
    tsfile.write(ts, "zh_CN", messages)
    assert translations.problems_of(ts, made_up) == [
        f"not in {ts.name}: Panel: 'Hello there, and a new line'",
        "fields differ: Panel: '{n} pages found' -> '找到了若干页面'",
        'no translation: Elsewhere: "Qt\'s own way"',
    ]


def test_an_update_keeps_every_translation_made() -> None:
    old = [
        Message("A", "kept", translations=["保留"], kind=""),
        Message("A", "gone", translations=["消失"], kind=""),
        Message("A", "{n} rows", numerus=True, translations=["{n} 行"], kind=""),
        Message("A", "never translated"),
    ]
    current = [Message("A", "kept"), Message("A", "new"), Message("A", "{n} rows", numerus=True)]
    out = {m.source: m for m in translations.merged(current, old, drop_vanished=False)}
    assert (out["kept"].translations, out["kept"].kind) == (["保留"], "")
    assert (out["{n} rows"].translations, out["{n} rows"].kind) == (["{n} 行"], "")
    assert not out["new"].translated and out["new"].kind == tsfile.UNFINISHED
    # A string no longer written keeps its translation, for an edited string to take.
    assert (out["gone"].kind, out["gone"].translations) == (tsfile.VANISHED, ["消失"])
    assert "never translated" not in out
    dropped = translations.merged(current, old, drop_vanished=True)
    assert [m.source for m in dropped] == ["kept", "new", "{n} rows"]


# ---- the .qm ---------------------------------------------------------------------------------


TINY = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>B</name>
    <message><source>zebra</source><translation>斑马</translation></message>
    <message><source>apple &amp; &lt;pear&gt;</source><translation>苹果 &amp; &lt;梨&gt;</translation></message>
    <message><source>same</source><comment>menu</comment><translation>同（菜单）</translation></message>
    <message><source>same</source><translation>同</translation></message>
    <message numerus="yes"><source>{n} rows</source><translation><numerusform>{n} 行</numerusform></translation></message>
    <message><source>half done</source><translation type="unfinished">做了一半</translation></message>
    <message><source>not yet</source><translation type="unfinished"></translation></message>
    <message><source>gone</source><translation type="vanished">没了</translation></message>
</context>
<context>
    <name>A</name>
    <message><source>zebra</source><translation>A 的斑马</translation></message>
</context>
</TS>
"""


@pytest.mark.skipif(LRELEASE is None, reason="PySide6's pyside6-lrelease is not installed")
@pytest.mark.parametrize("which", ["tiny", "the window's"])
def test_the_qm_is_lreleases_byte_for_byte(tmp_path: Path, which: str) -> None:
    ts = tmp_path / "t.ts"
    if which == "tiny":
        ts.write_text(TINY, encoding="utf-8")
    else:
        shutil.copy(ZH, ts)
    assert LRELEASE is not None
    subprocess.run(
        [LRELEASE, "-silent", str(ts), "-qm", str(tmp_path / "lrelease.qm")],
        check=True,
        timeout=60,
    )
    ours = tsfile.compile_qm(*tsfile.read(ts))
    assert ours == (tmp_path / "lrelease.qm").read_bytes()


def test_the_qm_says_what_the_ts_says(qapp: Any, tmp_path: Path) -> None:
    language, messages = tsfile.read(ZH)
    # Loaded from a file as the app loads it: QTranslator.load(data) keeps a pointer to the
    # bytes without copying them, and a temporary freed after the call crashed Python 3.13.
    qm = tmp_path / "zh.qm"
    qm.write_bytes(tsfile.compile_qm(language, messages))
    t = QTranslator()
    assert t.load(str(qm))
    assert t.language() == "zh_CN"
    for m in messages:
        for n in (1, 5) if m.numerus else (-1,):
            got = t.translate(m.context, m.source, m.comment or None, n)
            assert got == m.translations[0], (m.context, m.source)
    assert t.translate("MainWindow", "no such string") == ""


def test_a_language_without_known_plural_rules_is_refused() -> None:
    with pytest.raises(ValueError, match="plural rules"):
        tsfile.compile_qm("fr", [Message("A", "x", translations=["y"], kind="")])


# ---- the language chosen ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "language"),
    [
        (["zh-Hans-CN", "zh-CN", "zh-Hans", "zh"], i18n.CHINESE),
        (["zh"], i18n.CHINESE),
        (["zh-Hant-TW", "zh-TW", "en-US"], i18n.ENGLISH),  # traditional characters: not these
        (["fr-FR", "zh-CN"], i18n.CHINESE),
        (["de-DE", "en-GB", "zh-CN"], i18n.ENGLISH),
        (["C"], i18n.ENGLISH),
        ([], i18n.ENGLISH),
    ],
)
def test_the_system_language_is_the_first_the_window_speaks(tags: list[str], language: str) -> None:
    assert i18n.system_language(tags) == language


LANGUAGE_OF = """
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
app.setOrganizationName("gui_crawler_tests")
from gui_crawler.ui import i18n
chosen = i18n.language_of(i18n.stored_choice())
i18n.install(chosen)
print(chosen, QCoreApplication.translate("MainWindow", "&Start"),
      QCoreApplication.translate("QPlatformTheme", "Cancel"), sep="|")
"""


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"LANGUAGE": "zh_CN"}, "zh_CN|开始(&S)|取消"),
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN|开始(&S)|取消"),
        ({"LC_ALL": "zh_CN.UTF-8"}, "zh_CN|开始(&S)|取消"),
        ({"LANGUAGE": "en", "LANG": "zh_CN.UTF-8"}, "en|&Start|Cancel"),
        ({"LANG": "C.UTF-8"}, "en|&Start|Cancel"),
    ],
)
def test_the_window_follows_the_systems_language(
    tmp_path: Path, env: dict[str, str], said: str
) -> None:
    """As a person starts it: a fresh process whose environment says the language (Qt reads it
    once), the window's translation and Qt's own put in (here compiled from the .ts)."""
    qm = tmp_path / "gui_crawler_zh_CN.qm"
    tsfile.release(ZH, qm)
    here = (
        "from pathlib import Path\nfrom gui_crawler.ui import i18n\n"
        f"i18n.qm_file = lambda language: Path({str(qm)!r})\n"
    )
    said_by_env = ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
    base = {k: v for k, v in os.environ.items() if k not in said_by_env}
    done = subprocess.run(
        [sys.executable, "-c", here + LANGUAGE_OF],
        env={**base, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == said


def test_the_language_chosen_in_the_view_menu_is_kept(window: MainWindow) -> None:
    menu = window.menus.language_menu
    names = [a.text() for a in menu.actions()]
    assert names[1:] == ["English", "简体中文"] and names[0].startswith("System language (")
    assert menu.actions()[0].isChecked()  # nothing chosen yet: the system's
    menu.actions()[2].trigger()
    assert i18n.stored_choice(QSettings()) == i18n.CHINESE
    assert window.notice.text() == "The window will be in 简体中文 when gui-crawler starts again"
    menu.actions()[1].trigger()
    assert i18n.stored_choice(QSettings()) == i18n.ENGLISH
    assert window.notice.text() == "The window is in English"


# ---- the window in Chinese -------------------------------------------------------------------


@pytest.fixture
def chinese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: Any) -> Iterator[None]:
    """The window's translation (compiled from the .ts as it is now) and Qt's, installed as the
    window's start-up does; taken out again afterwards."""
    qm = tmp_path / "gui_crawler_zh_CN.qm"
    tsfile.release(ZH, qm)
    monkeypatch.setattr(i18n, "qm_file", lambda language: qm)
    installed = i18n.install(i18n.CHINESE)
    assert installed.language == i18n.CHINESE
    yield
    installed.remove()
    assert hook.installed() is None and i18n.shown() == i18n.ENGLISH


@pytest.fixture
def zh_window(chinese: None, window: MainWindow) -> MainWindow:
    """The window made once Chinese is installed (fixtures are set up in the order named)."""
    return window


# Words left in English on purpose: names, formats, protocols, units, keys.
NAMES = {
    "url", "urls", "csv", "http", "https", "html", "robots", "txt", "javascript", "redis", "png",
    "svg", "dns", "ttfb", "js", "ms", "kb", "mb", "ctrl", "shift", "esc", "enter", "return",
    "chromium", "chrome", "xpath", "css", "regex", "head", "get", "cookie", "json", "dom",
    "noindex", "none", "xml", "rendered", "location", "meta", "off", "auto", "all", "cpu",
    "english", "alt", "ascii", "nofollow", "noopener", "hreflang", "viewport", "lorem", "ipsum",
}  # fmt: skip
TECHNICAL = re.compile(r"[/:._=@+\\<>*$#\[\]|%-]")  # a path, a URL, a flag, an identifier


def english(text: str) -> list[str]:
    """The English words of ``text`` that are no name of NAMES (a token that is a URL, a path, a
    flag or an identifier is skipped whole)."""
    text = html.unescape(re.sub(r"<[^>]*>", "", text))  # a tooltip made rich (plaintext.tip)
    text = text.replace("gui-crawler crawl", "")
    words = []
    for token in text.split():
        token = token.strip("()（）“”\"',;.!?：，。；、")
        if TECHNICAL.search(token):
            continue
        found = re.findall(r"(?<![0-9A-Za-z])[A-Za-z]{2,}\d*", token)  # not the xx of 4xx
        words += [w for w in found if w.lower() not in NAMES]
    return words


def shown_texts(w: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of every word a person can be shown by ``w`` and its children: labels,
    buttons, tabs, titles, tooltips, placeholders, menus, combo items, spin box units, headers."""
    for child in [w, *w.findChildren(QWidget)]:
        name = f"{type(child).__name__} {child.objectName()!r}"
        yield name + " tip", child.toolTip()
        yield name + " accessible name", child.accessibleName()
        if child.isWindow():
            yield name + " title", child.windowTitle()
        if isinstance(child, QLabel | QAbstractButton):
            yield name, child.text()
        if isinstance(child, QLineEdit | QPlainTextEdit):
            yield name + " placeholder", child.placeholderText()
        if isinstance(child, QGroupBox):
            yield name, child.title()
        if isinstance(child, QAbstractSpinBox):
            yield name, child.text()
            yield name + " special", child.specialValueText()
        if isinstance(child, QComboBox):
            yield from ((name, child.itemText(i)) for i in range(child.count()))
        if isinstance(child, QTabWidget):
            for i in range(child.count()):
                yield name + " tab", child.tabText(i)
                yield name + " tab tip", child.tabToolTip(i)
        if isinstance(child, QMenu):
            yield name, child.title()
            for a in child.actions():
                yield name + " action", a.text()
                yield name + " action tip", a.toolTip()
        if isinstance(child, QTreeWidget):
            head = child.headerItem()
            yield from ((name + " header", head.text(i)) for i in range(head.columnCount()))
        if isinstance(child, QAbstractItemView) and child.model() is not None:
            model = child.model()
            for c in range(model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    head = model.headerData(c, Qt.Orientation.Horizontal, role)
                    if isinstance(head, str):
                        yield name + " header", head
    for a in w.actions():
        yield "window action", a.text()
        yield "window action tip", a.toolTip()


def details_labels(item: QTreeWidgetItem) -> Iterator[str]:
    """The Details pane's field names and section titles (its values, and the names of the
    response headers, are the server's own)."""
    yield item.text(0)
    if item.text(0).startswith(QCoreApplication.translate("DetailsPane", "Response headers")):
        return
    for i in range(item.childCount()):
        yield from details_labels(item.child(i))


def left_in_english(texts: Iterator[tuple[str, str]]) -> str:
    """Each text with an English word left, one a line (where, words, text): "" when none."""
    return "\n".join(
        f"{where}: {found} in {text!r}"
        for where, text in texts
        if text and (found := english(text))
    )


def test_the_window_speaks_chinese_with_no_english_left(
    zh_window: MainWindow, qtbot: Any, live_site: Any
) -> None:
    w = zh_window
    assert w.start_action.text() == "开始(&S)"
    assert [w.tabs.tabText(i) for i in range(3)] == ["页面(&P)", "站点树(&T)", "工作协程(&W)"]
    assert w.menus.menus["File"].title() == "文件(&F)"  # found by its English name still
    assert w.settings.pages.tabText(0) == "抓取(&C)"
    assert w.state_label.text() == "就绪"
    live_site.fill_small()
    crawl_to_end(qtbot, w, live_site.url)
    assert w.row_count == PAGES
    stats = {k: lab.text() for k, lab in w.stat_labels.items()}
    assert stats["urls"] == f"URL {PAGES}" and stats["broken"].startswith("断链 ")
    assert w.state_label.text().startswith("已完成：")

    # What a crawl fills: a finding picked, its explanation; the root's details; a 404's words.
    w.overview.table.setCurrentIndex(w.overview.model.index(0, 0))
    w.overview.pick(0)
    w.details.show_url(live_site.url)
    texts = list(shown_texts(w))
    texts += [("finding", w.overview.model.data(w.overview.model.index(r, 0)))
              for r in range(w.overview.model.rowCount())]  # fmt: skip
    texts += [("chart", c.title) for c in (w.charts.queue, w.charts.busy, w.charts.rate)]
    for i in range(w.details.topLevelItemCount()):
        item = w.details.topLevelItem(i)
        assert item is not None
        texts += [("details", t) for t in details_labels(item)]
    pages = w.results.pages
    for row in range(pages.rowCount()):
        for col in (1, 9, 15):  # status, error, verdict
            assert pages.columns[col].csv in ("status", "error", "verdict")
            texts.append(("pages cell", pages.data(pages.index(row, col))))
    hosts = w.results.hosts  # the engine's words for a host's robots.txt and kind, in Chinese
    assert [hosts.data(hosts.index(0, c)) for c in (10, 11)] == ["无（404）", "已爬取"]
    assert HOST_COLUMNS[10] == "robots.txt"
    texts += [("shortcut", f"{keys} {what}") for keys, what in w.menus.shortcuts()]
    left = left_in_english(iter(texts))
    assert not left, "words left in English:\n" + left
    said = [t for where, t in texts if where == "pages cell"]
    assert "500" in said and "断链" in said and "重定向" in said


def test_the_windows_dialogs_speak_chinese(
    zh_window: MainWindow, qtbot: Any, live_site: Any
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, zh_window, live_site.url)  # a crawl file for the lists of crawls
    d = zh_window.dialogs
    for dlg in (d.recent_dialog(), d.list_dialog(), d.compare_dialog()):
        try:
            left = left_in_english(shown_texts(dlg))
            assert not left, f"words left in English in {dlg.windowTitle()}:\n" + left
        finally:
            dlg.close()
    assert d.recent is not None and d.recent.caption.text().startswith(str(d.recent.folder))


def test_qts_own_dialogs_speak_chinese_too(zh_window: MainWindow, qtbot: Any) -> None:
    dlg = zh_window.dialogs.export_dialog(False)
    try:
        texts = list(shown_texts(dlg))
        left = left_in_english(iter(texts))
        assert not left, "words left in English:\n" + left
        assert "导出(&E)…" not in dict(texts).values()  # the dialog's, not the menu's
        assert any(t == "查找范围(&L)：" for _, t in texts)
    finally:
        dlg.reject()
    box = zh_window.menus.show_shortcuts()
    try:
        assert [b.text() for b in box.buttons()] == ["关闭"]
        assert box.windowTitle() == "键盘快捷键"
    finally:
        box.close()


def test_the_english_window_is_unchanged_by_the_translation(window: MainWindow) -> None:
    """Without a translation installed (the tests, an English system), every word is the
    English written in the code."""
    assert QCoreApplication.translate("MainWindow", "&Start") == "&Start"
    assert window.start_action.text() == "&Start"
    assert window.menus.menus["View"].title() == "&View"
    assert window.state_label.text() == "Ready"
    assert window.pages_tab.count.text() == "0 URLs"
    assert window.results.pages.headerData(1, Qt.Orientation.Horizontal) == "Status"


def test_the_text_filter_finds_an_error_by_the_words_the_window_shows(
    zh_window: MainWindow, qtbot: Any, live_site: Any
) -> None:
    w = zh_window
    live_site.add_page("/", ["/nowhere", "/a"])
    live_site.add_page("/a", [])
    live_site.pages["/nowhere"] = (302, "", {}, 0)  # a redirect without Location: an error
    crawl_to_end(qtbot, w, live_site.url)
    pages = w.results.pages
    error = next(c for c, col in enumerate(pages.columns) if col.csv == "error")
    [row] = [r for r in range(pages.rowCount()) if pages.data(pages.index(r, error))]
    said = pages.data(pages.index(row, error))
    assert said and not english(said)  # the Error cell is in Chinese
    english_words = error_sentence(pages.data(pages.index(row, 0), Roles.Record))
    assert english_words and english_words != said

    def rows_for(text: str) -> list[str]:
        w.pages_tab.filter.setText(text)
        w.pages_tab.apply_now()  # the filter waits for a pause in typing
        proxy = w.results.proxy
        return [proxy.index(r, 0).data(Roles.Url) for r in range(proxy.rowCount())]

    assert rows_for(said[:4]) == [live_site.url + "nowhere"]  # what the cell shows is found
    assert rows_for(english_words.split()[-1]) == []  # words it does not show are not
