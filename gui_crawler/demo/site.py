"""A generated company website served on loopback, so that a first run, the tests and the benchmarks
work offline and meet every case a crawler must handle: each redirect status, a chain, a loop, a
redirect without Location, dead links, server errors, throttling, a slow page, legacy charsets and
off-site links. No Qt here: the headless CLI uses it too.

The site is a pure function of ``seed`` so that ``expected_site(seed)`` can serve as ground truth.
Latency is a function of the path: runs repeat exactly, yet workers visibly overlap;
``latency_scale=0`` makes the site instant for tests. Pages render on first request (each from its
own seeded generator), so that starting the server costs next to nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import copy
import functools
import html
import random
import zlib
from dataclasses import dataclass
from typing import TypedDict
from urllib.parse import urljoin

from aiohttp import web

# The partner's site is down: an off-site link that fails, on loopback (nothing listens on port 9
# of 127.0.0.2), so that checking external links never sends the demo's traffic off this machine.
OFFSITE = "http://127.0.0.2:9/partner"
# Replaced per request by another host name for this very server, so that a crawler leaking out of
# scope shows up in the server's request counts instead of reaching out to the internet.
_ALIAS = "__DEMO_ALIAS__"
SLOW_SECONDS = 3.0
_HTML = "text/html; charset=utf-8"
_WORDS = (  # noqa: SIM905 (word lists read best as text)
    "crawler queue worker page link site report export scope redirect timeout retry header "
    "sitemap index robots charset latency concurrency pipeline dashboard sensor gateway fleet "
    "signal metric alert storage cluster release feature support customer partner team design "
    "reliable fast simple secure modern open flexible careful every each many our your the a "
    "with for from into over and while when then also quickly easily safely today now"
).split()
_TOPICS = (  # noqa: SIM905
    "installation first-crawl scope redirects retries timeouts exporting filters workers queue "
    "proxies headers cookies robots sitemaps charsets limits scheduling logging metrics plugins "
    "storage authentication rate-limits upgrading cli settings shortcuts themes backups"
).split()
_SECTIONS = ("user-guide", "crawling", "reports", "api", "administration", "integrations", "faq")
_SUBS = ("basics", "configuration", "advanced", "recipes", "reference", "examples", "security")
_CATEGORIES = ("sensors", "gateways", "dashboards", "software", "accessories")
_NAV = (
    ("/", "Home"),
    ("/products/", "Products"),
    ("/docs/", "Docs"),
    ("/blog/", "Blog"),
    ("/about/", "About"),
    ("/contact/", "Contact"),
)
_FOOTER = (
    ("/about/careers.html", "Careers", ""),
    ("/about/legal.html", "Legal notice", "#privacy"),
    ("/contact/", "Our office", "#office"),
    ("/blog/feed.xml", "RSS feed", ""),
    ("/docs/getting-started/", "Getting started", ""),
)
_CHARSETS = {"latin1": "iso-8859-1", "cp1252": "windows-1252"}
_LEGACY = {
    "latin1": '<p lang="fr">Fondée à Genève en 1998, l\'équipe a créé des capteurs précis.</p>\n',
    "cp1252": '<p lang="de">Büros in München und Köln, ab 49 € pro Monat, „schnell“.</p>\n',
}
_CSS = b"""body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#223}
header,footer{background:#123;color:#eef;padding:.5em 1em}header a,footer a{color:#cdf}
nav ul{list-style:none;display:flex;gap:1em;margin:0;padding:0}
.layout{display:grid;grid-template-columns:14em 1fr;gap:2em;padding:1em}
.breadcrumbs ol{list-style:none;display:flex;gap:.5em;padding:0 1em}
pre{background:#f4f6f8;padding:.8em;overflow:auto}td,th{border:1px solid #ccd;padding:.2em .6em}
"""


class ExpectedSite(TypedDict):
    """Ground truth; paths carry their query; redirect targets are resolved."""

    pages: frozenset[str]  # 200 text/html (the throttled one on its second request)
    assets: dict[str, str]  # non-HTML 200s -> media type
    links: dict[str, frozenset[str]]  # page -> in-scope link targets, fragments dropped
    dead: dict[str, frozenset[str]]  # 404 path -> pages linking to it
    errors: dict[str, int]  # path -> 5xx status
    redirects: dict[str, tuple[int, str | None]]  # path -> (status, target; None: no Location)
    chain: tuple[str, ...]  # redirect hops, then the page only they lead to
    loop: tuple[str, str]
    offsite: frozenset[str]  # absolute URLs linked or redirected to: never to be fetched
    offsite_paths: frozenset[str]  # linked only under an out-of-scope alias: must get no request
    slow: str
    throttled: str  # 429 + Retry-After: 1 on odd-numbered requests, 200 on even ones
    encodings: dict[str, str]  # page -> its declared non-UTF-8 charset


@dataclass(frozen=True, slots=True)
class _Entry:
    status: int
    body: bytes
    content_type: str | None
    location: str | None
    latency: float


def _dir(path: str) -> str:
    path = path.partition("?")[0]
    return path[: path.rfind("/") + 1]


def _parent(path: str) -> str:
    path = path.partition("?")[0]
    return path[: path.rstrip("/").rfind("/") + 1]


def _rel(src: str, dst: str) -> str:
    """The relative href (``../`` and all) from page ``src`` to the path ``dst``."""
    path, q, query = dst.partition("?")
    a, b = _dir(src).split("/")[1:-1], _dir(path).split("/")[1:-1]
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    out = "../" * (len(a) - n) + "".join(s + "/" for s in b[n:]) + path[path.rfind("/") + 1 :]
    return (out or "./") + q + query


def _title(slug: str) -> str:
    return slug.replace("-", " ").removesuffix(".html").capitalize()


def _short(text: str) -> bytes:
    return f"<!DOCTYPE html>\n<title>{text}</title>\n<p>{text}</p>\n".encode()


def _svg(label: str) -> bytes:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
        '<rect width="64" height="64" rx="12" fill="#2a6"/><text x="32" y="40" font-size="20" '
        f'text-anchor="middle" fill="#fff">{html.escape(label[:2].upper())}</text></svg>'
    ).encode()


class _Page:
    """One page being rendered: every href goes through it, so its link targets are recorded."""

    def __init__(self, path: str, rng: random.Random) -> None:
        self.path, self.rng = path, rng
        self.targets: set[str] = set()

    def href(self, target: str, style: str = "rel") -> str:
        if not target.startswith("/"):
            return target
        self.targets.add(target)
        return _rel(self.path, target) if style == "rel" else target

    def a(self, target: str, text: str, style: str = "rel", frag: str = "") -> str:
        return f'<a href="{html.escape(self.href(target, style) + frag)}">{html.escape(text)}</a>'

    def any_a(self, target: str, text: str, doc: bool = False) -> str:
        """Content links mix styles, as hand-written pages do; the crawler must resolve them all.
        A link to a doc page (``doc``) may point at its Overview heading."""
        frag = self.rng.choice(("", "", "", "#overview"))
        return self.a(target, text, self.rng.choice(("rel", "root")), frag if doc else "")

    def para(self, n: int, links: list[str] | None = None) -> str:
        words = self.rng.choices(_WORDS, k=n)
        words[0] = words[0].capitalize()
        for link in links or ():
            words.insert(self.rng.randrange(1, len(words) + 1), link)
        return "<p>" + " ".join(words) + ".</p>\n"

    def ul(self, paths: list[str], titles: dict[str, str]) -> str:
        return "<ul>" + "".join(f"<li>{self.a(p, titles[p])}</li>" for p in paths) + "</ul>\n"


class _Site:
    """The plan of one seed's site; non-page responses up front, pages rendered when first asked."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.titles: dict[str, str] = {}  # every 200 HTML page, in site order
        self.kind: dict[str, str] = {}
        self.children: dict[str, list[str]] = collections.defaultdict(list)
        self.seq: dict[str, list[str]] = collections.defaultdict(list)  # prev/next runs
        self.extra: dict[str, list[str]] = collections.defaultdict(list)
        self.entries: dict[str, _Entry] = {}
        self.links: dict[str, frozenset[str]] = {}
        self.plan()
        self.expected = self.hard_cases()
        self.add_others()
        self.not_found = self.entry_for("/404", 404, _short("Page not found"))

    def page(self, path: str, title: str, kind: str, *, listed: bool = True) -> str:
        self.titles[path], self.kind[path] = title, kind
        if listed and "?" not in path and path != "/":
            self.children[_parent(path)].append(path)
        return path

    def plan(self) -> None:
        rng, page = self.rng, self.page
        page("/", "Brightfield: sensor analytics you can crawl", "home")
        for slug in ("", "team.html", "careers.html", "legal.html", "annual-report.html"):
            page(f"/about/{slug}", _title(slug) or "About us", "plain")
        page("/about/history.html", "Notre histoire", "latin1")
        page("/about/locations-de.html", "Standorte", "cp1252")
        page(
            "/about/press-kit.html", "Press kit", "plain", listed=False
        )  # only the chain leads here
        page("/contact/", "Contact", "plain")
        page("/contact/thanks.html", "Thank you", "plain", listed=False)  # only the 303 leads here
        page("/docs/", "Documentation", "index")
        for section in ["getting-started", *rng.sample(_SECTIONS, 5)]:
            top = page(f"/docs/{section}/", _title(section), "index")
            nested = rng.random() < 0.65
            for sub in rng.sample(_SUBS, rng.randint(2, 4)) if nested else [""]:
                head = page(f"{top}{sub}/", _title(sub), "index") if sub else top
                for topic in rng.sample(_TOPICS, rng.randint(4, 9)):
                    self.seq[head].append(page(f"{head}{topic}.html", _title(topic), "doc"))
        page("/blog/", "Blog", "blog")
        posts = self.seq["/blog/"]
        for year in range(2020, 2025):
            page(f"/blog/{year}/", f"Posts from {year}", "index")
            for month in sorted(rng.sample(range(1, 13), rng.randint(7, 10))):
                ym = page(f"/blog/{year}/{month:02d}/", f"Posts from {year}-{month:02d}", "index")
                for _ in range(rng.randint(1, 4)):
                    slug = "-".join(rng.sample(_WORDS[:40], rng.randint(3, 5)))
                    posts.append(page(f"{ym}{slug}/", _title(slug), "post"))
        for n in range(2, (len(posts) + 9) // 10 + 1):
            page(f"/blog/?page={n}", f"Blog, page {n}", "blog")
        page("/products/", "Products", "index")
        page("/products/offers.html", "Special offers", "plain")
        for cat in _CATEGORIES:
            page(f"/products/{cat}/", _title(cat), "category")
            for sort in ("price", "newest"):
                page(f"/products/{cat}/?sort={sort}", f"{_title(cat)} by {sort}", "category")
            for n in rng.sample(range(100, 1000), rng.randint(6, 11)):
                name = f"{_title(cat[:-1])} {cat[0].upper()}{n}"
                self.seq[cat].append(page(f"/products/{cat}/{cat[:3]}-{n}", name, "item"))
        self.docs = [p for p, k in self.kind.items() if k == "doc"]

    def hard_cases(self) -> ExpectedSite:
        """Links each hard case from a few ordinary pages and writes down what must happen."""
        rng, cat = self.rng, _CATEGORIES[0]
        pool = {k: [p for p, v in self.kind.items() if v == k] for k in ("doc", "post", "item")}
        chain = ("/go/press", "/go/press-2019", "/media/press", "/media/press/")
        # Raw Location values, relative ones too: the crawler must resolve them against the hop.
        self.locations: dict[str, tuple[int, str | None]] = {
            "/about-us": (301, "/about/"),
            "/blog/latest": (302, self.seq["/blog/"][-1]),
            "/contact/send": (303, "thanks.html"),
            "/docs/latest/": (307, "../getting-started/"),
            "/products/catalogue.html": (308, "/products/"),
            "/account/login": (302, "signin"),
            "/account/signin": (302, "/account/login"),
            "/download/latest": (302, None),
            "/go/partner": (302, OFFSITE),
            chain[0]: (301, "press-2019"),
            chain[1]: (302, "/media/press"),
            chain[2]: (307, "press/"),
            chain[3]: (308, "../../about/press-kit.html"),
        }
        candidates = {
            "/docs/legacy/setup.html": pool["doc"],
            "/blog/2019/": pool["post"],
            f"/products/{cat}/{cat[:3]}-001-discontinued": self.seq[cat],
            "/about/jobs/intern.html": pool["post"],
            "/files/whitepaper.pdf": pool["doc"] + pool["post"] + pool["item"],
            "/team/jdoe.html": pool["post"],
        }
        dead = {d: frozenset(rng.sample(c, rng.randint(2, 4))) for d, c in candidates.items()}
        dead["/team/jdoe.html"] |= {"/about/team.html"}
        errors = {"/search?q=crawler": 500, "/status/": 500}
        placed = {
            "/about-us": rng.sample(pool["post"], 3),
            "/blog/latest": ["/", "/blog/"],
            "/contact/send": ["/contact/"],
            "/docs/latest/": ["/", "/docs/"],
            "/products/catalogue.html": rng.sample(pool["item"], 3),
            "/account/login": ["/products/", "/contact/"],
            "/download/latest": rng.sample(pool["item"], 3),
            "/go/partner": ["/about/"],
            chain[0]: ["/about/", "/contact/"],
            "/search?q=crawler": rng.sample(pool["doc"], 3),
            "/status/": ["/", "/about/legal.html"],
            "/products/offers.html": ["/", "/products/"],
            "/about/annual-report.html": ["/"],
            _ALIAS + "/partner/": ["/about/", "/contact/", "/products/"],
            **{d: sorted(pages) for d, pages in dead.items()},
        }
        for target, pages in placed.items():
            for p in pages:
                self.extra[p].append(target)
        return ExpectedSite(
            pages=frozenset(self.titles),
            assets={},
            links={},
            dead=dead,
            errors=errors,
            redirects={p: (s, loc and urljoin(p, loc)) for p, (s, loc) in self.locations.items()},
            chain=(*chain, "/about/press-kit.html"),
            loop=("/account/login", "/account/signin"),
            offsite=frozenset({OFFSITE}),
            offsite_paths=frozenset({"/partner/"}),
            slow="/about/annual-report.html",
            throttled="/products/offers.html",
            encodings={p: _CHARSETS[k] for p, k in self.kind.items() if k in _CHARSETS},
        )

    def entry_for(
        self, path: str, status: int, body: bytes, ctype: str | None = _HTML, loc: str | None = None
    ) -> _Entry:
        """Latency is a hash of the path: 20-300 ms, most under 100 ms, like a real backend."""
        u = zlib.crc32(f"{self.seed}:{path}".encode()) / 2**32
        latency = SLOW_SECONDS if path == self.expected["slow"] else 0.02 + 0.28 * u * u
        return _Entry(status, body, ctype, loc, latency)

    def add_others(self) -> None:
        assets = {"/static/site.css": (_CSS, "text/css"), "/static/logo.svg": (_svg("B"), "")}
        assets.update({f"/static/img/{c}.svg": (_svg(c), "") for c in _CATEGORIES})
        feed = "".join(f"<item><link>{p}</link></item>" for p in self.seq["/blog/"][-10:])
        assets["/blog/feed.xml"] = (f"<rss><channel>{feed}</channel></rss>".encode(), "")
        for path, (body, ctype) in assets.items():
            ctype = ctype or ("image/svg+xml" if path.endswith(".svg") else "application/rss+xml")
            self.entries[path] = self.entry_for(path, 200, body, ctype)
            self.expected["assets"][path] = ctype
        for path, (status, loc) in self.locations.items():
            moved = _short(f"Moved to {html.escape(loc or 'nowhere')}")
            self.entries[path] = self.entry_for(path, status, moved, loc=loc)
        for path, status in self.expected["errors"].items():
            self.entries[path] = self.entry_for(path, status, _short("Internal server error"))
        self.entries["/partner/"] = self.entry_for("/partner/", 200, _short("Partner portal"))

    def entry(self, key: str) -> _Entry | None:
        found = self.entries.get(key)
        if found is None and key in self.kind:
            kind = self.kind[key]
            pg = _Page(key, random.Random(f"{self.seed}:{key}"))
            charset = _CHARSETS.get(kind, "utf-8")
            body = self.render(pg, kind, charset).encode(charset, "xmlcharrefreplace")
            # The windows-1252 page declares its charset only in its <meta> tag.
            ctype = "text/html" if kind == "cp1252" else f"text/html; charset={charset}"
            found = self.entries[key] = self.entry_for(key, 200, body, ctype)
            self.links[key] = frozenset(pg.targets)
        return found

    def render(self, pg: _Page, kind: str, charset: str) -> str:
        path, titles = pg.path, self.titles
        title = html.escape(titles[path])
        main = "".join([f"<h1>{title}</h1>\n", *self.content(pg, kind), *self.pager(pg, kind)])
        side = pg.ul(self.children.get(_parent(path) or "/", [])[:12], titles)
        crumbs = "".join(f"<li>{pg.a(p, titles[p])}</li>" for p in self.ancestors(path))
        menu = "".join(f"<li>{pg.a(t, n, 'root')}</li>" for t, n in _NAV)
        foot = "".join(f"<li>{pg.a(t, n, 'root', f)}</li>" for t, n, f in _FOOTER)
        feed = ""
        if kind in ("blog", "post"):
            href = pg.href("/blog/feed.xml", "root")
            feed = f'\n<link rel="alternate" type="application/rss+xml" href="{href}">'
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="{charset}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} | Brightfield</title>
<link rel="stylesheet" href="{pg.href("/static/site.css")}">
<link rel="icon" type="image/svg+xml" href="{pg.href("/static/logo.svg", "root")}">{feed}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="{pg.href("/")}"><img src="/static/logo.svg" alt=""> Brightfield</a>
<nav aria-label="Main"><ul>{menu}</ul></nav></header>
<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>{crumbs}<li>{title}</li></ol></nav>
<div class="layout">
<aside><h2>In this section</h2>
{side}</aside>
<main id="main">
{main}</main>
</div>
<footer><ul>{foot}<li><a href="{OFFSITE}" rel="noopener">Our partner, Example Corp</a></li></ul>
<p>© 2024 Brightfield Analytics · <a href="#main">Back to top</a></p></footer>
</body>
</html>
"""

    def content(self, pg: _Page, kind: str) -> list[str]:
        path, rng, titles = pg.path, pg.rng, self.titles
        base = path.partition("?")[0]
        out: list[str] = []
        if kind == "home":
            out += [pg.para(60), "<h2>Latest posts</h2>\n", pg.ul(self.seq["/blog/"][-5:], titles)]
            out += ["<h2>Documentation</h2>\n", pg.ul(self.children["/docs/"], titles)]
            # A #fragment the target lacks (the docs index has no "install" heading): a finding.
            out.append(pg.para(12, [pg.a("/docs/", "How to install", frag="#install")]))
        elif kind in ("index", "category"):
            items = self.children.get(base, [])
            out.append(pg.para(rng.randint(30, 60)))
            if kind == "category":
                sorts = [pg.a(f"{base}?sort={s}", f"by {s}") for s in ("price", "newest")]
                picture = pg.a(f"/static/img/{base.split('/')[2]}.svg", "Picture")
                out.append(pg.para(20, [*sorts, picture]))
                if path.endswith("price"):
                    items = sorted(items, key=lambda p: zlib.crc32(p.encode()))
                elif path.endswith("newest"):
                    items = items[::-1]
            out.append(pg.ul(items, titles))
        elif kind == "blog":
            n = int(path.rpartition("=")[2]) if "?" in path else 1
            posts = self.seq["/blog/"][::-1]
            for p in posts[(n - 1) * 10 : n * 10]:
                out += [f"<h2>{pg.a(p, titles[p])}</h2>\n", pg.para(rng.randint(20, 40))]
            pages = ["/blog/"] + [f"/blog/?page={k}" for k in range(2, (len(posts) + 9) // 10 + 1)]
            numbers = [pg.a(p, str(k)) if p != path else str(k) for k, p in enumerate(pages, 1)]
            out.append(f'<nav class="pagination">{" ".join(numbers)}</nav>\n')
        else:
            out += [pg.para(rng.randint(40, 80)) for _ in range(rng.randint(2, 4))]
        if kind == "doc":
            n = rng.randint(2, 50)
            out.append(
                f'<h2 id="overview">Overview</h2>\n<pre><code>gui-crawler crawl --max_tasks {n}'
                f" http://127.0.0.1:8000{html.escape(base)}</code></pre>\n"
            )
            related = [p for p in rng.sample(self.docs, 3) if p != path][:2]
            out.append(pg.para(30, [pg.any_a(p, titles[p], doc=True) for p in related]))
        elif kind == "post":
            out.insert(0, f"<p><time>{base[6:13].replace('/', '-')}</time></p>\n")
            item = rng.choice(self.seq[rng.choice(_CATEGORIES)])
            out.append(pg.para(30, [pg.any_a(item, titles[item])]))
        elif kind == "item":
            price = 49 + zlib.crc32(path.encode()) % 950
            out.append(
                f"<table><tr><th>Price</th><td>{price} EUR</td></tr>"
                f"<tr><th>Warranty</th><td>{rng.randint(1, 5)} years</td></tr></table>\n"
            )
        elif kind in _LEGACY:
            out.append(_LEGACY[kind])
        # The headings the footer's links point at (its "#office", "#privacy").
        for target, text, frag in _FOOTER:
            if frag and base == target:
                out.append(f'<h2 id="{frag[1:]}">{html.escape(text)}</h2>\n')
        if path in self.extra:
            out.append(pg.para(20, [pg.any_a(t, self.label(t)) for t in self.extra[path]]))
        return out

    def pager(self, pg: _Page, kind: str) -> list[str]:
        if kind not in ("doc", "post", "item"):
            return []
        key = {"doc": _dir(pg.path), "post": "/blog/"}.get(kind) or pg.path.split("/")[2]
        run = self.seq[key]
        i = run.index(pg.path)
        steps = [
            pg.a(run[j], f"{label}: {self.titles[run[j]]}")
            for j, label in ((i - 1, "Previous"), (i + 1, "Next"))
            if 0 <= j < len(run)
        ]
        return [f'<nav class="pager">{" | ".join(steps)}</nav>\n']

    def label(self, target: str) -> str:
        if target.startswith(_ALIAS):
            return "Partner portal"
        return self.titles.get(target) or _title(target.strip("/").rsplit("/", 1)[-1])

    def ancestors(self, path: str) -> list[str]:
        base = path.partition("?")[0]
        dirs = ["/"] + [base[: i + 1] for i, c in enumerate(base) if c == "/" and i]
        return [d for d in dirs if d in self.titles and d != path]


@functools.lru_cache(maxsize=4)
def _site(seed: int) -> _Site:
    return _Site(seed)


REQUESTS: web.AppKey[collections.Counter[str]] = web.AppKey("demo_requests")
_SITE: web.AppKey[_Site] = web.AppKey("demo_site")
_SCALE: web.AppKey[float] = web.AppKey("demo_latency_scale")


async def _handle(request: web.Request) -> web.StreamResponse:
    app, key = request.app, request.path_qs
    site, counts = app[_SITE], app[REQUESTS]
    counts[key] += 1
    entry = site.entry(key) or site.not_found
    if entry.latency and app[_SCALE]:
        await asyncio.sleep(entry.latency * app[_SCALE])
    if key == site.expected["throttled"] and counts[key] % 2:
        return web.Response(
            status=429,
            headers={"Retry-After": "1"},
            body=_short("Slow down"),
            content_type="text/html",
        )
    headers = {"Content-Type": entry.content_type} if entry.content_type else {}
    if entry.location is not None:
        headers["Location"] = entry.location
    body = entry.body
    if _ALIAS.encode() in body:
        host = "127.0.0.1" if request.url.host == "localhost" else "localhost"
        body = body.replace(_ALIAS.encode(), f"http://{host}:{request.url.port}".encode())
    return web.Response(status=entry.status, body=body, headers=headers)


def build_app(*, seed: int = 0, latency_scale: float = 1.0) -> web.Application:
    """The demo site as an aiohttp application, for any runner (tests may use their own)."""
    if not latency_scale >= 0:
        raise ValueError(f"latency_scale must be >= 0, not {latency_scale!r}")
    app = web.Application()
    app[_SITE] = _site(seed)
    app[_SCALE] = float(latency_scale)
    app[REQUESTS] = collections.Counter()
    app.router.add_get("/{tail:.*}", _handle)
    return app


def expected_site(seed: int = 0) -> ExpectedSite:
    """What a correct crawl of ``build_app(seed=seed)`` finds (a copy: callers may mutate it)."""
    site = _site(seed)
    for path in site.kind:
        site.entry(path)
    expected = copy.deepcopy(site.expected)
    expected["links"] = dict(site.links)
    return expected


class DemoServer:
    """The demo site running on a loopback port: ``async with await start_demo_server() as s``.

    ``requests`` (path and query -> count) is counted by the server, so tests can prove what a
    crawler did not fetch, not only what it did.
    """

    def __init__(self, runner: web.AppRunner, url: str) -> None:
        self._runner = runner
        self.url = url
        self.requests: collections.Counter[str] = runner.app[REQUESTS]

    async def close(self) -> None:
        await self._runner.cleanup()

    async def __aenter__(self) -> DemoServer:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


async def start_demo_server(
    host: str = "127.0.0.1", port: int = 0, *, seed: int = 0, latency_scale: float = 1.0
) -> DemoServer:
    """Serve the demo site; port 0 picks a free port (read it from ``url``)."""
    # A short shutdown grace: a crawl cancelled mid-way must not hold the window on a slow page.
    runner = web.AppRunner(
        build_app(seed=seed, latency_scale=latency_scale), access_log=None, shutdown_timeout=0.25
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    netloc = f"[{host}]" if ":" in host else host
    return DemoServer(runner, f"http://{netloc}:{runner.addresses[0][1]}/")


# The window's demo site listens here when it can, so that a saved demo crawl can be continued
# after a restart: its URLs name this port.
DEMO_PORT = 8765


async def start_demo_server_at_default_port(
    host: str = "127.0.0.1", *, latency_scale: float = 1.0
) -> DemoServer:
    """The demo site on DEMO_PORT, or on a free port when another program holds that one."""
    try:
        return await start_demo_server(host, DEMO_PORT, latency_scale=latency_scale)
    except OSError:
        return await start_demo_server(host, 0, latency_scale=latency_scale)


def main(argv: list[str] | None = None) -> None:
    """Serve the site until interrupted, for a browser or a peer crawler in benchmarks."""
    parser = argparse.ArgumentParser(prog="python -m gui_crawler.demo", description=main.__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--latency-scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    app = build_app(seed=args.seed, latency_scale=args.latency_scale)
    web.run_app(app, host="127.0.0.1", port=args.port, access_log=None)
