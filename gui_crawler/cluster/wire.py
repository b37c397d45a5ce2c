"""What travels through Redis: a URL taken in (one line per field) and a record (JSON of its
crawl-file row). Both are read back checked, as a crawl file's rows are: Redis is shared, and
what another machine wrote is data, never code (no pickle)."""

from __future__ import annotations

import base64
import json

from gui_crawler.events import FetchRecord, Queued
from gui_crawler.storage.fileformat import RECORD_FIELDS, _record_from_row, record_row


def item_text(item: Queued) -> str:
    """``url\\nredirects_left\\ndepth\\nreferrer``: the URL first (the Lua reads it there); a
    normalised URL holds no line break (normalize percent-encodes them)."""
    return f"{item.url}\n{item.redirects_left}\n{item.depth}\n{item.referrer or ''}"


def item_of(text: bytes | str) -> Queued:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogatepass")
    url, redirects, depth, referrer = text.split("\n", 3)
    return Queued(url, int(redirects), int(depth), referrer or None)


def record_text(rec: FetchRecord) -> str:
    # As SQLite gives the row back: yes/no fields as whole numbers; bytes (the links and their
    # words, the checks, the headers deflated…) as base64 in an object of their own.
    row = [
        int(v)
        if isinstance(v, bool)
        else {"b": base64.b64encode(v).decode("ascii")}
        if isinstance(v, bytes)
        else v
        for v in record_row(rec)
    ]
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))


def record_of(text: bytes | str) -> FetchRecord:
    """The record of ``record_text``; ValueError if it is not one."""
    row = json.loads(text)
    if not isinstance(row, list) or len(row) != len(RECORD_FIELDS):
        raise ValueError("not a record")
    try:
        values = tuple(base64.b64decode(v["b"]) if isinstance(v, dict) else v for v in row)
    except (KeyError, TypeError, ValueError):
        raise ValueError("not a record") from None
    return _record_from_row(values)
