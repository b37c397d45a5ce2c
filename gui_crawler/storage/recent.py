"""The crawl files in a folder, newest first, described from their meta table (read-only): what
the recent-crawls list shows. Qt-free: a file that cannot be read is listed with why."""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

MAX_LISTED = 50


@dataclass(frozen=True, slots=True)
class RecentCrawl:
    path: Path
    site: str  # host[:port] of the first root (the file name when unreadable)
    root: str
    when: _dt.datetime  # the file's last change
    state: str  # done, cancelled, running (never closed: the program stopped), or a problem
    urls: int  # records in the file


def describe(path: Path) -> RecentCrawl:
    when = _dt.datetime.fromtimestamp(path.stat().st_mtime)
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            urls = db.execute("SELECT count(*) FROM records").fetchone()[0]
        root = json.loads(meta["config"])["roots"][0]
        if not isinstance(root, str) or not root:  # a damaged file: the list shows why
            raise ValueError(f"its first root is {root!r}")
        state = str(meta.get("state", "unknown"))
        if state == "running":
            state = "interrupted"  # not closed by the crawl: the program stopped mid-way
        return RecentCrawl(path, urlsplit(root).netloc or root, root, when, state, int(urls))
    except (sqlite3.Error, KeyError, IndexError, TypeError, ValueError) as e:
        return RecentCrawl(path, path.name, "", when, f"unreadable ({e})", 0)


def recent_crawls(folder: Path, limit: int = MAX_LISTED) -> list[RecentCrawl]:
    """The newest ``limit`` crawl files of ``folder`` (none when it does not exist)."""
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.sqlite3"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(p) for p in files[:limit]]
