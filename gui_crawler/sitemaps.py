"""Sitemaps: the URLs a site lists in robots.txt ``Sitemap:`` lines and ``/sitemap.xml``, indexes
followed, gzip unpacked, every size bounded so a hostile or huge sitemap cannot eat the crawl.

``<loc>`` is read with a regex rather than an XML parser: sitemaps in the wild are often not
well-formed, and a regex cannot be made to expand entities.
"""

from __future__ import annotations

import html
import re
import zlib
from collections.abc import Callable, Iterable

import aiohttp

from .urls import normalize

MAX_SITEMAP_BYTES = 50 * 1024 * 1024  # the sitemaps.org limit, uncompressed
MAX_SITEMAPS = 50  # files read per crawl root (an index can list 50,000)
MAX_SITEMAP_URLS = 50_000  # URLs taken from all sitemaps of one root
_LOC = re.compile(rb"<(?:\w+:)?loc>\s*(.*?)\s*</(?:\w+:)?loc>", re.S | re.I)
_INDEX = re.compile(rb"<(?:\w+:)?sitemapindex[\s>]", re.I)


def gunzip(data: bytes, limit: int = MAX_SITEMAP_BYTES) -> bytes:
    """Unpack gzip data (sitemap.xml.gz, or served gzip without Content-Encoding), bounded."""
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = d.decompress(data, limit)
    return out


def parse_sitemap(data: bytes) -> tuple[list[str], bool]:
    """(URLs listed, is it an index of further sitemaps). Plain-text sitemaps (one URL a line) too."""
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data)
    head = data[:2048].lstrip()
    if head.startswith(b"<") or b"<urlset" in head or _INDEX.search(head):
        is_index = bool(_INDEX.search(data[:4096]))
        locs = [html.unescape(m.decode("utf-8", "replace")) for m in _LOC.findall(data)]
        return locs, is_index
    lines = data.decode("utf-8", "replace").splitlines()
    return [
        line.strip() for line in lines if line.strip().startswith(("http://", "https://"))
    ], False


async def _get(session: aiohttp.ClientSession, url: str, time_limit: float) -> bytes | None:
    try:
        async with session.get(
            url,
            allow_redirects=True,
            max_redirects=5,
            timeout=aiohttp.ClientTimeout(total=time_limit),
        ) as resp:
            if resp.status != 200:
                return None
            if resp.content_length is not None and resp.content_length > MAX_SITEMAP_BYTES:
                return None
            chunks: list[bytes] = []
            size = 0
            async for chunk in resp.content.iter_chunked(64 * 1024):
                size += len(chunk)
                if size > MAX_SITEMAP_BYTES:
                    return None
                chunks.append(chunk)
            return b"".join(chunks)
    except (TimeoutError, aiohttp.ClientError, OSError, ValueError, zlib.error):
        return None


async def read_sitemaps(
    session: aiohttp.ClientSession,
    start: Iterable[str],
    in_scope: Callable[[str], bool],
    time_limit: float,
) -> tuple[dict[str, str], int]:
    """Page URLs (normalised, in scope, deduplicated, each with the sitemap that listed it) from
    the sitemaps at ``start`` and the indexes they lead to; and how many sitemap files were read.
    Never raises on bad input."""
    todo = list(dict.fromkeys(start))
    seen_maps: set[str] = set()
    urls: dict[str, str] = {}
    read = 0
    while todo and read < MAX_SITEMAPS and len(urls) < MAX_SITEMAP_URLS:
        url = todo.pop(0)
        if url in seen_maps:
            continue
        seen_maps.add(url)
        data = await _get(session, url, time_limit)
        if data is None:
            continue
        read += 1
        try:
            locs, is_index = parse_sitemap(data)
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
    return urls, read
