"""A rendered page of a public site never sends the browser's off-site requests to a private
address (the engine's rule for external links: unless the roots are at one), while an off-site
request to a public address is fetched for it.

Real connections to real addresses and a real Chromium, all inside a network namespace this test
makes and removes (tests/netns.py): its only interface is its own loopback, which holds the
"public" and the private addresses, so nothing reaches any network of the machine's. The servers
and the crawl run in a child process started in the namespace (this file, run as a script);
names are resolved by a stub resolver.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from netns import netns_or_skip, run_in_netns, serve_at
from render_sites import chromium  # noqa: F401  (the fixture)

HERE = Path(__file__).resolve()
PORT = 8080
# name: address, inside the namespace only.
HOSTS = {
    "www.example.test": "93.184.215.14",  # the site crawled, at a public address
    "cdn.example.net": "93.184.215.15",  # another site, public: its script may be fetched
    "intranet.test": "10.0.0.1",  # a private address: never asked
}
PAGE = """<!doctype html><html><head><title>as sent</title>
<script src="http://cdn.example.net:8080/lib.js"></script></head><body><script>
  Promise.allSettled([fetch("http://cdn.example.net:8080/api"),
                      fetch("http://intranet.test:8080/secret")])
    .then(function (r) { document.title = r.map(function (x) { return x.status; }).join(" "); });
</script></body></html>"""


@pytest.mark.usefixtures("chromium")
def test_a_rendered_pages_request_to_a_private_address_is_refused() -> None:
    netns_or_skip()
    child = run_in_netns(HERE, addresses=HOSTS.values(), timeout=90)
    assert child.returncode == 0, child.stderr[-3000:]
    out = json.loads(child.stdout.splitlines()[-1])
    assert out["asked"]["intranet.test"] == []
    # Off-site and public: fetched for the browser (the script is a link the crawl checks too).
    assert out["asked"]["cdn.example.net"].count("GET /api") == 1
    assert "GET /lib.js" in out["asked"]["cdn.example.net"]
    root = out["records"][f"http://www.example.test:{PORT}/"]
    assert root["rendered"] and root["title"] == "fulfilled rejected"
    assert root["requests"] == {
        f"http://cdn.example.net:{PORT}": 2,
        f"http://intranet.test:{PORT}": 1,
    }


# ---- the child, inside the namespace ------------------------------------------------------------


def _child() -> None:
    import asyncio

    from aiohttp import web
    from test_private_addresses import StubResolver

    from gui_crawler import engine
    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler
    from gui_crawler.events import FetchRecord
    from gui_crawler.records.rendering import detail

    stub = {host: [address] for host, address in HOSTS.items()}
    engine.TimedResolver = lambda: StubResolver(stub)  # type: ignore[assignment,misc]

    async def main() -> dict[str, Any]:
        asked: dict[str, list[str]] = {host: [] for host in HOSTS}
        runners = []
        for host in HOSTS:

            async def handler(request: web.Request, host: str = host) -> web.StreamResponse:
                asked[host].append(f"{request.method} {request.path}")
                if request.path == "/":
                    return web.Response(text=PAGE, content_type="text/html")
                if request.path == "/lib.js":
                    return web.Response(text="var lib = 1;", content_type="text/javascript")
                return web.Response(text="secret", content_type="text/plain")

            runners.append(await serve_at(HOSTS[host], PORT, handler))
        records: dict[str, dict[str, Any]] = {}

        def sink(event: object) -> None:
            if isinstance(event, FetchRecord):
                records[event.url] = {
                    "rendered": event.rendered,
                    "title": event.title,
                    "requests": detail(event.render).get("requests"),
                }

        config = CrawlConfig(
            roots=(f"http://www.example.test:{PORT}/",), render="all", use_sitemaps=False,
            ignore_robots=True, timeout=5, max_depth=1,
        )  # fmt: skip
        try:
            await asyncio.wait_for(Crawler(config, sink).run(), 60)
        finally:
            for runner in runners:
                await runner.cleanup()
        return {"records": records, "asked": asked}

    print(json.dumps(asyncio.run(main())))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE.parents[1] / "crawl"))
    _child()
