"""Joins on real pages: our cached pure-Python path (urls.join_all) vs ada-url's WHATWG parser.

``python bench/ada_eval.py [DIR …]`` reads the HTML files under each DIR (default: Debian's
python3-doc and rust-doc), collects every page's hrefs with lexbor, then times resolving them
page by page, both ways, in one process, alternating, median of 3; and counts how often the two
disagree. Needs ``pip install ada-url``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from ada_url import join_url
from selectolax.lexbor import LexborHTMLParser

from gui_crawler.base import urls

DIRS = ["/usr/share/doc/python3-doc/html", "/usr/share/doc/rust-doc/html"]
SELECTOR = "a[href], area[href], link[href], iframe[src], frame[src], img[src], script[src]"


def pages(root: Path, limit: int) -> list[tuple[str, list[str]]]:
    out = []
    for f in sorted(root.rglob("*.html"))[:limit]:
        tree = LexborHTMLParser(f.read_bytes())
        hrefs = [
            v
            for n in tree.css(SELECTOR)
            if (
                v := n.attributes.get("href") if "href" in n.attributes else n.attributes.get("src")
            )
        ]
        out.append(
            ("http://127.0.0.1:8080/" + str(f.relative_to(root)), list(dict.fromkeys(hrefs)))
        )
    return out


def ada_join_all(base: str, hrefs: list[str]) -> list[str]:
    out: dict[str, None] = {}
    for href in hrefs:
        href = href.strip()
        if href.startswith("#"):
            continue
        try:
            url = join_url(base, href)
        except ValueError:
            continue
        if url.startswith(("http://", "https://")):
            out[url.split("#", 1)[0]] = None
    return list(out)


def ours(site: list[tuple[str, list[str]]]) -> list[list[str]]:
    urls._join.cache_clear()
    urls.normalize.cache_clear()
    return [urls.join_all(base, hrefs) for base, hrefs in site]


def ada(site: list[tuple[str, list[str]]]) -> list[list[str]]:
    return [ada_join_all(base, hrefs) for base, hrefs in site]


def main() -> None:
    dirs = sys.argv[1:] or DIRS
    for d in dirs:
        site = pages(Path(d), 3000)
        n = sum(len(h) for _, h in site)
        times: dict[str, list[float]] = {"ours (cold cache)": [], "ada-url": []}
        for _ in range(3):
            for name, fn in (("ours (cold cache)", ours), ("ada-url", ada)):
                t = time.perf_counter()
                fn(site)
                times[name].append(time.perf_counter() - t)
        a, b = ours(site), ada(site)
        differ = sum(set(x) != set(y) for x, y in zip(a, b, strict=True))
        t_ours, t_ada = (statistics.median(v) for v in times.values())
        print(
            f"{d}: {len(site)} pages, {n} distinct hrefs: ours {t_ours * 1e3:.0f} ms, "
            f"ada-url {t_ada * 1e3:.0f} ms (ada/ours {t_ada / t_ours:.2f}x); "
            f"pages whose link sets differ: {differ}"
        )


if __name__ == "__main__":
    main()
