"""JavaScript rendering with a real Chromium against in-process sites whose links, titles and
robots exist only once their script has run: what the crawl finds, the routes of hash-routed
apps, which pages ``auto`` and ``--render-match`` render, what rendering changed, and the
crawl's scope held for every request the browser would make."""

from __future__ import annotations

import asyncio
import csv
import json
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from render_sites import SHELL, AppSite, chromium  # noqa: F401  (the fixture)
from sites import Sink, Site, ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, FetchRecord, RenderTab
from gui_crawler.records.audit import Audit
from gui_crawler.records.rendering import detail, noindex_after

pytestmark = pytest.mark.usefixtures("chromium")
PLAIN = dict(ignore_robots=True, use_sitemaps=False, check_external=False, retry_backoff=0.01)


async def crawl(
    site: Site, root: str = "/", sink: Sink | None = None, **kw: Any
) -> dict[str, FetchRecord]:
    for name, value in PLAIN.items():
        kw.setdefault(name, value)
    kw.setdefault("render", "all")
    sink = sink if sink is not None else Sink()
    crawler = Crawler(CrawlConfig(roots=(site.u(root),), **kw), sink)
    finished = await asyncio.wait_for(crawler.run(), 60)
    assert finished.reason == "done"
    records = sink.records
    assert set(records) == crawler.seen  # every URL taken in, recorded once
    return records


def test_links_titles_and_late_links_that_only_the_script_makes_are_found() -> None:
    async def main() -> None:
        async with AppSite(4) as site:
            raw = await crawl(site, render="off")
            # As sent, the app is its shell and its script: the failure this feature ends.
            assert set(raw) == {site.url, site.u("/static/app.js")}
            assert raw[site.url].title == "Loading…"
            site.hits.clear()
            sink = Sink()
            got = await crawl(site, sink=sink, max_tasks=4, render_tabs=2)
        pages = {u: r for u, r in got.items() if r.content_type == "text/html"}
        # Every page, the ones only a late fetch()+timer links to among them.
        assert set(pages) == site.expected()
        for url, rec in pages.items():
            assert rec.rendered, (url, rec.note)
            path = url.removeprefix(site.url.rstrip("/"))
            assert rec.title == f"Page {path}"
            assert rec.meta_description == f"About {path}" and rec.h1 == f"Heading {path}"
            assert rec.rendered_links >= 1 and rec.render_ms > 0
            said = detail(rec.render)
            assert said["changed"]["title"] == ["Loading…", f"Page {path}"]
            assert said["requests"] == {site.url.rstrip("/"): 2}  # the script, the late fetch
            # The page's document went to the browser from the answer fetched: one GET each.
            assert site.hits[path] == 1, path
        # The script is fetched by the crawl (it is a link) and once for the browser, which is
        # given it again from then on.
        assert site.hits["/static/app.js"] == 2
        tabs = [e for e in sink.events if isinstance(e, RenderTab)]
        assert {e.tab for e in tabs} == {0, 1}
        assert any(e.url is None for e in tabs) and any(e.url for e in tabs)

    asyncio.run(main())


def test_a_hash_routed_app_gives_a_page_per_route_and_a_plain_fragment_stays_an_anchor() -> None:
    async def main() -> None:
        site = AppSite(3, hash_routes=True, extra_js='link("#section", "an anchor");')
        async with site:
            got = await crawl(site)
        pages = {u for u, r in got.items() if r.content_type == "text/html"}
        assert pages == site.expected()
        assert not any(u.endswith("#section") for u in got)
        assert got[site.u("/#/p1")].title == "Page /p1"
        # Each route's document is the one page the server has: fetched once per route.
        assert site.hits["/"] == len(pages)

    asyncio.run(main())


EARLY_PAGE = """<!doctype html><html><head><title>early</title></head><body>
<a href="/raw">as sent</a><div id="root"></div><script>
  var root = document.getElementById("root");
  root.insertAdjacentHTML("beforeend", "<a href='/next'>next</a> <a href='/gone'>gone</a>");
  fetch("/api/late.json").then(r => r.json()).then(function () {
    setTimeout(function () {
      root.querySelector("a[href='/gone']").remove();
      root.insertAdjacentHTML("beforeend", "<a href='/late'>late</a>");
    }, 600);
  });
</script></body></html>"""


def test_links_a_page_has_once_loaded_are_crawled_while_it_settles() -> None:
    """A site whose pages link on to each other is crawled a page's load apart, not a page's
    settling: the links of the DOM at its load event are taken in at once; the record keeps
    them, one its script removed later too."""

    async def main() -> None:
        site = Site()
        site.html("/", EARLY_PAGE)
        site.route("/api/late.json", lambda r: asyncio.sleep(0, web.json_response({})))
        asked: dict[str, float] = {}
        for path in ("/raw", "/next", "/gone", "/late"):

            async def answer(request: web.Request, path: str = path) -> web.Response:
                asked[path] = asyncio.get_running_loop().time()
                return web.Response(text="<p>x</p>", content_type="text/html")

            site.route(path, answer)
        recorded: dict[str, float] = {}

        class Stamped(Sink):
            def __call__(self, e: Any) -> None:
                if isinstance(e, FetchRecord):
                    recorded[e.url] = asyncio.get_running_loop().time()
                super().__call__(e)

        async with site:
            got = await crawl(site, sink=Stamped(), max_tasks=4, render_tabs=2)
        root = got[site.url]
        # Fetched before the page they are on was done: it settles 600 ms after its load.
        assert asked["/next"] < recorded[site.url] - 0.4 and asked["/raw"] < asked["/next"]
        assert asked["/late"] > asked["/next"] + 0.4
        assert set(root.links) >= {site.u(p) for p in ("/raw", "/next", "/gone", "/late")}
        assert root.rendered_links == 3 and root.num_new_urls == 4
        assert detail(root.render)["only_rendered"] == [
            site.u(p) for p in ("/next", "/late", "/gone")
        ]
        assert set(got) == {site.url, *(site.u(p) for p in ("/raw", "/next", "/gone", "/late"))}

    asyncio.run(main())


# Links a page makes in its frames: in the second animation frame, and once an element is seen
# (an IntersectionObserver: lazy lists), each after its load event.
FRAMES_PAGE = """<!doctype html><html><body><div id="seen">list</div><script>
  const link = (href) => {
    const a = document.createElement("a"); a.href = href; a.textContent = href;
    document.body.appendChild(a);
  };
  addEventListener("load", () => {
    requestAnimationFrame(() => requestAnimationFrame(() => link("/by-frame")));
    new IntersectionObserver((seen, watch) => {
      if (seen.some((e) => e.isIntersecting)) { watch.disconnect(); link("/by-view"); }
    }).observe(document.getElementById("seen"));
  });
</script></body></html>"""


def test_links_made_in_animation_frames_and_once_seen_are_found() -> None:
    """A page's frames come while it renders. Chromium's --disable-threaded-compositing cut a
    fifth of the CPU a page of bench/render.py's app, and this page's callbacks never ran."""

    async def main() -> dict[str, FetchRecord]:
        site = Site()
        site.html("/", FRAMES_PAGE)
        for path in ("/by-frame", "/by-view"):
            site.html(path, "<p>x</p>")
        async with site:
            got = await crawl(site, max_tasks=2, render_tabs=1)
            return {u.removeprefix(site.url.rstrip("/")): r for u, r in got.items()}

    got = asyncio.run(main())
    assert set(got) == {"/", "/by-frame", "/by-view"}
    assert got["/"].rendered_links == 2


STATIC = (
    "<!doctype html><html><head><title>Static</title></head><body><h1>About us</h1>"
    + "<p>"
    + "words " * 300
    + "</p><a href='/shell'>the app</a><script>var x = 1;</script></body></html>"
)


def test_auto_renders_the_pages_that_look_like_an_application_shell() -> None:
    async def main() -> None:
        site = AppSite(2)
        site.html("/static", STATIC)
        site.html("/shell", SHELL.format(head=""))
        async with site:
            got = await crawl(site, "/static", render="auto")
            matched = await crawl(site, "/static", render="all", render_match=r"/shell$")
        assert not got[site.u("/static")].rendered and got[site.u("/static")].render == ""
        assert got[site.u("/shell")].rendered
        assert site.u("/late/p0") in got  # the shell's app, rendered page after page
        assert not matched[site.u("/static")].rendered
        assert matched[site.u("/shell")].rendered
        assert not matched[site.u("/p0")].rendered and site.u("/late/p0") not in matched

    asyncio.run(main())


def hostile_requests(offsite: str) -> str:
    """A page that tries every way a page reaches elsewhere (``offsite``: another origin)."""
    return f"""<!doctype html><html><head><title>reach</title>
<link rel="stylesheet" href="{offsite}/style.css"><link rel="prefetch" href="{offsite}/pre">
<link rel="dns-prefetch" href="//elsewhere.test"><link rel="preconnect" href="{offsite}">
<style>@font-face {{ font-family: f; src: url(/font.woff2); }} body {{ font-family: f; }}</style>
</head><body><img src="/pic.png"><img src="{offsite}/pic.png"><video src="/clip.mp4"></video>
<iframe src="{offsite}/frame"></iframe><p>text</p>
<script src="{offsite}/lib.js"></script>
<script>
  fetch("{offsite}/api").catch(() => {{}});
  fetch("http://elsewhere.test/api").catch(() => {{}});
  navigator.sendBeacon("{offsite}/beacon", "x");
  try {{ new WebSocket("{offsite.replace("http", "ws")}/ws"); }} catch (e) {{}}
  try {{ new EventSource("{offsite}/events"); }} catch (e) {{}}
  var x = new XMLHttpRequest(); x.open("GET", "/api/ok"); x.send();
  document.body.insertAdjacentHTML("beforeend", "<a href='/found'>found</a>");
</script></body></html>"""


def test_no_request_of_a_rendered_page_leaves_the_crawls_scope() -> None:
    async def main() -> None:
        offsite = Site()
        offsite.route("/{tail:.*}", lambda r: web.Response(text="x"))  # never used: counted
        async with offsite:
            site = Site()
            site.html("/", hostile_requests(offsite.url.rstrip("/")))
            site.route("/api/ok", lambda r: asyncio.sleep(0, web.json_response({})))
            site.page("/found")
            async with site:
                got = await crawl(site)
        assert offsite.hits == {}, offsite.hits
        # Images, fonts and media are not loaded: the image once, checked as a link by the crawl.
        assert site.hits["/pic.png"] == 1
        assert "/font.woff2" not in site.hits and "/clip.mp4" not in site.hits
        rec = got[site.url]
        assert rec.rendered and site.u("/found") in got
        said = detail(rec.render)
        assert said["refused_count"] >= 5 and said["not_loaded"] >= 2
        assert said["requests"] == {site.url.rstrip("/"): 1}  # /api/ok

    asyncio.run(main())


FINDINGS_PAGE = """<!doctype html><html><head><title>As sent</title></head><body>
<p>hello</p><a href="/sent">as sent</a><script>
  document.body.insertAdjacentHTML("beforeend", "<a href='/made'>made by script</a>");
  console.error("a console error");
  fetch("/api/missing.json").then(r => r.status);
  var m = document.createElement("meta"); m.name = "robots"; m.content = "noindex";
  document.head.appendChild(m);
  setTimeout(function () { throw new Error("boom"); }, 10);
</script></body></html>"""


def test_what_rendering_changed_is_a_finding_in_the_records_the_csv_and_the_report(
    tmp_path: Path,
) -> None:
    site = Site()
    site.html("/", FINDINGS_PAGE)
    out, report = tmp_path / "pages.csv", tmp_path / "report.html"
    links = tmp_path / "links.csv"
    with ThreadedSite(site):
        code = cli.main(
            [site.url, "--render", "all", "--no-external", "--ignore-robots", "--no-sitemaps",
             "--db", str(tmp_path / "c.sqlite3"), "--csv", str(out), "--report", str(report),
             "--links-csv", str(links), "-q"]
        )  # fmt: skip
    assert code == cli.EXIT_BROKEN  # /api/missing.json: a broken link of the page
    rows = {r["url"]: r for r in csv.DictReader(out.read_text(encoding="utf-8-sig").splitlines())}
    page = rows[site.url]
    assert page["rendered"] == "1" and int(page["js_errors"]) >= 2
    assert page["robots"] == "noindex" and float(page["render_ms"]) > 0
    missing = rows[site.u("/api/missing.json")]
    assert missing["status"] == "404" and missing["referrer"] == site.url
    link_rows = list(csv.DictReader(links.read_text(encoding="utf-8-sig").splitlines()))
    assert any(
        r["target"] == site.u("/api/missing.json") and r["element"] == "request" for r in link_rows
    )
    # Each link only the rendered DOM has is marked so; one the HTML as sent has is not.
    marked = {r["target"]: r["rendered"] for r in link_rows if r["source"] == site.url}
    assert marked[site.u("/made")] == "yes" and marked[site.u("/sent")] == ""
    html = report.read_text(encoding="utf-8")
    assert "Noindex only after JavaScript" in html and "JavaScript errors" in html

    from gui_crawler.storage.fileformat import iter_records

    (rec,) = [r for r in iter_records(tmp_path / "c.sqlite3") if r.url == site.url]
    said = detail(rec.render)
    assert noindex_after(rec.render)
    assert any("boom" in e for e in said["errors"]) and any("console" in e for e in said["errors"])
    assert said["failed"] == [[site.u("/api/missing.json"), "404", "fetch"]]
    audit = Audit()
    audit.add([rec])
    found = {f.key for f in audit.findings() if f.count}
    assert {"js_noindex", "js_errors", "js_failed", "js_changed"} <= found


def test_a_rendered_crawl_resumes(tmp_path: Path) -> None:
    """Cancelled while pages render, continued from its crawl file: every page in the end,
    rendered, each recorded once."""
    site = AppSite(5, late_ms=50)
    db = tmp_path / "c.sqlite3"

    async def first() -> None:
        from gui_crawler.session import CrawlSession

        session = CrawlSession.new(
            CrawlConfig(roots=(site.url,), render="all", render_tabs=1, max_tasks=1, **PLAIN),
            db,
        )
        sink = Sink()
        crawler = session.start(sink)
        task = asyncio.create_task(crawler.run())
        while sum(isinstance(e, FetchRecord) and e.rendered for e in sink.events) < 2:
            await asyncio.sleep(0.02)
        crawler.cancel()
        finished = await asyncio.wait_for(task, 10)
        session.close(finished)
        assert isinstance(finished, CrawlFinished) and finished.reason == "cancelled"

    with ThreadedSite(site):
        asyncio.run(first())
        assert cli.main(["--resume", str(db), "-q"]) == cli.EXIT_OK
    from gui_crawler.storage.fileformat import iter_records

    recs = {r.url: r for r in iter_records(db)}
    pages = {u for u, r in recs.items() if r.content_type == "text/html"}
    assert pages == site.expected()
    assert all(recs[u].rendered for u in pages)


def test_the_crawl_file_keeps_what_rendering_found(tmp_path: Path) -> None:
    async def main() -> None:
        from gui_crawler.session import CrawlSession
        from gui_crawler.storage import load

        async with AppSite(2) as site:
            session = CrawlSession.new(
                CrawlConfig(roots=(site.url,), render="all", **PLAIN), tmp_path / "c.sqlite3"
            )
            sink = Sink()
            finished = await session.start(sink).run()
            session.close(finished)
        saved = load(tmp_path / "c.sqlite3")
        back = {r.url: r for r in saved.records}
        for url, rec in sink.records.items():
            kept = back[url]
            assert (kept.rendered, kept.rendered_links, kept.js_errors) == (
                rec.rendered,
                rec.rendered_links,
                rec.js_errors,
            )
            assert json.loads(kept.render or "{}") == json.loads(rec.render or "{}")
            assert kept.render_ms == rec.render_ms

    asyncio.run(main())


def test_a_fragment_is_checked_against_the_rendered_dom_where_the_page_was_rendered() -> None:
    """An id a script makes exists for the reader: a link to it is no missing fragment once the
    page is rendered, while one to an id nobody makes still is; as sent, both are missing."""
    made = """<!doctype html><html><head><title>T</title></head><body><p>x</p><script>
      var s = document.createElement("h2"); s.id = "made"; s.textContent = "Made";
      document.body.appendChild(s);
    </script></body></html>"""

    async def main() -> None:
        site = Site()
        site.html("/", '<a href="/t#made">made</a><a href="/t#never">never</a><p id=x>x</p>')
        site.html("/t", made)
        async with site:
            found: dict[str, set[tuple[str, str]]] = {}
            for mode in ("off", "all"):
                audit = Audit()
                audit.add((await crawl(site, render=mode)).values())
                f = audit.finding("fragment_missing")
                found[mode] = {(i.url.removeprefix(site.u("")), i.source) for i in f.items}
        assert found["off"] == {("/", site.u("/t#made")), ("/", site.u("/t#never"))}
        assert found["all"] == {("/", site.u("/t#never"))}

    asyncio.run(main())
