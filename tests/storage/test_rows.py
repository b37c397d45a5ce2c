"""The writer's rows (storage/rows.py): one pass making what record_row and Compact.row made."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from pathlib import Path

from twins import compiled_twin

from gui_crawler.base.escapes import escaped
from gui_crawler.config import CrawlConfig
from gui_crawler.events import RECORD_FIELDS, FetchRecord
from gui_crawler.parsing import accel
from gui_crawler.storage import CrawlStore, headerpack, load
from gui_crawler.storage.compact import TIMINGS, URLS, Compact
from gui_crawler.storage.fileformat import LINKS_IN_WORDS, record_row
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


def test_a_row_is_record_row_made_compact(impl: str) -> None:
    compact = Compact("http://127.0.0.1:9")
    for rec in RECORDS:
        assert FileRows(compact).row(rec) == compact.row(record_row(rec))
        assert FileRows(None).row(rec) == record_row(rec)


# Timings at the edges of "a whole number of hundredths": halves (Python rounds them to even), a
# double's limits, NaN, values SQLite gives back as they are; URLs on the origin and off it.
ODD_TIMINGS = (0.005, 0.015, 0.025, 2.675, -2.675, 1e-300, 0.1 + 0.2, 123456789.12, 9.99e14)
ODD_TIMINGS += (-9.99e14, 1e15, float("nan"), float("inf"), 0.0, -0.0, 3, True, "1.5", None)
ODD_URLS = (ROOT, ROOT[:-1], ROOT + "\u00e9", "HTTP://127.0.0.1:9/x", "", 7, None, ROOT + "x/")


def test_the_compiled_rows_are_the_python_ones() -> None:
    """The compiled part ``filerow`` gives the row its Python twin gives, value for value and
    type for type (a timing as an int or a float is a different column in the file)."""
    fields = {f: i for i, f in enumerate(RECORD_FIELDS)}
    made = {}
    for name in ("compiled", "python"):
        twin = compiled_twin("filerow") if name == "compiled" else accel.twin("filerow", False)
        rows = []
        for prefix in (ROOT, None):
            maker = twin.Rows(
                links_at=fields["links"],
                words_at=fields["words"],
                headers_at=fields["headers"],
                timings_at=[fields[n] for n in TIMINGS],
                urls_at=[fields[n] for n in URLS],
                prefix=prefix,
                cut=len(ROOT) - 1,
                links_in_words=LINKS_IN_WORDS,
                pack_links=accel.linkpack.pack,
                escape=escaped,
                dictionary=headerpack.HEADERS_DICTIONARY,
                level=headerpack.HEADERS_LEVEL,
                wbits=headerpack.HEADERS_WINDOW,
                memlevel=headerpack.HEADERS_MEMLEVEL,
            )
            for i, timing in enumerate(ODD_TIMINGS):
                url = ODD_URLS[i % len(ODD_URLS)]
                values = list(RECORDS[i % len(RECORDS)].values())
                values[fields["url"]] = url
                values[fields["referrer"]] = ODD_URLS[(i + 3) % len(ODD_URLS)]
                for n in TIMINGS:
                    values[fields[n]] = timing
                rows.append(maker.row(tuple(values)))
        made[name] = [[(type(v), v) for v in row] for row in rows]
    compiled, python = made["compiled"], made["python"]
    assert len(compiled) == len(python) == 2 * len(ODD_TIMINGS)
    for a, b in zip(compiled, python, strict=True):
        # NaN is not equal to itself: compared by its text
        assert repr(a) == repr(b)


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
