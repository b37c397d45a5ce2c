"""External checks never connect to a private, loopback or link-local address unless the
crawl's roots are at one. The addresses of the policy tests are only handed out by a stub
resolver and never connected to (the connector under test connects to nothing); the engine test
serves its "private" hosts on 127.0.0.2 and 127.0.0.3.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest
from aiohttp.abc import AbstractResolver, ResolveResult
from crawling import crawl
from hostsites import HostSite, serve
from yarl import URL

from gui_crawler import engine
from gui_crawler.crawl.phases import AddressPolicy, PrivateAddress, TimedConnector, is_private
from gui_crawler.crawl.politeness import check_external
from gui_crawler.events import ErrorKind
from gui_crawler.records.verdicts import Verdict, verdict
from gui_crawler.records.wording import error_sentence, status_word

PUBLIC = "93.184.215.14"  # only ever handed out by the stub resolver: never connected to


class StubResolver(AbstractResolver):
    """Answers from a table; a name not in it does not exist."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = table
        self.asked: list[str] = []

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.asked.append(host)
        if host not in self.table:
            raise OSError(socket.EAI_NONAME, "no such host")
        return [
            {
                "hostname": host,
                "host": address,
                "port": port,
                "family": socket.AF_INET6 if ":" in address else socket.AF_INET,
                "proto": 0,
                "flags": 0,
            }
            for address in self.table[host]
        ]

    async def close(self) -> None:
        pass


class NoConnect(TimedConnector):
    """Records the addresses it was about to connect to, and connects to none: the tests of
    the policy send nothing anywhere."""

    attempts: list[str]

    async def _wrap_create_connection(
        self, *args: Any, addr_infos: list[Any], **kwargs: Any
    ) -> Any:
        self.attempts.extend(info[4][0] for info in addr_infos)
        raise OSError("the test connects to nothing")


STUB = {
    "example.test": [PUBLIC],
    "intranet.test": ["10.1.2.3"],
    "router.test": ["10.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "loop.test": ["127.0.0.1"],
    "v6.test": ["fd00::1", "fe80::1"],
    "mixed.test": ["10.0.0.1", PUBLIC],
}


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.1",
        "172.16.5.4",
        "192.168.1.1",
        "100.64.0.1",  # carrier-grade NAT
        "100.127.255.254",
        "127.0.0.1",
        "127.0.0.2",
        "169.254.169.254",
        "0.0.0.0",
        "::1",
        "::",
        "fe80::1",
        "fe80::1%eth0",
        "fc00::1",
        "fd00::1",
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    ],
)
def test_private_addresses_are_refused_to_a_public_crawl(address: str) -> None:
    assert is_private(address)
    assert not AddressPolicy(("http://example.test/",)).allows(address)
    assert not AddressPolicy(("https://93.184.215.14:8443/",)).allows(address)
    assert AddressPolicy(("http://127.0.0.1:8000/",)).allows(address)
    assert AddressPolicy(("http://[::1]:8000/", "http://example.test/")).allows(address)


@pytest.mark.parametrize("address", [PUBLIC, "8.8.8.8", "2606:2800:220:1::1", "::ffff:8.8.8.8"])
def test_public_addresses_are_allowed(address: str) -> None:
    assert not is_private(address)
    assert AddressPolicy(("http://example.test/",)).allows(address)


async def _check(roots: tuple[str, ...], url: str) -> tuple[Any, NoConnect, StubResolver]:
    resolver = StubResolver(STUB)
    connector = NoConnect(resolver=resolver, policy=AddressPolicy(roots))
    connector.attempts = []
    async with aiohttp.ClientSession(connector=connector) as session:
        result = await check_external(session, url, 5)
    return result, connector, resolver


@pytest.mark.parametrize(
    "url",
    [
        "http://router.test/admin",
        "http://metadata.test/latest/meta-data/",
        "http://loop.test:8080/",
        "http://v6.test/",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/",
        "http://[::1]/",
        "http://0.0.0.0:9/",
    ],
)
def test_an_external_check_of_a_public_crawl_never_connects_to_a_private_address(
    url: str,
) -> None:
    result, connector, resolver = asyncio.run(_check(("http://example.test/",), url))
    assert result.error_kind == ErrorKind.PRIVATE_ADDRESS and not result.retryable
    assert "private, loopback or link-local" in result.message
    assert connector.attempts == []
    assert "example.test" in resolver.asked  # the root's own addresses were looked at


def test_a_name_with_public_and_private_addresses_connects_only_to_the_public_one() -> None:
    result, connector, _ = asyncio.run(_check(("http://example.test/",), "http://mixed.test/"))
    assert connector.attempts == [PUBLIC]  # stopped there by the stub: nothing is sent
    assert result.error_kind != ErrorKind.PRIVATE_ADDRESS


def test_a_crawl_of_an_intranet_host_may_check_its_neighbours() -> None:
    result, connector, _ = asyncio.run(_check(("http://intranet.test/",), "http://router.test/"))
    assert connector.attempts == ["10.0.0.1"]  # allowed: stopped there by the stub
    assert result.error_kind != ErrorKind.PRIVATE_ADDRESS


def test_through_a_proxy_at_a_private_address_external_checks_go_on() -> None:
    # The connection is to the proxy (router.test: 10.0.0.1), which decides where the request
    # goes; without the exemption every external check of a crawl behind a company proxy failed.
    async def main() -> tuple[Any, list[str]]:
        policy = AddressPolicy(("http://example.test/",), via="router.test")
        connector = NoConnect(resolver=StubResolver(STUB), policy=policy)
        connector.attempts = []
        async with aiohttp.ClientSession(connector=connector, proxy="http://router.test:3128") as s:
            result = await check_external(s, "http://other.test/", 5)
        return result, connector.attempts

    result, attempts = asyncio.run(main())
    assert attempts == ["10.0.0.1"] and result.error_kind != ErrorKind.PRIVATE_ADDRESS


def test_requests_to_a_roots_host_are_not_held_back() -> None:
    async def main() -> list[str]:
        policy = AddressPolicy(("http://example.test/", "http://router.test/"))
        connector = NoConnect(resolver=StubResolver(STUB), policy=policy)
        connector.attempts = []
        async with aiohttp.ClientSession(connector=connector) as session:
            with pytest.raises(OSError, match="connects to nothing"):
                await session.get("http://router.test/")
        return connector.attempts

    assert asyncio.run(main()) == ["10.0.0.1"]


def test_requests_to_another_host_of_the_domain_are_held_back() -> None:
    """--lenient crawls every host of a root's domain: one of them at a private address is
    not the public site's to send the crawler to (tested end to end in test_lenient_private)."""

    async def main() -> list[str]:
        connector = NoConnect(resolver=StubResolver(STUB), policy=AddressPolicy(("http://x.test",)))
        connector.attempts = []
        async with aiohttp.ClientSession(connector=connector) as session:
            with pytest.raises(PrivateAddress, match=r"router\.test"):
                await session.get("http://router.test/")
        return connector.attempts

    assert asyncio.run(main()) == []


@serve("127.0.0.1", "127.0.0.2")
async def test_a_loopback_root_checks_its_loopback_neighbours(
    site: HostSite, ext: HostSite
) -> None:
    site.page("/", [ext.u("/ok")])
    ext.page("/ok")
    records, _, _ = await crawl(site.url, use_sitemaps=False, ignore_robots=True)
    assert records[ext.u("/ok")].status == 200 and ext.requests("/ok") == 1


def test_a_public_crawl_records_a_private_link_as_not_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine with a policy for a public root (its pages are served on 127.0.0.1 all the
    same): a link to 127.0.0.2, and one to a public name resolving to 127.0.0.3, each end as one
    record that says why, and neither server is asked anything."""
    stub = {"example.test": [PUBLIC], "sneaky.test": ["127.0.0.3"]}
    monkeypatch.setattr(engine, "TimedResolver", lambda: StubResolver(stub))

    def public_policy(roots: tuple[str, ...], via: str | None = None) -> AddressPolicy:
        policy = AddressPolicy(("http://example.test/",))
        policy.root_hosts.update(URL(r).host or "" for r in roots)  # served on 127.0.0.1
        return policy

    monkeypatch.setattr(engine, "AddressPolicy", public_policy)

    @serve("127.0.0.1", "127.0.0.2", "127.0.0.3")
    async def body(site: HostSite, two: HostSite, three: HostSite) -> None:
        sneaky = f"http://sneaky.test:{three.port}/x"
        site.page("/", [two.u("/x"), sneaky, "/next"])
        site.page("/next")
        two.page("/x")
        three.page("/x")
        records, _, _ = await crawl(site.url, use_sitemaps=False, ignore_robots=True)
        assert two.log == [] and three.log == []
        assert records[site.u("/next")].status == 200  # the site itself is crawled as before
        for url in (two.u("/x"), sneaky):
            rec = records[url]
            assert rec.error_kind == ErrorKind.PRIVATE_ADDRESS and rec.tries == 1, rec
            assert rec.external and verdict(rec) is Verdict.BLOCKED and rec.status is None
            assert status_word(rec) == "Not checked"
            assert error_sentence(rec).startswith("Not checked: a private address")
        assert "sneaky.test (127.0.0.3) is a private" in (records[sneaky].exception or "")

    body()
