"""Audit findings from records (no Qt), the HTML report, and `gui-crawler crawl --report`."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.anchors import broken_rows, no_words
from gui_crawler.records.audit import Audit
from gui_crawler.records.auditfiles import BROKEN_COLUMNS, write_broken_links_csv
from gui_crawler.records.findings import FINDINGS, Thresholds
from gui_crawler.records.report import render

H = "http://s.test"
HTML = "text/html"


def page(path: str, **kw: object) -> FetchRecord:
    fields: dict[str, object] = {
        "status": 200,
        "content_type": HTML,
        "title": f"{path}: a title that says enough of its page",
        "meta_description": f"d{path}: a description that says enough of its page, in a sentence or two at most",
        "h1_count": 1,
        "content_hash": "h" + path,
        "word_count": 500,
    }
    fields.update(kw)
    return FetchRecord(url=H + path, **fields)  # type: ignore[arg-type]


def records() -> list[FetchRecord]:
    return [
        page("/", links=(H + "/a", H + "/b", H + "/gone", H + "/r1", "http://ext.test/x")),
        page("/a", title="Same", meta_description="Same", content_hash="x", links=(H + "/gone",)),
        page("/b", title="Same", meta_description="Same", content_hash="x", h1_count=3),
        page("/long", title="t" * 61, meta_description="m" * 161, in_sitemap=True),
        page("/bare", title=None, meta_description=None, h1_count=0, robots="noindex, nofollow"),
        page("/canon", canonical=H + "/"),
        page("/self", canonical=H + "/self"),
        page("/slow", elapsed=1.5, size=2 * 1024 * 1024),
        # Rendered (--render): links only JavaScript built, robots set by it, an error, a
        # failed request; and a page whose rendering was cut short.
        page(
            "/js",
            robots="noindex",
            rendered=True,
            rendered_links=2,
            js_errors=1,
            render='{"changed":{"robots":[null,"noindex"]},"failed":[["' + H + '/x.js","404",'
            '"script"]],"only_rendered":["' + H + '/a","' + H + '/b"]}',
        ),
        page("/js-cut", render='{"note":"it had not loaded after 5 s"}'),
        FetchRecord(H + "/gone", status=404, content_type=HTML),
        FetchRecord(H + "/sm404", status=404, in_sitemap=True),
        FetchRecord(
            "http://ext.test/x", error_kind="ClientConnectorError", exception="ClientConnectorError"
        ),
        FetchRecord(H + "/r1", status=301, next_url=H + "/r2"),
        FetchRecord(H + "/r2", status=302, next_url=H + "/a"),
        FetchRecord(H + "/l1", status=302, next_url=H + "/l2"),
        FetchRecord(H + "/l2", status=302, next_url=H + "/l1"),
        FetchRecord(H + "/c", error_kind=ErrorKind.CANCELLED, exception="Cancelled"),
        FetchRecord(H + "/slowest", error_kind=ErrorKind.TIMEOUT, exception="Timeout"),
        FetchRecord(H + "/huge", error_kind=ErrorKind.TOO_LARGE, exception="TooLarge"),
        FetchRecord(
            H + "/robots",
            error_kind=ErrorKind.ROBOTS,
            exception="BlockedByRobots: blocked by robots.txt",
        ),
        FetchRecord(
            "http://down.test/x",
            error_kind=ErrorKind.HOST_GAVE_UP,
            exception="HostGaveUp: gave up on http://down.test: 503 to every request for 60 s",
        ),
    ]


def test_every_finding_names_exactly_its_pages() -> None:
    audit = Audit(Thresholds(), is_internal=lambda url: url.startswith(H))
    audit.add(records())
    got = {f.key: {u.removeprefix(H) for u in f.urls} for f in audit.findings()}
    # The warnings are listed for a crawl with --warn only.
    assert list(got) == [key for key, _, _ in FINDINGS if key != "warning"]
    assert got == {key: set() for key in got} | {
        "broken_internal": {"/gone", "/sm404"},
        "broken_external": {"http://ext.test/x"},
        "blocked": {"/robots", "http://down.test/x"},
        "timeout": {"/slowest"},
        "error": {"/huge"},
        "host_gave_up": {"http://down.test/x"},
        "redirect_chain": {"/r1"},
        "redirect_loop": {"/l1", "/l2"},
        "title_missing": {"/bare"},
        "title_duplicate": {"/a", "/b"},
        "title_long": {"/long"},
        "description_missing": {"/bare"},
        "description_duplicate": {"/a", "/b"},
        "description_long": {"/long"},
        "h1_missing": {"/bare"},
        "h1_multiple": {"/b"},
        "noindex": {"/bare", "/js"},
        "canonicalised": {"/canon"},
        "canonical_invalid": set(),
        "duplicate_content": {"/a", "/b"},
        "slow": {"/slow"},
        "large": {"/slow"},
        "orphan": {"/long", "/sm404"},
        "sitemap_non200": {"/sm404"},
        "js_links": {"/js"},
        "js_changed": {"/js"},
        "js_noindex": {"/js"},
        "js_errors": {"/js"},
        "js_failed": {"/js"},
        "js_not_rendered": {"/js-cut"},
        "title_too_short": {"/a", "/b"},
        "description_too_short": {"/a", "/b"},
        "link_to_redirect": {"/"},
        "meta_nofollow": {"/bare"},
    }
    # Thresholds move the findings; a cancelled URL is no finding at all.
    audit.set_thresholds(Thresholds(title_max=100, slow_seconds=2.0))
    counts = {f.key: f.count for f in audit.findings()}
    assert counts["title_long"] == counts["slow"] == 0
    assert H + "/c" not in audit.records


def test_counts_and_one_finding_agree_with_every_finding_listed() -> None:
    """counts() (what the Overview shows while a crawl runs) counts each finding's pages
    without listing them: duplicates as groups grow (a third page of a title counts once
    more), redirects and sitemap URLs joined; finding(key) lists one finding's pages."""
    from gui_crawler.parsing.extract import Rule

    audit = Audit(Thresholds(), is_internal=lambda url: url.startswith(H))
    audit.rules = [Rule("ga", "text", "UA-", search=True, absent=True)]
    audit.add(records())
    third = page("/third", title="Same", content_hash="x", extracted='{"ga": "0"}')
    audit.add([third, page("/fourth", title="Same")])

    def both() -> list[tuple[str, str, int, int]]:
        return [(f.key, f.label, len(f.urls), f.severity) for f in audit.findings()]

    assert [(c.key, c.label, c.count, c.severity) for c in audit.counts()] == both()
    counts = {c.key: c.count for c in audit.counts()}
    assert counts["title_duplicate"] == 4 and counts["duplicate_content"] == 3
    assert counts["redirect_loop"] == 2 and counts["orphan"] == 2
    assert counts["absent:ga"] > 0 and audit.counts()[0].explanation is not None
    for f in audit.findings():
        assert audit.finding(f.key) == f
    with pytest.raises(KeyError):
        audit.finding("nope")
    audit.set_thresholds(Thresholds(title_max=100))  # rebuilt from the records: counted again
    assert [(c.key, c.label, c.count, c.severity) for c in audit.counts()] == both()


def test_broken_links_csv_has_one_row_per_source_and_target(tmp_path: Path) -> None:
    audit = Audit()
    audit.add(records())
    rows = audit.broken_links()
    assert sorted((s.removeprefix(H), t.removeprefix(H)) for s, t, _ in rows) == [
        ("/", "/gone"),
        ("/", "http://ext.test/x"),
        ("/a", "/gone"),
    ]
    out = tmp_path / "broken.csv"
    assert write_broken_links_csv(out, broken_rows(rows, no_words)) == 3
    with out.open(encoding="utf-8-sig") as f:
        got = list(csv.reader(f))
    assert tuple(got[0]) == BROKEN_COLUMNS and got[1][2] == "404 Not Found"


def test_report_is_one_self_contained_file() -> None:
    audit = Audit()
    audit.add([*records(), page("/x<script>alert(1)</script>", title=None)])
    html = render(audit, "Audit of s.test")
    assert html.startswith("<!doctype html>") and html.count("<svg") == 3
    assert "<script>" not in html and "&lt;script&gt;" in html  # URLs are escaped
    assert "src=" not in html and "href=" not in html  # no external assets
    assert "Redirect loops: 2" in html and "/gone" in html


def test_an_external_url_is_never_an_on_page_finding() -> None:
    # An off-site page answers 200 text/html to the check, never parsed: it has no title, no
    # description and no H1 to miss (the demo's partner link counted as "Title missing" before).
    external = FetchRecord("http://ext.test/page", status=200, content_type=HTML, external=True)
    bare = page("/bare", title=None, meta_description=None, h1_count=0)
    audit = Audit()
    audit.add([external, bare])
    found = {f.key: f.urls for f in audit.findings()}
    for key in ("title_missing", "description_missing", "h1_missing"):
        assert found[key] == (bare.url,), key


def test_an_audit_that_keeps_no_records_finds_the_same() -> None:
    # The CLI feeds its audit once from the crawl file: the findings need a few facts per URL,
    # not its record.
    internal = lambda url: url.startswith(H)  # noqa: E731
    kept, lean = Audit(is_internal=internal), Audit(is_internal=internal, keep_records=False)
    kept.add(records())
    linked = {t for r in records() for t in (*r.links, r.next_url) if t}
    lean.linked = linked.__contains__
    lean.sources = lambda url: [r.url for r in records() if url in r.links]
    for rec in records():
        lean.add([rec.without_links()])
    assert lean.records == {} and lean.added == len(kept.records)
    assert lean.findings() == kept.findings()
    with pytest.raises(RuntimeError):  # too late to change what it was fed with
        lean.set_thresholds(Thresholds(title_max=10))


def test_a_deferred_audit_caught_up_in_parts_finds_the_same() -> None:
    # The window's Overview, hidden during a crawl: the records only counted, the indexes
    # rebuilt from the source a part at a time after it, or at once when asked.
    internal = lambda url: url.startswith(H)  # noqa: E731
    live = Audit(is_internal=internal)
    live.add(records())
    source: dict[str, FetchRecord] = {}
    deferred = Audit(is_internal=internal)
    deferred.source = source
    first, rest = records()[:8], records()[8:]
    source.update((r.url, r) for r in first)
    deferred.add(first)  # live: indexed as they come
    deferred.defer()
    source.update((r.url, r) for r in rest)
    deferred.add(rest)
    # Counted, not indexed: /gone (404) came after.
    assert deferred.added == live.added and "broken_internal" not in deferred._found
    assert not deferred.catch_up(5)  # a part
    source[H + "/late"] = late = page("/late", title=None)
    deferred.add([late])  # not among those the rebuild reads: indexed after them
    live.add([late])
    parts = 1
    while not deferred.catch_up(5):
        parts += 1
    assert parts == 4  # not begun again: 20 records read (the cancelled one not indexed)
    assert deferred.findings() == live.findings()
    deferred.defer()
    deferred.catch_up(5)
    assert deferred.counts() == live.counts()  # asked midway: finished at once


def test_a_finding_s_rows_are_its_items_or_else_its_urls() -> None:
    """The findings CSV's rows (finding, url, source, detail): a finding that says more than
    its URLs gives each thing it flags, a URL as often as it has them; the others a row per
    URL without source or detail."""
    from gui_crawler.records.findings import Finding, Item

    plain = Finding("slow", "Slow pages", (H + "/a", H + "/b"), 1)
    assert plain.rows() == (Item(H + "/a"), Item(H + "/b"))
    two = (Item(H + "/a", H + "/r1", "301 → /x"), Item(H + "/a", H + "/r2", "302 → /y"))
    linked = Finding("link_to_redirect", "Internal links to a redirect", (H + "/a",), 0, two)
    assert linked.count == 1 and linked.rows() == two
    assert [tuple(r) for r in linked.rows()][1] == (H + "/a", H + "/r2", "302 → /y")
