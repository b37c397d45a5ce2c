"""Sites whose links exist only once their script has run, for the tests of JavaScript rendering:
a single-page app routed by its path (pushState) and one routed by the fragment (``#/x``), each
page's links built by its script, the last of them after a fetch() and a timer.

And the ``chromium`` fixture those tests use (imported by their modules: a conftest.py of
their own would shadow the suite's, which tests import by name). They run a real Chromium,
the system's, driven by Playwright; without one they are skipped, but under CI=true (where
``make`` installs both) a missing browser fails the run instead: a green CI must have rendered.
"""

from __future__ import annotations

import json
import os

import pytest
from aiohttp import web
from sites import Site

from gui_crawler.render.browser import problem


@pytest.fixture(scope="session")
def chromium() -> None:
    why = problem("all", os.environ.get("GUI_CRAWLER_BROWSER"))
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must render pages: {why}")
    pytest.skip(why)


SHELL = """<!doctype html><html><head><meta charset="utf-8"><title>Loading…</title>
<meta name="description" content="shell">{head}</head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
<script src="/static/app.js"></script></body></html>"""

# Each page of the app: its title, its description, its H1 and its links built by the script;
# one link more after /api/late.json answered and a timer ran (LATE_MS).
APP_JS = """
(function () {
  var path = location.pathname, route = location.hash.slice(1);
  var key = route ? route : path;
  var root = document.getElementById("root");
  document.title = "Page " + key;
  document.querySelector('meta[name="description"]').setAttribute("content", "About " + key);
  var h1 = document.createElement("h1"); h1.textContent = "Heading " + key; root.appendChild(h1);
  var pages = PAGES;
  var i = pages.indexOf(key);
  function link(href, text) {
    var a = document.createElement("a"); a.href = href; a.textContent = text;
    root.appendChild(a);
  }
  for (var k = 1; k <= FANOUT; k++) {
    var next = pages[(i + k) % pages.length];
    link(HASH ? "#" + next : next, "to " + next);
  }
  EXTRA
  fetch("/api/late.json?from=" + encodeURIComponent(key)).then(function (r) { return r.json(); })
    .then(function (d) { setTimeout(function () { link(d.late, "late " + d.late); }, LATE_MS); });
})();
"""


class AppSite(Site):
    """A single-page app of ``n`` pages (/p0 … or #/p0 … with ``hash_routes``) whose every link
    is built by /static/app.js; ``late_ms``: the timer after the fetch that adds each page's last
    link (to /late/<page>: those pages are linked from nowhere else). ``extra_js`` runs on every page; ``head`` is
    put in every shell's head."""

    def __init__(
        self,
        n: int = 6,
        *,
        hash_routes: bool = False,
        late_ms: int = 300,
        fanout: int = 2,
        extra_js: str = "",
        head: str = "",
    ) -> None:
        super().__init__()
        self.pages = [f"/p{i}" for i in range(n)]
        self.hash_routes = hash_routes
        shell = SHELL.format(head=head)
        all_pages = [*self.pages, *(f"/late{p}" for p in self.pages)]
        script = (
            APP_JS.replace("PAGES", json.dumps(self.pages))
            .replace("FANOUT", str(fanout))
            .replace("HASH", "true" if hash_routes else "false")
            .replace("LATE_MS", str(late_ms))
            .replace("EXTRA", extra_js)
        )
        self.html("/", shell)
        if not hash_routes:
            for p in all_pages:
                self.html(p, shell)
        self.html("/static/app.js", script, content_type="application/javascript")

        async def late(request: web.Request) -> web.StreamResponse:
            key = request.query.get("from", "/")
            key = key.removeprefix("/late")
            target = f"/late{key}" if key != "/" else "/late/p0"
            if hash_routes:
                target = "#" + target
            return web.json_response({"late": target})

        self.route("/api/late.json", late)

    def expected(self) -> set[str]:
        """The URLs of every page a crawl from / must find."""
        pages = [*self.pages, *(f"/late{p}" for p in self.pages)]
        if self.hash_routes:
            return {self.u("/"), *(self.u("/#" + p) for p in pages)}
        return {self.u("/"), *(self.u(p) for p in pages)}
