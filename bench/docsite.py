"""A generated documentation-like static site: what the headless benchmark crawls.

Like real docs (Sphinx, MkDocs): every page repeats the navigation (header, the list of
sections, the current section's sidebar, footer), so most of its 100-400 hrefs are the same on
every page; the body adds cross-references written as relative links with ``../`` and
``#fragments``, a few links to old addresses that nginx answers with ``return 301`` and a few
dead links (404). Pages are 20-80 KB. Deterministic for a given seed.
"""

from __future__ import annotations

import posixpath
import random
from dataclasses import dataclass
from pathlib import Path

SECTION_SIZE = 80  # pages per section (the sidebar lists them all)
ABOUT = ("license", "changelog", "contributing", "faq", "glossary")
WORDS = (  # noqa: SIM905 (as a list literal, a line a word)
    "crawler queue worker request response header redirect session timeout retry parse "
    "token element attribute anchor document section module function method class "
    "instance event loop coroutine future task await yield buffer stream socket "
    "connection pool limit config option value default return raise error status cache "
    "index table column filter sort model view the a of to and in is for with on that by "
    "this be as are from or it at an which"
).split()
SECTION_WORDS = (  # noqa: SIM905
    "guide tutorial howto reference api internals deploy config cli plugins testing "
    "security networking storage events models views export import scheduling logging "
    "metrics faq recipes migration release design"
).split()


@dataclass
class Page:
    path: str  # URL path, e.g. /docs/api/sub1/page-3.html or /docs/api/
    title: str
    section: int  # -1 for the root and the about pages

    @property
    def directory(self) -> str:
        return self.path if self.path.endswith("/") else posixpath.dirname(self.path) + "/"

    @property
    def file(self) -> str:
        return (self.path + "index.html" if self.path.endswith("/") else self.path).lstrip("/")


@dataclass
class SiteInfo:
    root: Path
    pages: int  # HTML pages that answer 200
    bytes: int
    redirects: dict[str, str]  # old path -> new path (nginx return 301)
    dead: list[str]  # linked paths that do not exist (404)
    hrefs_min: int
    hrefs_max: int
    hrefs_mean: float


def _rel(from_dir: str, to: str) -> str:
    """Relative href from the directory ``from_dir`` to the path ``to`` (directories keep "/")."""
    r = posixpath.relpath(to.rstrip("/") or "/", from_dir.rstrip("/") or "/")
    if to.endswith("/"):
        r = "./" if r == "." else r + "/"
    return r


def _paragraphs(rng: random.Random, n: int) -> list[str]:
    return [
        " ".join(rng.choices(WORDS, k=rng.randint(60, 140))).capitalize() + "." for _ in range(n)
    ]


class _Builder:
    def __init__(self, pages: int, seed: int) -> None:
        if pages < 20:
            raise ValueError("the site needs at least 20 pages")
        self.rng = random.Random(seed)
        nsec = max(1, -(-(pages - 1 - len(ABOUT)) // (SECTION_SIZE + 1)))
        self.sections = [
            SECTION_WORDS[i % len(SECTION_WORDS)]
            + (str(i // len(SECTION_WORDS) + 1) if i >= len(SECTION_WORDS) else "")
            for i in range(nsec)
        ]
        self.all: list[Page] = [Page("/", "Home", -1)]
        self.all += [Page(f"/about/{a}.html", a.title(), -1) for a in ABOUT]
        self.by_section: list[list[Page]] = []
        body = pages - len(self.all) - nsec
        for s, name in enumerate(self.sections):
            index = Page(f"/docs/{name}/", name.title(), s)
            count = body // nsec + (1 if s < body % nsec else 0)
            members = [index]
            for k in range(count):
                sub = f"sub{k % 3}/" if k % 3 else ""  # a third of the pages one level down
                members.append(Page(f"/docs/{name}/{sub}page-{k}.html", f"{name} {k}", s))
            self.by_section.append(members)
            self.all += members
        assert len(self.all) == pages, (len(self.all), pages)
        nfault = max(3, pages // 100)
        targets = self.rng.sample(self.all[1 + len(ABOUT) :], nfault)
        self.redirects = {f"/legacy/{p.path.strip('/').replace('/', '-')}": p.path for p in targets}
        # One two-hop chain: old-home -> legacy/home -> /
        self.redirects["/legacy/home"] = "/"
        self.redirects["/old-home/"] = "/legacy/home"
        self.dead = [
            f"/docs/{self.rng.choice(self.sections)}/removed-{k}.html" for k in range(nfault)
        ]
        self.paras = _paragraphs(self.rng, 400)

    def nav(self, page: Page) -> list[str]:
        d = page.directory
        out = ['<header><nav class="top"><a href="#main">Skip to content</a> <a href="/">Home</a>']
        out += [f' <a href="/about/{a}.html">{a.title()}</a>' for a in ABOUT]
        out.append(
            ' <a href="https://github.com/example/docs">Source</a>'
            ' <a href="https://example.org/blog/">Blog</a></nav></header>'
        )
        out.append('<aside class="sections"><ul>')
        out += [f'<li><a href="/docs/{s}/">{s.title()}</a></li>' for s in self.sections]
        out.append("</ul></aside>")
        if page.section >= 0:
            out.append('<aside class="sidebar"><ul>')
            out += [
                f'<li><a class="nav" href="{_rel(d, p.path)}">{p.title}</a></li>'
                for p in self.by_section[page.section]
            ]
            out.append("</ul></aside>")
        return out

    def footer(self, page: Page) -> list[str]:
        d = page.directory
        out = ['<footer><ul class="footer">']
        out += [f'<li><a href="{_rel(d, "/about/" + a + ".html")}">{a}</a></li>' for a in ABOUT]
        out += [
            f'<li><a href="{_rel(d, "/docs/" + s + "/")}">{s}</a></li>' for s in self.sections[:8]
        ]
        out.append(
            f'<li><a href="https://github.com/example/docs/edit/main{page.path}">Edit</a></li>'
            "</ul><p>&copy; 2024 Example project. Built with a generator.</p></footer>"
        )
        return out

    def body(self, i: int, page: Page, size: int, nlinks: int) -> list[str]:
        rng, d = self.rng, page.directory
        heads = rng.randint(6, 12)
        out = [f'<main id="main"><h1>{page.title}</h1><nav class="toc"><ul>']
        out += [f'<li><a href="#h-{k}">Part {k}</a></li>' for k in range(heads)]
        out.append("</ul></nav>")
        if i > 0:
            prev, nxt = self.all[i - 1], self.all[(i + 1) % len(self.all)]
            out.append(
                f'<p class="pager"><a rel="prev" href="{_rel(d, prev.path)}">Previous</a> '
                f'<a rel="next" href="{_rel(d, nxt.path)}">Next</a></p>'
            )
        links = []
        for _ in range(nlinks):
            target = rng.choice(self.all).path
            r = rng.random()
            frag = f"#h-{rng.randint(0, 8)}" if r < 0.3 else ""
            links.append(
                f'<a href="{_rel(d, target)}{frag}">see {posixpath.basename(target.rstrip("/"))}</a>'
            )
        # Every redirect source and dead link is linked from at least one page.
        old = list(self.redirects)
        if i < len(old) or rng.random() < 0.03:
            links.append(f'<a href="{old[i % len(old)]}">old address</a>')
        if i < len(self.dead) or rng.random() < 0.02:
            links.append(f'<a href="{_rel(d, self.dead[i % len(self.dead)])}">gone</a>')
        written = sum(len(s) for s in out)
        k = 0
        while written < size or links:
            if k % 5 == 0:
                out.append(f'<h2 id="h-{k // 5}">Part {k // 5}</h2>')
            para = rng.choice(self.paras)
            if links:
                para = para[:200] + " " + " ".join(links[:8]) + " " + para[200:]
                del links[:8]
            if k % 7 == 3:
                out.append(f"<pre><code>{rng.choice(self.paras)[:300]}</code></pre>")
            out.append(f"<p>{para}</p>")
            written += len(out[-1])
            k += 1
        out.append("</main>")
        return out

    def render(self, i: int, page: Page) -> str:
        rng = self.rng
        head = (
            "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
            f"<title>{page.title} — Example docs</title>"
            '<link rel="stylesheet" href="/static/style.css"></head><body>'
        )
        nav = self.nav(page)
        nav_hrefs = sum(s.count("href=") for s in nav) + 15 + len(ABOUT)  # + footer
        wanted = rng.randint(100, 400)
        nlinks = max(3, wanted - nav_hrefs - 14)
        # Body text fills the page up to its drawn size; link markup counts towards it.
        size = rng.randint(21_000, 78_000) - sum(len(s) for s in nav) - 55 * nlinks - 2500
        parts = [head, *nav, *self.body(i, page, size, nlinks), *self.footer(page)]
        parts.append("</body></html>\n")
        return "".join(parts)


def generate(dest: Path, pages: int = 2000, seed: int = 1) -> SiteInfo:
    """Write the site under ``dest`` (which must be empty or absent) and describe it."""
    b = _Builder(pages, seed)
    total = 0
    hrefs = []
    for i, page in enumerate(b.all):
        html = b.render(i, page)
        f = dest / page.file
        f.parent.mkdir(parents=True, exist_ok=True)
        data = html.encode()
        f.write_bytes(data)
        total += len(data)
        hrefs.append(html.count("href="))
    (dest / "static").mkdir(exist_ok=True)
    (dest / "static/style.css").write_text("body{font-family:sans-serif;max-width:60em}\n")
    return SiteInfo(dest, len(b.all), total, b.redirects, b.dead, min(hrefs), max(hrefs),
                    sum(hrefs) / len(hrefs))  # fmt: skip
