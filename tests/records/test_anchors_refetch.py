"""The anchor-text pass fetches a source page again as the crawl fetched it: no redirect
followed (wherever it points), no body past the limit, the nesting guard before the parse and
the parse off the event loop. 127.0.0.2 stands in for another host's internal service.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from aiohttp import web
from hostsites import HostSite, serve

from gui_crawler.records import anchors
from gui_crawler.records.anchors import anchors_in, look_up

TARGET_PATH = "/gone"


@serve("127.0.0.1", "127.0.0.2")
async def test_anchors_follow_no_redirect(site: HostSite, two: HostSite) -> None:
    """A page that answered 200 during the crawl and now redirects to another host's internal
    service: that service is not requested."""
    site.redirect("/src", two.u("/internal"))
    site.redirect("/moved", "/src-now")
    site.html("/src-now", f'<a href="{TARGET_PATH}">gone</a>')
    two.html("/internal", f'<a href="{site.u(TARGET_PATH)}">secret</a>')
    pairs = [(site.u("/src"), site.u(TARGET_PATH)), (site.u("/moved"), site.u(TARGET_PATH))]
    assert await look_up(pairs) == {}
    assert two.log == [] and site.requests("/src-now") == 0


@serve("127.0.0.1")
async def test_anchors_keep_the_body_limit(site: HostSite) -> None:
    link = f'<a href="{TARGET_PATH}">the words</a>'
    site.html("/small", link)
    site.html("/big", link + " " * 5000)

    async def streamed(request: web.Request) -> web.StreamResponse:  # no Content-Length
        resp = web.StreamResponse(headers={"Content-Type": "text/html"})
        await resp.prepare(request)
        await resp.write(link.encode())
        for _ in range(10):
            await resp.write(b" " * 1000)
        await resp.write_eof()
        return resp

    site.route("/streamed", streamed)
    target = site.u(TARGET_PATH)
    pairs = [(site.u(p), target) for p in ("/small", "/big", "/streamed")]
    found = await look_up(pairs, max_body=2048)
    assert set(found) == {(site.u("/small"), target)}
    assert found[(site.u("/small"), target)][0].text == "the words"


def test_anchors_of_a_nesting_bomb_take_no_time() -> None:
    depth = 40_000
    body = ("<div>" * depth + f'<a href="{TARGET_PATH}">x</a>' + "</div>" * depth).encode()
    t0 = time.perf_counter()
    assert anchors_in(body, "utf-8", "http://127.0.0.1:1/", {"http://127.0.0.1:1/gone"}) == {}
    assert time.perf_counter() - t0 < 0.5  # parsed, it takes lexbor seconds


@serve("127.0.0.1")
async def test_anchors_are_parsed_off_the_event_loop(site: HostSite) -> None:
    threads: list[threading.Thread] = []
    real = anchors.anchors_in

    def spy(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return real(*args)

    anchors.anchors_in = spy  # type: ignore[assignment]
    try:
        site.html("/src", f'<a href="{TARGET_PATH}">words</a>')
        found = await look_up([(site.u("/src"), site.u(TARGET_PATH))])
    finally:
        anchors.anchors_in = real  # type: ignore[assignment]
    assert [a.text for a in found[(site.u("/src"), site.u(TARGET_PATH))]] == ["words"]
    assert threads and threads[0] is not threading.main_thread()
