"""CSV files of the audit: one finding's pages, and the broken links (source, target)."""

from __future__ import annotations

import contextlib
import csv
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from .events import FetchRecord
from .export import safe_cell, write_csv

BROKEN_COLUMNS = ("source", "target", "answer", "anchor", "nofollow")


def write_finding_csv(path: str | os.PathLike[str], records: Iterable[FetchRecord]) -> int:
    """A finding's pages, with every column of the full export."""
    return write_csv(path, records)


def write_broken_links_csv(path: str | os.PathLike[str], rows: Iterable[Sequence[object]]) -> int:
    """One row per (source page, broken target, anchor text), as anchors.rows_with_anchors
    makes them; written atomically like the full export."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=".csv", dir=path.parent or ".")
    n = 0
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes it private; this is a file to share
        with os.fdopen(fd, "w", newline="", encoding="utf-8-sig") as f:
            w = csv.writer(f)
            w.writerow(BROKEN_COLUMNS)
            for row in rows:
                w.writerow([safe_cell(v) for v in row])
                n += 1
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return n
