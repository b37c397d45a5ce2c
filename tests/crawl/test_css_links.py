"""Stylesheets are read for their @import and url() targets: each a link of the stylesheet,
checked like any URL, a broken font or background a broken link of the sheet that names it."""

from __future__ import annotations

from crawling import crawl
from hostsites import HostSite, serve

from gui_crawler.parsing.css import css_links
from gui_crawler.records.verdicts import Verdict, verdict

SHEET = "http://s.test/css/site.css"


def test_imports_and_urls_joined_to_the_sheet_in_order() -> None:
    text = """
    @import "base.css"; @import url('print.css') print;
    /* url(/commented.png) and an @import "no.css" */
    body { background: url( "../img/bg.png" ) }
    .a { background: url(data:image/png;base64,AAAA) } .b { filter: url(#blur) }
    @font-face { src: url(/fonts/a.woff2) format("woff2"), url("\\2f fonts/b\\.woff") }
    .c { background: URL(img/bg.png) }
    """
    assert css_links(text, SHEET) == [
        "http://s.test/css/base.css",
        "http://s.test/css/print.css",
        "http://s.test/img/bg.png",
        "http://s.test/fonts/a.woff2",
        "http://s.test/fonts/b.woff",
        "http://s.test/css/img/bg.png",
    ]


def test_an_unclosed_comment_or_paren_ends_quietly() -> None:
    assert css_links("a{background:url(x.png)} /* url(y.png)", SHEET) == ["http://s.test/css/x.png"]
    hostile = "url(" * 50_000 + "/*" + "url('" * 50_000
    assert css_links(hostile, SHEET) == []


@serve("127.0.0.1", "127.0.0.2")
async def test_a_stylesheets_targets_are_checked_and_never_parsed(
    site: HostSite, other: HostSite
) -> None:
    site.html("/", '<link rel="stylesheet" href="/css/site.css"><p>home</p>')
    site.text(
        "/css/site.css",
        '@import "more.css"; body{background:url(../img/bg.png)}'
        "@font-face{src:url(/fonts/gone.woff2)} /* url(/never.png) */",
        "text/css",
    )
    site.text("/css/more.css", f"i{{background:url({other.u('/ext.png')})}}", "text/css")
    site.text("/img/bg.png", b"\x89PNG", "image/png")
    other.text("/ext.png", b"\x89PNG", "image/png")
    records, _, _ = await crawl(site.url, ignore_robots=True, use_sitemaps=False)
    sheet = records[site.u("/css/site.css")]
    assert sheet.links == (
        site.u("/css/more.css"),
        site.u("/img/bg.png"),
        site.u("/fonts/gone.woff2"),
    )
    assert verdict(records[site.u("/img/bg.png")]) is Verdict.OK
    gone = records[site.u("/fonts/gone.woff2")]
    assert gone.status == 404 and gone.referrer == site.u("/css/site.css")
    assert site.requests("/never.png") == 0
    assert records[other.u("/ext.png")].external and other.requests("/ext.png") >= 1
    # A stylesheet is no page: no title to miss, no words counted.
    assert sheet.title is None and sheet.word_count == 0 and sheet.content_type == "text/css"
