"""A URL's one FetchRecord is made in one place (recording.fetch_record) from its Outcome: every field of
the record comes from the outcome or from the crawl, none is left to its default by mistake."""

from __future__ import annotations

import asyncio

import pytest

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.outcome import Outcome
from gui_crawler.crawl.phases import FIELDS, Timing
from gui_crawler.crawl.recording import fetch_record
from gui_crawler.engine import Crawler
from gui_crawler.events import RECORD_FIELDS, ErrorKind, Event, FetchRecord, Queued
from gui_crawler.parsing.pagefacts import PageFacts


def test_every_field_of_the_record_comes_from_its_own_source() -> None:
    # The record is made by position (recording.fetch_record): each field given a value of its
    # own here, so that two fields swapped, or one left to its default, show.
    facts = PageFacts(
        title="title",
        meta_description="meta_description",
        h1="h1",
        h1_count=11,
        canonical="canonical",
        robots="the facts' robots: the outcome's wins",
        word_count=12,
        content_hash="content_hash",
        lang="lang",
        checks=b"checks",
        ids=b"ids",
        minhash=b"minhash",
        structured_data="structured_data",
    )
    o = Outcome(
        status=201,
        content_type="content_type",
        size=13,
        encoding="encoding",
        next_url="next_url",
        note="note",
        num_urls=14,
        num_new_urls=15,
        links=("links",),
        words=b"words",
        facts=facts,
        robots="robots",
        external=True,
        error_kind="error_kind",
        message="message",
        headers="headers",
        extracted="extracted",
        rendered=True,
        rendered_links=16,
        js_errors=17,
        render="render",
    )
    timing = Timing(18)
    timing.taken, timing.request, timing.dns, timing.connect = 100.0, 100.019, 0.02, 0.041
    timing.sent, timing.headers, timing.body = 100.1, 100.122, 100.145
    timing.dispatch, timing.parse0, timing.parse1 = 100.2, 100.224, 100.249
    timing.render0, timing.render1 = 100.3, 100.326
    item = Queued("url", 0, 19, "referrer")
    rec = fetch_record(item, o, 20, 21.0, 22.0, timing, True)
    phases = {"worker": 18, "wait_ms": 19.0, "dns_ms": 20.0, "connect_ms": 21.0}
    phases |= {"ttfb_ms": 22.0, "download_ms": 23.0, "parse_wait_ms": 24.0, "parse_ms": 25.0}
    phases |= {"render_ms": 26.0}
    assert dict(zip(("worker", *FIELDS), timing.values(), strict=True)) == pytest.approx(phases)
    theirs = {"depth": 19, "tries": 20, "elapsed": 21.0, "finished_at": 22.0, "in_sitemap": True}
    for name in RECORD_FIELDS:
        if name in phases:
            assert getattr(rec, name) == pytest.approx(phases[name]), name
        elif name in theirs:
            assert getattr(rec, name) == theirs[name], name
        elif name == "exception":
            assert rec.exception == "error_kind: message"
        elif name in Outcome.__slots__:
            assert getattr(rec, name) == getattr(o, name), name
        else:
            assert getattr(rec, name) in (name, name.encode(), 11, 12, (name,)), name
    assert rec.url == "url" and rec.referrer == "referrer"
    untimed = fetch_record(item, Outcome(), 0, 0.0, 0.0, None, False)
    assert untimed.worker == -1
    assert [getattr(untimed, name) for name in FIELDS] == [0.0] * len(FIELDS)


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
