"""The pure-Python walk: what the compiled ``_pagewalk`` does, written plainly over selectolax's tree
of the same lexbor parse. It is the specification the C follows (the tests hold both to the same
results field by field) and what runs where the C was not built or ``GUI_CRAWLER_NO_EXTENSIONS``
turns it off. The functions take and return what the C ones do (``_pagewalk.pyi``), and join the
same hrefs themselves (:func:`plain_join`); the parser threads are ``_walkers_py``'s.
"""

from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser
from selectolax.lexbor import LexborNode as Node

from gui_crawler.base import urls
from gui_crawler.parsing import pagechecks as pc
from gui_crawler.parsing._pagescan_py import MAX_ELEMENTS as MAX_ELEMENTS
from gui_crawler.parsing._pagescan_py import scan as scan

Read = tuple[
    str | None,  # base: raw href of the first <base href> ("" without a value)
    str | None,  # title: text of the first <title> not inside an <svg>
    str | None,  # h1: all text below the first <h1>
    int,  # h1_count
    str | None,  # lang: raw lang of the first <html lang>
    list[tuple[str | None, str | None]],  # metas: (name, content) of every <meta name>
    # rels: (rel, href) of every <link rel> whose rel holds "canonical" in any ASCII case
    list[tuple[str | None, str | None]],
    int,  # words of the visible text, parted by ASCII whitespace and between text nodes
    bytes,  # the visible text's UTF-8 bytes without ASCII whitespace (what the hash reads)
]

# Each element that links, and the attribute that holds its URL: a broken image or script is a
# broken link to the people who check sites.
LINK_ATTRS = {
    "a": "href",
    "area": "href",
    "link": "href",
    "iframe": "src",
    "frame": "src",
    "img": "src",
    "script": "src",
    "source": "src",
    "video": "poster",
    "object": "data",
    "embed": "src",
}
# The element a link is said to come from, where it is not the tag's name.
_ELEMENT = {"video": "video-poster"}
# The candidates of a srcset are links too: (attribute, element they are said to come from).
_SRCSET = {"img": ("srcset", "img-srcset"), "source": ("srcset", "source"),
           "link": ("imagesrcset", "link")}  # fmt: skip
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_READ_TAGS = frozenset({*LINK_ATTRS, *_HEADINGS, "base", "meta", "title", "html"})
# The first bytes of an <a>'s text that the walk keeps (walked_words): an <a> around a whole page
# keeps its first words only.
ANCHOR_BYTES = pc.ANCHOR_BYTES
# An <a>'s text of no more characters than this has no more than ANCHOR_BYTES bytes (4 a
# character at most): kept whole without encoding it to count them.
_SHORT_TEXT = ANCHOR_BYTES // 4
# What walked_words gives for each link: (href as written, element, text of an <a> or None, alt or
# None, rel or None).
Word = tuple[str | None, str, str | None, str | None, str | None]
_NO_CHECKS: pc.Checks = (b"", b"", b"", b"", 0, 0, [], [], [], [], [], [], [], None)
# Text no reader sees: not counted, not hashed. The walk finds these elements as it passes them
# (lexbor matched the selector "script, style, noscript, template" over python3-doc's bodies in a
# tenth of the pure walk's time).
INVISIBLE = frozenset({"script", "style", "noscript", "template"})
_WANTED = _READ_TAGS | INVISIBLE
SPACES = b"\t\n\x0b\x0c\r "


@dataclass(frozen=True, slots=True)
class Walked:
    """What :func:`walk_apart` read: the fields, the page's distinct hrefs (document order) and
    what the walk joined each to (None: it joined none), the links with their words, and those
    packed (``linkwords.pack_piece``)."""

    read: Read
    hrefs: tuple[str, ...]
    words: tuple[Word, ...] = ()
    joined: dict[str, str | None] | None = None
    said: bytes = b""
    checks: pc.Checks = _NO_CHECKS


@dataclass(frozen=True, slots=True)
class Settled(Walked):
    """A page's first piece from a child process (``_walkkids_py.settle``), which also put the
    page's checks together: ``found`` is :func:`walked_found`'s answer for the page."""

    found: tuple[bytes, bytes, bytes, str] | None = None


# What the walk joins itself (the C's plain_join): an href of plain characters, relative or
# root-relative, against the page's directory; or an absolute http(s) one already in normal form.
# Whitespace is trimmed as the C trims it (ASCII's); hrefs longer than this are Python's to join.
_SPACE = " \t\n\x0b\x0c\r"
MAX_URL_LENGTH = 4096
_PLAIN = re.compile(
    r"([A-Za-z0-9/._~!$&'()*+,;=@-]*)(\?[A-Za-z0-9/._~!$&'()*+,;=@:?-]*)?(?:#[^\t\n\r]*)?"
)


def origin_length(directory: str) -> int:
    """Where the directory URL's origin ends (its first "/" after "://"); 0: not a directory."""
    scheme = directory.find("://")
    end = directory.find("/", scheme + 3) if scheme >= 0 else -1
    return end if end >= 0 and directory.endswith("/") else 0


def plain_join(directory: str, origin: int, href: str) -> str | None:
    """The URL the walk joins ``href`` to against ``directory`` (whose origin is ``origin``
    characters long), "" for the page itself (a "#fragment"), or None where Python joins it."""
    h = href.strip(_SPACE)
    at = h.find("#")
    if at == 0:
        return ""
    if not h or (
        len(h) > MAX_URL_LENGTH // 4 and len(h.encode("utf-8", "surrogatepass")) > MAX_URL_LENGTH
    ):
        return None
    if at < 0:
        return _joined(directory, origin, h)
    if "\t" in h or "\n" in h or "\r" in h:  # a fragment _PLAIN refuses: rare, not cached
        return _joined.__wrapped__(directory, origin, h)
    # What follows the "#" changes nothing: the cache holds each page's href once, not once for
    # each of its fragments (python3-doc: 7,332 of 57,714 hrefs joined against their pages).
    return _joined(directory, origin, h[:at])


@functools.lru_cache(maxsize=16384)  # a site's navigation repeats its hrefs on every page
def _joined(directory: str, origin: int, h: str) -> str | None:
    """:func:`plain_join` of ``h``, an href trimmed, not empty, not a "#fragment", short enough."""
    if h[0] == "?" or h[:2] == "//":
        return None
    url = urls._normal_absolute(h)
    if url is not None:
        return url
    m = _PLAIN.fullmatch(h)
    if m is None:
        return None
    path = (directory[origin:] if h[0] != "/" else "") + m.group(1)
    if "/." in path:
        path = urls._remove_dot_segments(path)
    url = directory[:origin] + path + (m.group(2) or "")
    return url[:-1] if url.endswith("?") else url


def _word(attrs: dict[str, str | None], tag: str, href: str, element: str | None = None) -> Word:
    """The word of a link not an <a> (the walk reads those itself)."""
    element = element or _ELEMENT.get(tag, tag)
    rel = attrs.get("rel") if tag in ("area", "link") else None
    if tag in ("area", "img"):
        return (href, element, None, attrs.get("alt"), rel)
    return (href, element, None, None, rel)


def _alt(img: Node, alt: str | None, said: list[Word], waiting: dict[int, int]) -> None:
    """The alt of an <img> (met in document order) as the alt of each <a> around it that has
    none yet (``waiting``: each such <a>'s node and its item in ``said``). Looking into each
    <a> for its first <img alt> took the walk longer than all of its <img>'s ancestors do."""
    parent = img.parent
    while parent is not None:
        if parent.tag == "a" and (at := waiting.pop(parent.mem_id, None)) is not None:
            said[at] = (*said[at][:3], alt, said[at][4])
        parent = parent.parent


def _a_flags(
    node: Node, attrs: dict[str, str | None], href: str, text: str, rel: str | None
) -> int:
    """An <a href>'s checks (pagechecks' A_* flags); a link to the page itself (a "#fragment"
    is none, as its words say) has its fragment checked only. (``attrs``: the node's, read once:
    selectolax makes the dict anew at each ``attributes``, ~2 us an <a>; ``rel`` read from it.)"""
    h = href.strip(_SPACE)
    if h[:1] == "#":
        return pc.A_MISSING_HERE if pc.anchor_fragment(h[1:]) else 0
    flags = pc.A_NOFOLLOW if rel is not None and pc.has_token(rel, b"nofollow") else 0
    target = attrs.get("target")
    if (
        target
        and target.encode("utf-8", "replace").strip(pc.SPACES).lower() == b"_blank"
        and not (pc.has_token(rel, b"noopener") or pc.has_token(rel, b"noreferrer"))
    ):
        flags |= pc.A_BLANK
    # Text of ASCII whitespace only (pagechecks.blank: what is not UTF-8 is no whitespace) is
    # never vague.
    if not text.strip(_SPACE):
        if not any(not pc.blank(img.attributes.get("alt")) for img in node.css("img")) and pc.blank(
            attrs.get("aria-label")
        ):
            flags |= pc.A_EMPTY
    elif pc.is_vague(text):
        flags |= pc.A_VAGUE
    at = h.find("#")
    if at >= 0 and pc.anchor_fragment(h[at + 1 :]):
        flags |= pc.A_FRAGMENT
    return flags


def _img_check(attrs: dict[str, str | None]) -> tuple[str | None, str | None, int] | None:
    src, alt = attrs.get("src"), attrs.get("alt")
    if not src:
        return None
    flags = 0 if "alt" in attrs else pc.IMG_NO_ALT
    if alt is not None and len(alt) > pc.ALT_FLOOR:
        flags |= pc.IMG_LONG_ALT
    if "width" not in attrs or "height" not in attrs:
        flags |= pc.IMG_NO_SIZE
    return (src, alt, flags) if flags else None


def _ancestors(node: Node) -> Iterator[Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _settled(
    ids: set[int], anchors: list[tuple[str, str, int]], said: list[Word], last: int, listed: bool
) -> list[tuple[str | None, str, int]]:
    """The <a> checks (href, text, flags) once the piece's ids are known: a #fragment of this
    page found among them is no check; the piece's last <a> (``said[last]``; -1: none; ``listed``:
    it is the last of ``anchors``) is listed whatever its flags (a cut after it may continue it)."""
    kept: list[tuple[str | None, str, int]] = []
    dropped = False  # the anchor before: at the end, the last one
    missing, hashes = pc.A_MISSING_HERE, pc.fragment_hashes
    for anchor in anchors:
        dropped = False
        if anchor[2] & missing:
            href, text, flags = anchor
            if not ids.isdisjoint(hashes(href.strip(_SPACE)[1:])):
                flags &= ~pc.A_MISSING_HERE
                if not flags:
                    dropped = True
                    continue
                anchor = (href, text, flags)
        kept.append(anchor)
    listed = listed and not dropped
    if last >= 0 and said[last][0]:
        if listed:
            kept[-1] = (*kept[-1][:2], kept[-1][2] | pc.A_LAST)
        else:
            kept.append((said[last][0] or "", said[last][2] or "", pc.A_LAST))
    return kept


def _walk(data: bytes, directory: str | None = None, checks: bool = True) -> Walked:
    from gui_crawler.parsing.linkwords import pack_piece  # linkwords imports accel, accel this

    tree = LexborHTMLParser(data)
    base = title = h1 = lang = None
    h1_count = titles = 0
    hrefs: dict[str, None] = {}
    said: list[Word] = []
    waiting: dict[int, int] = {}  # the <a> whose alt no <img> gave yet: _alt
    metas: list[tuple[str | None, str | None]] = []
    rels: list[tuple[str | None, str | None]] = []
    imgs: list[tuple[str | None, str | None, int]] = []
    anchors: list[tuple[str, str, int]] = []
    canonicals: list[tuple[str | None, int]] = []
    hreflangs: list[tuple[str | None, str | None]] = []
    ogs: list[tuple[str | None, str | None]] = []
    jsonlds: list[str] = []
    headings = bytearray()
    ids: set[int] = set()
    itemtypes: list[str | None] = []
    if checks:  # --no-checks: what costs most of what only the checks read is not read
        # One selector list: lexbor matched "[id]" alone in 1.7 times the time, "[itemtype]"
        # alone in 2.9 times (python3-doc). It lists an element once for each selector it
        # matches, document order.
        typed: set[int] = set()
        for n in tree.css("[id], [itemtype]"):
            attrs = n.attributes
            if v := attrs.get("id"):
                ids.add(pc.id_hash(v))
            if "itemtype" in attrs and n.mem_id not in typed:
                typed.add(n.mem_id)
                itemtypes.append(attrs["itemtype"])
    root = tree.root
    invisible: list[Node] = []  # document order
    last_a, listed = -1, False  # the last <a>'s item in said; whether its checks are listed
    for node in root.traverse() if root is not None else ():
        tag = node.tag
        if tag == "a":  # most of what the walk reads: its own branch
            attrs = node.attributes
            href = attrs.get("href")
            a_text = node.text()
            if len(a_text) > _SHORT_TEXT:
                a_text = pc.bounded(a_text)
            rel = attrs.get("rel")
            if href:
                hrefs[href] = None
                said.append((href, "a", a_text, None, rel))
                flags = _a_flags(node, attrs, href, a_text, rel) if checks else 0
                if flags:
                    anchors.append((href, a_text, flags))
                listed = flags != 0
            else:  # listed too: a page cut inside it is one <a> again (whole_page)
                said.append(("" if attrs else None, "a", a_text, None, rel))
                listed = False
            last_a = len(said) - 1
            waiting[node.mem_id] = last_a
            if name := attrs.get("name"):
                ids.add(pc.id_hash(name))
            continue
        if tag not in _WANTED:
            continue
        if tag in INVISIBLE:
            invisible.append(node)
            if tag != "script":
                continue
        attrs = node.attributes
        if tag == "img" and waiting and "alt" in attrs:
            _alt(node, attrs["alt"], said, waiting)
        url_attr = LINK_ATTRS.get(tag)
        if url_attr is not None and (href := attrs.get(url_attr)):
            hrefs[href] = None
            said.append(_word(attrs, tag, href))
        srcset = _SRCSET.get(tag)
        if srcset is not None:
            for url in pc.srcset_urls(attrs.get(srcset[0])):
                hrefs[url] = None
                said.append(_word(attrs, tag, url, srcset[1]))
        if tag == "img" and (img := _img_check(attrs)) is not None:
            imgs.append(img)
        elif tag == "link":
            rel = attrs.get("rel")
            if pc.has_token(rel, b"canonical"):
                canonicals.append(
                    (attrs.get("href"), int(any(p.tag == "head" for p in _ancestors(node))))
                )
            if "hreflang" in attrs and pc.has_token(rel, b"alternate"):
                hreflangs.append((attrs.get("href"), attrs.get("hreflang")))
            if "canonical" in (attrs.get("rel") or "").lower():
                rels.append((attrs["rel"], attrs.get("href")))
        elif tag == "script":
            kind = (attrs.get("type") or "").encode("utf-8", "replace").strip(pc.SPACES)
            if kind.lower() == b"application/ld+json":
                jsonlds.append(node.text())
        elif tag == "base":
            if base is None and "href" in attrs:
                base = attrs["href"] or ""
        elif tag == "meta":
            equiv = attrs.get("http-equiv")
            content = attrs.get("content")
            if equiv and equiv.isascii() and equiv.lower() == "refresh" and content is not None:
                said.append((content, "meta-refresh", None, None, None))
            if "name" in attrs:
                metas.append((attrs["name"], attrs.get("content")))
            prop = attrs.get("property")
            if prop is not None and prop.encode("utf-8", "replace")[:3].lower() == b"og:":
                ogs.append((prop, content))
        elif tag == "title":
            # The document's title; an SVG's <title> is not it.
            parent = node.parent
            if parent is not None and parent.tag != "svg":
                titles += 1
                if title is None:
                    title = node.text()
        elif tag in _HEADINGS:
            headings.append(_HEADINGS[tag])
            if tag == "h1":
                h1_count += 1
                if h1 is None:
                    h1 = node.text()
        elif tag == "html" and lang is None and "lang" in attrs:
            lang = attrs["lang"]
    holder = tree.body or root
    words, kept, signature, edges = 0, b"", b"", b""
    if holder is not None:
        inside = holder.mem_id
        top = root.mem_id if root is not None else None
        if holder is not root and all(p.mem_id != top for p in _ancestors(holder)):
            # A body a <frameset> put out of the tree (what it held stays in it): not walked.
            invisible = holder.css(", ".join(sorted(INVISIBLE)))
        for hidden in reversed(invisible):  # innermost first
            if any(p.mem_id == inside for p in _ancestors(hidden)):
                hidden.decompose()
        text = holder.text(separator=" ").encode("utf-8", "surrogatepass")
        split = text.split()
        words = len(split)
        kept = text.translate(None, SPACES)
        signature = pc.signature(split) if checks else b""
        ends = min(2, words) if checks else 0
        edges = b"".join(
            zlib.crc32(w).to_bytes(4, "little") for w in split[:ends] + split[words - ends :]
        )
    read: Read = (base, title, h1, h1_count, lang, metas, rels, words, kept)
    origin = origin_length(directory) if directory is not None else 0
    joined = None
    if origin and base is None:
        assert directory is not None
        joined = {href: plain_join(directory, origin, href) for href in hrefs}
    found: pc.Checks = (
        signature,
        edges,
        b"".join(h.to_bytes(4, "little") for h in sorted(ids)),
        bytes(headings),
        titles,
        int(b"loremipsum" in kept.lower()),
        imgs,
        _settled(ids, anchors, said, last_a, listed),
        canonicals,
        hreflangs,
        ogs,
        jsonlds,
        itemtypes,
        (said[0][2] or "", said[0][3])
        if said and said[0][1] == "a" and said[0][0] is None
        else None,
    )
    return Walked(
        read,
        tuple(hrefs),
        tuple(said),
        joined,
        pack_piece(said, joined),
        found if checks else _NO_CHECKS,
    )


def walk(data: bytes, hrefs: dict[str, str | None], directory: str | None = None, /) -> Read:
    """One page's links (added to ``hrefs`` as keys, document order, each with the URL the walk
    joined it to against ``directory``, "" for none, None where Python joins it) and raw audit
    fields."""
    return walked(_walk(data, directory), hrefs)


def walk_apart(data: bytes, directory: str | None = None, checks: bool = True, /) -> Walked:
    """:func:`walk`'s parse; :func:`walked` and :func:`walked_links` read what it kept.
    ``checks`` False (--no-checks): nothing is read for the page checks (walked_checks empty)."""
    return _walk(data, directory, checks)


def walked(walked: Walked, hrefs: dict[str, str | None] | None, text: bool = True, /) -> Read:
    """What :func:`walk` returns, from :func:`walk_apart`'s result (the text's bytes empty unless
    ``text``; ``hrefs`` None: the hrefs are not read)."""
    if hrefs is not None:
        joined = walked.joined or {}
        for href in walked.hrefs:
            hrefs.setdefault(href, joined.get(href))
    return walked.read if text else (*walked.read[:-1], b"")


def walked_links(
    walked: Walked,
    links: dict[str, None],
    join: Callable[[str], str | None],
    use_joined: bool = True,
    /,
) -> list[tuple[int, str]]:
    """Each distinct href of the walk, in document order, as the URL it joins to: the walk's own
    join if ``use_joined`` and it made one, else ``join(href)`` (None or "" for no link); added to
    ``links`` unless there already. Returns the links ``join`` made that went in, each with its
    position in ``links`` (``linkwords.page_blob``'s extras)."""
    joined = walked.joined if use_joined and walked.joined is not None else {}
    extras: list[tuple[int, str]] = []
    for href in walked.hrefs:
        url = joined.get(href)
        if url is None:
            url = join(href)
            if url and url not in links:
                extras.append((len(links), url))
        if url:
            links[url] = None
    return extras


def walked_words(walked: Walked, /) -> list[Word]:
    """Each link of the walk with its words, document order, every time it occurs: the href as
    written (a meta refresh's content; for an <a> without one, listed too, "" or None if it has
    no attributes), the element ("a", "area", "link", "iframe", "frame", "img", "script",
    "meta-refresh", "img-srcset", "source", "video-poster", "object", "embed"; each candidate of
    a srcset or imagesrcset after its element's own link), the text inside an <a> (its first
    ANCHOR_BYTES bytes) else None, the alt of an <img> (of its srcset's candidates too) or <area>
    or of the first <img> inside an <a> that has one else None, and the rel of an <a>, <area> or
    <link> else None."""
    return list(walked.words)


def walked_said(walked: Walked, joins: bool = True, /) -> bytes:
    """:func:`walked_words` as the crawl file keeps them (``linkwords.pack_piece``), with the
    links the walk joined; without them if not ``joins``."""
    from gui_crawler.parsing.linkwords import pack_piece  # linkwords imports accel, accel this

    return walked.said if joins or walked.joined is None else pack_piece(walked.words, None)


def walked_checks(walked: Walked, apart: bool = False, /) -> pc.Checks:
    """What the audit checks on the piece (``pagechecks.Checks`` says each field): the visible
    text's MinHash signature and its first and last two words' hashes; its ids; its headings' levels; how many <title> (an SVG's aside);
    whether its visible text says lorem ipsum; its <img src> without alt, without width or
    height, or whose alt is longer than ALT_FLOOR characters; its <a href> flagged nofollow,
    target=_blank without noopener, without words, non-descriptive, to another page's #fragment
    or to one of its own that it lacks (and its last <a>, whatever its flags); its canonicals,
    hreflangs, og: metas, JSON-LD texts and itemtypes; and the text and alt of the <a> it opens
    with when it continues one after a cut (None if not). ``apart``: the <a> without A_FRAGMENT
    (:func:`walked_fragments` has those links)."""
    if not apart:
        return walked.checks
    anchors = [(h, t, f & ~pc.A_FRAGMENT) for h, t, f in walked.checks[7] if f & ~pc.A_FRAGMENT]
    return (*walked.checks[:7], anchors, *walked.checks[8:])


def walked_fragments(walked: Walked, /) -> list[tuple[str, str]] | None:
    """The piece's links to #fragments of another page put together as the audit reads them
    (``pagechecks.fragment_lines``), where the walk joined every one of them and no U+FFFD is in
    their hrefs and texts (the C cannot tell a byte that is not UTF-8 from it, and two lines of
    different bytes that decode alike are one line); else None."""
    joined = walked.joined or {}
    anchors = [a for a in walked.checks[7] if a[2] & pc.A_FRAGMENT]
    if any(
        joined.get(h or "") is None or "\ufffd" in (h or "") or "\ufffd" in t for h, t, _ in anchors
    ):
        return None
    return pc.fragment_lines(anchors, joined.__getitem__)


def walked_refreshes(walked: Walked, /) -> list[str]:
    """The content of each ``<meta http-equiv="refresh" content>``, document order."""
    return [w[0] for w in walked.words if w[1] == "meta-refresh" and w[0] is not None]


def markup(data: bytes, chunk: int = 8192, /) -> tuple[int, int]:
    """(how many "<" the page has, a bound on how deep its elements nest that never errs low).
    Per chunk, the depth can rise by at most the chunk's start tags ("<" not followed by "/") and
    ends no higher than the depth before it plus starts minus ends, or the chunk's starts alone
    when stray end tags drove it to zero inside it. An end tag split by a chunk boundary counts
    only as a start: the bound errs high, never low."""
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    tags = depth = peak = 0
    for i in range(0, len(data), chunk):
        end = min(i + chunk, len(data))
        opens = data.count(b"<", i, end)
        ends = data.count(b"</", i, end)
        starts = opens - ends
        tags += opens
        peak = max(peak, depth + starts)
        depth = max(depth + starts - ends, starts)
    return tags, peak


def cut_points(data: bytes, max_tags: int, tags: int, /) -> list[int]:
    """Offsets at which a page of ``tags`` "<" can be cut into pieces of about ``max_tags`` tags
    that parse alone (none for a page that small): :func:`scan`'s cuts."""
    return scan(data, max_tags, tags, MAX_ELEMENTS)[0]


# A page's checks, each once, packed: the specification itself.
pack_found = pc.pack_found


def walked_found(
    pieces: list[Walked], page_url: str, descriptions: int, viewport: bool, /
) -> tuple[bytes, bytes, bytes, str] | None:
    """``pagechecks.ChecksReader.finish`` of a page of these pieces at ``page_url``
    (``links.finish`` reads ``descriptions`` and whether it has a viewport from its metas), where
    it has no <base>, the walk put its links to #fragments together, and no <a> is parted by a
    cut; else None. (The compiled walk says None also where Python has more to do than it:
    JSON-LD, itemtypes, hreflangs, a canonical that is relative, outside <head> or not the only
    one, a link it checks that Python joins, U+FFFD.)"""
    if pieces and type(pieces[0]) is Settled:
        return pieces[0].found
    fragments = pc.pieces_fragments([walked_fragments(walked) for walked in pieces])
    if fragments is None or any(w.read[0] is not None for w in pieces):
        return None
    checks = [walked_checks(walked, True) for walked in pieces]
    if any(checked[13] is not None for checked in checks[1:]):
        return None  # an <a> a cut parted: its fragment lines are the whole <a>'s
    reader = pc.ChecksReader()
    joined: dict[str, str | None] = {}  # None: Python joins it (ChecksReader.finish)
    for walked, checked in zip(pieces, checks, strict=True):
        reader.add(checked, walked.read[7])
        if len(pieces) == 1:
            joined = walked.joined or {}
        else:
            joined.update((h, url) for h, url in (walked.joined or {}).items() if url is not None)
    metas = {"viewport"} if viewport else set()
    return reader.finish(page_url, page_url, descriptions, metas, joined, fragments, pack_found)
