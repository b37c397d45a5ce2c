"""One crawl in Redis: its keys (under a prefix of its own, so that crawls sharing one server
stay apart), its options, and the calls every node makes on them (scripts.py decides).

``connect(address)`` checks that the server answers; ``SharedCrawl.create`` stores a new crawl
(its options, without credentials), ``SharedCrawl.open`` finds one. Every call may raise the
client's ConnectionError or TimeoutError: the callers wait and try again (a node keeps what it
has not told Redis until it can).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import socket
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gui_crawler.cluster import scripts
from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.fingerprint import fingerprint
from gui_crawler.cluster.wire import item_of, item_text
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.hosts import origin_of
from gui_crawler.events import Queued

try:
    import redis.asyncio as aioredis
    from redis import exceptions as redis_errors
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff

    from gui_crawler.cluster.client import ShieldedRedis
except ImportError:  # the optional extra is not installed: said when a cluster command runs
    aioredis = None  # type: ignore[assignment]
    redis_errors = None  # type: ignore[assignment]

# Registry of the crawls of one server: crawl id -> JSON (roots, state).
CRAWLS = "gc:crawls"
# Seconds a node may go without beating before its URLs go to the others; it beats every
# BEATS_PER_LEASE-th of it. Redis unreachable for longer than GAP_SHARE of a lease for every
# node at once (a restart) gives everyone a fresh lease from its end.
LEASE = 30.0
BEATS_PER_LEASE = 6
GAP_SHARE = 0.5
# The records stream's consumer group (the collector's).
COLLECTORS = "collect"
_ID = re.compile(r"[A-Za-z0-9._-]{1,80}")


class ClusterError(Exception):
    """The cluster cannot be used (no client library, no server, no such crawl…); one line for
    a person, never holding a password."""


def require_client() -> None:
    if aioredis is None:
        raise ClusterError("the redis client is not installed: pip install 'gui_crawler[cluster]'")


def connection_errors() -> tuple[type[BaseException], ...]:
    """What the client raises when the server cannot be reached (or answers too late)."""
    require_client()
    return (redis_errors.ConnectionError, redis_errors.TimeoutError, ConnectionError, OSError)


async def connect(address: RedisAddress, connect_within: float = 5.0) -> Any:
    """A client of ``address`` whose server answered a PING; ClusterError (one line, without the
    password) when it cannot be reached or refuses us."""
    require_client()
    client = ShieldedRedis.from_url(
        address.url,
        socket_connect_timeout=connect_within,
        socket_timeout=max(connect_within, 10.0),
        health_check_interval=15,
        # No call made again behind our back: a script whose answer was lost may have run, and
        # running CLAIM twice hands out URLs nobody knows of. The callers try again themselves.
        retry=Retry(NoBackoff(), 0),
    )
    try:
        await client.ping()
    except Exception as e:
        await client.aclose()
        why = str(e) or type(e).__name__
        raise ClusterError(f"cannot use Redis at {address}: {address.hide(why)}") from None
    return client


def crawl_id_of(roots: Sequence[str]) -> str:
    """A crawl's id from its roots when none is given: the first root's host and port, and a
    short hash of all of them (two crawls of other roots on one server stay apart)."""
    from hashlib import blake2b

    first = re.sub(r"[^A-Za-z0-9.-]+", "-", origin_of(roots[0]).partition("://")[2])
    digest = blake2b("\n".join(roots).encode(), digest_size=3).hexdigest()
    return f"{first}-{digest}"


def check_id(crawl_id: str) -> str:
    if not _ID.fullmatch(crawl_id):
        raise ClusterError(
            f"a crawl id is 1 to 80 letters, digits, dots, dashes or underscores, not {crawl_id!r}"
        )
    return crawl_id


_lives = itertools.count(1)


def node_name() -> str:
    """This process as a node: its machine, its pid and its life (a node that rejoins after
    being given up as lost is a new node; so is each of several in one process)."""
    host = re.sub(r"[^A-Za-z0-9.-]+", "-", socket.gethostname())[:40] or "node"
    return f"{host}-{os.getpid()}-{next(_lives)}"


@dataclass(frozen=True)
class Stored:
    """What is stored with a crawl: its options (without credentials, as a crawl file keeps
    them), the lease and when it was made."""

    config: CrawlConfig
    lease: float
    created: float

    def text(self) -> str:
        return json.dumps(
            {"config": self.config.to_dict(), "lease": self.lease, "created": self.created}
        )

    @classmethod
    def of(cls, text: bytes | str) -> Stored:
        d = json.loads(text)
        return cls(CrawlConfig.from_dict(d["config"]), float(d["lease"]), float(d["created"]))


class SharedCrawl:
    """One crawl's keys in Redis and the calls on them. ``stored`` holds its options."""

    def __init__(self, client: Any, crawl_id: str, stored: Stored) -> None:
        self.client = client
        self.id = crawl_id
        self.stored = stored
        self.prefix = f"gc:{{{crawl_id}}}:"
        cfg = stored.config
        self._limit = cfg.per_host
        self._delay_ms = int(cfg.delay * 1000)
        self._gap_ms = int(stored.lease * GAP_SHARE * 1000)
        # Per node: the count of its calls Redis gave in its last answer (scripts.count_call).
        self.calls: dict[str, int] = {}
        self._scripts = {
            name: client.register_script(getattr(scripts, name))
            for name in (
                "TAKE_IN",
                "CLAIM",
                "FINISH",
                "HEARTBEAT",
                "RECLAIM",
                "LEAVE",
                "THROTTLE",
                "ANSWERED",
                "SET_DELAY",
            )
        }

    @property
    def config(self) -> CrawlConfig:
        return self.stored.config

    def key(self, name: str) -> str:
        return self.prefix + name

    async def _run(self, name: str, *args: object) -> Any:
        return await self._scripts[name](keys=[], args=[self.prefix, self._limit, *args])

    # ---- a crawl: made, found, listed --------------------------------------------------------

    @classmethod
    async def create(
        cls, client: Any, crawl_id: str, config: CrawlConfig, lease: float = LEASE
    ) -> SharedCrawl | None:
        """Store a new crawl ``crawl_id`` of ``config``; None when one of that id exists."""
        stored = Stored(config, lease, time.time())
        crawl = cls(client, check_id(crawl_id), stored)
        made = await client.set(crawl.key("config"), stored.text(), nx=True)
        if not made:
            return None
        seconds, micros = await client.time()
        await client.set(crawl.key("t0"), seconds * 1000 + micros // 1000)
        await client.set(crawl.key("state"), "running")
        await client.hset(CRAWLS, crawl_id, json.dumps({"roots": list(config.roots)}))
        return crawl

    @classmethod
    async def open(cls, client: Any, crawl_id: str) -> SharedCrawl | None:
        text = await client.get(f"gc:{{{check_id(crawl_id)}}}:config")
        if text is None:
            return None
        try:
            stored = Stored.of(text)
        except (ValueError, KeyError, TypeError) as e:
            raise ClusterError(
                f"the crawl {crawl_id} in Redis holds no usable options ({e})"
            ) from None
        return cls(client, crawl_id, stored)

    @staticmethod
    async def listed(client: Any) -> dict[str, list[str]]:
        """The crawls of this server: id -> roots."""
        out = {}
        for k, v in (await client.hgetall(CRAWLS)).items():
            try:
                out[k.decode()] = list(json.loads(v)["roots"])
            except (ValueError, KeyError, TypeError):
                out[k.decode()] = []
        return out

    async def forget(self) -> None:
        """Delete every key of this crawl (its records collected: the crawl file has them)."""
        async for key in self.client.scan_iter(match=self._pattern(), count=1000):
            await self.client.unlink(key)
        await self.client.hdel(CRAWLS, self.id)

    async def finish_up(self, state: str = "finished", keep: float = 86_400.0) -> None:
        """The crawl is over and collected: its frontier, seen set and records go; its options,
        counts and nodes stay ``keep`` seconds for ``cluster status``."""
        await self.set_state(state)
        await self.client.hdel(CRAWLS, self.id)  # no longer one to join
        small = {self.key(k) for k in ("config", "state", "n", "nodes", "collected", "file", "t0")}
        async for key in self.client.scan_iter(match=self._pattern(), count=1000):
            name = key.decode()
            if name in small or name.startswith(self.key("node:")):
                await self.client.expire(key, int(keep))
            else:
                await self.client.unlink(key)

    def _pattern(self) -> str:
        return self.prefix.replace("{", "\\{").replace("}", "\\}") + "*"

    # ---- state -------------------------------------------------------------------------------

    async def state(self) -> str:
        value = await self.client.get(self.key("state"))
        return value.decode() if value else "gone"

    async def zero_ms(self) -> float | None:
        """When the crawl was made, on Redis's clock (ms); None for a crawl of an older version."""
        value = await self.client.get(self.key("t0"))
        return float(value) if value is not None else None

    async def set_state(self, state: str) -> None:
        await self.client.set(self.key("state"), state)

    async def counts(self) -> dict[str, int]:
        """taken, queued, recorded, held (URLs nodes hold now), collected."""
        pipe = self.client.pipeline(transaction=False)
        pipe.hgetall(self.key("n"))
        pipe.hlen(self.key("lease"))
        pipe.get(self.key("collected"))
        n, held, collected = await pipe.execute()
        out = {k.decode(): int(float(v)) for k, v in n.items()}
        out.setdefault("taken", 0)
        out.setdefault("queued", 0)
        out.setdefault("recorded", 0)
        out["held"] = held
        out["collected"] = int(collected or 0)
        return out

    async def idle(self) -> bool:
        """Nothing queued and no URL held by any node: the frontier is empty."""
        counts = await self.counts()
        return counts["queued"] <= 0 and counts["held"] == 0

    async def nodes(self) -> list[dict[str, str]]:
        """Every node that joined, with its figures (state: working, lost, left, done…)."""
        names = sorted(n.decode() for n in await self.client.smembers(self.key("nodes")))
        pipe = self.client.pipeline(transaction=False)
        for name in names:
            pipe.hgetall(self.key("node:" + name))
        out = []
        for name, fields in zip(names, await pipe.execute(), strict=True):
            d = {k.decode(): v.decode() for k, v in fields.items()}
            d["node"] = name
            out.append(d)
        return out

    # ---- the frontier ------------------------------------------------------------------------

    async def take_in(self, node: str, items: Iterable[tuple[Queued, bool]]) -> list[int]:
        """Take ``items`` (each with ``mine``: held by ``node`` at once) into the crawl; per item
        1 new, 0 seen already, -1 past max_pages."""
        args: list[object] = [node, self.config.max_pages]
        for item, mine in items:
            bucket, field = fingerprint(item.url)
            args += [bucket, field, origin_of(item.url), item_text(item), int(mine)]
        if len(args) == 2:
            return []
        return self._counted(node, await self._run("TAKE_IN", *args))

    def _counted(self, node: str, answer: list[Any]) -> list[Any]:
        """A pump call's answer without its last value, the node's call count (kept)."""
        self.calls[node] = int(answer[-1])
        return [int(x) for x in answer[:-1]]

    async def claim(self, node: str, n: int) -> tuple[list[Queued], int]:
        """Up to ``n`` URLs for ``node`` to fetch now, and when none: ms until some host may
        start (-1: nothing queued; -2: this node was given up as lost)."""
        out = await self._run("CLAIM", node, n, self._delay_ms)
        if int(out[0]) == -2:
            return [], -2
        self.calls[node] = int(out[-1])
        return [item_of(x) for x in out[1:-1]], int(out[0])

    async def finish(self, node: str, done: Sequence[tuple[str, str]]) -> list[int]:
        """Record (url, record JSON) pairs, or give URLs back (record ''), for ``node``; per URL 1
        when it was ``node``'s to record."""
        if not done:
            return []
        args: list[object] = [node]
        for url, text in done:
            args += [url, text]
        return self._counted(node, await self._run("FINISH", *args))

    async def heartbeat(
        self, node: str, figures: dict[str, object], join: bool = False
    ) -> tuple[bool, str]:
        """``node`` is alive (with its ``figures``); returns (still a node of the crawl, the
        crawl's state)."""
        flat: list[object] = []
        for k, v in figures.items():
            flat += [k, v]
        alive, state = await self._run("HEARTBEAT", node, self._gap_ms, int(join), *flat)
        return bool(alive), state.decode() if isinstance(state, bytes) else str(state)

    async def reclaim(self) -> int:
        """Give back the URLs of nodes that stopped beating; how many went back."""
        return int(await self._run("RECLAIM", int(self.stored.lease * 1000), self._gap_ms))

    async def held(self, node: str) -> set[str]:
        """The URLs ``node`` holds."""
        urls = await self.client.smembers(self.key("held:" + node))
        return {u.decode("utf-8", "surrogatepass") for u in urls}

    async def leave(self, node: str, state: str = "left") -> int:
        return int(await self._run("LEAVE", node, state))

    # ---- per host ----------------------------------------------------------------------------

    async def throttle(self, origin: str, retry_after: float | None) -> float:
        cfg = self.config
        wait = -1 if retry_after is None else int(retry_after * 1000)
        first, most = int(cfg.retry_backoff * 1000), int(cfg.max_retry_after * 1000)
        return float(await self._run("THROTTLE", origin, wait, first, most)) / 1000

    async def answered(self, origin: str) -> None:
        await self._run("ANSWERED", origin, int(self.config.retry_backoff * 1000))

    async def set_delay(self, origin: str, delay: float) -> None:
        await self._run("SET_DELAY", origin, int(delay * 1000))
