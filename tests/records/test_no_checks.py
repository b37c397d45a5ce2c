"""``--no-checks``: a crawl of links only. The checklist site (checklist_site.py) crawled with and
without it: without, every planted problem is found (test_checklist.py); with it, the findings of
the page checks are said not checked — in the audit, the findings CSV, the report and the CI
summaries, never as "none found" — the others are found as before, and every record is the same
but for what only the checks read. The option is kept in the crawl file and a resume keeps it."""

from __future__ import annotations

import csv
import dataclasses
import html
import json
from pathlib import Path

import pytest
from checklist_site import build, expected, found
from sites import Site, ThreadedSite

from gui_crawler.cli.headless import FileRecords, UsageError, build_parser, main, resume_overrides
from gui_crawler.config import CrawlConfig
from gui_crawler.parsing.links import parse_page
from gui_crawler.records.findings import CHECKS_FINDINGS, NOT_CHECKED, Thresholds
from gui_crawler.records.report import Streamed, audit_of
from gui_crawler.storage import CrawlStore, load

CALM = Thresholds(slow_seconds=600.0)
# What only the page checks read: empty without them.
CHECK_FIELDS = ("checks", "ids", "minhash", "structured_data")
# What differs between two crawls of one site whatever their options: times, and the answer's
# headers (its Date).
TIMES = (
    *("elapsed", "finished_at", "worker", "wait_ms", "dns_ms", "connect_ms", "ttfb_ms"),
    *("download_ms", "parse_wait_ms", "parse_ms", "render_ms", "headers"),
)


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, set[str]]]:
    folder = tmp_path_factory.mktemp("nochecks")
    with ThreadedSite(Site()) as started:
        planted = build(started)
        dbs = folder / "with.sqlite3", folder / "without.sqlite3"
        for db, more in zip(dbs, ([], ["--no-checks"]), strict=True):
            # One worker: the same order both times (referrers, new URLs' counts).
            argv = [started.url, "--db", str(db), "--no-external", "--max-tasks", "1", "-q"]
            assert main([*argv, *more]) in (0, 1)  # broken links planted
    return dbs[0], dbs[1], planted


def test_the_crawl_file_remembers_the_option(both: tuple[Path, Path, dict[str, set[str]]]) -> None:
    with_db, without_db, _ = both
    assert load(with_db).config.checks is True
    assert load(without_db).config.checks is False


def test_the_checks_findings_are_said_not_checked_and_the_others_found_as_before(
    both: tuple[Path, Path, dict[str, set[str]]],
) -> None:
    _, db, planted = both
    saved = load(db)
    streamed = Streamed(FileRecords(db), saved.config, broken=True, findings=True, thresholds=CALM)
    kept = audit_of(saved.records, saved.config)
    kept.set_thresholds(CALM)
    for audit in (streamed.audit, kept):
        findings = audit.findings()
        unchecked = {f.key for f in findings if not f.checked}
        assert unchecked == CHECKS_FINDINGS
        assert all(not f.urls and not f.items for f in findings if not f.checked)
        assert all(not c.checked for c in audit.counts() if c.key in CHECKS_FINDINGS)
        want = {k: v for k, v in expected(planted).items() if k not in CHECKS_FINDINGS}
        assert {k: v for k, v in found(findings).items() if k not in CHECKS_FINDINGS} == want
    # Planted problems of the checks exist: their absence here is the option's doing.
    assert any(planted.get(key) for key in CHECKS_FINDINGS)


def test_the_records_are_the_same_but_for_what_only_the_checks_read(
    both: tuple[Path, Path, dict[str, set[str]]],
) -> None:
    with_db, without_db, _ = both
    checked = {r.url: r for r in load(with_db).records}
    links_only = {r.url: r for r in load(without_db).records}
    assert checked.keys() == links_only.keys()
    pages = 0
    for url, rec in checked.items():
        other = links_only[url]
        assert all(not getattr(other, name) for name in CHECK_FIELDS), url
        pages += bool(rec.checks)
        same = {f.name for f in dataclasses.fields(rec)} - set(CHECK_FIELDS) - set(TIMES)
        for name in same:
            assert getattr(rec, name) == getattr(other, name), (url, name)
    assert pages > 10  # the checks did read something where they ran


def test_the_outputs_say_the_checks_were_not_run(
    both: tuple[Path, Path, dict[str, set[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, db, _ = both
    report, findings = tmp_path / "r.html", tmp_path / "f.csv"
    argv = ["--resume", str(db), "--report", str(report), "--findings-csv", str(findings)]
    assert main([*argv, "--format", "json", "-q"]) in (0, 1)
    summary = json.loads(capsys.readouterr().out)
    assert summary["crawl"]["page_checks"] is False
    with findings.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))[1:]
    said = {
        key: (url, source, detail) for key, url, source, detail in rows if key in CHECKS_FINDINGS
    }
    assert said == {key: ("", "", NOT_CHECKED) for key in CHECKS_FINDINGS}
    text = html.unescape(report.read_text(encoding="utf-8"))
    assert NOT_CHECKED.capitalize() in text and "Near duplicate pages" in text
    assert main(["--resume", str(db), "--format", "markdown", "-q"]) in (0, 1)
    assert "Page checks not run (`--no-checks`)" in capsys.readouterr().out
    assert load(db).config.checks is False  # the resume kept it


def test_a_resume_cannot_turn_the_checks_off() -> None:
    """Pages crawled before would have what later ones lack: the option is the file's."""
    with pytest.raises(UsageError, match=r"^--no-checks cannot change when resuming"):
        resume_overrides(build_parser().parse_args(["--resume", "F", "--no-checks"]))


def test_a_crawl_file_started_without_checks_is_resumed_without_them(tmp_path: Path) -> None:
    with ThreadedSite(Site()) as started:
        build(started)
        db = tmp_path / "c.sqlite3"
        config = CrawlConfig(roots=(started.url,), check_external=False, checks=False)
        CrawlStore.create(db, config.validated()).close("cancelled")
        assert main(["--resume", str(db), "-q"]) in (0, 1)
    saved = load(db)
    assert saved.config.checks is False and len(saved.records) > 50
    assert all(not getattr(r, name) for r in saved.records for name in CHECK_FIELDS)


def test_a_page_parsed_without_checks_has_the_same_links_words_and_facts() -> None:
    body = (
        b"<html lang=en><head><title>T</title><link rel=canonical href=/c></head><body>"
        b"<h1>One</h1><h3>skipped</h3><a href='b#frag'>click here</a><img src=i.png>"
        b"<a name=x></a><script type=application/ld+json>{}</script>" + b"word " * 300
    )
    on = parse_page(body, "utf-8", "http://h/a")
    off = parse_page(body, "utf-8", "http://h/a", checks=False)
    assert on.facts.checks and on.facts.minhash and on.facts.ids
    assert (off.links, off.words) == (on.links, on.words)
    keep = {n: getattr(on.facts, n) for n in type(on.facts).__slots__ if n not in CHECK_FIELDS}
    assert {n: getattr(off.facts, n) for n in keep} == keep
    assert all(not getattr(off.facts, n) for n in CHECK_FIELDS)
