"""The crawl files in a folder, newest first, described from their meta table (read-only): what
the recent-crawls list shows. Qt-free: a file that cannot be read is listed with why."""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from gui_crawler.base.translate import STORE, translate
from gui_crawler.config import CrawlConfig
from gui_crawler.records.compare import options_said
from gui_crawler.storage.errors import StoreError
from gui_crawler.storage.fileformat import connect_reading
from gui_crawler.storage.locking import check_not_in_use

MAX_LISTED = 50


@dataclass(frozen=True, slots=True)
class RecentCrawl:
    path: Path
    site: str  # host[:port] of the first root (the file name when unreadable)
    root: str
    when: _dt.datetime  # the file's last change
    state: str  # done, cancelled, running (never closed: the program stopped), or a problem
    urls: int  # records in the file
    size: int = 0  # bytes on disk: the file and its write-ahead log
    # The options it was made with that decide which URLs it took in, where not the defaults
    # (``--max-pages 300``): what tells a capped crawl of a site from a whole one.
    options: tuple[str, ...] = ()


def describe(path: Path) -> RecentCrawl:
    when = _dt.datetime.fromtimestamp(path.stat().st_mtime)
    size = sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    try:
        with contextlib.closing(connect_reading(path)) as db:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            urls = db.execute("SELECT count(*) FROM records").fetchone()[0]
        options = json.loads(meta["config"])
        root = options["roots"][0]
        if not isinstance(root, str) or not root:  # a damaged file: the list shows why
            raise ValueError(f"its first root is {root!r}")
        state = str(meta.get("state", "unknown"))
        if state == "running":
            state = "interrupted"  # not closed by the crawl: the program stopped mid-way
        site = urlsplit(root).netloc or root
        made = tuple(options_said(CrawlConfig.from_dict(options)))
        return RecentCrawl(path, site, root, when, state, int(urls), size, made)
    except (sqlite3.Error, KeyError, IndexError, TypeError, ValueError) as e:
        return RecentCrawl(path, path.name, "", when, f"unreadable ({e})", 0, size)


def recent_crawls(
    folder: Path, limit: int = MAX_LISTED, hidden: Collection[str] = ()
) -> list[RecentCrawl]:
    """The newest ``limit`` crawl files of ``folder`` (none when it does not exist), but those
    whose paths are in ``hidden`` (removed from the list by the person)."""
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.sqlite3") if str(p) not in hidden]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(p) for p in files[:limit]]


def delete_crawl_file(path: Path) -> None:
    """Delete a crawl file with its write-ahead log and shared-memory file; StoreError when a
    crawl is writing it (its rows would vanish under it) or it cannot be deleted."""
    check_not_in_use(path)
    try:
        for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            p.unlink(missing_ok=True)
    except OSError as e:
        raise StoreError(
            translate(STORE, "cannot delete {path}: {error}").format(
                path=path, error=e.strerror or e
            )
        ) from None
