"""URL normalisation, joining, the address bar's parsing, charsets and link extraction."""

from __future__ import annotations

import re

import pytest

from gui_crawler.base.urls import InvalidURL, Scope, join, normalize, parse_address
from gui_crawler.parsing.links import decode, extract_links, parse_content_type


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("HTTP://Example.COM:80", "http://example.com/"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://example.com:8080", "http://example.com:8080/"),
        ("http://example.com/a#frag", "http://example.com/a"),
        ("http://example.com/a b", "http://example.com/a%20b"),
        ("http://example.com/%7e?q=%2f", "http://example.com/%7E?q=%2F"),
        ("http://ünicode.de/", "http://xn--nicode-2ya.de/"),
        ("http://[0:0::1]:8000/x", "http://[::1]:8000/x"),
        ("http://example.com./", "http://example.com/"),
        ("  http://example.com/  ", "http://example.com/"),
        # Dot segments removed (RFC 3986 5.2.4): a server answers /ok for /ok/../ok.
        ("http://example.com/ok/../ok", "http://example.com/ok"),
        ("http://example.com/a/./b/../../c/.", "http://example.com/c/"),
        ("http://example.com/../../x?q=/../y", "http://example.com/x?q=/../y"),
        ("http://example.com/.well-known/x", "http://example.com/.well-known/x"),
        ("http://example.com/x/%2e%2e/y", "http://example.com/x/%2E%2E/y"),  # not a dot segment
    ],
)
def test_normalize(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "javascript:alert(1)",
        "mailto:a@b.c",
        "ftp://example.com/",
        "file:///etc/passwd",
        "http://exa mple.com/",
        "http://[not-ipv6]/",
        "http://example.com:99999/",
        "http://example.com/\0",
        "http://example.com/" + "a" * 5000,
        "http:///nohost",
    ],
)
def test_uncrawlable_urls_are_none(raw: str) -> None:
    assert normalize(raw) is None


def test_join_resolves_relative_links_and_shares_work_per_directory() -> None:
    page = "http://h.org/docs/guide/page.html"
    assert join(page, "../api/") == "http://h.org/docs/api/"
    assert join(page, "other.html#x") == "http://h.org/docs/guide/other.html"
    assert join(page, "?q=1") == "http://h.org/docs/guide/page.html?q=1"
    assert join(page, "//cdn.h.org/x") == "http://cdn.h.org/x"
    assert join(page, "\\images\\a.png") == "http://h.org/images/a.png"
    assert join(page, "#top") is None
    assert join("http://h.org/docs/guide/other.html", "../api/") == "http://h.org/docs/api/"
    assert join(page, "http://h.org/ok/../ok") == "http://h.org/ok"  # absolute, dots all the same
    assert join(page, "//h.org/a/./b/..") == "http://h.org/a/"


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("example.com", "http://example.com/"),
        ("localhost:8000/x", "http://localhost:8000/x"),
        ("https://Example.com", "https://example.com/"),
        ("127.0.0.1:9", "http://127.0.0.1:9/"),
        ("[::1]:8080", "http://[::1]:8080/"),
        ("example.com/ok/../ok", "http://example.com/ok"),
    ],
)
def test_address_bar_accepts(typed: str, url: str) -> None:
    assert parse_address(typed) == url


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "Enter a URL"),
        ("   ", "Enter a URL"),
        ("hello world", "contains spaces"),
        ("nonsense", "is not a host name"),
        ("ftp://example.com", "unsupported scheme 'ftp'"),
        ("mailto:me@example.com", "unsupported scheme 'mailto'"),
        ("http://", "has no host name"),
        ("http://example.com:port/", "invalid port"),
    ],
)
def test_address_bar_explains_what_is_wrong(typed: str, words: str) -> None:
    with pytest.raises(InvalidURL, match=words):
        parse_address(typed)


def test_scope_ports_and_regexes() -> None:
    import re

    scope = Scope(("http://127.0.0.1:8000/",), exclude=re.compile(r"\.pdf$"))
    assert "http://127.0.0.1:8000/a" in scope
    assert "http://127.0.0.1:8001/a" not in scope
    assert "http://127.0.0.1:8000/a.pdf" not in scope
    assert "http://[::1]:8000/" not in scope
    http_root = Scope(("http://example.com/",))
    assert "https://example.com/secure" in http_root  # an http → https move stays in scope


def test_content_type_and_charset_detection() -> None:
    assert parse_content_type('text/HTML; Charset="ISO-8859-1"') == ("text/html", "ISO-8859-1")
    assert parse_content_type(None) == (None, None)
    assert decode("é".encode(), "latin-1") == ("Ã©", "iso8859-1")
    assert decode(b'<meta charset="windows-1251">\xc4', None)[1] == "cp1251"
    assert decode(b"\xef\xbb\xbfhi", None)[1] == "utf-8"
    assert decode(b"\xe9t\xe9", None) == ("été", "cp1252")
    assert decode(b"caf\xc3\xa9", "x-unknown") == ("café", "utf-8")


def test_extract_links_dedupes_and_keeps_document_order() -> None:
    html = "".join(f'<a href="/p{i % 50}">x</a>' for i in range(500))
    links = extract_links(html, "http://h.org/")
    assert links == [f"http://h.org/p{i}" for i in range(50)]


@pytest.mark.parametrize(
    "base", ["http://h.org/", "http://h.org/d/e/", "http://h.org:8080/d/", "http://h.org/a%20b/"]
)
def test_the_fast_join_agrees_with_urljoin(base: str) -> None:
    from gui_crawler.base import urls

    hrefs = [
        "page.html", "../x.html", "../../../../x", "./", "..", "../", "a/./b/../c", "/abs/p",
        "/a/b/.", "/a/b/..", "p.html?v=2#top", "p?", "/p?x=1&y=2", "/a/%7e", "/A B", "x:y",
        "//other.org/x", "é", "a b", "/x?y=%zz", "HTTP://Host:80/x", "https://h.org:443/",
        "Upper/Case.HTML", "?q", "", "/%2e%2e/x", "x\ny", "page.html#",
    ]  # fmt: skip
    absolute = [
        "https://o.org/run?code=%23!%5B", "https://o.org/a/b#f", "https://o.org/a?b=1#c",
        "https://o.org/a?", "https://o.org/a/../b", "https://o.org/./a", "https://o.org",
        "http://o.org:80/x", "https://o.org:8443/x", "http://Other.org/x", "https://o.org/%7e",
        "https://o.org/%7E", "https://o.org/%zz", "https://o.org/a b", "https://o.org/é",
        "https://o.org/%2", "http://o.org/?%41", "https://o.org/a;p=1", "http://o.org:99999/x",
        "http://o.org:65536/", "http://o.org:65535/", "http://o.org:70000/",
    ]  # fmt: skip
    fast = 0
    for href in hrefs + absolute:
        key = urls._base_key(base + "page.html", href)
        fast += urls._plain_join(key, href) is not None
        fast += urls._normal_absolute(href) is not None
        assert urls._normal_absolute(href) in (None, urls._slow_join(key, href)), href
        assert urls._join.__wrapped__(key, href) == urls._slow_join(key, href), href
    assert fast >= 20  # the plain forms really take the fast paths
    # Where they differ, the fast path is the browsers' (WHATWG keeps the empty segment).
    assert urls._plain_join(base, "..//x") is not None


def test_partition_is_the_scope_and_host_tests_in_one_pass() -> None:
    scope = Scope(("http://a.test/",), exclude=re.compile(r"/private/"))
    urls = [
        "http://a.test/x",
        "http://www.a.test/y",
        "http://b.test/z",
        "http://a.test/private/p",
        "https://a.test/s",
        "http://a.test:81/port",
        "http://a.test/",
    ]
    inside, outside = scope.partition(urls)
    assert inside == [u for u in urls if u in scope]
    assert outside == [u for u in urls if not scope.host_ok(u)]
    assert "http://a.test/private/p" not in inside + outside


def test_partition_does_not_take_a_longer_host_for_the_one_before() -> None:
    scope = Scope(("http://a.test/",))
    urls = ["http://a.test/1", "http://a.test.evil/2", "http://a.test/3", "http://a.test:8/4"]
    assert scope.partition(urls) == (["http://a.test/1", "http://a.test/3"], urls[1::2])


@pytest.mark.parametrize("strict", [True, False])
@pytest.mark.parametrize(
    "urls",
    [
        ["http://a.test/1", "http://a.test/2/"],  # one host: its links all in
        ["http://b.test/1", "http://b.test/2"],  # one host, off-site: all out
        ["http://a.test/1", "http://b.test/2", "http://a.test/3", "https://c.test/"],
        ["http://b.test/1", "http://a.test/2", "http://b.test/3"],  # the first off-site
        ["http://a.test/1", "https://www.a.test/2", "http://x.a.test/3", "http://a.test/4"],
        ["http://a.test/1", "http://a.test", "http://a.test:81/2"],  # no path, another port
        [],
    ],
)
def test_partition_of_an_unfiltered_scope_is_each_links_host_test(
    urls: list[str], strict: bool
) -> None:
    """Without include or exclude, a link is in scope when its host is (partition tests the
    prefixes of a page's links in one pass, and the host of each one off the first's)."""
    scope = Scope(("http://a.test/",), strict=strict)
    inside, outside = scope.partition(urls)
    assert inside == [u for u in urls if scope.host_ok(u)]
    assert outside == [u for u in urls if not scope.host_ok(u)]


def test_a_link_of_another_scheme_is_refused_without_urljoin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """file:, mailto:, javascript: links (python3-doc has two file:// links a page) are no
    crawlable URL whatever the page: refused before urljoin and its three urlsplits, with the
    same answer the general path gives."""
    from gui_crawler.base import urls

    hrefs = [
        "file:///usr/share/doc/x.html", "mailto:a%40b.org", "javascript:void(0)", "x:y",
        "tel:+1", "a.b+c-d:e", "Data:text/html,x", "file:x\ty", "localhost:8080/x",
    ]  # fmt: skip
    page = "http://h.org/docs/page.html"
    for href in hrefs:
        assert urls._slow_join(urls._base_key(page, href), href) is None, href
    # Still joined as before: what is not a scheme, or is http's own.
    kept = {"http:x.html": "http://h.org/docs/x.html", "1a:b": "http://h.org/docs/1a:b",
            "HTTPS://h.org/a": "https://h.org/a", "fi\tle:x": None}  # fmt: skip
    joined = []
    real = urls.urljoin
    monkeypatch.setattr(urls, "urljoin", lambda base, href: joined.append(href) or real(base, href))
    urls._join.cache_clear()
    join_href = urls.href_joiner(page)
    assert [join_href(href) for href in hrefs] == [None] * len(hrefs)
    assert joined == []
    assert {href: join_href(href) for href in kept} == kept
