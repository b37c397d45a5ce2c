"""Quick filters of the pages view that look at a record's meaning rather than its status class:
external links, and what hosts refused to bots or throttled (not broken, so not in Broken links)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import NO_RULES, StatusRules

RECORD_FILTERS = (
    ("External", "off-site links checked once (HEAD, else GET)"),
    (
        "Blocked",
        "refused to bots or throttled: robots.txt, bot walls, 429/503/999, private addresses",
    ),
)
_TESTS: dict[str, Callable[[StatusRules], Callable[[FetchRecord], bool]]] = {
    "External": lambda rules: lambda r: r.external,
    "Blocked": lambda rules: rules.is_blocked,
}


def record_filter(
    labels: Iterable[str], rules: StatusRules = NO_RULES
) -> Callable[[FetchRecord], bool] | None:
    """A row test for the checked buttons (a row passes if any applies), None when none is;
    the verdicts by the crawl's status ``rules``."""
    tests = [_TESTS[label](rules) for label in labels]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda r: any(t(r) for t in tests)
