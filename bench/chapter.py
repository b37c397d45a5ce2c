"""The baseline: the chapter's crawler ("A Web Crawler With asyncio Coroutines", 500 Lines or Less)
ported to today's asyncio and aiohttp, in a process of its own: ``python bench/chapter.py URL``.

Same design as the chapter's ``crawling.py``: a queue of ``(url, redirects_left)``, a ``seen_urls``
set, ``max_tasks`` workers (10), redirects followed by hand, links found with the chapter's regex
and joined with ``urljoin``, one ``FetchStatistic`` per URL kept in a list. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import email.message
import json
import re
import time
import urllib.parse
from collections import namedtuple

import aiohttp
from common import die_with_parent, maxrss_mb, raise_nofile

FetchStatistic = namedtuple(
    "FetchStatistic",
    "url next_url status exception size content_type encoding num_urls num_new_urls",
)
HREF = re.compile(r"""(?i)href=["']([^\s"'<>]+)""")


def is_redirect(response: aiohttp.ClientResponse) -> bool:
    return response.status in (300, 301, 302, 303, 307)


class Crawler:
    def __init__(self, roots: list[str], max_redirect: int = 10, max_tries: int = 4,
                 max_tasks: int = 10) -> None:  # fmt: skip
        self.roots = roots
        self.max_redirect = max_redirect
        self.max_tries = max_tries
        self.max_tasks = max_tasks
        self.q: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        self.seen_urls: set[str] = set()
        self.done: list[FetchStatistic] = []
        self.root_domains = set()
        for root in roots:
            host = urllib.parse.urlparse(root).hostname or ""
            self.root_domains.add(host)
        for root in roots:
            self.add_url(root)

    def host_okay(self, host: str) -> bool:
        host = host.lower()
        if host in self.root_domains:
            return True
        host = host[4:] if host.startswith("www.") else "www." + host
        return host in self.root_domains

    def record_statistic(self, fetch_statistic: FetchStatistic) -> None:
        self.done.append(fetch_statistic)

    async def parse_links(self, response: aiohttp.ClientResponse) -> tuple[FetchStatistic, set[str]]:  # fmt: skip
        links: set[str] = set()
        content_type = None
        encoding = None
        body = await response.read()
        if response.status == 200:
            content_type = response.headers.get("content-type")
            if content_type:  # cgi.parse_header, which the chapter used, is gone from Python
                msg = email.message.Message()
                msg["content-type"] = content_type
                content_type, encoding = msg.get_content_type(), msg.get_content_charset()
            encoding = encoding or "utf-8"
            if content_type in ("text/html", "application/xml"):
                text = body.decode(encoding, "replace")
                urls = set(HREF.findall(text))
                for url in urls:
                    normalized = urllib.parse.urljoin(str(response.url), url)
                    defragmented, _frag = urllib.parse.urldefrag(normalized)
                    if self.url_allowed(defragmented):
                        links.add(defragmented)
        stat = FetchStatistic(url=str(response.url), next_url=None, status=response.status,
                              exception=None, size=len(body), content_type=content_type,
                              encoding=encoding, num_urls=len(links),
                              num_new_urls=len(links - self.seen_urls))  # fmt: skip
        return stat, links

    async def fetch(self, url: str, max_redirect: int) -> None:
        tries = 0
        exception = None
        while tries < self.max_tries:
            try:
                response = await self.session.get(url, allow_redirects=False)
                break
            except aiohttp.ClientError as client_error:
                exception = client_error
            tries += 1
        else:
            self.record_statistic(FetchStatistic(url, None, None, exception, 0, None, None, 0, 0))
            return
        try:
            if is_redirect(response):
                location = response.headers["location"]
                next_url = urllib.parse.urljoin(url, location)
                self.record_statistic(
                    FetchStatistic(url, next_url, response.status, None, 0, None, None, 0, 0)
                )
                if next_url in self.seen_urls:
                    return
                if max_redirect > 0:
                    self.add_url(next_url, max_redirect - 1)
            else:
                stat, links = await self.parse_links(response)
                self.record_statistic(stat)
                for link in links.difference(self.seen_urls):
                    self.q.put_nowait((link, self.max_redirect))
                self.seen_urls.update(links)
        finally:
            response.release()

    def url_allowed(self, url: str) -> bool:
        parts = urllib.parse.urlparse(url)
        if parts.scheme not in ("http", "https"):
            return False
        return self.host_okay(parts.hostname or "")

    def add_url(self, url: str, max_redirect: int | None = None) -> None:
        if max_redirect is None:
            max_redirect = self.max_redirect
        self.seen_urls.add(url)
        self.q.put_nowait((url, max_redirect))

    async def work(self) -> None:
        try:
            while True:
                url, max_redirect = await self.q.get()
                assert url in self.seen_urls
                await self.fetch(url, max_redirect)
                self.q.task_done()
        except asyncio.CancelledError:
            pass

    async def crawl(self) -> None:
        async with aiohttp.ClientSession() as self.session:
            workers = [asyncio.create_task(self.work()) for _ in range(self.max_tasks)]
            await self.q.join()
            for w in workers:
                w.cancel()


async def main_async(url: str, tasks: int) -> dict:
    crawler = Crawler([url], max_tasks=tasks)
    t = time.perf_counter()
    await crawler.crawl()
    elapsed = time.perf_counter() - t
    html = sum(1 for s in crawler.done if s.content_type == "text/html" and s.status == 200)
    return {"elapsed": elapsed, "records": len(crawler.done), "pages": html,
            "pages_per_s": html / elapsed if elapsed else 0.0, "maxrss_mb": maxrss_mb()}  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("--workers", type=int, default=10)
    args = p.parse_args()
    die_with_parent()
    raise_nofile()
    print(json.dumps(asyncio.run(main_async(args.url, args.workers))))


if __name__ == "__main__":
    main()
