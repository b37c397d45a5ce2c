"""What ``gui_crawler._pagewalk.walk`` must return, written plainly in Python over selectolax's
tree of the same lexbor parse: the tests hold the compiled walk to it, field by field."""

from __future__ import annotations

from typing import Any

from selectolax.lexbor import LexborHTMLParser

# Each element that links, and the attribute that holds its URL.
LINK_ATTRS = {
    "a": "href",
    "area": "href",
    "link": "href",
    "iframe": "src",
    "frame": "src",
    "img": "src",
    "script": "src",
}
INVISIBLE = "script, style, noscript, template"
SPACES = b"\t\n\x0b\x0c\r "


def walk(data: bytes, hrefs: dict[str, None]) -> tuple[Any, ...]:
    tree = LexborHTMLParser(data)
    base = title = h1 = lang = None
    h1_count = 0
    metas: list[tuple[str | None, str | None]] = []
    rels: list[tuple[str | None, str | None]] = []
    for node in tree.root.traverse() if tree.root is not None else ():
        tag, attrs = node.tag, node.attributes
        if tag in LINK_ATTRS and attrs.get(LINK_ATTRS[tag]):
            hrefs[attrs[LINK_ATTRS[tag]]] = None  # type: ignore[index]
        if tag == "link" and "rel" in attrs:
            rels.append((attrs["rel"], attrs.get("href")))
        elif tag == "base" and "href" in attrs and base is None:
            base = attrs["href"] or ""
        elif tag == "meta" and "name" in attrs:
            metas.append((attrs["name"], attrs.get("content")))
        elif tag == "title" and title is None and node.parent is not None:
            if node.parent.tag != "svg":
                title = node.text()
        elif tag == "h1":
            h1_count += 1
            h1 = node.text() if h1 is None else h1
        elif tag == "html" and "lang" in attrs and lang is None:
            lang = attrs["lang"]
    holder = tree.body or tree.root
    words, kept = 0, b""
    if holder is not None:
        for hidden in reversed(holder.css(INVISIBLE)):  # innermost first
            hidden.decompose()
        text = holder.text(separator=" ").encode()
        words = len(text.split())
        kept = text.translate(None, SPACES)
    return base, title, h1, h1_count, lang, metas, rels, words, kept
