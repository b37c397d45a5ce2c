"""The built-in demo site, checked by crawling it with the real engine against its ground truth.

One crawl (latency off) is shared by most tests; the server's own request counts prove what the
crawler did not fetch as well as what it did.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass

import aiohttp
import pytest

from gui_crawler.config import CrawlConfig
from gui_crawler.demo.site import (
    OFFSITE,
    ExpectedSite,
    build_app,
    expected_site,
    start_demo_server,
)
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, Event, FetchRecord
from gui_crawler.records.verdicts import category, is_broken


@dataclass
class Crawl:
    base: str  # "http://127.0.0.1:PORT/"
    records: dict[str, FetchRecord]
    finished: CrawlFinished
    requests: Counter[str]
    expected: ExpectedSite

    def u(self, path: str) -> str:
        return self.base + path.removeprefix("/")

    def rec(self, path: str) -> FetchRecord:
        return self.records[self.u(path)]


async def _crawl() -> Crawl:
    events: list[Event] = []
    async with await start_demo_server(latency_scale=0) as server:
        # Retry-After is capped to nothing so the throttled page costs no wall time.
        config = CrawlConfig(
            roots=(server.url,), max_tasks=10, max_retry_after=0.0, retry_backoff=0.01,
            # The demo's own pages only: request counts below are per page of the demo site.
            ignore_robots=True, use_sitemaps=False, check_external=False, per_host=10,
        )  # fmt: skip
        finished = await asyncio.wait_for(Crawler(config, events.append).run(), 20)
        requests = Counter(server.requests)
    records = [e for e in events if isinstance(e, FetchRecord)]
    by_url = {r.url: r for r in records}
    assert len(by_url) == len(records), "a URL was recorded twice"
    return Crawl(server.url, by_url, finished, requests, expected_site())


@pytest.fixture(scope="module")
def crawl() -> Crawl:
    return asyncio.run(_crawl())


def test_site_is_a_realistic_size_and_shape() -> None:
    site = expected_site()
    pages = site["pages"]
    assert 300 <= len(pages) <= 400
    for prefix in ("/docs/", "/blog/", "/products/", "/about/", "/contact/"):
        assert sum(p.startswith(prefix) for p in pages) >= 2, prefix
    assert any(p.count("/") >= 4 and p.endswith(".html") for p in pages), "nested docs"
    assert any(p.startswith("/blog/20") and p.count("/") == 5 for p in pages), "blog posts"
    assert sum("?" in p for p in pages) >= 3, "pages with a query string"
    assert len(site["dead"]) >= 4 and all(len(v) >= 2 for v in site["dead"].values())
    assert {s for s, _ in site["redirects"].values()} >= {301, 302, 307, 308}
    assert len(site["chain"]) >= 4
    assert expected_site(0) == expected_site(0)
    assert expected_site(1)["pages"] != pages


def test_building_the_app_is_cheap() -> None:
    t = time.perf_counter()
    build_app(seed=4242)
    assert time.perf_counter() - t < 0.2
    with pytest.raises(ValueError):
        build_app(latency_scale=-1)


def test_crawl_finishes_and_records_every_page_once_with_200(crawl: Crawl) -> None:
    assert crawl.finished.reason == "done"
    html = {url for url, r in crawl.records.items() if category(r) == "html"}
    assert html == {crawl.u(p) for p in crawl.expected["pages"]}
    for path in crawl.expected["pages"]:
        rec = crawl.rec(path)
        assert (rec.status, rec.exception) == (200, None), path
        want = 2 if path == crawl.expected["throttled"] else 1
        assert crawl.requests[path] == want, path


def test_recorded_links_are_exactly_the_ground_truth(crawl: Crawl) -> None:
    # Relative hrefs with ../, ./?query, fragments, root-relative and absolute ones all resolve.
    for page, targets in crawl.expected["links"].items():
        links = crawl.rec(page).links
        assert {u for u in links if u.startswith(crawl.base)} == {crawl.u(t) for t in targets}, page
        # Off-site links are the record's too: the partner's is in every page's footer.
        assert OFFSITE in links, page


def test_assets_are_fetched_as_other(crawl: Crawl) -> None:
    assert any(p.endswith(".css") for p in crawl.expected["assets"])
    assert any(p.endswith(".svg") for p in crawl.expected["assets"])
    for path, media_type in crawl.expected["assets"].items():
        rec = crawl.rec(path)
        assert (rec.status, category(rec), rec.content_type) == (200, "other", media_type)


def test_dead_links_are_404s_referred_by_a_page_linking_to_them(crawl: Crawl) -> None:
    for path, linkers in crawl.expected["dead"].items():
        rec = crawl.rec(path)
        assert category(rec) == "status_404"
        assert rec.referrer in {crawl.u(p) for p in linkers}
        for page in linkers:
            assert crawl.u(path) in crawl.rec(page).links


def test_redirects_record_their_status_and_target(crawl: Crawl) -> None:
    statuses = set()
    for path, (status, target) in crawl.expected["redirects"].items():
        rec = crawl.rec(path)
        assert rec.status == status, path
        if target is None:
            continue
        statuses.add(status)
        assert rec.next_url == (target if "://" in target else crawl.u(target))
    assert statuses >= {301, 302, 303, 307, 308}


def test_chain_is_followed_to_the_page_only_it_leads_to(crawl: Crawl) -> None:
    *hops, final = crawl.expected["chain"]
    for hop, nxt in zip(hops, [*hops[1:], final], strict=True):
        assert crawl.rec(hop).next_url == crawl.u(nxt)
        assert crawl.rec(hop).note is None
    assert crawl.rec(final).status == 200
    assert crawl.rec(final).referrer == crawl.u(hops[-1])
    assert not any(final in targets for targets in crawl.expected["links"].values())


def test_redirect_loop_terminates_and_is_broken(crawl: Crawl) -> None:
    a, b = (crawl.rec(p) for p in crawl.expected["loop"])
    assert a.is_redirect and b.is_redirect
    assert [a.next_url, b.next_url] == [b.url, a.url]
    assert is_broken(a) and is_broken(b) and a.exception == b.exception
    assert a.exception is not None and a.exception.startswith("RedirectLoop: ")
    assert crawl.requests[crawl.expected["loop"][0]] == 1


def test_302_without_location_is_an_error(crawl: Crawl) -> None:
    [path] = [p for p, (_, t) in crawl.expected["redirects"].items() if t is None]
    rec = crawl.rec(path)
    assert rec.status == 302 and rec.next_url is None
    assert category(rec) == "fail_MissingLocation" and is_broken(rec)


def test_server_errors(crawl: Crawl) -> None:
    assert len(crawl.expected["errors"]) >= 2
    for path, status in crawl.expected["errors"].items():
        assert crawl.rec(path).status == status
        assert is_broken(crawl.rec(path))


def test_offsite_urls_are_never_fetched(crawl: Crawl) -> None:
    assert all(url.startswith(crawl.base) for url in crawl.records)
    assert OFFSITE in crawl.expected["offsite"]
    for path in crawl.expected["offsite_paths"]:
        assert crawl.requests[path] == 0
    [leaving] = [p for p, (_, t) in crawl.expected["redirects"].items() if t == OFFSITE]
    assert crawl.rec(leaving).next_url == OFFSITE
    assert "out of scope" in (crawl.rec(leaving).note or "")
    assert set(crawl.requests) <= {r.removeprefix(crawl.base[:-1]) for r in crawl.records}


def test_legacy_charsets_are_reported(crawl: Crawl) -> None:
    assert len(crawl.expected["encodings"]) >= 1
    for path, charset in crawl.expected["encodings"].items():
        got = crawl.rec(path).encoding
        assert got is not None
        assert codecs.lookup(got).name == codecs.lookup(charset).name != "utf-8"


def test_throttled_page_succeeds_on_its_second_try(crawl: Crawl) -> None:
    rec = crawl.rec(crawl.expected["throttled"])
    assert (rec.status, rec.tries) == (200, 2)


async def _raw_checks() -> None:
    site = expected_site()
    async with (
        await start_demo_server(latency_scale=0) as server,
        aiohttp.ClientSession() as session,
    ):

        async def get(path: str) -> tuple[aiohttp.ClientResponse, bytes]:
            async with session.get(server.url + path[1:], allow_redirects=False) as resp:
                return resp, await resp.read()

        [nowhere] = [p for p, (_, t) in site["redirects"].items() if t is None]
        resp, _ = await get(nowhere)
        assert resp.status == 302 and "Location" not in resp.headers
        resp, _ = await get(site["throttled"])
        assert (resp.status, resp.headers["Retry-After"]) == (429, "1")
        resp, _ = await get(site["throttled"])
        assert resp.status == 200
        resp, body = await get("/about/history.html")
        assert resp.headers["Content-Type"] == "text/html; charset=iso-8859-1"
        assert "Genève" in body.decode("iso-8859-1")
        with pytest.raises(UnicodeDecodeError):
            body.decode("utf-8")
        resp, body = await get("/about/locations-de.html")
        assert resp.headers["Content-Type"] == "text/html"  # only the meta tag tells
        assert b'<meta charset="windows-1252">' in body and "€".encode("cp1252") in body
        _, body = await get("/about/")
        port = server.url.rsplit(":", 1)[1].rstrip("/")
        assert f'href="http://localhost:{port}/partner/'.encode() in body
        resp, _ = await get("/no/such/page.html")
        assert resp.status == 404
        assert server.requests["/no/such/page.html"] == 1


def test_raw_responses() -> None:
    asyncio.run(_raw_checks())


async def _timed_get(url: str) -> float:
    async with aiohttp.ClientSession() as session:
        t = time.perf_counter()
        async with session.get(url) as resp:
            await resp.read()
        return time.perf_counter() - t


async def _latency_checks() -> None:
    slow = expected_site()["slow"][1:]
    async with await start_demo_server(latency_scale=0.05) as server:
        assert 0.14 <= await _timed_get(server.url + slow) < 1.5  # 3 s scaled by 0.05
    async with await start_demo_server(latency_scale=0) as server:
        assert await _timed_get(server.url + slow) < 0.1


def test_latency_is_scaled() -> None:
    asyncio.run(_latency_checks())


_DIGEST = """
import hashlib, sys
from gui_crawler.demo import site as demo
expected = demo.expected_site(3)
h = hashlib.sha256(repr(sorted((k, sorted(map(repr, v)) if isinstance(v, (set, frozenset, dict))
                    else repr(v)) for k, v in expected.items())).encode())
for path, e in sorted(demo._site(3).entries.items()):  # every response, pages rendered above
    h.update(repr((path, e.status, e.content_type, e.location, e.latency)).encode() + e.body)
print(h.hexdigest(), any(m.startswith(("PySide6", "shiboken")) for m in sys.modules))
"""


def test_site_is_identical_across_processes_and_imports_no_qt() -> None:
    # Set and dict iteration depend on the hash seed: a leak of it would change the site per run.
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _DIGEST],
            env={**os.environ, "PYTHONHASHSEED": seed},
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in ("1", "2")
    ]
    outs = [p.communicate(timeout=30)[0].split() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert outs[0] == outs[1]
    assert outs[0][1] == "False"


def test_the_window_demo_site_keeps_its_port_when_free() -> None:
    from gui_crawler.demo.site import DEMO_PORT, start_demo_server_at_default_port

    async def two() -> tuple[str, str]:
        first = await start_demo_server_at_default_port()
        try:
            # Taken (by the first, or by another program): a free port, never a failure.
            second = await start_demo_server_at_default_port()
            await second.close()
            return first.url, second.url
        finally:
            await first.close()

    first, second = asyncio.run(two())
    assert first != second
    assert first.endswith(f":{DEMO_PORT}/") or second.startswith("http://127.0.0.1:")
