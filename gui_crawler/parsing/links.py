"""Decoding HTML and extracting its links with a real HTML5 parser: lexbor, called from C where
the compiled parts were built, else through selectolax (``accel`` chooses)."""

from __future__ import annotations

import codecs
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gui_crawler.base.urls import href_joiner, join, join_all, plain_directory
from gui_crawler.parsing import accel, slicing
from gui_crawler.parsing.linkwords import page_blob, refresh_target
from gui_crawler.parsing.pagechecks import pieces_fragments
from gui_crawler.parsing.pagefacts import NO_CHECKS, FactsReader, PageFacts

if TYPE_CHECKING:
    from gui_crawler.parsing.accel import Walked

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_META_CHARSET = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)""", re.IGNORECASE
)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def parse_content_type(header: str | None) -> tuple[str | None, str | None]:
    """("text/html", "utf-8") from a Content-Type header; (None, None) when absent."""
    if not header:
        return None, None
    mime, _, params = header.partition(";")
    charset = None
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset":
            charset = value.strip().strip("\"'") or None
    # Types and charsets are ASCII tokens. Header bytes that are not UTF-8 reach us as lone
    # surrogates (aiohttp decodes with surrogateescape): codecs.lookup() raises on them, and a
    # record holding one cannot be written as UTF-8 (SQLite, CSV). Such a value is no value.
    mime = mime.strip().lower()
    return (mime if mime.isascii() else None) or None, (
        charset if charset and charset.isascii() else None
    )


# Python codecs that are no web charset and cannot decode a page: a Content-Type or <meta> naming
# one (a hostile or broken server) must fall through to the next source, not crash decode().
_NOT_CHARSETS = frozenset({"undefined", "idna", "punycode", "unicode-escape", "raw-unicode-escape"})


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):  # ValueError: a NUL in the name
        return None
    # codecs.lookup also finds bytes-to-bytes transforms (base64, zlib, hex, rot13…), which
    # bytes.decode() refuses with LookupError.
    if not info._is_text_encoding or info.name in _NOT_CHARSETS:
        return None
    return info.name


def detect_encoding(body: bytes, header_charset: str | None) -> str:
    """Charset from the header, then a BOM, then <meta charset>, then UTF-8 if it decodes, else
    windows-1252 (what browsers assume). Unknown names fall through to the next source."""
    enc = _codec(header_charset)
    if enc:
        return enc
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name
    m = _META_CHARSET.search(body, 0, 4096)
    enc = _codec(m.group(1).decode("ascii", "replace")) if m else None
    if enc:
        # A page cannot really be UTF-16 if its meta tag was readable as ASCII.
        return "utf-8" if enc.startswith("utf-16") else enc
    try:
        body.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        return "cp1252"


def decode(body: bytes, header_charset: str | None) -> tuple[str, str]:
    """(text, encoding used); undecodable bytes become U+FFFD instead of failing."""
    enc = detect_encoding(body, header_charset)
    try:
        return body.decode(enc, "replace"), enc
    except (LookupError, UnicodeError):  # a codec that fails even with "replace": never fail a page
        return body.decode("cp1252", "replace"), "cp1252"


def extract_links(text: str | bytes, page_url: str) -> list[str]:
    """Normalised absolute http(s) links of an HTML page, deduplicated, in document order.

    ``text`` may be UTF-8 bytes. Honours <base href>. The links are the href of <a>, <area> and
    <link>, and the src of <iframe>, <frame>, <img> and <script>: a broken image or script is a
    broken link to the people who check sites.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    page = PageWalk(data, data.count(b"<"), page_url, plain_directory(page_url), "utf-8")
    return finish(page, *walk(page)).links


# PageWalk and ParsedPage are not frozen: one of each is made a page on the event loop's thread,
# where a frozen dataclass's object.__setattr__ per field takes ~5x the time of plain stores.
# Neither is changed once made.
@dataclass(slots=True)
class PageWalk:
    """A page ready to be walked: UTF-8 bytes, not nested too deep to parse. Parsing it is split
    in three so that the parse can run on a thread that never takes the GIL: :func:`begin` and
    :func:`finish` make every Python object, on the caller's thread (the event loop's); the
    parse between them is :func:`walk` here, or a parser thread's (``parsepool.ParserThreads``).
    A parser thread that made the strings and joined the links itself would take the GIL from
    the event loop for each page."""

    data: bytes
    tags: int  # how many "<" it has
    page_url: str
    directory: str | None  # urls.plain_directory(page_url): the walk joins plain hrefs to it
    encoding: str
    seconds: float = 0.0  # spent in begin()
    # It may nest too deep to parse: ``nested`` says, off the event loop (begin(here=False)).
    deep: bool = False
    # The auditor's page checks read (False: --no-checks, links and the facts they need only).
    checks: bool = True


def walk(page: PageWalk) -> tuple[list[Walked], float, int]:
    """Scan the page, then parse and walk each piece of it (one for a page of ordinary size), the
    GIL held only to return; what each walk read stays in C until :func:`finish`. Also the
    seconds it took, and why the page is too complex to parse (``slicing.too_complex``; nothing
    is parsed then) or 0."""
    t0 = time.perf_counter()
    cuts, pairs, elements, (a, b), opened = accel.pagewalk.scan(
        page.data, slicing.MAX_TAGS, page.tags, slicing.MAX_ELEMENTS
    )
    trouble = slicing.too_complex(pairs, elements)
    if trouble:
        walked = []
    elif not cuts:  # a page of ordinary size: one piece, the page itself
        walked = [accel.pagewalk.walk_apart(page.data, page.directory, page.checks)]
    else:
        walked = [
            accel.pagewalk.walk_apart(piece, page.directory, page.checks)
            for piece in slicing.pieces_at(page.data, cuts, page.data[a:b], opened)
        ]
    return walked, time.perf_counter() - t0, trouble


def finish(
    page: PageWalk,
    walked: list[Walked],
    seconds: float,
    trouble: int = 0,
    digest: bytes | None = None,
) -> ParsedPage:
    """The page's links and audit fields from what :func:`walk` read (``digest``: the visible
    text's hash, if the walk made it). Each distinct href is read once, and joined in Python
    only when the walk could not join it (joining is the costly part). A page too complex to
    parse (``trouble``) is scanned for its links instead, and says so in its note. ``walked`` is
    emptied once read: what the walk held in C is given back before the facts are put
    together."""
    t0 = time.perf_counter()
    if trouble:
        found = scan_links(page.data, page.page_url)
        spent = page.seconds + seconds + time.perf_counter() - t0
        return ParsedPage(found, page.encoding, slicing.why(trouble), seconds=spent)
    facts = FactsReader(digest)
    # Each distinct href, document order, with the URL the walk joined it to ("" for none; None
    # when Python must join it). A page of one piece (most) has them read into Python only where
    # Python checks it (below); its links are read by ``walked_links``, in C.
    hrefs: dict[str, str | None] | None = None if len(walked) == 1 else {}
    if hrefs is None:  # most pages: no list to build, no search for the first <base>
        read = accel.pagewalk.walked(walked[0], None, digest is None)
        reads = [read]
        base_href = read[0]
        facts.add(*read[1:])
    else:
        reads = [accel.pagewalk.walked(piece, hrefs, digest is None) for piece in walked]
        base_href = next((read[0] for read in reads if read[0] is not None), None)
        for read in reads:
            facts.add(*read[1:])
    # The walk says the page's checks, packed, where it can (on a parser thread already).
    fragments = None
    if not page.checks:
        facts.found = NO_CHECKS
    elif base_href is None:
        viewport = "viewport" in facts.meta_names
        facts.found = accel.pagewalk.walked_found(
            walked, page.page_url, facts.descriptions, viewport
        )
    if hrefs is None and (facts.found is None or base_href is not None):
        hrefs = {}
        accel.pagewalk.walked(walked[0], hrefs, False)
    if facts.found is None:
        # The links to #fragments of another page (python3-doc has ~130 a page) put together by
        # the walk, where it joined them all (a <base> in any piece makes every join Python's).
        fragments = (
            pieces_fragments([accel.pagewalk.walked_fragments(piece) for piece in walked])
            if base_href is None
            else None
        )
        checks = [accel.pagewalk.walked_checks(piece, fragments is not None) for piece in walked]
        if fragments is not None and any(checked[13] is not None for checked in checks[1:]):
            # An <a> a cut parted: its words are the whole <a>'s, which Python puts together.
            fragments = None
            checks = [accel.pagewalk.walked_checks(piece) for piece in walked]
        for read, checked in zip(reads, checks, strict=True):
            facts.checked(checked, read[7])
    base = (join(page.page_url, base_href) if base_href else None) or page.page_url
    join_href = href_joiner(base)
    # The walk joined plain hrefs to the page's directory; a <base> (a piece's walk only sees its
    # own) makes every href Python's to join. The links Python joins go in the record beside the
    # walk's, each with where it comes in the page's links (linkwords.page_blob's extras).
    joined = base_href is None
    links: dict[str, None] = {}
    if hrefs is None:
        extras = accel.pagewalk.walked_links(walked[0], links, join_href)
    else:
        extras = []
        for href, url in hrefs.items():
            if url is None or not joined:
                url = hrefs[href] = join_href(href)
                if url and url not in links:
                    extras.append((len(links), url))
            if url:
                links[url] = None
    # A meta refresh's target is a link to check.
    for piece in walked:
        for content in accel.pagewalk.walked_refreshes(piece):
            target = refresh_target(content)
            url = join_href(target) if target else None
            if url and url not in links:
                extras.append((len(links), url))
                links[url] = None
    # The links with their words stay packed as the walk packed them (linkwords.said_words reads
    # them when a view or an output asks).
    pieces = [accel.pagewalk.walked_said(piece, joined) for piece in walked]
    said = page_blob(base_href, pieces, extras)
    # The walk's C memory goes now, not after the page's facts (its last reader was above): on a
    # big page both at once made the crawl's peak (python3-doc's 2.5 MB contents.html: 6.5 MB
    # from its walk while its facts took 3.8 MB more).
    walked.clear()
    facts_read = facts.finish(base, page.page_url, hrefs, fragments, accel.pagewalk.pack_found)
    spent = page.seconds + seconds + time.perf_counter() - t0
    return ParsedPage(list(links), page.encoding, None, facts_read, spent, said)


# HTML5 tree building walks the stack of open elements for many tags, so its cost grows with the
# square of the nesting depth: 50,000 nested <div> take lexbor seconds, a 10 MB page hours.
# Browsers cap the depth (Chromium at 512); past this bound we scan for links instead of parsing.
MAX_NESTING = 10_000
_TAG = re.compile(r"<(/?)([A-Za-z][^\s/>]*)[^>]*?(/?)>")
# Void elements never hold children; these close their open predecessor instead of nesting.
_FLAT = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
        "param",
        "keygen",
        "p",
        "li",
        "dt",
        "dd",
        "td",
        "th",
        "tr",
        "option",
        "optgroup",
        "thead",
        "tbody",
        "tfoot",
        "colgroup",
        "caption",
        "rb",
        "rt",
        "rp",
    ]
)


def nesting_exceeds(text: str, bound: int = MAX_NESTING) -> bool:
    """Whether elements nest deeper than ``bound`` (an estimate: misnested tags count as open).
    A regex walk: for pages whose nesting bound (``_pagewalk.markup``, C speed, never low) is
    above ``bound``: few are; counting all start tags would send every big index page here."""
    depth = 0
    # Only up to the last ">": a tag start with no ">" after it can never match, and each such
    # start ("<a" then tens of thousands of "<") would cost the regex a scan to the end.
    for m in _TAG.finditer(text, 0, text.rfind(">") + 1):
        if m.group(1):
            depth = max(0, depth - 1)
        elif not m.group(3) and m.group(2).lower() not in _FLAT:
            depth += 1
            if depth > bound:
                return True
    return False


def scan_links(data: bytes, page_url: str) -> list[str]:
    """The links of a page (UTF-8) too complex to parse, found by a plain scan: see
    :func:`scan_steps`."""
    for found in scan_steps(data, page_url):
        if found is not None:
            return found
    return []  # never: scan_steps ends with the links


# scan_steps' steps: about 40 ms each (256 KB of the page, read a tag at a time: a 10 MB page of
# tags takes 1.2 s in all; ten thousand joins).
SCAN_STEP_CHARS = 1 << 18
SCAN_STEP_JOINS = 10_000
_LINK_ATTRIBUTE = re.compile(rb"href|src", re.IGNORECASE)


def _scanned_hrefs(data: bytes) -> Iterator[str | None]:
    """The href and src values of a page's tags, in order, read the way HTML's tokenizer reads
    tags (``_pagescan_py``'s model of it): never in a comment, in the text of a script, a style,
    a textarea or another raw-text element, or inside another attribute's value, where a link is
    no link (a script's string of markup read as a link made false broken links). None after
    each SCAN_STEP_CHARS bytes of the page."""
    # Imported here: its regexes take ~20 ms to compile, a tenth of the command line's start,
    # and with the C parser only a page too complex to parse needs them.
    from gui_crawler.parsing import _pagescan_py as pagescan

    n = len(data)
    pos, step = 0, SCAN_STEP_CHARS
    while (lt := data.find(b"<", pos)) >= 0 and lt < n - 1:
        if lt >= step:
            step = lt + SCAN_STEP_CHARS
            yield None
        c = data[lt + 1]
        if c in pagescan.LETTERS:
            m = pagescan.TAG.match(data, lt)
            assert m is not None  # every tag ends at ">" or at the end of the page
            pos = m.end()
            raw_name, attrs, _, close = m.groups()
            if attrs and _LINK_ATTRIBUTE.search(attrs):
                for a in pagescan.ATTRIBUTE.finditer(attrs):
                    if a.group(1).lower() in (b"href", b"src"):
                        value = a.group(2) or a.group(3) or a.group(4) or b""
                        yield value.decode("utf-8", "replace")
            name = raw_name.lower()
            if not close or name == b"plaintext":
                return
            if name == b"script":
                pos = pagescan.script_end(data, pos)
            elif name in pagescan.RAW:
                closing = pagescan.RAW_END[name].search(data, pos)
                pos = -1 if closing is None else closing.start()
            if pos < 0:
                return
        elif data.startswith(b"<!--", lt):
            pos = pagescan.comment_end(data, lt)
        elif c == 0x2F and lt + 2 < n and data[lt + 2] in pagescan.LETTERS:  # an end tag
            m = pagescan.TAG.match(data, lt)
            assert m is not None
            pos = m.end()
        elif c in b"!?/":  # a bogus comment, a doctype: to its ">"
            end = data.find(b">", lt + 2)
            pos = end + 1 if end >= 0 else n
        else:
            pos = lt + 1  # a "<" in text


def scan_steps(data: bytes, page_url: str) -> Iterator[list[str] | None]:
    """The links of a page (UTF-8) too complex to parse, found by a plain scan of its tags'
    href and src attributes (:func:`_scanned_hrefs`), in steps, for a caller that lets its
    event loop run between them: None after each step but the last, then the links."""
    hrefs: dict[str, None] = {}
    for href in _scanned_hrefs(data):
        if href is None:
            yield None
        else:
            hrefs[href] = None
    found: dict[str, None] = {}
    batch: list[str] = []
    for href in hrefs:
        batch.append(href)
        if len(batch) == SCAN_STEP_JOINS:
            found.update(dict.fromkeys(join_all(page_url, batch)))
            batch = []
            yield None
    found.update(dict.fromkeys(join_all(page_url, batch)))
    yield list(found)


_NO_FACTS = PageFacts()


@dataclass(slots=True)
class ParsedPage:
    """What one parse of an HTML page yields: plain data, cheap to pickle (it may come back from
    another thread or process)."""

    links: list[str]  # normalised absolute http(s) links, deduplicated, document order
    encoding: str
    note: str | None = None  # why the page was scanned rather than parsed, if it was
    facts: PageFacts = _NO_FACTS  # audit fields; empty when the page was scanned
    # Spent parsing, wherever it ran (the record's parse_ms); not part of what the page says.
    seconds: float = field(default=0.0, compare=False)
    # Its links and their words, packed (linkwords.page_blob; blob_links gives ``links`` back,
    # said_words the words): those of ``links`` (a meta refresh's target too) and the links no
    # browser follows (never in ``links``). Empty for a page scanned rather than parsed. Not
    # compared: a page cut in pieces packs them piece by piece (compare said_words(words, url)).
    words: bytes = field(default=b"", compare=False)


def parse_page(body: bytes, charset: str | None, page_url: str, checks: bool = True) -> ParsedPage:
    """Decode and parse an HTML body — or scan it, if it is nested too deeply to parse in
    bounded time (the note says so). Safe to run in a worker thread or process. ``checks``
    False (--no-checks): the auditor's page checks are not read (the facts' ``checks``, ``ids``,
    ``minhash`` and ``structured_data`` empty)."""
    page = begin(body, charset, page_url, checks=checks)
    return page if isinstance(page, ParsedPage) else finish(page, *walk(page))


def begin(
    body: bytes, charset: str | None, page_url: str, *, here: bool = True, checks: bool = True
) -> ParsedPage | PageWalk:
    """The first step of :func:`parse_page`: the page decoded to UTF-8 and ready for its walk —
    or, when it nests too deep to parse, already scanned. With ``here`` False the depth is not
    looked into (a regex pass over the page: 0.27 s for a 10 MB nesting bomb, which the event
    loop must not wait for): a page that may nest too deep comes back ``deep``, for
    :func:`nested` to say, on another thread."""
    t0 = time.perf_counter()
    encoding = detect_encoding(body, charset)
    # lexbor reads UTF-8: a UTF-8 page (most of the web) goes to it as it came.
    if encoding == "utf-8":
        data = body.removeprefix(codecs.BOM_UTF8)
    else:
        text, encoding = decode(body, charset)
        data = text.encode("utf-8")
    tags, bound = accel.pagewalk.markup(data)
    deep = bound > MAX_NESTING  # else it cannot nest that deep (the common case)
    seconds = time.perf_counter() - t0
    page = PageWalk(
        data, tags, page_url, plain_directory(page_url), encoding, seconds, deep, checks
    )
    if deep and here:
        return nested(page) or page
    return page


def nested(page: PageWalk) -> ParsedPage | None:
    """The plain scan of a page that nests deeper than MAX_NESTING, or None when it does not."""
    t0 = time.perf_counter()
    text = page.data.decode("utf-8", "replace")
    if not nesting_exceeds(text):
        return None
    note = f"nested deeper than {MAX_NESTING} elements: links found by a plain scan"
    links = scan_links(page.data, page.page_url)
    return ParsedPage(links, page.encoding, note, seconds=page.seconds + time.perf_counter() - t0)
