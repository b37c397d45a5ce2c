"""A one-file HTML report of an audit, to send to a client: counts, worst offenders, charts as
inline SVG. No scripts, no external assets: it opens the same anywhere, offline."""

from __future__ import annotations

import datetime as _dt
import os
import sys
from collections import Counter
from html import escape
from typing import Any, TextIO

from gui_crawler.config import CrawlConfig
from gui_crawler.crawl.urls import Scope
from gui_crawler.events import FetchRecord
from gui_crawler.records.anchors import (
    BrokenRow,
    PagesWords,
    broken_rows,
    link_rows,
    no_words,
    words_in_records,
)
from gui_crawler.records.audit import Audit, Finding
from gui_crawler.records.auditfiles import write_broken_links_csv, write_links_csv
from gui_crawler.records.export import atomic_text
from gui_crawler.records.verdicts import Tally, Verdict, noun
from gui_crawler.records.wording import answer_words

WORST = 10  # offenders listed per finding
# The verdicts counted on the report's cards (verdicts.py decides them, as for the CLI's summary
# and the window's status bar), with their colour class.
_CARDS = ((Verdict.BROKEN, "s2"), (Verdict.ERROR, "s1"), (Verdict.BLOCKED, ""),
          (Verdict.TIMEOUT, ""))  # fmt: skip
_COLORS = {2: "#c0392b", 1: "#d68910", 0: "#2e86c1"}
# The look of the one-file HTML pages: this report and a crawl comparison (compare.py).
CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ddd}
.sub{color:#666}.cards{display:flex;flex-wrap:wrap;gap:.8em;margin:1em 0}
.card{border:1px solid #ddd;border-radius:6px;padding:.6em 1em;min-width:8em}
.card b{display:block;font-size:1.6em}table{border-collapse:collapse;width:100%;margin:.5em 0}
td,th{text-align:left;padding:.25em .5em;border-bottom:1px solid #eee;vertical-align:top}
td.n{text-align:right;white-space:nowrap}.url{word-break:break-all}
.s2{color:#c0392b}.s1{color:#b9770e}.s0{color:#1f5fbf}.why{margin:.2em 0 .4em;max-width:48em}
"""


def _bars(items: list[tuple[str, int, str]], width: int = 640) -> str:
    """A horizontal bar chart: (label, value, colour) per bar."""
    row, label_w = 22, 260
    top = max((v for _, v, _ in items), default=0) or 1
    h = row * len(items) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'role="img" font-size="12" font-family="sans-serif">'
    ]
    for i, (label, value, color) in enumerate(items):
        y = i * row + 2
        w = (width - label_w - 60) * value / top
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row - 8}" fill="{color}"/>'
            f'<text x="{label_w + w + 4:.1f}" y="{y + 14}">{value:,}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _status_items(records: list[FetchRecord]) -> list[tuple[str, int, str]]:
    counts: Counter[str] = Counter()
    for r in records:
        if r.error_kind is not None or r.status is None:
            counts["no answer"] += 1
        else:
            counts[f"{r.status // 100}xx"] += 1
    colors = {"2xx": "#27ae60", "3xx": "#2e86c1", "4xx": "#c0392b", "5xx": "#8e1b10"}
    return [(k, v, colors.get(k, "#8e44ad")) for k, v in sorted(counts.items())]


def _time_items(records: list[FetchRecord]) -> list[tuple[str, int, str]]:
    bounds = [(0.1, "< 100 ms"), (0.3, "100-300 ms"), (1.0, "300 ms-1 s"), (3.0, "1-3 s")]
    counts = [0] * (len(bounds) + 1)
    for r in records:
        if r.error_kind is None:
            counts[next((i for i, (b, _) in enumerate(bounds) if r.elapsed < b), len(bounds))] += 1
    labels = [label for _, label in bounds] + ["≥ 3 s"]
    return [(label, n, "#5d6d7e") for label, n in zip(labels, counts, strict=True)]


def _offenders(f: Finding, audit: Audit) -> list[FetchRecord]:
    recs = [audit.records[u] for u in f.urls if u in audit.records]
    if f.key == "slow":
        recs.sort(key=lambda r: -r.elapsed)
    elif f.key == "large":
        recs.sort(key=lambda r: -r.size)
    elif f.key in ("title_long", "description_long"):
        field = "title" if f.key == "title_long" else "meta_description"
        recs.sort(key=lambda r: -len(getattr(r, field) or ""))
    return recs[:WORST]


def _detail(f: Finding, r: FetchRecord) -> str:
    if f.key == "slow":
        return f"{r.elapsed * 1000:,.0f} ms"
    if f.key == "large":
        return f"{r.size / 1024:,.0f} KB"
    if f.key.startswith("title"):
        return r.title or ""
    if f.key.startswith("description"):
        return r.meta_description or ""
    if f.key in ("canonicalised", "canonical_invalid"):
        return f"→ {r.canonical}"
    if f.key.startswith("h1"):
        return f"{r.h1_count} H1"
    if f.key.startswith("redirect"):
        return f"→ {r.next_url or ''}"
    if f.key == "noindex":
        return r.robots or ""
    return answer_words(r)  # plain words, never an exception's text


def render(
    audit: Audit,
    title: str = "Site audit",
    anchors: list[BrokenRow] | None = None,
) -> str:
    findings = audit.findings()
    records = list(audit.records.values())
    hosts = sorted({r.url.split("/")[2] for r in records if "://" in r.url})
    pages = sum(1 for r in records if r.status == 200)
    tally = Tally(records)
    when = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    out = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p class=sub>{escape(', '.join(hosts[:3]))} · {len(records):,} URLs · {when}</p>",
        '<div class="cards">',
        f"<div class=card><b>{len(records):,}</b>URLs crawled</div>",
        f"<div class=card><b>{pages:,}</b>answered 200</div>",
        *(
            f"<div class=card><b{f' class={cls}' if cls and tally[v] else ''}>{tally[v]:,}</b>"
            f"{noun(v, tally[v])}</div>"
            for v, cls in _CARDS
        ),
        f"<div class=card><b>{sum(1 for f in findings if f.count):,}</b>kinds of issue</div>",
        "</div><h2>Findings</h2>",
        _bars([(f.label, f.count, _COLORS[f.severity]) for f in findings]),
        "<h2>Answers</h2>",
        _bars(_status_items(records)),
        "<h2>Response times</h2>",
        _bars(_time_items(records)),
        "<h2>Worst offenders</h2>",
    ]
    for f in findings:
        if not f.count:
            continue
        out.append(f"<h3 class=s{f.severity}>{escape(f.label)}: {f.count:,}</h3>")
        if f.explanation is not None:
            what, fix = escape(f.explanation.what), escape(f.explanation.fix)
            out.append(f"<p class=why>{what} <b>How to fix:</b> {fix}</p>")
        out.append("<table>")
        for r in _offenders(f, audit):
            out.append(
                f"<tr><td class=url>{escape(r.url)}</td><td>{escape(_detail(f, r))}</td></tr>"
            )
        if f.count > WORST:
            out.append(f"<tr><td colspan=2 class=sub>… and {f.count - WORST:,} more</td></tr>")
        out.append("</table>")
    broken = anchors if anchors is not None else broken_rows(audit.broken_links(), no_words)
    if broken:
        out.append("<h2>Where the broken links are</h2><table>")
        out.append(
            "<tr><th>on page</th><th>links to</th><th>under the words</th><th>answer</th></tr>"
        )
        for source, target, answer, anchor, nofollow, alt in broken[: WORST * 5]:
            words = anchor or (f"image: {alt}" if alt else "")
            words = f"{words} ({nofollow})" if nofollow else words
            out.append(
                f"<tr><td class=url>{escape(source)}</td><td class=url>{escape(target)}</td>"
                f"<td>{escape(words)}</td><td>{escape(answer)}</td></tr>"
            )
        if len(broken) > WORST * 5:
            out.append(
                f"<tr><td colspan=4 class=sub>… and {len(broken) - WORST * 5:,} more</td></tr>"
            )
        out.append("</table>")
    out.append("<p class=sub>Made by gui_crawler.</p></body></html>")
    return "\n".join(out)


def write_report(
    path: str | os.PathLike[str],
    audit: Audit,
    title: str = "Site audit",
    anchors: list[BrokenRow] | None = None,
) -> int:
    """Write the report atomically (a temporary file renamed into place); returns its length
    in characters. ``anchors``: the broken links with their words (anchors.broken_rows);
    without them, the broken links are listed without words."""
    text = render(audit, title, anchors)
    with atomic_text(path) as f:
        f.write(text)
    return len(text)


def audit_of(records: list[FetchRecord], config: CrawlConfig) -> Audit:
    """An audit of a crawl's records; internal means on the crawl's own hosts."""
    audit = Audit(is_internal=Scope(config.roots, strict=config.strict).host_ok)
    audit.rules = config.extractor().rules
    audit.add(records)
    return audit


async def broken_with_anchors(
    audit: Audit,
    user_agent: str = "",
    max_body: int = CrawlConfig.max_body,
    pages_words: PagesWords = no_words,
) -> tuple[list[BrokenRow], list[BrokenRow]]:
    """The broken-links rows with their links' words from ``pages_words`` (the crawl's: no page
    is fetched again; ``user_agent`` and ``max_body`` are not used), twice: for the CSV and for
    the report."""
    rows = broken_rows(audit.broken_links(), pages_words)
    return rows, rows


def write_audit(
    args: Any,
    records: list[FetchRecord],
    config: CrawlConfig,
    out: TextIO,
    pages_words: PagesWords | None = None,
) -> bool:
    """The CLI's --report, --broken-csv and --links-csv files, the links' words from
    ``pages_words`` (the crawl file's) or else from the records; False if all went well (an
    error is printed)."""
    audit = audit_of(records, config)
    words = pages_words or words_in_records(records)
    rows = broken_rows(audit.broken_links(), words) if args.report or args.broken_csv else []
    by_url = {r.url: r for r in records}
    internal = Scope(config.roots, strict=config.strict).host_ok
    links_csv = getattr(args, "links_csv", None)
    for path, write, what in (
        (args.report, lambda p: write_report(p, audit, anchors=rows), "the report"),
        (args.broken_csv, lambda p: write_broken_links_csv(p, rows), f"{len(rows)} broken links"),
        (
            links_csv,
            lambda p: write_links_csv(p, link_rows(by_url, internal, words)),
            "every link",
        ),
    ):
        if not path:
            continue
        try:
            write(path)
        except OSError as e:
            print(f"gui-crawler: cannot write {path}: {e.strerror or e}", file=sys.stderr)
            return True
        if not args.quiet:
            print(f"Wrote {what} to {os.path.abspath(path)}", file=out)
    return False
