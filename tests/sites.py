"""Small real web sites for tests: an in-process aiohttp server on an ephemeral loopback port.

``site.page("/a", links=["/b"])``, ``site.redirect("/old", "/new", 301)``, ``site.route(path, handler)``;
``site.hits`` counts requests per path at the server, so tests can assert what was (not) fetched.
"""

from __future__ import annotations

import asyncio
import collections
import threading
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

from gui_crawler.events import Event, FetchRecord, HostState, Notice

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Site:
    def __init__(self) -> None:
        self.app = web.Application()
        self.hits: collections.Counter[str] = collections.Counter()
        self.in_flight = 0
        self.peak_in_flight = 0
        self._routes: dict[str, Handler] = {}
        self.app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def u(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        key = request.path_qs
        self.hits[key] += 1
        handler = self._routes.get(key) or self._routes.get(request.path)
        if handler is None:
            return web.Response(status=404, text="not found")
        self.in_flight += 1
        self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
        try:
            return await handler(request)
        finally:
            self.in_flight -= 1

    def route(self, path: str, handler: Handler) -> None:
        self._routes[path] = handler

    def html(
        self,
        path: str,
        body: str | bytes,
        *,
        content_type: str = "text/html; charset=utf-8",
        status: int = 200,
        delay: float = 0.0,
    ) -> None:
        data = body.encode() if isinstance(body, str) else body

        async def handler(request: web.Request) -> web.StreamResponse:
            if delay:
                await asyncio.sleep(delay)
            return web.Response(body=data, status=status, headers={"Content-Type": content_type})

        self.route(path, handler)

    def page(
        self, path: str, links: Iterable[str] = (), *, delay: float = 0.0, status: int = 200
    ) -> None:
        anchors = "".join(f'<a href="{link}">{link}</a>\n' for link in links)
        self.html(
            path, f"<!doctype html><html><body>{anchors}</body></html>", delay=delay, status=status
        )

    def redirect(self, path: str, location: str | None, status: int = 302) -> None:
        async def handler(request: web.Request) -> web.StreamResponse:
            headers = {} if location is None else {"Location": location}
            return web.Response(status=status, headers=headers)

        self.route(path, handler)

    async def start(self) -> Site:
        # A short grace on close, as LiveSite's: a handler still sleeping for a client that gave up
        # (a timeout, a cancel, a killed crawl) is cancelled, not awaited. With aiohttp's default
        # (60 s) the close waited out every such delay (10 s for a killed crawl's cut-short pages,
        # which under load also outlasted ThreadedSite's 10 s for the close and failed the test).
        self._runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=0.1
        )
        await self._runner.setup()
        tcp = web.TCPSite(self._runner, "127.0.0.1", 0)
        await tcp.start()
        self.port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Site:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class ThreadedSite:
    """Serves a Site from its own thread and loop: for code under test that runs its own loop
    (the CLI's asyncio.run, a subprocess)."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> Site:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self.site.start(), self.loop).result(10)
        return self.site

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    async def _close(self) -> None:
        await self.site.close()
        # What the close left running (handlers sleeping for clients long gone: aiohttp's close
        # does not cancel them) ends here, before the loop stops: a task left pending on a closed
        # loop is reported (to a later test's caplog) when it is collected.
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)


class Sink:
    """A crawl's sink that keeps every event: ``records`` by URL (a URL recorded twice fails the
    test), ``notices`` and ``hosts`` (HostState events) in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, e: Event) -> None:
        self.events.append(e)

    @property
    def records(self) -> dict[str, FetchRecord]:
        recs = [e for e in self.events if isinstance(e, FetchRecord)]
        by_url = {r.url: r for r in recs}
        assert len(by_url) == len(recs), "a URL was recorded twice"
        return by_url

    @property
    def notices(self) -> list[str]:
        return [e.text for e in self.events if isinstance(e, Notice)]

    @property
    def hosts(self) -> list[HostState]:
        return [e for e in self.events if isinstance(e, HostState)]
