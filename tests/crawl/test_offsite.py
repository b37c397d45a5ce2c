"""Off-site means off-site: robots.txt, sitemaps and their redirects are read only from the
crawl's own hosts, whether external links are checked or not; sitemap redirects count against
max_redirect and the body limit holds. 127.0.0.2 and 127.0.0.3 stand in for other hosts (Linux
routes all of 127/8 to lo).
"""

from __future__ import annotations

import asyncio
import csv
import time
from pathlib import Path

import pytest
from aiohttp import web
from crawling import crawl
from hostsites import HostSite, serve
from sites import ThreadedSite

from gui_crawler.cli.headless import main
from gui_crawler.events import ErrorKind

STALL = 30.0  # an off-site server that is asked anything holds the request this long


def _urlset(*urls: str) -> str:
    locs = "".join(f"<url><loc>{u}</loc></url>" for u in urls)
    return f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>'


def _index(*maps: str) -> str:
    locs = "".join(f"<sitemap><loc>{u}</loc></sitemap>" for u in maps)
    return (
        f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</sitemapindex>'
    )


def stalling(*sites: HostSite) -> None:
    """Every path these servers are asked for hangs: a crawl that asks them waits its timeout."""

    async def hang(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(STALL)
        return web.Response(text="User-agent: *\nDisallow: /\n")

    for site in sites:
        for path in ("/robots.txt", "/sitemap.xml", "/moved.xml", "/index.xml"):
            site.route(path, hang)


def pointing_off_site(site: HostSite, two: HostSite, three: HostSite) -> set[str]:
    """A site whose robots.txt, sitemap index and sitemap redirect point at the other hosts;
    its in-site sitemaps (one reached through an in-site redirect) list /a, /b and /c. Returns
    the pages a crawl should record."""
    site.text(
        "/robots.txt",
        f"User-agent: *\nDisallow: /private\nSitemap: {two.u('/sitemap.xml')}\n"
        f"Sitemap: {site.u('/maps/index.xml')}\n",
    )
    site.text(
        "/maps/index.xml",
        _index(site.u("/maps/pages.xml"), three.u("/sitemap.xml"), site.u("/maps/moved.xml")),
        content_type="application/xml",
    )
    site.text("/maps/pages.xml", _urlset(site.u("/a"), site.u("/b")), "application/xml")
    site.redirect("/maps/moved.xml", two.u("/moved.xml"))
    site.redirect("/sitemap.xml", "/maps/real.xml", 301)  # in-site: followed
    site.text("/maps/real.xml", _urlset(site.u("/c")), "application/xml")
    for path in ("/", "/a", "/b", "/c"):
        site.page(path)
    return {site.u(p) for p in ("/", "/a", "/b", "/c")}


# ---- robots.txt and sitemaps --------------------------------------------------------------------


@pytest.mark.parametrize("check", [False, True], ids=["no_external", "check_external"])
def test_sitemaps_pointing_off_site_are_not_fetched(check: bool) -> None:
    @serve("127.0.0.1", "127.0.0.2", "127.0.0.3")
    async def body(site: HostSite, two: HostSite, three: HostSite) -> None:
        stalling(two, three)
        pages = pointing_off_site(site, two, three)
        t0 = time.monotonic()
        records, sink, _ = await crawl(site.url, check_external=check)
        took = time.monotonic() - t0
        assert two.log == [] and three.log == []  # no request at all, robots.txt included
        assert set(records) == pages  # one record per URL taken in
        assert all(r.status == 200 for r in records.values())
        assert {u for u, r in records.items() if r.in_sitemap} == pages - {site.url}
        assert records[site.u("/c")].referrer == site.u("/sitemap.xml")  # as the site named it
        # Said where the host's robots.txt state is shown.
        status = [h.robots for h in sink.hosts if h.host == site.url.rstrip("/")][-1]
        assert status.startswith("ok; ")
        assert f"off-site sitemap not fetched: {two.u('/sitemap.xml')}" in status
        assert f"off-site sitemap not fetched: {three.u('/sitemap.xml')}" in status
        moved = f"redirect to {two.u('/moved.xml')} (off-site): not followed"
        assert f"sitemap {site.u('/maps/moved.xml')}: {moved}" in status
        # Each off-site request would have held the crawl for its 2 s timeout.
        assert took < 1.5, took

    body()


@serve("127.0.0.1", "127.0.0.2")
async def test_a_robots_txt_redirected_off_site_is_not_followed(
    site: HostSite, two: HostSite
) -> None:
    stalling(two)
    site.redirect("/robots.txt", two.u("/robots.txt"))
    site.page("/", ["/a"])
    site.page("/a")
    records, sink, _ = await crawl(site.url, use_sitemaps=False, check_external=True)
    assert two.log == []
    assert {r.status for r in records.values()} == {200} and len(records) == 2
    status = sink.hosts[-1].robots
    assert status == f"none (redirect to {two.u('/robots.txt')} (off-site): not followed)"


@serve("127.0.0.1")
async def test_a_robots_txt_redirected_in_site_is_followed(site: HostSite) -> None:
    site.redirect("/robots.txt", "/rules.txt", 301)
    site.text("/rules.txt", "User-agent: *\nDisallow: /private\n")
    site.page("/", ["/private"])
    site.page("/private")
    records, sink, _ = await crawl(site.url, use_sitemaps=False)
    assert records[site.u("/private")].error_kind == ErrorKind.ROBOTS
    assert site.requests("/private") == 0 and sink.hosts[-1].robots == "ok"


@pytest.mark.parametrize(("max_redirect", "read"), [(2, False), (3, True)])
def test_sitemap_redirects_count_against_max_redirect(max_redirect: int, read: bool) -> None:
    @serve("127.0.0.1")
    async def body(site: HostSite) -> None:
        site.redirect("/sitemap.xml", "/s1")
        site.redirect("/s1", "/s2")
        site.redirect("/s2", "/s3")
        site.text("/s3", _urlset(site.u("/listed")), "application/xml")
        site.page("/")
        site.page("/listed")
        records, sink, _ = await crawl(site.url, ignore_robots=True, max_redirect=max_redirect)
        assert (site.u("/listed") in records) is read
        assert site.requests("/s3") == int(read)
        if not read:
            assert (
                f"sitemap {site.u('/sitemap.xml')}: more than 2 redirects" in sink.hosts[-1].robots
            )

    body()


@serve("127.0.0.1")
async def test_a_sitemap_past_the_body_limit_is_not_read(site: HostSite) -> None:
    site.text("/sitemap.xml", _urlset(site.u("/listed")) + " " * 4000, "application/xml")
    site.page("/")
    site.page("/listed")
    records, sink, _ = await crawl(site.url, ignore_robots=True, max_body=2048)
    assert set(records) == {site.url}
    assert "too large" in sink.hosts[-1].robots


@serve("127.0.0.1")
async def test_a_sitemap_robots_txt_disallows_is_not_requested(site: HostSite) -> None:
    site.text("/robots.txt", "User-agent: *\nDisallow: /sitemap.xml\n")
    site.text("/sitemap.xml", _urlset(site.u("/listed")), "application/xml")
    site.page("/")
    records, _, _ = await crawl(site.url)
    assert site.requests("/sitemap.xml") == 0 and set(records) == {site.url}


def test_done_when_a_no_external_crawl_of_a_site_pointing_off_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's test: about a second, one record per page, no off-site request (before, the
    CLI's 10 s timeout for each of the three off-site files: about 30 s)."""
    site, two, three = HostSite("127.0.0.1"), HostSite("127.0.0.2"), HostSite("127.0.0.3")
    stalling(two, three)
    with ThreadedSite(site), ThreadedSite(two), ThreadedSite(three):
        pages = pointing_off_site(site, two, three)
        out_csv = tmp_path / "out.csv"
        t0 = time.monotonic()
        code = main([site.url, "--no-external", "--csv", str(out_csv), "--no-db", "-q"])
        took = time.monotonic() - t0
    capsys.readouterr()
    assert code == 0
    with out_csv.open(encoding="utf-8-sig", newline="") as f:
        rows = [r["url"] for r in csv.DictReader(f)]
    assert sorted(rows) == sorted(pages)
    assert two.log == [] and three.log == []
    assert took < 2.0, took
