"""CSV files of the audit: one finding's pages, every finding's URLs with their evidence, the
broken links (source, target, words), and every link with its words."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.export import write_csv, write_table
from gui_crawler.records.verdicts import NO_RULES, StatusRules

BROKEN_COLUMNS = ("source", "target", "answer", "anchor", "nofollow", "alt")
LINK_COLUMNS = ("source", "target", "anchor", "alt", "rel", "nofollow", "element", "external",
                "status", "verdict")  # fmt: skip
# A finding's key, the URL it flags (the page; an image finding's image), the other end where
# there is one, the evidence (records/evidence.py says what each finding puts there).
FINDINGS_COLUMNS = ("finding", "url", "source", "detail")


def write_finding_csv(
    path: str | os.PathLike[str],
    records: Iterable[FetchRecord],
    rules: Sequence[Rule] = (),
    status_rules: StatusRules = NO_RULES,
) -> int:
    """A finding's pages, with every column of the full export (a column a rule among them)."""
    return write_csv(path, records, rules, status_rules)


def write_broken_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per (source page, broken target, the link's words), as anchors.broken_rows
    makes them."""
    return write_table(path, BROKEN_COLUMNS, rows)


def write_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per link of every page and stylesheet, as anchors.link_rows makes them."""
    return write_table(path, LINK_COLUMNS, rows)


def write_findings_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per (finding, URL) of every finding, as evidence.finding_rows makes them."""
    return write_table(path, FINDINGS_COLUMNS, rows)
