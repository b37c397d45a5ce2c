"""``gui-crawler crawl`` as a process: what its start imports (a real server in a thread, the
command in a subprocess)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sites import Site, ThreadedSite


def a_site() -> Site:
    site = Site()
    # Pages over the inline parse's 1 KB: the parser threads run too.
    many = [f"/p{i}" for i in range(60)]
    site.page("/", [*many, "/gone"])
    for path in many:
        site.page(path, ["/"])
    return site


PAGES = 62  # the root, its 60 pages, the broken link


def test_a_plain_crawl_imports_nothing_only_options_it_lacks_use(tmp_path: Path) -> None:
    """Without parser processes, robots.txt, sitemaps or a browser, a crawl imports none of
    their modules (multiprocessing, protego, the sitemaps' reader, the browser check), nor
    statistics (one median at the crawl's end)."""
    unused = (
        "multiprocessing",
        "concurrent.futures.process",
        "protego",
        "gui_crawler.crawl.sitemaps",
        "gui_crawler.render.browser",
        "statistics",
    )
    db = str(tmp_path / "c.sqlite3")
    with ThreadedSite(a_site()) as site:
        code = (
            "import sys; from gui_crawler.cli.headless import main; "
            f"code = main([{site.url!r}, '-q', '--ignore-robots', '--no-sitemaps', '--db', {db!r}]); "
            f"print(code, [m for m in {unused!r} if m in sys.modules])"
        )
        run = [sys.executable, "-c", code]
        out = subprocess.run(run, capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.splitlines()[-1] == "1 []"  # exit code 1: the site has a broken link
