"""Storage: crash-safe crawl files. Records and frontier go to SQLite as the crawl runs, so a crawl
that was cancelled, crashed or was killed can be reopened and resumed. No Qt here.

One concern per module:

* ``fileformat``: the file's tables and versions, records and queued URLs as rows and back,
  ``load`` (read a whole file) and ``SavedCrawl`` (what it holds);
* ``compact``: the fields a file of format 8 keeps smaller (timings, URLs on its origin), read
  back through generated columns;
* ``writer``: ``CrawlStore``, a file being written, committed on the event loop;
* ``checkpoint``: the thread that copies the WAL into the file;
* ``locking``: one crawl at a time writes a file (``gui_crawler.storage.lockfile`` does the locking);
* ``errors``: ``StoreError``, what each of them raises;
* ``lockfile``: a lock on a file of its own, the one place that tells the platforms' locks apart;
* ``recent``: the crawl files in a folder, newest first, read from their meta table; deleting
  one that no crawl writes;
* ``reader``: ``RecordReader``, records read back by URL from a file a crawl may be writing (the
  window keeps only what its tables show);
* ``pagequery``: the pages table's rows, sorts and filters as SQL over a crawl file, the large
  queries on a thread of their own.

The names most callers need come from here: ``from gui_crawler.storage import CrawlStore, load``.
"""

from __future__ import annotations

from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.fileformat import FORMAT, READS, SavedCrawl, load, load_words
from gui_crawler.storage.locking import check_not_in_use
from gui_crawler.storage.writer import CrawlStore, default_path

__all__ = [
    "FORMAT",
    "READS",
    "CrawlStore",
    "SavedCrawl",
    "StoreError",
    "check_not_in_use",
    "default_path",
    "load",
    "load_words",
]
