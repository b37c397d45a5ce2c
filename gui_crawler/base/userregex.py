"""The regular expressions people give (``--include``/``--exclude`` on URLs, ``regex:`` rules of
extraction and search on pages), run with a time budget.

Python's ``re`` has none, and a pattern that backtracks catastrophically held the crawl without
end: ``(a|aa)+$`` took 44 s on 40 "a"s of a URL or page, and 50 would take an hour; ``re`` keeps
the GIL all the while, so even a thread held everything. The ``regex`` module reads the same
syntax (its VERSION0 is ``re``'s), lets other threads run while it matches, and stops a match at
its ``timeout`` (a little after it: it looks at the clock as it goes) with TimeoutError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui_crawler.base.translate import translate

# Seconds a person's regex may take on one URL (a sane one takes microseconds), and on one page
# (a sane one takes milliseconds on a 10 MB page).
URL_BUDGET = 0.1
PAGE_BUDGET = 1.0
# URLs whose answer is kept: a page's links repeat on every page (navigation).
_MEMO = 1 << 16

Pattern = Any  # regex.Pattern[str]: the module ships no type hints


def _regex() -> Any:
    """The ``regex`` module, imported the first time a person's pattern is: ~5 ms of every
    start otherwise (as much as a seventh of our own modules' import), and a plain crawl has
    no pattern."""
    import regex

    return regex


def __getattr__(name: str) -> Any:
    if name == "error":  # the exception a pattern that is none raises (regex.error)
        return _regex().error
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compile(pattern: str) -> Pattern:
    """The pattern compiled as Python's ``re`` would read it; ``error`` if it is none."""
    return _regex().compile(pattern)


def problem(pattern: str) -> str | None:
    """Why ``pattern`` is not a regular expression, in the module's words, or None."""
    regex = _regex()
    try:
        regex.compile(pattern)
    except regex.error as e:
        return str(e)
    return None


class UrlRegex:
    """An include or exclude pattern searched in URLs, URL_BUDGET a URL. A search cut short
    answers ``when_cut`` (the URL is then left out of the crawl either way) and calls ``on_cut``
    with a sentence for a person, once."""

    def __init__(self, pattern: str, what: str, when_cut: bool) -> None:
        self.pattern = pattern
        self.what = what  # the option, as a person knows it ("--exclude")
        self.when_cut = when_cut
        self.on_cut: Callable[[str], None] = lambda text: None
        self._compiled = compile(pattern)
        self._memo: dict[str, bool] = {}
        self._said = False

    def search(self, url: str) -> bool:
        hit = self._memo.get(url)
        if hit is None:
            try:
                hit = self._compiled.search(url, timeout=URL_BUDGET) is not None
            except TimeoutError:
                hit = self.when_cut
                if not self._said:
                    self._said = True
                    self.on_cut(
                        translate(
                            "Engine",
                            "The {what} regex took longer than {budget} s on {url} and was cut: "
                            "URLs it cannot be decided for are left out",
                        ).format(what=self.what, budget=f"{URL_BUDGET:g}", url=url[:200])
                    )
            if len(self._memo) >= _MEMO:
                self._memo.clear()
            self._memo[url] = hit
        return hit
