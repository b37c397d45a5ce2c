"""CSV export shared by the CLI and the window: one row per record, safe to open in a spreadsheet."""

from __future__ import annotations

import contextlib
import csv
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .events import FetchRecord
from .page_columns import PAGE_COLUMNS

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


def record_row(rec: FetchRecord) -> list[str]:
    return [safe_cell(c.value(rec)) for c in PAGE_COLUMNS]


def write_csv(path: str | os.PathLike[str], records: Iterable[FetchRecord]) -> int:
    """Write records to ``path`` atomically (a temporary file renamed into place, so a full disk
    never leaves half a file); returns the number of rows. UTF-8 with BOM so Excel reads it."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=".csv", dir=path.parent or ".")
    n = 0
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8-sig") as f:
            w = csv.writer(f)
            w.writerow(COLUMNS)
            for rec in records:
                w.writerow(record_row(rec))
                n += 1
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return n
