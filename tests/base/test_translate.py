"""base.translate: sentences as written until a translation is installed (the command line), then
looked up by context and English text; a count's words English's own without one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gui_crawler.base import translate as hook
from gui_crawler.base.translate import noop, ntranslate, translate

SAID = {("Ctx", "Hello"): "你好", ("Ctx", "{n} rows"): "{n} 行"}
asked: list[tuple[str, str, str | None, int]] = []


def lookup(context: str, text: str, disambiguation: str | None, n: int) -> str:
    """A translation as Qt's translate gives it: the text itself when it has none."""
    asked.append((context, text, disambiguation, n))
    return SAID.get((context, text), text)


@pytest.fixture
def installed() -> Iterator[None]:
    asked.clear()
    hook.install(lookup)
    yield
    hook.install(None)


def test_without_a_translation_the_english_is_said() -> None:
    assert hook.installed() is None
    assert translate("Ctx", "Hello") == "Hello"
    assert ntranslate("Ctx", "{n} row", "{n} rows", 1) == "{n} row"
    assert ntranslate("Ctx", "{n} row", "{n} rows", 0) == "{n} rows"
    assert ntranslate("Ctx", "{n} row", "{n} rows", 2).format(n=2) == "2 rows"
    assert noop("Ctx", "Later") == "Later"


def test_an_installed_translation_is_looked_up_by_context_and_text(installed: None) -> None:
    assert translate("Ctx", "Hello") == "你好"
    assert translate("Other", "Hello") == "Hello"
    # A count is looked up by its English plural, with n: the language picks its form.
    assert ntranslate("Ctx", "{n} row", "{n} rows", 1).format(n=1) == "1 行"
    assert asked[-1] == ("Ctx", "{n} rows", None, 1)
    # Not translated: English's own singular and plural, not the plural for one.
    assert ntranslate("Ctx", "{n} page", "{n} pages", 1) == "{n} page"
    assert ntranslate("Ctx", "{n} page", "{n} pages", 3) == "{n} pages"
