"""The auditor's checklist on one site (checklist_site.py): every problem planted once beside
decoys that must not be flagged. A crawl of it with the command line, its findings read as the
CLI reads them (from the crawl file, keeping no record) and from its records held in a list:
each finding flags exactly the URLs it was planted on, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from checklist_site import build, expected, found
from sites import Site, ThreadedSite

from gui_crawler.base.urls import Scope
from gui_crawler.cli.headless import FileRecords, main
from gui_crawler.events import FetchRecord
from gui_crawler.records.audit import Audit, Thresholds
from gui_crawler.records.report import Streamed, audit_of
from gui_crawler.storage import load

# Slow pages are the machine's doing, not the site's: the threshold is out of the way.
CALM = Thresholds(slow_seconds=600.0)


@pytest.fixture(scope="module")
def crawled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, set[str]], Site]:
    site = Site()
    folder = tmp_path_factory.mktemp("checklist")
    with ThreadedSite(site) as started:
        planted = build(started)
        db = folder / "c.sqlite3"
        code = main([started.url, "--db", str(db), "--no-external", "--max-tasks", "4", "-q"])
    assert code in (0, 1)  # broken links planted: the exit code says so
    return db, planted, site


def test_every_planted_problem_is_flagged_on_exactly_its_page(
    crawled: tuple[Path, dict[str, set[str]], Site],
) -> None:
    db, planted, _ = crawled
    saved = load(db)
    streamed = Streamed(FileRecords(db), saved.config, broken=True, findings=True, thresholds=CALM)
    assert found(streamed.audit.findings()) == expected(planted)
    kept = audit_of(saved.records, saved.config)
    kept.set_thresholds(CALM)
    assert found(kept.findings()) == expected(planted)
    assert streamed.audit.findings() == kept.findings()


def test_each_flagged_thing_says_its_other_end_and_its_evidence(
    crawled: tuple[Path, dict[str, set[str]], Site],
) -> None:
    db, _, site = crawled
    saved = load(db)
    audit = audit_of(saved.records, saved.config)
    rows = {f.key: sorted(tuple(i) for i in f.rows()) for f in audit.findings()}
    u = site.u
    assert rows["fragment_missing"] == [
        (u("/fragments"), u("/clean-1#nowhere"), "nowhere"),
        (u("/fragments"), u("/fragments#not-here"), "not here"),
    ]
    assert rows["img_missing_alt"] == [(u("/img/no-alt.png"), u("/no-alt"), "")]
    assert rows["img_alt_too_long"] == [(u("/img/long-alt.png"), u("/long-alt"), "120 characters")]
    assert rows["img_over_100kb"] == [(u("/img/heavy.png"), u("/heavy"), "150 KB")]
    assert rows["link_to_redirect"] == [(u("/to-redirect"), u("/old"), f"→ {u('/clean-1')}")]
    assert rows["canonical_non_200"] == [(u("/canonical-gone"), u("/gone"), "404 Not Found")]
    assert rows["canonical_chain"] == [
        (u("/canonical-chain"), u("/canonical-mid"), f"→ {u('/clean-1')}")
    ]
    assert rows["hreflang_missing_return"] == [(u("/hl-no-return"), u("/de"), "de")]
    assert rows["hreflang_non_200"] == [(u("/hl-gone"), u("/gone-es"), "404 Not Found")]
    [(a, b, alike), (b2, a2, _)] = rows["near_duplicate"]
    assert (
        {a, b} == {u("/near-a"), u("/near-b")} and (a, b) == (a2, b2) and alike.endswith("% alike")
    )
    assert rows["anchor_non_descriptive"] == [(u("/click-here"), u("/clean-2"), "Click here.")]
    assert rows["structured_data_missing_required"] == [
        (u("/product-incomplete"), "", "Product: review or aggregateRating or offers")
    ]
    assert rows["og_missing"] == [(u("/no-og-image"), "", "og:image")]
    assert rows["security_headers_missing"] == [
        (u("/no-security-headers"), "",
         "X-Content-Type-Options, X-Frame-Options or CSP frame-ancestors, Referrer-Policy")
    ]  # fmt: skip
    types = {
        r.url.removeprefix(u("")): r.structured_data for r in saved.records if r.structured_data
    }
    assert types == {
        "/clean-1": "Product",
        "/clean-2": "Article, BreadcrumbList, Thing",
        "/product-incomplete": "Product",
    }


def test_the_thresholds_move_the_findings(
    crawled: tuple[Path, dict[str, set[str]], Site],
) -> None:
    db, planted, site = crawled
    saved = load(db)
    audit = audit_of(saved.records, saved.config)
    audit.set_thresholds(Thresholds(slow_seconds=600.0, title_min=31, url_max=116, words_min=20))
    got = found(audit.findings())
    assert got["title_too_short"] == {*planted["title_too_short"], site.u("/clean-2")}
    assert got["url_over_115"] == set() and got["low_content"] == set()


def test_the_window_s_audit_counts_the_same_as_records_arrive(
    crawled: tuple[Path, dict[str, set[str]], Site],
) -> None:
    """The window's audit gets each record without its links as it comes, reads records back
    from its source and the pages linking to a URL from its link index, and is asked for its
    counts while the crawl runs: a target recorded after the page naming it settles what waited
    for it, one recorded before is looked for among the records."""
    db, planted, _ = crawled
    saved = load(db)
    records = saved.records
    shown: dict[str, FetchRecord] = {}
    audit = Audit(CALM, is_internal=Scope(saved.config.roots).host_ok)
    audit.source = shown
    audit.linked = lambda url: any(url in r.links for r in records)
    audit.sources = lambda url: [r.url for r in records if url in r.links]
    for rec in records:
        shown[rec.url] = rec.without_links()
        audit.add([shown[rec.url]])
        audit.counts()
    assert found(audit.findings()) == expected(planted)
    assert {c.key: c.count for c in audit.counts()} == {f.key: f.count for f in audit.findings()}
    audit.set_thresholds(CALM)  # rebuilt from the source: the same again
    assert found(audit.findings()) == expected(planted)
