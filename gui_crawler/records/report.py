"""A one-file HTML report of an audit, to send to a client: counts, worst offenders, charts as
inline SVG. No scripts, no external assets: it opens the same anywhere, offline."""

from __future__ import annotations

import datetime as _dt
import heapq
import itertools
import os
import sys
from collections import Counter
from collections.abc import Container, Iterable, Iterator, Mapping
from html import escape
from typing import Any, Protocol, TextIO

from gui_crawler.base.urls import Scope
from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.anchors import (
    BrokenRow,
    Find,
    PagesWords,
    broken_rows,
    no_words,
    streamed_link_rows,
    words_in_records,
)
from gui_crawler.records.audit import Audit
from gui_crawler.records.auditfiles import (
    write_broken_links_csv,
    write_findings_csv,
    write_links_csv,
)
from gui_crawler.records.evidence import Describe, describer, finding_rows, in_order
from gui_crawler.records.export import write_csv
from gui_crawler.records.findings import NOT_CHECKED, Finding, Thresholds
from gui_crawler.records.outfile import atomic_text
from gui_crawler.records.verdicts import (
    CLASS_WORDS,
    NO_RULES,
    StatusClass,
    StatusRules,
    Tally,
    Verdict,
    is_cancelled,
    noun,
    status_class,
)
from gui_crawler.records.wording import answer_words

WORST = 10  # offenders listed per finding
# The verdicts counted on the report's cards (verdicts.py decides them, as for the CLI's summary
# and the window's status bar), with their colour class and whether shown at 0 (warnings only in
# a crawl that has some).
_CARDS = ((Verdict.BROKEN, "s2", True), (Verdict.ERROR, "s1", True),
          (Verdict.WARNING, "s1", False), (Verdict.BLOCKED, "", True),
          (Verdict.TIMEOUT, "", True))  # fmt: skip
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


# Widths of characters at the charts' 12 px sans-serif, a little over DejaVu Sans' and
# Liberation Sans' (no font is measured here: the report is made without a display): the labels'
# column is sized by them, so that a label right-aligned to its bar never runs off the picture.
_NARROW, _WIDE = frozenset("ijlft.,;:'|!()[] "), frozenset("mwMW@%&")
_LINE_PX = 15  # a label's line


def _text_px(text: str) -> float:
    """The width ``text`` takes at most in the charts' font."""
    return sum(4.0 if c in _NARROW else 11.0 if c in _WIDE else 8.0 if c.isupper() else 7.0
               for c in text)  # fmt: skip


def _wrapped(text: str, room: float) -> list[str]:
    """``text`` on as many lines as it needs to be at most ``room`` wide (a word longer than
    that keeps its own line, cut to fit with "…")."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_px(f"{lines[-1]} {word}") <= room:
            lines[-1] += f" {word}"
            continue
        while _text_px(word) > room:
            word = word[:-2] + "…"
        lines.append(word)
    return lines or [""]


def _bars(items: list[tuple[str, int, str]], width: int = 760) -> str:
    """A horizontal bar chart: (label, value, colour) per bar, each label right-aligned to its
    bar on as many lines as it needs (a long finding's label was cut at the picture's left)."""
    label_w = min(max((_text_px(label) for label, _, _ in items), default=0.0) + 12, width * 0.45)
    room = label_w - 12
    top = max((v for _, v, _ in items), default=0) or 1
    rows = [(_wrapped(label, room), value, color) for label, value, color in items]
    h = sum(max(22, _LINE_PX * len(lines) + 7) for lines, _, _ in rows) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'role="img" font-size="12" font-family="sans-serif">'
    ]
    y = 2
    for lines, value, color in rows:
        row = max(22, _LINE_PX * len(lines) + 7)
        w = (width - label_w - 60) * value / top
        middle = y + row / 2
        first = middle - (len(lines) - 1) * _LINE_PX / 2 + 4
        for i, line in enumerate(lines):
            parts.append(
                f'<text x="{label_w - 6:.0f}" y="{first + i * _LINE_PX:.0f}" '
                f'text-anchor="end">{escape(line)}</text>'
            )
        parts.append(
            f'<rect x="{label_w:.0f}" y="{middle - 7:.0f}" width="{w:.1f}" height="14" '
            f'fill="{color}"/><text x="{label_w + w + 4:.1f}" y="{middle + 4:.0f}">{value:,}</text>'
        )
        y += row
    parts.append("</svg>")
    return "".join(parts)


_TIME_BOUNDS = [(0.1, "< 100 ms"), (0.3, "100-300 ms"), (1.0, "300 ms-1 s"), (3.0, "1-3 s")]


class Totals:
    """What the report counts over every record of its audit, one record at a time: URLs,
    hosts, pages that answered 200, the verdicts (by the crawl's status rules), answers by class
    and response times."""

    def __init__(self, records: Iterable[FetchRecord] = (), rules: StatusRules = NO_RULES) -> None:
        self.urls = 0
        self.hosts: set[str] = set()
        self.pages = 0
        self.tally = Tally(rules=rules)
        self.statuses: Counter[StatusClass] = Counter()
        self.times = [0] * (len(_TIME_BOUNDS) + 1)
        for rec in records:
            self.add(rec)

    def add(self, r: FetchRecord) -> None:
        self.urls += 1
        if "://" in r.url:
            self.hosts.add(r.url.split("/")[2])
        if r.status == 200:
            self.pages += 1
        self.tally.add_one(r)
        self.statuses[status_class(r)] += 1
        if r.error_kind is None:
            bounds = _TIME_BOUNDS
            self.times[
                next((i for i, (b, _) in enumerate(bounds) if r.elapsed < b), len(bounds))
            ] += 1


_CLASS_COLORS = {
    StatusClass.OK: "#27ae60",
    StatusClass.REDIRECT: "#2e86c1",
    StatusClass.CLIENT_ERROR: "#c0392b",
    StatusClass.SERVER_ERROR: "#8e1b10",
}


def _status_items(totals: Totals) -> list[tuple[str, int, str]]:
    return [
        (CLASS_WORDS[c][0], n, _CLASS_COLORS.get(c, "#8e44ad"))
        for c, n in sorted(totals.statuses.items())
    ]


def _time_items(totals: Totals) -> list[tuple[str, int, str]]:
    labels = [label for _, label in _TIME_BOUNDS] + ["≥ 3 s"]
    return [(label, n, "#5d6d7e") for label, n in zip(labels, totals.times, strict=True)]


def _offenders(f: Finding, find: Find) -> list[FetchRecord]:
    """The first WORST pages of the finding, the worst first where there is a worst."""
    recs = in_order(f.urls, find)
    if f.key == "slow":
        return heapq.nsmallest(WORST, recs, key=lambda r: -r.elapsed)
    if f.key == "large":
        return heapq.nsmallest(WORST, recs, key=lambda r: -r.size)
    if f.key in ("title_long", "description_long"):
        field = "title" if f.key == "title_long" else "meta_description"
        return heapq.nsmallest(WORST, recs, key=lambda r: -len(getattr(r, field) or ""))
    return list(itertools.islice(recs, WORST))


def _said(describe: Describe, r: FetchRecord) -> str:
    """An offender's cell: the evidence, else the other end."""
    source, detail = describe(r)
    return detail or (f"→ {source}" if source else "")


def render(
    audit: Audit,
    title: str = "Site audit",
    anchors: list[BrokenRow] | None = None,
    totals: Totals | None = None,
    find: Find | None = None,
) -> str:
    """The report's page. ``totals`` and ``find`` (the records of some URLs: the worst
    offenders') for an audit that keeps no records; by default, from its records."""
    listed = audit.findings()
    findings = [f for f in listed if f.checked]
    unchecked = [f.label for f in listed if not f.checked]
    if totals is None:
        totals = Totals(audit.all_records.values(), audit.status_rules)
    if find is None:
        find = _finder(audit.all_records)
    hosts = sorted(totals.hosts)
    pages = totals.pages
    tally = totals.tally
    when = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    out = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p class=sub>{escape(', '.join(hosts[:3]))} · {totals.urls:,} URLs · {when}</p>",
        '<div class="cards">',
        f"<div class=card><b>{totals.urls:,}</b>URLs crawled</div>",
        f"<div class=card><b>{pages:,}</b>answered 200</div>",
        *(
            f"<div class=card><b{f' class={cls}' if cls and tally[v] else ''}>{tally[v]:,}</b>"
            f"{noun(v, tally[v])}</div>"
            for v, cls, always in _CARDS
            if always or tally[v]
        ),
        f"<div class=card><b>{sum(1 for f in findings if f.count):,}</b>kinds of issue</div>",
        "</div><h2>Findings</h2>",
        _bars([(f.label, f.count, _COLORS[f.severity]) for f in findings]),
        *(
            [f"<p class=sub>{escape(NOT_CHECKED.capitalize())}: {escape(', '.join(unchecked))}</p>"]
            if unchecked
            else []
        ),
        "<h2>Answers</h2>",
        _bars(_status_items(totals)),
        "<h2>Response times</h2>",
        _bars(_time_items(totals)),
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
        if f.items:  # each thing it flags, with its other end and its evidence
            rows = [(i.url, " ".join(filter(None, (i.source, i.detail)))) for i in f.items]
        else:
            describe = describer(audit, f)
            rows = [(r.url, _said(describe, r)) for r in _offenders(f, find)]
        for url, said in rows[:WORST]:
            out.append(f"<tr><td class=url>{escape(url)}</td><td>{escape(said)}</td></tr>")
        more = len(f.items or f.urls) - WORST
        if more > 0:
            out.append(f"<tr><td colspan=2 class=sub>… and {more:,} more</td></tr>")
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


def _finder(records: Mapping[str, FetchRecord]) -> Find:
    return lambda urls: {u: records[u] for u in urls if u in records}


def write_report(
    path: str | os.PathLike[str],
    audit: Audit,
    title: str = "Site audit",
    anchors: list[BrokenRow] | None = None,
    totals: Totals | None = None,
    find: Find | None = None,
) -> int:
    """Write the report atomically (a temporary file renamed into place); returns its length
    in characters. ``anchors``: the broken links with their words (anchors.broken_rows);
    without them, the broken links are listed without words. ``totals``, ``find``: as for
    render."""
    text = render(audit, title, anchors, totals, find)
    with atomic_text(path) as f:
        f.write(text)
    return len(text)


def audit_of(records: list[FetchRecord], config: CrawlConfig) -> Audit:
    """An audit of a crawl's records; internal means on the crawl's own hosts."""
    audit = Audit(
        is_internal=Scope(config.roots, strict=config.strict).host_ok,
        status_rules=StatusRules.of(config),
    )
    audit.rules = config.extractor().rules
    audit.checks = config.checks
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


class Records(Protocol):
    """A crawl's records for the CLI's outputs, read as often as an output asks: from a list
    (``ListRecords``) or a crawl file, a batch at a time (``cli.headless.FileRecords``). Both
    give the same records in the same orders."""

    def each(self, links: bool = False) -> Iterable[FetchRecord]:
        """Every record in crawl order (``links``: with their outlinks)."""
        ...

    def by_url(self, verdict: Verdict | None = None) -> Iterable[FetchRecord]:
        """Every record (of ``verdict``) in the order of their URLs."""
        ...

    def find(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        """The records of ``urls`` that have one (outlinks left out)."""
        ...

    def answers(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        """Like ``find``, but only the records' status and error kind need be read."""
        ...

    def words(self) -> Iterable[tuple[str, tuple[LinkWords, ...]]]:
        """Each page's links with their words, in the order recorded (a PagesWords)."""
        ...

    def unsaid(self) -> Iterable[FetchRecord]:
        """The records with outlinks whose words ``words`` does not give, in crawl order."""
        ...


class ListRecords:
    """Records held in a list (a crawl kept without a crawl file): Records over it, their
    verdicts judged by the crawl's status ``rules``."""

    def __init__(
        self,
        records: list[FetchRecord],
        pages_words: PagesWords | None = None,
        rules: StatusRules = NO_RULES,
    ):
        self.records = records
        self.rules = rules
        self._words = pages_words or words_in_records(records)
        self._by_url: dict[str, FetchRecord] | None = None

    def each(self, links: bool = False) -> Iterable[FetchRecord]:
        return self.records

    def by_url(self, verdict: Verdict | None = None) -> Iterable[FetchRecord]:
        records = self.records if verdict is None else self.rules.of_verdict(self.records, verdict)
        return sorted(records, key=lambda r: r.url)

    def find(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        if self._by_url is None:
            self._by_url = {r.url: r for r in self.records}
        return _finder(self._by_url)(urls)

    def answers(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        return self.find(urls)

    def words(self) -> Iterable[tuple[str, tuple[LinkWords, ...]]]:
        return self._words()

    def unsaid(self) -> Iterable[FetchRecord]:
        said = {url for url, _ in self._words()}
        return [
            r for r in {r.url: r for r in self.records}.values() if r.links and r.url not in said
        ]


class Streamed:
    """An audit fed once from a crawl's records, keeping no record: its findings, what the
    report counts over them (``findings``), and the broken links (source, target, answer) in
    crawl order (``broken``)."""

    def __init__(
        self,
        records: Records,
        config: CrawlConfig,
        broken: bool,
        findings: bool,
        thresholds: Thresholds | None = None,
    ) -> None:
        internal = Scope(config.roots, strict=config.strict).host_ok
        rules = StatusRules.of(config)
        self.audit = audit = Audit(
            thresholds, is_internal=internal, keep_records=False, status_rules=rules
        )
        audit.rules = config.extractor().rules
        audit.checks = config.checks
        linked: set[str] = set()  # the sitemap URLs some page links to
        audit.linked = linked.__contains__
        audit.find = records.find  # a canonical's, an hreflang's, a #fragment's target
        self.totals = totals = Totals(rules=rules)
        answers: dict[str, str] = {}  # each broken URL's answer in words
        sitemap: set[str] = set()
        for rec in records.each():
            if is_cancelled(rec):
                continue
            if findings:
                audit.add((rec,))
                totals.add(rec)
                if rec.in_sitemap:
                    sitemap.add(rec.url)
            if broken and rules.is_broken(rec):
                answers[rec.url] = answer_words(rec)
        self.broken: list[tuple[str, str, str]] = []
        redirects = audit.redirecting() if findings else set()
        if not (answers or sitemap or redirects):
            return
        sources: dict[str, list[str]] = {}  # the pages linking to each redirect
        audit.sources = lambda url: sources.get(url, [])
        for page, target, redirect in links_to(records, answers.keys() | sitemap | redirects):
            if target in sitemap:
                linked.add(target)
            if redirect:
                continue
            if target in answers:
                self.broken.append((page, target, answers[target]))
            if target in redirects:
                sources.setdefault(target, []).append(page)


def links_to(records: Records, wanted: Container[str]) -> Iterator[tuple[str, str, bool]]:
    """(page, target, whether a redirect) for every link of a record to a URL of ``wanted``,
    and every redirect to one, in crawl order (cancelled records left out): the records are
    read once more, with their outlinks."""
    for rec in records.each(links=True):
        if is_cancelled(rec):
            continue
        for target in rec.links:
            if target in wanted:
                yield rec.url, target, False
        if rec.next_url is not None and rec.next_url in wanted:
            yield rec.url, rec.next_url, True


def write_audit(
    args: Any,
    records: Records | list[FetchRecord],
    config: CrawlConfig,
    out: TextIO,
    pages_words: PagesWords | None = None,
) -> bool:
    """The CLI's --report, --findings-csv, --broken-csv and --links-csv files, the links'
    words from ``pages_words`` (the crawl file's) or else from the records; False if all went
    well (an error is printed). The records are read as a stream, as often as the outputs need:
    the audit keeps no record."""
    rules = StatusRules.of(config)
    if isinstance(records, list):
        records = ListRecords(records, pages_words, rules)
    source = records
    links_csv = getattr(args, "links_csv", None)
    findings_csv = getattr(args, "findings_csv", None)
    want_broken = bool(args.report or args.broken_csv)
    want_findings = bool(args.report or findings_csv)
    thresholds = Thresholds.of(args)  # --title-min and the like
    streamed = (
        Streamed(source, config, want_broken, want_findings, thresholds)
        if want_broken or want_findings
        else None
    )
    # The links' words are read for the outputs that show them (every page's: seconds).
    rows = broken_rows(streamed.broken, source.words) if streamed and want_broken else []
    internal = Scope(config.roots, strict=config.strict).host_ok

    def report(path: str) -> int:
        assert streamed is not None
        audit, totals = streamed.audit, streamed.totals
        return write_report(path, audit, anchors=rows, totals=totals, find=source.find)

    def findings(path: str) -> int:
        assert streamed is not None
        return write_findings_csv(path, finding_rows(streamed.audit, source.find))

    for path, write, what in (
        (args.report, report, "the report"),
        (findings_csv, findings, "every finding"),
        (args.broken_csv, lambda p: write_broken_links_csv(p, rows), f"{len(rows)} broken links"),
        (
            links_csv,
            lambda p: write_links_csv(
                p,
                streamed_link_rows(
                    source.answers, internal, source.words, source.unsaid, rules=rules
                ),
            ),
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


def write_pages_csv(path: str, records: Records, config: CrawlConfig) -> int:
    """The CLI's --csv: one row per record in crawl order, read as a stream."""
    return write_csv(path, records.each(), config.extractor().rules, StatusRules.of(config))
