"""Where parsing a real page goes: every page of a docs site parsed in this process (no network),
split into lexbor's parse with the walk of its tree (links, audit elements, visible text, and the
joins of plain hrefs: one C call that runs without the GIL), the joins left to Python, and the
rest (Python holding the GIL: the nesting and size checks, the audit fields' strings) — each the
best of a few passes, as shares of ``parse_page``. Only the first part lets a second parser thread
run beside the first.
"""

from __future__ import annotations

from pathlib import Path

from common import table
from linkx import best_of
from realsites import ensure_docs
from sections import Context, section

from gui_crawler.base import urls
from gui_crawler.parsing import _pagewalk, links

WALK = "lexbor parse + walk + plain joins (C, no GIL)"
JOIN = "links read, the joins left to Python (cold caches)"


def measure(root: Path, repeat: int = 3) -> dict[str, float]:
    """Seconds per part for all of ``root``'s HTML pages, and their count."""
    pages = [
        (f"http://127.0.0.1:1/{p.relative_to(root)}", p.read_bytes()) for p in root.rglob("*.html")
    ]
    walked: list[tuple[str, _pagewalk.Walked]] = []

    def walk() -> None:
        walked.clear()
        for url, body in pages:
            walked.append((url, _pagewalk.walk_apart(body, urls.plain_directory(url))))

    def join() -> None:
        for url, read in walked:
            _pagewalk.walked_links(read, {}, urls.href_joiner(url))

    out = {"pages": float(len(pages))}
    out["parse_page"] = best_of(
        lambda: [links.parse_page(b, None, u) for u, b in pages], repeat, cold=True
    )
    out[WALK] = best_of(walk, repeat)
    out[JOIN] = best_of(join, repeat, cold=True)
    out["the rest (checks, audit strings)"] = max(0.0, out["parse_page"] - out[WALK] - out[JOIN])
    return out


@section("real-parse", "where parsing python3-doc's pages goes, in process (no network)")
def real_parse(ctx: Context) -> None:
    r = ctx.results["real-parse"] = measure(ensure_docs("python-docs"))
    total = r["parse_page"]
    parts = {k: v for k, v in r.items() if k not in ("pages", "parse_page")}
    rows = [[part, secs, f"{secs / total:.0%}"] for part, secs in parts.items()]
    rows.append(["parse_page (all of it)", total, "100%"])
    title = f"\n== real-parse: {r['pages']:.0f} pages of python3-doc, best of 3, one core =="
    ctx.say(table(["part", "seconds", "share"], rows, title=title))
