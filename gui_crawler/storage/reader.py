"""Records of a crawl file read by URL while a crawl writes it (``RecordReader``). No Qt here.

The window keeps in memory only what its tables show; anything else it needs about a URL (the
Details pane, a row's context menu, the links export) is read from the crawl file here. SQLite's
WAL lets this read-only connection read every transaction the writer has committed while it goes
on writing; ``url`` is UNIQUE, so a lookup is one index search.
"""

from __future__ import annotations

import sqlite3
import weakref
from collections.abc import Iterable, Iterator
from pathlib import Path

from gui_crawler.base.translate import STORE, translate
from gui_crawler.events import FetchRecord
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.fileformat import (
    _record_from_row,
    close_quietly,
    columns_of,
    connect_reading,
    count_done,
    record_columns,
)

_BATCH = 500  # URLs per IN (...) query: well under SQLite's bound on parameters


class RecordReader:
    """Reads records from the crawl file at ``path`` by URL. The file may be written meanwhile:
    a record the writer has not committed yet is not found (``get`` returns None)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self._db: sqlite3.Connection | None = connect_reading(self.path, False)
            # Closed when the reader goes, if not before (Python 3.13 warns of one left open).
            self._closing = weakref.finalize(self, close_quietly, self._db)
            have = columns_of(self._db)
        except sqlite3.Error as e:
            raise StoreError(
                translate(STORE, "cannot read {path}: {error}").format(path=self.path, error=e)
            ) from None

        # Columns added since an older file was made read as their defaults; the links' words
        # stay in the file (fileformat.load_words reads them).
        self._select = f"SELECT seq, {record_columns(have)} FROM records"
        self._select_no_links = f"SELECT seq, {record_columns(have, links=False)} FROM records"

    def _rows(self, sql: str, args: Iterable[object] = ()) -> list[tuple[object, ...]]:
        if self._db is None:
            return []
        try:
            return self._db.execute(sql, tuple(args)).fetchall()
        except sqlite3.DatabaseError:
            # A file gone bad under a running window: the views show less, they do not fail.
            return []

    def get(self, url: str) -> FetchRecord | None:
        rows = self._rows(f"{self._select} WHERE url = ?", (url,))
        return _read(rows[0]) if rows else None

    def get_many(self, urls: Iterable[str]) -> dict[str, FetchRecord]:
        """The records of those of ``urls`` the file has, by URL."""
        wanted = list(dict.fromkeys(urls))
        out: dict[str, FetchRecord] = {}
        for i in range(0, len(wanted), _BATCH):
            some = wanted[i : i + _BATCH]
            for row in self._rows(
                f"{self._select} WHERE url IN ({','.join('?' * len(some))})", some
            ):
                rec = _read(row)
                if rec is not None:
                    out[rec.url] = rec
        return out

    def has(self, url: str) -> bool:
        return bool(self._rows("SELECT 1 FROM records WHERE url = ?", (url,)))

    def count(self, cancelled: bool = True) -> int:
        """Records in the file (``cancelled=False``: but those cut short in flight, which a
        resume fetches again), counted on its indexes."""
        if self._db is None:
            return 0
        try:
            if not cancelled:
                return count_done(self._db)
            return int(self._db.execute("SELECT count(*) FROM records").fetchone()[0])
        except sqlite3.DatabaseError:
            return 0

    def last_seq(self) -> int:
        """The seq of the record committed last (0 for none): ``records(upto=...)`` reads the
        file as it is now, not the records a crawl adds after."""
        rows = self._rows("SELECT max(seq) FROM records")
        return int(rows[0][0] or 0) if rows else 0  # type: ignore[call-overload]

    def urls(self) -> Iterator[str]:
        """Every URL recorded, in the order recorded, a batch at a time."""
        yield from (r.url for r in self.records(links=False))

    def records(self, links: bool = True, upto: int | None = None) -> Iterator[FetchRecord]:
        """Every record (whose seq is at most ``upto``), in the order recorded, read a batch at
        a time (``links=False``: without their outlinks, which are then not unpacked). A
        damaged row raises StoreError naming it: the whole file read back says so."""
        select = self._select if links else self._select_no_links
        last, most = 0, (1 << 62) if upto is None else upto
        # By seq ranges rather than one cursor held open: the window reads between its ticks,
        # and the writer's commits go on meanwhile.
        while rows := self._rows(
            f"{select} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT {_BATCH}", (last, most)
        ):
            last = rows[-1][0]  # type: ignore[assignment]
            try:
                yield from (_record_from_row(row[1:]) for row in rows)
            except ValueError as e:
                raise StoreError(
                    translate(STORE, "{path} is a damaged gui_crawler crawl file: {error}").format(
                        path=self.path, error=e
                    )
                ) from None

    def close(self) -> None:
        if self._db is not None:
            self._closing()
            self._db = None


def _read(row: tuple[object, ...]) -> FetchRecord | None:
    """A row (its seq first) as a record."""
    try:
        return _record_from_row(row[1:])
    except ValueError:  # a damaged row: the URL reads as not recorded rather than failing a view
        return None
