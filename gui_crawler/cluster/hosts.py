"""Per-host politeness for a crawl shared by many machines (the engine's ``hosts=``).

Redis hands a node a URL only when its host may start a request (scripts.CLAIM: the per-host
limit and delay count every node's requests). Each node keeps its own HostTable as well, which
parks the URLs it holds for another try; what one node learns of a host is told to all:

* a 429/503 backs the host off for every node (scripts.THROTTLE decides for how long);
* robots.txt's Crawl-delay is the host's delay for every node;
* robots.txt (and a root host's sitemaps) is read once for the crawl: the first node to need it
  reads it and stores what it found; the others wait for that and take it (a node that dies
  while reading leaves the job to the next after a lease).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from typing import Any

import aiohttp
from protego import Protego

from gui_crawler.cluster.shared import SharedCrawl, connection_errors
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.hosts import Host, HostTable
from gui_crawler.crawl.politeness import LocalHosts, Prepared, prepare_host
from gui_crawler.crawl.robots import Robots
from gui_crawler.events import Queued

log = logging.getLogger(__name__)

READING = b"?"  # a host's prepared value while a node reads its robots.txt
LOOK_AGAIN = 0.1  # seconds between looks while another node reads it


class ClusterHostTable(HostTable[Queued]):
    """The node's own host table, telling Redis what it learns of a host."""

    def __init__(self, shared: SharedCrawl, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.shared = shared
        self._tasks: set[asyncio.Task[Any]] = set()

    def _tell(self, call: Any) -> None:
        task = asyncio.ensure_future(call)
        self._tasks.add(task)
        task.add_done_callback(self._told)

    def _told(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # Lost with the connection: the other nodes find out from the host themselves.
            log.info("could not tell Redis of a host: %s", task.exception())

    def throttle(self, host: Host[Queued], retry_after: float | None) -> None:
        super().throttle(host, retry_after)
        self._tell(self.shared.throttle(host.origin, retry_after))

    def answered(self, host: Host[Queued]) -> None:
        if host.backoff_step:
            self._tell(self.shared.answered(host.origin))
        super().answered(host)

    def set_delay(self, host: Host[Queued], delay: float) -> None:
        super().set_delay(host, delay)
        self._tell(self.shared.set_delay(host.origin, delay))

    def close(self) -> None:
        super().close()
        for task in self._tasks:
            task.cancel()


class ClusterHosts(LocalHosts):
    """Host rules of one node of the crawl ``shared``."""

    def __init__(self, shared: SharedCrawl) -> None:
        self.shared = shared
        self.make_table = functools.partial(ClusterHostTable, shared)

    async def prepare(
        self,
        session: aiohttp.ClientSession,
        origin: str,
        cfg: CrawlConfig,
        *,
        robots: bool,
        sitemaps: bool,
        **kw: Any,
    ) -> Prepared:
        """prepare_host's answer for ``origin``, read by the first node that asks."""
        if not robots and not sitemaps:
            return Prepared(None)
        client, key = self.shared.client, self.shared.key("prep:" + origin)
        lease_ms = int(self.shared.stored.lease * 1000)

        async def read() -> Prepared:
            return await prepare_host(session, origin, cfg, robots=robots, sitemaps=sitemaps, **kw)

        try:
            while True:
                got = await client.get(key)
                if got is not None and got != READING:
                    return prepared_of(got, cfg.user_agent)
                if got is None and await client.set(key, READING, nx=True, px=lease_ms):
                    break
                await asyncio.sleep(LOOK_AGAIN)
        except connection_errors():
            return await read()  # read here rather than wait for Redis
        try:
            result = await read()
        except BaseException:
            await _quietly(client.delete(key))
            raise
        await _quietly(client.set(key, prepared_text(result)))
        return result


async def _quietly(call: Any) -> None:
    try:
        await call
    except connection_errors() as e:
        log.info("could not tell Redis of a robots.txt: %s", e)


def prepared_text(p: Prepared) -> str:
    r = p.robots
    robots = None
    if r is not None:
        robots = {"status": r.status, "text": r.text, "sitemaps": list(r.sitemaps)}
    return json.dumps(
        {
            "robots": robots,
            "sitemap_urls": p.sitemap_urls,
            "sitemap_of": p.sitemap_of,
            "notes": p.notes,
        }
    )


def prepared_of(text: bytes | str, agent: str) -> Prepared:
    """What another node read of a host, as it read it (its robots.txt parsed again here)."""
    d = json.loads(text)
    robots = None
    if (r := d.get("robots")) is not None:
        parser = Protego.parse(r["text"]) if r["text"] else None
        robots = Robots(r["status"], parser, agent, tuple(r["sitemaps"]), r["text"])
    return Prepared(
        robots,
        list(d.get("sitemap_urls", ())),
        dict(d.get("sitemap_of", {})),
        list(d.get("notes", ())),
    )
