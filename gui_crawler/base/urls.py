"""URL normalisation, joining and crawl scope. Pure functions, no I/O.

Joining and normalising every href is the crawler's hottest path on link-heavy sites (navigation
repeated on every page), so both are memoised: a relative href resolves the same way for every page
in one directory.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from operator import not_
from typing import TYPE_CHECKING
from urllib.parse import SplitResult, quote, urljoin, urlsplit

from gui_crawler.base.translate import translate

if TYPE_CHECKING:
    from gui_crawler.base.userregex import UrlRegex

SCHEMES = frozenset({"http", "https"})
DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_URL_LENGTH = 4096
# Characters allowed raw in a path/query after normalisation; everything else is percent-encoded.
_SAFE_PATH = "/:@!$&'()*+,;=-._~%"
_SAFE_QUERY = _SAFE_PATH + "?"
_PCT = re.compile(r"%[0-9a-fA-F]{2}")
_HOST_OK = re.compile(r"^[a-z0-9._~!$&'()*+,;=-]+$")


ADDRESS = "Address"  # the context of what is said about an address typed


class InvalidURL(ValueError):
    """The text is not a URL the crawler can fetch; the message is for a person."""


def _upper_pct(s: str) -> str:
    return _PCT.sub(lambda m: m.group(0).upper(), s) if "%" in s else s


def _host_port(parts: SplitResult) -> tuple[str, int | None]:
    host = parts.hostname
    if not host:
        raise InvalidURL(translate(ADDRESS, "has no host name"))
    try:
        port = parts.port
    except ValueError:
        raise InvalidURL(translate(ADDRESS, "has an invalid port")) from None
    if ":" in host:  # IPv6 literal
        try:
            host = "[" + ipaddress.IPv6Address(host.split("%", 1)[0]).compressed + "]"
        except ValueError:
            raise InvalidURL(
                translate(ADDRESS, "has an invalid IPv6 address {host}").format(host=repr(host))
            ) from None
    else:
        host = host.rstrip(".")
        if not host or not _HOST_OK.match(host):
            try:
                host = host.encode("idna").decode("ascii")
            except UnicodeError:
                host = ""
            if not _HOST_OK.match(host):
                raise InvalidURL(
                    translate(ADDRESS, "has an invalid host name {host}").format(
                        host=repr(parts.hostname)
                    )
                )
    return host, port


@functools.lru_cache(maxsize=16384)
def normalize(url: str) -> str | None:
    """Canonical form of an absolute http(s) URL, or None if it cannot be crawled.

    Lower-case scheme and host, default port dropped, empty path made "/", dot segments removed
    (RFC 3986 section 5.2.4: "/ok/../ok" is "/ok", which a server answers for it), fragment
    dropped, percent-escapes upper-cased, unsafe characters percent-encoded.
    """
    if len(url) > MAX_URL_LENGTH or "\0" in url:
        return None
    url = url.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        return None
    try:
        host, port = _host_port(parts)
    except InvalidURL:
        return None
    netloc = host if port is None or port == DEFAULT_PORTS[scheme] else f"{host}:{port}"
    path = parts.path
    if "/." in path:
        path = _remove_dot_segments(path)
    # A Location header's bytes that are not UTF-8 come as lone surrogates (aiohttp decodes
    # headers with surrogateescape): percent-encoded as the bytes they were, as browsers send them.
    try:
        path = _upper_pct(quote(path, safe=_SAFE_PATH, errors="surrogateescape")) or "/"
        query = _upper_pct(quote(parts.query, safe=_SAFE_QUERY, errors="surrogateescape"))
    except UnicodeEncodeError:  # a surrogate that was no byte ("\ud800"): no URL's
        return None
    return f"{scheme}://{netloc}{path}" + (f"?{query}" if query else "")


def route_url(url: str) -> str | None:
    """The page of a hash-routed application (``#/quickstart``, ``#!/x``: docsify, Swagger UI,
    Redoc, Angular's hash routing): the URL normalised with its fragment kept; None for any other
    URL. Only a crawl that renders pages keeps such fragments (gui_crawler/render): a plain
    ``#section`` stays an anchor of its page, and a crawl without a browser drops every fragment
    (``normalize``), since the server sends the same document for each."""
    base, _, fragment = url.partition("#")
    if not fragment.startswith(("/", "!")):
        return None
    page = normalize(base)
    if page is None:
        return None
    return f"{page}#{_upper_pct(quote(fragment, safe=_SAFE_QUERY))}"


def _base_key(base: str, href: str) -> str:
    # A relative href that is not query- or fragment-only resolves against the base's directory,
    # so pages in one directory share cache entries.
    if not href or href[0] in "?#":
        return base
    q = base.find("?")
    head = base if q < 0 else base[:q]
    return head[: head.rfind("/") + 1]


# The hrefs documentation sites are made of ("../api/x.html", "/guide/", "page.html?v=2#top"):
# resolved without urljoin/urlsplit, which cost more than everything else in a crawl of such a site.
_PLAIN_HREF = re.compile(
    r"[A-Za-z0-9/._~!$&'()*+,;=@-]*(?:\?[A-Za-z0-9/._~!$&'()*+,;=:@?-]*)?(?:#[^\t\n\r]*)?\Z"
)
# Already in normal form: lower-case host, no default port, nothing to percent-encode, escapes
# upper-case. (Possessive runs: a 1 KB playground link is read 2.5x faster than char by char.)
_NORMAL = re.compile(
    r"https?://[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?!80/|443/)"
    r"(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
    r"/(?:[A-Za-z0-9/._~!$&'()*+,;=:@-]++|%[0-9A-F]{2})*+"
    r"(?:\?(?:[A-Za-z0-9/._~!$&'()*+,;=:@?-]++|%[0-9A-F]{2})*+)?\Z"
)


# A scheme as urlsplit reads one (RFC 3986 3.1): an ASCII letter, then letters, digits, "+-.".
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4 for a path starting with "/"."""
    segments = path.split("/")
    out = [""]
    for seg in segments[1:]:
        if seg == "..":
            if len(out) > 1:
                out.pop()
        elif seg != ".":
            out.append(seg)
    if segments[-1] in (".", ".."):
        out.append("")
    return "/".join(out) or "/"


def _plain_join(base_key: str, href: str) -> str | None:
    """Resolve a plain relative or root-relative href against a directory base; None if the
    href is not plain (the general path handles it)."""
    if href.startswith("//") or not _PLAIN_HREF.match(href):
        return None
    href = href.split("#", 1)[0]
    if href.startswith("/"):
        cut = base_key.find("/", base_key.find("//") + 2)
        url = base_key[:cut] + href
    elif href.startswith("?"):
        return None  # against the page itself, query and all: the general path
    else:
        url = base_key + href
    query = url.find("?")
    path_end = len(url) if query < 0 else query
    path_start = url.find("/", url.find("//") + 2)
    path = url[path_start:path_end]
    if "/." in path:
        url = url[:path_start] + _remove_dot_segments(path) + url[path_end:]
    if url.endswith("?"):
        url = url[:-1]
    return url if _NORMAL.match(url) else normalize(url)


def _normal_absolute(href: str) -> str | None:
    """An absolute href already in normal form (a fragment aside), as it is: nothing to resolve.
    Links to other sites are mostly such ("https://github.com/o/r/issues/1"), and mostly each
    seen once (a code sample's playground link), so the join cache does not help them."""
    url = href.split("#", 1)[0]
    if "/." in url or url.endswith("?") or not _NORMAL.match(url):
        return None
    return url


@functools.lru_cache(maxsize=32768)
def _join(base_key: str, href: str) -> str | None:
    if base_key.endswith("/") and _NORMAL.match(base_key):
        url = _plain_join(base_key, href)
        if url is not None:
            return url
    return _slow_join(base_key, href)


def _slow_join(base_key: str, href: str) -> str | None:
    """The general path (tests check that the plain path agrees with it)."""
    try:
        return normalize(urljoin(base_key, href))
    except ValueError:
        return None


def join(base: str, href: str) -> str | None:
    """Resolve ``href`` against the page URL ``base`` and normalise it (None: not crawlable)."""
    return next(iter(join_all(base, (href,))), None)


def plain_directory(page_url: str) -> str | None:
    """The directory the plain path joins a page's relative hrefs against, when it takes that
    path (the directory is in normal form); None otherwise. ``_pagewalk.walk`` joins plain
    hrefs in C against it."""
    return _plain_directory(_base_key(page_url, "x"))


@functools.lru_cache(maxsize=4096)
def _plain_directory(directory: str) -> str | None:
    # Pages come a directory at a time: the directory's test against _NORMAL is made once.
    return directory if directory.endswith("/") and _NORMAL.match(directory) else None


def href_joiner(base: str) -> Callable[[str], str | None]:
    """``join(base, href)`` for the hrefs of one page: the directory key found once, not once
    per href."""
    return functools.partial(_join_href, base, _base_key(base, "x"))


def join_all(base: str, hrefs: Iterable[str]) -> list[str]:
    """The crawlable URLs ``hrefs`` resolve to against the page URL ``base``, deduplicated, in
    order."""
    join = href_joiner(base)
    return list(dict.fromkeys(url for url in map(join, hrefs) if url))


def _join_href(base: str, directory: str, href: str) -> str | None:
    # Browsers read "\\" as "/" in http(s) URLs (WHATWG URL standard); so do we.
    href = href.strip()
    if "\\" in href:
        href = href.replace("\\", "/")
    if href.startswith("#") or len(href) > MAX_URL_LENGTH:
        return None  # the same page; or absurd
    if href.startswith("http") and (url := _normal_absolute(href)) is not None:
        return url
    if (scheme := _SCHEME.match(href)) is not None and scheme[1].lower() not in SCHEMES:
        # No http(s) URL, whatever the base: urljoin hands it back as it is, and normalize
        # refuses its scheme. python3-doc's pages link ~2 file:// URLs each: ~20 us saved a link.
        return None
    return _join(base if not href or href[0] == "?" else directory, href)


def not_a_url(text: str, why: str) -> str:
    """Why ``text`` typed is no URL, for the person who typed it."""
    return translate(ADDRESS, "{text} is not a URL: {why}").format(text=repr(text), why=why)


def parse_address(text: str) -> str:
    """Turn what a person typed into a normalised URL, or raise InvalidURL saying why."""
    text = text.strip()
    if not text:
        raise InvalidURL(
            translate(ADDRESS, "Enter a URL to crawl, for example {url}").format(
                url="http://127.0.0.1:8000/"
            )
        )
    if any(c.isspace() for c in text):
        raise InvalidURL(not_a_url(text, translate(ADDRESS, "it contains spaces")))
    unsupported = translate(
        ADDRESS, "unsupported scheme {scheme}: only http and https can be crawled"
    )
    if "://" not in text:
        m = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*):(?!\d)", text)
        if m and m.group(1).lower() not in ("localhost",):
            raise InvalidURL(unsupported.format(scheme=repr(m.group(1))))
        text = "http://" + text
    try:
        parts = urlsplit(text)
    except ValueError as e:
        raise InvalidURL(not_a_url(text, str(e))) from None
    if parts.scheme.lower() not in SCHEMES:
        raise InvalidURL(unsupported.format(scheme=repr(parts.scheme)))
    try:
        host, _ = _host_port(parts)
    except InvalidURL as e:
        raise InvalidURL(not_a_url(text, translate(ADDRESS, "it {why}").format(why=e))) from None
    if "." not in host and host != "localhost" and not host.startswith("["):
        why = translate(ADDRESS, "{host} is not a host name").format(host=repr(host))
        raise InvalidURL(not_a_url(text, why))
    if not host.startswith("[") and (len(host) > 253 or any(len(x) > 63 for x in host.split("."))):
        # DNS allows 63 bytes per label, 253 in all; the resolver would fail on every try.
        why = translate(ADDRESS, "its host name has a part longer than DNS allows")
        raise InvalidURL(not_a_url(text, why))
    url = normalize(text)
    if url is None:
        raise InvalidURL(
            translate(ADDRESS, "{text} is not a URL the crawler can fetch").format(text=repr(text))
        )
    return url


def uncrawlable(url: str) -> str | None:
    """Why ``url``, taken from elsewhere as it is (a crawl file's frontier: a hand edit, another
    program), cannot be fetched as it is, or None when it can."""
    if _NORMAL.match(url) is not None or normalize(url) is not None:
        return None
    try:
        parse_address(url)  # for its words
    except InvalidURL as e:
        return str(e)
    return f"{url[:200]!r} is not a URL the crawler can fetch as it is"


def host_of(url: str) -> str:
    """Host (lower-case, brackets kept for IPv6) of a normalised URL."""
    netloc = url.split("/", 3)[2]
    if netloc.startswith("["):
        return netloc[: netloc.index("]") + 1]
    return netloc.rsplit(":", 1)[0] if ":" in netloc else netloc


def _origin(url: str) -> tuple[str, str]:
    """(host without a leading "www.", explicit port or "") of a normalised URL.

    Default ports are already dropped by ``normalize``, so http://h and https://h share an origin
    (an http → https redirect stays in scope) while two loopback servers on different ports do not.
    """
    netloc = url.split("/", 3)[2]
    host = host_of(url)
    return host.removeprefix("www."), netloc[len(host) + 1 :]


def _domain(host: str) -> str:
    if host.startswith("[") or re.fullmatch(r"[\d.]+", host):
        return host  # an IP address is its own domain
    return ".".join(host.split(".")[-2:])


class Scope:
    """Decides which normalised URLs belong to the crawl.

    strict: same host as a root modulo one leading "www.", and the same explicit port;
    lenient: same last two host labels as a root (any port). ``include``/``exclude`` are regexes
    searched in the URL, with a time budget (userregex.UrlRegex); roots are always in scope.
    """

    def __init__(
        self,
        roots: tuple[str, ...],
        *,
        strict: bool = True,
        include: UrlRegex | None = None,
        exclude: UrlRegex | None = None,
    ) -> None:
        self.roots = frozenset(roots)
        self.strict = strict
        self.include = include
        self.exclude = exclude
        if strict:
            self._origins = frozenset(_origin(r) for r in roots)
        else:
            self._domains = frozenset(_domain(host_of(r)) for r in roots)
        self._cache: dict[str, bool] = {}

    def host_ok(self, url: str) -> bool:
        if self.strict:
            return _origin(url) in self._origins
        return _domain(host_of(url)) in self._domains

    def host_ok_cached(self, url: str) -> bool:
        """``host_ok`` of a normalised URL, kept by "scheme://netloc": a page's links repeat a few
        hosts hundreds of times, and every URL a worker takes asks it again."""
        end = url.find("/", 8)
        key = url if end < 0 else url[:end]
        ok = self._cache.get(key)
        if ok is None:
            ok = self._cache[key] = self.host_ok(url)
        return ok

    def __contains__(self, url: str) -> bool:
        if url in self.roots:
            return True
        if self.exclude is not None and self.exclude.search(url):
            return False
        if self.include is not None and not self.include.search(url):
            return False
        return self.host_ok_cached(url)

    def partition(self, urls: Sequence[str]) -> tuple[list[str], list[str]]:
        """(the URLs in scope, those on hosts outside the crawl), each in order: one pass over a
        page's links instead of a scope test and a host test per link. A URL on a crawled host
        that include/exclude leave out is in neither."""
        roots, include, exclude = self.roots, self.include, self.exclude
        filtered = include is not None or exclude is not None
        if not filtered and urls:
            # Most of a page's links are on its first link's host, the rest off-site: the
            # prefixes tested in C, a host test for the first and each of the rest.
            first = urls[0]
            end = first.find("/", 8)
            if end >= 0:
                same = list(map(str.startswith, urls, repeat(first[: end + 1])))
                others = list(compress(urls, map(not_, same)))
                if not any(map(self.host_ok_cached, others)):
                    if self.host_ok_cached(first):
                        return list(compress(urls, same)), others
                    return [], list(urls)
        inside: list[str] = []
        outside: list[str] = []
        # "scheme://netloc/" of the URL before, and its host test: links run in hosts.
        prefix, ok = "\0", False
        for url in urls:
            if not url.startswith(prefix):
                end = url.find("/", 8)
                prefix = "\0" if end < 0 else url[: end + 1]
                ok = self.host_ok_cached(url)
            if not ok:
                outside.append(url)
            elif (
                not filtered
                or url in roots
                or (
                    (exclude is None or not exclude.search(url))
                    and (include is None or include.search(url))
                )
            ):
                inside.append(url)
        return inside, outside
