"""What a failed try says about trying again (no network needed: the exceptions are the ones
aiohttp raises for a resolver's answers)."""

from __future__ import annotations

import socket

import aiohttp
from aiohttp.client_reqrep import ConnectionKey

from gui_crawler.crawl.failures import describe, worth_retrying

KEY = ConnectionKey("no-such-host.test", 80, False, True, None, None, None)


def dns_error(errno: int, text: str) -> aiohttp.ClientConnectorDNSError:
    return aiohttp.ClientConnectorDNSError(KEY, OSError(errno, text))


def test_a_name_that_does_not_exist_is_not_asked_again() -> None:
    assert not worth_retrying(dns_error(socket.EAI_NONAME, "Name or service not known"))


def test_a_resolver_that_could_not_answer_is_asked_again() -> None:
    assert worth_retrying(dns_error(socket.EAI_AGAIN, "Temporary failure in name resolution"))
    assert worth_retrying(aiohttp.ClientConnectorError(KEY, ConnectionRefusedError(111, "no")))
    assert worth_retrying(TimeoutError())


def test_the_kind_of_a_dns_failure_is_its_class() -> None:
    kind, message = describe(dns_error(socket.EAI_NONAME, "Name or service not known"))
    assert kind == "ClientConnectorDNSError" and "no-such-host.test" in message
