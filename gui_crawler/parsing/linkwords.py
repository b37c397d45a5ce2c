"""Each link of a page with its words: the element that carries it, its anchor text, the alt of
its image, its rel; and the page's links themselves, as the crawl file keeps them (a record's
``words``). No Qt here.

A piece of a page (the page itself, unless it is cut) is packed on the parser thread
(``walked_said``; the specification is :func:`pack_piece`): the links the walk joined itself
(``links``, each once, document order), then each link with its words, pointing at its link by
its index there, or holding its href as written where Python joins it (another scheme, a
``<base>``, an escape to normalise); compressed (``_linkpack_py.deflate``). The event loop only
puts the pieces together (:func:`page_blob`) with the links that Python joined (``extras``:
where each goes in the page's links) and, when include/exclude leave some out, which
(:func:`with_dropped`); for a rendered page, which links only its rendered DOM has
(:func:`with_more`). :func:`blob_links` reads the page's links back, :func:`said_words` the
links with their words, when a view, an export or a report asks. Crawl files of format 5 kept
the hrefs as written with each word (:func:`said_words_5`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from gui_crawler.base import urls
from gui_crawler.parsing import accel
from gui_crawler.parsing._linkpack_py import deflate, front_coded, inflate, varint
from gui_crawler.parsing.pagechecks import bounded

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
    # a, area, link, iframe, frame, img, script, meta-refresh, img-srcset, source, video-poster,
    # object, embed (css for a stylesheet; request for a rendered page's failed fetch or
    # XMLHttpRequest)
    element: str
    anchor: str = ""  # the text of an <a>, whitespace collapsed, at most ANCHOR_CHARS
    alt: str = ""  # of an <img> or <area>, or of the first <img> inside an <a> that has one
    rel: str = ""  # lower case, whitespace collapsed ("nofollow noopener")
    # A link only the page's rendered DOM has (--render: its HTML as sent has no link there).
    rendered: bool = False

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
# A link with its words as read back: a said item, and the URL of its link when the walk joined
# it (its href then that URL too).
Item = tuple[str | None, str, str | None, str | None, str | None, str | None]


# What each packed item's kind says: its element (the walk's order, _pagewalk.c WORD_*), and
# which words that element has: text an <a>'s, alt an <a>'s (of its first <img> with one), an
# <area>'s or an <img>'s (its src's and its srcset's), rel an <a>'s, an <area>'s or a <link>'s.
# "request": a request a rendered page's script made (fetch, XMLHttpRequest) that failed; only
# gui_crawler/render packs it, never the walk. The crawl file keeps these indexes: a new element
# comes last.
ELEMENTS = (
    *("a", "area", "link", "iframe", "frame", "img", "script", "meta-refresh", "css"),
    *("request", "img-srcset", "source", "video-poster", "object", "embed"),
)
_KIND = {name: i for i, name in enumerate(ELEMENTS)}
_HAS_TEXT = frozenset({0})
_HAS_ALT = frozenset({0, 1, 5, 10})
_HAS_REL = frozenset({0, 1, 2})


def _field(value: bytes | None) -> bytes:
    return b"\0" if value is None else varint(len(value) + 1) + value


def _utf8(value: str | None) -> bytes | None:
    return None if value is None else value.encode("utf-8", "surrogatepass")


def _put_varint(out: bytearray, v: int) -> None:
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)


_BYTE = [bytes((i,)) for i in range(0x80)]


def _fields(values: Iterable[str | None]) -> bytes:
    """Each of ``values`` as its UTF-8 behind its length + 1 (0: None)."""
    parts = []
    for value in values:
        if value is None:
            parts.append(b"\0")
            continue
        b = value.encode("utf-8", "surrogatepass")
        n = len(b) + 1
        parts += (_BYTE[n] if n < 0x80 else varint(n), b)
    return b"".join(parts)


def _front(values: Iterable[bytes]) -> bytes:
    """``values`` front-coded as ``_linkpack`` packs links (bytes, not str: an href as written
    need not be UTF-8), behind its length."""
    out = front_coded(values)
    return varint(len(out)) + out


def pack_piece(said: Sequence[Said], joined: Mapping[str, str | None] | None) -> bytes:
    """A piece's links with their words (``walked_words``) as the crawl file keeps them, and as
    the walk packs them on the parser thread (``walked_said``); ``joined``: the URL each href
    joins to by the walk's own join ("" for none, None or absent where Python joins it), or None
    when the walk joined none (a ``<base>``, a page URL it does not join against). Empty for a
    piece without links.

    The links the walk joined, each once, document order (``_linkpack``'s layout), then the
    words: each distinct item once, document order, but the last <a> kept where it is (a cut
    after it may continue it); an href that is a "#fragment" is the same page, read as none for
    an <a>, else dropped; an <a> without an href only if it is the last <a> or the first item.
    Items in columns: how many, each one's element (a byte), its link (a varint: 0 an <a>
    without attributes, 1 none, 2 + i the i-th joined link, 2 + len(links) + j the j-th href
    kept as written), the hrefs kept as written (front-coded like the links), then the text of
    each <a>, the alt of each <a>, <area> and <img>, the rel of each <a>, <area> and <link>: each
    its length + 1 (0: none) and its bytes. All of it deflated (``_linkpack_py.deflate``)."""
    links: dict[str, int] = {}
    get = joined.get if joined is not None else None
    if get is not None:
        for word in said:
            href = word[0]
            if href and word[1] != "meta-refresh" and (url := get(href)) and url not in links:
                links[url] = len(links)
    last_a = next((i for i in range(len(said) - 1, -1, -1) if said[i][1] == "a"), -1)
    written: dict[str, int] = {}
    seen: set[tuple[object, ...]] = set()
    kept: list[tuple[str, int, str | None, str | None, str | None]] = []
    for i, (href, element, text, alt, rel) in enumerate(said):
        if href and (href[0] != "#" or element == "meta-refresh"):
            url = get(href) if get is not None and element != "meta-refresh" else None
            ref = 2 + links[url] if url else -1 - written.setdefault(href, len(written))
        # A "#fragment" is the same page: dropped, but an <a> that links nowhere matters where a
        # cut may continue it: the last <a>, and the first item (the <a> a piece opens again).
        elif (href and element != "a") or (element == "a" and i != last_a and i != 0):
            continue
        else:
            ref = 0 if href is None else 1
        item = (element, ref, text, alt, rel)
        if i != last_a:
            if item in seen:
                continue
            seen.add(item)
        kept.append(item)
    if not links and not kept:
        return b""
    out = bytearray(_front(url.encode() for url in links))
    out += _front(href.encode("utf-8", "surrogatepass") for href in written)
    _put_varint(out, len(kept))
    kinds = bytes(_KIND[item[0]] for item in kept)
    out += kinds
    inline = 1 + len(links)
    refs = [ref if ref >= 0 else inline - ref for _, ref, *_ in kept]
    if refs and max(refs) >= 0x80:  # varints of more than one byte
        refs = [b for ref in refs for b in ((ref,) if ref < 0x80 else varint(ref))]
    out += bytes(refs)
    for column, has in ((2, _HAS_TEXT), (3, _HAS_ALT), (4, _HAS_REL)):
        out += _fields([item[column] for k, item in zip(kinds, kept, strict=True) if k in has])  # type: ignore[misc]
    return deflate(bytes(out))


def _damaged() -> ValueError:
    return ValueError("a damaged list of links and words")


def _read_varint(data: bytes, p: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if p >= len(data) or shift > 63:
            raise _damaged()
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
        raise _damaged()
    return data[p : p + n - 1], p + n - 1


def _read_front(data: bytes, p: int) -> tuple[list[bytes], int]:
    n, p = _read_varint(data, p)
    end = p + n
    if end > len(data):
        raise _damaged()
    out: list[bytes] = []
    cur = b""
    while p < end:
        shared, p = _read_varint(data, p)
        rest, p = _read_varint(data, p)
        if shared > len(cur) or p + rest > end:
            raise _damaged()
        cur = cur[:shared] + data[p : p + rest]
        p += rest
        out.append(cur)
    return out, end


def _str(value: bytes | None) -> str | None:
    return None if value is None else value.decode("utf-8", "replace")


def _piece_links(plain: bytes) -> tuple[tuple[str, ...], int]:
    """The links a piece's walk joined, and where its hrefs kept as written begin."""
    n, p = _read_varint(plain, 0)
    if p + n > len(plain):
        raise _damaged()
    return accel.linkpack.unpack(plain[p : p + n]), p + n


def unpack_piece(data: bytes) -> tuple[tuple[str, ...], list[Item]]:
    """The links and the items :func:`pack_piece` packed; ValueError if ``data`` is damaged."""
    plain = inflate(data)
    if not plain:
        return (), []
    links, p = _piece_links(plain)
    written, p = _read_front(plain, p)
    n, p = _read_varint(plain, p)
    kinds = plain[p : p + n]
    p += n
    if len(kinds) != n or any(k >= len(ELEMENTS) for k in kinds):
        raise _damaged()
    refs = []
    for _ in range(n):
        ref, p = _read_varint(plain, p)
        refs.append(ref)
    columns: list[list[bytes | None]] = []
    for has in (_HAS_TEXT, _HAS_ALT, _HAS_REL):
        column: list[bytes | None] = []
        for k in kinds:
            value = None
            if k in has:
                value, p = _read_field(plain, p)
            column.append(value)
        columns.append(column)
    if p != len(plain):
        raise _damaged()
    items: list[Item] = []
    for k, ref, text, alt, rel in zip(kinds, refs, *columns, strict=True):
        url = None
        if ref == 0:
            href = None
        elif ref == 1:
            href = ""
        elif ref < 2 + len(links):
            href = url = links[ref - 2]
        elif ref < 2 + len(links) + len(written):
            href = written[ref - 2 - len(links)].decode("utf-8", "replace")
        else:
            raise _damaged()
        items.append((href, ELEMENTS[k], _str(text), _str(alt), _str(rel), url))
    return links, items


def page_blob(
    base: str | None, pieces: Sequence[bytes], extras: Sequence[tuple[int, str]]
) -> bytes:
    """A page's links with their words as its record keeps them: its <base href> (None without
    one), each piece's :func:`pack_piece` bytes, and the ``extras``: the links that are not a
    piece's own (joined by Python, a meta refresh's target), each with where it is in the page's
    links, in order. Empty for a page without links."""
    if not extras and not any(pieces):
        return b""
    if base is None and not extras and len(pieces) == 1:  # most pages: the blob's head and tail
        return b"".join((_ONE_PIECE, varint(len(pieces[0])), pieces[0], _NO_EXTRAS_END))
    out = [_field(_utf8(base)), varint(len(pieces))]
    for piece in pieces:
        out += (varint(len(piece)), piece)
    return b"".join(out) + (_extras(extras) if extras else _NO_EXTRAS) + b"\0"  # none dropped


def _extras(extras: Sequence[tuple[int, str]]) -> bytes:
    out = [varint(len(extras))]
    prev = 0
    for at, _ in extras:
        out.append(varint(at - prev))
        prev = at
    # A page with a <base> has all its links here: deflated when that saves room.
    front = _front(url.encode() for _, url in extras)
    packed = deflate(front) if len(front) > 256 else b""
    flag, body = (1, packed) if packed and len(packed) < len(front) else (0, front)
    return b"".join(out) + varint(2 * len(body) + flag) + body


_NO_EXTRAS = _extras(())
# page_blob's bytes around the one piece of a page without a <base> or extras.
_ONE_PIECE = _field(None) + varint(1)
_NO_EXTRAS_END = _NO_EXTRAS + b"\0"


def _positions(at: Iterable[int]) -> bytes:
    """Positions in a page's links (ascending), as the gaps between them."""
    out = []
    prev = -1
    for i in at:
        out.append(varint(i - prev - 1))
        prev = i
    return varint(len(out)) + b"".join(out)


def _read_positions(blob: bytes, p: int) -> tuple[list[int], int]:
    n, p = _read_varint(blob, p)
    out = []
    at = -1
    for _ in range(n):
        step, p = _read_varint(blob, p)
        at += step + 1
        out.append(at)
    return out, p


class _Sections(NamedTuple):
    """A page's blob read apart: its <base href>, its pieces, its extras, the positions of its
    links left out (dropped) and where they begin, and what follows them: a rendered page's
    positions of the links only its rendered DOM has (none in a blob of any other page, nor in
    one written before they were kept)."""

    base: bytes | None
    pieces: list[bytes]
    extras: list[tuple[int, str]]
    drops: list[int]
    drops_at: int
    rendered: list[int]


def _sections(blob: bytes) -> _Sections:
    base, p = _read_field(blob, 0)
    n, p = _read_varint(blob, p)
    pieces = []
    for _ in range(n):
        m, p = _read_varint(blob, p)
        if p + m > len(blob):
            raise _damaged()
        pieces.append(blob[p : p + m])
        p += m
    n, p = _read_varint(blob, p)
    positions = []
    at = 0
    for _ in range(n):
        step, p = _read_varint(blob, p)
        at += step
        positions.append(at)
    size, p = _read_varint(blob, p)
    body = blob[p : p + size // 2]
    if len(body) != size // 2:
        raise _damaged()
    p += len(body)
    front, end = _read_front(inflate(body) if size & 1 else body, 0)
    if len(front) != len(positions) or (not size & 1 and end != len(body)):
        raise _damaged()
    drops_at = p
    drops, p = _read_positions(blob, p)
    rendered: list[int] = []
    if p < len(blob):
        rendered, p = _read_positions(blob, p)
    if p != len(blob):
        raise _damaged()
    extras = [(a, u.decode("utf-8", "replace")) for a, u in zip(positions, front, strict=True)]
    return _Sections(base, pieces, extras, drops, drops_at, rendered)


def _rendered_tail(rendered: Sequence[int]) -> bytes:
    return _positions(rendered) if rendered else b""


def with_dropped(blob: bytes, found: Sequence[str], kept: Sequence[str]) -> bytes:
    """A page's blob (``found``: its links) for a record that keeps only ``kept`` of them
    (include/exclude left the others out): the words of every link stay."""
    if not blob:
        return blob
    keep = set(kept)
    parts = _sections(blob)
    dropped = _positions(i for i, url in enumerate(found) if url not in keep)
    return blob[: parts.drops_at] + dropped + _rendered_tail(parts.rendered)


def with_more(
    blob: bytes,
    links: Sequence[str],
    more: Sequence[str],
    said: Sequence[Said],
    rendered: Iterable[str] = (),
) -> bytes:
    """A page's blob (``links``: its links, none dropped yet) with the links ``more`` after
    them, in order, and a piece of their own for ``said``: links (absolute URLs, of ``links``
    or ``more``) with their words — what rendering a page adds to what its DOM held; and which
    of the links (``rendered``) only its rendered DOM has."""
    only = set(rendered)
    if not more and not said and not only:
        return blob
    base: str | None = None
    pieces: list[bytes] = []
    extras: list[tuple[int, str]] = []
    if blob:
        parts = _sections(blob)
        if parts.drops or parts.rendered:
            raise ValueError("links are added before any is dropped or marked")
        pieces, extras = parts.pieces, parts.extras
        base = None if parts.base is None else parts.base.decode("utf-8", "surrogatepass")
    piece = pack_piece(said, {item[0]: item[0] for item in said if item[0]}) if said else b""
    added = [(len(links) + i, url) for i, url in enumerate(more)]
    out = page_blob(base, [*pieces, *([piece] if piece else [])], [*extras, *added])
    marked = [i for i, url in enumerate((*links, *more)) if url in only]
    return out + _rendered_tail(marked) if out else out


def blob_links(blob: bytes) -> tuple[str, ...]:
    """The links of a record from its blob (:func:`page_blob`): the pieces' own, with the extras
    where they go (a link a piece has too comes where its extra says, and once), the dropped
    left out. ValueError if ``blob`` is damaged."""
    if not blob:
        return ()
    parts = _sections(blob)
    out = _all_links(parts)
    if parts.drops:
        gone = set(parts.drops)
        return tuple(u for i, u in enumerate(out) if i not in gone)
    return tuple(out)


def _all_links(parts: _Sections) -> Sequence[str]:
    """A page's links before any was dropped."""
    _, pieces, extras, drops, _, _ = parts
    own = [_piece_links(plain)[0] for plain in map(inflate, pieces) if plain]
    if not extras and not drops and len(own) == 1:
        return own[0]
    at = dict(extras)
    taken = set(at.values())
    out: list[str] = []
    emitted: set[str] = set()
    for url in (u for links in own for u in links):
        while len(out) in at:
            out.append(at[len(out)])
            emitted.add(out[-1])
        if url not in taken and url not in emitted:
            out.append(url)
            emitted.add(url)
    while len(out) in at:
        out.append(at[len(out)])
    if len(out) <= max(at, default=-1) or (drops and drops[-1] >= len(out)):
        raise _damaged()
    return out


def said_words(blob: bytes, page_url: str) -> tuple[LinkWords, ...]:
    """The links with their words of a page (its record's blob, its URL): those the walk joined
    as they are, the others joined against its <base> or its URL, each piece read as the whole
    page has it; ValueError if ``blob`` is damaged."""
    if not blob:
        return ()
    parts = _sections(blob)
    items = [unpack_piece(piece)[1] for piece in parts.pieces]
    join = urls.href_joiner(_base(page_url, parts.base))
    words = page_words(whole_page(items), join)[0]
    if parts.rendered:
        links = _all_links(parts)
        if parts.rendered[-1] >= len(links):
            raise _damaged()
        only = {links[i] for i in parts.rendered}
        words = [w._replace(rendered=True) if w.target in only else w for w in words]
    return tuple(words)


def _base(page_url: str, base_href: bytes | None) -> str:
    if not base_href:
        return page_url
    return urls.join(page_url, base_href.decode("utf-8", "replace")) or page_url


def said_words_5(data: bytes, page_url: str) -> tuple[LinkWords, ...]:
    """The links with their words a crawl file of format 5 kept (each item's href as written,
    sharing its beginning with the one before), read as :func:`said_words` reads format 6."""
    if not data:
        return ()
    base_href, p = _read_field(data, 0)
    pieces = []
    while p < len(data):
        n, p = _read_varint(data, p)
        if p + n > len(data):
            raise _damaged()
        pieces.append(_unpack_said_5(data[p : p + n]))
        p += n
    return tuple(page_words(whole_page(pieces), urls.href_joiner(_base(page_url, base_href)))[0])


def _unpack_said_5(data: bytes) -> list[Said]:
    out: list[Said] = []
    prev = b""
    p = 0
    while p < len(data):
        kind = data[p]
        if kind >= len(ELEMENTS):
            raise _damaged()
        shared, p = _read_varint(data, p + 1)
        rest, p = _read_field(data, p)
        text, p = _read_field(data, p)
        alt, p = _read_field(data, p)
        rel, p = _read_field(data, p)
        if shared > len(prev):
            raise _damaged()
        href = None if rest is None else prev[:shared] + rest
        prev = href if href is not None else b""
        out.append((_str(href), ELEMENTS[kind], _str(text), _str(alt), _str(rel)))
    return out


def whole_page(pieces: Sequence[Sequence[Sequence[str | None]]]) -> list[Sequence[str | None]]:
    """The links of a page cut in pieces (each piece's items: href, element, text, alt, rel and
    maybe more), as the whole page has them. An <a> open at a cut is the last <a> of its piece,
    and the next piece opens it again without attributes: its first item then has the href
    None, and its text continues that <a>'s. (An <a> never closed, which the parser makes again
    in each paragraph after it, is made again without attributes after a cut: those copies'
    words are lost, not given to a wrong link.)"""
    if len(pieces) == 1:
        return list(pieces[0])
    said = list(pieces[0]) if pieces else []
    for piece in pieces[1:]:
        last = next((i for i in range(len(said) - 1, -1, -1) if said[i][1] == "a"), None)
        if piece and last is not None and piece[0][1] == "a" and piece[0][0] is None:
            item, more = said[last], piece[0]
            text = bounded((item[2] or "") + (more[2] or ""))
            alt = item[3] if item[3] is not None else more[3]
            said[last] = (*item[:2], text, alt, *item[4:])
            piece = piece[1:]
        said += piece
    return said


def page_words(
    said: Iterable[Sequence[str | None]], join: Callable[[str], str | None]
) -> tuple[list[LinkWords], list[str]]:
    """The distinct links with their words of the ``said`` items of a page (href, element, text,
    alt, rel, and the URL the walk joined the href to when it did), joined by ``join`` where the
    walk did not; and the URLs of its meta refreshes (links to be checked like the others)."""
    joined: dict[str, str | None] = {}
    out: dict[LinkWords, None] = {}
    refreshes: list[str] = []
    # Each way a link is said once (a page's navigation says the same links again and again).
    for item in dict.fromkeys(tuple(i) for i in said):
        href, element, text, alt, rel = item[:5]
        url = item[5] if len(item) > 5 else None
        if url is None:
            if not href or href[0] == "#":  # an <a> without an href; the same page
                continue
            if element == "meta-refresh":
                target = refresh_target(href)
                url = join(target) if target else None
                if url:
                    refreshes.append(url)
            else:
                url = joined.get(href, "")
                if url == "" and href not in joined:
                    url = joined[href] = join(href)
            if not url:
                written = target if element == "meta-refresh" else href
                if not written or not is_invalid_href(written):
                    continue
                url = " ".join(written.split())[:4096]
        assert element is not None
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
