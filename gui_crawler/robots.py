"""robots.txt: fetched once per host before the first request there, parsed with protego (the
parser Scrapy uses: Google's matching rules, Allow/Disallow by longest match, Crawl-delay, Sitemap).

What an unusual answer means follows Google's documented handling: a 4xx means there are no rules
(allow all); a 5xx or no answer means "try again later", and after that we allow all rather than
stall the crawl on a server that cannot serve one small file.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import aiohttp
from protego import Protego

MAX_ROBOTS_BYTES = 500 * 1024  # Google reads the first 500 KiB and ignores the rest
ROBOTS_TRIES = 2
ROBOTS_RETRY_DELAY = 0.5  # seconds before the second try after a 5xx or no answer
ROBOTS_REDIRECTS = 5


@dataclass(frozen=True)
class Robots:
    """A host's rules for our user agent; ``parser`` None means everything is allowed."""

    status: str  # what the host's robots.txt said, for people: "ok", "none (404)", …
    parser: Protego | None = None
    agent: str = "*"
    sitemaps: tuple[str, ...] = field(default=())

    def allows(self, url: str) -> bool:
        return self.parser is None or self.parser.can_fetch(url, self.agent)

    @property
    def crawl_delay(self) -> float | None:
        if self.parser is None:
            return None
        delay = self.parser.crawl_delay(self.agent)
        return None if delay is None else float(delay)


async def _read_bounded(resp: aiohttp.ClientResponse, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.content.iter_chunked(16 * 1024):
        chunks.append(chunk)
        size += len(chunk)
        if size >= limit:
            break
    return b"".join(chunks)[:limit]


async def fetch_robots(
    session: aiohttp.ClientSession, origin: str, user_agent: str, time_limit: float
) -> Robots:
    """The rules of ``origin`` (``scheme://host[:port]``); never raises for network trouble."""
    # The whole header, as Scrapy passes it: protego finds a group's product token in it at a
    # word boundary, so "Mozilla/5.0 (compatible; MyBot/1.0)" matches "User-agent: mybot".
    agent = user_agent
    url = origin + "/robots.txt"
    why = ""
    for attempt in range(ROBOTS_TRIES):
        if attempt:
            await asyncio.sleep(ROBOTS_RETRY_DELAY)
        try:
            async with session.get(
                url,
                allow_redirects=True,
                max_redirects=ROBOTS_REDIRECTS,
                timeout=aiohttp.ClientTimeout(total=time_limit),
            ) as resp:
                if resp.status >= 500:
                    why = f"HTTP {resp.status}"
                    continue
                if resp.status >= 400:
                    return Robots(f"none ({resp.status})", agent=agent)
                if resp.status != 200:
                    return Robots(f"none ({resp.status})", agent=agent)
                body = await _read_bounded(resp, MAX_ROBOTS_BYTES)
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError) as e:
            why = "timeout" if isinstance(e, TimeoutError) else type(e).__name__
            continue
        text = body.decode("utf-8", errors="replace")
        try:
            parser = Protego.parse(text)
        except Exception as e:  # protego is lenient, but a robots.txt must never stop a crawl
            return Robots(f"unparsable ({type(e).__name__}): allow all", agent=agent)
        return Robots("ok", parser, agent, tuple(parser.sitemaps))
    return Robots(f"unreachable ({why}): allow all", agent=agent)
