"""Every finding's URLs with their source and evidence (records/evidence.py), and the findings
CSV written from them: one row per (finding, URL), formula-safe."""

from __future__ import annotations

import csv
from pathlib import Path

from test_audit import H, page, records

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.audit import Audit, Thresholds
from gui_crawler.records.auditfiles import FINDINGS_COLUMNS, write_findings_csv
from gui_crawler.records.evidence import finding_rows, in_order


def audit_of(recs: list[FetchRecord], keep_records: bool = True) -> Audit:
    audit = Audit(
        Thresholds(), is_internal=lambda url: url.startswith(H), keep_records=keep_records
    )
    if not keep_records:  # what a second pass over the pages' links gives it (report.Streamed)
        linked = {t for r in recs for t in (*r.links, r.next_url) if t}
        audit.linked = linked.__contains__
        audit.sources = lambda url: [r.url for r in recs if url in r.links]
    audit.add(recs)
    return audit


def finder(recs: list[FetchRecord], asked: list[int] | None = None):  # type: ignore[no-untyped-def]
    by_url = {r.url: r for r in recs}

    def find(urls: list[str]) -> dict[str, FetchRecord]:
        if asked is not None:
            asked.append(len(urls))
        return {u: by_url[u] for u in urls if u in by_url}

    return find


def test_one_row_per_finding_and_url_with_its_source_and_evidence() -> None:
    recs = [
        *records(),
        FetchRecord(H + "/gone", status=404, referrer=H + "/"),  # recorded again, with its referrer
        page("/third", title="Same", content_hash="x"),
        FetchRecord(
            H + "/m1", status=302, next_url=H + "/m2", error_kind=ErrorKind.TOO_MANY_REDIRECTS
        ),
    ]
    audit = audit_of(recs)
    rows = list(finding_rows(audit, finder(recs)))
    # Exactly the findings' URLs, each once, in the findings' order.
    assert [(k, u) for k, u, _, _ in rows] == [(f.key, u) for f in audit.findings() for u in f.urls]
    got = {(k, u.removeprefix(H)): (s.removeprefix(H), d) for k, u, s, d in rows}
    assert got[("broken_internal", "/gone")] == ("/", "404 Not Found")
    assert got[("broken_external", "http://ext.test/x")][0] == ""  # no page named it first
    # A duplicate names another page of its group: the first, or for the first the second.
    assert got[("title_duplicate", "/a")] == ("/b", "Same")
    assert got[("title_duplicate", "/b")] == ("/a", "Same")
    assert got[("title_duplicate", "/third")] == ("/a", "Same")
    assert got[("duplicate_content", "/third")] == ("/a", "the same visible text as 2 other pages")
    assert got[("redirect_chain", "/r1")] == ("/a", f"→ {H}/r2 → {H}/a")
    assert got[("redirect_loop", "/l1")] == ("", f"→ {H}/l2 → {H}/l1 (loop)")
    assert got[("redirect_loop", "/m1")] == ("", f"→ {H}/m2 (too many redirects)")
    assert got[("title_long", "/long")] == ("", "61 characters: " + "t" * 61)
    assert got[("h1_multiple", "/b")] == ("", "3 H1")
    assert got[("canonicalised", "/canon")] == ("/", "")
    assert got[("noindex", "/bare")] == ("", "noindex, nofollow")
    assert got[("slow", "/slow")] == ("", "1,500 ms")
    assert got[("orphan", "/long")] == ("", "in a sitemap, linked from no page")
    assert got[("sitemap_non200", "/sm404")] == ("", "404 Not Found")
    assert got[("js_failed", "/js")] == ("", f"{H}/x.js (404)")
    assert got[("js_not_rendered", "/js-cut")] == ("", "it had not loaded after 5 s")


def test_an_audit_keeping_no_records_gives_the_same_rows_reading_a_batch_at_a_time() -> None:
    recs = records()
    kept = list(finding_rows(audit_of(recs), finder(recs)))
    asked: list[int] = []
    streamed = audit_of(recs, keep_records=False)
    assert streamed.records == {}
    assert list(finding_rows(streamed, finder(recs, asked))) == kept
    assert asked and max(asked) <= 500
    urls = [f"{H}/{i}" for i in range(1234)]
    asked.clear()
    many = [page(f"/{i}") for i in range(1234)]
    assert [r.url for r in in_order(urls, finder(many, asked), batch=500)] == urls
    assert asked == [500, 500, 234]


def test_the_findings_csv_is_formula_safe(tmp_path: Path) -> None:
    recs = [
        page("/a", title='=HYPERLINK("http://evil.test")', content_hash="x"),
        page("/b", title='=HYPERLINK("http://evil.test")', content_hash="x"),
    ]
    out = tmp_path / "f.csv"
    n = write_findings_csv(out, finding_rows(audit_of(recs), finder(recs)))
    with out.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == list(FINDINGS_COLUMNS) and len(rows) == n + 1
    titled = [r for r in rows if r[0] == "title_duplicate"]
    assert [r[3] for r in titled] == ['\'=HYPERLINK("http://evil.test")'] * 2
