"""Crawl a documentation tree served on loopback and check every page's recorded title against
the <title> of the file itself, read by a different parser (the standard library's).

    .venv/bin/python tools/check_titles.py [/usr/share/doc/python3-doc/html]

Prints how many pages were checked and how many titles differ (listing the first few); exits 1
if any differs.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord


class _Title(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = self.done = False
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "title" and not self.done:
            self.inside = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self.inside:
            self.inside, self.done = False, True

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.parts.append(data)


def file_title(path: Path) -> str | None:
    p = _Title()
    p.feed(path.read_bytes().decode("utf-8", "replace"))
    return " ".join("".join(p.parts).split()) if p.done or p.parts else None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/python3-doc/html")
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    records: list[FetchRecord] = []

    def sink(e: Event) -> None:
        if isinstance(e, FetchRecord):
            records.append(e)

    config = CrawlConfig(
        roots=(base + "index.html",), max_tasks=8, max_pages=20_000, check_external=False
    )  # loopback only: the docs link to the internet
    asyncio.run(Crawler(config, sink).run())
    server.shutdown()
    checked = 0
    wrong: list[tuple[str, str | None, str | None]] = []
    for rec in records:
        if rec.status != 200 or rec.content_type != "text/html":
            continue
        path = root / unquote(urlsplit(rec.url).path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        checked += 1
        want = file_title(path)
        if rec.title != want:
            wrong.append((rec.url, rec.title, want))
    print(f"{checked} HTML pages of {root} crawled; {checked - len(wrong)} titles equal the file's")
    for url, got, want in wrong[:10]:
        print(f"  {url}: recorded {got!r}, file has {want!r}")
    return 1 if wrong or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
