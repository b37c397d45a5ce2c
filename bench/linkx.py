"""Link-extraction cost per page on the generated site, in this process (no network).

Splits ``gui_crawler.parsing.links.extract_links`` into its parts — decoding, HTML parsing and selecting
the link elements, then joining/normalising the hrefs — with the URL caches cold (emptied
first) and warm, each the best of a few passes, and times Scrapy's LinkExtractor on the same
pages for comparison.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from gui_crawler.base import urls
from gui_crawler.parsing import links
from gui_crawler.parsing.links import decode, extract_links

BASE = "http://127.0.0.1:8000"  # a name only: nothing is fetched


def _pages(root: Path, paths: list[str], sample: int) -> list[tuple[str, bytes]]:
    chosen = random.Random(7).sample(paths, min(sample, len(paths)))
    out = []
    for p in chosen:
        f = root / (p + "index.html" if p.endswith("/") else p).lstrip("/")
        out.append((BASE + p, f.read_bytes()))
    return out


def best_of(fn: Callable[[], object], repeat: int, cold: bool = False) -> float:
    """Fastest of ``repeat`` timings of ``fn`` (the least disturbed by a shared machine);
    ``cold`` empties the URL caches before each."""
    best = float("inf")
    for _ in range(repeat):
        if cold:
            urls._join.cache_clear()
            urls.normalize.cache_clear()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


# The elements whose href or src is a link, as a CSS selector for selectolax.
SELECTOR = "a[href], area[href], link[href], iframe[src], frame[src], img[src], script[src]"


def _hrefs(text: str) -> list[str]:
    from selectolax.lexbor import LexborHTMLParser

    out = []
    for node in LexborHTMLParser(text).css(SELECTOR):
        a = node.attributes
        out.append(a.get("href") if "href" in a else a.get("src"))
    return out


def measure(root: Path, paths: list[str], sample: int = 400, repeat: int = 3) -> dict:
    pages = _pages(root, paths, sample)
    n = len(pages)
    texts = [(url, decode(body, "utf-8")[0]) for url, body in pages]
    hrefs = [_hrefs(text) for _, text in texts]
    out_total = sum(len(extract_links(text, url)) for url, text in texts)
    us = 1e6 / n

    def extract() -> None:
        for u, t in texts:
            extract_links(t, u)

    def parse_page() -> None:
        for u, b in pages:
            links.parse_page(b, "utf-8", u)

    res = {
        "pages": n,
        "kb_per_page": sum(len(b) for _, b in pages) / n / 1024,
        "hrefs_per_page": sum(map(len, hrefs)) / n,
        "unique_hrefs_per_page": sum(len(set(h)) for h in hrefs) / n,
        "links_per_page": out_total / n,
        "decode_us": us * best_of(lambda: [decode(b, "utf-8") for _, b in pages], repeat),
        "parse_select_us": us * best_of(lambda: [_hrefs(t) for _, t in texts], repeat),
        "extract_cold_us": us * best_of(extract, repeat, cold=True),
        "extract_warm_us": us * best_of(extract, repeat),
        "parse_page_cold_us": us * best_of(parse_page, repeat, cold=True),
    }
    try:
        from scrapy.http import HtmlResponse
        from scrapy.linkextractors import LinkExtractor
    except ImportError:
        return res
    le = LinkExtractor()
    responses = [HtmlResponse(url, body=body, encoding="utf-8") for url, body in pages]
    res["scrapy_extract_us"] = us * best_of(lambda: [le.extract_links(r) for r in responses], 1)
    return res
