"""Where parsing a real page goes: every page of a docs site parsed in this process (no network),
split into lexbor's parse, the walk of the tree for links and audit elements, joining the hrefs,
and reading the visible text — each the best of a few passes, as shares of ``parse_page``.

Only lexbor's parse releases the GIL; everything after it is Python holding it, which is what
keeps a second parser thread from running beside the first.
"""

from __future__ import annotations

from pathlib import Path

from linkx import best_of
from selectolax.lexbor import LexborHTMLParser

from gui_crawler import links, urls
from gui_crawler.pagefacts import FactsReader


def measure(root: Path, repeat: int = 3) -> dict[str, float]:
    """Seconds per part for all of ``root``'s HTML pages, and their count."""
    pages = [
        (f"http://127.0.0.1:1/{p.relative_to(root)}", p.read_bytes()) for p in root.rglob("*.html")
    ]
    trees: list[LexborHTMLParser] = []
    raws: list[dict[str, None]] = []

    def parse() -> None:
        trees.clear()
        for _, body in pages:
            LexborHTMLParser(body)  # built and freed, as in a crawl

    def walk() -> None:
        raws.clear()
        for (url, _), tree in zip(pages, trees, strict=True):
            raw: dict[str, None] = {}
            links._hrefs(tree, url, raw, FactsReader())
            raws.append(raw)

    def join() -> None:
        for (url, _), raw in zip(pages, raws, strict=True):
            urls.join_all(url, raw)

    def text() -> None:
        for tree in trees:
            facts = FactsReader()
            links._hrefs(tree, "http://127.0.0.1:1/", {}, facts)
            facts.read_text(tree)

    out = {"pages": float(len(pages))}
    out["parse_page"] = best_of(
        lambda: [links.parse_page(b, None, u) for u, b in pages], repeat, cold=True
    )
    out["lexbor parse"] = best_of(parse, repeat)
    trees.extend(LexborHTMLParser(b) for _, b in pages)
    out["walk (links + audit elements)"] = best_of(walk, repeat)
    out["join hrefs (cold caches)"] = best_of(join, repeat, cold=True)
    walk_once = best_of(walk, 1)
    # read_text removes nodes: fresh trees for each pass, the walk it needs subtracted.
    fastest = float("inf")
    for _ in range(repeat):
        trees[:] = [LexborHTMLParser(b) for _, b in pages]
        fastest = min(fastest, best_of(text, 1))
    out["visible text + hash"] = max(0.0, fastest - walk_once)
    return out
