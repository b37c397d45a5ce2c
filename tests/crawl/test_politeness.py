"""Real-site manners against real loopback hosts: robots.txt, sitemaps, per-host limits, back-off,
external links. 127.0.0.2 and 127.0.0.3 stand in for other hosts (Linux routes all of 127/8 to lo).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import csv
import gzip
import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from crawling import crawl
from hostsites import HostSite, serve
from sites import ThreadedSite

from gui_crawler.cli.headless import main
from gui_crawler.crawl.hosts import HostTable
from gui_crawler.events import ErrorKind
from gui_crawler.records.verdicts import Verdict, verdict, verdict_of

# ---- robots.txt ---------------------------------------------------------------------------------


@serve("127.0.0.1")
async def test_disallow_is_never_requested_and_is_one_blocked_record(site: HostSite) -> None:
    site.text(
        "/robots.txt",
        "User-agent: *\nDisallow: /private\nAllow: /private/open\n\n"
        "User-agent: gui_crawler\nDisallow: /private\nDisallow: /secret\nAllow: /private/open\n",
    )
    site.page("/", ["/a", "/private/x", "/private/open", "/secret"])
    site.page("/a", ["/private/x"])
    site.page("/private/open")
    site.page("/private/x")
    site.page("/secret")
    records, sink, _ = await crawl(site.url, use_sitemaps=False)
    blocked = records[site.u("/private/x")]
    assert blocked.error_kind == ErrorKind.ROBOTS and blocked.exception is not None
    assert "blocked by robots.txt" in blocked.exception
    assert blocked.referrer == site.url and verdict(blocked) is Verdict.BLOCKED
    assert not blocked.is_redirect and blocked.tries == 0
    # Our own group applies (it disallows /secret; the * group does not), the longer Allow wins.
    assert records[site.u("/secret")].error_kind == ErrorKind.ROBOTS
    assert records[site.u("/private/open")].status == 200
    assert site.requests("/private/x") == site.requests("/secret") == 0
    assert site.requests("/robots.txt") == 1
    assert sink.hosts and sink.hosts[-1].robots == "ok"


@serve("127.0.0.1")
async def test_ignore_robots_fetches_everything(site: HostSite) -> None:
    site.text("/robots.txt", "User-agent: *\nDisallow: /\n")
    site.page("/", ["/a"])
    site.page("/a")
    records, _, _ = await crawl(site.url, ignore_robots=True, use_sitemaps=False)
    assert {r.status for r in records.values()} == {200}
    assert site.requests("/robots.txt") == 0


@pytest.mark.parametrize(
    ("answer", "tries", "status_text"),
    [
        pytest.param(404, 1, "none (404)", id="404_allows_all"),
        pytest.param(500, 2, "unreachable (HTTP 500): allow all", id="500_retried_then_allows"),
        pytest.param(None, 2, "unreachable (timeout): allow all", id="timeout_then_allows"),
    ],
)
def test_robots_errors_allow_all(answer: int | None, tries: int, status_text: str) -> None:
    @serve("127.0.0.1")
    async def body(site: HostSite) -> None:
        async def robots(request: web.Request) -> web.StreamResponse:
            if answer is None:
                await asyncio.sleep(5)
            return web.Response(status=answer or 200, text="User-agent: *\nDisallow: /\n")

        site.route("/robots.txt", robots)
        site.page("/", ["/a"])
        site.page("/a")
        records, sink, _ = await crawl(site.url, use_sitemaps=False, timeout=0.5)
        assert {r.status for r in records.values()} == {200}
        assert site.requests("/robots.txt") == tries
        assert sink.hosts[-1].robots == status_text

    body()


@contextlib.contextmanager
def admissions() -> Iterator[list[float]]:
    """The loop time of each request slot the crawler's host registry grants: the crawler's own
    clock. (Arrival times at a server shift with the machine's load: two requests started 0.2 s
    apart can arrive 0.15 s apart when the first one's send was late.)"""
    got: list[float] = []
    admit = HostTable.admit

    def counted(self: HostTable[Any], host: Any, item: Any = None) -> bool:
        granted = admit(self, host, item)
        if granted:
            got.append(self._loop.time())
        return granted

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(HostTable, "admit", counted)
        yield got


@serve("127.0.0.1")
async def test_crawl_delay_raises_the_delay(site: HostSite) -> None:
    site.text("/robots.txt", "User-agent: *\nCrawl-delay: 0.2\n")
    site.page("/", ["/a", "/b"])
    site.page("/a")
    site.page("/b")
    with admissions() as starts:
        await crawl(site.url, use_sitemaps=False, max_tasks=5)
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    assert len(starts) == 3 and min(gaps) >= 0.2, gaps
    assert len([p for _, p, _ in site.log if p != "/robots.txt"]) == 3


# ---- sitemaps -----------------------------------------------------------------------------------


def _urlset(*urls: str) -> str:
    locs = "".join(f"<url><loc>{u}</loc></url>" for u in urls)
    return f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>'


@serve("127.0.0.1", "127.0.0.2")
async def test_sitemaps_seed_the_frontier(site: HostSite, other: HostSite) -> None:
    site.text("/robots.txt", f"User-agent: *\nSitemap: {site.u('/maps/index.xml')}\n")
    site.text(
        "/maps/index.xml",
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<sitemap><loc>{site.u('/maps/a.xml.gz')}</loc></sitemap>"
        f"<sitemap><loc>{site.u('/maps/missing.xml')}</loc></sitemap></sitemapindex>",
        content_type="application/xml",
    )
    gz = gzip.compress(_urlset(site.u("/from-gz"), other.u("/off-scope")).encode())
    site.text("/maps/a.xml.gz", gz, content_type="application/gzip")
    site.text(
        "/sitemap.xml",
        _urlset(site.u("/"), site.u("/plain"), site.u("/plain?q=1&amp;r=2")),
        content_type="application/xml",
    )
    site.page("/", ["/linked"])
    site.page("/linked")
    site.page("/plain")
    site.page("/plain?q=1&r=2")
    site.page("/from-gz")
    records, _, _ = await crawl(site.url, check_external=False)
    assert set(records) == {
        site.u(p) for p in ["/", "/linked", "/plain", "/plain?q=1&r=2", "/from-gz"]
    }
    assert all(records[site.u(p)].status == 200 for p in ["/plain", "/from-gz"])
    sitemap = {u for u, r in records.items() if r.in_sitemap}
    assert sitemap == {site.u(p) for p in ["/", "/plain", "/plain?q=1&r=2", "/from-gz"]}
    assert records[site.u("/from-gz")].referrer == site.u("/maps/a.xml.gz")
    assert other.log == []  # a sitemap URL out of scope is not contacted


# ---- per-host politeness ------------------------------------------------------------------------


def _wide(site: HostSite, n: int, delay: float) -> None:
    site.page("/", [f"/p{i}" for i in range(n)])
    for i in range(n):
        site.page(f"/p{i}", delay=delay)


@serve("127.0.0.1", "127.0.0.2")
async def test_per_host_concurrency_is_capped_per_host(a: HostSite, b: HostSite) -> None:
    _wide(a, 20, 0.05)
    _wide(b, 20, 0.05)
    records, sink, _ = await crawl(a.url, b.url, per_host=2, max_tasks=20)
    assert len(records) == 42
    # Measured by the servers: never above the limit, and the limit was used.
    assert a.peak_in_flight == b.peak_in_flight == 2
    assert {s.limit for s in sink.hosts} == {2}


@serve("127.0.0.1")
async def test_delay_between_requests_to_a_host(site: HostSite) -> None:
    _wide(site, 4, 0.0)
    with admissions() as starts:
        await crawl(site.url, delay=0.15, max_tasks=10, use_sitemaps=False, ignore_robots=True)
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    assert len(starts) == 5 and min(gaps) >= 0.15, gaps
    assert len(site.log) == 5


@serve("127.0.0.1", "127.0.0.2")
async def test_a_throttled_host_slows_only_itself(fast: HostSite, slow: HostSite) -> None:
    _wide(fast, 30, 0.01)
    slow.page("/", ["/x", "/y"])
    seen: dict[str, int] = {}

    async def throttled(request: web.Request) -> web.StreamResponse:
        seen[request.path] = seen.get(request.path, 0) + 1
        if seen[request.path] == 1:
            return web.Response(status=429, headers={"Retry-After": "2"})
        return web.Response(text="ok")

    slow.route("/x", throttled)
    slow.route("/y", throttled)
    t0 = time.monotonic()
    records, sink, _ = await crawl(fast.url, slow.url, max_tasks=2, per_host=2)
    fast_done = max(r.finished_at for u, r in records.items() if u.startswith(fast.url))
    slow_done = max(r.finished_at for u, r in records.items() if u.startswith(slow.url))
    # Two workers only: had either slept through the 2 s back-off, the fast host would wait too.
    assert fast_done < 1.5 < 2.0 <= slow_done, (fast_done, slow_done)
    assert records[slow.u("/x")].status == 200 and records[slow.u("/x")].tries == 2
    assert any(s.backoff > 1.0 for s in sink.hosts if s.host == slow.url.rstrip("/"))
    assert time.monotonic() - t0 < 10


# ---- external links -----------------------------------------------------------------------------


@serve("127.0.0.1", "127.0.0.2", "127.0.0.3")
async def test_external_links_checked_once_never_followed(
    site: HostSite, ext: HostSite, noh: HostSite
) -> None:
    links = [ext.u("/ok"), ext.u("/gone"), ext.u("/moved"), noh.u("/nohead")]
    site.page("/", [*links, "/a"])
    site.page("/a", links)
    ext.page("/ok", [ext.u("/never"), site.u("/never")])
    ext.page("/never")
    ext.redirect("/moved", "/ok", 301)

    async def nohead(request: web.Request) -> web.StreamResponse:
        if request.method == "HEAD":
            return web.Response(status=405)
        return web.Response(text="fine")

    noh.route("/nohead", nohead)
    noh.redirect("/ftp", "ftp://127.0.0.1/file")
    site.page("/b", [noh.u("/ftp")])
    site.page("/", [*links, "/a", "/b"])
    records, _, _ = await crawl(site.url, use_sitemaps=False)
    ftp = records[noh.u("/ftp")]
    assert ftp.error_kind == ErrorKind.BAD_LOCATION and ftp.tries == 1, ftp
    assert noh.requests("/ftp") == 1
    for u in links:
        assert records[u].external and records[u].referrer == site.url, records[u]
    assert records[ext.u("/ok")].status == 200
    assert records[ext.u("/gone")].status == 404
    assert verdict(records[ext.u("/gone")]) is Verdict.BROKEN
    assert records[ext.u("/moved")].status == 200
    assert records[ext.u("/moved")].next_url == ext.u("/ok")
    assert records[noh.u("/nohead")].status == 200
    assert "GET" in (records[noh.u("/nohead")].note or "")
    # Exactly once each (the redirect's target once more, as the redirect's hop), no robots.txt,
    # no parsing: /never is neither requested nor recorded.
    paths = collections.Counter(p for _, p, _ in ext.log)
    assert paths == {"/ok": 2, "/gone": 1, "/moved": 1}, paths
    assert {m for m, _, _ in ext.log} == {"HEAD"}
    assert ext.requests("/gone") == 1 and ext.requests("/never") == 0
    assert noh.requests("/nohead", "HEAD") == 1 and noh.requests("/nohead", "GET") == 1
    assert site.u("/never") not in records and ext.u("/never") not in records


@serve("127.0.0.1", "127.0.0.2")
async def test_without_check_external_off_site_is_never_contacted(
    site: HostSite, ext: HostSite
) -> None:
    site.page("/", [ext.u("/ok")])
    site.redirect("/go", ext.u("/landing"))
    records, _, _ = await crawl(site.url, check_external=False)
    assert ext.log == [] and set(records) == {site.url}


# ---- verdicts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "kind", "verdict"),
    [
        (200, None, Verdict.OK),
        (301, None, Verdict.REDIRECT),
        (404, None, Verdict.BROKEN),
        (410, None, Verdict.BROKEN),
        (500, None, Verdict.BROKEN),
        (None, "ClientConnectorDNSError", Verdict.BROKEN),
        (None, "ClientConnectorError", Verdict.BROKEN),
        (429, None, Verdict.BLOCKED),
        (999, None, Verdict.BLOCKED),
        (403, ErrorKind.BOT_CHALLENGE, Verdict.BLOCKED),
        (403, None, Verdict.BROKEN),
        (None, ErrorKind.ROBOTS, Verdict.BLOCKED),
        (None, ErrorKind.TIMEOUT, Verdict.TIMEOUT),
        (None, ErrorKind.TOO_LARGE, Verdict.ERROR),
        (None, ErrorKind.CANCELLED, Verdict.CANCELLED),
    ],
)
def test_verdict(status: int | None, kind: str | None, verdict: Verdict) -> None:
    assert verdict_of(status, kind) is verdict


@serve("127.0.0.1")
async def test_a_bot_challenge_403_is_blocked_not_broken(site: HostSite) -> None:
    async def challenge(request: web.Request) -> web.StreamResponse:
        return web.Response(status=403, headers={"cf-mitigated": "challenge"}, text="verify")

    site.page("/", ["/wall", "/forbidden"])
    site.route("/wall", challenge)
    site.html("/forbidden", "no", status=403)
    records, _, _ = await crawl(site.url, use_sitemaps=False)
    assert verdict(records[site.u("/wall")]) is Verdict.BLOCKED
    assert records[site.u("/wall")].status == 403
    assert verdict(records[site.u("/forbidden")]) is Verdict.BROKEN


# ---- the command line ---------------------------------------------------------------------------


def test_cli_check_external_per_host_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site, ext = HostSite("127.0.0.1"), HostSite("127.0.0.2")
    site.text("/robots.txt", "User-agent: *\nDisallow: /private\n")
    with ThreadedSite(site), ThreadedSite(ext):
        site.page("/", [f"/p{i}" for i in range(12)] + ["/private/x", ext.u("/ok"), ext.u("/gone")])
        for i in range(12):
            site.page(f"/p{i}", [ext.u("/ok")], delay=0.05)
        ext.page("/ok", [ext.u("/deeper")])
        out_csv = tmp_path / "out.csv"
        args = [site.url, "--check-external", "--per-host", "2", "--max-tasks", "20"]
        code = main([*args, "--csv", str(out_csv), "--no-db"])
    out = capsys.readouterr().out
    assert code == 1  # the external 404
    assert site.peak_in_flight <= 2 and site.peak_in_flight == 2
    with out_csv.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    by_url = {r["url"]: r for r in rows}
    assert len(rows) == len(by_url) == 1 + 12 + 1 + 2  # one row per URL
    assert by_url[site.u("/private/x")]["verdict"] == "blocked"
    assert by_url[ext.u("/ok")]["external"] == "1" and by_url[ext.u("/ok")]["status"] == "200"
    assert by_url[ext.u("/gone")]["verdict"] == "broken"
    assert by_url[ext.u("/gone")]["referrer"] == site.url
    assert ext.requests("/ok") == 1 and ext.requests("/deeper") == 0
    assert "Blocked or throttled" in out and "External links checked: 2" in out


@serve("127.0.0.1")
async def test_robots_is_read_up_to_500_kib_and_junk_allows_all(site: HostSite) -> None:
    padding = "# " + "x" * 98 + "\n"
    site.text("/robots.txt", "User-agent: *\nDisallow: /a\n" + padding * 6000 + "Disallow: /b\n")
    site.page("/", ["/a", "/b"])
    site.page("/a")
    site.page("/b")
    records, _, _ = await crawl(site.url, use_sitemaps=False)
    assert records[site.u("/a")].error_kind == ErrorKind.ROBOTS
    assert records[site.u("/b")].status == 200  # past the first 500 KiB: not read


@serve("127.0.0.1")
async def test_robots_group_found_in_a_custom_user_agent(site: HostSite) -> None:
    site.text("/robots.txt", "User-agent: mybot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n")
    site.page("/", ["/a", "/b"])
    site.page("/a")
    site.page("/b")
    ua = "Mozilla/5.0 (compatible; MyBot/1.0)"
    records, _, _ = await crawl(site.url, use_sitemaps=False, user_agent=ua)
    assert records[site.u("/a")].error_kind == ErrorKind.ROBOTS
    assert records[site.u("/b")].status == 200
