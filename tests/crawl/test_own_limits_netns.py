"""Many workers and few local ports: the crawl lowers how many fetch at once instead of failing
its own tries (crawl/concurrency.py), says so, and finds every page.

The shortage is made cheap: a network namespace (tests/netns.py) whose ephemeral port range is
60 ports, 400 workers against a site on its loopback whose 600 pages each take 0.3 s. Without
the adaptive count, most workers' connects failed with EADDRNOTAVAIL try after try and hundreds
of pages ended as the crawler's own failures. (docs/performance-history.md: 20,000 workers, all ports.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from netns import netns_or_skip, run_in_netns

HERE = Path(__file__).resolve()
PAGES, WORKERS, PORTS = 600, 400, 60


def test_few_local_ports_lower_the_workers_and_every_page_is_found() -> None:
    netns_or_skip()
    child = run_in_netns(HERE, sysctls=[f"net.ipv4.ip_local_port_range=40000 {40000 + PORTS - 1}"])
    assert child.returncode == 0, child.stderr[-3000:]
    out = json.loads(child.stdout.splitlines()[-1])
    assert out["reason"] == "done" and out["records"] == PAGES
    assert out["kinds"].get("OwnLimit", 0) <= PAGES // 100, out  # at most 1%
    assert out["verdicts"] == {"ok": PAGES}, out
    lowered = [n for n in out["notices"] if n.startswith("Fetching with ")]
    assert lowered and f"of {WORKERS} workers: the crawler ran out of local ports" in lowered[0]
    assert out["fewest_workers"] < WORKERS  # the window's Progress shows the count running


def _child() -> None:
    import asyncio
    import collections

    from aiohttp import web

    from gui_crawler.config import CrawlConfig
    from gui_crawler.crawl import concurrency
    from gui_crawler.engine import Crawler
    from gui_crawler.events import FetchRecord, Notice, Progress
    from gui_crawler.records.verdicts import verdict

    concurrency.OWN_WAIT, concurrency.OWN_WAIT_MAX = (
        0.1,
        0.4,
    )  # tried again soon: fails fast without it

    async def page(request: web.Request) -> web.Response:
        n = int(request.match_info["n"])
        await asyncio.sleep(0.3)
        kids = "".join(
            f'<a href="/{k}">{k}</a>' for k in range(n * 10 + 1, n * 10 + 11) if k < PAGES
        )
        return web.Response(text=kids, content_type="text/html")

    async def main() -> dict[str, Any]:
        app = web.Application()
        app.router.add_get(r"/{n:\d+}", page)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 8080, backlog=1024)
        await site.start()
        verdicts: collections.Counter[str] = collections.Counter()
        kinds: collections.Counter[str] = collections.Counter()
        notices: list[str] = []
        fewest = [WORKERS]

        def sink(event: object) -> None:
            if isinstance(event, FetchRecord):
                verdicts[verdict(event).value] += 1
                if event.error_kind:
                    kinds[event.error_kind] += 1
            elif isinstance(event, Notice):
                notices.append(event.text)
            elif isinstance(event, Progress) and event.workers:
                fewest[0] = min(fewest[0], event.workers)

        config = CrawlConfig(
            roots=("http://127.0.0.1:8080/0",), max_tasks=WORKERS, per_host=WORKERS,
            ignore_robots=True, use_sitemaps=False, check_external=False, timeout=10,
        )  # fmt: skip
        try:
            finished = await asyncio.wait_for(Crawler(config, sink).run(), 45)
        finally:
            await runner.cleanup()
        return {
            "reason": finished.reason, "records": finished.done, "verdicts": dict(verdicts),
            "kinds": dict(kinds), "notices": notices, "fewest_workers": fewest[0],
        }  # fmt: skip

    print(json.dumps(asyncio.run(main())))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    _child()
