"""CSV export shared by the CLI and the window: one row per record, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Sequence

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule, values
from gui_crawler.records.audit import custom_finding
from gui_crawler.records.outfile import atomic_text
from gui_crawler.records.page_columns import PAGE_COLUMNS, columns_of
from gui_crawler.records.verdicts import NO_RULES, StatusRules

__all__ = ["COLUMNS", "atomic_text", "safe_cell", "write_csv", "write_table"]

COLUMNS = tuple(c.csv for c in PAGE_COLUMNS)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> str:
    """Text of a cell; a leading character a spreadsheet would run as a formula is neutralised
    with an apostrophe (OWASP's advice for CSV injection)."""
    if value is None:
        return ""
    text = str(value)
    if text.startswith(_FORMULA_START):
        return "'" + text
    return text


def write_table(
    path: str | os.PathLike[str], header: Sequence[str], rows: Iterable[Sequence[object]]
) -> int:
    """Write a CSV (atomically to a regular file: outfile.atomic_text), every cell made safe;
    returns the number of rows. UTF-8 with a BOM so Excel reads it."""
    n = 0
    with atomic_text(path, "utf-8-sig") as f:
        w = csv.writer(f)
        w.writerow(header)
        for row in rows:
            w.writerow([safe_cell(v) for v in row])
            n += 1
    return n


def write_csv(
    path: str | os.PathLike[str],
    records: Iterable[FetchRecord],
    rules: Sequence[Rule] = (),
    status_rules: StatusRules = NO_RULES,
) -> int:
    """One row per record, the pages table's columns (the verdict by the crawl's status rules),
    then a column per custom extraction or search rule (headed as its finding is keyed:
    ``extract:price``, ``search:ga``)."""
    columns = columns_of((), status_rules)
    if not rules:
        return write_table(path, COLUMNS, ([c.value(r) for c in columns] for r in records))
    heads = [custom_finding(rule)[0] for rule in rules]
    names = [rule.name for rule in rules]

    def row(rec: FetchRecord) -> list[object]:
        got = values(rec.extracted)
        return [*(c.value(rec) for c in columns), *(got.get(n, "") for n in names)]

    return write_table(path, (*COLUMNS, *heads), map(row, records))
