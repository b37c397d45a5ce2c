"""Custom extraction and search: what each kind of rule costs a page, against the page's parse.

Reads the Python docs' HTML files (Debian's python3-doc, /usr/share/doc/python3-doc/html) and
times, per page and as medians of 3 passes: the crawler's own parse (links.parse_page, the
compiled walk where built) and each rule kind alone (css, css@attr, xpath, regex, search, a
regex search). Prints ms a page and the ratio to the parse. No network.

    python bench/extract.py [--limit N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from gui_crawler.parsing import accel
from gui_crawler.parsing.extract import Extractor, parse_rule
from gui_crawler.parsing.links import parse_page

DOCS = Path("/usr/share/doc/python3-doc/html")
RULES = {
    "css": ("h1=css:h1", False),
    "css@attr": ("canon=css:link[rel=canonical]@href", False),
    "xpath": ("title=xpath://title", False),
    "regex": ("ver=regex:Python ([0-9.]+)", False),
    "search": ("old=deprecated", True),
    "search regex": ('refs=regex:class="reference', True),
}


def timed(fn, pages: list, passes: int = 3) -> float:  # type: ignore[type-arg, no-untyped-def]
    runs = []
    for _ in range(passes):
        t0 = time.perf_counter()
        for page in pages:
            fn(page)
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs) / len(pages) * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--limit", type=int, default=200, help="pages read (default 200)")
    args = p.parse_args()
    files = sorted(DOCS.rglob("*.html"))[: args.limit]
    if not files:
        raise SystemExit(f"no pages under {DOCS}: apt-get install python3-doc")
    bodies = [f.read_bytes() for f in files]
    texts = [b.decode("utf-8", "replace") for b in bodies]
    print(f"{len(files)} pages of {DOCS}, {sum(map(len, bodies)) / len(bodies) / 1024:.0f} KB "
          f"on average; parse: {accel.describe()}")  # fmt: skip
    parse = timed(lambda b: parse_page(b, "utf-8", "http://docs.test/x.html"), bodies)
    print(f"{'the parse (links and audit fields)':36s} {parse:7.2f} ms/page  1.00x")
    for kind, (rule, search) in RULES.items():
        extractor = Extractor([parse_rule(rule, search=search)])
        ms = timed(extractor.run, texts)
        print(f"{'+ one ' + kind + ' rule':36s} {ms:7.2f} ms/page  {ms / parse:.2f}x")


if __name__ == "__main__":
    main()
