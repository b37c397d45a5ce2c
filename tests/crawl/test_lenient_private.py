"""``--lenient`` crawls every host of a root's domain, and a public root's domain may name hosts
at private addresses (internal.example.test at 10.0.0.1): those are not contacted, robots.txt
included, unless the roots themselves are at private addresses.

Real connections to real addresses, all inside a network namespace this test makes and removes
(tests/netns.py): its only interface is its own loopback, which holds the "public" and the
private addresses, so nothing reaches any network of the machine's. The servers and the crawl
run in a child process started in the namespace (this file, run as a script); names are
resolved by a stub resolver.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from netns import netns_or_skip, run_in_netns, serve_at

HERE = Path(__file__).resolve()
PORT = 8080
# name: address, inside the namespace only. The public site is at a public address (which, in
# the namespace, is on its loopback); its sibling at a private one; the intranet's both private.
HOSTS = {
    "www.example.test": "93.184.215.14",
    "internal.example.test": "10.0.0.1",
    "www.corp.test": "10.0.0.2",
    "wiki.corp.test": "10.0.0.3",
}


def test_a_lenient_crawl_never_reaches_a_private_sibling_of_a_public_site() -> None:
    netns_or_skip()
    child = run_in_netns(HERE, addresses=HOSTS.values())
    assert child.returncode == 0, child.stderr[-3000:]
    out = json.loads(child.stdout.splitlines()[-1])

    public = out["public"]
    assert public["asked"]["internal.example.test"] == []  # neither a page nor robots.txt
    assert "/robots.txt" in public["asked"]["www.example.test"]
    secret = public["records"][f"http://internal.example.test:{PORT}/secret"]
    assert secret["error_kind"] == "PrivateAddress" and secret["verdict"] == "blocked"
    assert secret["tries"] == 1 and "10.0.0.1" in secret["exception"]
    assert public["records"][f"http://www.example.test:{PORT}/"]["verdict"] == "ok"
    # A crawl whose roots are on the intranet may crawl the intranet's other hosts.
    intranet = out["intranet"]
    assert intranet["records"][f"http://wiki.corp.test:{PORT}/secret"]["verdict"] == "ok"
    assert "/secret" in intranet["asked"]["wiki.corp.test"]


# ---- the child, inside the namespace ------------------------------------------------------------


def _child() -> None:
    import asyncio

    from aiohttp import web
    from test_private_addresses import StubResolver

    from gui_crawler import engine
    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler
    from gui_crawler.events import FetchRecord
    from gui_crawler.records.verdicts import verdict

    stub = {host: [address] for host, address in HOSTS.items()}
    engine.TimedResolver = lambda: StubResolver(stub)  # type: ignore[assignment,misc]

    async def crawl(root_host: str, sibling: str) -> dict[str, Any]:
        asked: dict[str, list[str]] = {root_host: [], sibling: []}
        runners = []
        for host in (root_host, sibling):

            async def handler(request: web.Request, host: str = host) -> web.StreamResponse:
                asked[host].append(request.path)
                if request.path == "/":
                    link = f"http://{sibling}:{PORT}/secret"
                    return web.Response(text=f'<a href="{link}">x</a>', content_type="text/html")
                if request.path == "/robots.txt":
                    return web.Response(text="User-agent: *\nAllow: /\n")
                return web.Response(text="<p>secret</p>", content_type="text/html")

            runners.append(await serve_at(HOSTS[host], PORT, handler))
        records: dict[str, dict[str, Any]] = {}

        def sink(event: object) -> None:
            if isinstance(event, FetchRecord):
                records[event.url] = {
                    "verdict": verdict(event).value,
                    "error_kind": event.error_kind,
                    "exception": event.exception,
                    "tries": event.tries,
                }

        config = CrawlConfig(
            roots=(f"http://{root_host}:{PORT}/",), strict=False, use_sitemaps=False, timeout=5
        )
        try:
            await asyncio.wait_for(Crawler(config, sink).run(), 30)
        finally:
            for runner in runners:
                await runner.cleanup()
        return {"records": records, "asked": asked}

    async def main() -> dict[str, Any]:
        return {
            "public": await crawl("www.example.test", "internal.example.test"),
            "intranet": await crawl("www.corp.test", "wiki.corp.test"),
        }

    print(json.dumps(asyncio.run(main())))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    _child()
