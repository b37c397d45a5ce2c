"""Each link of a page with its words: the element that carries it, its anchor text, the alt of
its image, its rel. The walk packs them on the parser thread (``walked_said``: hrefs as written,
the specification :func:`pack_said`); the crawl file keeps those bytes; :func:`said_words` joins
and reads them when a view, an export or a report asks. No Qt here."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from gui_crawler.base import urls
from gui_crawler.parsing._linkpack_py import varint

# Bounds on what is kept of a link's words: an <a> around a whole page keeps its first words.
ANCHOR_CHARS = 200
REL_CHARS = 100

# Schemes a link checker leaves alone: a browser hands them to another program (mail, phone, a
# chat or a store) or runs them in the page (javascript:, data:, blob:); never contacted, never
# reported. A link with any other scheme but http(s) is one no browser follows: an invalid link.
LEFT_ALONE = frozenset(
    {
        *("about", "blob", "callto", "chrome", "data", "facetime", "fax", "feed", "file"),
        *("ftp", "ftps", "geo", "git", "im", "intent", "irc", "ircs", "itms-apps"),
        *("itms-services", "javascript", "magnet", "mailto", "maps", "market", "matrix"),
        *("mms", "msteams", "news", "nntp", "openpgp4fpr", "sftp", "sip", "sips", "skype"),
        *("slack", "sms", "smsto", "spotify", "ssh", "steam", "tel", "telnet", "tg", "urn"),
        *("view-source", "viber", "webcal", "whatsapp", "ws", "wss", "xmpp", "zoommtg"),
    }
)
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_REFRESH_TIME = re.compile(r"[\t\n\x0c\r ]*([0-9.]*)")
_WS = "\t\n\x0c\r "


class LinkWords(NamedTuple):
    """One link of a page as a reader meets it. ``target`` is the absolute, normalised http(s)
    URL; or, for a link no browser follows (``invalid``), the href as written."""

    target: str
    # a, area, link, iframe, frame, img, script, meta-refresh (css for a stylesheet; request for
    # a rendered page's failed fetch or XMLHttpRequest)
    element: str
    anchor: str = ""  # the text of an <a>, whitespace collapsed, at most ANCHOR_CHARS
    alt: str = ""  # of an <img> or <area>, or of the first <img> inside an <a> that has one
    rel: str = ""  # lower case, whitespace collapsed ("nofollow noopener")

    @property
    def invalid(self) -> bool:
        return not self.target.startswith(("http://", "https://"))

    @property
    def nofollow(self) -> bool:
        return "nofollow" in self.rel.split()


def refresh_target(content: str) -> str | None:
    """The URL of a ``<meta http-equiv="refresh">`` content, as the HTML standard reads it
    ("0;URL='x'" gives x, its quotes stripped); None when it names none (a reload)."""
    m = _REFRESH_TIME.match(content)
    assert m is not None  # it matches the empty string
    if not m.group(1):
        return None
    rest = content[m.end() :]
    if rest and rest[0] not in ";," + _WS:
        return None
    rest = rest.lstrip(_WS)
    if rest[:1] in (";", ","):
        rest = rest[1:].lstrip(_WS)
    if not rest:
        return None
    # "URL", then "=": each step taken only if the one before was (the standard's "skip quotes"
    # jump leaves what was matched behind).
    matched = 0
    while matched < 3 and rest[matched : matched + 1].lower() == "url"[matched]:
        matched += 1
    rest = rest[matched:]
    if matched == 3:
        rest = rest.lstrip(_WS)
        if rest.startswith("="):
            rest = rest[1:].lstrip(_WS)
    if rest[:1] in ("'", '"'):
        quote, rest = rest[0], rest[1:]
        end = rest.find(quote)
        if end >= 0:
            rest = rest[:end]
    return rest or None


def is_invalid_href(href: str) -> bool:
    """Whether an href that joined to no http(s) URL is a link no browser follows
    (``slice::sort_by_key``, ``htp://x``, a malformed http URL), not one a checker leaves alone
    (``mailto:``, ``tel:``, ``javascript:``, ``data:`` ...) or a same-page ``#fragment``."""
    m = _SCHEME.match(href.strip())
    return m is not None and m.group(1).lower() not in LEFT_ALONE


Said = tuple[str | None, str, str | None, str | None, str | None]  # walked_words' items
ANCHOR_BYTES = 1024  # what the walk keeps of an <a>'s text (_pagewalk_py.ANCHOR_BYTES)


def _bounded(text: str) -> str:
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= ANCHOR_BYTES:
        return text
    end = ANCHOR_BYTES
    while end > 0 and data[end] & 0xC0 == 0x80:
        end -= 1
    return data[:end].decode("utf-8", "replace")


# What each packed item's first byte says: its element (the walk's order, _pagewalk.c WORD_*).
# "request": a request a rendered page's script made (fetch, XMLHttpRequest) that failed; only
# gui_crawler/render packs it, never the walk.
ELEMENTS = (
    *("a", "area", "link", "iframe", "frame", "img", "script", "meta-refresh", "css"),
    "request",
)
_KIND = {name: i for i, name in enumerate(ELEMENTS)}


def _field(value: bytes | None) -> bytes:
    return b"\0" if value is None else varint(len(value) + 1) + value


def _utf8(value: str | None) -> bytes | None:
    return None if value is None else value.encode("utf-8", "surrogatepass")


def pack_said(said: Iterable[Said]) -> bytes:
    """A piece's links with their words (``walked_words``) as the crawl file keeps them, and as
    the walk packs them on the parser thread (``walked_said``): each distinct one once, document
    order, but the last <a> kept where it is (a cut after it may continue it); an href that is a
    "#fragment" is the same page, read as none for an <a>, else dropped; an <a> without an href
    only if it is the last <a> or the first. An item: the element's
    index, the href as the bytes it shares with the href before it and the rest, then text, alt
    and rel: each its length + 1 (0: none) and its bytes; lengths are varints."""
    items = list(said)
    last_a = max((i for i, item in enumerate(items) if item[1] == "a"), default=-1)
    seen: set[Said] = set()
    out: list[bytes] = []
    prev = b""
    for i, item in enumerate(items):
        href, element, text, alt, rel = item
        if element != "meta-refresh" and href and href[0] == "#":
            if element != "a":
                continue
            item = ("", element, text, alt, rel)
        # An <a> that links nowhere matters only where a cut may continue it: the last <a>,
        # and the first word (the <a> a piece opens again).
        if element == "a" and not item[0] and i != last_a and i != 0:
            continue
        if i != last_a:
            if item in seen:
                continue
            seen.add(item)
        href, element, text, alt, rel = item
        b = _utf8(href)
        shared = 0
        if b is not None:
            n = min(len(b), len(prev))
            while shared < n and b[shared] == prev[shared]:
                shared += 1
        out += (
            bytes((_KIND[element],)),
            varint(shared),
            _field(None if b is None else b[shared:]),
            _field(_utf8(text)),
            _field(_utf8(alt)),
            _field(_utf8(rel)),
        )
        prev = b if b is not None else b""
    return b"".join(out)


def _read_varint(data: bytes, p: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if p >= len(data) or shift > 63:
            raise ValueError("a damaged list of link words")
        byte = data[p]
        p += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, p


def _read_field(data: bytes, p: int) -> tuple[bytes | None, int]:
    n, p = _read_varint(data, p)
    if n == 0:
        return None, p
    if p + n - 1 > len(data):
        raise ValueError("a damaged list of link words")
    return data[p : p + n - 1], p + n - 1


def _str(value: bytes | None) -> str | None:
    return None if value is None else value.decode("utf-8", "replace")


def unpack_said(data: bytes) -> list[Said]:
    """The items :func:`pack_said` packed; ValueError if ``data`` is damaged."""
    out: list[Said] = []
    prev = b""
    p = 0
    while p < len(data):
        kind = data[p]
        if kind >= len(ELEMENTS):
            raise ValueError("a damaged list of link words")
        shared, p = _read_varint(data, p + 1)
        rest, p = _read_field(data, p)
        text, p = _read_field(data, p)
        alt, p = _read_field(data, p)
        rel, p = _read_field(data, p)
        if shared > len(prev):
            raise ValueError("a damaged list of link words")
        href = None if rest is None else prev[:shared] + rest
        prev = href if href is not None else b""
        out.append((_str(href), ELEMENTS[kind], _str(text), _str(alt), _str(rel)))
    return out


def page_said(base: str | None, pieces: Iterable[bytes]) -> bytes:
    """A page's packed links with their words: its <base href> (None without one), then each
    piece's :func:`pack_said` bytes."""
    return _field(_utf8(base)) + b"".join(varint(len(p)) + p for p in pieces)


def said_words(data: bytes, page_url: str) -> tuple[LinkWords, ...]:
    """The links with their words of a page (``page_said``'s bytes, the page's URL): joined
    against its <base> or its URL, each piece read as the whole page has it; ValueError if
    ``data`` is damaged."""
    if not data:
        return ()
    base_href, p = _read_field(data, 0)
    pieces = []
    while p < len(data):
        n, p = _read_varint(data, p)
        if p + n > len(data):
            raise ValueError("a damaged list of link words")
        pieces.append(unpack_said(data[p : p + n]))
        p += n
    base = page_url
    if base_href:
        base = urls.join(page_url, base_href.decode("utf-8", "replace")) or page_url
    return tuple(page_words(whole_page(pieces), urls.href_joiner(base))[0])


def whole_page(pieces: list[list[Said]]) -> list[Said]:
    """The links of a page cut in pieces (``walked_words`` of each), as the whole page has them.
    An <a> open at a cut is the last <a> of its piece, and the next piece opens it again without
    attributes: its first word then has the href None, and its text continues that <a>'s. (An
    <a> never closed, which the parser makes again in each paragraph after it, is made again
    without attributes after a cut: those copies' words are lost, not given to a wrong link.)"""
    if len(pieces) == 1:
        return pieces[0]
    said = list(pieces[0]) if pieces else []
    for piece in pieces[1:]:
        last = next((i for i in range(len(said) - 1, -1, -1) if said[i][1] == "a"), None)
        if piece and last is not None and piece[0][1] == "a" and piece[0][0] is None:
            href, element, text, alt, rel = said[last]
            more = piece[0]
            text = _bounded((text or "") + (more[2] or ""))
            said[last] = (href, element, text, alt if alt is not None else more[3], rel)
            piece = piece[1:]
        said += piece
    return said


def page_words(
    said: Iterable[Said],
    join: Callable[[str], str | None],
    joined: dict[str, str | None] | None = None,
) -> tuple[list[LinkWords], list[str]]:
    """The distinct links with their words of the ``said`` links of a page (``walked_words``,
    every piece's, in order), joined by ``join`` unless ``joined`` has the href's URL already
    ("" or None: no link); and the URLs of its meta refreshes (links to be checked like the
    others)."""
    urls: dict[str, str | None] = dict(joined) if joined else {}
    out: dict[LinkWords, None] = {}
    refreshes: list[str] = []
    # Each way a link is said once (a page's navigation says the same links again and again).
    for href, element, text, alt, rel in dict.fromkeys(said):
        if not href or href[0] == "#":  # an <a> without an href; the same page
            continue
        if element == "meta-refresh":
            target = refresh_target(href)
            url = join(target) if target else None
            if url:
                refreshes.append(url)
        else:
            url = urls.get(href, "")
            if url is None or (url == "" and href not in urls):
                url = urls[href] = join(href)
        if not url:
            written = target if element == "meta-refresh" else href
            if not written or not is_invalid_href(written):
                continue
            url = " ".join(written.split())[:4096]
        # Whitespace collapsed and bounded (collapse(), inline: this runs for every link).
        anchor = " ".join(text.split())[:ANCHOR_CHARS].rstrip() if text else ""
        out[
            LinkWords(
                url,
                element,
                anchor,
                " ".join(alt.split())[:ANCHOR_CHARS].rstrip() if alt else "",
                " ".join(rel.split())[:REL_CHARS].rstrip().lower() if rel else "",
            )
        ] = None
    return list(out), refreshes
