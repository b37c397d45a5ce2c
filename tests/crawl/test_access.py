"""Sites behind a login: headers, cookies and basic authentication go to the roots' hosts and
nowhere else, through a proxy when one is given, and no credential is written to any file."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from crawling import crawl
from hostsites import HostSite
from sites import ThreadedSite

from gui_crawler.cli.headless import main as crawl_main
from gui_crawler.records.verdicts import Verdict, verdict

USER, PASSWORD, TOKEN, COOKIE = "ann", "pw-S3cret", "tok-4411", "c00kie-77"
BASIC = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
GIVEN = dict(auth=f"{USER}:{PASSWORD}", headers=(f"X-Token: {TOKEN}",), cookies=(f"sid={COOKIE}",))
CREDENTIAL_HEADERS = ("Authorization", "X-Token", "Cookie")


class LoginSite(HostSite):
    """Every path answers 401 unless the request has all three credentials."""

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        if (
            request.headers.get("Authorization") == BASIC
            and request.headers.get("X-Token") == TOKEN
            and request.cookies.get("sid") == COOKIE
        ):
            return await super()._dispatch(request)
        return web.Response(status=401, text="log in first")


def behind_login(site: HostSite, other: HostSite) -> list[dict[str, str]]:
    """The login site's pages (``site``: a LoginSite); they link to ``other`` and redirect
    there. Returns the headers of each request ``other`` got."""
    seen_elsewhere: list[dict[str, str]] = []
    site.page("/", ["/a", other.u("/ext"), "/away"])
    site.page("/a", ["/"])
    site.redirect("/away", other.u("/landing"))
    site.text("/robots.txt", f"User-agent: *\nDisallow: /private\nSitemap: {site.u('/sm.xml')}\n")
    site.text("/sm.xml", f"<urlset><url><loc>{site.u('/listed')}</loc></url></urlset>", "text/xml")
    site.page("/listed")

    async def record(request: web.Request) -> web.StreamResponse:
        seen_elsewhere.append(dict(request.headers))
        return web.Response(text="<p>elsewhere", content_type="text/html")

    other.route("/ext", record)
    other.route("/landing", record)
    return seen_elsewhere


def on_two_hosts(body: Callable[[HostSite, HostSite], Awaitable[None]]) -> Callable[[], None]:
    """Run ``body`` with a started LoginSite on 127.0.0.1 and a HostSite on 127.0.0.2."""

    def test() -> None:
        async def main() -> None:
            site, other = await LoginSite().start(), await HostSite("127.0.0.2").start()
            try:
                await body(site, other)
            finally:
                await site.close()
                await other.close()

        asyncio.run(main())

    test.__name__ = body.__name__
    return test


@on_two_hosts
async def test_credentials_open_the_site_and_go_nowhere_else(
    site: HostSite, other: HostSite
) -> None:
    elsewhere = behind_login(site, other)
    records, _, _ = await crawl(site.url, **GIVEN)  # type: ignore[arg-type]
    inside = [u for u in records if u.startswith(site.url)]
    assert {u.removeprefix(site.url) for u in inside} == {"", "a", "away", "listed"}
    assert all(verdict(records[u]) in (Verdict.OK, Verdict.REDIRECT) for u in inside)
    assert site.requests("/robots.txt") == 1 and site.requests("/sm.xml") == 1  # behind it too
    # The external check and the redirect's hop off the site reached the other host bare.
    assert records[other.u("/ext")].status == 200 and len(elsewhere) >= 2
    assert other.requests("/landing") >= 1
    for headers in elsewhere:
        assert not any(name in headers for name in CREDENTIAL_HEADERS), headers


@on_two_hosts
async def test_without_them_the_site_says_401(site: HostSite, other: HostSite) -> None:
    behind_login(site, other)
    records, _, _ = await crawl(site.url)
    assert records[site.url].status == 401 and verdict(records[site.url]) is Verdict.BROKEN


class Proxy(HostSite):
    """An HTTP proxy for plain http: takes absolute-form requests, passes them on, and keeps
    (target URL, Proxy-Authorization) of each."""

    def __init__(self) -> None:
        super().__init__("127.0.0.3")
        self.passed: list[tuple[str, str | None]] = []

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        self.passed.append((str(request.url), request.headers.get("Proxy-Authorization")))
        headers = {
            k: v
            for k, v in request.headers.items()
            if k.lower() not in ("host", "proxy-authorization", "connection")
        }
        async with (
            aiohttp.ClientSession(auto_decompress=False) as session,
            session.request(
                request.method, request.url, headers=headers, allow_redirects=False
            ) as resp,
        ):
            body = await resp.read()
            kept = {
                k: v
                for k, v in resp.headers.items()
                if k.lower() in ("content-type", "location", "content-encoding")
            }
            return web.Response(status=resp.status, body=body, headers=kept)


def test_every_request_goes_through_the_proxy_with_its_credentials() -> None:
    async def main() -> None:
        proxy = await Proxy().start()
        site = await LoginSite().start()
        other = await HostSite("127.0.0.2").start()
        try:
            elsewhere = behind_login(site, other)
            url = f"http://pxuser:px-pass@127.0.0.3:{proxy.port}"
            records, _, _ = await crawl(site.url, proxy=url, **GIVEN)  # type: ignore[arg-type]
        finally:
            for s in (proxy, site, other):
                await s.close()
        # The proxy saw every request of the crawl (robots.txt, the sitemap, each page, the
        # external check and the hop off the site), each with its own credentials...
        passed = {target for target, _ in proxy.passed}
        assert set(records) <= passed | {site.url}
        assert {site.u("/robots.txt"), site.u("/sm.xml"), other.u("/ext")} <= passed
        proxy_basic = "Basic " + base64.b64encode(b"pxuser:px-pass").decode()
        assert {auth for _, auth in proxy.passed} == {proxy_basic}
        # ...and the site's credentials still went to the site only.
        assert records[site.url].status == 200 and records[other.u("/ext")].status == 200
        for headers in elsewhere:
            assert not any(name in headers for name in CREDENTIAL_HEADERS), headers

    asyncio.run(main())


@contextlib.contextmanager
def captured() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def test_no_credential_reaches_a_file_and_a_resume_takes_them_again(tmp_path: Path) -> None:
    site, other = LoginSite(), HostSite("127.0.0.2")
    db, csv_, report, broken = (tmp_path / n for n in ("c.crawl", "p.csv", "r.html", "b.csv"))
    flags = [
        f"--auth={USER}:{PASSWORD}",
        "--header",
        f"X-Token: {TOKEN}",
        "--cookie",
        f"sid={COOKIE}",
        "-v",
    ]
    with ThreadedSite(site), ThreadedSite(other), captured() as (out, err):
        behind_login(site, other)  # its links need the ports
        code = crawl_main(
            [site.url, "--db", str(db), "--csv", str(csv_), "--report", str(report),
             "--broken-csv", str(broken), "--ignore-robots", *flags]
        )  # fmt: skip
        assert code == 0, out.getvalue()
        # Resumed, the crawl file has them not: they are given again (a resume may take them).
        again = crawl_main(["--resume", str(db), *flags])
        assert again == 0, err.getvalue()
        assert "started with" not in err.getvalue()
        # Given --auth alone, the resume says which others the crawl was started with.
        crawl_main(["--resume", str(db), "-q", flags[0]])
    assert err.getvalue().splitlines()[-1] == (
        "gui-crawler: this crawl was started with --header and --cookie, which no file keeps: "
        "give them again, or the site may refuse what needs them"
    )
    written = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    written += (out.getvalue() + err.getvalue()).encode()
    for secret in (PASSWORD, TOKEN, COOKIE, BASIC.split()[1]):
        assert secret.encode() not in written, secret
    assert "/a" in csv_.read_text(encoding="utf-8-sig")


def test_bad_credentials_are_usage_errors_that_do_not_echo_them() -> None:
    for flags, words in (
        (["--header", "X-Token tok-4411"], "--header"),
        (["--cookie", "sid"], "--cookie"),
        (["--auth", "pw-S3cret"], "--auth"),
        (["--proxy", "socks5://127.0.0.3:1080"], "--proxy"),
        (["--header", "Host: elsewhere.test"], "Host"),
    ):
        with captured() as (_, err), pytest.raises(SystemExit) as stopped:
            crawl_main(["http://127.0.0.1:9/", *flags])
        assert stopped.value.code == 2
        text = err.getvalue()
        assert "error:" in text and words.lstrip("-") in text, (flags, text)
        assert "S3cret" not in text and "tok-4411" not in text
