"""The crawl's summary for CI pipelines (``gui-crawler crawl --format json|junit|markdown``), as
lychee and linkinator give theirs: the URLs that are not ok with every page linking to them, the
count of every verdict, the crawl's figures. No Qt here.

Which URLs are listed follows ``-q`` and ``-v`` as the text summary does: ``-q`` lists what
fails the crawl (``FAILS``: broken, errors), the default every URL the text summary lists under
its headings (``SUMMARY``: also warnings, blocked, timed out, cancelled), ``-v`` every URL
checked (ok and redirects too, each with the first page linking to it).

JSON, a stable shape (``SCHEMA`` changes if a key changes meaning or goes; keys may be added)::

    {"schema": 1, "tool": "gui-crawler", "version": "0.1.0", "passed": false,
     "crawl": {"roots": [...], "finished": "done", "urls": 15, "seconds": 1.25, "todo": 0,
               "crawl_file": "/path/c.sqlite3" or null, "exit_code": 1,
               "page_checks": true (false: --no-checks, links only)},
     "counts": {"ok": 9, "redirect": 0, "broken": 2, ...every verdict...},
     "urls": [{"url": "...", "verdict": "broken", "status": 404 or null,
               "answer": "404 Not Found", "sources": ["page linking to it", ...]}, ...]}

``urls`` is in the order of SUMMARY's verdicts (then ok and redirects), each verdict's URLs in
URL order; ``sources`` are every page holding a link to the URL or redirecting to it, in crawl
order (the first page linking to it where none does: a sitemap's URL, or an ok URL of ``-v``).

JUnit XML (what GitLab, Jenkins and GitHub's test reporters read: testsuites, one testsuite,
its properties, testcases): one testcase per (page, link) to a listed URL, named by the URL,
its classname the page: a broken one a ``failure``, an error an ``error``, a warning, blocked,
timed-out or cancelled one ``skipped``; an ok or redirect URL (``-v``) a passed testcase. A
crawl with nothing listed has one passed testcase, the crawl itself: CI tools refuse a report
without any.

Markdown: a compact report (counts, then a table per verdict listed) for a job summary.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from xml.etree import ElementTree as ET

import gui_crawler
from gui_crawler.events import CrawlFinished, FetchRecord
from gui_crawler.records.report import Records, links_to
from gui_crawler.records.verdicts import FAILS, SUMMARY, WORDS, Tally, Verdict
from gui_crawler.records.wording import answer_words

SCHEMA = 1
NAME = "gui-crawler link check"
# Every verdict in the order a document lists them: SUMMARY's, then the answered ones.
_ORDER = (*SUMMARY, Verdict.OK, Verdict.REDIRECT)


@dataclass(frozen=True, slots=True)
class Listed:
    """One URL of the summary: its verdict, status, answer in words, time, and the pages
    linking to it."""

    url: str
    verdict: Verdict
    status: int | None
    answer: str
    seconds: float
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Summary:
    """What a document says: the crawl's figures, the count of every verdict, the URLs listed."""

    roots: tuple[str, ...]
    finished: CrawlFinished
    tally: Tally
    exit_code: int
    crawl_file: str | None
    listed: list[Listed] = field(default_factory=list)
    checks: bool = True  # the page checks ran (False: --no-checks): the documents say which

    @property
    def passed(self) -> bool:
        return self.exit_code == 0


def listed_verdicts(quiet: bool, verbose: bool) -> tuple[Verdict, ...]:
    """The verdicts whose URLs a document lists (``-q``, default, ``-v``)."""
    if quiet:
        return tuple(v for v in _ORDER if v in FAILS)
    return _ORDER if verbose else SUMMARY


def gather(records: Records, verdicts: Iterable[Verdict]) -> list[Listed]:
    """The URLs of ``verdicts`` (their records read a verdict at a time, in URL order), those
    in SUMMARY with every page linking to them (one more pass over the pages' outlinks)."""
    by_verdict = {v: list(records.by_url(v)) for v in verdicts}
    problems = {r.url for v in SUMMARY for r in by_verdict.get(v, ())}
    sources: dict[str, list[str]] = {}
    if problems:
        for page, target, _redirect in links_to(records, problems):
            got = sources.setdefault(target, [])
            if not got or got[-1] != page:  # a page linking twice (or to and through a redirect)
                got.append(page)

    def one(rec: FetchRecord, v: Verdict) -> Listed:
        linking = sources.get(rec.url) or ([rec.referrer] if rec.referrer else [])
        return Listed(rec.url, v, rec.status, answer_words(rec), rec.elapsed, tuple(linking))

    return [one(rec, v) for v, recs in by_verdict.items() for rec in recs]


# ---- JSON ---------------------------------------------------------------------------------------


def to_json(s: Summary) -> str:
    doc = {
        "schema": SCHEMA,
        "tool": "gui-crawler",
        "version": gui_crawler.__version__,
        "passed": s.passed,
        "crawl": {
            "roots": list(s.roots),
            "finished": s.finished.reason,
            "urls": s.tally.total,
            "seconds": round(s.finished.elapsed, 3),
            "todo": s.finished.todo,
            "crawl_file": s.crawl_file,
            "exit_code": s.exit_code,
            "page_checks": s.checks,
        },
        "counts": {v.value: s.tally[v] for v in Verdict},
        "urls": [
            {
                "url": u.url,
                "verdict": u.verdict.value,
                "status": u.status,
                "answer": u.answer,
                "sources": list(u.sources),
            }
            for u in s.listed
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


# ---- JUnit XML ----------------------------------------------------------------------------------

# What XML 1.0 cannot hold at all, even escaped (a control character in a URL's answer).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# The element each listed verdict's testcase carries (none: passed).
_OUTCOME = {Verdict.BROKEN: "failure", Verdict.ERROR: "error", Verdict.WARNING: "skipped",
            Verdict.BLOCKED: "skipped", Verdict.TIMEOUT: "skipped",
            Verdict.CANCELLED: "skipped"}  # fmt: skip
START = "(start URL)"  # the classname of a URL no page links to
_SUITES_ATTRS = ("tests", "failures", "errors", "time")


def _x(text: object) -> str:
    return _NOT_XML.sub("\N{REPLACEMENT CHARACTER}", str(text))


def to_junit(s: Summary) -> str:
    cases: list[ET.Element] = []
    counts = {"failure": 0, "error": 0, "skipped": 0}
    for u in s.listed:
        outcome = _OUTCOME.get(u.verdict)
        for page in u.sources or (START,):
            case = ET.Element(
                "testcase", name=_x(u.url), classname=_x(page), time=f"{u.seconds:.3f}"
            )
            if outcome is not None:
                counts[outcome] += 1
                said = f"{WORDS[u.verdict].one}: {u.answer}"
                mark = ET.SubElement(case, outcome, message=_x(said))
                if outcome != "skipped":
                    mark.set("type", u.verdict.value)
                    mark.text = _x(f"{said}\nlinked from {page}")
            cases.append(case)
    if not cases:  # a report without testcases is refused: the crawl itself passed
        roots = " ".join(s.roots)
        cases.append(
            ET.Element(
                "testcase", name=_x(f"crawl of {roots}"), classname="gui-crawler",
                time=f"{s.finished.elapsed:.3f}",
            )
        )  # fmt: skip
    totals = {
        "tests": str(len(cases)),
        "failures": str(counts["failure"]),
        "errors": str(counts["error"]),
        "skipped": str(counts["skipped"]),
        "time": f"{s.finished.elapsed:.3f}",
    }
    # The testsuites element has no skipped count in Jenkins' schema (junit-10.xsd): its suite has.
    root = ET.Element("testsuites", {"name": NAME, **{k: totals[k] for k in _SUITES_ATTRS}})
    suite = ET.SubElement(
        root,
        "testsuite",
        {
            "name": _x(f"{NAME}: {' '.join(s.roots)}"),
            **totals,
            "timestamp": _dt.datetime.now().replace(microsecond=0).isoformat(),
            "hostname": _x(socket.gethostname() or "localhost"),
        },
    )
    props = ET.SubElement(suite, "properties")
    figures = {
        "urls": s.tally.total,
        "finished": s.finished.reason,
        "exit_code": s.exit_code,
        **{f"count.{v.value}": s.tally[v] for v in Verdict},
        "crawl_file": s.crawl_file or "",
        "page_checks": str(s.checks).lower(),
    }
    for name, value in figures.items():
        ET.SubElement(props, "property", name=name, value=_x(value))
    suite.extend(cases)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


# ---- Markdown -----------------------------------------------------------------------------------

SHOWN_SOURCES = 3  # pages named per URL; the others counted


def _md(text: str) -> str:
    """``text`` as a table cell's code span: a | would end the cell even inside one."""
    ticks = "``" if "`" in text else "`"
    escaped = text.replace("|", "\\|")
    return f"{ticks}{escaped}{ticks}" if text else ""


def _cell(text: str) -> str:
    return re.sub(r"([\\|*_<>\[\]`])", r"\\\1", text)


def to_markdown(s: Summary) -> str:
    said = s.tally.summary()
    out = [
        f"## {NAME}: {said}",
        "",
        f"{s.tally.total:,} URLs from {', '.join(_md(r) for r in s.roots)} in "
        f"{s.finished.elapsed:.1f} s ({_cell(s.finished.reason)}), exit code {s.exit_code}: "
        f"**{'passed' if s.passed else 'failed'}**",
        "",
        "| verdict | URLs |",
        "| --- | ---: |",
        *(f"| {WORDS[v].label} | {s.tally[v]:,} |" for v in _ORDER if s.tally[v]),
    ]
    if not s.checks:
        out[3:3] = ["Page checks not run (`--no-checks`): links only.", ""]
    listed: dict[Verdict, list[Listed]] = {}
    for u in s.listed:
        listed.setdefault(u.verdict, []).append(u)
    for v in _ORDER:
        urls = listed.get(v)
        if not urls:
            continue
        out += ["", f"### {WORDS[v].label} ({len(urls):,})", "", "| URL | answer | linked from |",
                "| --- | --- | --- |"]  # fmt: skip
        for u in urls:
            pages = ", ".join(_md(p) for p in u.sources[:SHOWN_SOURCES])
            more = len(u.sources) - SHOWN_SOURCES
            pages += f" (+{more:,} more)" if more > 0 else ""
            out.append(f"| {_md(u.url)} | {_cell(u.answer)} | {pages or START} |")
    return "\n".join(out) + "\n"


WRITERS: dict[str, Callable[[Summary], str]] = {
    "json": to_json,
    "junit": to_junit,
    "markdown": to_markdown,
}
