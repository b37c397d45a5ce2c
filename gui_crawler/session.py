"""The application service of the CLI and the window: one crawl's lifecycle, whoever drives it
(the CLI, the window's bridge): create or resume the crawl file, build the Crawler from what the
file holds, stop the crawl when the file cannot be written, close the file with the crawl's
outcome. It uses the engine and the store, so it sits above both. No Qt here.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, ErrorKind, Event, FetchRecord, Queued, fanout
from gui_crawler.options import option
from gui_crawler.records.verdicts import NOT_ANSWERED_SQL, StatusRules
from gui_crawler.storage import (
    CrawlStore,
    SavedCrawl,
    StoreError,
    check_not_in_use,
    default_path,
    load,
)
from gui_crawler.storage.fileformat import iter_records

__all__ = ["CrawlSession", "ProxyNeeded", "StoreError", "crawls_dir", "peek"]

_ENDLESS = frozenset({ErrorKind.REDIRECT_LOOP, ErrorKind.TOO_MANY_REDIRECTS})
_PROXY = option("proxy").flag()  # how a crawl file's withheld credentials name the proxy


class ProxyNeeded(StoreError):
    """The crawl resumed was started through a proxy, and none is given now."""


def crawls_dir(data_dir: Path | None = None) -> Path:
    """The folder new crawl files go to (``data_dir``/crawls, by default the user's data dir)."""
    return default_path("http://x/", data_dir).parent


def peek(path: str | Path, records: bool = True) -> SavedCrawl:
    """Read a crawl file to show it; StoreError if it is unusable or another crawl writes it.
    ``records=False``: without its records (fileformat.load)."""
    path = Path(path)
    check_not_in_use(path)
    return load(path, records=records)


def _to_recheck(path: Path, urls: Iterable[str] | None, rules: StatusRules) -> list[FetchRecord]:
    """The records of a crawl file a re-check fetches again, in the order recorded, read from
    the file without the others: those of ``urls``, else those worth it by the crawl's status
    ``rules`` (worth_rechecking, asked of the few rows that are not answered ones)."""
    if urls is not None:
        wanted = json.dumps(list(dict.fromkeys(urls)))
        return list(iter_records(path, where=_AMONG, params=(wanted,)))
    return [r for r in iter_records(path, where=NOT_ANSWERED_SQL) if rules.worth_rechecking(r)]


# The records whose URL is among a JSON list of URLs (one parameter, however many).
_AMONG = "url IN (SELECT value FROM json_each(?))"


class CrawlSession:
    """A crawl and its crawl file (``store`` None: nothing is saved).

    ``start(sink)`` builds the Crawler; ``on_store_error(message)`` is called on the loop when the
    file cannot be written (the crawl is being cancelled already); ``close()`` ends the file with
    the crawl's outcome. A session runs one crawl.
    """

    def __init__(
        self, config: CrawlConfig, store: CrawlStore | None = None, saved: SavedCrawl | None = None
    ) -> None:
        self.config = config
        self.store = store
        self.saved = saved
        # What the crawl starts from: (URLs taken in already, the frontier); None: the roots.
        # A resume's are read from the file as the Crawler takes them in (start), not held here.
        self.frontier: tuple[Iterable[str], Iterable[Queued]] | None = (
            (saved.seen, saved.pending) if saved else None
        )
        self.rechecked: list[FetchRecord] = []  # a re-check's: the records it fetches again
        self.crawler: Crawler | None = None
        self.on_store_error: Callable[[str], None] = lambda message: None

    @classmethod
    def new(
        cls, config: CrawlConfig, path: Path | None = None, *, data_dir: Path | None = None
    ) -> CrawlSession:
        """A fresh crawl saved to ``path`` (default: a new file under the data directory)."""
        config = config.validated()
        path = path if path is not None else default_path(config.roots[0], data_dir)
        return cls(config, CrawlStore.create(path, config))

    @classmethod
    def unsaved(cls, config: CrawlConfig) -> CrawlSession:
        return cls(config.validated())

    @classmethod
    def resume(cls, path: str | Path, *, direct: bool = False, **overrides: object) -> CrawlSession:
        """Continue the crawl saved in ``path``; ``overrides`` replace options that do not change
        which URLs the crawl takes in (workers, timeouts, user agent). A crawl started through a
        proxy goes on through one (``overrides``' proxy: no file keeps it), or ProxyNeeded;
        ``direct``: without one, as the person says."""
        store, saved = CrawlStore.open(Path(path))
        try:
            if _PROXY in saved.withheld and not overrides.get("proxy") and not direct:
                # A crawl that needed a proxy (a network that allows nothing else, an address
                # that must not be seen) must not silently leave by another route.
                raise ProxyNeeded(
                    f"{path} was crawled through a proxy, which no file keeps: give it again to "
                    "go on through it"
                )
            if direct:
                overrides["proxy"] = None
            config = replace(saved.config, **overrides).validated() if overrides else saved.config  # type: ignore[arg-type]
        except Exception:
            store.close(saved.state)  # a bad override leaves the file as it was, unlocked
            raise
        return cls(config, store, saved)

    @classmethod
    def recheck(
        cls, path: str | Path, *, urls: Iterable[str] | None = None, **overrides: Any
    ) -> CrawlSession:
        """Fetch again, in the crawl saved in ``path``, the URLs a re-check takes (``urls``, else
        every one whose verdict is broken, a warning, blocked, timeout or error), following their redirects
        and not their links; each new record replaces the old, which goes to the file's history.
        ``overrides`` (``direct`` too) as for ``resume``."""
        session = cls.resume(path, **overrides)
        saved, store = session.saved, session.store
        assert saved is not None and store is not None
        try:
            again = _to_recheck(store.path, urls, StatusRules.of(session.config))
        except Exception:
            store.close(saved.state)  # the file as it was, unlocked
            raise
        # A loop or an overlong chain is fetched again from its first URL, so that its other
        # URLs come again through its redirects, as a reader meets them.
        endless = {r.url for r in again if r.error_kind in _ENDLESS}
        heads = [r for r in again if r.url not in endless or r.referrer not in endless]
        session.config = replace(session.config, list_mode=True)
        session.rechecked = heads
        gone = {r.url for r in again}
        session.frontier = (
            (u for u in saved.seen if u not in gone),
            [Queued(r.url, session.config.max_redirect, r.depth, r.referrer) for r in heads],
        )
        store.replacing = {r.url: r for r in again}
        return session

    @property
    def path(self) -> Path | None:
        return self.store.path if self.store is not None else None

    def start(self, sink: Callable[[Event], None], worker_events: bool = True) -> Crawler:
        """The Crawler for this session (call on the running loop); its events go to ``sink``
        (WorkerEvents too unless ``worker_events`` is false)."""
        if self.crawler is not None:
            raise RuntimeError("a CrawlSession runs one crawl")
        store = self.store
        if store is not None:
            sink = fanout(store.sink, sink)
            loop = asyncio.get_running_loop()

            def on_error(message: str) -> None:  # called as a commit fails, on the loop
                loop.call_soon_threadsafe(self._store_failed, message)

            store.on_error = on_error
            # A commit for every worker's record, not every loop iteration's (writer: a kill
            # then loses at most twice the workers' fetches, where it lost one each).
            store.ahead = self.config.max_tasks
        seen, pending = self.frontier if self.frontier is not None else (set(), None)
        self.frontier = None  # the Crawler's from here (the seen URLs as fingerprints)
        self.crawler = Crawler(
            self.config,
            sink,
            seen=seen,
            pending=pending,
            before_take=store.before_take if store is not None else None,
            worker_events=worker_events,
        )
        return self.crawler

    def _store_failed(self, message: str) -> None:
        # What was committed stays resumable; going on would crawl what is never saved.
        if self.crawler is not None:
            self.crawler.cancel()
        self.on_store_error(message)

    @property
    def store_error(self) -> str | None:
        return self.store.error if self.store is not None else None

    def close(self, finished: CrawlFinished | None = None, wait: bool = True) -> None:
        """Mark the crawl file with how the crawl ended and release it (``wait``: see
        CrawlStore.close)."""
        if self.store is not None:
            self.store.close(finished.reason if finished is not None else "interrupted", wait)
        # A closed session holds no crawler: its frontier (the seen set alone is ~70 B a URL
        # taken in) stayed alive as long as the window showed the crawl's file.
        self.crawler = None
