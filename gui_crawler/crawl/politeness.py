"""The network side of real-site manners, kept out of the engine's fetch loop: reading a host's
robots.txt and sitemaps before its first request, checking one external link, and telling a
bot challenge from a real 403."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import aiohttp
import yarl

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl import phases
from gui_crawler.crawl.failures import describe, retry_after, worth_retrying
from gui_crawler.crawl.headers import kept as kept_headers
from gui_crawler.crawl.hosts import HostTable, origin_of
from gui_crawler.crawl.phases import Timing
from gui_crawler.crawl.robots import SITEMAPS_SKIPPED, Robots, fetch_robots
from gui_crawler.events import ErrorKind, Queued

# HEAD answers that mean "ask me with GET": method not allowed / not implemented, and servers
# that reject HEAD outright with 400.
HEAD_REFUSED = frozenset({400, 405, 501})
# A robots.txt or sitemap that takes longer than this is treated as unreachable.
PREP_TIMEOUT = 10.0


def bot_challenge(status: int, headers: Mapping[str, str]) -> str | None:
    """Why a 403 looks like an anti-bot wall rather than a forbidden page, or None."""
    if status != 403:
        return None
    if headers.get("cf-mitigated", "").lower() == "challenge":
        return "403 with a Cloudflare challenge (cf-mitigated: challenge)"
    server = headers.get("Server", "").lower()
    if server.startswith("cloudflare"):
        return "403 from Cloudflare"
    if "x-datadome" in headers or "x-dd-b" in headers:
        return "403 from DataDome"
    if "x-amzn-waf-action" in headers:
        return "403 from AWS WAF"
    if "x-sucuri-id" in headers:
        return "403 from Sucuri"
    if server.startswith("akamaighost"):
        return "403 from Akamai"
    return None


@dataclass
class Prepared:
    robots: Robots | None
    sitemap_urls: list[str] = field(default_factory=list)
    sitemap_of: dict[str, str] = field(default_factory=dict)  # page URL → a sitemap listing it
    notes: list[str] = field(default_factory=list)  # what was not fetched, and why


async def prepare_host(
    session: aiohttp.ClientSession,
    origin: str,
    cfg: CrawlConfig,
    *,
    robots: bool,
    sitemaps: bool,
    in_scope: Callable[[str], bool],
    on_site: Callable[[str], bool] = lambda url: True,
) -> Prepared:
    """Read ``origin``'s robots.txt and sitemaps as its pages are read: nothing off the site
    (``on_site`` says which URLs are on it) is requested, be it a ``Sitemap:`` line, an index
    entry or a redirect; redirects count against max_redirect; the body limit holds; a sitemap
    the robots.txt disallows is not requested either."""
    timeout = min(cfg.timeout, PREP_TIMEOUT)

    def refuse_robots(url: str) -> str | None:
        return None if on_site(url) else "off-site"

    rules = None
    if robots:
        rules = await fetch_robots(
            session, origin, cfg.user_agent, timeout, refuse_robots, cfg.max_redirect
        )
    out = Prepared(rules)

    def refuse(url: str) -> str | None:
        if not on_site(url):
            return "off-site"
        if rules is not None and origin_of(url) == origin and not rules.allows(url):
            return "robots.txt-disallowed"
        return None

    if sitemaps:
        # Imported here, once a host's sitemaps are read: a crawl with --no-sitemaps never
        # reads one (the module and html's entities: ~1% of the command line's start).
        from gui_crawler.crawl.sitemaps import read_sitemaps

        maps = [*(rules.sitemaps if rules else ()), origin + "/sitemap.xml"]
        found = await read_sitemaps(
            session,
            maps,
            in_scope,
            timeout,
            refuse=refuse,
            redirects=cfg.max_redirect,
            limit=cfg.max_body,
        )
        out.sitemap_urls = list(found.urls)
        out.sitemap_of = found.urls  # the sitemap that listed a URL stands as its referrer
        out.notes = found.notes
        if found.skipped > len(found.notes):
            out.notes.append(SITEMAPS_SKIPPED.format(n=found.skipped - len(found.notes)))
    return out


class LocalHosts:
    """Where a crawl's per-host politeness is decided: in this process alone. A crawl shared by
    many machines decides it for all of them instead (gui_crawler/cluster/hosts.py), through
    these two methods: the table of hosts the workers ask, and a host's robots.txt and sitemaps
    read before its first request."""

    # The table's class (or a factory taking its arguments).
    make_table: Callable[..., HostTable[Queued]] = HostTable

    def table(
        self,
        cfg: CrawlConfig,
        release: Callable[[Queued], None],
        loop: asyncio.AbstractEventLoop,
    ) -> HostTable[Queued]:
        return self.make_table(
            cfg.per_host,
            cfg.delay,
            cfg.retry_backoff,
            cfg.max_retry_after,
            release,
            loop,
            give_up_after=cfg.give_up_after,
        )

    # A host's robots.txt and sitemaps, read by this process (prepare_host's arguments).
    prepare = staticmethod(prepare_host)


@dataclass
class Checked:
    status: int | None = None
    content_type: str | None = None
    final_url: str | None = None  # where redirects ended, when they did
    note: str | None = None
    error_kind: str | None = None
    message: str = ""
    retryable: bool = False
    retry_after: float | None = None
    headers: str = ""  # the answer's, as crawl/headers.py keeps them


async def check_external(
    session: aiohttp.ClientSession, url: str, max_redirect: int, timing: Timing | None = None
) -> Checked:
    """HEAD ``url`` (GET when HEAD is refused), following redirects; never reads a body.
    ``timing`` gets the phase marks of the request that answered. Marked as an external check,
    its connections go only where the session's connector allows (phases.AddressPolicy)."""
    target = yarl.URL(url, encoded=True)
    note = None
    marked = phases.external.set(True)
    try:
        for method in ("HEAD", "GET"):
            if timing is not None:
                timing.start_request()
            async with session.request(
                method,
                target,
                allow_redirects=max_redirect > 0,
                max_redirects=max(1, max_redirect),
            ) as resp:
                if timing is not None:
                    timing.mark_headers()
                if method == "HEAD" and resp.status in HEAD_REFUSED:
                    note = f"HEAD refused ({resp.status}): checked with GET"
                    continue
                final = str(resp.url)
                out = Checked(
                    status=resp.status,
                    content_type=resp.headers.get("Content-Type", "").split(";")[0].strip() or None,
                    final_url=final if final != url else None,
                    note=note,
                    headers=kept_headers(resp.headers.items()),
                )
                if resp.history:
                    hops = len(resp.history)
                    out.note = "; ".join(filter(None, [note, f"{hops} redirect(s) followed"]))
                challenge = bot_challenge(resp.status, resp.headers)
                if challenge:
                    out.error_kind, out.message = ErrorKind.BOT_CHALLENGE, challenge
                if resp.status in (429, 503):
                    out.retry_after = retry_after(resp.headers.get("Retry-After"), 3600)
                return out
    except phases.PrivateAddress as e:
        return Checked(error_kind=ErrorKind.PRIVATE_ADDRESS, message=f"not checked: {e}")
    except aiohttp.TooManyRedirects:
        return Checked(error_kind=ErrorKind.TOO_MANY_REDIRECTS, message=f"more than {max_redirect}")
    except aiohttp.RedirectClientError as e:  # a Location that is not an http(s) URL
        return Checked(error_kind=ErrorKind.BAD_LOCATION, message=f"cannot follow {e}")
    except (aiohttp.InvalidURL, UnicodeError) as e:  # UnicodeError: a DNS label > 63
        return Checked(error_kind=ErrorKind.INVALID_URL, message=str(e))
    except (TimeoutError, aiohttp.ClientError, OSError) as e:
        kind, message = describe(e)
        return Checked(error_kind=kind, message=message, retryable=worth_retrying(e))
    finally:
        phases.external.reset(marked)
    return Checked(error_kind=ErrorKind.INTERNAL, message="no answer")
