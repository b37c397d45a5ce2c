"""Custom extraction and search: a column and an Overview finding each, from a real crawl."""

from __future__ import annotations

import asyncio
import csv
import tracemalloc
from pathlib import Path

import pytest
from crawling import crawl
from sites import Site, ThreadedSite

from gui_crawler import engine
from gui_crawler.cli.headless import main as crawl_main
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.parsing.extract import Extractor, parse_rule, values
from gui_crawler.records.audit import Audit
from gui_crawler.records.report import audit_of
from gui_crawler.storage import load

RULES = [
    "--extract", "price=css:.price",
    "--extract", "sku=css:[data-sku]@data-sku",
    "--extract", "author=xpath://meta[@name='author']/@content",
    "--extract", "year=regex:©\\s*(\\d{4})",
    "--search", "old=Acme Old",
    "--search-absent", "ga=regex:gtag\\(",
]  # fmt: skip


def shop() -> Site:
    site = Site()
    site.html("/", '<a href="/p1">p1</a><a href="/p2">p2</a><a href="/about">about</a>'
              "<script>gtag('config')</script>© 2024")  # fmt: skip
    site.html(
        "/p1",
        '<head><meta name="author" content="Ann"></head><body>'
        '<span class="price"> 12,50 <b>EUR</b></span><div data-sku="A-1">x</div>'
        "Acme Old and Acme Old again <script>gtag('x')</script></body>",
    )
    site.html("/p2", '<span class="price">=1+1</span> © 2025')
    site.html("/about", "<p>about us</p>")
    return site


def test_every_rule_is_a_column_and_a_finding(tmp_path: Path) -> None:
    db, out = tmp_path / "c.crawl", tmp_path / "pages.csv"
    with ThreadedSite(shop()) as site:
        code = crawl_main([site.url, "--db", str(db), "--csv", str(out), "--ignore-robots",
                           "--no-sitemaps", "-q", *RULES])  # fmt: skip
    assert code == 0
    with out.open(encoding="utf-8-sig", newline="") as f:
        rows = {r["url"].removeprefix(site.url): r for r in csv.DictReader(f)}
    p1, p2, home = rows["p1"], rows["p2"], rows[""]
    assert p1["extract:price"] == "12,50 EUR" and p1["extract:sku"] == "A-1"
    assert p1["extract:author"] == "Ann" and p1["search:old"] == "2"
    assert p2["extract:price"] == "'=1+1"  # formula-safe, as every cell
    assert (home["extract:year"], p2["extract:year"], p1["extract:year"]) == ("2024", "2025", "")
    assert (home["absent:ga"], rows["about"]["absent:ga"]) == ("1", "0")
    # The crawl file keeps the values and the rules: its audit has the findings.
    saved = load(db)
    found = {f.key: {u.removeprefix(site.url) for u in f.urls} for f in
             audit_of(saved.records, saved.config).findings()}  # fmt: skip
    assert found["extract:price"] == {"", "about"}
    assert found["search:old"] == {"p1"}
    assert found["absent:ga"] == {"p2", "about"}
    assert values(next(r for r in saved.records if r.url.endswith("/p1")).extracted)["sku"] == "A-1"


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("price", "must be NAME=…"),
        ("price=css:div[[", "not a CSS selector"),
        ("price=xpath://a[", "not an XPath expression"),
        ("price=regex:(", "not a valid regular expression"),
        ("price=jq:.x", "css:SELECTOR, xpath:EXPR or regex:PATTERN"),
    ],
)
def test_a_rule_that_does_not_compile_is_refused_before_the_crawl(rule: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words.replace("[", r"\[")):
        CrawlConfig(roots=("http://127.0.0.1:9/",), extract=(rule,)).validated()


def test_two_rules_of_one_name_are_refused() -> None:
    with pytest.raises(ConfigError, match="given twice"):
        CrawlConfig(roots=("http://a.test/",), extract=("x=css:a",), search=("x=b",)).validated()


def test_values_are_bounded_and_an_empty_page_matches_nothing() -> None:
    extractor = Extractor([parse_rule("all=regex:(.*)"), parse_rule("t=xpath://title")])
    assert len(values(extractor.run("x" * 5000)[0])["all"]) == 1000
    assert values(extractor.run("")[0]) == {"all": "", "t": ""}


def test_a_page_too_complex_to_parse_is_not_queried_by_css_or_xpath() -> None:
    # 2,000 distinct unclosed <b> then 2,000 paragraphs: a tree of 4 million elements (about
    # 1.5 GB) had a CSS rule parsed it whole; the page scan says it is too complex, and so the
    # rules that need a tree find nothing there while the regexes and searches still read it.
    bomb = "<div>" + "".join(f"<b id=b{i}>" for i in range(2000)) + "</div>" + "<p>x" * 2000
    site = Site()
    site.html("/", '<a href="/bomb">bomb</a><h1>Home</h1>')
    site.html("/bomb", bomb + "<h1>deep</h1>")
    tracemalloc.start()
    try:
        with ThreadedSite(site) as s:
            rules = dict(extract=("h1=css:h1",), search=("p=<p>",))
            records = asyncio.run(crawl(s.url, plain=True, **rules)).records
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    bombed = records[s.u("/bomb")]
    assert bombed.note is not None and "too complex" in bombed.note
    assert "CSS and XPath rules not run" in bombed.note
    assert values(bombed.extracted) == {"p": "2000"}  # the CSS rule not run: no value at all
    assert values(records[s.u("/")].extracted)["h1"] == "Home"
    assert peak < 200 * 2**20  # the Python side; lexbor's tree would be outside it anyway
    audit = Audit()
    audit.rules = [parse_rule("h1=css:h1")]
    audit.add(records.values())
    assert audit.finding("extract:h1").urls == ()  # not run there is no "nothing extracted"


def test_css_and_xpath_query_a_page_of_more_tags_than_a_parse_takes_in_one_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page of more than 15,000 tags (the Python docs' argparse.html has ~34,000) is parsed in
    pieces, and was not queried at all: its CSS and XPath values were empty, and the Overview
    said the site lacked them. It is queried whole now, one such page at a time; past
    MAX_QUERY_TAGS it is not, and its note says so."""
    big = "<title>Big</title>" + "<p>x</p>" * 20_000 + '<h1 class="end">The end</h1>'
    site = Site()
    site.html("/", '<a href="/big">big</a><a href="/bigger">bigger</a><h1 class="end">Home</h1>')
    site.html("/big", big)
    site.html("/bigger", big + "<p>x</p>" * 10_000)
    monkeypatch.setattr(engine, "MAX_QUERY_TAGS", 50_000)
    rules = dict(extract=("end=css:h1.end", "last=xpath://h1/text()"), search=("p=<p>",))
    with ThreadedSite(site) as s:
        records = asyncio.run(crawl(s.url, plain=True, **rules)).records
    big_page, bigger = records[s.u("/big")], records[s.u("/bigger")]
    assert big_page.note is None
    assert values(big_page.extracted) == {"end": "The end", "last": "The end", "p": "20000"}
    assert values(bigger.extracted) == {"p": "30000"}
    assert (
        bigger.note
        == "CSS and XPath rules not run (60,004 tags, more than 50,000): their values left out"
    )
    audit = Audit()
    audit.rules = Extractor.of(rules["extract"], rules["search"], ()).rules
    audit.add(records.values())
    assert audit.finding("extract:end").urls == audit.finding("extract:last").urls == ()
