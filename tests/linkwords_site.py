"""A site whose pages link to broken internal and external URLs in every way a reader meets them:
text links, image links and images, nofollow, a stylesheet's url(), a meta refresh, a scheme no
browser opens, schemes a checker leaves alone. For the tests of links with their words."""

from __future__ import annotations

from hostsites import HostSite


def words_site(site: HostSite, other: HostSite) -> None:
    """``site`` links to broken URLs of its own (/gone, /moved, /missing.png, /bg-missing.png)
    and of ``other`` (/dead); ``other`` serves /logo.png."""
    dead = other.u("/dead")
    site.html(
        "/",
        f"""<html><head><link rel=stylesheet href="/s.css">
        <meta http-equiv="refresh" content="30; URL='/moved'"></head><body>
        <a href="/gone">Gone   <b>page</b></a>
        <a href="{dead}" rel="nofollow sponsored">Our  partner</a>
        <a href="/a.html"><img src="/missing.png" alt="Missing picture"></a>
        <a href="slice::sort_by_key">sort</a> <a href="mailto:x@example.com">mail</a>
        <a href="/a.html">A page</a></body></html>""",
    )
    site.html(
        "/a.html",
        f"""<html><body><a href="/gone">gone again</a>
        <a href="{dead}"><img src="{other.u("/logo.png")}" alt="Partner logo"></a>
        <a href="/" rel=nofollow>home</a></body></html>""",
    )
    site.text("/s.css", "body { background: url(/bg-missing.png) }", content_type="text/css")
    other.text("/logo.png", b"\x89PNG", content_type="image/png")


def expected_links(site: HostSite, other: HostSite) -> list[tuple[str, ...]]:
    """(source, target, anchor, alt, rel, element) of every link of every page and stylesheet."""
    root, a, css, dead = site.u("/"), site.u("/a.html"), site.u("/s.css"), other.u("/dead")
    return [
        (root, css, "", "", "stylesheet", "link"),
        (root, site.u("/moved"), "", "", "", "meta-refresh"),
        (root, site.u("/gone"), "Gone page", "", "", "a"),
        (root, dead, "Our partner", "", "nofollow sponsored", "a"),
        (root, a, "", "Missing picture", "", "a"),
        (root, site.u("/missing.png"), "", "Missing picture", "", "img"),
        (root, "slice::sort_by_key", "sort", "", "", "a"),
        (root, a, "A page", "", "", "a"),
        (a, site.u("/gone"), "gone again", "", "", "a"),
        (a, dead, "", "Partner logo", "", "a"),
        (a, other.u("/logo.png"), "", "Partner logo", "", "img"),
        (a, root, "home", "", "nofollow", "a"),
        (css, site.u("/bg-missing.png"), "", "", "", "css"),
    ]
