"""Each link of a page with its words: the element that carries it, its anchor text, the alt of
its image, its rel. Made from what the walk read (``walked_words``), kept in the crawl file and
read back for the views and outputs that show them. No Qt here."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

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
    element: str  # a, area, link, iframe, frame, img, script, meta-refresh (css for a stylesheet)
    anchor: str = ""  # the text of an <a>, whitespace collapsed, at most ANCHOR_CHARS
    alt: str = ""  # of an <img> or <area>, or of the first <img> inside an <a> that has one
    rel: str = ""  # lower case, whitespace collapsed ("nofollow noopener")

    @property
    def invalid(self) -> bool:
        return not self.target.startswith(("http://", "https://"))

    @property
    def nofollow(self) -> bool:
        return "nofollow" in self.rel.split()


def collapse(text: str | None, bound: int = ANCHOR_CHARS) -> str:
    """Whitespace runs as one space, ends trimmed, at most ``bound`` characters."""
    if not text:
        return ""
    return " ".join(text.split())[:bound].rstrip()


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


def whole_page(pieces: list[list[Said]]) -> list[Said]:
    """The links of a page cut in pieces (``walked_words`` of each), as the whole page has them.
    An <a> open at a cut is the last <a> of its piece, and the next piece opens it again without
    attributes: its first word then has the href None, and its text continues that <a>'s. (An
    <a> never closed, which the parser makes again in each paragraph after it, is made again
    without attributes after a cut: those copies' words are lost, not given to a wrong link.)"""
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
) -> tuple[list[LinkWords], list[str]]:
    """The distinct links with their words of the ``said`` links of a page (``walked_words``,
    every piece's, in order), joined by ``join``; and the URLs of its meta refreshes (links to
    be checked like the others)."""
    joined: dict[str, str | None] = {}
    out: dict[LinkWords, None] = {}
    refreshes: list[str] = []
    for href, element, text, alt, rel in said:
        if not href:
            continue
        if element == "meta-refresh":
            target = refresh_target(href)
            url = join(target) if target else None
            if url:
                refreshes.append(url)
        else:
            url = joined.get(href, "")
            if url == "":
                url = joined[href] = join(href)
        if not url:
            written = target if element == "meta-refresh" else href
            if not written or not is_invalid_href(written):
                continue
            url = collapse(written, 4096)
        words = LinkWords(
            url,
            element,
            collapse(text) if text else "",
            collapse(alt) if alt else "",
            collapse(rel, REL_CHARS).lower() if rel else "",
        )
        out[words] = None
    return list(out), refreshes
