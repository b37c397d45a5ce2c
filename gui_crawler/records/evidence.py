"""What each flagged URL of a finding comes with: the other end where there is one (``source``:
the page linking to a broken URL, the other page of a duplicate, where a redirect chain ends, a
canonical's target) and the evidence (``detail``: the answer, the text, its length, the chain).
One description for every output that shows them: the findings CSV (``finding_rows``) and the
HTML report's worst offenders.

No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import values
from gui_crawler.records.anchors import Find
from gui_crawler.records.audit import Audit
from gui_crawler.records.findings import NOT_CHECKED, Finding
from gui_crawler.records.rendering import detail as render_detail
from gui_crawler.records.wording import answer_words

# One row of the findings CSV: finding, url, source, detail (auditfiles.FINDINGS_COLUMNS).
FindingRow = tuple[str, str, str, str]
# What a finding says of one of its records: (source, detail).
Describe = Callable[[FetchRecord], tuple[str, str]]

BATCH = 500  # records asked of ``find`` at a time

# The findings whose URLs share a text with others (Audit.groups).
GROUPED = ("title_duplicate", "description_duplicate", "duplicate_content")
# The findings about what a URL answered: where it is linked from, and the answer.
_ANSWERED = frozenset(
    {"broken_internal", "broken_external", "warning", "blocked", "timeout", "error", "host_gave_up"}
)


def _length(text: str | None) -> str:
    text = text or ""
    return f"{len(text)} characters: {text}"


# The evidence of the findings whose evidence is the record alone.
_DETAILS: dict[str, Callable[[FetchRecord], str]] = {
    "title_duplicate": lambda r: r.title or "",
    "title_long": lambda r: _length(r.title),
    "description_duplicate": lambda r: r.meta_description or "",
    "description_long": lambda r: _length(r.meta_description),
    "h1_multiple": lambda r: f"{r.h1_count} H1",
    "noindex": lambda r: r.robots or "",
    "canonical_invalid": lambda r: r.canonical or "",
    "slow": lambda r: f"{r.elapsed * 1000:,.0f} ms",
    "large": lambda r: f"{r.size / 1024:,.0f} KB",
    "orphan": lambda r: "in a sitemap, linked from no page",
    "sitemap_non200": answer_words,
    "js_links": lambda r: f"{r.rendered_links:,} links only after JavaScript",
    "js_changed": lambda r: ", ".join(render_detail(r.render).get("changed", {})),
    "js_noindex": lambda r: r.robots or "",
    "js_errors": lambda r: "; ".join(map(str, render_detail(r.render).get("errors", [])[:3])),
    "js_failed": lambda r: "; ".join(
        f"{f[0]} ({f[1]})" for f in render_detail(r.render).get("failed", [])[:3] if len(f) > 1
    ),
    "js_not_rendered": lambda r: render_detail(r.render).get("note") or r.note or "",
}


def describer(audit: Audit, f: Finding) -> Describe:
    """How finding ``f`` of ``audit`` describes each of its records: (source, detail)."""
    key = f.key
    if key in _ANSWERED:
        return lambda r: (r.referrer or "", answer_words(r))
    if key.startswith("redirect_"):
        return lambda r: _chain(audit, r.url)
    if key == "canonicalised":
        return lambda r: (r.canonical or "", "")
    if key.startswith("search:"):
        name = key.partition(":")[2]
        return lambda r: ("", _value(r, name))
    text = _DETAILS.get(key, lambda r: "")
    if key in GROUPED:
        other: dict[str, tuple[str, int]] = {}
        for urls in audit.groups(key):
            # Each page names one other page of its group: the first, or for it the second.
            for url in urls:
                other[url] = (urls[1] if url == urls[0] else urls[0]), len(urls) - 1
        if key == "duplicate_content":
            return lambda r: _alike(*other.get(r.url, ("", 0)))
        return lambda r: (other.get(r.url, ("", 0))[0], text(r))
    return lambda r: ("", text(r))


def _alike(other: str, n: int) -> tuple[str, str]:
    return other, f"the same visible text as {n:,} other page{'s' if n != 1 else ''}"


def _chain(audit: Audit, url: str) -> tuple[str, str]:
    """A redirect chain's end and its hops (``→ b → c``); a loop has no end, its last hop is
    the URL seen again."""
    hops, loop = audit.chain(url)
    said = "".join(f" → {u}" for u in hops).lstrip()
    if not loop:
        return (hops[-1] if hops else ""), said
    again = bool(hops) and hops[-1] in (url, *hops[:-1])
    return "", said + (" (loop)" if again else " (too many redirects)")


def _value(rec: FetchRecord, name: str) -> str:
    got = values(rec.extracted).get(name, "")
    return f"found {got} time{'' if got == '1' else 's'}" if got else ""


def in_order(urls: Iterable[str], find: Find, batch: int = BATCH) -> Iterator[FetchRecord]:
    """The records of ``urls`` in their order, asked of ``find`` a batch at a time (a URL
    without a record left out)."""
    some: list[str] = []
    for url in urls:
        some.append(url)
        if len(some) >= batch:
            got = find(some)
            yield from (got[u] for u in some if u in got)
            some = []
    if some:
        got = find(some)
        yield from (got[u] for u in some if u in got)


def finding_rows(audit: Audit, find: Find) -> Iterator[FindingRow]:
    """One row per (finding, URL) of every finding of ``audit``, in the findings' order and
    each finding's: its key, the URL, the source and the detail. A finding that keeps each
    thing it flags with its source and detail (``Finding.items``: a page's links, its images)
    gives those; the others' are described from their URLs' records (``describer``), asked of
    ``find`` a batch at a time: memory holds the findings' URLs, which the audit keeps anyway."""
    for f in audit.findings():
        if not f.checked:  # said once, with no URL: not looked for is no "none found"
            yield f.key, "", "", NOT_CHECKED
            continue
        if f.items:
            yield from ((f.key, *item) for item in f.items)
            continue
        if not f.count:
            continue
        describe = describer(audit, f)
        for rec in in_order(f.urls, find):
            source, detail = describe(rec)
            yield f.key, rec.url, source, detail
