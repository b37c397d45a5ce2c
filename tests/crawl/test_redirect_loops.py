"""A redirect loop, or a chain longer than ``max_redirect``, is broken at every URL in it — not only
at the hop that found it out — so the pages linking to its first URL link to a broken URL."""

from __future__ import annotations

import asyncio
from typing import Any

from sites import Sink, Site

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import CrawlFinished, ErrorKind
from gui_crawler.records.verdicts import Tally, Verdict, verdict


def start(site: Site, **kw: Any) -> tuple[Crawler, Sink, asyncio.Task[CrawlFinished]]:
    config = CrawlConfig(
        roots=(site.u("/"),), ignore_robots=True, use_sitemaps=False, per_host=10, **kw
    )
    sink = Sink()
    crawler = Crawler(config, sink)
    return crawler, sink, asyncio.create_task(crawler.run())


def _loops(site: Site) -> None:
    site.page("/", ["/a", "/self", "/x", "/chain0", "/ok0", "/entry"])
    site.redirect("/a", "/b", 302)
    site.redirect("/b", "/a", 302)
    site.redirect("/self", "/self", 301)
    site.redirect("/x", "/y", 301)  # three round, entered at /x
    site.redirect("/y", "/z", 301)
    site.redirect("/z", "/x", 301)
    for i in range(5):
        site.redirect(f"/chain{i}", f"/chain{i + 1}", 301)
    site.page("/chain5", [])
    site.redirect("/ok0", "/ok1", 301)  # an ordinary chain stays redirects
    site.redirect("/ok1", "/ok2", 301)
    site.page("/ok2", [])
    # A redirect to a URL some page links to is no loop, however the fetches interleave.
    site.redirect("/entry", "/ok1", 302)


def test_every_url_of_a_loop_or_an_overlong_chain_is_broken() -> None:
    async def main() -> None:
        async with Site() as site:
            _loops(site)
            crawler, sink, task = start(site, max_redirect=3)
            assert (await asyncio.wait_for(task, 20)).reason == "done"
        records = sink.records
        assert set(records) == crawler.seen  # every URL taken in ends as one record
        kinds = {u.removeprefix(site.u("")): r.error_kind for u, r in records.items()}
        for path in ("/a", "/b", "/self", "/x", "/y", "/z"):
            assert kinds[path] == ErrorKind.REDIRECT_LOOP, path
            assert verdict(records[site.u(path)]) is Verdict.BROKEN
        # The message names the loop as a reader would go round it.
        b = records[site.u("/b")]
        assert b.exception == f"RedirectLoop: {site.u('/a')} → {site.u('/b')} → {site.u('/a')}"
        assert records[site.u("/a")].exception == b.exception
        assert records[site.u("/self")].exception == (
            f"RedirectLoop: {site.u('/self')} → {site.u('/self')}"
        )
        # /chain0 → 1 → 2 → 3 uses the three hops allowed; none of them reaches a page.
        for i in range(4):
            assert kinds[f"/chain{i}"] == ErrorKind.TOO_MANY_REDIRECTS, i
        assert site.hits["/chain4"] == 0
        for path in ("/ok0", "/ok1", "/entry"):
            assert kinds[path] is None and verdict(records[site.u(path)]) is Verdict.REDIRECT
        assert Tally(records.values()).fails

    asyncio.run(main())


def test_a_cancelled_crawl_still_records_the_redirects_it_was_following() -> None:
    async def main() -> None:
        async with Site() as site:
            site.page("/", ["/r"])
            site.redirect("/r", "/slow", 302)
            site.page("/slow", [], delay=1)  # cancelled before it answers
            crawler, sink, task = start(site)
            while site.hits["/slow"] == 0:
                await asyncio.sleep(0.01)
            crawler.cancel()
            finished = await asyncio.wait_for(task, 10)
        records = sink.records
        assert finished.reason == "cancelled"
        assert set(records) == crawler.seen
        assert verdict(records[site.u("/r")]) is Verdict.REDIRECT
        assert verdict(records[site.u("/slow")]) is Verdict.CANCELLED
        assert finished.done == len(records)

    asyncio.run(main())
