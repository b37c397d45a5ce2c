"""Every node's records into one crawl file, each once, on the crawl's axis (axis.py: worker ids
that tell the nodes apart, times from the crawl's start).

Redis keeps a record of each URL once (scripts.FINISH), in a stream the collector reads through a
consumer group: a record is acknowledged and deleted from the stream only once the crawl file
has committed it, so a collector killed meanwhile reads it again when the crawl is continued, and
one cut off from Redis reads again what was handed to it (the file keeps one row per URL:
written again, it replaces itself).
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable

from gui_crawler.cluster.axis import CrawlAxis
from gui_crawler.cluster.shared import COLLECTORS, SharedCrawl, connection_errors, redis_errors
from gui_crawler.cluster.wire import record_of
from gui_crawler.events import Event, FetchRecord, Queued
from gui_crawler.storage import CrawlStore

log = logging.getLogger(__name__)

BATCH = 500
# Batches of records collected kept in the stream for watchers (each at most BATCH records).
KEPT_FOR_WATCHERS = 2
BLOCK_MS = 200
OFFLINE_WAIT = 2.0


class Collector:
    """Reads ``shared``'s records into ``store``; ``sink`` is told each record too."""

    def __init__(
        self,
        shared: SharedCrawl,
        store: CrawlStore,
        sink: Callable[[Event], None] = lambda event: None,
    ) -> None:
        self.shared = shared
        self.store = store
        self.sink = sink
        self.axis = CrawlAxis(shared)
        self.collected = 0
        self.unreadable = 0
        self._trail: collections.deque[bytes] = collections.deque(maxlen=KEPT_FOR_WATCHERS)

    async def _group(self) -> None:
        try:
            await self.shared.client.xgroup_create(
                self.shared.key("records"), COLLECTORS, id="0", mkstream=True
            )
        except redis_errors.ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise

    async def run(self, until: asyncio.Event) -> None:
        """Collect until ``until`` is set and no record is left in the stream."""
        client, key = self.shared.client, self.shared.key("records")
        first = True  # records read before and not acknowledged (a collector killed) first
        while True:
            try:
                await self._group()
                got = await client.xreadgroup(
                    COLLECTORS,
                    "collector",
                    {key: "0" if first else ">"},
                    count=BATCH,
                    block=None if first else BLOCK_MS,
                )
                entries = got[0][1] if got else []
                if first and not entries:
                    first = False
                    continue
                if entries:
                    await self._write(entries)
                    if self.store.error is not None:
                        return
                    continue
                # Set once the frontier is empty: every record was in the stream by then (a node
                # gives its URL up in the same script that adds its record), and none is unread.
                if until.is_set():
                    return
            except connection_errors() as e:
                log.warning("Redis cannot be reached (%s): collecting again when it can", e)
                # What it handed us meanwhile may never have come, and a Redis that lost its
                # last writes has records acknowledged again: those first. The batches kept
                # for watchers may be gone with those writes: trimming the stream up to them
                # would delete records handed to nobody since.
                first = True
                self._trail.clear()
                await asyncio.sleep(OFFLINE_WAIT)

    async def _write(self, entries: list[tuple[bytes, dict[bytes, bytes]]]) -> None:
        store, ids = self.store, []
        max_redirect = self.shared.config.max_redirect
        made: list[tuple[FetchRecord, str]] = []
        for entry_id, fields in entries:
            ids.append(entry_id)
            try:
                rec = record_of(fields[b"r"])
            except (KeyError, ValueError, TypeError) as e:
                self.unreadable += 1
                log.warning("a record in Redis could not be read (%s): left out", e)
                continue
            made.append((rec, fields.get(b"n", b"").decode("utf-8", "replace")))
        for rec in await self.axis.place(made):
            store.sink(Queued(rec.url, max_redirect, rec.depth, rec.referrer))
            store.sink(rec)
            self.sink(rec)
        await store.durable()
        if store.error is not None:  # not written: left in Redis for a collector that can
            return
        client, key = self.shared.client, self.shared.key("records")
        pipe = client.pipeline(transaction=False)
        pipe.xack(key, COLLECTORS, *ids)
        if len(self._trail) == self._trail.maxlen:
            pipe.xtrim(key, minid=self._trail[0])
        pipe.incrby(self.shared.key("collected"), len(ids))
        await pipe.execute()
        self._trail.append(ids[-1])
        self.collected += len(ids)
