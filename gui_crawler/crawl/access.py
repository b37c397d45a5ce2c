"""Sites behind a login: the headers, cookies and HTTP basic authentication a crawl is given go
with each request to the roots' hosts and with no other — an external link, a redirect or a
sitemap on another host never sees them — and the proxy every request goes through.

Added in one place, an aiohttp client middleware, so that every request of the crawl's session
(pages, robots.txt, sitemaps, external checks, each redirect hop) gets the same decision.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

import aiohttp
import yarl
from multidict import CIMultiDict

if TYPE_CHECKING:
    from aiohttp.client_middlewares import ClientHandlerType

    from gui_crawler.config import CrawlConfig


class Access:
    """The credentials of one crawl and where they may go (``origins``: the roots' hosts and
    ports)."""

    def __init__(self, config: CrawlConfig) -> None:
        self.origins = {_origin(yarl.URL(root)) for root in config.roots}
        headers: CIMultiDict[str] = CIMultiDict()
        for line in config.headers:
            name, _, value = line.partition(":")
            headers.add(name.strip(), value.strip())
        if config.cookies:
            headers.add("Cookie", "; ".join(c.strip() for c in config.cookies))
        if config.auth:
            user, _, password = config.auth.partition(":")
            headers["Authorization"] = basic(user, password)
        self.headers = headers
        self.proxy = config.proxy

    def goes_to(self, url: yarl.URL) -> bool:
        """Whether a request to ``url`` carries the credentials."""
        return _origin(url) in self.origins

    async def middleware(
        self, req: aiohttp.ClientRequest, handler: ClientHandlerType
    ) -> aiohttp.ClientResponse:
        if self.goes_to(req.url):
            for name in set(self.headers):  # a given User-Agent replaces the crawler's
                req.headers.popall(name, None)
            req.headers.extend(self.headers)
        return await handler(req)

    def session_kwargs(self) -> dict[str, Any]:
        """What the crawl's ClientSession takes for them (nothing without any)."""
        kw: dict[str, Any] = {}
        if self.headers:
            kw["middlewares"] = (self.middleware,)
        if self.proxy:
            # aiohttp reads the user and password of the proxy's URL into Proxy-Authorization.
            kw["proxy"] = self.proxy
        return kw


def basic(user: str, password: str) -> str:
    """An Authorization (or Proxy-Authorization) header's value for HTTP basic authentication,
    UTF-8 as RFC 7617 asks (aiohttp's BasicAuth is deprecated)."""
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode("ascii")


def _origin(url: yarl.URL) -> tuple[str, int | None]:
    return (url.raw_host or "").lower(), url.port


def proxy_host(config: CrawlConfig) -> str | None:
    """The proxy's host name, if the crawl has one: connections to it are the proxy's, not the
    request's, so where the request goes is the proxy's to decide."""
    return yarl.URL(config.proxy).raw_host if config.proxy else None
