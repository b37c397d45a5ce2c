"""The window's language: English, Simplified Chinese, or the system's (View → Language, kept in
QSettings; the system's is the first of ``QLocale.system().uiLanguages()``, which reads
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, that the window speaks).

Translations are installed before the window is built, and take effect from then on: a change
of language is said at the next start. Three translators go in: the window's own (its .ts
compiled into gui_crawler/resources/gui_crawler_<language>.qm at install), Qt's own for its
dialogs and buttons (``qtbase_<language>.qm`` from PySide6's translations folder), and the hook
through which the modules without Qt say their sentences (gui_crawler.base.translate).

The tables written without Qt (the pages table's columns, the findings, the verdicts' words…)
are translated where they are shown, from their English text in a context of their own
(``translate(COLUMNS, column.label)``): ``table_strings`` lists those texts for the translation
files (gui_crawler/ui/translations.py).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)

from gui_crawler.base import translate as hook
from gui_crawler.base.translate import (
    COLUMNS,
    COMPARE,
    EXPLANATIONS,
    FILTERS,
    FINDINGS,
    OPTIONS,
    VERDICTS,
    WORDING,
    noop,
)

log = logging.getLogger(__name__)

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
KEY = "window/language"
SYSTEM, ENGLISH, CHINESE = "", "en", "zh_CN"
# The languages the window speaks, each named in itself (View → Language).
LANGUAGES = {ENGLISH: "English", CHINESE: "简体中文"}


def ts_file(language: str) -> Path:
    """The translation people edit (gui_crawler/ui/translations.py keeps it up to date)."""
    return RESOURCES / f"gui_crawler_{language}.ts"


def qm_file(language: str) -> Path:
    """The translation compiled from ``ts_file`` (by the install, setup.py)."""
    return ts_file(language).with_suffix(".qm")


def stored_choice(settings: QSettings | None = None) -> str:
    """The language chosen in View → Language: SYSTEM (the default), ENGLISH or CHINESE."""
    value = (settings or QSettings()).value(KEY)
    return value if isinstance(value, str) and value in LANGUAGES else SYSTEM


def system_language(ui_languages: list[str] | None = None) -> str:
    """The first of the system's languages (BCP 47 tags, most wanted first) the window speaks;
    English when it speaks none of them. Chinese written in traditional characters is not
    simplified Chinese: the next language of the list is asked."""
    tags = QLocale.system().uiLanguages() if ui_languages is None else ui_languages
    for tag in tags:
        t = tag.replace("_", "-").lower()
        if t == "zh" or t.startswith("zh-"):
            if any(part in ("hant", "tw", "hk", "mo") for part in t.split("-")[1:]):
                continue
            return CHINESE
        if t == "en" or t.startswith("en-"):
            return ENGLISH
    return ENGLISH


def language_of(choice: str) -> str:
    return choice if choice in LANGUAGES else system_language()


_shown = ENGLISH  # the language installed last


def shown() -> str:
    """The language the window's words are made in (the one installed)."""
    return _shown


class Installed:
    """The translators a language put in, to be taken out again (``remove``)."""

    def __init__(self, language: str, translators: list[QTranslator]) -> None:
        self.language = language
        self.translators = translators

    def remove(self) -> None:
        global _shown
        app = QCoreApplication.instance()
        for t in self.translators:
            if app is not None:
                app.removeTranslator(t)
        self.translators = []
        _shown = ENGLISH
        hook.install(None)
        QLocale.setDefault(QLocale.system())


def install(language: str) -> Installed:
    """Put in the translations of ``language`` (ENGLISH: none; the sentences stay as written).
    A translation file that cannot be read leaves the window in English, and says why in the
    log."""
    global _shown
    _shown = ENGLISH
    app = QCoreApplication.instance()
    if language == ENGLISH or language not in LANGUAGES or app is None:
        return Installed(ENGLISH, [])
    ours = QTranslator(app)
    if not ours.load(str(qm_file(language))):
        log.warning("no translation into %s: %s could not be read", language, qm_file(language))
        return Installed(ENGLISH, [])
    translators = [ours]
    qt = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt.load(f"qtbase_{language}", folder):  # Qt's dialogs and buttons
        translators.append(qt)
    for t in translators:
        app.installTranslator(t)
    hook.install(QCoreApplication.translate)
    QLocale.setDefault(QLocale(language))  # dates and numbers in Qt's own dialogs
    _shown = language
    return Installed(language, translators)


# The states a crawl file is left in (its ``state``: storage/writer.py, events.Reason, "error: …"),
# as the window says them.
STATES = "CrawlStates"
STATE_WORDS = (
    noop(STATES, "running"),
    noop(STATES, "interrupted"),
    noop(STATES, "finished"),
    noop(STATES, "done"),
    noop(STATES, "cancelled"),
)


def state_words(state: str) -> str:
    """A crawl file's state in the window's language (an error's own words stay as they are)."""
    error, colon, why = state.partition(": ")
    if colon and error == "error":
        return QCoreApplication.translate(STATES, "error: {why}").format(why=why)
    return QCoreApplication.translate(STATES, state)


# The pages table's cells said in words of a table (their column's CSV name: the context).
_CELLS = {"status": WORDING, "error": WORDING, "verdict": VERDICTS}


def said_cell(column: str, text: str) -> str:
    """A cell of the pages table's ``column`` in the window's language: a status or error's
    words, a verdict (a number, a URL, a page's text: as they are)."""
    context = _CELLS.get(column)
    return hook.translate(context, text) if context is not None and text else text


def finding_label(key: str, label: str) -> str:
    """A finding's name (audit.FINDINGS, or a custom rule's: "price: nothing extracted") in the
    window's language."""
    from gui_crawler.records.audit import CUSTOM_LABELS

    prefix, colon, name = key.partition(":")
    if colon and prefix in CUSTOM_LABELS:
        return hook.translate(FINDINGS, CUSTOM_LABELS[prefix]).format(name=name)
    return hook.translate(FINDINGS, label)


def table_strings() -> Iterator[tuple[str, str]]:
    """(context, English text) of every string of the tables written without Qt that the
    window shows translated: the translation files must hold each."""
    from gui_crawler.options import OPTIONS as ALL_OPTIONS
    from gui_crawler.records import verdicts, wording
    from gui_crawler.records.audit import CUSTOM_LABELS
    from gui_crawler.records.audit import FINDINGS as FINDING_ROWS
    from gui_crawler.records.compare import KINDS
    from gui_crawler.records.explanations import CUSTOM
    from gui_crawler.records.explanations import EXPLANATIONS as EXPLAINED
    from gui_crawler.records.page_columns import PAGE_COLUMNS
    from gui_crawler.records.record_filters import RECORD_FILTERS

    for c in PAGE_COLUMNS:
        yield COLUMNS, c.label
        yield COLUMNS, c.tip
    for _key, label, _severity in FINDING_ROWS:
        yield FINDINGS, label
    for template in CUSTOM_LABELS.values():
        yield FINDINGS, template
    for e in (*EXPLAINED.values(), *CUSTOM.values()):
        yield EXPLANATIONS, e.what
        yield EXPLANATIONS, e.fix
    for v in verdicts.Verdict:
        yield VERDICTS, v.value
    yield VERDICTS, verdicts.CUT_SHORT
    for w in verdicts.WORDS.values():
        yield from ((VERDICTS, text) for text in (w.label, w.one, w.many, w.title))
    for label, tip in verdicts.CLASS_WORDS.values():
        yield VERDICTS, label
        yield VERDICTS, tip
    for word, sentence in wording.WORDS.values():
        yield WORDING, word
        yield WORDING, sentence
    for label, tip in RECORD_FILTERS:
        yield FILTERS, label
        yield FILTERS, tip
    for kind in KINDS:
        yield COMPARE, kind.label
    for opt in ALL_OPTIONS:
        if opt.label:  # a field of the settings
            said = (opt.label, opt.tooltip or opt.help, opt.special, opt.placeholder, opt.suffix)
            yield from ((OPTIONS, text) for text in said)
            yield OPTIONS, opt.name  # named in what is wrong with its value (config.py)
            if opt.kind in ("text", "regex", "lines"):  # and in what is wrong with its text
                yield OPTIONS, opt.name.replace("_", " ")
            yield from ((OPTIONS, text) for text, _value in opt.choices)
