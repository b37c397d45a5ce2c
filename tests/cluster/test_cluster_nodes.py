"""A crawl shared through a real redis-server by nodes in one process: the Lua that decides (seen
set, per-host limit and delay, back-off, leases given back), the URL set against a one-process
crawl, each record collected once, politeness for the whole cluster, crawls kept apart, and what
a watching window is told."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
from clustersite import cluster_site, config_of, file_rows, file_urls, one_process_urls
from redisserver import RedisServer
from sites import Site, ThreadedSite

from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.collector import Collector
from gui_crawler.cluster.node import ClusterNode
from gui_crawler.cluster.nodes import NODE_SPAN, NodeState
from gui_crawler.cluster.shared import SharedCrawl, connect
from gui_crawler.cluster.watch import ClusterWatcher
from gui_crawler.cluster.wire import record_of, record_text
from gui_crawler.config import CrawlConfig
from gui_crawler.events import CrawlFinished, FetchRecord, Queued, WorkerEvent
from gui_crawler.parsing import pagechecks
from gui_crawler.storage import CrawlStore

T = TypeVar("T")


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


def on_redis(url: str, body: Callable[[Any], Awaitable[T]]) -> T:
    async def main() -> T:
        client = await connect(RedisAddress.parse(url))
        try:
            return await body(client)
        finally:
            await client.aclose()

    return asyncio.run(main())


async def crawl_with_nodes(
    client: Any,
    crawl_id: str,
    config: CrawlConfig,
    path: Path,
    nodes: int = 2,
    watcher_sink: Callable[[Any], None] | None = None,
) -> tuple[Collector, list[ClusterNode]]:
    shared = await SharedCrawl.create(client, crawl_id, config, lease=2.0)
    assert shared is not None
    store = CrawlStore.create(path, shared.config)
    collector = Collector(shared, store)
    over = asyncio.Event()
    collecting = asyncio.ensure_future(collector.run(over))
    watching = None
    if watcher_sink is not None:
        # A window on another machine: its own crawl file of the records it was shown.
        shown = CrawlStore.create(path.with_name("shown.sqlite3"), shared.config)
        watcher = ClusterWatcher(shared, watcher_sink, shown)
        watching = asyncio.ensure_future(watcher.run())
    workers = [ClusterNode(shared) for _ in range(nodes)]
    finished = await asyncio.gather(*(n.run() for n in workers))
    assert {f.reason for f in finished} == {"done"}
    over.set()
    await collecting
    store.close("finished")
    await shared.finish_up()
    if watching is not None:
        await asyncio.wait_for(watching, 5)
        shown.close("finished")
    return collector, workers


def test_two_nodes_crawl_what_one_process_crawls_each_url_collected_once(
    redis_url: str, tmp_path: Path
) -> None:
    seen: list[Any] = []
    with ThreadedSite(cluster_site(120, delay=0.05)) as site:
        reference = one_process_urls(site.url)
        site.hits.clear()
        site.peak_in_flight = 0
        config = config_of(site.url, per_host=6)
        collector, nodes = on_redis(
            redis_url,
            lambda c: crawl_with_nodes(c, "two", config, tmp_path / "c.sqlite3", 2, seen.append),
        )
        urls = file_urls(tmp_path / "c.sqlite3")
        assert set(urls) == reference
        assert collector.collected == len(reference)  # none came twice through Redis
        # New to the crawl, as Redis's seen set said, not to the node that found them: each URL
        # but the root on one record, as in one process.
        new = [n for _, n in file_rows(tmp_path / "c.sqlite3", "num_new_urls")]
        assert sum(new) == len(reference) - 1  # type: ignore[arg-type]
        assert all(n.recorded for n in nodes), [n.recorded for n in nodes]  # both did part
        assert sum(n.recorded for n in nodes) == len(reference)
        # The per-host limit held for the whole cluster (two nodes of 4 workers), and robots.txt
        # was read once for both.
        assert site.peak_in_flight <= 6
        assert site.hits["/robots.txt"] == 1
        assert f"http://127.0.0.1:{site.port}/private/x" in reference
    # A watching window is told each node, its workers in a span of ids of its own, records as
    # they come, and the end.
    states = [e for e in seen if isinstance(e, NodeState)]
    assert len({s.node for s in states}) == 2
    spans = {e.worker_id // NODE_SPAN for e in seen if isinstance(e, WorkerEvent)}
    assert spans == {0, 1}
    shown = {e.url for e in seen if isinstance(e, FetchRecord)}
    assert shown and shown <= reference
    assert set(file_urls(tmp_path / "shown.sqlite3")) == shown
    assert isinstance(seen[-1], CrawlFinished) and seen[-1].reason == "done"


def test_two_crawls_in_one_redis_stay_apart(redis_url: str, tmp_path: Path) -> None:
    with ThreadedSite(cluster_site(40)) as one, ThreadedSite(cluster_site(30)) as two:
        refs = one_process_urls(one.url), one_process_urls(two.url)

        async def both(client: Any) -> None:
            await asyncio.gather(
                crawl_with_nodes(client, "apart-1", config_of(one.url), tmp_path / "1.sqlite3"),
                crawl_with_nodes(client, "apart-2", config_of(two.url), tmp_path / "2.sqlite3"),
            )

        on_redis(redis_url, both)
    assert set(file_urls(tmp_path / "1.sqlite3")) == refs[0]
    assert set(file_urls(tmp_path / "2.sqlite3")) == refs[1]


def test_scripts_seen_limit_delay_backoff_and_leases(redis_url: str) -> None:
    a = [Queued(f"http://127.0.0.9:1/{i}", 10, 1, None) for i in range(5)]

    async def body(client: Any) -> None:
        cfg = CrawlConfig(roots=("http://127.0.0.9:1/",), per_host=2, delay=0.0).validated()
        shared = await SharedCrawl.create(client, "scripts", cfg, lease=1.0)
        assert shared is not None
        assert await SharedCrawl.create(client, "scripts", cfg) is None  # one of that id
        # Taken in once, whoever offers it.
        assert await shared.take_in("n1", [(q, False) for q in a]) == [1] * 5
        assert await shared.take_in("n2", [(a[0], False), (a[1], True)]) == [0, 0]
        for node in ("n1", "n2", "n3"):
            await shared.heartbeat(node, {}, join=True)
        # Two requests in flight to the host for the whole cluster.
        got1, _ = await shared.claim("n1", 5)
        got2, wait = await shared.claim("n2", 5)
        assert len(got1) == 2 and got2 == [] and wait == -1  # the host is full, nothing ready
        # A record is taken only from the node holding its URL.
        assert await shared.finish("n2", [(got1[0].url, "{}")]) == [0]
        assert await shared.finish("n1", [(got1[0].url, "{}")]) == [1]
        got2, _ = await shared.claim("n2", 5)
        assert len(got2) == 1
        # A 429 backs the host off for every node.
        assert await shared.throttle("http://127.0.0.9:1", 0.5) == 0.5
        await shared.finish("n2", [(got2[0].url, "")])  # given back
        assert (await shared.claim("n3", 5))[1] > 0  # wait: backed off
        # n1 stops beating: after the lease its URL goes back (n2, n3 go on beating).
        for _ in range(6):
            await asyncio.sleep(0.25)
            await shared.heartbeat("n2", {})
            await shared.heartbeat("n3", {})
            await shared.reclaim()
        assert await shared.finish("n1", [(got1[1].url, "{}")]) == [0]  # not n1's any more
        assert (await shared.heartbeat("n1", {}))[0] is False  # it is told it was given up
        counts = await shared.counts()
        assert counts["taken"] == 5 and counts["held"] == 0 and counts["queued"] == 4
        assert counts["recorded"] == 1
        await shared.forget()

    on_redis(redis_url, body)


def test_urls_handed_to_a_node_whose_answer_was_lost_go_back(
    redis_url: str, tmp_path: Path
) -> None:
    """Redis ran a claim whose answer never reached the node (the connection cut after it ran,
    Redis stopping with the answer unsent): the node holds URLs it never heard of, and it beats,
    so no lease of its runs out. It finds them, gives them back, and the crawl ends with each
    URL recorded once."""
    with ThreadedSite(cluster_site(40, delay=0.05)) as site:
        reference = one_process_urls(site.url)

        async def body(client: Any) -> list[Queued]:
            shared = await SharedCrawl.create(
                client, "lost-answer", config_of(site.url, per_host=20), lease=2.0
            )
            assert shared is not None
            store = CrawlStore.create(tmp_path / "c.sqlite3", shared.config)
            over = asyncio.Event()
            collecting = asyncio.ensure_future(Collector(shared, store).run(over))
            node = ClusterNode(shared)
            running = asyncio.ensure_future(node.run())
            while (await shared.counts())["queued"] < 3:
                await asyncio.sleep(0.01)
            lost, _ = await shared.claim(node.name, 2)  # run for the node, its answer lost
            finished = await asyncio.wait_for(running, 30)
            over.set()
            await collecting
            store.close("finished")
            assert finished.reason == "done"
            return lost

        lost = on_redis(redis_url, body)
    assert lost
    urls = file_urls(tmp_path / "c.sqlite3")
    assert len(urls) == len(set(urls)) and set(urls) == reference


def test_a_redirect_whose_target_is_past_max_pages_says_it_was_not_followed(
    redis_url: str,
) -> None:
    """The node's own seen set is smaller than the crawl's: it takes a redirect's target in,
    and Redis refuses it (max_pages reached). The target is not the crawl's, and the redirect's
    record says so, as in one process: no record points at a URL that has none."""
    site = Site()
    site.page("/", links=["/a", "/b", "/r"])
    for path in ("/a", "/b", "/t"):
        site.page(path)
    site.redirect("/r", "/t")
    with ThreadedSite(site) as s:
        cfg = config_of(s.url, max_pages=4, per_host=20)
        items = [Queued(s.url + path, 10, 1, s.url) for path in ("", "a", "b", "r")]

        async def body(client: Any) -> tuple[list[FetchRecord], CrawlFinished]:
            shared = await SharedCrawl.create(client, "most", cfg, lease=2.0)
            assert shared is not None
            # Another node took in the root and its links, and recorded all but /r.
            await shared.heartbeat("other", {}, join=True)
            assert await shared.take_in("other", [(i, False) for i in items]) == [1] * 4
            got, _ = await shared.claim("other", 3)
            await shared.finish("other", [(i.url, "{}") for i in got])
            finished = await ClusterNode(shared).run()
            entries = await client.xrange(shared.key("records"))
            return [record_of(f[b"r"]) for _, f in entries if f[b"r"] != b"{}"], finished

        records, finished = on_redis(redis_url, body)
    assert finished.reason == "done"
    assert [r.url for r in records] == [s.url + "r"]
    assert records[0].note == "max pages reached: not followed"
    assert records[0].num_new_urls == 0


def test_a_hosts_slots_are_shared_by_the_nodes_asking_for_them(redis_url: str) -> None:
    """Per host below a node's workers: the node that frees a slot asks again at once, before
    the other node's next look. While the other asks, it holds only its share."""
    a = [Queued(f"http://127.0.0.9:1/{i}", 10, 1, None) for i in range(8)]

    async def body(client: Any) -> None:
        cfg = CrawlConfig(roots=("http://127.0.0.9:1/",), per_host=2).validated()
        shared = await SharedCrawl.create(client, "share", cfg, lease=5.0)
        assert shared is not None
        await shared.take_in("n1", [(q, False) for q in a])
        for node in ("n1", "n2"):
            await shared.heartbeat(node, {}, join=True)
        got1, _ = await shared.claim("n1", 4)
        assert len(got1) == 2  # nobody else asked: both slots
        assert (await shared.claim("n2", 4))[0] == []  # the host is full: n2 asks, and waits
        await shared.finish("n1", [(got1[0].url, "{}")])
        assert (await shared.claim("n1", 4))[0] == []  # n1 holds its share (1) while n2 asks
        assert len((await shared.claim("n2", 4))[0]) == 1
        await shared.finish("n1", [(got1[1].url, "{}")])
        assert len((await shared.claim("n1", 4))[0]) == 1  # its share again, at once
        await shared.forget()

    on_redis(redis_url, body)


def test_a_task_cancelled_inside_a_redis_call_ends_at_once(redis_url: str) -> None:
    """redis-py can lose a cancellation that lands while a command is on its way: the task goes
    on as if never cancelled, and what awaits its end waits for ever — a node whose crawl was
    done never exited (its beats, or the engine's join, cancelled inside a call). Every call of
    ours ends its task when cancelled, wherever the cancellation lands (client.py)."""
    rng = random.Random(43)

    async def body(client: Any) -> None:
        cfg = CrawlConfig(roots=("http://127.0.0.9:1/",)).validated()
        shared = await SharedCrawl.create(client, "cancelled", cfg)
        assert shared is not None
        going = True

        async def beating() -> None:
            while going:  # (a lost cancellation must not leave it running after the test)
                await shared.heartbeat("n1", {}, join=True)
                await shared.counts()

        try:
            for i in range(150):
                task = asyncio.ensure_future(beating())
                await asyncio.sleep(rng.random() * 0.004)
                task.cancel()
                done, _ = await asyncio.wait({task}, timeout=2)
                assert done and task.cancelled(), f"cancellation {i} was lost"
        finally:
            going = False
            await asyncio.sleep(0.1)
            await shared.forget()

    on_redis(redis_url, body)


def test_a_record_crosses_redis_whole_its_headers_and_checks_deflated_too() -> None:
    """The crawl file's row of a record travels as JSON with its bytes in base64: since format 7
    its headers are bytes too (they were text: a node's JSON refused them and it died)."""
    rec = FetchRecord(
        url="http://127.0.0.1:9/p", next_url=None, status=200, exception=None, size=10,
        content_type="text/html", encoding="utf-8", num_urls=1, num_new_urls=1,
        links=("http://127.0.0.1:9/q",), headers="Server: nginx\nX-Caf\udce9: 1",
        checks=pagechecks.pack_checks([["og_missing", "", "og:title"]]), ids=b"\x01\x00\x00\x00",
    )  # fmt: skip
    got = record_of(record_text(rec))
    assert got == replace(rec, headers="Server: nginx\nX-Caf\\xe9: 1")
