"""One classifier (gui_crawler/records/verdicts.py) decides what a record means, and every count a person
reads agrees with it: one crawl of a local site holding every kind of outcome, through the CLI
(summary, exit code, --report HTML, --csv) and through the window (status bar, Overview, Broken
links tab), each number parsed out of what it shows. And no other module decides a verdict."""

from __future__ import annotations

import ast
import collections
import csv
import errno
import io
import os
import re
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohappyeyeballs
import pytest
from sites import Site, ThreadedSite

import gui_crawler
from gui_crawler.cli.headless import Report, build_parser, config_from_args, main
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl import concurrency
from gui_crawler.events import CrawlFinished, ErrorKind, FetchRecord
from gui_crawler.records import verdicts
from gui_crawler.records.verdicts import (
    FAILS,
    NO_RULES,
    NOT_ANSWERED_SQL,
    SUMMARY,
    WORDS,
    StatusClass,
    StatusRules,
    Tally,
    Verdict,
    count_label,
    count_phrase,
    is_blocked,
    is_broken,
    status_class_of,
    status_class_sql,
    verdict_of,
    verdict_sql,
)

PACKAGE = Path(gui_crawler.__file__).resolve().parent

# ---- the classifier alone ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "kind", "verdict"),
    [
        (200, None, Verdict.OK),
        (204, None, Verdict.OK),
        (308, None, Verdict.REDIRECT),
        (404, None, Verdict.BROKEN),
        (500, None, Verdict.BROKEN),
        (503, None, Verdict.BLOCKED),
        (429, None, Verdict.BLOCKED),
        (None, None, Verdict.ERROR),  # no answer and no failure named: never made by the engine
        (None, "ClientOSError", Verdict.BROKEN),
        (None, "HTTP503", Verdict.BROKEN),  # no longer read as a status: nothing records it
        (None, ErrorKind.TOO_MANY_REDIRECTS, Verdict.BROKEN),
        (None, ErrorKind.INVALID_URL, Verdict.BROKEN),
        (None, ErrorKind.MISSING_LOCATION, Verdict.BROKEN),
        (None, ErrorKind.BAD_LOCATION, Verdict.BROKEN),
        (None, ErrorKind.ROBOTS, Verdict.BLOCKED),
        (403, ErrorKind.BOT_CHALLENGE, Verdict.BLOCKED),
        (None, ErrorKind.PRIVATE_ADDRESS, Verdict.BLOCKED),
        (None, ErrorKind.TIMEOUT, Verdict.TIMEOUT),
        (None, ErrorKind.OWN_LIMIT, Verdict.ERROR),
        (None, ErrorKind.TOO_LARGE, Verdict.ERROR),
        (None, ErrorKind.INTERNAL, Verdict.ERROR),
        (None, ErrorKind.PARSER_CRASHED, Verdict.ERROR),
        (None, ErrorKind.CANCELLED, Verdict.CANCELLED),
    ],
)
def test_each_outcome_has_one_verdict(
    status: int | None, kind: str | None, verdict: Verdict
) -> None:
    rec = FetchRecord(url="http://h.test/", status=status, error_kind=kind)
    assert verdict_of(status, kind) is verdict is verdicts.verdict(rec)
    assert is_broken(rec) == (verdict is Verdict.BROKEN)
    assert is_blocked(rec) == (verdict is Verdict.BLOCKED)


def test_every_verdict_has_its_words_and_only_broken_and_error_fail() -> None:
    assert set(WORDS) == set(Verdict)
    assert {Verdict.BROKEN, Verdict.ERROR} == FAILS
    assert count_label(Verdict.BROKEN, 10) == "Broken 10"
    assert count_phrase(Verdict.BROKEN, 1_000) == "1,000 broken"
    assert count_phrase(Verdict.ERROR, 1) == "1 error"
    assert count_phrase(Verdict.ERROR, 3) == "3 errors"
    assert Tally().summary() == "0 broken" and not Tally().fails


def record(kind: str | None = None, status: int | None = None, n: int = 0) -> FetchRecord:
    return FetchRecord(url=f"http://h.test/{kind}{status}/{n}", status=status, error_kind=kind)


def test_the_cli_report_counts_each_verdict_apart_and_errors_set_the_exit_code() -> None:
    # Before: Report.broken held the crawler's own errors but for OwnLimit (a TooLarge page was
    # "Broken" in the CLI and not in the window's status bar), and a cancelled URL was nowhere.
    recs = [
        record(status=404),
        record("ClientConnectorError"),
        record(ErrorKind.TOO_LARGE),
        record(ErrorKind.OWN_LIMIT),
        record(status=429),
        record(ErrorKind.TIMEOUT),
        record(ErrorKind.CANCELLED),
        record(status=200),
    ]
    report = Report(None)
    for r in recs:
        report(r)
    tally = report.tally()
    assert [tally[v] for v in Verdict] == [1, 0, 2, 1, 1, 2, 1, 0]
    assert len(report.broken) == 2 and tally.fails
    assert tally.summary() == "2 broken, 2 errors, 1 blocked, 1 timed out, 1 cancelled"
    out = io.StringIO()
    report.print(out, CrawlFinished("done", len(recs), 0, 1.0), 4, verbose=False)
    text = out.getvalue()
    assert "Found: 2 broken, 2 errors, 1 blocked, 1 timed out, 1 cancelled\n" in text
    for v, n in ((Verdict.BROKEN, 2), (Verdict.ERROR, 2), (Verdict.CANCELLED, 1)):
        assert f"\n{WORDS[v].label}: {n} — " in text
    # Only an error makes the exit code 1 too.
    assert Tally([record(ErrorKind.TOO_LARGE)]).fails
    assert not Tally([record(status=429), record(ErrorKind.TIMEOUT)]).fails


# ---- one crawl of every outcome, counted everywhere -------------------------------------------

# What the site below holds, by verdict: the numbers every view must show.
EXPECTED = {"broken": 8, "error": 1, "blocked": 3, "timeout": 1}
# And with status rules: the 500 and the 429 accepted (ok), the 404 a warning.
RULED = ["--accept-status", "429, 500", "--warn", "/missing$"]
EXPECTED_RULED = {"broken": 6, "warning": 1, "error": 1, "blocked": 2, "timeout": 1}
BOTH = pytest.mark.parametrize(
    ("rules", "expected"), [([], EXPECTED), (RULED, EXPECTED_RULED)], ids=["plain", "ruled"]
)


def every_outcome() -> Site:
    site = Site()
    site.page("/", ["/ok", "/missing", "/err", "/busy", "/throttled", "/private/x", "/loop1",
                    "/r1", "/slow"])  # fmt: skip
    site.page("/ok", ["/missing"])
    site.page("/err", [], status=500)  # broken
    site.page("/busy", [], status=503)  # blocked
    site.page("/throttled", [], status=429)  # blocked
    site.page("/slow", [], delay=4)  # timeout (--timeout 2)
    site.redirect("/loop1", "/loop2")  # broken, both: a loop never reaches a page
    site.redirect("/loop2", "/loop1")
    for i in range(1, 5):  # broken, /r1 to /r3: more hops than --max-redirect 2
        site.redirect(f"/r{i}", f"/r{i + 1}")
    site.html("/robots.txt", "User-agent: *\nDisallow: /private\n", content_type="text/plain")
    return site  # and /missing: 404, broken; /private/x: blocked by robots.txt


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return int(port)


def roots(site: Site) -> list[str]:
    """The site; a port nothing listens on (refused: broken); 127.0.0.2, where every connect
    fails for lack of open files (see out_of_files_at_127_0_0_2: the crawler's own error)."""
    return [site.url, f"http://127.0.0.1:{free_port()}/", f"http://127.0.0.2:{site.port}/"]


FLAGS = ["--max-tries", "1", "--timeout", "2", "--max-redirect", "2", "--no-sitemaps",
         "--no-external"]  # fmt: skip


@pytest.fixture
def out_of_files_at_127_0_0_2(monkeypatch: pytest.MonkeyPatch) -> None:
    real = aiohappyeyeballs.start_connection

    async def start_connection(addr_infos: Any, **kw: Any) -> Any:
        if any(info[4][0] == "127.0.0.2" for info in addr_infos):
            raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
        return await real(addr_infos, **kw)

    monkeypatch.setattr(aiohappyeyeballs, "start_connection", start_connection)
    monkeypatch.setattr(concurrency, "OWN_WAIT", 0.01)
    monkeypatch.setattr(concurrency, "OWN_WAIT_MAX", 0.02)


_NOUNS = {w: v.value for v in Verdict for w in (WORDS[v].one, WORDS[v].many)}
_PHRASE = re.compile(r"([\d,]+) (" + "|".join(sorted(map(re.escape, _NOUNS), key=len)[::-1]) + ")")


def phrases(text: str) -> dict[str, int]:
    """``4 broken, 1 error`` -> {"broken": 4, "error": 1}."""
    return {_NOUNS[w]: int(n.replace(",", "")) for n, w in _PHRASE.findall(text)}


def by_label(rows: Iterator[tuple[str, int]]) -> dict[str, int]:
    """Findings (label, count) summed by the verdict their label begins with."""
    out: collections.Counter[str] = collections.Counter()
    for text, n in rows:
        for v in (Verdict.BROKEN, Verdict.WARNING, Verdict.BLOCKED, Verdict.TIMEOUT, Verdict.ERROR):
            if text.startswith(WORDS[v].label):
                out[v.value] += n
    return dict(out)


@BOTH
def test_the_cli_summary_exit_code_report_and_csv_agree(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    out_of_files_at_127_0_0_2: None,
    rules: list[str],
    expected: dict[str, int],
) -> None:
    out_csv, out_html = tmp_path / "out.csv", tmp_path / "report.html"
    with ThreadedSite(every_outcome()) as site:
        start = [*roots(site), *FLAGS, *rules]
        code = main([*start, "--no-db", "--csv", str(out_csv), "--report", str(out_html)])
        text = capsys.readouterr().out
        quiet_code = main([*start, "--no-db", "-q"])
        quiet = capsys.readouterr().out
    assert code == quiet_code == 1
    found = re.search(r"^Found: (.*)$", text, re.M)
    assert found is not None and phrases(found[1]) == expected, text
    headings = {
        v.value: int(m[1])
        for v in Verdict
        if (m := re.search(rf"^{re.escape(WORDS[v].label)}: (\d+) — ", text, re.M))
    }
    assert headings == expected, text
    assert re.fullmatch(r"Finished 15 urls, (.*)\n", quiet)
    assert phrases(quiet) == expected, quiet

    with out_csv.open(encoding="utf-8-sig", newline="") as f:
        column = collections.Counter(row["verdict"] for row in csv.DictReader(f))
    assert {v: column[v] for v in expected} == expected and column["redirect"] == 0
    assert column["ok"] == 15 - sum(expected.values())

    html = out_html.read_text(encoding="utf-8")
    cards = " ".join(f"{n} {w}" for n, w in re.findall(r"<div class=card><b[^>]*>([\d,]+)</b>"
                                                        r"([^<]+)</div>", html))  # fmt: skip
    assert phrases(cards) == expected, cards
    assert "errors found" not in html  # the findings' severities, once read as a count
    findings = re.findall(r"<h3 class=s\d>([^<]+): ([\d,]+)</h3>", html)
    assert by_label((t, int(n)) for t, n in findings) == expected, findings


@BOTH
def test_the_window_status_bar_overview_and_broken_links_agree(
    qtbot: Any,
    window: Any,
    out_of_files_at_127_0_0_2: None,
    rules: list[str],
    expected: dict[str, int],
) -> None:
    from PySide6.QtCore import Qt

    from gui_crawler.records.page_columns import COLUMN_INDEX
    from gui_crawler.session import CrawlSession

    with ThreadedSite(every_outcome()) as site:
        config = config_from_args(build_parser().parse_args(["x", *FLAGS, *rules]), roots(site))
        with qtbot.waitSignal(window.crawlFinished, timeout=45_000):
            window.controller._begin(CrawlSession.unsaved(config))
    r = window.results
    assert r.pages.rowCount() == 15
    status = re.fullmatch(r"Broken (\d+)", window.stat_labels["broken"].text())
    assert status is not None and int(status[1]) == expected["broken"]
    assert window.broken_view.model().rowCount() == expected["broken"]

    window.overview.refresh()
    model = window.overview.model
    rows = (
        (model.index(i, 0).data(), int(model.index(i, 1).data().replace(",", "")))
        for i in range(model.rowCount())
    )
    assert by_label(rows) == expected

    col = COLUMN_INDEX["verdict"]
    shown = collections.Counter(
        r.pages.index(i, col).data(Qt.ItemDataRole.DisplayRole) for i in range(r.pages.rowCount())
    )
    assert {v: shown[v] for v in expected} == expected
    # The rows' colours are their verdicts' (an accepted 500 has none, as any ok page).
    from gui_crawler.ui.roles import VERDICT_BRUSH

    def colour(brush: Any) -> str | None:
        return brush.color().name() if brush is not None else None

    painted = collections.Counter(
        colour(r.pages.index(i, COLUMN_INDEX["status"]).data(Qt.ItemDataRole.ForegroundRole))
        for i in range(r.pages.rowCount())
    )
    for v, n in expected.items():
        assert painted[colour(VERDICT_BRUSH[Verdict(v)])] == n, v
    # The site graph's nodes too.
    graph = {v.value: n for v, n in r.graph.verdict_counts().items() if n}
    assert {v: graph.get(v, 0) for v in expected} == expected


# ---- nobody else decides ----------------------------------------------------------------------

# A status compared with 400-599 outside verdicts.py, where it is no verdict: (module, function).
ALLOWED_STATUS_TESTS = {
    ("robots", "fetch_robots"),  # robots.txt's own rule: a 5xx answer disallows the whole site
    ("timeline", "_paint_bars"),  # a bar is marked for a look: an error answer or a retry
}
# Error kinds whose verdict verdicts.py groups; the modules that count must not test them.
_GROUPED = {"CANCELLED", "TIMEOUT", "OWN_LIMIT", "ROBOTS", "BOT_CHALLENGE", "PRIVATE_ADDRESS",
            "TOO_LARGE", "INTERNAL", "PARSER_CRASHED"}  # fmt: skip
# The classifier of a crawl without status rules: a reader of a crawl's records judges them by
# its rules (StatusRules.of(config)), never by these.
WITHOUT_RULES = {"verdict_of", "verdict_sql", "verdict", "is_broken", "is_blocked", "fails",
                 "worth_rechecking", "of_verdict", "group", "worry"}  # fmt: skip
COUNTING = {"headless", "report", "audit", "overview", "link_models", "results", "record_filters",
            "page_columns", "bridge", "wording", "models", "export", "auditfiles"}  # fmt: skip


def decisions(source: str, module: str) -> list[str]:
    """Where ``source`` decides a verdict itself: 'line: what'."""
    found: list[str] = []
    tree = ast.parse(source)
    function = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                function.setdefault(id(inner), node.name)

    def says(node: ast.AST, what: str) -> None:
        found.append(f"{module}:{getattr(node, 'lineno', 0)}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ("BLOCKED_STATUSES", "verdict_of"):
            says(node, node.id)
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("verdicts"):
            for alias in node.names:
                if alias.name in WITHOUT_RULES:
                    says(node, f"judges without the crawl's status rules ({alias.name})")
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for side in sides:
            for part in ast.walk(side):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "Verdict"
                ):
                    says(node, f"compares with Verdict.{part.attr}")
                if isinstance(part, ast.Attribute) and part.attr == "verdict":
                    says(node, "compares a .verdict")
                if (
                    module in COUNTING
                    and isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "ErrorKind"
                    and part.attr in _GROUPED
                ):
                    says(node, f"compares with ErrorKind.{part.attr}")
        status = any(
            isinstance(p, ast.Attribute | ast.Name)
            and (p.attr if isinstance(p, ast.Attribute) else p.id).endswith("status")
            for side in sides
            for p in ast.walk(side)
        )
        limit = any(
            isinstance(s, ast.Constant) and type(s.value) is int and 400 <= s.value < 600
            for s in sides
        )
        ordered = any(isinstance(op, ast.Gt | ast.GtE | ast.Lt | ast.LtE) for op in node.ops)
        allowed = (module, function.get(id(node), "")) in ALLOWED_STATUS_TESTS
        if status and limit and ordered and not allowed:
            says(node, "compares a status with an error class")
    return found


def test_no_module_but_the_classifier_decides_a_verdict() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.stem != "verdicts":
            found += decisions(path.read_text(encoding="utf-8"), path.stem)
    assert found == []


def test_the_check_finds_each_way_of_deciding() -> None:
    source = """
def count(rec, records):
    a = rec.verdict is Verdict.BROKEN
    b = [r for r in records if r.verdict in (Verdict.BROKEN, Verdict.ERROR)]
    c = rec.status is not None and rec.status >= 400
    d = rec.error_kind == ErrorKind.OWN_LIMIT
    e = verdict_of(rec.status, None)
from gui_crawler.records.verdicts import is_broken, Tally
"""
    got = collections.Counter(g.split(": ", 1)[1] for g in decisions(source, "headless"))
    assert got == {
        "compares a .verdict": 2,
        "compares with Verdict.BROKEN": 2,
        "compares with Verdict.ERROR": 1,
        "compares a status with an error class": 1,
        "compares with ErrorKind.OWN_LIMIT": 1,
        "verdict_of": 1,
        "judges without the crawl's status rules (is_broken)": 1,
    }
    # An error kind is tested only where a count is made; the engine names failures by them.
    elsewhere = decisions(source, "engine_like")
    assert len(elsewhere) == 8 and not any("ErrorKind" in g for g in elsewhere)


def test_the_sql_a_crawl_file_is_read_with_keeps_every_record_a_summary_lists(
    request: pytest.FixtureRequest,
) -> None:
    # The CLI reads a verdict's URLs from the crawl file with NOT_ANSWERED_SQL first, then asks
    # verdict_of: the condition must hold for every verdict a summary lists.
    db = sqlite3.connect(":memory:")
    request.addfinalizer(db.close)  # Python 3.13 warns of a connection left open
    kinds = [None, "ClientOSError", *ErrorKind]
    statuses = [None, 200, 204, 301, 308, 399, 400, 403, 404, 429, 500, 503, 999]
    for kind in kinds:
        for status in statuses:
            (met,) = db.execute(
                f"SELECT {NOT_ANSWERED_SQL} FROM (SELECT ? AS status, ? AS error_kind)",
                (status, None if kind is None else str(kind)),
            ).fetchone()
            if verdict_of(status, kind) in SUMMARY:
                assert met, (status, kind)
            else:
                assert not met, (status, kind)


STATUSES = [None, -1, 0, 99, 100, 101, 199, 200, 204, 299, 300, 301, 302, 303, 304, 307, 308,
            399, 400, 404, 429, 451, 499, 500, 503, 599, 600, 999, 1000]  # fmt: skip
KINDS = [None, *ErrorKind, "ClientConnectorError", "it's quoted"]


@pytest.mark.parametrize(
    ("python", "sql", "value"),
    [
        (verdict_of, verdict_sql, lambda v: v.value),
        (status_class_of, status_class_sql, int),
    ],
    ids=["verdict", "status class"],
)
def test_each_sql_classifier_is_its_python_twin(python: Any, sql: Any, value: Any) -> None:
    """The pages table sorts by verdict and filters by status class in SQL: the same answer for
    every status and kind as in Python."""
    expr = sql()
    db = sqlite3.connect(":memory:")
    try:  # closed: Python 3.13 warns of a connection left to the garbage collector
        for status in STATUSES:
            for kind in KINDS:
                (got,) = db.execute(
                    f"SELECT {expr} FROM (SELECT ? AS status, ? AS error_kind)", (status, kind)
                ).fetchone()
                assert got == value(python(status, kind)), (status, kind)
    finally:
        db.close()


# Status rules of every shape: none, codes, ranges, a --warn regex (quoted, anchored), both.
RULES = [
    StatusRules(),
    StatusRules(((403, 403), (429, 429))),
    StatusRules(((200, 299), (400, 499), (999, 999))),
    StatusRules(((301, 301),)),
    StatusRules(warn=r"/it's"),
    StatusRules(((500, 599),), r"^http://h\.test/w"),
]
URLS = ["http://h.test/", "http://h.test/w/x", "http://h.test/it's", None]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_a_crawls_status_rules_judge_alike_in_python_and_sql(
    rules: StatusRules, request: pytest.FixtureRequest
) -> None:
    """The verdict's SQL twin takes the crawl's status rules as its Python does: every status,
    error kind and URL (a --warn regex calls its registered function for broken rows)."""
    db = sqlite3.connect(":memory:")
    request.addfinalizer(db.close)
    for name, (n, fn) in verdicts.SQL_FUNCTIONS.items():
        db.create_function(name, n, fn, deterministic=True)
    expr = rules.sql()
    for status in STATUSES:
        for kind in KINDS:
            for url in URLS:
                (got,) = db.execute(
                    f"SELECT {expr} FROM (SELECT ? AS status, ? AS error_kind, ? AS url)",
                    (status, kind, url),
                ).fetchone()
                v = rules.verdict_of(status, kind, url or "")
                assert got == v.value, (status, kind, url)
                # What a summary lists is still among the rows it reads first.
                if v in SUMMARY:
                    (met,) = db.execute(
                        f"SELECT {NOT_ANSWERED_SQL} FROM (SELECT ? AS status, ? AS error_kind)",
                        (status, kind),
                    ).fetchone()
                    assert met, (status, kind)


def test_an_accepted_status_is_ok_and_a_warned_url_a_warning_not_a_failure() -> None:
    rules = StatusRules.of(CrawlConfig(roots=(), accept_status="403, 429 500-503", warn="linkedin"))
    assert rules.accept == ((403, 403), (429, 429), (500, 503))
    assert rules.verdict_of(403, None) is Verdict.OK
    assert rules.verdict_of(403, ErrorKind.BOT_CHALLENGE) is Verdict.OK  # a bot wall's 403
    assert rules.verdict_of(429, None) is Verdict.OK  # not blocked either
    assert rules.verdict_of(503, None) is Verdict.OK
    assert rules.verdict_of(404, None) is Verdict.BROKEN
    # A failure beyond the status is not the status's: a loop answered 302, a 500 too large.
    loop = StatusRules(((302, 302), (500, 500)))
    assert loop.verdict_of(302, ErrorKind.REDIRECT_LOOP) is Verdict.BROKEN
    assert loop.verdict_of(500, ErrorKind.TOO_LARGE) is Verdict.ERROR
    assert loop.verdict_of(302, None) is Verdict.OK
    # --warn: broken URLs matching it are warnings; others, and what is not broken, are not.
    assert rules.verdict_of(404, None, "https://www.linkedin.com/in/x") is Verdict.WARNING
    assert rules.verdict_of(None, "ClientConnectorError", "http://linkedin.test/") is (
        Verdict.WARNING
    )
    assert rules.verdict_of(404, None, "https://example.com/") is Verdict.BROKEN
    assert rules.verdict_of(None, ErrorKind.TIMEOUT, "http://linkedin.test/") is Verdict.TIMEOUT
    assert rules.verdict_of(None, ErrorKind.TOO_LARGE, "http://linkedin.test/") is Verdict.ERROR
    warned = FetchRecord("http://linkedin.test/x", status=410)
    assert Verdict.WARNING not in FAILS and not rules.fails(warned)
    assert rules.worth_rechecking(warned)  # a re-check fetches it again, as a broken one
    tally = Tally([warned, FetchRecord("http://h.test/", status=403)], rules)
    assert tally.summary() == "0 broken, 1 warning" and not tally.fails
    assert WORDS[Verdict.WARNING].many == "warnings"
    with pytest.raises(ValueError, match="'4xx' is not a status"):
        StatusRules.of(CrawlConfig(roots=(), accept_status="4xx"))
    for bad, why in (("4xx", "is not a status"), ("99", "not within 100-999"),
                     ("500-400", "runs backwards"), ("403-", "is not a status")):  # fmt: skip
        with pytest.raises(ConfigError, match=why):
            CrawlConfig(roots=("http://h.test/",), accept_status=bad).validated()


def test_a_429_is_4xx_and_blocked_and_painted_as_blocked() -> None:
    """The status class is a fact of the answer (what the 4xx quick filter picks), the verdict a
    judgement of it (what the colour says): a 429 is both 4xx and blocked, never painted as
    broken. The colour is the verdict's wherever a record is painted."""
    from gui_crawler.ui.roles import VERDICT_BRUSH, brush_of

    throttled = FetchRecord("http://h.test/", status=429)
    assert status_class_of(429, None) is StatusClass.CLIENT_ERROR
    assert verdict_of(429, None) is Verdict.BLOCKED
    assert brush_of(throttled, NO_RULES) is VERDICT_BRUSH[Verdict.BLOCKED]
    missing = FetchRecord("http://h.test/", status=404)
    assert brush_of(throttled, NO_RULES) is not brush_of(missing, NO_RULES)
    # Accepted, the 429 is ok: painted as ok (no colour).
    assert brush_of(throttled, StatusRules(((429, 429),))) is VERDICT_BRUSH[Verdict.OK] is None
    assert status_class_of(999, None) is StatusClass.OTHER  # not 5xx, whatever the filter said


@pytest.mark.parametrize(
    "rules", [NO_RULES, StatusRules(accept=((200, 299), (404, 404)), warn="h\\.test/x")]
)
def test_a_tally_one_record_at_a_time_counts_as_from_the_records_counts(rules: StatusRules) -> None:
    """``add_one`` (a crawl's records, as they come) counts each record as ``add_counted`` does
    from its verdict, status, error kind, type, external flag and size, and takes it back."""
    recs = [
        FetchRecord("http://h.test/a", status=200, content_type="text/html", size=7),
        FetchRecord("http://h.test/b", status=200, content_type="application/xhtml+xml", size=3),
        FetchRecord("http://h.test/c", status=200, content_type="image/png", size=5),
        FetchRecord("http://x.test/", status=200, external=True),
        FetchRecord("http://h.test/x", status=404, content_type="text/html", size=2),
        FetchRecord("http://h.test/x2", status=500),
        FetchRecord("http://h.test/d", status=200, error_kind=ErrorKind.TOO_LARGE, size=9),
        FetchRecord("http://h.test/e", status=200, error_kind=ErrorKind.BOT_CHALLENGE),
        FetchRecord("http://h.test/f", status=301, content_type="text/html"),
    ]
    one = Tally(recs, rules)
    counted = Tally(rules=rules)
    for r in recs:
        v = rules.verdict(r)
        counted.add_counted(v, r.status, r.error_kind, r.content_type, r.external, 1, r.size)
    fields = ("counts", "kinds", "html_bytes", "external")
    assert [getattr(one, f) for f in fields] == [getattr(counted, f) for f in fields]
    for r in recs:
        one.add_one(r, -1)
    assert +one.counts == {} and +one.kinds == {} and (one.html_bytes, one.external) == (0, 0)
