"""What the audit fields cost per page on real pages (the Python docs as files, no network):
parse_page (links + audit fields, one parse) against the same parse taking the links only.

    .venv/bin/python bench/audit_fields.py [/usr/share/doc/python3-doc/html] [--pages 400]

Prints both per-page times (best of a few passes, interleaved) and their ratio.
"""

from __future__ import annotations

import argparse
import codecs
import random
import sys
import time
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

from gui_crawler.base import urls
from gui_crawler.parsing import links

# The link elements parse_page took before the audit fields, with selectolax's CSS selector.
SELECTOR = "a[href], area[href], link[href], iframe[src], frame[src], img[src], script[src]"


def _links_before(text: str | bytes, page_url: str) -> list[str]:
    tree = LexborHTMLParser(text)
    base = page_url
    base_node = tree.css_first("base[href]")
    if base_node is not None:
        href = base_node.attributes.get("href")
        if href:
            base = urls.join(page_url, href) or base
    raw: dict[str, None] = {}
    for node in tree.css(SELECTOR):
        attrs = node.attributes
        value = attrs.get("href") if "href" in attrs else attrs.get("src")
        if value:
            raw[value] = None
    return urls.join_all(base, raw)


def before(body: bytes, charset: str | None, page_url: str) -> list[str]:
    """parse_page as it was before the audit fields (commit e5ff9c6), links only."""
    encoding = links.detect_encoding(body, charset)
    if body.count(b"<") - body.count(b"</") <= links.MAX_NESTING and encoding == "utf-8":
        return _links_before(body.removeprefix(codecs.BOM_UTF8), page_url)
    text, encoding = links.decode(body, charset)
    if links.nesting_exceeds(text):
        return links.scan_links(text.encode("utf-8"), page_url)
    return _links_before(text, page_url)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("root", nargs="?", default="/usr/share/doc/python3-doc/html")
    p.add_argument("--pages", type=int, default=400)
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    files = sorted(Path(a.root).rglob("*.html"))
    if not files:
        sys.exit(f"no .html files under {a.root}")
    chosen = random.Random(7).sample(files, min(a.pages, len(files)))
    pages = [(f"http://127.0.0.1:8000/{f.relative_to(a.root)}", f.read_bytes()) for f in chosen]

    def lean() -> None:
        for u, b in pages:
            before(b, "utf-8", u)

    def full() -> None:
        for u, b in pages:
            links.parse_page(b, "utf-8", u)

    best = {"links only": float("inf"), "links + audit fields": float("inf")}
    for _ in range(a.repeat):  # interleaved: both see the same machine load
        for name, fn in (("links only", lean), ("links + audit fields", full)):
            urls._join.cache_clear()
            urls.normalize.cache_clear()
            t = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t)
    n = len(pages)
    kb = sum(len(b) for _, b in pages) / n / 1024
    print(f"{n} pages of {a.root}, {kb:.0f} KB each on average")
    for name, t in best.items():
        print(f"  {name:22s} {t / n * 1e6:8.0f} us/page")
    ratio = best["links + audit fields"] / best["links only"]
    print(f"  audit fields cost: x{ratio:.3f} per page ({(ratio - 1) * 100:+.1f}%)")


if __name__ == "__main__":
    main()
