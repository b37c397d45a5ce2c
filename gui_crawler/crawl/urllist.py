"""A list of URLs to check (list mode): one a line as people paste them from a spreadsheet, an
export or a migration plan, or a sitemap (XML, gzip or plain text) whose URLs are the list.

Blank lines and ``#`` comments are left out; a line that is not a URL (a column heading, a note)
is skipped and said, never fatal while some line is a URL; each URL is normalised as an address
typed in the window is (``http://`` added when missing), duplicates dropped, order kept.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import aiohttp
import yarl

from gui_crawler.base.translate import ntranslate, translate
from gui_crawler.base.urls import InvalidURL, parse_address
from gui_crawler.crawl.access import Access
from gui_crawler.crawl.sitemaps import parse_sitemap, read_sitemaps

if TYPE_CHECKING:
    from gui_crawler.config import CrawlConfig

MAX_SKIPPED_SHOWN = 3
LISTS = "UrlList"  # the context of what is said about a list of URLs


class ListError(ValueError):
    """The list gives no URL to check, or cannot be read; the message is for a person."""


@dataclass
class UrlList:
    urls: list[str] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)

    def note(self) -> str | None:
        """What was skipped, in one line, or None."""
        if not self.skipped:
            return None
        line = translate(LISTS, "line {n}: {text}")
        shown = ", ".join(line.format(n=n, text=repr(text[:60])) for n, text in self.skipped[:3])
        more = len(self.skipped) - MAX_SKIPPED_SHOWN
        tail = translate(LISTS, " and {n} more").format(n=more) if more > 0 else ""
        n = len(self.skipped)
        return ntranslate(
            LISTS,
            "skipped {n} line that is not a URL ({shown})",
            "skipped {n} lines that are not URLs ({shown})",
            n,
        ).format(n=n, shown=shown + tail)


def read_list(data: bytes, name: str = "the list") -> UrlList:
    """The URLs of a list's bytes: a sitemap's ``<loc>`` entries, else one URL a line. ListError
    when none is a URL."""
    out = UrlList()
    head = data[:2048].lstrip()
    if data[:2] == b"\x1f\x8b" or head.startswith(b"<"):
        try:
            locs, is_index = parse_sitemap(data)
        except zlib.error as e:
            raise ListError(
                translate(LISTS, "{name} is not a readable gzip file: {error}").format(
                    name=name, error=e
                )
            ) from None
        if is_index:
            raise ListError(
                translate(
                    LISTS,
                    "{name} is a sitemap index: give one of the sitemaps it lists, or its URL",
                ).format(name=name)
            )
        lines = list(enumerate(locs, 1))
    else:
        text = data.decode("utf-8-sig", "replace")
        lines = list(enumerate(text.splitlines(), 1))
    seen: dict[str, None] = {}
    for number, line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            seen.setdefault(parse_address(line), None)
        except InvalidURL:
            out.skipped.append((number, line))
    out.urls = list(seen)
    if not out.urls:
        why = f": {out.note()}" if out.skipped else ""
        raise ListError(translate(LISTS, "{name} has no URL to check").format(name=name) + why)
    return out


async def fetch_list(url: str, config: CrawlConfig) -> UrlList:
    """The URLs of the sitemap at ``url`` (an index: of the sitemaps it lists on that host),
    fetched with the crawl's user agent, credentials, proxy, time and size limits. ListError
    when it gives none."""
    host = yarl.URL(url).raw_host

    def off_host(u: str) -> str | None:
        return None if yarl.URL(u).raw_host == host else "off-site"

    async with aiohttp.ClientSession(
        headers={"User-Agent": config.user_agent},
        cookie_jar=aiohttp.DummyCookieJar(),
        **Access(config).session_kwargs(),
    ) as session:
        found = await read_sitemaps(
            session, [url], lambda u: True, config.timeout, refuse=off_host,
            limit=config.max_body,
        )  # fmt: skip
    if not found.urls:
        why = "; ".join(found.notes) or translate(LISTS, "it could not be fetched or lists no URL")
        raise ListError(
            translate(LISTS, "the sitemap {url} gives no URL to check: {why}").format(
                url=url, why=why
            )
        )
    return UrlList(list(found.urls))
