"""A record's row as the crawl file's writer binds it, built in one pass on the commit thread. No Qt
here.

``FileRows.row`` is fileformat.record_row followed by compact.Compact.row (the same values), in
one list a record where the two made a tuple each (rust-doc: ~1.5 us a record of the ~36 the
commit thread spends on it, alone on one thread).

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

from gui_crawler.events import RECORD_FIELDS, FetchRecord
from gui_crawler.parsing import accel
from gui_crawler.storage.compact import Compact
from gui_crawler.storage.fileformat import LINKS_IN_WORDS
from gui_crawler.storage.headerpack import pack_headers

# The adapters are C functions (a Python function's call would cost what it saves): {}.get(None)
# is None, int(True) is 1, bytes(b) of exact bytes is b itself.
sqlite3.register_adapter(type(None), {}.get)  # type: ignore[arg-type]
sqlite3.register_adapter(bool, int)
sqlite3.register_adapter(bytes, bytes)

_LINKS = RECORD_FIELDS.index("links")
_WORDS = RECORD_FIELDS.index("words")
_HEADERS = RECORD_FIELDS.index("headers")


class FileRows:
    """Rows for a file whose records are kept compact on their origin (``compact``), or, None,
    field by field (a file of format 7 or before, resumed)."""

    def __init__(self, compact: Compact | None) -> None:
        self.compact = compact
        self._fill = compact.fill if compact is not None else None

    def row(self, rec: FetchRecord) -> tuple[object, ...]:
        out = list(rec.values())
        if out[_WORDS]:
            # The links and their words as the parse packed and compressed them, on its thread
            # (linkwords.page_blob): written as they are.
            out[_LINKS] = LINKS_IN_WORDS
        else:
            links = out[_LINKS]
            out[_LINKS] = accel.linkpack.pack(links) if links else ""
            out[_WORDS] = ""
        out[_HEADERS] = pack_headers(out[_HEADERS])
        if self._fill is not None:
            self._fill(out)
        return tuple(out)
