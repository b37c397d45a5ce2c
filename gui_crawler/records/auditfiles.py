"""CSV files of the audit: one finding's pages, and the broken links (source, target)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.export import write_csv, write_table

BROKEN_COLUMNS = ("source", "target", "answer", "anchor", "nofollow")


def write_finding_csv(
    path: str | os.PathLike[str], records: Iterable[FetchRecord], rules: Sequence[Rule] = ()
) -> int:
    """A finding's pages, with every column of the full export (a column a rule among them)."""
    return write_csv(path, records, rules)


def write_broken_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per (source page, broken target, anchor text), as anchors.rows_with_anchors
    makes them."""
    return write_table(path, BROKEN_COLUMNS, rows)
