"""The engine's render step: which pages are rendered (``wants``), and a rendered page as the crawl
records it (``run``): its rendered DOM parsed like raw HTML, its links those of the DOM (and the
raw HTML's that the DOM lost, its hash routes, its failed same-site requests), and what rendering
changed, kept in the record (``rendered``, ``rendered_links``, ``js_errors``, ``render``: JSON
read back by ``detail``).

The JSON's keys: ``only_rendered`` (links only the rendered DOM has, at most MAX_LISTED),
``changed`` (title, meta_description, h1, canonical, robots: [as sent, rendered] where they
differ), ``errors`` (JavaScript errors: uncaught exceptions and console errors), ``failed``
(same-site requests that failed: [url, status or error, resource type]), ``requests`` (requests
per host), ``refused`` (requests refused: off-site, navigations, over the bound) and
``refused_count``, ``not_loaded`` (images, media, fonts), ``tries``, ``ms`` (where the time went:
tab, load, settle, dom, parse) and ``note``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp

from gui_crawler.base import urls
from gui_crawler.base.urls import normalize, route_url
from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.phases import Timing
from gui_crawler.events import Event
from gui_crawler.parsing.links import ParsedPage
from gui_crawler.parsing.linkwords import with_more
from gui_crawler.render.renderer import Rendered, Renderer
from gui_crawler.render.routes import Answer
from gui_crawler.render.shell import looks_like_shell

MAX_LISTED = 500
COMPARED = ("title", "meta_description", "h1", "canonical", "robots")
# A failed request's element in the links' words: what a person calls it.
_ELEMENT = {"script": "script", "stylesheet": "link", "document": "iframe"}

Parse = Callable[[bytes, str], Awaitable[ParsedPage]]
Take = Callable[[Sequence[str]], None]  # links taken into the crawl (queued) before the record


class RenderStep:
    """Rendering for one crawl (``config.render`` is not "off")."""

    def __init__(
        self,
        config: CrawlConfig,
        on_site: Callable[[str], bool],
        session: Callable[[], aiohttp.ClientSession | None],
        sink: Callable[[Event], None],
    ) -> None:
        self.mode = config.render
        self.match = re.compile(config.render_match) if config.render_match else None
        self.on_site = on_site
        self.renderer = Renderer(
            browser=config.browser,
            timeout=config.render_timeout,
            tabs=config.render_tabs,
            user_agent=config.user_agent,
            session=session,
            on_site=on_site,
            external=config.check_external,
            max_body=config.max_body,
            sink=sink,
        )

    def wants(self, url: str, body: bytes, page: ParsedPage) -> bool:
        """Whether the page ``url`` (``body`` as sent, its parse ``page``) is rendered."""
        if self.match is not None and not self.match.search(url):
            return False
        return self.mode == "all" or "#" in url or looks_like_shell(body, page)

    async def run(
        self,
        url: str,
        status: int,
        content_type: str,
        body: bytes,
        raw: ParsedPage,
        parse: Parse,
        timing: Timing | None,
        take: Take,
    ) -> tuple[ParsedPage, bytes, dict[str, Any]]:
        """Render the page ``url`` (its answer: ``status``, ``content_type``, ``body``, parsed as
        ``raw``): the page as the crawl records it, the HTML it records it from (for custom
        extraction and search, in the page's encoding) and the record's render fields.

        ``take`` is given links of the page while it renders: those of the HTML as sent at once,
        those its DOM has at its load event once it has loaded (a site whose pages link on to
        each other is crawled a page's load apart, not a page's settling). The record keeps
        them all, those the settled DOM no longer has too."""
        began = time.monotonic()
        if timing is not None:
            timing.mark_render(began)
        take(raw.links)
        early: list[str] = []

        def loaded(base_href: str | None, hrefs: list[str]) -> None:
            base = (urls.join(url, base_href) if base_href else None) or url
            found = urls.join_all(base, hrefs)
            early.extend(found)
            take(found)

        headers = {"content-type": f"{content_type}; charset={raw.encoding}"}
        got = await self.renderer.render(url, Answer(status, headers, body), loaded)
        dom: ParsedPage | None = None
        note = got.note
        if got.html is not None:
            t = time.monotonic()
            try:
                dom = await parse(got.html.encode("utf-8"), url)
            except Exception as e:  # the parser crashed on the DOM: the page as sent is kept
                note = "; ".join(filter(None, [note, f"its rendered DOM could not be parsed: {e}"]))
            got.phases["parse"] = time.monotonic() - t
        done = time.monotonic()
        if timing is not None:
            timing.mark_render(began, done)
        page, fields = merge(url, raw, dom, got, self.on_site, note, early)
        if dom is not None:
            body = got.html.encode(raw.encoding, "xmlcharrefreplace") if got.html else body
        return page, body, fields

    async def close(self) -> None:
        await self.renderer.close()


def merge(
    url: str,
    raw: ParsedPage,
    dom: ParsedPage | None,
    got: Rendered,
    on_site: Callable[[str], bool],
    note: str | None,
    early: Sequence[str] = (),
) -> tuple[ParsedPage, dict[str, Any]]:
    """The page the crawl records (the rendered one, or ``raw`` without a DOM) and the record's
    render fields; ``early``: the links its DOM had at its load event."""
    requests = got.requests
    failed_links: dict[str, str] = {}  # a failed GET of the site: a broken link of the page
    for target, _why, kind in requests.failed:
        link = normalize(target)
        if link is not None and on_site(link) and " " not in kind:  # a GET
            failed_links.setdefault(link, _ELEMENT.get(kind, "request"))
    detail: dict[str, Any] = {
        "errors": got.errors,
        "failed": [list(f) for f in requests.failed],
        "requests": requests.hosts,
        "refused": requests.refused,
        "refused_count": requests.refused_count,
        "not_loaded": requests.not_loaded,
        "tries": got.tries,
        "ms": {k: round(v * 1000, 1) for k, v in got.phases.items()},
    }
    if note:
        detail["note"] = note
    fields: dict[str, Any] = {"js_errors": got.error_count}
    before = set(raw.links)
    if dom is None:
        page = raw
        extra = [*early, *failed_links]
        only = list(dict.fromkeys(u for u in early if u not in before))
    else:
        routes = list(dict.fromkeys(r for r in (route_url(u) for u, _ in got.routes) if r))
        routes = [r for r in routes if r != url]
        seen = set(dom.links)
        extra = [u for u in (*raw.links, *early, *routes, *failed_links) if u not in seen]
        only = list(dict.fromkeys(u for u in (*dom.links, *early, *routes) if u not in before))
        detail["changed"] = {
            name: [getattr(raw.facts, name), getattr(dom.facts, name)]
            for name in COMPARED
            if getattr(raw.facts, name) != getattr(dom.facts, name)
        }
        page = dom
        fields["rendered"] = True
    detail["only_rendered"] = only[:MAX_LISTED]
    fields["rendered_links"] = len(only)
    has = set(page.links)
    more = list(dict.fromkeys(u for u in extra if u not in has))
    links = [*page.links, *more]
    said = [(u, e, None, None, None) for u, e in failed_links.items()]
    words = with_more(page.words, page.links, more, said)
    fields["note"] = "; ".join(filter(None, [raw.note, note])) or None
    fields["render"] = json.dumps(detail, ensure_ascii=False, separators=(",", ":"))
    merged = ParsedPage(
        links, raw.encoding, page.note, page.facts, seconds=page.seconds, words=words
    )
    return merged, fields
