"""Response headers kept with each record: bounded, secrets out, in the crawl file and back; a
file of the format before them opens, resumes and then holds them too."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import zlib
from dataclasses import replace
from pathlib import Path

from aiohttp import web
from crawling import crawl
from hostsites import HostSite, serve
from sites import Site
from storecrawl import crawl_to

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl import headers
from gui_crawler.events import FetchRecord
from gui_crawler.parsing import pagechecks
from gui_crawler.records import onpage
from gui_crawler.storage import FORMAT, CrawlStore, load

SECRET = "s3cr3t-value"


def header_site() -> Site:
    site = Site()
    site.page("/", ["/cookie", "/many", "/old", "/big"])

    async def cookie(request: web.Request) -> web.StreamResponse:
        resp = web.Response(
            text="<html><title>c</title></html>",
            content_type="text/html",
            headers={
                "Cache-Control": "max-age=60",
                "Authorization": f"Bearer {SECRET}",
                "X-Auth-Token": SECRET,
                "X-Upstream-Authorization": SECRET,
            },
        )
        resp.headers.add("Set-Cookie", f"sid={SECRET}; Path=/; HttpOnly; Secure")
        return resp

    async def many(request: web.Request) -> web.StreamResponse:
        resp = web.Response(text="many", content_type="text/plain")
        for i in range(100):
            resp.headers.add(f"X-Extra-{i:03d}", "v" * 20)
        return resp

    async def big(request: web.Request) -> web.StreamResponse:
        # 6 KB: aiohttp reads at most 8 KB a line.
        policy = "default-src 'self' " + "https://cdn.example/" * 300
        return web.Response(
            text="big",
            content_type="text/plain",
            headers={"Content-Security-Policy": policy, "X-After": "kept"},
        )

    site.route("/cookie", cookie)
    site.route("/many", many)
    site.route("/big", big)
    site.redirect("/old", "/", 301)
    return site


def test_headers_are_kept_bounded_and_without_secrets(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def main() -> list[FetchRecord]:
        async with header_site() as site:
            config = CrawlConfig(roots=(site.url,), use_sitemaps=False).validated()
            return await crawl_to(config, CrawlStore.create(path, config))

    got = {r.url.rsplit("/", 1)[1]: r for r in asyncio.run(main())}
    saved = {r.url.rsplit("/", 1)[1]: r for r in load(path).records}
    assert saved == got  # every record, headers included, comes back from the file
    cookie = dict(headers.parsed(got["cookie"].headers))
    assert cookie["Cache-Control"] == "max-age=60"
    assert cookie["Content-Type"].startswith("text/html")
    assert cookie["Set-Cookie"] == "sid=(redacted); Path=/; HttpOnly; Secure"
    for name in ("Authorization", "X-Auth-Token", "X-Upstream-Authorization"):
        assert cookie[name] == headers.REDACTED
    assert SECRET not in path.read_bytes().decode("latin-1")
    many = headers.parsed(got["many"].headers)
    assert len(many) == headers.MAX_HEADERS + 1
    assert many[-1][0] == "" and many[-1][1].endswith(headers.MORE_WORDS)
    left_out = int(many[-1][1].removeprefix(headers.MORE).split()[0])
    assert headers.MAX_HEADERS + left_out >= 100  # every header is kept or counted
    assert len(got["many"].headers.encode()) <= headers.MAX_BYTES + 40
    big = dict(headers.parsed(got["big"].headers))
    assert len(big["Content-Security-Policy"]) == headers.MAX_VALUE
    assert big["X-After"] == "kept"  # one huge value does not crowd the others out
    assert dict(headers.parsed(got["old"].headers))["Location"] == "/"  # a redirect's too


def test_a_file_of_the_format_before_headers_opens_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"

    async def main() -> None:
        async with header_site() as site:
            config = CrawlConfig(roots=(site.url,), use_sitemaps=False).validated()
            first = await crawl_to(config, CrawlStore.create(path, config))
            # What format 3 wrote: no headers column, and every URL recorded queued too.
            db = sqlite3.connect(path)
            db.execute("ALTER TABLE records DROP COLUMN headers")
            db.execute(
                "INSERT INTO queued (url, redirects_left, depth, referrer) "
                "SELECT url, 0, depth, referrer FROM records"
            )
            db.execute("UPDATE meta SET value='gui_crawler-crawl-3' WHERE key='format'")
            last = db.execute("SELECT max(seq) FROM records").fetchone()[0]
            db.execute("DELETE FROM records WHERE seq = ?", (last,))  # killed before its last
            db.execute("UPDATE meta SET value='running' WHERE key='state'")
            db.commit()
            db.close()
            old = load(path)
            assert [r.headers for r in old.records] == [""] * (len(first) - 1)
            assert [(r.url, r.status, r.links) for r in old.records] == [
                (r.url, r.status, r.links) for r in first[:-1]
            ]
            store, saved = CrawlStore.open(path)
            assert len(saved.pending) == 1
            rest = await crawl_to(saved.config, store, seen=saved.seen, pending=saved.pending)
            assert len(rest) == 1 and rest[0].headers
            again = load(path)
            assert again.records[-1] == rest[0]  # the resumed record keeps its headers
            db = sqlite3.connect(path)
            assert db.execute("SELECT value FROM meta WHERE key='format'").fetchone()[0] == FORMAT
            db.close()

    asyncio.run(main())


@serve("127.0.0.1", "127.0.0.2")
async def test_an_external_checks_answer_keeps_its_headers(site: HostSite, other: HostSite) -> None:
    async def answer(request: web.Request) -> web.StreamResponse:
        resp = web.Response(text="x", content_type="text/plain", headers={"X-Served-By": "two"})
        resp.headers.add("Set-Cookie", f"tracker={SECRET}")
        return resp

    other.route("/ext", answer)
    site.page("/", [other.u("/ext")])
    records, _, _ = await crawl(site.url)
    ext = records[other.u("/ext")]
    assert ext.external and ext.status == 200
    got = dict(headers.parsed(ext.headers))
    assert got["X-Served-By"] == "two" and got["Set-Cookie"] == "tracker=(redacted)"


def test_kept_headers_by_themselves() -> None:
    assert headers.kept([]) == ""
    assert headers.parsed("") == []
    text = headers.kept([("A", "one\r\n  folded"), ("Cookie", "x=1"), ("B", "é" * 3000)])
    pairs = headers.parsed(text)
    assert pairs[0] == ("A", "one folded")
    assert pairs[1] == ("Cookie", headers.REDACTED)
    assert pairs[2][0] == "B" and len(pairs[2][1]) == headers.MAX_VALUE
    assert not headers.is_secret("WWW-Authenticate")  # a challenge, no secret
    assert headers.is_secret("x-csrf-token") and headers.is_secret("Proxy-Authorization")
    # Bytes, not characters: values of two-byte characters fill MAX_BYTES sooner.
    wide = headers.kept([(f"H{i}", "é" * 1000) for i in range(10)])
    assert len(wide.encode()) <= headers.MAX_BYTES
    assert headers.parsed(wide)[-1][0] == ""


def test_headers_and_checks_are_kept_deflated_and_a_format_6_file_reads_the_same(
    tmp_path: Path,
) -> None:
    """Format 7 deflates each record's headers and each page's checks against a dictionary of
    what they share (rust-doc's crawl file was 60 MB, 4.8 MB of it headers as text, 5.9 MB
    checks as JSON or zlib); a file of format 6 holds them as text, JSON and zlib: both read
    the same records."""
    path = tmp_path / "c.sqlite3"

    async def main() -> list[FetchRecord]:
        async with header_site() as site:
            config = CrawlConfig(roots=(site.url,), use_sitemaps=False).validated()
            return await crawl_to(config, CrawlStore.create(path, config))

    first = asyncio.run(main())
    by_url = {r.url: r for r in first}
    db = sqlite3.connect(path)
    rows = db.execute("SELECT url, headers, checks FROM records").fetchall()
    assert {type(h) for _, h, _ in rows} == {bytes}
    kept = sum(len(h) for _, h, _ in rows)
    assert kept < sum(len(r.headers.encode()) for r in first) / 2
    checks = [c for _, _, c in rows if c]
    assert len(checks) >= 2 and all(c[:1] == pagechecks.PACKED for c in checks)
    # What format 6 wrote: headers as text, checks as JSON (short) or zlib-compressed (long).
    for i, (url, _, packed) in enumerate(rows):
        text = json.dumps(pagechecks.unpack_checks(packed)).encode() if packed else b""
        old = zlib.compress(text, 1) if i % 2 and text else text
        db.execute(
            "UPDATE records SET headers = ?, checks = ? WHERE url = ?",
            (by_url[url].headers, old, url),
        )
    db.execute("UPDATE meta SET value='gui_crawler-crawl-6' WHERE key='format'")
    db.commit()
    db.close()
    again = load(path).records
    assert [replace(r, checks=b"") for r in again] == [replace(r, checks=b"") for r in first]
    assert list(map(onpage.checks_of, again)) == list(map(onpage.checks_of, first))


def test_a_secret_is_redacted_whatever_lists_of_names_came_before() -> None:
    kept = headers.kept
    """The test of a list of header names is kept by the list: the same names again, other
    lists by the thousand, and a secret among the names is still found."""
    plain = [("Server", "nginx"), ("Content-Type", "text/html")]
    assert kept(plain) == kept(plain) == "Server: nginx\nContent-Type: text/html"
    for i in range(3000):  # more lists than are kept
        assert kept([*plain, (f"X-Tag-{i}", "v")]).endswith(f"X-Tag-{i}: v")
        if i % 1000 == 0:
            assert kept([*plain, ("X-Session-Id", "s3cret")]).endswith("X-Session-Id: (redacted)")
    assert "s3cret" not in kept([*plain, ("Set-Cookie", "id=s3cret; Path=/")])
