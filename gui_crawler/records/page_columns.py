"""The one description of the pages table's columns, used by the table model, the view's widths,
elision and default visibility, the text filter and the CSV export (Qt-free: the CLI exports too).

Adding a column is one line in PAGE_COLUMNS. A crawl with custom extraction or search rules has a
column more per rule after them (``columns_of``), headed as the CSV's (``extract:price``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gui_crawler.base.translate import COLUMNS, WORDING, installed, translate
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule, values
from gui_crawler.records.findings import custom_finding
from gui_crawler.records.verdicts import (
    NO_RULES,
    StatusRules,
    category,
    category_of,
)
from gui_crawler.records.verdicts import (
    SQL_FUNCTIONS as VERDICT_SQL_FUNCTIONS,
)
from gui_crawler.records.wording import error_sentence, status_word


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} kB"
    return f"{n / 1024 / 1024:.1f} MB"


def _text(v: Any) -> str:
    return "" if v is None else str(v)


@dataclass(frozen=True, slots=True)
class PageColumn:
    """One column: ``value`` is the raw value (CSV cell, sort key unless ``sort`` is given),
    ``text`` what the table shows (``str(value)`` unless given)."""

    csv: str  # the CSV header; also the column's stable name
    label: str  # the table's header
    tip: str
    value: Callable[[FetchRecord], Any]
    text: Callable[[FetchRecord], str] | None = None
    sort: Callable[[FetchRecord], Any] | None = None  # must never return None
    width: int = 80
    numeric: bool = False  # right-aligned
    url: bool = False  # elided in the middle (URLs differ at their ends), else at the end
    searched: bool = False  # the text filter looks in this column
    shown: bool = True  # shown by default (the user can show or hide any column)
    # The sort key as an SQL expression over the crawl file's ``records`` columns, ordering
    # exactly as ``key`` does (Python-only keys call the functions of SQL_FUNCTIONS); "" is
    # ``coalesce(<csv>, '')``, the key of a value column whose field is named as the column.
    sql: str = ""

    def display(self, rec: FetchRecord) -> str:
        return self.text(rec) if self.text is not None else _text(self.value(rec))

    def key(self, rec: FetchRecord) -> Any:
        if self.sort is not None:
            return self.sort(rec)
        v = self.value(rec)
        return "" if v is None else v

    @property
    def sql_key(self) -> str:
        return self.sql or f"coalesce({self.csv}, '')"


def _phase(field: str) -> Callable[[FetchRecord], float]:
    """A phase time of the record, to a tenth of a millisecond."""
    return lambda r: round(getattr(r, field), 1)


def _half_even(x: str) -> str:
    """SQL for Python's round(x) of a number x >= 0: to the nearest integer, halves to even
    (SQLite's round() takes halves away from zero). x - CAST(x AS INTEGER) is exact."""
    i = f"CAST({x} AS INTEGER)"
    return f"({i} + ({x} - {i} > 0.5 OR ({x} - {i} = 0.5 AND {i} % 2 = 1)))"


def _half_even_tenths(x: str) -> str:
    """SQL for 10 * Python's round(x, 1) of a number x >= 0: x rounded to tenths as its exact
    binary value is, halves to even. 10x = 8x + 2x, each exact; their sum's rounding error
    (Knuth's TwoSum) says which side of a half the exact 10x is when the sum lands on one."""
    a, b = f"({x} * 8)", f"({x} * 2)"
    y = f"({a} + {b})"
    i = f"CAST({y} AS INTEGER)"
    err = f"(({a} - ({y} - ({y} - {a}))) + ({b} - ({y} - {a})))"
    return (
        f"({i} + (CASE WHEN {y} - {i} > 0.5 THEN 1 WHEN {y} - {i} < 0.5 THEN 0 "
        f"WHEN {err} > 0 THEN 1 WHEN {err} < 0 THEN 0 ELSE {i} % 2 END))"
    )


def _error_sentence_of(error_kind: str | None) -> str:
    """The Error cell as the reader sees it (in the window's language): the text filter finds
    what the cell shows, and the column sorts as it reads."""
    return _error_said(error_kind, installed())


@functools.lru_cache(maxsize=4096)
def _error_said(error_kind: str | None, language: object) -> str:
    del language  # a key of the cache: a sentence is said again when the language changes
    sentence = error_sentence(FetchRecord("", error_kind=error_kind))
    return translate(WORDING, sentence) if sentence else ""


# The keys no SQL expression computes alike, as deterministic SQL functions of a record's
# columns (name: (number of arguments, function)); every reader of a crawl file that sorts by
# these columns registers them (gui_crawler.storage.pagequery). Their inputs take few values.
SQL_FUNCTIONS: dict[str, tuple[int, Callable[..., Any]]] = {
    "error_sentence_of": (1, _error_sentence_of),
    "category_of": (3, functools.lru_cache(maxsize=4096)(category_of)),
    **VERDICT_SQL_FUNCTIONS,
}


def verdict_column(rules: StatusRules) -> PageColumn:
    """The verdict column of a crawl with these status rules (``--accept-status``, ``--warn``)."""
    return PageColumn(
        "verdict", "Verdict", "ok, redirect, broken, blocked (robots.txt, bot wall, 429), timeout, "
        "error (the crawler's own), cancelled, warning (broken, matching --warn)",
        lambda r: rules.verdict(r).value, width=80, sql=rules.sql(),
    )  # fmt: skip


C = PageColumn
PAGE_COLUMNS: tuple[PageColumn, ...] = (
    C("url", "URL", "The page's normalised URL", lambda r: r.url, width=360, url=True, searched=True,
      sql="url"),
    C("status", "Status", "HTTP status, or what went wrong", lambda r: r.status, status_word,
      lambda r: r.status if r.status is not None else 1000, width=100, numeric=True,
      sql="coalesce(status, 1000)"),
    C("content_type", "Type", "Content-Type", lambda r: r.content_type, width=130, searched=True),
    C("size", "Size", "Bytes read (decompressed)", lambda r: r.size,
      lambda r: human_size(r.size) if r.status is not None else "", width=70, numeric=True),
    C("elapsed_ms", "Time (ms)", "From the first try to the record",
      lambda r: round(r.elapsed * 1000), width=70, numeric=True, sql=_half_even("elapsed * 1000")),
    C("depth", "Depth", "Links followed from a start page", lambda r: r.depth, width=50,
      numeric=True),
    C("links", "Links", "In-scope links found on the page", lambda r: r.num_urls, width=50,
      numeric=True, sql="num_urls"),
    C("new_links", "New", "Of those, links new to the crawl", lambda r: r.num_new_urls,
      width=50, numeric=True, sql="num_new_urls"),
    C("redirect_to", "Redirect to", "Location of a redirect", lambda r: r.next_url, width=180,
      url=True, searched=True, sql="coalesce(next_url, '')"),
    C("error", "Error", "Why the URL failed (the technical text is in the details)",
      lambda r: r.exception, error_sentence, error_sentence, width=240, searched=True,
      sql="CASE WHEN error_kind IS NULL THEN '' ELSE error_sentence_of(error_kind) END"),
    C("referrer", "Referrer", "First page that linked here", lambda r: r.referrer, width=260,
      url=True),
    C("kind", "Kind", "The report's category: html, other, redirect, status_404, fail_…",
      category, width=110, shown=False, sql="category_of(status, error_kind, content_type)"),
    C("encoding", "Encoding", "Character encoding of the page", lambda r: r.encoding, width=80,
      shown=False),
    C("tries", "Tries", "Attempts made", lambda r: r.tries, width=50, numeric=True, shown=False),
    C("note", "Note", "Why a redirect was not followed, and the like", lambda r: r.note,
      width=200, searched=True, shown=False),
    verdict_column(NO_RULES),
    C("in_sitemap", "Sitemap", "1 if a sitemap of the site lists the URL",
      lambda r: int(r.in_sitemap), width=60, numeric=True, shown=False),
    C("external", "External", "1 for an off-site link: checked, never followed",
      lambda r: int(r.external), width=60, numeric=True, shown=False),
    C("title", "Title", "The page's <title>", lambda r: r.title, width=240, searched=True),
    C("meta_description", "Meta description", "<meta name=description>",
      lambda r: r.meta_description, width=240, shown=False),
    C("h1", "H1", "The first <h1>", lambda r: r.h1, width=200, shown=False),
    C("h1_count", "H1s", "How many <h1> the page has", lambda r: r.h1_count, width=45,
      numeric=True, shown=False),
    C("canonical", "Canonical", "<link rel=canonical>, absolute", lambda r: r.canonical,
      width=240, url=True, shown=False),
    C("robots", "Robots", "Meta robots and X-Robots-Tag combined", lambda r: r.robots,
      width=120, shown=False),
    C("word_count", "Words", "Words of visible text", lambda r: r.word_count, width=60,
      numeric=True, shown=False),
    C("content_hash", "Content hash", "Hash of the visible text: equal hashes, equal pages",
      lambda r: r.content_hash, width=140, shown=False),
    C("lang", "Language", "<html lang>", lambda r: r.lang, width=70, shown=False),
    C("structured_data", "Structured data", "The types its JSON-LD and microdata declare "
      "(Product, BreadcrumbList…)", lambda r: r.structured_data, width=160, searched=True,
      shown=False),
    *(C(f"{name}_ms", label, tip, _phase(f"{name}_ms"), width=70, numeric=True, shown=False,
        sql=_half_even_tenths(f"{name}_ms"))
      for name, label, tip in (
          ("wait", "Wait (ms)", "Taken from the queue until its last try's request started"),
          ("dns", "DNS (ms)", "Resolving the host name"),
          ("connect", "Connect (ms)", "Opening the connection (DNS excluded)"),
          ("ttfb", "TTFB (ms)", "Request sent until the response headers were in"),
          ("download", "Download (ms)", "Reading the body"),
          ("parse_wait", "Parse wait (ms)", "Waiting for the parser"),
          ("parse", "Parse (ms)", "Parsing the page"),
          ("render", "Render (ms)", "Rendering it in the headless browser (--render): waiting "
           "for a tab, loading, settling, reading and parsing its DOM"),
      )),
    C("rendered", "Rendered", "1 if the page was rendered in the headless browser (--render)",
      lambda r: int(r.rendered), width=60, numeric=True, shown=False),
    C("rendered_links", "JS links", "Links only the rendered page has (built by JavaScript)",
      lambda r: r.rendered_links, width=60, numeric=True, shown=False),
    C("js_errors", "JS errors", "JavaScript errors of the rendered page (uncaught exceptions "
      "and console errors)", lambda r: r.js_errors, width=60, numeric=True, shown=False),
)  # fmt: skip
COLUMN_INDEX = {c.csv: i for i, c in enumerate(PAGE_COLUMNS)}
SEARCHED = tuple(i for i, c in enumerate(PAGE_COLUMNS) if c.searched)


def _values_of() -> Callable[[str], dict[str, str]]:
    """``extract.values`` remembering the last record's: a row asks once per rule column, and
    parsing its JSON again for each was most of the cost of showing, sorting or filtering them."""
    last: list[Any] = [None, {}]

    def cached(extracted: str) -> dict[str, str]:
        if extracted is not last[0] and extracted != last[0]:
            last[:] = extracted, values(extracted)
        got: dict[str, str] = last[1]
        return got

    return cached


_values = _values_of()


def _count(text: str) -> int:
    """A search's count as a sort key: pages it did not run on (no value) before 0."""
    return int(text) if text.isdigit() else -1


def rule_column(rule: Rule) -> PageColumn:
    """The column of one extraction or search rule: its value in each page's record, "" where
    it did not run (not an HTML page that answered 200)."""
    head = custom_finding(rule)[0]
    name = rule.name
    way = f"“{rule.pattern}”" if rule.way == "text" else f"{rule.way}:{rule.pattern}"
    way += f"@{rule.attr}" if rule.attr else ""

    def value(r: FetchRecord) -> str:
        return _values(r.extracted).get(name, "")

    # Names are letters, digits, _ and - (extract._NAME): a JSON path quotes them as they are.
    sql = (
        f"coalesce(CASE WHEN json_valid(extracted) AND json_type(extracted) = 'object' "
        f"THEN json_extract(extracted, '$.\"{name}\"') END, '')"
    )
    if not rule.search:
        tip = translate(COLUMNS, "What {way} extracted from the page (empty: nothing)")
        return C(head, head, tip.format(way=way), value, width=140, searched=True, sql=sql)
    what = (
        translate(COLUMNS, "the pages without it make its finding")
        if rule.absent
        else translate(COLUMNS, "0 when it does not")
    )
    count = f"CASE WHEN {sql} GLOB '[0-9]*' AND {sql} NOT GLOB '*[^0-9]*' THEN CAST({sql} AS INTEGER) ELSE -1 END"
    tip = translate(COLUMNS, "How many times the page's HTML holds {way} ({what})")
    return C(head, head, tip.format(way=way, what=what), value,
             sort=lambda r: _count(value(r)), width=90, numeric=True, sql=count)  # fmt: skip


def columns_of(
    rules: Sequence[Rule], status_rules: StatusRules = NO_RULES
) -> tuple[PageColumn, ...]:
    """The pages table's columns for a crawl with these rules: PAGE_COLUMNS (the verdict
    judged by its status rules), then one a custom extraction or search rule."""
    columns = PAGE_COLUMNS
    if status_rules:
        at = COLUMN_INDEX["verdict"]
        columns = (*columns[:at], verdict_column(status_rules), *columns[at + 1 :])
    return (*columns, *map(rule_column, rules)) if rules else columns
