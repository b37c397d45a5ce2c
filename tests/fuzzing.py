"""A fuzz harness for the parse paths: mutated real pages and generated hazards, read by the compiled
parts and by their pure-Python twins through every path a page can take (the walk of a whole page,
``links.parse_page`` inline with its cuts, small pieces, the parser threads), which must agree,
and where ``scanproof`` says the pure threads may skip the scan, the scan keeps to its bounds; and
pages cut into pieces, which must read as the whole page does (:func:`cut_differences`). Then the
text a crawl keeps from the network (:func:`text_problems`): header bytes that are not UTF-8,
Locations, error texts quoting a URL with a password.

``tests/parsing/test_fuzz.py`` runs it for a few hundred pages with fixed seeds; ``bench/fuzz.py`` runs it
for as long as it is given, with fresh seeds, and prints what it finds. Pages come from Debian's
python3-doc where it is installed, and from the generators below: hazard soup, pages of whole
blocks, and pages too complex to parse (tags of thousands of attributes, formatting elements made
again in each paragraph, holders never closed).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from gui_crawler.base.urls import plain_directory
from gui_crawler.parsing import accel, links, slicing
from gui_crawler.parsing.linkwords import blob_links, said_words, unpack_piece
from gui_crawler.parsing.parsepool import ParsePool
from gui_crawler.parsing.scanproof import PAIRS_A_TAG, plain

DOCS = Path("/usr/share/doc/python3-doc/html")
URL = "http://127.0.0.1:1/dir/page.html"
DIRECTORY = plain_directory(URL)

# Fragments that stress the parse: invalid UTF-8, invisible and raw-text elements left open,
# SVG and MathML, framesets, bases, attributes without values, NULs, comments and CDATA, tags
# broken off, formatting elements, tables, template contents, plaintext.
HAZARDS = [
    b"<p>", b"</p>", b" ", b"\t", b"\xa0", b"\xc2\xa0", b"\xe2\x82", b"\xed\xa0\x80", b"\xff",
    b"\xf0\x9f\x98\x80", b"abc", b"<script>x y</script>", b"<script>", b"</script>",
    b"<script src=s.js></script>", b"<a href=x>", b"<a href>", b"<a href=''>", b"</a>",
    b"<title>t \xff</title>", b"<title>", b"<h1>h <b>1</b></h1>", b"<h1>", b"</h1>",
    b"<noscript>n</noscript>", b"<noscript>", b"<style>s</style>", b"<style>",
    b"<template>tt<a href=t></template>", b"<template>", b"<base href>", b"<base href=/b/>",
    b"<meta name=description content='d \xe9'>", b"<meta name=robots content=noindex>",
    b"<link rel='Canonical x' href=' /c '>", b"<link rel=stylesheet href=s.css>",
    b"<svg><title>s</title><a href=sv>z</a></svg>", b"<math><mi>m</mi></math>", b"<body>",
    b"<frameset>", b"<frame src=fr>", b"<!-- c <a href=cm> -->", b"<!--", b"-->",
    b"<![CDATA[ <a href=cd> ]]>", b"&nbsp;", b"&amp;", b"\x00", b"<img src=i href=h>",
    b"<iframe src=f>x<a href=if></iframe>", b"<iframe>", b"<html lang=' EN '>",
    b"<table><tr><td>cell<a href=td>", b"<select><option>o</select>", b"<textarea>", b"<xmp>",
    b"<plaintext>", b"<b>", b"<i>", b"<b id=1>", b"<a", b"<", b">", b"='", b'"', b"<div>",
    b"</div>", b"<!DOCTYPE html>", b"<form>", b"<button>", b"<li>", b"<noembed>", b"<noframes>",
    b"<a>", b"<a rel='NoFollow ugc' href=n>", b"<img alt=' A \xe9 ' src=al>", b"<img alt>",
    b"<area href=ar alt=m rel=sponsored>", b"<meta http-equiv=Refresh content=\"0;URL='r'\">",
    b"<meta http-equiv=refresh content>", b"<a href='slice::x'>s</a>", b"<a href=mailto:m>",
    b"<a href=/ok/../ok>", b"<a href='http://127.0.0.1:1/a/./b/../c'>", b"<a href=//127.0.0.1:1/..>",
    b"<a href=http://h.test:99999/p>", b"<a href=http://h.test:65535/p>", b"<a href=//h:65536/>",
    b"<img src=s srcset='a.png 1x, b(1,2).png 2x,,c.png'>", b"<img srcset=',x.png,'>",
    b"<picture><source srcset='p.webp 100w, q.webp' type=image/webp></picture>",
    b"<video poster=v.jpg><source src=v.mp4></video>", b"<object data=o.pdf></object>",
    b"<embed src=e.swf>", b"<link rel=preload as=image imagesrcset='l1.png 1x, l2.png 2x'>",
    b"<p id=frag>", b"<a name=nm>", b"<a href='#frag'>", b"<a href='#Nm%20x'>", b"<a href=#/route>",
    b"<a href='x.html#f\xff%C3'>", b"<a href=x target=_BLANK>", b"<a href=#top>", b"<h2>",
    b"<h4>h4</h4>", b"<a href=y>Click  Here!</a>", b"<a href=z><img src=q alt=' '></a>",
    b"<a href=z aria-label=' a '></a>", b"<meta property=OG:title content=t>",
    b"<link rel='alternate' hreflang=en-GB href=/en>", b"<link rel=canonical href=/c>",
    b"<script type=' Application/LD+json '>{\"@type\": \"Product\"}</script>",
    b"<div itemscope itemtype='http://schema.org/A http://schema.org/B'>", b"<img alt=" + b"x" * 60 + b" src=l>",
    b"lorem", b"ipsum", b"<p id='\xff\xfe'>", b"<title>t2</title>",
]  # fmt: skip


# Blocks each whole in itself (every element closed), each holding what a cut inside it would
# change: links in raw text, comments, attribute values, CDATA, template contents; text a table
# moves; SVG's own <title> and <a>; an H1's text; formatting elements left open, which the
# parser makes again in each paragraph after them. A page of them can be cut between any two.
BLOCKS = [
    b'<p>Word {i} <a href="../p{i}.html#x">p</a> <i>it</i></p>',
    b'<script>x = "<a href=/s{i}>" + (a<b) + "</div>";</script>',
    b'<!-- <a href="/cm{i}"> <p> --><!----><!--->',
    b'<iframe src="/f{i}.html"><a href="/if{i}">x</a></iframe>',
    b'<img alt="<a href=/alt{i}>" src="/i{i}.png"><div title=\'<p><a href="/t{i}">\'>q</div>',
    b'<svg><title>s{i}</title><a href="/sv{i}"><text>t</text></a><![CDATA[ <a href=/cd{i}> ]]></svg>',
    b'<table><tr><td>cell {i} <a href="/td{i}">c</a></td></tr>moved {i}</table>',
    b'<select><option>o{i}<a href="/opt{i}">x</a><img src=/so{i}></select>',
    b'<template><a href="/tpl{i}">t</a></template><noscript><a href="/ns{i}">n</a></noscript>',
    b'<textarea><a href="/ta{i}"></textarea><style>a < b {{}}</style><title>in body {i}</title>',
    b'<h1>Head <b>{i}</b> <a href="/h{i}">x</a></h1>',
    b'<ul><li>one {i}<li>two <a href=/li{i}>l</a></ul><dl><dt>t<dd>d <a href=/dd{i}>x</a></dl>',
    b'<b>bold {i} <p>para <em>em</p> after</em></b>',
    b'<math><mi>x</mi><a href=/m{i}>m</a></math>',
    b'<noembed><a href=/ne{i}></noembed><noframes><a href=/nf{i}></noframes><xmp><a href=/x{i}></xmp>',
    b'<![CDATA[ <a href=/hc{i}> ]]> <?pi <a href=/pi{i}> ?> </ <a href=/be{i}>>',
    b'<form><input name=i{i}><button>b <a href=/bt{i}>x</a></button></form>',
    b'<p>x <table><tr><td>in p {i}</table> <a href=/a{i}>one <a href=/b{i}>two</a>',
    b'<meta name=description content="d{i}"><link rel=canonical href=/c{i}><base href=/b{i}/>',
    b'<html lang=l{i}><body class=b{i}><frameset><frame src=/fr{i}></frameset>',
    b'<p><a href="/w{i}" rel=nofollow>word {i} <b>bold <img alt="pic {i}" src=/w{i}.png></b>'
    b' more</a> <a name=n{i}>named</a> <a>bare {i}</a></p>',
]  # fmt: skip


# The hrefs of BLOCKS that are no links: in a script's string, a comment, raw text (an iframe's,
# a textarea's, noembed, noframes, xmp), another attribute's value, a bogus comment or CDATA.
NOT_LINKS = re.compile(r"/(?:s|cm|if|alt|t|ta|ne|nf|x|hc|cd|pi|be)\d+$")
# A link with a dot segment left in it (RFC 3986 5.2.4 removes them all).
DOT_SEGMENT = re.compile(r"^[a-z]+://[^/]*(?:/[^?]*)?/\.\.?(?:/|\?|$)")


def whole_page(rnd: random.Random, blocks: int, tail: bytes = b"") -> bytes:
    """A page of ``blocks`` of :data:`BLOCKS`, then ``tail``: cut at any cut, it must read as whole."""
    parts = [b"<!DOCTYPE html><html><head><title>T</title></head><body>"]
    for i in range(blocks):
        parts.append(rnd.choice(BLOCKS).replace(b"{i}", b"%d" % i).replace(b"{{}}", b"{}"))
    parts.append(tail)
    return b"".join(parts)


def attribute_bomb(attributes: int, quoted: bool = False) -> bytes:
    """One tag of ``attributes`` distinct attributes (lexbor compares each with those before it);
    ``quoted``: each holds a ">" in quotes, which a scan for ">" would take for the tag's end."""
    one = b'q%d=">"' if quoted else b"a%d"
    return (
        b'<p><a href="/before">x</a><b '
        + b" ".join(one % i for i in range(attributes))
        + (b'><a href="/after">y</a>')
    )


def formatting_bomb(n: int, name: bytes = b"b") -> bytes:
    """One <div>, ``n`` distinct unclosed formatting elements, </div>, then ``n`` paragraphs: the
    parser makes the ``n`` again in each paragraph (n * n elements)."""
    opened = b"".join(b"<%s id=%d>" % (name, i) for i in range(n))
    return b'<a href="/in">x</a><div>' + opened + b"</div>" + b"<p>x" * n


def unclosed_holder_page(holder: bytes, blocks: int) -> bytes:
    """A page whose first ``holder`` (h1, template, noscript) never closes, then ``blocks``
    paragraphs of links: no cut can be placed after it."""
    rows = b"".join(b'<p>w %d <a href="/p%d.html">p</a></p>' % (i, i) for i in range(blocks))
    return b"<!DOCTYPE html><title>T</title><" + holder + b">Big " + rows


def generated_page(rnd: random.Random, blocks: int) -> bytes:
    """A page of ``blocks`` hazards between ordinary paragraphs and links."""
    parts = [b"<!DOCTYPE html><html><head><title>T</title></head><body>"]
    for i in range(blocks):
        if rnd.random() < 0.5:
            parts.append(b'<p>Word %d <a href="../p%d.html#x">p</a></p>' % (i, i % 40))
        else:
            parts.append(rnd.choice(HAZARDS))
    return b"".join(parts)


def too_complex_page(rnd: random.Random) -> bytes:
    """A page near or past the bounds of what is parsed (slicing.MAX_ATTRIBUTE_PAIRS, MAX_ELEMENTS),
    small enough to parse all the same where a path has no bound (a few tenths of a second)."""
    kind = rnd.randrange(3)
    if kind == 0:
        return attribute_bomb(rnd.randrange(500, 8000), quoted=rnd.random() < 0.5)
    if kind == 1:
        return formatting_bomb(rnd.randrange(20, 300), rnd.choice([b"b", b"i", b"font", b"a"]))
    return unclosed_holder_page(
        rnd.choice([b"h1", b"template", b"noscript"]), rnd.randrange(50, 800)
    )


def corpus(rnd: random.Random, pages: int) -> Iterator[bytes]:
    """Real pages (python3-doc, when installed), hazard soup, pages of whole blocks, and one in
    twenty past or near the bounds of what is parsed."""
    real = sorted(DOCS.rglob("*.html")) if DOCS.is_dir() else []
    for n in range(pages):
        if n % 20 == 19:
            yield too_complex_page(rnd)
        elif real and n % 2 == 0:
            yield rnd.choice(real).read_bytes()
        elif n % 4 == 1:
            yield whole_page(rnd, rnd.randrange(1, 300))
        else:
            yield generated_page(rnd, rnd.randrange(1, 400))


def mutate(rnd: random.Random, page: bytes, steps: int = 4) -> bytes:
    """``page`` with a few random edits: hazards spliced in, spans cut out or repeated, bytes
    replaced by markup characters, the end cut off."""
    data = bytearray(page)
    for _ in range(steps):
        at = rnd.randrange(len(data) + 1)
        kind = rnd.randrange(6)
        if kind <= 1:
            data[at:at] = rnd.choice(HAZARDS) * rnd.choice((1, 1, 1, 3, 50))
        elif kind == 2 and data:
            del data[at : at + rnd.randrange(1, 2000)]
        elif kind == 3 and data:
            span = bytes(data[at : at + rnd.randrange(1, 400)])
            data[at:at] = span * rnd.randrange(1, 4)
        elif kind == 4 and data:
            for _ in range(rnd.randrange(1, 20)):
                data[rnd.randrange(len(data))] = rnd.choice(b"<>/\"'=&;!-\x00\xff ")
        elif kind == 5 and len(data) > 10 and rnd.random() < 0.2:
            del data[at:]
    return bytes(data)


@dataclass
class Disagreement:
    """A page the two implementations read differently, and where."""

    path: str
    page: bytes
    compiled: Any
    python: Any

    def __str__(self) -> str:
        return f"{self.path}: {len(self.page)} bytes; compiled {self.compiled!r:.300} / python {self.python!r:.300}"


def _with(module: ModuleType, fn: Callable[[], Any]) -> Any:
    """``fn()`` with ``module`` as the pagewalk in use."""
    saved = accel.pagewalk
    accel.pagewalk = module  # type: ignore[assignment]
    try:
        return fn()
    finally:
        accel.pagewalk = saved  # type: ignore[assignment]


def _walk(module: ModuleType, page: bytes) -> tuple[Any, ...]:
    """What each walk reads of ``page``: its fields, its hrefs with the URLs the walk joined them
    to, its links with their words, and those packed (compared as read: bytes not UTF-8 aside;
    and without the walk's joins too), what the audit checks on it (with and without its links
    to #fragments) and those links put together."""
    hrefs: dict[str, str | None] = {}
    walked = module.walk_apart(page, DIRECTORY)
    said = unpack_piece(module.walked_said(walked))
    unjoined = unpack_piece(module.walked_said(walked, False))
    read = module.walk(page, hrefs, DIRECTORY)
    words = module.walked_words(walked)
    checks = module.walked_checks(walked), module.walked_checks(walked, True)
    return read, list(hrefs.items()), words, said, unjoined, checks, module.walked_fragments(walked)


def _parsed(page: bytes) -> tuple[links.ParsedPage, tuple[Any, ...]]:
    parsed = links.parse_page(page, None, URL)
    return parsed, said_words(parsed.words, URL)


def _pieces(module: ModuleType, page: bytes, max_tags: int) -> list[Any]:
    tags = page.count(b"<")
    return _with(
        module,
        lambda: [
            module.cut_points(page, max_tags, tags),
            *(_walk(module, piece) for piece in slicing.pieces(page, max_tags, tags)),
        ],
    )


async def _threads(pages: list[bytes]) -> list[Any]:
    """The pages through the parser threads (a pool with no processes, nothing inline)."""
    pool = ParsePool(0, inline_bytes=0, threads=2)
    try:
        return list(await asyncio.gather(*(pool.parse(p, None, URL) for p in pages)))
    finally:
        pool.close()


def check(compiled: ModuleType, python: ModuleType, pages: list[bytes]) -> list[Disagreement]:
    """Every page through every path with both implementations; what they disagree on."""
    found: list[Disagreement] = []

    def same(path: str, page: bytes, fn: Callable[[ModuleType], Any]) -> None:
        got, want = fn(compiled), fn(python)
        if got != want:
            found.append(Disagreement(path, page, got, want))

    for page in pages:
        scanned = compiled.scan(page, slicing.MAX_TAGS, page.count(b"<"), slicing.MAX_ELEMENTS)
        if not slicing.too_complex(scanned[1], scanned[2]):  # else only the guarded paths
            same("walk", page, lambda m, page=page: _walk(m, page))
            same("pieces", page, lambda m, page=page: _pieces(m, page, 200))
        same("parse_page", page, lambda m, page=page: _with(m, lambda: _parsed(page)))
        count = page.count(b"<")  # where the proof says so, the scan keeps to its bounds
        if plain(page, count, count, count, count * PAIRS_A_TAG):
            cuts, pairs, elements, _, _ = python.scan(page, count, count, 1 << 30)
            if cuts or pairs > count * PAIRS_A_TAG or elements > count:
                found.append(Disagreement("scan proof", page, (cuts, pairs, elements), count))
        parsed = _with(python, lambda page=page: links.parse_page(page, None, URL))
        dotted = [u for u in parsed.links if DOT_SEGMENT.match(u)]
        if dotted:
            found.append(Disagreement("dot segments left", page, dotted, []))
    saved = slicing.MAX_TAGS
    slicing.MAX_TAGS = 200  # the threads cut at the module's bound: big pages go to pieces
    try:
        by_c = _with(compiled, lambda: asyncio.run(_threads(pages)))
        by_py = _with(python, lambda: asyncio.run(_threads(pages)))
    finally:
        slicing.MAX_TAGS = saved
    found += [
        Disagreement("threads", page, c, p)
        for page, c, p in zip(pages, by_c, by_py, strict=True)
        if c != p
        or said_words(c.words, URL) != said_words(p.words, URL)
        or (c.words and blob_links(c.words) != tuple(c.links))  # a page scanned has none
    ]
    return found


def run(seed: int, pages: int, compiled: ModuleType, python: ModuleType) -> list[Disagreement]:
    """``pages`` mutated pages from ``seed``, checked in batches of 20."""
    rnd = random.Random(seed)
    batch: list[bytes] = []
    found: list[Disagreement] = []
    for page in corpus(rnd, pages):
        batch.append(mutate(rnd, page, rnd.randrange(1, 8)))
        if len(batch) == 20:
            found += check(compiled, python, batch)
            batch = []
    if batch:
        found += check(compiled, python, batch)
    return found


def scan_slips(rnd: random.Random, pages: int) -> list[Disagreement]:
    """Pages of whole blocks, mutated a little, whose plain scan (``links.scan_links``: how the
    links of a page too complex to parse are found) takes an href that is no link
    (:data:`NOT_LINKS`), or misses a link of a block's paragraph."""
    found = []
    for _ in range(pages):
        page = whole_page(rnd, rnd.randrange(1, 200))
        scanned = links.scan_links(page, URL)
        slips = [u for u in scanned if NOT_LINKS.search(u)]
        missed = [f"/p{i}.html" for i in range(200) if b"../p%d.html#x" % i in page]
        missed = [u for u in missed if not any(s.endswith(u) for s in scanned)]
        if slips or missed:
            found.append(Disagreement("plain scan", page, slips, missed))
    return found


def _without_anchors(page: links.ParsedPage) -> Any:
    """The page with each link's words but its text and alt, and each link once: the copies of
    an <a> never closed that the parser makes in each paragraph after it have their attributes
    in a whole page and none after a cut (linkwords.whole_page), so their text is not kept."""
    return page, sorted({(w.target, w.element, w.rel) for w in said_words(page.words, URL)})


def cut_differences(module: ModuleType, pages: list[bytes], max_tags: int) -> list[Disagreement]:
    """The pages that ``links.parse_page`` with ``module`` reads differently cut at ``max_tags``
    tags than whole (no bound on the elements of a piece, which a whole page would pass; links'
    texts and alts aside, see :func:`_without_anchors`)."""
    saved = slicing.MAX_TAGS, slicing.MAX_ELEMENTS
    found = []
    try:
        for page in pages:
            slicing.MAX_TAGS, slicing.MAX_ELEMENTS = 1 << 40, 1 << 40
            whole = _with(module, lambda page=page: links.parse_page(page, None, URL))
            slicing.MAX_TAGS = max_tags
            cut = _with(module, lambda page=page: links.parse_page(page, None, URL))
            if _without_anchors(cut) != _without_anchors(whole):
                found.append(Disagreement(f"cut at {max_tags} tags", page, cut, whole))
    finally:
        slicing.MAX_TAGS, slicing.MAX_ELEMENTS = saved
    return found


# ---- text from the network: header bytes, Locations, errors quoting a URL's password ----------

# Bytes a response header may hold: Latin-1 and broken UTF-8 among URL and header syntax.
HEADER_BYTES = [
    b"\xe9", b"\xff", b"\xfe", b"\xed\xa0\x80", b"\xc3\xa9", b"\xc3", b"\x80", b"\xf0\x9f", b"%",
    b"%e9", b"%zz", b"/", b"..", b".", b"?", b"#", b"@", b":", b" ", b"\t", b"a", b"Z", b"\\", b'"',
    b";", b"=", b",", b"http://", b"//", b"[", b"]", b"99999", b"\x00", b"\x7f",
]  # fmt: skip
# What a password may hold (percent-encoded in a URL, as yarl writes it in aiohttp's errors).
PASSWORD_CHARS = "aZ9@:/?#%+=&;!$'()*,~_-. \\\"<>é"


def header_value(rnd: random.Random) -> str:
    """A header's value as aiohttp hands it over: its bytes decoded as UTF-8, those that are not
    as lone surrogates (surrogateescape)."""
    data = b"".join(rnd.choice(HEADER_BYTES) for _ in range(rnd.randrange(1, 12)))
    return data.decode("utf-8", "surrogateescape")


def text_problems(seed: int, count: int) -> list[str]:
    """What goes wrong with ``count`` random header values and error texts from ``seed``: text a
    record keeps that no file can hold as UTF-8 (the headers kept, the URL a Location leads to),
    a URL that cannot be told apart as crawlable or not, a password left in an error's text."""
    from urllib.parse import quote

    from gui_crawler.base.urls import normalize, uncrawlable
    from gui_crawler.crawl.failures import describe, redacted
    from gui_crawler.crawl.headers import kept

    rnd = random.Random(seed)
    found: list[str] = []
    for _ in range(count):
        value = header_value(rnd)
        text = kept([("Content-Disposition", value), ("Location", value), ("Set-Cookie", value)])
        url = normalize("http://h.test/" + value.strip())
        why = uncrawlable("http://h.test/" + value)
        for name, got in (("kept", text), ("normalize", url or ""), ("uncrawlable", why or "")):
            try:
                got.encode("utf-8")
            except UnicodeEncodeError:
                found.append(f"{name} of {value!r}: {got!r}")
        if url is not None and not url.isascii():
            found.append(f"normalize of {value!r} is not ASCII: {url!r}")
        password = "".join(rnd.choice(PASSWORD_CHARS) for _ in range(rnd.randrange(4, 16)))
        secret = quote(password, safe="")
        said = f"400, message={value!r}, url='http://user:{secret}@127.0.0.1:3128/{value}'"
        for shown in (redacted(said), describe(OSError(said))[1]):
            if secret in shown:
                found.append(f"the password {password!r} in {shown!r}")
    return found
