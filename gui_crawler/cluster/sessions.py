"""The crawls on many machines a window watches or starts (no Qt here): those a Redis server
holds (``crawls_at``), and the sessions the window's bridge runs, each connected and its crawl
file made: ``watch`` (a crawl file of the records it is shown), ``work`` (this machine one more
node, collecting every record into its crawl file, as ``gui-crawler crawl --cluster`` does)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.cli import start_here
from gui_crawler.cluster.run import ClusterSession
from gui_crawler.cluster.shared import ClusterError, SharedCrawl, connect
from gui_crawler.config import CrawlConfig
from gui_crawler.storage import CrawlStore, default_path


@dataclass(frozen=True)
class Listed:
    """A crawl of a Redis server: its id, roots and state (running, cancelled…)."""

    id: str
    roots: tuple[str, ...]
    state: str


async def crawls_at(address: RedisAddress) -> list[Listed]:
    """The crawls ``address`` holds, by id; ClusterError (one line, no password) if it cannot
    be used."""
    client = await connect(address)
    try:
        out = []
        for crawl_id, roots in sorted((await SharedCrawl.listed(client)).items()):
            shared = await SharedCrawl.open(client, crawl_id)
            state = await shared.state() if shared is not None else "gone"
            out.append(Listed(crawl_id, tuple(roots), state))
        return out
    finally:
        await client.aclose()


async def watch(address: RedisAddress, crawl_id: str, data_dir: Path | None) -> ClusterSession:
    """A session watching the crawl ``crawl_id``, its records written to a new crawl file."""
    client = await connect(address)
    try:
        shared = await SharedCrawl.open(client, crawl_id)
        if shared is None:
            raise ClusterError(f"no crawl {crawl_id} at {address}")
        store = CrawlStore.create(default_path(shared.config.roots[0], data_dir), shared.config)
    except BaseException:
        await client.aclose()
        raise
    return ClusterSession(shared, address, store)


async def work(
    address: RedisAddress, crawl_id: str | None, config: CrawlConfig, data_dir: Path | None
) -> ClusterSession:
    """A session starting (or continuing) the crawl of ``config``'s roots as ``crawl_id`` (by
    default named after them), this machine one of its nodes with ``config``'s workers, every
    record collected into a new crawl file."""
    client: Any = await connect(address)
    try:
        path = default_path(config.roots[0], data_dir)
        shared, mine = await start_here(client, address, crawl_id, config, path)
        store = CrawlStore.create(path, shared.config)
    except BaseException:
        await client.aclose()
        raise
    return ClusterSession(shared, address, store, work=mine)
