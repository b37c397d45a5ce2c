"""What the audit checks on a page itself, from the same walk of its tree that finds its links (one
parse per page, raw or rendered): read by the walk (``_pagewalk.c`` and its twin,
``walked_checks``), put together here for the whole page (:class:`ChecksReader`) into
:class:`~gui_crawler.parsing.pagefacts.PageFacts`' ``checks``, ``ids``, ``minhash`` and
``structured_data``, which the audit (``records/audit.py``) reads. No Qt here: this runs wherever
parsing runs. The functions below are the specification the C follows.

``checks`` is JSON: a list of ``[kind, other, detail]``, each a finding of the page itself (its
key, the other end where there is one: a link's target, an image, a canonical; the evidence) or a
fact only the audit can decide (``FACTS``: ``fragment``, a link to a #fragment of another page;
``hreflang``, an alternate; ``nofollow`` and ``no_words``, links whose target may be internal;
``img_alt``, an alt with its length in the detail).
"""

from __future__ import annotations

import itertools
import json
import re
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any
from urllib.parse import unquote_to_bytes

from gui_crawler.base.urls import host_of, href_joiner

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
FACTS = frozenset({"fragment", "hreflang", "nofollow", "no_words", "img_alt"})

# An <a>'s flags (walked_checks).
A_NOFOLLOW, A_BLANK, A_EMPTY, A_VAGUE, A_FRAGMENT, A_MISSING_HERE = 1, 2, 4, 8, 16, 32
A_LAST = 64  # the piece's last <a>, listed whatever its flags: a cut after it may continue it
# An <img>'s flags.
IMG_NO_ALT, IMG_NO_SIZE, IMG_LONG_ALT = 1, 2, 4

SIG_BINS = 64  # the MinHash's bins: its signature is as many little-endian uint32
EMPTY_BIN = 0xFFFFFFFF
_M64 = (1 << 64) - 1
SPACES = b"\t\n\x0b\x0c\r "
_ALNUM = frozenset(b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_VAGUE = frozenset(w.encode() for w in NON_DESCRIPTIVE)

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


def shingle(a: int, b: int, c: int) -> int:
    """The 64-bit hash of three words' hashes, in this order."""
    h = (a * 0x9E3779B97F4A7C15 ^ b * 0xC2B2AE3D27D4EB4F ^ c * 0x165667B19E3779F9) & _M64
    h ^= h >> 32
    h = (h * 0xFF51AFD7ED558CCD) & _M64
    return h ^ (h >> 29)


def signature(words: Sequence[bytes]) -> bytes:
    """The MinHash signature of a text's words (ASCII-whitespace separated, U+FFFD for what was
    not UTF-8): each three-word shingle's hash goes to the bin of its top 6 bits, which keeps the
    least of its low 32 bits; b"" for fewer than three words. One hash per shingle ("one
    permutation hashing", Li, Owen and Zhang 2012): the audit fills the empty bins."""
    if len(words) < 3:
        return b""
    mins = [EMPTY_BIN] * SIG_BINS
    hashes = list(map(zlib.crc32, words))
    for a, b, c in zip(hashes, hashes[1:], hashes[2:], strict=False):
        x = shingle(a, b, c)
        low = x & EMPTY_BIN
        if low < mins[x >> 58]:
            mins[x >> 58] = low
    return b"".join(m.to_bytes(4, "little") for m in mins)


def fragment_hashes(fragment: str) -> tuple[int, int]:
    """The CRC-32 of a fragment as written and percent-decoded (each as UTF-8, what is not
    replaced): an element's id or <a name> matches either (the HTML standard's "find a
    potential indicated element")."""
    decoded = unquote_to_bytes(fragment).decode("utf-8", "replace")
    return zlib.crc32(fragment.encode("utf-8", "replace")), zlib.crc32(decoded.encode())


def id_hash(value: str) -> int:
    return zlib.crc32(value.encode("utf-8", "replace"))


def anchor_fragment(fragment: str) -> bool:
    """A fragment that names an element: not empty, not the top ("top"), not a client-side route
    ("#/…", "#!…"), not a text fragment (":~:")."""
    if not fragment or fragment[0] in "/!" or fragment.startswith(":~:"):
        return False
    return fragment.encode("utf-8", "replace").lower() != b"top"


def has_token(value: str | None, token: bytes) -> bool:
    """One of the ASCII-whitespace-separated tokens of ``value`` is ``token`` (lower case), in
    any ASCII case."""
    return value is not None and token in value.encode("utf-8", "replace").lower().split()


def blank(value: str | None) -> bool:
    return value is None or not value.encode("utf-8", "replace").strip(SPACES)


def is_vague(text: str) -> bool:
    """The text is one of NON_DESCRIPTIVE (ASCII case, whitespace runs and what is not an ASCII
    letter or digit at its ends aside)."""
    data = text.encode("utf-8", "replace")
    i, end = 0, len(data)
    while i < end and data[i] not in _ALNUM:
        i += 1
    while end > i and data[end - 1] not in _ALNUM:
        end -= 1
    return b" ".join(data[i:end].split()).lower() in _VAGUE


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
_ANCHOR_CHARS = 200  # of a link's words kept as the detail
_SPACE = " \t\n\x0b\x0c\r"


def _words(text: str) -> str:
    return " ".join(text.split())[:_ANCHOR_CHARS]


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
        self, base: str, page_url: str, descriptions: int, metas: Iterable[str]
    ) -> tuple[str, bytes, bytes, str]:
        """(checks as JSON, ids, signature, structured data types) of the page whose links join
        against ``base``; ``descriptions``: its meta descriptions, ``metas``: the names of its
        <meta name> (lower case)."""
        found: list[list[str]] = []
        flag = found.append
        join = href_joiner(base)
        pieces = self.pieces
        ids = _union_ids(p[2] for p in pieces)
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
        for href, text, flags in _continued(pieces):
            written = (href or "").strip(_SPACE)
            words = _words(text)
            if flags & A_MISSING_HERE:
                fragment = written[1:]
                if not any(h in ids for h in fragment_hashes(fragment)):
                    flag(["fragment_missing", f"{page_url}#{fragment}", words])
                continue
            target = join(written)
            if not target:
                continue
            if flags & A_FRAGMENT:
                flag(["fragment", f"{target}#{written.partition('#')[2]}", words])
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
        signature = _combined(pieces, self.words)
        # Each thing once (a logo shown three times is one image without alt).
        distinct = list(dict.fromkeys(map(tuple, found)))
        checks = json.dumps(distinct, ensure_ascii=False, separators=(",", ":")) if found else ""
        return checks, _id_set(ids), signature, ", ".join(dict.fromkeys(types))


def _continued(pieces: Sequence[Checks]) -> list[tuple[str | None, str, int]]:
    """The <a> checks of a page's pieces, an <a> a cut parted read whole: its text continued in
    the next piece (its first 1024 bytes, as the walk reads an <a>'s text), and its flags of
    words said again of that text (``linkwords.whole_page`` puts its words together alike)."""
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


def _union_ids(parts: Iterable[bytes]) -> frozenset[int]:
    return frozenset(
        int.from_bytes(p[i : i + 4], "little") for p in parts for i in range(0, len(p), 4)
    )


def _id_set(ids: frozenset[int]) -> bytes:
    """A page's ids as its record keeps them: sorted, little-endian uint32."""
    return b"".join(v.to_bytes(4, "little") for v in sorted(ids))


def has_id(ids: bytes, value: int) -> bool:
    """Whether the ids a record keeps (:func:`_id_set`'s) hold ``value``."""
    lo, hi = 0, len(ids) // 4
    while lo < hi:
        mid = (lo + hi) // 2
        got = int.from_bytes(ids[4 * mid : 4 * mid + 4], "little")
        if got == value:
            return True
        if got < value:
            lo = mid + 1
        else:
            hi = mid
    return False


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
