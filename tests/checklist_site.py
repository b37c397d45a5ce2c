"""A site with every problem of the auditor's checklist planted once, on a page of its own, beside
decoys that look like it and are not (``PLANTED``: finding → the URLs it must flag, and nothing
else; ``DECOYS`` says what each decoy page holds). Every other page is clean: a title and a
description of the right lengths, an H1 and H2s in order, a viewport, Open Graph tags, a
canonical to itself in <head>, 200 words or more of a text of its own, the security headers."""

from __future__ import annotations

import json
import random

from aiohttp import web
from sites import Handler, Site

from gui_crawler.records.audit import FINDINGS, Finding

SECURE = {
    "Content-Type": "text/html; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
ELSEWHERE = "http://127.0.0.2:9"  # another host: never fetched (check_external off)
_VOCABULARY = [f"{a}{b}" for a in ("ka", "lo", "mi", "nu", "pe", "ru", "sa", "te") for b in
               ("bar", "cod", "dun", "fel", "gim", "hox", "jep", "kol", "lum", "mor")]  # fmt: skip


def text(seed: str, words: int = 260) -> str:
    """Words of a text of its own (the same seed, the same text)."""
    rnd = random.Random(seed)
    return " ".join(rnd.choice(_VOCABULARY) + str(rnd.randrange(1000)) for _ in range(words))


def page(
    site: Site,
    path: str,
    *,
    title: str | None = None,
    description: str | None = None,
    h1: str | None = None,
    head: str = "",
    body: str = "",
    words: str | None = None,
    canonical: str | None = "self",
    headings: str = "<h2>Part one</h2><h2>Part two</h2>",
    og: str = "title description image",
    viewport: bool = True,
    headers: dict[str, str] | None = None,
) -> str:
    """A clean page at ``path`` but for what the arguments plant; its URL."""
    url = site.u(path)
    title = f"The page at {path}, titled at length" if title is None else title
    description = (
        f"What the page at {path} is about, said in a sentence of seventy or more characters"
        if description is None
        else description
    )
    tags = [f"<title>{title}</title>"] if title else []
    if description:
        tags.append(f'<meta name="description" content="{description}">')
    if viewport:
        tags.append('<meta name="viewport" content="width=device-width, initial-scale=1">')
    tags += [f'<meta property="og:{p}" content="{p} of {path}">' for p in og.split()]
    if canonical is not None:
        tags.append(f'<link rel="canonical" href="{url if canonical == "self" else canonical}">')
    html = (
        "<!doctype html><html lang=en><head>" + "".join(tags) + head + "</head><body>"
        f"<h1>{h1 or 'Heading of ' + path}</h1>{headings}<p>{words or text(path)}</p>{body}"
        "</body></html>"
    )
    site.route(path, _answer(html.encode(), SECURE if headers is None else headers))
    return url


def _answer(body: bytes, headers: dict[str, str]) -> Handler:
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.Response(body=body, headers=headers)

    return handler


def image(site: Site, path: str, size: int) -> str:
    site.route(path, _answer(b"\x89PNG" + bytes(size - 4), {"Content-Type": "image/png"}))
    return site.u(path)


def img(path: str, alt: str | None = "A picture", size: str = "width=10 height=10") -> str:
    said = "" if alt is None else f' alt="{alt}"'
    return f'<img src="{path}"{said} {size}>'


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def build(site: Site) -> dict[str, set[str]]:
    """Every page, image, redirect and sitemap of the site (its port known: a URL's length is
    planted); the findings each must raise, by key: the URLs flagged."""
    u = site.u
    base = len(site.u(""))
    links: list[tuple[str, str]] = []  # (path, name) of every page, linked from the home page

    def add(path: str, name: str, **kw: object) -> str:
        links.append((path, name))
        return page(site, path, **kw)  # type: ignore[arg-type]

    for name, size in (("no-alt", 100), ("long-alt", 100), ("no-size", 100),
                       ("heavy", 150 * 1024), ("decor", 100), ("ok", 99 * 1024)):  # fmt: skip
        image(site, f"/img/{name}.png", size)
    full_product = {"@context": "https://schema.org", "@type": "Product", "name": "An anvil",
                    "offers": {"@type": "Offer", "price": "9.99", "priceCurrency": "EUR"}}  # fmt: skip
    crumbs = {"@type": "BreadcrumbList", "itemListElement": [
        {"@type": "ListItem", "position": 1, "name": "Home", "item": u("/")},
        {"@type": "ListItem", "position": 2, "name": "Two"}]}  # fmt: skip
    # ---- clean pages, holding the decoys --------------------------------------------------------
    add(
        "/clean-1",
        "the first clean page",
        headings="<h2>One</h2><h3 id=section-1>One one</h3><h2 id=section-2>Two</h2><h3>x</h3>",
        head=ld(full_product) + '<script>var filler = "lorem ipsum";</script>',
        body=(
            '<svg><title>An icon\'s title</title></svg><a name="named">here</a>'
            f'<a rel="nofollow" href="{ELSEWHERE}/">another site, not followed</a>'
            f'<a href="/clean-2">{img("/img/ok.png", "Page two")}</a>'
            '<a href="/clean-2" aria-label="Page two"></a>'
            f'<a href="{ELSEWHERE}/empty"></a>'
            f'<a target="_blank" rel="noopener" href="{ELSEWHERE}/safe">another site, safely</a>'
            '<a target="_blank" href="/clean-2">the second page in a new tab</a>'
            '<a href="/clean-2">Click here for the price list of the second page</a>'
        ),
    )
    add(
        "/clean-2",
        "the second clean page",
        title="A title of exactly thirty char",
        description="A description of exactly seventy characters, no fewer and no more, ok!",
        head=ld({"@type": "Article"}) + ld(crumbs),
        body=(
            '<div itemscope itemtype="https://schema.org/Thing" id="local"></div>'
            + img("/img/decor.png", "")
            + img("/img/ok.png", "a" * 90)
            + '<a href="#local">here, below</a><a href="/clean-1#section-2">section two</a>'
            '<a href="/clean-1#named">the named part</a><a href="#/route">a route</a>'
            '<a href="#top">the top</a><a href="/clean-1#sec%74ion-2">section two, escaped</a>'
            # Ranges of lines a script highlights (rustdoc's source views), no ids.
            '<a href="/clean-1#12-20">lines 12 to 20</a><a href="#L3-L5">lines 3 to 5</a>'
        ),
    )
    add("/a%2Fb", "an escaped slash")  # upper-case hex digits are no upper-case URL

    def long(n: int) -> dict[str, str]:  # a title and a description shorter than the path's
        return {"title": f"A page whose URL is {n} long, titled", "description": f"{n} " * 40}

    add("/" + "d" * (115 - base - 1), "a URL of 115 characters", **long(115))
    add("/de", "the German page")  # an hreflang target that names no alternates
    for lang, other in (("en", "fr"), ("fr", "en")):
        alternates = (
            f'<link rel="alternate" hreflang="{lang}" href="{u("/" + lang)}">'
            f'<link rel="alternate" hreflang="{other}" href="{u("/" + other)}">'
            f'<link rel="alternate" hreflang="x-default" href="{u("/en")}">'
        )
        add(f"/{lang}", f"the page in {lang}", head=alternates)
    # ---- one problem each ------------------------------------------------------------------------
    near = text("near", 300)
    planted: dict[str, set[str]] = {
        "img_missing_alt": {u("/img/no-alt.png")},
        "img_alt_too_long": {u("/img/long-alt.png")},
        "img_missing_size": {u("/img/no-size.png")},
        "img_over_100kb": {u("/img/heavy.png")},
        "h2_missing": {add("/no-h2", "a page without h2", headings="")},
        "headings_non_sequential": {
            add("/skips", "a page skipping a level", headings="<h3>Three</h3><h2>Two</h2>")
        },
        "title_too_short": {add("/short-title", "a short title", title="A short title")},
        "title_same_as_h1": {
            add(
                "/title-is-h1",
                "a title as its h1",
                title="The same words twice, title and h1",
                h1="The same words twice, title and h1",
            )
        },
        "title_multiple": {add("/two-titles", "two titles", head="<title>Another title</title>")},
        "description_multiple": {
            add(
                "/two-descriptions",
                "two descriptions",
                head='<meta name="description" content="A second description of the page">',
            )
        },
        "description_too_short": {
            add("/short-description", "a short description", description="Too short to say much")
        },
        "url_uppercase": {add("/Upper-Case", "upper case")},
        "url_underscore": {add("/under_score", "an underscore")},
        "url_non_ascii": {add("/%C3%A9t%C3%A9", "summer")},
        "url_parameters": {add("/params?sort_by=name", "a query")},
        "url_over_115": {add("/" + "e" * (115 - base), "a URL of 116 characters", **long(116))},
        "url_multiple_slashes": {add("/double//slash", "two slashes")},
        "near_duplicate": {
            add("/near-a", "a near duplicate", words=near),
            add("/near-b", "its near twin", words=near.rsplit(" ", 1)[0] + " changed"),
        },
        "low_content": {add("/thin", "a thin page", words=text("thin", 40))},
        "lorem_ipsum": {add("/lorem", "placeholder text", words="Lorem Ipsum " + text("lorem"))},
        "internal_nofollow": {
            add(
                "/nofollow-link",
                "a nofollow link",
                body='<a rel="nofollow" href="/clean-2">the second page</a>',
            )
        },
        "anchor_non_descriptive": {
            add("/click-here", "a vague link", body='<a href="/clean-2">Click here.</a>')
        },
        "anchor_missing": {
            add("/empty-link", "a link without words", body='<a href="/clean-2"></a>')
        },
        "link_to_redirect": {
            add(
                "/to-redirect",
                "a link to a redirect",
                body='<a href="/old">the old address</a><a href="/old#section-2">its section</a>',
            )
        },
        "unsafe_cross_origin": {
            add(
                "/blank-target",
                "a new tab elsewhere",
                body=f'<a target="_blank" href="{ELSEWHERE}/x">the other site</a>',
            )
        },
        "fragment_missing": {
            add(
                "/fragments",
                "links to missing fragments",
                body='<a href="/clean-1#nowhere">nowhere</a><a href="#not-here">not here</a>',
            )
        },
        "canonical_missing": {add("/no-canonical", "no canonical", canonical=None)},
        "canonical_non_200": {add("/canonical-gone", "a canonical gone", canonical=u("/gone"))},
        "canonical_chain": {
            add("/canonical-chain", "a canonical chain", canonical=u("/canonical-mid"))
        },
        "canonical_multiple": {
            add(
                "/two-canonicals",
                "two canonicals",
                head=f'<link rel="canonical" href="{u("/clean-1")}">',
            )
        },
        "canonical_relative": {
            add("/relative-canonical", "a relative canonical", canonical="/relative-canonical")
        },
        "canonical_outside_head": {
            add(
                "/canonical-in-body",
                "a canonical in the body",
                canonical=None,
                body=f'<link rel="canonical" href="{u("/canonical-in-body")}">',
            )
        },
        "meta_nofollow": {
            add("/meta-nofollow", "meta nofollow", head='<meta name="robots" content="nofollow">')
        },
        "sitemap_noindex": {
            add(
                "/sitemap-noindex",
                "noindex in the sitemap",
                head='<meta name="robots" content="noindex">',
            )
        },
        "hreflang_invalid_code": {
            add(
                "/hl-invalid",
                "an invalid language",
                head=f'<link rel="alternate" hreflang="english" href="{u("/hl-invalid")}">'
                f'<link rel="alternate" hreflang="x-default" href="{u("/hl-invalid")}">',
            )
        },
        "hreflang_missing_x_default": {
            add(
                "/hl-no-default",
                "no x-default",
                head=f'<link rel="alternate" hreflang="en" href="{u("/hl-no-default")}">'
                f'<link rel="alternate" hreflang="en-GB" href="{u("/hl-no-default")}">',
            )
        },
        "hreflang_non_200": {
            add(
                "/hl-gone",
                "an alternate gone",
                head=f'<link rel="alternate" hreflang="en" href="{u("/hl-gone")}">'
                f'<link rel="alternate" hreflang="es" href="{u("/gone-es")}">'
                f'<link rel="alternate" hreflang="x-default" href="{u("/hl-gone")}">',
            )
        },
        "hreflang_missing_return": {
            add(
                "/hl-no-return",
                "an alternate not linking back",
                head=f'<link rel="alternate" hreflang="en" href="{u("/hl-no-return")}">'
                f'<link rel="alternate" hreflang="de" href="{u("/de")}">'
                f'<link rel="alternate" hreflang="x-default" href="{u("/hl-no-return")}">',
            )
        },
        "structured_data_parse_error": {
            add(
                "/bad-json",
                "JSON-LD that does not parse",
                head='<script type="application/ld+json">{"@type": "Product",</script>',
            )
        },
        "structured_data_missing_required": {
            add(
                "/product-incomplete",
                "a product without offers",
                head=ld({"@type": "Product", "name": "A hammer"}),
            )
        },
        "viewport_missing": {add("/no-viewport", "no viewport", viewport=False)},
        "og_missing": {add("/no-og-image", "no og:image", og="title description")},
        "security_headers_missing": {
            add(
                "/no-security-headers",
                "no security headers",
                headers={"Content-Type": "text/html; charset=utf-8"},
            )
        },
        # What planting some of them brings along.
        "duplicate_content": {
            add("/dup-a", "an exact duplicate", words=text("dup"), h1="Twice the same"),
            add("/dup-b", "its exact twin", words=text("dup"), h1="Twice the same"),
        },
        "canonicalised": {u("/canonical-gone"), u("/canonical-chain"), u("/canonical-mid")},
        "broken_internal": {u("/gone"), u("/gone-es")},
        "noindex": {u("/sitemap-noindex")},
    }
    add(
        "/half",
        "half the near duplicate's text",
        words=" ".join(near.split()[:150]) + text("half", 150),
    )
    add("/canonical-mid", "a canonical in the middle", canonical=u("/clean-1"))
    page_with = (
        ("/no-alt", img("/img/no-alt.png", None)),
        ("/long-alt", img("/img/long-alt.png", "x" * 120)),
        ("/no-size", img("/img/no-size.png", size="width=10")),
        ("/heavy", img("/img/heavy.png")),
    )
    for path, tag in page_with:
        add(path, f"an image page {path}", body=tag)
    site.redirect("/old", "/clean-1", 301)
    home = "".join(f'<a href="{path}">the page of {name}</a> ' for path, name in links)
    page(site, "/", body=home)
    sitemap = "".join(f"<url><loc>{u(p)}</loc></url>" for p in ("/clean-1", "/sitemap-noindex"))
    site.route(
        "/sitemap.xml",
        _answer(
            f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"{sitemap}</urlset>".encode(),
            {"Content-Type": "application/xml"},
        ),
    )
    site.route(
        "/robots.txt",
        _answer(
            f"User-agent: *\nAllow: /\nSitemap: {u('/sitemap.xml')}\n".encode(),
            {"Content-Type": "text/plain"},
        ),
    )
    return planted


# What each decoy holds, beside which problem (the clean pages above hold them).
DECOYS = {
    "img_missing_alt": 'alt="" on /clean-2: a decorative image',
    "img_alt_too_long": "an alt of 90 characters on /clean-2",
    "img_over_100kb": "/img/ok.png, 99 KB",
    "title_too_short": "a title of exactly 30 characters on /clean-2",
    "title_multiple": "an <svg><title> on /clean-1",
    "description_too_short": "a description of exactly 70 characters on /clean-2",
    "headings_non_sequential": "h3 back to h2 on /clean-1",
    "url_uppercase": "/a%2Fb: an escape's upper-case hex digits",
    "url_underscore": "/params?sort_by=name: an underscore in the query",
    "url_over_115": "a URL of exactly 115 characters",
    "near_duplicate": "/half shares half the text; /dup-a and /dup-b are exact duplicates",
    "lorem_ipsum": "lorem ipsum in a script on /clean-1",
    "internal_nofollow": "nofollow on a link to another site, /clean-1",
    "anchor_non_descriptive": "'Click here for the price list…' on /clean-1",
    "anchor_missing": "links named by an image's alt, an aria-label, or to another site, /clean-1",
    "unsafe_cross_origin": "target=_blank with noopener, and to this site, /clean-1",
    "fragment_missing": "#local, #/route, #top, an <a name>, an escaped id, lines #12-20 and "
    "#L3-L5, /clean-2; "
    "a fragment through a redirect on /to-redirect",
    "structured_data_missing_required": "a full Product, an Article (Google requires nothing), "
    "a full BreadcrumbList",
    "hreflang_missing_return": "/en and /fr name each other",
}


def found(findings: list[Finding]) -> dict[str, set[str]]:
    """Each finding's URLs, by key."""
    return {f.key: set(f.urls) for f in findings}


def expected(planted: dict[str, set[str]]) -> dict[str, set[str]]:
    """Every finding an audit of the site lists (nothing rendered, no --warn): the URLs
    ``build`` planted it on, none for the others."""
    listed = [key for key, _, _ in FINDINGS if not key.startswith("js_") and key != "warning"]
    return {key: planted.get(key, set()) for key in listed}
