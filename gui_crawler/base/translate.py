"""Sentences for people, marked for translation where they are written, in modules with or
without Qt: ``translate(context, text)`` for a sentence (a template when it has ``{name}``
fields: ``.format()`` follows), ``ntranslate(context, one, many, n)`` for one whose words depend
on a count ("1 row", "2 rows").

Without a translation installed — the command line, the tests — every sentence is the English
written here, and a count picks ``one`` or ``many`` as English does. The window installs Qt's
translation (``install``, by gui_crawler/ui/i18n.py) when it shows another language; then each
sentence is looked up by its context and English text (``many`` for a count, whose forms the
language's translation gives), and a sentence with no translation stays English.

tools/translations.py finds every call whose context and texts are written as literals (and
QObject's ``self.tr(...)``) and keeps gui_crawler/resources/*.ts up to date with them.
"""

from __future__ import annotations

from collections.abc import Callable

# Qt's QCoreApplication.translate(context, text, disambiguation, n).
Translator = Callable[[str, str, str | None, int], str]

_installed: Translator | None = None


def install(translator: Translator | None) -> None:
    """Look sentences up with ``translator`` from now on (None: English as written)."""
    global _installed
    _installed = translator


def installed() -> Translator | None:
    return _installed


def translate(context: str, text: str) -> str:
    """``text`` in the language installed (as written when it has no translation)."""
    if _installed is None:
        return text
    return _installed(context, text, None, -1)


def ntranslate(context: str, one: str, many: str, n: int) -> str:
    """The words for a count of ``n``: ``one`` or ``many`` in English, the translation's form for
    ``n`` in another language (looked up by ``many``). The count is not put in: a ``{n}`` field
    is the caller's, formatted as it likes (``1,024``)."""
    if _installed is not None:
        text = _installed(context, many, None, n)
        if text != many:
            return text
    return one if n == 1 else many


def noop(context: str, text: str) -> str:
    """Marks ``text`` for the translation files where it is written (a constant of a table);
    ``translate(context, text)`` says it where it is shown."""
    del context
    return text


# The contexts of the tables written without Qt, said in the window's language where they are
# shown (gui_crawler/ui/i18n.py lists their strings for the translation files).
COLUMNS = "PageColumns"  # the pages table's columns: labels and tips (page_columns.py)
FINDINGS = "Findings"  # the audit's findings' names (audit.py)
EXPLANATIONS = "Explanations"  # what each finding means and how to fix it (explanations.py)
VERDICTS = "Verdicts"  # the verdicts' and status classes' words (verdicts.py)
WORDING = "Wording"  # what happened to a URL, in a word and a sentence (wording.py)
FILTERS = "RecordFilters"  # the pages table's filter buttons (record_filters.py)
OPTIONS = "Options"  # the settings' labels, tips, choices (options.py)
HEADERS = "Columns"  # the window's tables' column headers (but the pages table's: COLUMNS)
COMPARE = "Compare"  # what two crawls compared say: kinds of change (compare.py)
STORE = "CrawlFile"  # what is said about a crawl file that cannot be used (storage/)
