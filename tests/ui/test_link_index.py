"""The link index: inlinks by target, against a plain Python index."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from gui_crawler.events import FetchRecord
from gui_crawler.ui.link_models import LinkIndex


def reference(records: list[FetchRecord]) -> dict[str, list[str]]:
    """Every target's sources in record order, redirects counting as links."""
    out: dict[str, list[str]] = {}
    for rec in records:
        targets = rec.links or ((rec.next_url,) if rec.next_url else ())
        for target in targets:
            out.setdefault(target, []).append(rec.url)
    return out


def site(seed: int = 3, pages: int = 300) -> list[FetchRecord]:
    """Pages linking to random others (some to many; the last 20 to none), one in 17 a
    redirect."""
    rng = random.Random(seed)
    urls = [f"http://h.test/{i}" for i in range(pages)]
    linked = urls[:-20]
    records = []
    for i, url in enumerate(urls):
        if i % 17 == 0:
            records.append(FetchRecord(url, status=301, next_url=rng.choice(linked)))
        else:
            links = tuple(dict.fromkeys(rng.choice(linked) for _ in range(rng.randint(0, 40))))
            records.append(FetchRecord(url, status=200, links=links))
    return records


def fed(records: list[FetchRecord]) -> LinkIndex:
    index = LinkIndex()
    for start in range(0, len(records), 37):  # in batches, as the window feeds it
        index.add(records[start : start + 37])
    return index


@pytest.mark.parametrize(
    ("small", "cap", "narrow"),
    [
        (32, 1000, 1 << 24),  # as shipped: every source kept, in bytes then arrays
        (2, 5, 1 << 24),  # bytes, then an array, then full: counted
        (32, 3, 1 << 24),  # full while still in bytes
        (0, 1000, 1 << 24),  # an array from the second source
        (4, 8, 120),  # numbers widened to 4 bytes in the middle of the crawl
    ],
)
def test_inlinks_match_a_plain_python_index(
    small: int, cap: int, narrow: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LinkIndex, "SMALL", small)
    monkeypatch.setattr(LinkIndex, "MAX_SOURCES", cap)
    monkeypatch.setattr(LinkIndex, "NARROW", narrow)
    records = site()
    index = fed(records)
    want = reference(records)
    assert sorted(index.targets()) == sorted(want)
    for target, sources in want.items():
        assert index.sources(target) == sources[:cap], target
        assert index.count(target) == len(sources) and index.linked(target)
        assert index.complete(target) is (len(sources) <= cap)
    never = [r.url for r in records if r.url not in want]
    assert never and not any(index.linked(u) or index.sources(u) or index.count(u) for u in never)


def test_watched_targets_report_their_new_inlinks() -> None:
    index = LinkIndex()
    gained = index.add(
        [FetchRecord("http://h.test/", links=("http://h.test/gone", "http://h.test/ok"))],
        watched={"http://h.test/gone": 0},
    )
    assert gained == {"http://h.test/gone"}


def fresh(text: str) -> str:
    """An equal string that is another object (as each record's strings are)."""
    return "".join([text[:1], text[1:]])


def test_one_string_per_url_whichever_comes_first() -> None:
    """The index keeps the first string it meets of a URL, as a target's key and as the
    source it lists: a page recorded after pages link to it, or before any does (a root)."""
    root, a, b = "http://h.test/", "http://h.test/a", "http://h.test/b"
    a_linked = fresh(a)
    root_recorded = fresh(root)
    index = LinkIndex()
    index.add([FetchRecord(root_recorded, status=200, links=(a_linked,))])
    assert not index.linked(root) and index.sources(root) == [] and index.count(root) == 0
    index.add([FetchRecord(fresh(a), status=200, links=(fresh(b), fresh(root)))])
    index.add([FetchRecord(fresh(b), status=301, next_url=fresh(root))])
    assert index.sources(b)[0] is a_linked  # a's record brought its own string: not kept
    assert index.sources(a)[0] is root_recorded
    (key,) = (u for u in index.targets() if u == root)
    assert key is root_recorded  # the links to the root brought strings of their own
    assert index.sources(root) == [a, b] and index.count(root) == 2 and index.linked(root)
    assert sorted(index._urls) == [root, a, b]  # what memory holds: one string a URL


def test_single_sources_and_redirects() -> None:
    index = LinkIndex()
    gone = "http://h.test/gone"
    gained = index.add(
        [
            FetchRecord("http://h.test/", status=200, links=("http://h.test/a",)),
            FetchRecord("http://h.test/old", status=308, next_url="http://h.test/new"),
        ],
        watched={gone: 0},
    )
    assert gained == {"http://h.test/new"}  # a redirect's target always: its chain changed
    assert index.sources("http://h.test/a") == ["http://h.test/"]
    assert index.sources("http://h.test/new") == ["http://h.test/old"]
    assert index.count("http://h.test/new") == 1 and index.complete("http://h.test/new")
    assert index.all_sources("http://h.test/a") == ["http://h.test/"]
    gained = index.add(
        [FetchRecord("http://h.test/a", status=200, links=(gone, "http://h.test/new"))],
        watched={gone: 0},
    )
    assert gained == {gone} and index.sources(gone) == ["http://h.test/a"]
    assert index.sources("http://h.test/new") == ["http://h.test/old", "http://h.test/a"]


def test_clear_forgets_every_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LinkIndex, "MAX_SOURCES", 4)
    monkeypatch.setattr(LinkIndex, "NARROW", 100)
    records = site(seed=5)
    index = fed(records)
    index.clear()
    assert list(index.targets()) == [] and not index.records
    assert index._urls == []  # numbered from 0 again: the numbers' URLs are what memory holds
    assert all(
        index.sources(r.url) == [] and index.count(r.url) == 0 and index.complete(r.url)
        for r in records
    )
    again = site(seed=6)[:50]
    index.add(again)
    want = reference(again)
    assert sorted(index.targets()) == sorted(want)
    for target, sources in want.items():
        assert index.sources(target) == sources[:4] and index.count(target) == len(sources)


def test_with_a_crawl_file_only_the_tables_rows_stay_in_memory(tmp_path: Path) -> None:
    """Attached to the crawl file, the index keeps the records the redirects and broken-links
    tables show (and the latest few) and reads every other back from the file."""
    from gui_crawler.config import CrawlConfig
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader

    path = tmp_path / "c.sqlite3"
    config = CrawlConfig(roots=("http://h.test/",)).validated()
    store = CrawlStore.create(path, config)
    records = [
        FetchRecord(
            "http://h.test/",
            status=200,
            links=("http://h.test/a", "http://h.test/old", "http://h.test/x"),
        ),
        FetchRecord("http://h.test/a", status=200, links=("http://h.test/",)),
        FetchRecord("http://h.test/old", status=301, next_url="http://h.test/a"),
        FetchRecord("http://h.test/x", status=404),
        *(FetchRecord(f"http://h.test/p{i}", status=200) for i in range(5)),
    ]
    for rec in records:
        store.sink(rec)
    store.close("finished")
    index = LinkIndex()
    index.records.RECENT = 2
    index.records.attach(RecordReader(path))
    try:
        index.add(records)
        kept = {**index.records._kept, **index.records._recent}
        assert set(kept) == {
            "http://h.test/old",
            "http://h.test/x",
            "http://h.test/p3",
            "http://h.test/p4",
        }
        # Every record is still there, read back from the file, outlinks included.
        for rec in records:
            assert index.records[rec.url] == rec and rec.url in index.records
        assert index.records.get("http://h.test/").links == records[0].links  # type: ignore[union-attr]
        assert (
            "http://h.test/nope" not in index.records
            and index.records.get("http://h.test/nope") is None
        )
        assert list(index.records) == [r.url for r in records] and len(index.records) == 9
        assert [r.url for r in index.records.values()] == [r.url for r in records]
        assert index.records.get_many(
            ["http://h.test/a", "http://h.test/x", "http://h.test/no"]
        ) == {
            "http://h.test/a": records[1],
            "http://h.test/x": records[3],
        }
        assert index.sources("http://h.test/a") == ["http://h.test/", "http://h.test/old"]
        # A page not in the file yet is kept without its outlinks (the index has them), until
        # the file has it whole.
        fresh = FetchRecord("http://h.test/fresh", status=200, links=("http://h.test/x",))
        index.add([fresh])
        assert index.records._recent["http://h.test/fresh"].links == ()
        assert index.records["http://h.test/fresh"] == fresh.without_links()
        assert index.sources("http://h.test/x") == ["http://h.test/", "http://h.test/fresh"]
        # The file stopped taking records (a full disk): from then on memory keeps them all.
        index.records.keep_everything()
        late = FetchRecord("http://h.test/late", status=200, links=("http://h.test/a",))
        index.add([late])
        assert index.records["http://h.test/late"] is late and "http://h.test/late" in index.records
        tail = [r.url for r in index.records.values()][-2:]  # not in the file: memory's
        assert sorted(tail) == ["http://h.test/fresh", "http://h.test/late"]
    finally:
        index.records.attach(None)


def test_past_max_sources_a_target_is_counted_and_its_sources_read_back(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A page every page links to keeps MAX_SOURCES of them in memory and counts the rest;
    all of them are read back from the crawl file when asked (the broken-links CSV)."""
    from gui_crawler.config import CrawlConfig
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader

    monkeypatch.setattr(LinkIndex, "MAX_SOURCES", 3)
    nav = "http://h.test/nav"
    records = [
        *(
            FetchRecord(f"http://h.test/p{i}", status=200, links=(nav, f"http://h.test/p{i + 1}"))
            for i in range(8)
        ),
        FetchRecord("http://h.test/r", status=301, next_url=nav),
    ]
    path = tmp_path / "c.sqlite3"
    config = CrawlConfig(roots=("http://h.test/p0",)).validated()
    store = CrawlStore.create(path, config)
    for rec in records:
        store.sink(rec)
    store.close("finished")
    index = LinkIndex()
    index.records.attach(RecordReader(path))
    try:
        index.add(records)
        every = [r.url for r in records]
        assert index.sources(nav) == every[:3] and not index.complete(nav)
        assert index.count(nav) == 9 and index.all_sources(nav) == every
        assert index.complete("http://h.test/p3") and index.all_sources("http://h.test/p3") == [
            "http://h.test/p2"
        ]
        index.clear()
        assert index.count(nav) == 0 and index.complete(nav)
    finally:
        index.records.attach(None)


def test_records_as_now_leave_out_those_added_after(tmp_path: Path) -> None:
    """``as_now``: the records held when it is called, each once, read lazily: the file's up
    to the seq committed then, then those not committed then (from memory), never one added
    after, though the file has it by the time they are read (the Overview's rebuild indexes
    those itself)."""
    import asyncio

    from gui_crawler.config import CrawlConfig
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader

    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
    index = LinkIndex()
    index.records.attach(RecordReader(path))
    page = lambda i: FetchRecord(f"http://h.test/p{i}", status=200, links=("http://h.test/",))  # noqa: E731

    async def crawl() -> list[str]:
        for i in range(3):
            store.sink(page(i))
            index.add([page(i)])
        await asyncio.sleep(0)  # committed
        index.add([page(3)])  # not in the file yet
        now = index.records.as_now()
        store.sink(page(3))
        for i in (4, 5):
            store.sink(page(i))
            index.add([page(i)])
        await asyncio.sleep(0)  # committed: the file has 3, 4 and 5 before `now` is read
        return [r.url for r in now]

    try:
        assert asyncio.run(crawl()) == [page(i).url for i in range(4)]
        assert [r.url for r in index.records.as_now()] == [page(i).url for i in range(6)]
    finally:
        index.records.attach(None)
        store.close("finished")


def test_a_rebuild_begun_when_the_file_is_ahead_counts_each_record_once(tmp_path: Path) -> None:
    """The Overview's audit rebuilt from the window's records while the crawl runs: the crawl
    file commits a record before the window's bridge hands it on (a turn later), so the rebuild,
    reading the file up to its last seq, can read records the audit is given only afterwards.
    Each must be indexed once (a page counted twice shared its own title: 'Title duplicated')."""
    import asyncio

    from gui_crawler.config import CrawlConfig
    from gui_crawler.records.audit import Audit
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.reader import RecordReader

    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
    index = LinkIndex()
    index.records.attach(RecordReader(path))
    audit = Audit()
    audit.source = index.records

    def page(i: int) -> FetchRecord:
        return FetchRecord(
            f"http://h.test/p{i}", status=200, content_type="text/html", title=f"Page {i}",
            links=("http://h.test/",),
        )  # fmt: skip

    def handed_on(rec: FetchRecord) -> None:  # what the window does with a batch
        index.add([rec])
        audit.add([rec])

    async def crawl() -> None:
        for i in range(3):
            store.sink(page(i))
            handed_on(page(i))
        audit.defer()  # the Overview hidden
        for i in range(3, 6):
            store.sink(page(i))  # written by the crawl, not handed on yet
        await asyncio.sleep(0)  # committed
        assert not audit.catch_up(1)  # the Overview shown: the rebuild begins
        for i in range(3, 6):
            handed_on(page(i))
        while not audit.catch_up(2):
            pass

    try:
        asyncio.run(crawl())
        expected = Audit()
        expected.add(page(i) for i in range(6))
        assert audit.counts() == expected.counts()
        assert audit.findings() == expected.findings()
    finally:
        index.records.attach(None)
        store.close("finished")
