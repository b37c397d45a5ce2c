"""CSV files of the audit: one finding's pages, the broken links (source, target, words), and
every link with its words."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.export import write_csv, write_table

BROKEN_COLUMNS = ("source", "target", "answer", "anchor", "nofollow", "alt")
LINK_COLUMNS = ("source", "target", "anchor", "alt", "rel", "nofollow", "element", "external",
                "status", "verdict", "rendered")  # fmt: skip


def write_finding_csv(
    path: str | os.PathLike[str], records: Iterable[FetchRecord], rules: Sequence[Rule] = ()
) -> int:
    """A finding's pages, with every column of the full export (a column a rule among them)."""
    return write_csv(path, records, rules)


def write_broken_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per (source page, broken target, the link's words), as anchors.broken_rows
    makes them."""
    return write_table(path, BROKEN_COLUMNS, rows)


def write_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per link of every page and stylesheet, as anchors.link_rows makes them."""
    return write_table(path, LINK_COLUMNS, rows)
