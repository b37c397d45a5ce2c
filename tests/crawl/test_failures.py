"""What a failed try says about trying again (no network needed: the exceptions are the ones
aiohttp raises for a resolver's answers)."""

from __future__ import annotations

import logging
import socket
import sys

import aiohttp
from aiohttp.client_reqrep import ConnectionKey

from gui_crawler.crawl.failures import (
    RedactingFormatter,
    describe,
    failure,
    redacted,
    worth_retrying,
)

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


def test_userinfo_is_redacted_from_error_texts_and_log_lines() -> None:
    said = "400, message='Bad Request', url='http://user:pa@ss@127.0.0.1:3128'"
    assert redacted(said) == "400, message='Bad Request', url='http://(redacted)@127.0.0.1:3128'"
    # A "@" after the host, or in an address that is no URL, is no userinfo.
    for kept in ("http://h/a@b?c@d", "mailto:a@b.example", "user@host"):
        assert redacted(kept) == kept
    _, message = describe(ValueError(said))
    assert "pa@ss" not in message and "(redacted)@127.0.0.1" in message
    assert "pa@ss" not in failure("Proxy", said)["exception"]
    try:
        raise OSError(said)
    except OSError:
        record = logging.LogRecord(
            "x", logging.ERROR, __file__, 1, "via %s", (said,), sys.exc_info()
        )
    line = RedactingFormatter("%(message)s").format(record)
    assert "pa@ss" not in line and line.count("(redacted)@") == 2  # the message and the traceback
