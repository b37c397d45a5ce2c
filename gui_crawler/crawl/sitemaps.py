"""Sitemaps: the URLs a site lists in robots.txt ``Sitemap:`` lines and ``/sitemap.xml``, indexes
followed, gzip unpacked, every size bounded so a hostile or huge sitemap cannot eat the crawl.
Sitemaps are requested as pages are: no sitemap, index entry or redirect hop off the crawl's
hosts, redirects counted, the body limit kept.

``<loc>`` is read with a regex rather than an XML parser: sitemaps in the wild are often not
well-formed, and a regex cannot be made to expand entities.
"""

from __future__ import annotations

import asyncio
import html
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import aiohttp

from gui_crawler.base.urls import normalize
from gui_crawler.crawl.robots import SITEMAP_FAILED, SITEMAP_REFUSED, get_within

MAX_SITEMAP_BYTES = 50 * 1024 * 1024  # the sitemaps.org limit, uncompressed
MAX_SITEMAPS = 50  # files requested per crawl root (an index can list 50,000)
MAX_NOTES = 5  # sitemaps not read that are named one by one
MAX_SITEMAP_URLS = 50_000  # URLs taken from all sitemaps of one root
_LOC = re.compile(rb"<(?:\w+:)?loc>\s*(.*?)\s*</(?:\w+:)?loc>", re.S | re.I)
_INDEX = re.compile(rb"<(?:\w+:)?sitemapindex[\s>]", re.I)


def gunzip(data: bytes, limit: int = MAX_SITEMAP_BYTES) -> bytes:
    """Unpack gzip data (sitemap.xml.gz, or served gzip without Content-Encoding), bounded."""
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = d.decompress(data, limit)
    return out


def parse_sitemap(data: bytes, limit: int = MAX_SITEMAP_BYTES) -> tuple[list[str], bool]:
    """(URLs listed, is it an index of further sitemaps). Plain-text sitemaps (one URL a line) too;
    gzip unpacked up to ``limit`` bytes."""
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, limit)
    head = data[:2048].lstrip()
    if head.startswith(b"<") or b"<urlset" in head or _INDEX.search(head):
        is_index = bool(_INDEX.search(data[:4096]))
        locs = [html.unescape(m.decode("utf-8", "replace")) for m in _LOC.findall(data)]
        return locs, is_index
    lines = data.decode("utf-8", "replace").splitlines()
    return [
        line.strip() for line in lines if line.strip().startswith(("http://", "https://"))
    ], False


@dataclass
class Found:
    """What the sitemaps of a root gave: page URLs (each with the sitemap that listed it), how
    many sitemap files were requested, and the sitemaps not requested or not read, each said in
    a line (the first MAX_NOTES of ``skipped`` of them)."""

    urls: dict[str, str] = field(default_factory=dict)
    requested: int = 0
    notes: list[str] = field(default_factory=list)
    skipped: int = 0

    def skip(self, note: str) -> None:
        self.skipped += 1
        if len(self.notes) < MAX_NOTES:
            self.notes.append(note)


async def read_sitemaps(
    session: aiohttp.ClientSession,
    start: Iterable[str],
    in_scope: Callable[[str], bool],
    time_limit: float,
    *,
    refuse: Callable[[str], str | None] = lambda url: None,
    redirects: int = 5,
    limit: int = MAX_SITEMAP_BYTES,
) -> Found:
    """Page URLs (normalised, in scope, deduplicated) from the sitemaps at ``start`` and the
    indexes they lead to. A sitemap, an index entry or a redirect hop that ``refuse`` objects to
    (it says why: "off-site", …) is not requested; redirects are followed one hop at a time, at
    most ``redirects`` per sitemap; a sitemap larger than ``limit`` bytes (and MAX_SITEMAP_BYTES)
    is not read. Never raises on bad input."""
    limit = min(limit, MAX_SITEMAP_BYTES)
    todo = [u for u in map(normalize, dict.fromkeys(start)) if u is not None]
    seen_maps: set[str] = set()
    out = Found()
    urls = out.urls
    while todo and out.requested < MAX_SITEMAPS and len(urls) < MAX_SITEMAP_URLS:
        url = todo.pop(0)
        if url in seen_maps:
            continue
        seen_maps.add(url)
        why = refuse(url)
        if why:
            out.skip(SITEMAP_REFUSED.format(why=why, url=url))
            continue
        out.requested += 1
        try:
            async with asyncio.timeout(time_limit):
                got = await get_within(session, url, refuse, redirects=redirects, limit=limit)
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError):
            continue
        if got.why:
            out.skip(SITEMAP_FAILED.format(url=url, why=got.why))
            continue
        if got.body is None:
            continue
        try:
            locs, is_index = parse_sitemap(got.body, limit)
        except zlib.error:
            continue
        for loc in locs:
            u = normalize(loc)
            if u is None:
                continue
            if is_index:
                todo.append(u)
            elif u in urls or not in_scope(u):
                continue
            else:
                urls[u] = url
                if len(urls) >= MAX_SITEMAP_URLS:
                    break
    return out
