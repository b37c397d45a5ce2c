"""Anchor text of broken links, looked up when asked for rather than kept for every link.

Keeping the words of every link of every page costs memory for each of millions of links and
time in every parse (about a tenth more per page on the Python docs), to answer a question asked
of the few links that turn out broken. So the pages holding broken links are fetched again when
the broken-links CSV or report is made, and only their links to broken targets are read: each
one's text (an image's alt text when it has no text) and whether it is rel=nofollow.

The second fetch asks no more of the network than the crawl did: the page itself only (a page
that now redirects gives no anchors: the redirect is not followed, wherever it points), its body
no larger than the crawl's limit, and a page nested too deep to parse in bounded time (the
crawl's own guard, ``links.begin``) gives no anchors. Pages are parsed off the event loop.

No Qt here.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import aiohttp
import yarl
from selectolax.lexbor import LexborHTMLParser

from gui_crawler.config import DEFAULT_USER_AGENT, CrawlConfig
from gui_crawler.crawl.urls import join
from gui_crawler.parsing.links import PageWalk, begin, parse_content_type
from gui_crawler.parsing.pagefacts import collapse

MAX_SOURCES = 2000  # pages fetched again at most: the rest keep their rows without words
_ELEMENTS = "a[href], area[href], img[src], iframe[src], frame[src], script[src], link[href]"


@dataclass(frozen=True, slots=True)
class Anchor:
    text: str  # the link's words ("" when it has none), or "img: <alt>" for an image
    nofollow: bool


def anchors_in(
    body: bytes, charset: str | None, page_url: str, targets: set[str]
) -> dict[str, list[Anchor]]:
    """How the page links to each of ``targets``: one Anchor per element, in document order;
    none when the page nests too deep to parse in bounded time."""
    page = begin(body, charset, page_url)
    if not isinstance(page, PageWalk):
        return {}
    tree = LexborHTMLParser(page.data)  # UTF-8
    base = page_url
    node = tree.css_first("base[href]")
    if node is not None and node.attributes.get("href"):
        base = join(page_url, node.attributes["href"] or "") or base
    out: dict[str, list[Anchor]] = defaultdict(list)
    for node in tree.css(_ELEMENTS):
        attrs = node.attributes
        href = attrs.get("href") if "href" in attrs else attrs.get("src")
        url = join(base, href) if href else None
        if url is None or url not in targets:
            continue
        rel = (attrs.get("rel") or "").lower().split()
        if node.tag == "img":
            words = "img: " + collapse(attrs.get("alt") or "")
        else:
            words = collapse(node.text())
            if not words:  # an image link: its alt text is what it says
                img = node.css_first("img[alt]")
                if img is not None:
                    words = "img: " + collapse(img.attributes.get("alt") or "")
        out[url].append(Anchor(words, "nofollow" in rel))
    return out


async def _read(resp: aiohttp.ClientResponse, limit: int) -> bytes | None:
    """The body, or None when it is larger than ``limit`` bytes (decompressed)."""
    if resp.content_length is not None and resp.content_length > limit:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.content.iter_chunked(64 * 1024):
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def look_up(
    pairs: Iterable[tuple[str, str]],
    *,
    user_agent: str = DEFAULT_USER_AGENT,
    concurrency: int = 4,
    page_timeout: float = 10.0,
    max_body: int = CrawlConfig.max_body,
) -> dict[tuple[str, str], list[Anchor]]:
    """Anchors of (source page, target) pairs, fetching each source page once. A page that
    cannot be fetched again, no longer answers 200 itself (a redirect is not followed), is larger
    than ``max_body`` bytes or no longer links to the target, gives no anchors for it."""
    by_source: dict[str, set[str]] = defaultdict(set)
    for source, target in pairs:
        by_source[source].add(target)
    found: dict[tuple[str, str], list[Anchor]] = {}
    sem = asyncio.Semaphore(concurrency)

    async def one(session: aiohttp.ClientSession, source: str, targets: set[str]) -> None:
        async with sem:
            try:
                url = yarl.URL(source, encoded=True)
                async with session.get(url, allow_redirects=False) as resp:
                    if resp.status != 200:
                        return
                    body = await _read(resp, max_body)
                    charset = parse_content_type(resp.headers.get("Content-Type"))[1]
            except (aiohttp.ClientError, OSError, TimeoutError, ValueError):
                return
        if body is None:
            return
        # Off the event loop: a window waiting for the report keeps answering.
        anchors = await asyncio.to_thread(anchors_in, body, charset, source, targets)
        for target, words in anchors.items():
            found[(source, target)] = words

    async with aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=page_timeout), headers={"User-Agent": user_agent}
    ) as session:
        sources = list(by_source.items())[:MAX_SOURCES]
        await asyncio.gather(*(one(session, s, t) for s, t in sources))
    return found


def rows_with_anchors(
    rows: Iterable[tuple[str, str, str]], anchors: dict[tuple[str, str], list[Anchor]]
) -> list[tuple[str, str, str, str, str]]:
    """Broken-link rows (source, target, answer) as one row per (source, target, anchor text):
    (source, target, answer, anchor, "nofollow" or "")."""
    out = []
    for source, target, answer in rows:
        found: list[Anchor | None] = [*anchors.get((source, target), ())] or [None]
        seen: set[Anchor | None] = set()
        for a in found:
            if a in seen:
                continue
            seen.add(a)
            out.append(
                (
                    source,
                    target,
                    answer,
                    a.text if a else "",
                    "nofollow" if a and a.nofollow else "",
                )
            )
    return out
