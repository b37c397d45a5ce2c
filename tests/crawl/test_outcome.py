"""A URL's one FetchRecord is made in one place (Crawler._record) from its Outcome: every field of
the record comes from the outcome or from the crawl, none is left to its default by mistake."""

from __future__ import annotations

import ast
import asyncio
import inspect
import textwrap

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.outcome import Outcome
from gui_crawler.engine import Crawler
from gui_crawler.events import RECORD_FIELDS, ErrorKind, Event, FetchRecord, Queued
from gui_crawler.parsing.pagefacts import PageFacts


def test_the_record_is_built_with_every_field_named() -> None:
    tree = ast.parse(textwrap.dedent(inspect.getsource(Crawler._record)))
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "FetchRecord"
    ]
    assert len(calls) == 1
    assert not calls[0].args
    assert [k.arg for k in calls[0].keywords] == list(RECORD_FIELDS)  # no **splat either


def test_a_record_carries_its_outcome_and_the_crawls_facts() -> None:
    facts = PageFacts(
        title="T",
        meta_description="D",
        h1="H",
        h1_count=2,
        canonical="http://127.0.0.1:1/c",
        robots="ignored: the outcome's robots wins",
        word_count=7,
        content_hash="ab",
        lang="en",
    )
    o = Outcome(
        status=200,
        content_type="text/html",
        size=123,
        encoding="utf-8",
        next_url="http://127.0.0.1:1/n",
        note="a note",
        num_urls=3,
        num_new_urls=1,
        links=("http://127.0.0.1:1/l",),
        facts=facts,
        robots="noindex",
        external=True,
        error_kind=ErrorKind.TIMEOUT,
        message="took too long",
    )
    got: list[Event] = []

    async def main() -> None:
        crawler = Crawler(CrawlConfig(roots=("http://127.0.0.1:1/",)), got.append)
        crawler.in_sitemap.add("http://127.0.0.1:1/p")
        now = asyncio.get_running_loop().time()
        crawler._t0 = now - 5
        item = Queued("http://127.0.0.1:1/p", 10, 2, "http://127.0.0.1:1/")
        crawler._record(item, now - 1, 3, o)
        assert crawler.done == 1

    asyncio.run(main())
    (rec,) = got
    assert isinstance(rec, FetchRecord)
    assert (rec.url, rec.depth, rec.referrer, rec.tries) == (
        "http://127.0.0.1:1/p",
        2,
        "http://127.0.0.1:1/",
        3,
    )
    assert 1 <= rec.elapsed < 2 and 5 <= rec.finished_at < 6 and rec.in_sitemap
    for name in ("status", "content_type", "size", "encoding", "next_url", "note", "num_urls"):
        assert getattr(rec, name) == getattr(o, name), name
    assert (rec.num_new_urls, rec.links, rec.robots, rec.external) == (
        1,
        ("http://127.0.0.1:1/l",),
        "noindex",
        True,
    )
    assert rec.error_kind == ErrorKind.TIMEOUT
    assert rec.exception == f"{ErrorKind.TIMEOUT}: took too long"
    for name in ("title", "meta_description", "h1", "h1_count", "canonical", "word_count"):
        assert getattr(rec, name) == getattr(facts, name), name
    assert (rec.content_hash, rec.lang) == ("ab", "en")
    assert rec.worker == -1 and rec.wait_ms == 0.0  # never timed: no worker, no phases


def test_a_success_has_no_error() -> None:
    got: list[Event] = []

    async def main() -> None:
        crawler = Crawler(CrawlConfig(roots=("http://127.0.0.1:1/",)), got.append)
        item = Queued("http://127.0.0.1:1/", 10, 0, None)
        crawler._record(item, asyncio.get_running_loop().time(), 1, Outcome(status=200))

    asyncio.run(main())
    (rec,) = got
    assert isinstance(rec, FetchRecord)
    assert rec.status == 200 and rec.error_kind is None and rec.exception is None
