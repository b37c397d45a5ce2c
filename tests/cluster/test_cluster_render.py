"""A node's own rendering options (``gui-crawler cluster work … --render all``): with a real
redis-server and the system's Chromium, a node joining a crawl started without rendering renders
the pages it fetches and finds what only their script links to; without a browser it says what
to install and does not join."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from clustersite import config_of
from redisserver import RedisServer
from render_sites import AppSite, chromium  # noqa: F401  (the fixture)
from sites import ThreadedSite

from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.cli import EXIT_OK, EXIT_USAGE, main
from gui_crawler.cluster.shared import SharedCrawl, connect
from gui_crawler.storage.fileformat import iter_records


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


def create(url: str, crawl_id: str, site_url: str) -> None:
    async def main_() -> None:
        client = await connect(RedisAddress.parse(url))
        try:
            config = config_of(site_url, ignore_robots=True)
            assert config.render == "off"
            assert await SharedCrawl.create(client, crawl_id, config, lease=2.0) is not None
        finally:
            await client.aclose()

    asyncio.run(main_())


@pytest.mark.usefixtures("chromium")
def test_a_node_given_render_renders_the_pages_it_fetches(redis_url: str, tmp_path: Path) -> None:
    db = tmp_path / "node.sqlite3"
    with ThreadedSite(AppSite(3, late_ms=50)) as site:
        assert isinstance(site, AppSite)
        create(redis_url, "js", site.url)
        argv = ["work", redis_url, "--crawl", "js", "--render", "all", "--render-tabs", "2",
                "--render-timeout", "5", "--db", str(db), "-q"]  # fmt: skip
        assert main(argv) == EXIT_OK
        expected = site.expected()
    records = {r.url: r for r in iter_records(db)}
    pages = {u for u, r in records.items() if r.content_type == "text/html"}
    # The late pages are linked from nowhere but a script: only a rendering node finds them.
    assert pages == expected
    assert all(records[u].rendered for u in pages)


def test_a_node_that_cannot_render_says_what_to_install_and_does_not_join(
    redis_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    create(redis_url, "nobrowser", "http://127.0.0.1:9/")
    missing = tmp_path / "no-chromium"
    argv = ["work", redis_url, "--crawl", "nobrowser", "--render", "all", "--browser",
            str(missing), "--db", str(tmp_path / "n.sqlite3"), "-q"]  # fmt: skip
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err.startswith("gui-crawler: --render needs a browser") and "\n" not in err
    assert f"{missing} is not a program" in err
    assert not (tmp_path / "n.sqlite3").exists()


def test_a_nodes_render_options_are_checked_as_the_crawls_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for bad, said in ((["--render", "sometimes"], "invalid choice: 'sometimes'"),
                      (["--render-tabs", "two"], "invalid int value: 'two'")):  # fmt: skip
        with pytest.raises(SystemExit) as e:
            main(["work", "redis://127.0.0.1:9/0", *bad])
        assert e.value.code == 2 and said in capsys.readouterr().err
