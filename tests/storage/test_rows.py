"""The writer's rows (storage/rows.py): one pass making what record_row and Compact.row made."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from pathlib import Path

from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.storage import CrawlStore, load
from gui_crawler.storage.compact import Compact
from gui_crawler.storage.fileformat import record_row
from gui_crawler.storage.rows import FileRows

ROOT = "http://127.0.0.1:9/"

RECORDS = [
    FetchRecord(
        ROOT,
        status=200,
        ttfb_ms=0.29,
        download_ms=3.0,
        links=(ROOT + "a", "http://other.test/b"),
        words=b"\x01packed words",
        headers="Server: nginx\nContent-Type: text/html",
        in_sitemap=True,
        external=False,
        referrer=ROOT + "from",
    ),
    FetchRecord(ROOT + "no-words", links=(ROOT + "c",), headers="X: \udcff", wait_ms=1e300),
    FetchRecord("https://127.0.0.1:9/elsewhere", referrer="http://127.0.0.1:90/", parse_ms=-0.01),
    FetchRecord(ROOT + "nothing"),
]


def test_a_row_is_record_row_made_compact() -> None:
    compact = Compact("http://127.0.0.1:9")
    for rec in RECORDS:
        assert FileRows(compact).row(rec) == compact.row(record_row(rec))
        assert FileRows(None).row(rec) == record_row(rec)


def test_none_bools_and_bytes_bind_as_sqlite3_binds_them(tmp_path: Path) -> None:
    """The adapters the writer registers give SQLite the values it was given before them."""
    with contextlib.closing(sqlite3.connect(":memory:")) as db:
        got = db.execute(
            "SELECT typeof(?), ?, typeof(?), ?, typeof(?), ?, typeof(?), ?",
            (None, None, True, True, False, False, b"\x00x", b"\x00x"),
        ).fetchone()
    assert got == ("null", None, "integer", 1, "integer", 0, "blob", b"\x00x")
    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=(ROOT,)).validated())
    # The words of the first record are not a real page's: the file keeps its links instead.
    made = [dataclasses.replace(RECORDS[0], words=b""), *RECORDS[2:]]
    for rec in made:
        store.sink(rec)
    store.close("finished")
    assert load(path).records == made
    with contextlib.closing(sqlite3.connect(path)) as db:
        kinds = db.execute(
            "SELECT typeof(in_sitemap), typeof(note), typeof(headers) FROM records ORDER BY seq"
        ).fetchall()
    assert kinds == [
        ("integer", "null", "blob"),
        ("integer", "null", "text"),
        ("integer", "null", "text"),
    ]
