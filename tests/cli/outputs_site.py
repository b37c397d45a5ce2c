"""A site that gives every output of ``gui-crawler crawl`` something to say: broken links with
their words (internal, external, invalid), redirects, a chain and a loop, duplicate and missing
titles, a sitemap with an orphan and a 404, a 500, more blocked URLs (999) than the summary lists
unless verbose. For the tests that compare the outputs written from a crawl file as a stream with
those written from records in memory."""

from __future__ import annotations

from hostsites import HostSite
from linkwords_site import words_site

BLOCKED = 55  # more than the 50 URLs a summary lists of a verdict that does not fail the crawl


def outputs_site(site: HostSite, other: HostSite) -> None:
    words_site(site, other)
    site.html(
        "/a.html",
        """<html><head><title>Same</title></head><body><a href="/gone">gone again</a>
        <a href="/b.html">b</a> <a href="/chain1">chain</a> <a href="/loop1">loop</a>
        <a href="/err">err</a> <a href="/blocked/">blocked</a> <h1>x</h1><h1>y</h1></body></html>""",
    )
    site.html(
        "/b.html",
        """<html><head><title>Same</title><meta name=description content="A page"></head>
        <body><a href="/a.html">a</a> <a href="/%C3%A9t%C3%A9">été</a></body></html>""",
    )
    site.html("/été", "<html><head><title>Summer</title></head><body>hot</body></html>")
    site.redirect("/chain1", "/chain2", 301)
    site.redirect("/chain2", "/b.html", 302)
    site.redirect("/loop1", "/loop2", 302)
    site.redirect("/loop2", "/loop1", 302)
    site.html("/err", "<html><body>oops</body></html>", status=500)
    site.html(
        "/blocked/",
        "<html><body>"
        + "".join(f'<a href="/blocked/{i}">{i}</a>' for i in range(BLOCKED))
        + "</body></html>",
    )
    for i in range(BLOCKED):
        site.html(f"/blocked/{i}", "no bots", content_type="text/plain", status=999)
    site.html(
        "/sitemap.xml",
        f"""<?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>{site.u("/orphan.html")}</loc></url><url><loc>{site.u("/a.html")}</loc></url>
        <url><loc>{site.u("/sm-gone")}</loc></url></urlset>""",
        content_type="application/xml",
    )
    site.html("/orphan.html", "<html><head><title>Alone</title></head><body></body></html>")
