"""robots.txt: fetched once per host before the first request there, parsed with protego (the
parser Scrapy uses: Google's matching rules, Allow/Disallow by longest match, Crawl-delay, Sitemap).

What an unusual answer means follows Google's documented handling: a 4xx means there are no rules
(allow all); a 5xx or no answer means "try again later", and after that we allow all rather than
stall the crawl on a server that cannot serve one small file.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urljoin

import aiohttp
import yarl

from gui_crawler.base.translate import noop, translate
from gui_crawler.base.urls import normalize
from gui_crawler.events import REDIRECT_STATUSES

if TYPE_CHECKING:
    from protego import Protego

MAX_ROBOTS_BYTES = 500 * 1024  # Google reads the first 500 KiB and ignores the rest
ROBOTS_TRIES = 2
ROBOTS_RETRY_DELAY = 0.5  # seconds before the second try after a 5xx or no answer
ROBOTS_REDIRECTS = 5

# What a host's robots.txt and sitemaps came to, for people (the Hosts tab, a host's Details):
# templates the engine fills in English, as crawl files and Redis keep them, and ``said`` puts
# into the language the window shows.
ROBOTS = "Robots"
PENDING = noop(ROBOTS, "pending")
FETCHING = noop(ROBOTS, "fetching")
IGNORED = noop(ROBOTS, "ignored")
READ = noop(ROBOTS, "ok")
EXTERNAL = noop(ROBOTS, "not read (external)")
NOT_SAVED = noop(ROBOTS, "not saved")
NONE = noop(ROBOTS, "none ({why})")
UNPARSABLE = noop(ROBOTS, "unparsable ({why}): allow all")
UNREACHABLE = noop(ROBOTS, "unreachable ({why}): allow all")
SITEMAP_REFUSED = noop(ROBOTS, "{why} sitemap not fetched: {url}")
SITEMAP_FAILED = noop(ROBOTS, "sitemap {url}: {why}")
SITEMAPS_SKIPPED = noop(ROBOTS, "{n} more sitemaps not read")
NOTES = "; "  # between the status and each sitemap note
_TEMPLATES = (PENDING, FETCHING, IGNORED, READ, EXTERNAL, NOT_SAVED, NONE, UNPARSABLE,
              UNREACHABLE, SITEMAP_REFUSED, SITEMAP_FAILED, SITEMAPS_SKIPPED)  # fmt: skip
_MATCHERS = tuple(
    (t, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.*)", re.escape(t)), re.DOTALL))
    for t in _TEMPLATES
)


def said(status: str) -> str:
    """A host's robots status (a template filled, then its notes) in the installed language;
    a part no template gives stays as it is."""

    def one(part: str) -> str:
        for template, matcher in _MATCHERS:
            if m := matcher.fullmatch(part):
                return translate(ROBOTS, template).format(**m.groupdict())
        return part

    return NOTES.join(one(p) for p in status.split(NOTES))


@dataclass(frozen=True)
class Robots:
    """A host's rules for our user agent; ``parser`` None means everything is allowed."""

    status: str  # what the host's robots.txt said, for people: "ok", "none (404)", …
    parser: Protego | None = None
    agent: str = "*"
    sitemaps: tuple[str, ...] = field(default=())
    # The file as read (parsed: ``parser``), so that a crawl shared by many machines reads it
    # once and hands it to the others (gui_crawler/cluster/hosts.py).
    text: str = field(default="", repr=False)

    def allows(self, url: str) -> bool:
        return self.parser is None or self.parser.can_fetch(url, self.agent)

    @property
    def crawl_delay(self) -> float | None:
        if self.parser is None:
            return None
        delay = self.parser.crawl_delay(self.agent)
        return None if delay is None else float(delay)


class TooLarge(Exception):
    pass


@dataclass(frozen=True)
class Got:
    """What one GET of a small file (robots.txt, a sitemap) came to: the answer's status and
    body, or ``why`` there is none (a redirect not followed, too many, too large)."""

    url: str  # where the redirects that were followed ended
    status: int | None = None
    body: bytes | None = None  # the body of a 200 answer
    why: str = ""


async def _read_bounded(resp: aiohttp.ClientResponse, limit: int, cut: bool) -> bytes:
    """The body, at most ``limit`` bytes: the first ``limit`` (``cut``) or TooLarge past it."""
    if not cut and resp.content_length is not None and resp.content_length > limit:
        raise TooLarge(f"Content-Length {resp.content_length} exceeds the {limit}-byte limit")
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.content.iter_chunked(64 * 1024):
        chunks.append(chunk)
        size += len(chunk)
        if cut and size >= limit:
            break
        if size > limit:
            raise TooLarge(f"body exceeds the {limit}-byte limit")
    return b"".join(chunks)[:limit]


async def get_within(
    session: aiohttp.ClientSession,
    url: str,
    refuse: Callable[[str], str | None],
    *,
    redirects: int,
    limit: int,
    cut: bool = False,
) -> Got:
    """GET a normalised ``url`` as a page is fetched: redirects followed one hop at a time, at
    most ``redirects`` of them, and only to URLs ``refuse`` has no objection to (it says why
    not: "off-site", …); the body at most ``limit`` bytes (the first ``limit`` when ``cut``,
    else none past it). Network failures and timeouts raise, as aiohttp raises them."""
    for _ in range(redirects + 1):
        async with session.get(yarl.URL(url, encoded=True), allow_redirects=False) as resp:
            if resp.status not in REDIRECT_STATUSES:
                if resp.status != 200:
                    return Got(url, resp.status)
                try:
                    return Got(url, 200, await _read_bounded(resp, limit, cut))
                except TooLarge as e:
                    return Got(url, 200, why=f"too large: {e}")
            location = (resp.headers.get("Location") or "").strip()
        try:
            target = normalize(urljoin(url, location)) if location else None
        except ValueError:
            target = None
        if target is None:
            return Got(url, resp.status, why=f"redirect to {location[:200]!r}: cannot follow")
        why = refuse(target)
        if why:
            return Got(url, resp.status, why=f"redirect to {target} ({why}): not followed")
        url = target
    return Got(url, why=f"more than {redirects} redirects")


async def fetch_robots(
    session: aiohttp.ClientSession,
    origin: str,
    user_agent: str,
    time_limit: float,
    refuse: Callable[[str], str | None] = lambda url: None,
    redirects: int = ROBOTS_REDIRECTS,
) -> Robots:
    """The rules of ``origin`` (``scheme://host[:port]``); never raises for network trouble.
    Redirects are followed only where ``refuse`` allows, at most ``redirects`` (and
    ROBOTS_REDIRECTS) of them; one that is not followed leaves no rules, as a 404 does."""
    # The whole header, as Scrapy passes it: protego finds a group's product token in it at a
    # word boundary, so "Mozilla/5.0 (compatible; MyBot/1.0)" matches "User-agent: mybot".
    agent = user_agent
    url = origin + "/robots.txt"
    why = ""
    for attempt in range(ROBOTS_TRIES):
        if attempt:
            await asyncio.sleep(ROBOTS_RETRY_DELAY)
        try:
            async with asyncio.timeout(time_limit):
                got = await get_within(
                    session,
                    url,
                    refuse,
                    redirects=min(redirects, ROBOTS_REDIRECTS),
                    limit=MAX_ROBOTS_BYTES,
                    cut=True,
                )
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError) as e:
            why = "timeout" if isinstance(e, TimeoutError) else type(e).__name__
            continue
        if got.why:
            return Robots(NONE.format(why=got.why), agent=agent)
        if got.status is not None and got.status >= 500:
            why = f"HTTP {got.status}"
            continue
        if got.body is None:
            return Robots(NONE.format(why=got.status), agent=agent)
        text = got.body.decode("utf-8", errors="replace")
        # Imported here, once a host's robots.txt is read: a crawl with --ignore-robots (or
        # of hosts without one) never parses one.
        from protego import Protego

        try:
            parser = Protego.parse(text)
        except Exception as e:  # protego is lenient, but a robots.txt must never stop a crawl
            return Robots(UNPARSABLE.format(why=type(e).__name__), agent=agent)
        return Robots(READ, parser, agent, tuple(parser.sitemaps), text)
    return Robots(UNREACHABLE.format(why=why), agent=agent)
