"""What the audit checks on a page itself, from the same walk of its tree that finds its links (one
parse per page, raw or rendered): read by the walk (``_pagewalk.c`` and its twin,
``walked_checks``), put together here for the whole page (:class:`ChecksReader`) into
:class:`~gui_crawler.parsing.pagefacts.PageFacts`' ``checks``, ``ids``, ``minhash`` and
``structured_data``, which the audit (``records/audit.py``) reads. No Qt here: this runs wherever
parsing runs. The functions below are the specification the C follows.

``checks`` is JSON, deflated (:func:`pack_checks`): a list of ``[kind, other,
detail]``, each a finding of the page itself (its key, the other end where there is one: a link's
target, an image, a canonical; the evidence) or a fact only the audit can decide (``FACTS``:
``fragments``, the links to #fragments of another page, "fragment\\tits words" a line;
``hreflang``, an alternate; ``nofollow`` and ``no_words``, links whose target may be internal;
``img_alt``, an alt with its length in the detail).
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import unquote_to_bytes

from gui_crawler.base.urls import host_of, href_joiner
from gui_crawler.parsing._linkpack_py import inflate_raw

# The whole text of a link (ASCII case, whitespace and the punctuation or symbols around it aside)
# that says nothing of where it leads: anchor_non_descriptive. The walk (_pagewalk.c) reads this
# list when it is imported; keep it short and lower case.
NON_DESCRIPTIVE = (
    *("click here", "click", "here", "read more", "more", "learn more", "link", "this"),
    *("this page", "go", "continue", "details", "more info"),
)
# The walk lists an image's alt only when it is longer than this many characters (the lowest
# --alt-max allows): the audit then says which are longer than the threshold.
ALT_FLOOR = 50
# The kinds of ``checks`` entries that are facts for the audit to decide, not findings.
FACTS = frozenset({"fragments", "hreflang", "nofollow", "no_words", "img_alt"})

# An <a>'s flags (walked_checks).
A_NOFOLLOW, A_BLANK, A_EMPTY, A_VAGUE, A_FRAGMENT, A_MISSING_HERE = 1, 2, 4, 8, 16, 32
A_LAST = 64  # the piece's last <a>, listed whatever its flags: a cut after it may continue it
# An <img>'s flags.
IMG_NO_ALT, IMG_NO_SIZE, IMG_LONG_ALT = 1, 2, 4

SIG_BINS = 64  # the MinHash's bins: its signature is as many little-endian uint32
EMPTY_BIN = 0xFFFFFFFF
_M64 = (1 << 64) - 1
SPACES = b"\t\n\x0b\x0c\r "
# is_vague's whole text: what is not an ASCII letter or digit, one of NON_DESCRIPTIVE (its words
# parted by runs of ASCII whitespace, each letter in either ASCII case), then again what is not.
_VAGUE_TEXT = re.compile(
    "[^0-9A-Za-z]*(?:"
    + "|".join("[\t\n\x0b\x0c\r ]+".join(map(re.escape, w.split())) for w in NON_DESCRIPTIVE)
    + ")[^0-9A-Za-z]*",
    re.ASCII | re.IGNORECASE | re.DOTALL,
)

# What the checks' Checks tuple holds (walked_checks' result): the visible text's MinHash
# signature (b"" for fewer than three words), the hashes of its first and last (up to) two
# words (a page cut in pieces has shingles across its cuts), the CRC-32 of each id and <a name>
# (sorted, each once, little-endian uint32), the level of each heading (a byte each), how many <title>, whether
# the visible text holds "lorem ipsum", then the checks of each kind, in document order:
# imgs (src, alt, flags), anchors (href, text, flags), canonicals (href, in <head>), hreflangs
# (href, code), ogs (property, content), jsonlds (text), itemtypes (value); and the text and alt
# of the <a> a piece after a cut opens with, continuing the last <a> of the piece before.
Checks = tuple[
    bytes,
    bytes,
    bytes,
    bytes,
    int,
    int,
    list[tuple[str | None, str | None, int]],
    list[tuple[str | None, str, int]],
    list[tuple[str | None, int]],
    list[tuple[str | None, str | None]],
    list[tuple[str | None, str | None]],
    list[str],
    list[str | None],
    tuple[str, str | None] | None,
]


# The multipliers of shingle(): one for each word's place, one for the mix.
_K1, _K2, _K3 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
_KMIX = 0xFF51AFD7ED558CCD


def shingle(a: int, b: int, c: int) -> int:
    """The 64-bit hash of three words' hashes, in this order."""
    h = (a * _K1 ^ b * _K2 ^ c * _K3) & _M64
    h ^= h >> 32
    h = (h * _KMIX) & _M64
    return h ^ (h >> 29)


def signature(words: Sequence[bytes]) -> bytes:
    """The MinHash signature of a text's words (ASCII-whitespace separated, U+FFFD for what was
    not UTF-8): each three-word shingle's hash goes to the bin of its top 6 bits, which keeps the
    least of its low 32 bits; b"" for fewer than three words. One hash per shingle ("one
    permutation hashing", Li, Owen and Zhang 2012): the audit fills the empty bins."""
    if len(words) < 3:
        return b""
    if len(words) >= VECTOR_WORDS and (np := _numpy()) is not None:
        return vector_signature(np, words)
    mins = [EMPTY_BIN] * SIG_BINS
    hashes = list(map(zlib.crc32, words))
    for a, b, c in zip(hashes, hashes[1:], hashes[2:], strict=False):
        x = shingle(a, b, c)
        low = x & EMPTY_BIN
        if low < mins[x >> 58]:
            mins[x >> 58] = low
    return b"".join(m.to_bytes(4, "little") for m in mins)


# The pure-Python walk's signature in numpy, which comes with pyqtgraph (a wheel: no compiler),
# from this many words on: python3-doc's 1.8 million shingles took the loop 0.64 s, numpy 0.09 s
# (a sixth of the pure walk's time). Fewer words: the loop, which needs no import.
VECTOR_WORDS = 64
_NUMPY: list[Any] = []  # numpy once imported (None: not installed)


def _numpy() -> Any:
    if not _NUMPY:
        try:
            import numpy
        except ImportError:
            _NUMPY.append(None)
        else:
            _NUMPY.append(numpy)
    return _NUMPY[0]


_U32 = "I" if array("I").itemsize == 4 else "L"  # an array type of 32-bit items


def vector_signature(np: Any, words: Sequence[bytes]) -> bytes:
    """:func:`signature` of three words or more, each step over all shingles at once (uint64
    arithmetic wraps as the loop's ``& _M64`` does)."""
    u = np.uint64
    # The hashes into an array of 32-bit values first: numpy's fromiter takes each Python int
    # slower than array does (python3-doc's 1.8 million words: 0.18 s against 0.14 s).
    h = np.frombuffer(array(_U32, map(zlib.crc32, words)), dtype=np.uint32).astype(u)
    x = h[:-2] * u(_K1) ^ h[1:-1] * u(_K2) ^ h[2:] * u(_K3)
    x ^= x >> u(32)
    x *= u(_KMIX)
    mins = np.full(SIG_BINS, EMPTY_BIN, dtype=u)
    np.minimum.at(mins, (x >> u(58)).astype(np.intp), (x ^ (x >> u(29))) & u(EMPTY_BIN))
    return bytes(mins.astype("<u4").tobytes())


def fragment_hashes(fragment: str) -> tuple[int, ...]:
    """The CRC-32 of a fragment as written and percent-decoded (each as UTF-8, what is not
    replaced): an element's id or <a name> matches either (the HTML standard's "find a
    potential indicated element"). One when they are the same (no "%": most fragments)."""
    written = zlib.crc32(fragment.encode("utf-8", "replace"))
    if "%" not in fragment:
        return (written,)
    decoded = unquote_to_bytes(fragment).decode("utf-8", "replace")
    return written, zlib.crc32(decoded.encode())


def id_hash(value: str) -> int:
    return zlib.crc32(value.encode("utf-8", "replace"))


# The fragments that name no element (anchor_fragment), in one match: a client-side route, a
# text fragment, a range of lines, the top ("top" in any ASCII case).
_NAMES_NONE = re.compile(r"[/!].*|:~:.*|L?[0-9]+-L?[0-9]+|[Tt][Oo][Pp]", re.ASCII | re.DOTALL)
_NONE_FIRST = frozenset("/!:L0123456789Tt")  # what a match of _NAMES_NONE can begin with


def anchor_fragment(fragment: str) -> bool:
    """A fragment that names an element: not empty, not the top ("top"), not a client-side route
    ("#/…", "#!…"), not a text fragment (":~:"), not a range of lines a page's script highlights
    (rustdoc's source views, GitHub: "#12-20", "#L12-L20")."""
    # Most fragments begin with a character none of those can (python3-doc's 97,000 checks):
    # no regex for them.
    return bool(fragment) and (
        fragment[0] not in _NONE_FIRST or _NAMES_NONE.fullmatch(fragment) is None
    )


def has_token(value: str | None, token: bytes) -> bool:
    """One of the ASCII-whitespace-separated tokens of ``value`` is ``token`` (lower case), in
    any ASCII case."""
    return value is not None and token in value.encode("utf-8", "replace").lower().split()


def blank(value: str | None) -> bool:
    return value is None or not value.encode("utf-8", "replace").strip(SPACES)


def is_vague(text: str) -> bool:
    """The text is one of NON_DESCRIPTIVE (ASCII case, whitespace runs and what is not an ASCII
    letter or digit at its ends aside)."""
    return _VAGUE_TEXT.fullmatch(text) is not None


def srcset_urls(value: str | None) -> list[str]:
    """The candidate URLs of a srcset (or imagesrcset), as the HTML standard's "parse a srcset
    attribute" finds them: its descriptors skipped (a comma inside parentheses is one's)."""
    out: list[str] = []
    s, n, i = value or "", len(value or ""), 0
    space = " \t\n\x0b\x0c\r"
    while i < n:
        while i < n and (s[i] in space or s[i] == ","):
            i += 1
        if i >= n:
            break
        start = i
        while i < n and s[i] not in space:
            i += 1
        url = s[start:i]
        descriptors = not url.endswith(",")
        url = url.rstrip(",")
        if url:
            out.append(url)
        parens = False
        while descriptors and i < n:
            c = s[i]
            i += 1
            if parens:
                parens = c != ")"
            elif c == "(":
                parens = True
            elif c == ",":
                break
    return out


# ---- the whole page ------------------------------------------------------------------------------

# BCP 47 as hreflang uses it: a language (2-3 letters), maybe a script (4) and a region (2 letters
# or 3 digits); or x-default.
_HREFLANG = re.compile(r"[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?|x-default", re.IGNORECASE)
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_OG = ("og:title", "og:description", "og:image")
ANCHOR_CHARS = 200  # of a link's words kept as the detail (the walk reads this too)
_SPACE = " \t\n\x0b\x0c\r"
# A page's checks as its record keeps them (format 7 of the crawl file): this byte, then their JSON
# deflated (raw, level 1, an 8 KB window: zlib's set-up of its default 32 KB one cost more than
# the deflating of most pages' checks) against CHECKS_DICTIONARY. Format 6 kept the JSON as it
# was ("[…") or zlib-compressed past 256 bytes (still read).
PACKED = b"\x07"
CHECKS_LEVEL, CHECKS_WINDOW_BITS = 1, 13  # the walk (_pagewalk.c) reads these
# What pages' checks repeat (zlib reads a dictionary from its end: the commonest last). Part of
# the crawl file's format (storage.fileformat.FORMAT): changing it makes older files misread.
CHECKS_DICTIONARY = (
    b'["img_alt","["hreflang","["nofollow","["no_words","["structured_data_parse_error","",'
    b'["structured_data_missing_required","",["hreflang_invalid_code","'
    b'["hreflang_missing_x_default","",""],["canonical_relative","["canonical_outside_head","'
    b'["canonical_multiple","",["title_multiple","",["description_multiple","",'
    b'["lorem_ipsum","","lorem ipsum"],["viewport_missing","",""],["h2_missing","",""],'
    b'["headings_non_sequential","","h1 \xe2\x86\x92 h3"],["img_missing_alt","'
    b'["fragment_missing","["anchor_non_descriptive","https://","click here"],'
    b'["unsafe_cross_origin","https://","],["img_missing_size","http://","],'
    b'["canonical_missing","",""],["og_missing","","og:title, og:description, og:image"],'
    b'["fragments","http://'
)
_INFLATED_MAX = 1 << 28  # past this, damaged checks (a bomb in a hand-made file), not big


def _fragment(href: str) -> str:
    """An href's fragment as a URL's parser reads it: tabs and line breaks taken out, and the
    spaces at its end."""
    fragment = href.partition("#")[2].rstrip(_SPACE)
    if "\t" in fragment or "\n" in fragment or "\r" in fragment:
        fragment = fragment.replace("\t", "").replace("\n", "").replace("\r", "")
    return fragment


def _words(text: str) -> str:
    return " ".join(text.split())[:ANCHOR_CHARS]


def fragment_lines(
    anchors: Iterable[tuple[str | None, str, int]], join: Callable[[str], str | None]
) -> list[tuple[str, str]]:
    """The page's links to #fragments of another page (``anchors`` with A_FRAGMENT) by the URL
    ``join`` joins each href to (the order first linked; none: no line), each with its lines,
    "fragment\\tits words", each once (document order), "\\n" between: the audit's ``fragments``
    facts. The walk puts them together itself where it joined every one (``walked_fragments``)."""
    by_target: dict[str, dict[str, None]] = {}
    for href, text, flags in anchors:
        if flags & A_FRAGMENT:
            written = href or ""
            target = join(written)
            if target:
                if (lines := by_target.get(target)) is None:
                    lines = by_target[target] = {}
                lines[f"{_fragment(written)}\t{_words(text)}"] = None
    return [(url, "\n".join(lines)) for url, lines in by_target.items()]


def merged_fragments(parts: Iterable[list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """The :func:`fragment_lines` of a page's pieces as those of the whole page (no <a> parted
    by a cut between them)."""
    blocks: dict[str, list[str]] = {}
    for part in parts:
        for url, lines in part:
            blocks.setdefault(url, []).append(lines)
    return [
        (url, said[0] if len(said) == 1 else "\n".join(dict.fromkeys("\n".join(said).split("\n"))))
        for url, said in blocks.items()
    ]


def pieces_fragments(
    parts: list[list[tuple[str, str]] | None],
) -> list[tuple[str, str]] | None:
    """The page's :func:`fragment_lines` from its pieces' (each the walk's ``walked_fragments``),
    or None where a piece's walk did not put them together."""
    built = [part for part in parts if part is not None]
    if len(built) < len(parts):
        return None
    return built[0] if len(built) == 1 else merged_fragments(built)


class ChecksReader:
    """Puts together what the walk of each piece of a page read for the audit (``add``, in
    document order), then says the page's ``checks``, ``ids``, ``minhash`` and structured data
    types (``finish``)."""

    def __init__(self) -> None:
        self.pieces: list[Checks] = []
        self.words: list[int] = []

    def add(self, checks: Checks, words: int) -> None:
        """A piece's checks, and how many words its visible text has."""
        self.pieces.append(checks)
        self.words.append(words)

    def finish(
        self,
        base: str,
        page_url: str,
        descriptions: int,
        metas: Iterable[str],
        joined: Mapping[str, str | None] | None = None,
        fragments: list[tuple[str, str]] | None = None,
        pack: Callable[[list[list[str]]], bytes] | None = None,
    ) -> tuple[bytes, bytes, bytes, str]:
        """(checks packed, ids, signature, structured data types) of the page whose links join
        against ``base`` (``joined``: the URL each href of the page joined to, where the parse
        joined them already; None where it did not); ``descriptions``: its meta descriptions,
        ``metas``: the names of its <meta name> (lower case); ``fragments``: its
        :func:`fragment_lines` where the walk put them together (its anchors then say no
        A_FRAGMENT); ``pack``: :func:`pack_found` or the walk's own (``_pagewalk.pack_found``).
        """
        found: list[list[str]] = []
        flag = found.append
        join_href = href_joiner(base)
        known = joined or {}

        def join(href: str) -> str | None:
            url = known.get(href)  # None: not joined there
            return url if url is not None else join_href(href)

        pieces = self.pieces
        ids = _union_ids([p[2] for p in pieces])
        headings = b"".join(p[3] for p in pieces)
        if b"\x02" not in headings:
            flag(["h2_missing", "", ""])
        for before, level in itertools.pairwise(headings):
            if level > before + 1:
                flag(["headings_non_sequential", "", f"h{before} → h{level}"])
                break
        titles = sum(p[4] for p in pieces)
        if titles > 1:
            flag(["title_multiple", "", str(titles)])
        if descriptions > 1:
            flag(["description_multiple", "", str(descriptions)])
        if any(p[5] for p in pieces):
            flag(["lorem_ipsum", "", "lorem ipsum"])
        if "viewport" not in metas:
            flag(["viewport_missing", "", ""])
        for src, alt, flags in (i for p in pieces for i in p[6]):
            url = join(src or "")
            if not url:
                continue
            if flags & IMG_NO_ALT:
                flag(["img_missing_alt", url, ""])
            if flags & IMG_LONG_ALT and alt is not None:
                flag(["img_alt", url, str(len(alt))])
            if flags & IMG_NO_SIZE:
                flag(["img_missing_size", url, ""])
        host = host_of(page_url)
        id_values: array[int] | None = None  # the ids read once, for every link to #here
        # Each way a link is written once (a page's navigation repeats them).
        anchors = list(dict.fromkeys(_continued(pieces)))
        if fragments is None:
            fragments = fragment_lines(anchors, join)
        for href, text, flags in anchors:
            flags &= ~A_FRAGMENT
            if not flags & ~A_LAST:
                continue
            written = href or ""
            words = _words(text)
            if flags & A_MISSING_HERE:
                fragment = written.strip(_SPACE)[1:]
                if id_values is None:
                    id_values = u32_values(ids)
                if not any(has_id(id_values, h) for h in fragment_hashes(fragment)):
                    flag(["fragment_missing", f"{page_url}#{fragment}", words])
                continue
            target = join(written)
            if not target:
                continue
            if flags & A_NOFOLLOW:
                flag(["nofollow", target, words])
            if flags & A_EMPTY:
                flag(["no_words", target, ""])
            if flags & A_VAGUE:
                flag(["anchor_non_descriptive", target, words])
            if flags & A_BLANK and host_of(target) != host:
                flag(["unsafe_cross_origin", target, words])
        _canonicals(flag, [c for p in pieces for c in p[8]], join)
        _hreflangs(flag, [h for p in pieces for h in p[9]], join)
        ogs = {
            (prop or "").lower() for p in pieces for prop, content in p[10] if not blank(content)
        }
        missing = [og for og in _OG if og not in ogs]
        if missing:
            flag(["og_missing", "", ", ".join(missing)])
        types = _structured(flag, [text for p in pieces for text in p[11]])
        types += [t.rsplit("/", 1)[-1] for p in pieces for v in p[12] for t in (v or "").split()]
        found += [["fragments", url, lines] for url, lines in fragments]
        signature = _combined(pieces, self.words)
        checks = (pack or pack_found)(found)
        return checks, ids, _low_halves(signature), ", ".join(dict.fromkeys(types))


def _continued(pieces: Sequence[Checks]) -> list[tuple[str | None, str, int]]:
    """The <a> checks of a page's pieces, an <a> a cut parted read whole: its text continued in
    the next piece (its first 1024 bytes, as the walk reads an <a>'s text), and its flags of
    words said again of that text (``linkwords.whole_page`` puts its words together alike)."""
    if len(pieces) == 1:
        return pieces[0][7]  # its last <a>'s A_LAST, if that is all it has, is no check
    out: list[tuple[str | None, str, int]] = []
    for piece in pieces:
        opened = piece[13]
        if opened is not None and out and out[-1][2] & A_LAST:
            href, text, flags = out[-1]
            text = bounded(text + opened[0])
            empty = flags & A_EMPTY and blank(text) and blank(opened[1])
            flags &= ~(A_EMPTY | A_VAGUE)
            flags |= (A_EMPTY if empty else 0) | (A_VAGUE if is_vague(text) else 0)
            out[-1] = (href, text, flags)
        out += piece[7]
    return [(h, t, f & ~A_LAST) for h, t, f in out if f & ~A_LAST]


ANCHOR_BYTES = 1024  # what the walk keeps of an <a>'s text


def bounded(text: str) -> str:
    """``text``'s first ANCHOR_BYTES bytes (never cut inside a character), as the walk keeps an
    <a>'s text."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= ANCHOR_BYTES:
        return text
    end = ANCHOR_BYTES
    while end > 0 and data[end] & 0xC0 == 0x80:
        end -= 1
    return data[:end].decode("utf-8", "replace")


def u32_values(data: bytes) -> array[int]:
    """Little-endian uint32 values as an array, whatever the machine's byte order."""
    values = array("I", data)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def _low_halves(signature: bytes) -> bytes:
    """A page's signature as its record keeps it: each bin's low 16 bits (little-endian, 0xFFFF
    for an empty bin; a real one is that too once in 65,536, and reads as empty)."""
    return memoryview(signature).cast("H")[::2].tobytes()


def pack_checks(found: Sequence[Sequence[str]]) -> bytes:
    """A page's checks as its record keeps them: PACKED, then their JSON deflated."""
    if not found:
        return b""
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":")).encode()
    z = zlib.compressobj(
        CHECKS_LEVEL,
        zlib.DEFLATED,
        -CHECKS_WINDOW_BITS,
        8,
        zlib.Z_DEFAULT_STRATEGY,
        CHECKS_DICTIONARY,
    )
    return PACKED + z.compress(text) + z.flush()


def pack_found(found: Sequence[Sequence[str]]) -> bytes:
    """:func:`pack_checks` of ``found``, each thing once (a logo shown three times is one image
    without alt), the first kept."""
    return pack_checks(list(dict.fromkeys(map(tuple, found))))


def unpack_checks(data: bytes) -> list[list[str]]:
    """:func:`pack_checks`' list, or format 6's (ValueError if ``data`` is none such)."""
    if not data:
        return []
    if data[:1] == PACKED:
        data = inflate_raw(data[1:], CHECKS_DICTIONARY, _INFLATED_MAX, "checks")
    elif data[:1] != b"[":
        try:
            data = zlib.decompress(data)
        except zlib.error as e:
            raise ValueError(f"damaged checks: {e}") from None
    found = json.loads(data)
    if not isinstance(found, list):
        raise ValueError("damaged checks")
    return found


def _union_ids(parts: list[bytes]) -> bytes:
    """The ids of a page (each piece's are sorted, each once), as its record keeps them: sorted,
    each once, little-endian uint32."""
    if len(parts) == 1:
        return parts[0]
    union = array("I", sorted(set().union(*map(u32_values, parts))))
    if sys.byteorder == "big":
        union.byteswap()
    return union.tobytes()


def has_id(ids: array[int], value: int) -> bool:
    """Whether the sorted ids (a record's, as ``u32_values`` reads them) hold ``value``."""
    at = bisect.bisect_left(ids, value)
    return at < len(ids) and ids[at] == value


def _combined(pieces: Sequence[Checks], words: Sequence[int]) -> bytes:
    """A page's signature from its pieces': the least of each bin, with the shingles that span
    each cut (each piece's first and last two words' hashes say them)."""
    if len(pieces) == 1:
        return pieces[0][0]
    mins = [EMPTY_BIN] * SIG_BINS
    for piece in pieces:
        for i in range(0, len(piece[0]), 4):
            mins[i // 4] = min(mins[i // 4], int.from_bytes(piece[0][i : i + 4], "little"))
    before: list[int] = []  # the last two words' hashes so far
    for piece, n in zip(pieces, words, strict=True):
        edges = [int.from_bytes(piece[1][i : i + 4], "little") for i in range(0, len(piece[1]), 4)]
        ends = min(2, n)
        head, tail = edges[:ends], edges[ends:]
        run = before + head
        for i in range(max(0, len(before) - 2), min(len(before), len(run) - 2)):
            x = shingle(*run[i : i + 3])
            mins[x >> 58] = min(mins[x >> 58], x & EMPTY_BIN)
        before = (before + head)[-2:] if n < 2 else tail
    if sum(words) < 3:
        return b""
    return b"".join(v.to_bytes(4, "little") for v in mins)


def _canonicals(
    flag: Callable[[list[str]], None], found: list[tuple[str | None, int]], join: Any
) -> None:
    targets = {join(href or "") or (href or "") for href, _ in found}
    if not found:
        flag(["canonical_missing", "", ""])
        return
    if len(targets) > 1:
        flag(["canonical_multiple", "", " | ".join(sorted(targets))])
    for href, in_head in found:
        written = (href or "").strip()
        if written and not _SCHEME.match(written) and not written.startswith("//"):
            flag(["canonical_relative", join(written) or written, written])
        if not in_head:
            flag(["canonical_outside_head", join(written) or written, ""])


def _hreflangs(
    flag: Callable[[list[str]], None], found: list[tuple[str | None, str | None]], join: Any
) -> None:
    codes = set()
    for href, code in found:
        code = (code or "").strip()
        codes.add(code.lower())
        url = join(href or "")
        if not _HREFLANG.fullmatch(code):
            flag(["hreflang_invalid_code", url or (href or ""), code])
        if url:
            flag(["hreflang", url, code])
    if found and "x-default" not in codes:
        flag(["hreflang_missing_x_default", "", ""])


def _structured(flag: Callable[[list[str]], None], scripts: list[str]) -> list[str]:
    """The JSON-LD types of the page; the blocks that do not parse, and the required properties
    Google's documentation names for the types it shows as rich results, flagged."""
    from gui_crawler.parsing.structured import missing_required, types_of

    types: list[str] = []
    for text in scripts:
        try:
            data = json.loads(text)
        except ValueError as e:
            flag(["structured_data_parse_error", "", str(e)[:200]])
            continue
        for kind, node in types_of(data):
            types.append(kind)
            lacking = missing_required(kind, node)
            if lacking:
                flag(["structured_data_missing_required", "", f"{kind}: {', '.join(lacking)}"])
    return types
