"""A record's row as the crawl file's writer binds it, built in one pass on the commit thread (the
compiled part ``filerow``, or its pure-Python twin). No Qt here.

``FileRows.row`` gives what fileformat.record_row followed by compact.Compact.row gave (the same
values): the links packed or left in the words, the headers deflated (``headerpack``), the
timings and URLs compact on the file's origin. rust-doc's rows alone on one thread: the two took
~11 us a record, the C ~2.

The sqlite3 module adapts every parameter that is not an exact int, float, str or bytearray: it
looks for an adapter registered for the type, then for ``__adapt__`` and ``__conform__``
methods, which no None, bool or bytes has (265-456 ns each; a rust-doc record binds ~6.6 None,
~5.8 bytes and 3 bools of its 48 values). An adapter registered for each is found at once, and
gives back what the module binds anyway: None as NULL, a bool as the integer it is, bytes as
themselves (~110-390 ns; ~2.3 us a record of SQLite's ~25). The registry is the process's: every
connection binds these types as before, only sooner.
"""

from __future__ import annotations

import sqlite3

from gui_crawler.base.escapes import escaped
from gui_crawler.events import RECORD_FIELDS, FetchRecord
from gui_crawler.parsing import accel
from gui_crawler.storage import headerpack
from gui_crawler.storage.compact import TIMINGS, URLS, Compact
from gui_crawler.storage.fileformat import LINKS_IN_WORDS

# The adapters are C functions (a Python function's call would cost what it saves): {}.get(None)
# is None, int(True) is 1, bytes(b) of exact bytes is b itself.
sqlite3.register_adapter(type(None), {}.get)  # type: ignore[arg-type]
sqlite3.register_adapter(bool, int)
sqlite3.register_adapter(bytes, bytes)


class FileRows:
    """Rows for a file whose records are kept compact on their origin (``compact``), or, None,
    field by field (a file of format 7 or before, resumed)."""

    def __init__(self, compact: Compact | None) -> None:
        self.compact = compact
        prefix = compact.prefix if compact is not None else None
        at = RECORD_FIELDS.index
        self._row = accel.filerow.Rows(
            links_at=at("links"),
            words_at=at("words"),
            headers_at=at("headers"),
            timings_at=tuple(map(at, TIMINGS)) if compact is not None else (),
            urls_at=tuple(map(at, URLS)),
            prefix=prefix,
            cut=len(prefix) - 1 if prefix is not None else 0,
            links_in_words=LINKS_IN_WORDS,
            pack_links=accel.linkpack.pack,
            escape=escaped,
            dictionary=headerpack.HEADERS_DICTIONARY,
            level=headerpack.HEADERS_LEVEL,
            wbits=headerpack.HEADERS_WINDOW,
            memlevel=headerpack.HEADERS_MEMLEVEL,
        ).row

    def row(self, rec: FetchRecord) -> tuple[object, ...]:
        return self._row(rec.values())
