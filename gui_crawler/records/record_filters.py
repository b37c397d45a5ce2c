"""Quick filters of the pages view that look at a record's meaning rather than its status class:
external links, and what hosts refused to bots or throttled (not broken, so not in Broken links)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import is_blocked

RECORD_FILTERS = (
    ("External", "off-site links checked once (HEAD, else GET)"),
    (
        "Blocked",
        "refused to bots or throttled: robots.txt, bot walls, 429/503/999, private addresses",
    ),
)
_TESTS: dict[str, Callable[[FetchRecord], bool]] = {
    "External": lambda r: r.external,
    "Blocked": is_blocked,
}


def record_filter(labels: Iterable[str]) -> Callable[[FetchRecord], bool] | None:
    """A row test for the checked buttons (a row passes if any applies), None when none is."""
    tests = [_TESTS[label] for label in labels]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda r: any(t(r) for t in tests)
