"""A site of hostile pages, crawled with external checks off: ``--only hostile``. Each page ends as
one record, the crawl in seconds, in a few tens of MB, and no request leaves the site's host.

nginx serves (on 127.0.0.1) a home page linking to: one tag of 80,000 distinct attributes
(1 MB); 3,000 distinct unclosed formatting elements then 3,000 paragraphs (44 KB, ~9 million
elements if built); 10 MiB pages whose first <h1>, <template> or <noscript> never closes; a
10 MB nesting bomb; "<a" and a million "<". Its robots.txt names a sitemap on another host, and
its own sitemap.xml is an index of sitemaps there and redirects there too. The other host
("localhost" on another port) counts what reaches it. The crawl is ``gui-crawler crawl
--no-external`` in a child process, compiled and pure Python (``GUI_CRAWLER_NO_EXTENSIONS=1``):
wall time, peak RSS, records and each page's note. ``--before REF``: the code at REF too.
"""

from __future__ import annotations

from cli_stream import cli, scratch
from sections import Context, section
from servers import Nginx, TreeServer

MIB = 1 << 20


def pages(off: str) -> dict[str, bytes]:
    filler = b"<p>words and <a href='/f'>a link</a>\n" * 40_000
    big = (filler * (10 * MIB // len(filler) + 1))[: 10 * MIB - 64]  # within max_body
    out = {
        "attributes.html": b"<div " + b" ".join(b"a%d=1" % i for i in range(80_000)) + b">x",
        "formatting.html": b"<div>" + b"".join(b"<b id=b%d>" % i for i in range(3000)) + b"</div>" + b"<p>x" * 3000,
        "nesting.html": b"<div><a href='/x'>t</a>" * 50_000 + b"w " * 1_500_000,
        "backtrack.html": b"<a" + b"<" * MIB
    }  # fmt: skip
    for holder in (b"h1", b"template", b"noscript"):
        out[f"{holder.decode()}.html"] = b"<html><body><" + holder + b">" + big
    links = "".join(f'<a href="/{name}">{name}</a>' for name in out)
    out["index.html"] = f"<html><body>{links}</body></html>".encode()
    out["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {off}/elsewhere.xml\n".encode()
    out["sitemap.xml"] = (
        f"<sitemapindex><sitemap><loc>{off}/index-entry.xml</loc></sitemap></sitemapindex>".encode()
    )
    return out


@section("hostile",
         "a site of the worst pages found, compiled and pure Python: each one record, fast, small")  # fmt: skip
def hostile(ctx: Context) -> None:
    from gui_crawler.storage import load

    elsewhere = ctx.stack.enter_context(TreeServer())  # the other host counts what reaches it
    off = f"http://localhost:{elsewhere.port}"
    root = scratch(ctx, "hostile-site")
    for name, body in pages(off).items():
        (root / name).write_bytes(body)
    srv = ctx.stack.enter_context(Nginx(root, redirects={"/old-sitemap.xml": f"{off}/moved.xml"}))
    shown: set[str] = set()

    def measure(env: dict[str, str]) -> dict[str, float]:
        out = {}
        for who, no_ext in (("C", ""), ("pure", "1")):
            folder = scratch(ctx, "hostile")
            elsewhere.stats(reset=True)
            args = [srv.url, "--no-external", "--db", "c.sqlite3", "-q"]
            r = cli(args, folder, {**env, "GUI_CRAWLER_NO_EXTENSIONS": no_ext})
            records = load(folder / "c.sqlite3").records
            if who not in shown:  # what each page ended as, once
                shown.add(who)
                for rec in records:
                    ctx.say(f"    {who}: {rec.url.rsplit('/', 1)[-1] or '/':16s} {(rec.note or rec.exception or '')[:100]}")  # fmt: skip
            out |= {f"{who}: wall s": r["wall s"], f"{who}: peak RSS MB": r["peak RSS MB"],
                    f"{who}: records": len(records), f"{who}: off-site requests": elsewhere.stats()["requests"]}  # fmt: skip
        return out

    m = ctx.results["hostile"] = ctx.compare("hostile site", measure)
    off_site = m["C: off-site requests"] + m["pure: off-site requests"]
    ctx.target("hostile: no request off the host", f"{off_site:.0f}", "0", 1.0 if off_site == 0 else 0.0)  # fmt: skip
