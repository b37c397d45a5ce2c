"""Crash-safe crawl files: records and frontier go to SQLite as the crawl runs, so a crawl that
was cancelled, crashed or was killed can be reopened and resumed. No Qt here.

One concern per module:

* ``fileformat``: the file's tables and versions, records and queued URLs as rows and back,
  ``load`` (read a whole file) and ``SavedCrawl`` (what it holds);
* ``writer``: ``CrawlStore``, a file being written, committed on the event loop;
* ``checkpoint``: the thread that copies the WAL into the file;
* ``locking``: one crawl at a time writes a file (``gui_crawler.lockfile`` does the locking);
* ``errors``: ``StoreError``, what each of them raises.
"""

from __future__ import annotations

from .errors import StoreError
from .fileformat import FORMAT, READS, SavedCrawl, load
from .locking import check_not_in_use
from .writer import CrawlStore, default_path

__all__ = [
    "FORMAT",
    "READS",
    "CrawlStore",
    "SavedCrawl",
    "StoreError",
    "check_not_in_use",
    "default_path",
    "load",
]
