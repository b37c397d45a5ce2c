"""What changed between two crawls of one site: URLs added and removed, and for a URL in both,
its answer, its redirect target and — where both crawls parsed it as a page — its title, meta
description, first H1, canonical, robots directives and content. The CLI's ``compare`` and the
window's comparison both read these rows.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from gui_crawler.base.translate import COMPARE, translate
from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.options import OPTIONS, Option
from gui_crawler.records.audit import is_page
from gui_crawler.records.report import CSS
from gui_crawler.records.wording import answer_words, plural


@dataclass(frozen=True)
class Kind:
    key: str
    label: str  # a count's words: "3 title changed"
    read: Callable[[FetchRecord], object] | None = None  # the field compared (None: added/removed)
    pages_only: bool = False  # compared only where both crawls parsed the URL as a page
    shown: Callable[[FetchRecord], str] | None = None  # how a value is written (default: str)


def _words(rec: FetchRecord) -> str:
    """How a page's visible text is shown where it changed: its length and the start of its
    hash (two texts of one length differ in their hash)."""
    return f"{plural(rec.word_count, 'word')} (text {(rec.content_hash or '')[:8]})"


def _answer(rec: FetchRecord) -> object:
    return (rec.status, rec.error_kind)


KINDS: tuple[Kind, ...] = (
    Kind("added", "added"),
    Kind("removed", "removed"),
    Kind("status", "answer changed", _answer, shown=answer_words),
    Kind("redirect", "redirect target changed", lambda r: r.next_url),
    Kind("title", "title changed", lambda r: r.title, pages_only=True),
    Kind("description", "meta description changed", lambda r: r.meta_description, True),
    Kind("h1", "H1 changed", lambda r: r.h1, pages_only=True),
    Kind("canonical", "canonical changed", lambda r: r.canonical, pages_only=True),
    Kind("robots", "robots directives changed", lambda r: r.robots, pages_only=True),
    Kind("content", "content changed", lambda r: r.content_hash, True, _words),
)
BY_KEY = {k.key: k for k in KINDS}
CSV_COLUMNS = ("url", "change", "old", "new")


@dataclass(frozen=True)
class Change:
    url: str
    kind: str  # a Kind's key
    old: str
    new: str


class DifferentSites(ValueError):
    """The two crawls share no root host: comparing them would list every URL as changed."""


def hosts(roots: Iterable[str]) -> set[str]:
    return {r.split("/")[2].lower() for r in roots if "://" in r}


def check_same_site(old_roots: Iterable[str], new_roots: Iterable[str]) -> None:
    old, new = hosts(old_roots), hosts(new_roots)
    if not old & new:
        raise DifferentSites(
            translate(
                COMPARE,
                "the crawls are of different sites ({old} and {new}): compare two crawls of one "
                "site",
            ).format(old=", ".join(sorted(old)), new=", ".join(sorted(new)))
        )


def _text(kind: Kind, rec: FetchRecord) -> str:
    if kind.shown is not None:
        return kind.shown(rec)
    assert kind.read is not None
    value = kind.read(rec)
    return "" if value is None else str(value)


def compare(old: Iterable[FetchRecord], new: Iterable[FetchRecord]) -> list[Change]:
    """Every change from ``old`` to ``new``, by URL in the new crawl's order (removed ones last),
    each kind in KINDS' order."""
    before = {r.url: r for r in old}
    changes: list[Change] = []
    after: set[str] = set()
    for rec in new:
        after.add(rec.url)
        was = before.get(rec.url)
        if was is None:
            changes.append(Change(rec.url, "added", "", answer_words(rec)))
            continue
        pages = is_page(was) and is_page(rec)
        for kind in KINDS:
            if kind.read is None or (kind.pages_only and not pages):
                continue
            if kind.read(was) != kind.read(rec):
                changes.append(Change(rec.url, kind.key, _text(kind, was), _text(kind, rec)))
    changes.extend(
        Change(url, "removed", answer_words(rec), "") for url, rec in before.items()
        if url not in after
    )  # fmt: skip
    return changes


def counts(changes: Iterable[Change]) -> Counter[str]:
    return Counter(c.kind for c in changes)


def summary(changes: list[Change]) -> str:
    """'3 added, 1 removed, 2 answer changed', or 'no changes'."""
    n = counts(changes)
    said = [f"{n[k.key]:,} {translate(COMPARE, k.label)}" for k in KINDS if n[k.key]]
    return ", ".join(said) if said else translate(COMPARE, "no changes")


# The options that decide which URLs a crawl takes in (those ``--resume`` may not change), and
# list mode: two crawls made with different ones differ in their URLs whatever the site did.
_DECIDING = tuple(
    o for o in OPTIONS
    if o.in_config and not o.resume and (o.group != "internal" or o.name == "list_mode")
)  # fmt: skip


def _value(o: Option, value: Any) -> str:
    """An option's value as a person reads it: ``no limit``, ``none``, ``a, b``, ``10 s``."""
    if value is None or value == ():
        return "none"
    if o.special and value == o.low:
        return o.special
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return f"{value}{o.suffix}"


def _switch(o: Option, on: bool) -> str:
    """A yes/no option as its flag: ``--no-sitemaps``, ``--lenient``; ``without --list``."""
    flag = "--list" if o.name == "list_mode" else o.flag("crawl", on)
    return flag if on or o.off else f"without {flag}"


def options_said(config: CrawlConfig) -> list[str]:
    """The options of ``config`` that decide which URLs it took in and are not the defaults,
    each as its flag (``--max-pages 300``, ``--no-sitemaps``): what tells a crawl capped or
    narrowed from a whole one."""
    return [
        _switch(o, v) if o.kind == "bool" else f"{o.flag()} {_value(o, v)}"
        for o in _DECIDING
        if (v := getattr(config, o.name)) != o.default
    ]


def option_differences(old: CrawlConfig, new: CrawlConfig) -> list[str]:
    """The options that decide which URLs a crawl takes in where two crawls were made
    differently, each as ``--max-pages no limit → 300`` or ``--sitemaps → --no-sitemaps``
    (none: made alike)."""
    return [
        f"{_switch(o, a)} → {_switch(o, b)}"
        if o.kind == "bool"
        else f"{o.flag()} {_value(o, a)} → {_value(o, b)}"
        for o in _DECIDING
        if (a := getattr(old, o.name)) != (b := getattr(new, o.name))
    ]


def options_note(old: CrawlConfig, new: CrawlConfig) -> str | None:
    """A sentence for two crawls made with different options (None when made alike): the URLs
    added or removed may be the options' doing, not the site's."""
    differ = option_differences(old, new)
    if not differ:
        return None
    return translate(
        COMPARE,
        "The two crawls were made with different options ({options}): URLs added or removed "
        "may be the options' doing, not the site's.",
    ).format(options="; ".join(differ))


def csv_rows(changes: Iterable[Change]) -> Iterable[tuple[str, str, str, str]]:
    for c in changes:
        yield c.url, BY_KEY[c.kind].label, c.old, c.new


def render(changes: list[Change], old_name: str, new_name: str, shown: int = 500) -> str:
    """A one-file HTML page of the changes, every value escaped; at most ``shown`` rows a kind
    (the CSV has them all)."""
    n = counts(changes)
    when = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    title = "Crawl comparison"
    out = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{title}</title><style>{CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p class=sub>{escape(old_name)} → {escape(new_name)} · {when}</p>",
        '<div class="cards">',
        *(f"<div class=card><b>{n[k.key]:,}</b>{escape(k.label)}</div>" for k in KINDS),
        "</div>",
    ]
    for kind in KINDS:
        rows = [c for c in changes if c.kind == kind.key]
        if not rows:
            continue
        out.append(f"<h2>{escape(kind.label.capitalize())}: {len(rows):,}</h2>")
        out.append("<table><tr><th>URL</th><th>before</th><th>now</th></tr>")
        out.extend(
            f"<tr><td class=url>{escape(c.url)}</td><td>{escape(c.old)}</td>"
            f"<td>{escape(c.new)}</td></tr>"
            for c in rows[:shown]
        )
        out.append("</table>")
        if len(rows) > shown:
            out.append(f"<p class=sub>… and {len(rows) - shown:,} more (the CSV has them all)</p>")
    out.append("</body></html>")
    return "\n".join(out)
