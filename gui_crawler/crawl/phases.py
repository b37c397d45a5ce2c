"""Where each request's time went: phase marks stamped by the engine, its connector and resolver.

A ``Timing`` starts when a worker takes a URL and lives until its record. The worker makes it the
task's ``current`` timing before each request; the connector and resolver the crawl's session uses
(``TimedConnector``, ``TimedResolver``) stamp the lookup and the connection into it, and the
engine stamps the request's start, the headers' arrival and the body's end. Marks are
``time.monotonic()``. Only the last try is timed: earlier tries, the back-off between them and
any wait for the host's slot held no worker (the URL was parked on its host), so they are no
worker's phase.

aiohttp's own tracing (``TraceConfig``) would give the same marks, but a session with one builds
trace objects and awaits a signal per phase on every request: ~20 µs a request on the crawl's
one event loop, a twentieth of a real-site crawl's loop time.

The same connector keeps external-link checks off private addresses (``AddressPolicy``): it is
where a host name's addresses are known, after the lookup and before the connection.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import socket
import time
from collections.abc import Iterable
from contextvars import ContextVar
from typing import Any

import aiohttp
import yarl
from aiohttp.abc import AbstractResolver, ResolveResult

from gui_crawler.crawl.protocol import ResponseHandler

# Record field names, in the order the phases happen (the timeline draws them in this order).
PHASES = ("wait", "dns", "connect", "ttfb", "download", "parse_wait", "parse", "render")
FIELDS = tuple(p + "_ms" for p in PHASES)


class Timing:
    """Mutable marks of one URL's fetch. ``None`` means the phase did not happen."""

    __slots__ = (
        "_t",
        "_tc",
        "body",
        "connect",
        "dispatch",
        "dns",
        "headers",
        "parse0",
        "parse1",
        "render0",
        "render1",
        "request",
        "sent",
        "taken",
        "worker",
    )

    def __init__(self, worker: int) -> None:
        self.worker = worker
        self.taken = time.monotonic()
        self.request: float | None = None
        self.dns = 0.0
        self.connect = 0.0
        self.sent: float | None = None
        self.headers: float | None = None
        self.body: float | None = None
        self.dispatch: float | None = None
        self.parse0: float | None = None
        self.parse1: float | None = None
        self.render0: float | None = None  # handed to the headless browser
        self.render1: float | None = None  # its rendered DOM parsed
        self._t = self._tc = 0.0

    def start_request(self) -> None:
        """A try begins: this task's requests are timed here, from now."""
        self.request = time.monotonic()
        self.dns = self.connect = self._t = self._tc = 0.0
        self.sent = self.headers = self.body = None
        current.set(self)

    def mark_headers(self) -> None:
        self.headers = time.monotonic()

    def settle(self) -> None:
        """The try failed: a DNS lookup or connection still under way ends now and counts (an
        unresolvable host is DNS time, a refused or timed-out connection connect time)."""
        now = time.monotonic()
        if self._t:
            self.dns += now - self._t
        if self._tc:
            self.connect += now - self._tc  # the connection span includes the lookup
        self._t = self._tc = 0.0

    def mark_body(self) -> None:
        self.body = time.monotonic()

    def mark_parsed(self, dispatched: float, done: float, seconds: float) -> None:
        """Handed to the parser at ``dispatched``, back at ``done``, ``seconds`` of it parsing
        (measured where the parse ran: inline, a thread or another process)."""
        self.dispatch = dispatched
        self.parse1 = done
        self.parse0 = max(dispatched, done - seconds)

    def mark_render(self, began: float, done: float | None = None) -> None:
        """Rendering (gui_crawler/render) began at ``began``; ``done``: it ended then."""
        self.render0, self.render1 = began, done

    def values(self) -> tuple[int, float, float, float, float, float, float, float, float]:
        """The record's phase fields in milliseconds (0 for phases that did not happen): the
        worker, then FIELDS' order (the record's, where they sit side by side)."""
        request = self.request
        if request is None:
            return (self.worker, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        sent, headers, body = self.sent, self.headers, self.body
        dispatch, parse0, parse1 = self.dispatch, self.parse0, self.parse1
        render0, render1 = self.render0, self.render1
        return (
            self.worker,
            _ms(request - self.taken),
            _ms(self.dns),
            # aiohttp's connection_create span includes the DNS lookup.
            _ms(max(0.0, self.connect - self.dns)),
            _ms(headers - sent) if sent is not None and headers is not None else 0.0,
            _ms(body - headers) if headers is not None and body is not None else 0.0,
            _ms(parse0 - dispatch) if dispatch is not None and parse0 is not None else 0.0,
            _ms(parse1 - parse0) if parse0 is not None and parse1 is not None else 0.0,
            _ms(render1 - render0) if render0 is not None and render1 is not None else 0.0,
        )


def so_far(t: Timing, now: float) -> tuple[tuple[float, ...], int]:
    """A request still under way: seconds spent in each phase until ``now`` (PHASES order) and
    the index of the phase it is in, which also takes the moments no mark covers (between a
    connection made and the request sent) so that the phases add up to ``now - taken``. After
    the body is in, waiting for the parser and parsing count as parsing: which of the two it is
    is known only once the parse is back; a page handed to the headless browser is rendering
    from then on."""
    d = [0.0] * len(PHASES)
    if t.request is None:
        cur = 0
    else:
        d[0] = t.request - t.taken
        d[1] = t.dns + (now - t._t if t._t else 0.0)
        d[2] = max(0.0, t.connect + (now - t._tc if t._tc else 0.0) - d[1])
        if t.sent is None:
            cur = 1 if t._t else 2
        elif t.headers is None:
            cur = 3
        else:
            d[3] = t.headers - t.sent
            if t.body is None:
                cur = 4
            else:
                d[4] = t.body - t.headers
                cur = 6
                if t.render0 is not None and t.parse0 is not None and t.parse1 is not None:
                    d[5] = t.parse0 - (t.dispatch or t.parse0)
                    d[6] = t.parse1 - t.parse0
                    cur = 7
    d[cur] = max(0.0, now - t.taken - sum(d) + d[cur])
    return tuple(d), cur


def _ms(seconds: float) -> float:
    # Hundredths of a millisecond: round(ms, 2) would be the same but for ties a bit apart, at
    # a third of the cost (it goes through a decimal string); every record has eight of these.
    return round(seconds * 100_000.0) / 100.0


# The Timing of the request the running task makes (each worker is a task of its own). The
# resolver runs in a task aiohttp starts from the request's, which inherits it. It stays set after
# the request: a later request of the task that has no Timing of its own (robots.txt, a sitemap)
# stamps one whose try is over — recorded, or started afresh by its next try.
current: ContextVar[Timing | None] = ContextVar("current_timing", default=None)


class TimedResolver(AbstractResolver):
    """aiohttp's default resolver, the lookup's time added to the current Timing's DNS phase.
    Only real lookups come here: aiohttp answers IP addresses and cached hosts itself."""

    def __init__(self) -> None:
        self._inner = aiohttp.DefaultResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        t = current.get()
        if t is None:
            return await self._inner.resolve(host, port, family)
        t._t = time.monotonic()
        try:
            return await self._inner.resolve(host, port, family)
        finally:
            if t._t:  # else settle() counted it already
                t.dns += time.monotonic() - t._t
                t._t = 0.0

    async def close(self) -> None:
        await self._inner.close()


# True while the running task checks an external link: its connections (each redirect hop's too)
# go only to addresses the connector's AddressPolicy allows.
external: ContextVar[bool] = ContextVar("external_check", default=False)

# IPv6 addresses that carry an IPv4 address a gateway connects to (NAT64, RFC 6052).
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
# Carrier-grade NAT's shared address space (RFC 6598): the provider's side of a home or mobile
# network, never a public host; Python's is_private does not count it.
_SHARED = ipaddress.ip_network("100.64.0.0/10")


def is_private(address: str) -> bool:
    """Whether an IP address is one no link on a public page should make us connect to: private
    networks (RFC 1918, fc00::/7, the shared 100.64.0.0/10 of carrier-grade NAT), loopback, link-local (169.254/16 with the cloud metadata
    service 169.254.169.254, fe80::/10) and unspecified (0.0.0.0, ::), also when an IPv6 address
    wraps an IPv4 one. Not an address at all: False."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # "fe80::1%eth0": a zone
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        elif ip in _NAT64:
            ip = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_unspecified
        or (isinstance(ip, ipaddress.IPv4Address) and ip in _SHARED)
    )


class PrivateAddress(aiohttp.ClientConnectionError):
    """An external link's host is at a private, loopback or link-local address: not contacted."""


class AddressPolicy:
    """Where the crawl may connect, but for its roots' own hosts (external-link checks, and the
    other hosts of a lenient crawl's domain, robots.txt included): not to private addresses
    (``is_private``) unless the crawl's own roots are at such addresses: a crawl of 127.0.0.1 or
    of an intranet host may check its neighbours, a crawl of a public site is never steered by a
    link into the router or the metadata service of the network it runs in (``--lenient`` on
    www.example.com took internal.example.com at 10.0.0.1 for the site's own). Through a proxy (``via``: its host) the
    crawler connects only to the proxy, which decides where the request goes."""

    def __init__(self, roots: Iterable[str], via: str | None = None) -> None:
        self.via = via
        self.private_ok = False
        self.names: list[tuple[str, int]] = []  # roots' host names, looked up when first needed
        self.root_hosts: set[str] = set()  # connected to wherever they are
        for root in roots:
            url = yarl.URL(root)
            host, port = url.host or "", url.port or 0
            self.root_hosts.add(host)
            try:
                ipaddress.ip_address(host)
            except ValueError:
                self.names.append((host, port))
                continue
            self.private_ok = self.private_ok or is_private(host)

    def allows(self, address: str) -> bool:
        return self.private_ok or not is_private(address)

    def learn(self, addresses: Iterable[str]) -> None:
        """A root host name's addresses: a root at a private address allows private addresses."""
        self.private_ok = self.private_ok or any(is_private(a) for a in addresses)


class TimedConnector(aiohttp.TCPConnector):
    """A TCPConnector that adds the time to get a connection (a lookup, a new connection, or one
    from the pool at once) to the current Timing's connect phase, and marks the request sent when
    the connection is in hand: aiohttp writes the request on it straight away. A request that
    follows redirects (external links) gets a connection per hop: the spans add up, the last
    hop's is the one sent.

    With a ``policy``, an external check (``external`` set), and any request to a host other
    than a root's, connects only to the addresses it allows: decided on the addresses a host
    name resolved to (or the IP address a URL names), where aiohttp would connect, so a public
    name that resolves to a private address is caught too, and so is each redirect hop."""

    def __init__(self, *args: Any, policy: AddressPolicy | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Connections that forgive bytes after a complete answer (crawl/protocol.py).
        self._factory = functools.partial(ResponseHandler, loop=self._loop)  # type: ignore[assignment]
        self.policy = policy
        self._looking_up_roots = asyncio.Lock()

    async def _resolve_host(self, host: str, port: int, traces: Any = None) -> list[ResolveResult]:
        hosts = await super()._resolve_host(host, port, traces=traces)
        policy = self.policy
        if policy is None or host == policy.via:
            return hosts
        if host in policy.root_hosts and not external.get():
            return hosts
        if not policy.private_ok and policy.names:
            async with self._looking_up_roots:  # one lookup of them; the other checks wait
                for name, name_port in policy.names:
                    try:
                        found = await super()._resolve_host(name, name_port)
                    except (OSError, aiohttp.ClientError):
                        continue  # a root that does not resolve is at no private address
                    policy.learn(h["host"] for h in found)
                policy.names = []
        allowed = [h for h in hosts if policy.allows(h["host"])]
        if not allowed:
            where = ", ".join(dict.fromkeys(h["host"] for h in hosts))
            shown = host if where == host else f"{host} ({where})"
            raise PrivateAddress(f"{shown} is a private, loopback or link-local address")
        return allowed

    async def connect(self, req: Any, traces: Any, timeout: Any) -> Any:  # noqa: ASYNC109
        t = current.get()
        if t is None:
            return await super().connect(req, traces, timeout)
        t._tc = time.monotonic()
        try:
            conn = await super().connect(req, traces, timeout)
        finally:
            if t._tc:
                t.connect += time.monotonic() - t._tc
                t._tc = 0.0
        t.sent = time.monotonic()
        return conn
