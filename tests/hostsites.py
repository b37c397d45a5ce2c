"""Sites on loopback addresses of their own, for the tests of real-site manners: 127.0.0.2 and
127.0.0.3 stand in for other hosts (Linux routes all of 127/8 to lo). ``HostSite`` logs every
request with its time; ``serve(*addresses)`` runs an async test body with started sites (and
``crawling.crawl(*roots)`` crawls them)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web
from sites import Site


class HostSite(Site):
    """A Site on a given loopback address that logs (method, path, loop time) of every request."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        super().__init__()
        self.address = address
        self.log: list[tuple[str, str, float]] = []

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"

    def u(self, path: str) -> str:
        return f"http://{self.address}:{self.port}{path}"

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        self.log.append((request.method, request.path_qs, asyncio.get_running_loop().time()))
        return await super()._dispatch(request)

    def text(self, path: str, body: str | bytes, content_type: str = "text/plain") -> None:
        self.html(path, body, content_type=content_type)

    def requests(self, path: str, method: str | None = None) -> int:
        return sum(1 for m, p, _ in self.log if p == path and method in (None, m))

    async def start(self) -> HostSite:
        self._runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=0.1
        )
        await self._runner.setup()
        tcp = web.TCPSite(self._runner, self.address, 0)
        await tcp.start()
        self.port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self


def serve(*addresses: str) -> Callable[[Callable[..., Awaitable[None]]], Callable[[], None]]:
    """Run an async test body with started HostSites, one per address."""

    def wrap(body: Callable[..., Awaitable[None]]) -> Callable[[], None]:
        def test() -> None:
            async def main() -> None:
                sites = [await HostSite(a).start() for a in addresses]
                try:
                    await body(*sites)
                finally:
                    for s in sites:
                        await s.close()

            asyncio.run(main())

        test.__name__ = body.__name__
        return test

    return wrap
