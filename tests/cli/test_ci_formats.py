"""``gui-crawler crawl --format json|junit|markdown`` (#39.7): the summary for CI pipelines on
standard output, parsed back (json.loads, xml.etree), the same crawl and exit codes as the text
summary; ``-q`` lists what fails, the default what the text summary lists, ``-v`` every URL."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sites import Site, ThreadedSite

from gui_crawler import options
from gui_crawler.cli.headless import EXIT_BROKEN, EXIT_OK, main
from gui_crawler.events import CrawlFinished, FetchRecord
from gui_crawler.records.ci_summary import WRITERS, Listed, Summary, to_json, to_junit, to_markdown
from gui_crawler.records.verdicts import Tally, Verdict

DATA = Path(__file__).parent / "data"


@pytest.fixture
def crawl_file(tmp_path: Path) -> Path:
    """A finished crawl of the outputs' site (tests/cli/outputs_site.py): 9 broken, 55 blocked,
    7 ok, 2 redirects; resumed, nothing is fetched."""
    db = tmp_path / "c.sqlite3"
    shutil.copy(DATA / "outputs.sqlite3", db)
    return db


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def host(url: str) -> str:
    return re.sub(r"^http://127\.0\.0\.1:\d+", "", url)


def test_the_formats_are_the_option_tables() -> None:
    assert set(options.option("format").values()) == {"text", *WRITERS}


def test_json_lists_each_url_not_ok_with_every_page_linking_to_it(
    crawl_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text, _ = run(capsys, "--resume", str(crawl_file), "-q")
    code_json, out, err = run(capsys, "--resume", str(crawl_file), "--format", "json")
    assert code == code_json == EXIT_BROKEN
    doc = json.loads(out)  # standard output holds the document alone
    assert "Crawl file:" in err and "Finished" not in out
    assert doc["schema"] == 1 and doc["passed"] is False
    assert doc["crawl"]["exit_code"] == EXIT_BROKEN and doc["crawl"]["urls"] == 73
    assert doc["crawl"]["crawl_file"] == str(crawl_file)
    assert set(doc["counts"]) == {v.value for v in Verdict}
    assert {k: n for k, n in doc["counts"].items() if n} == {
        "ok": 7, "redirect": 2, "broken": 9, "blocked": 55}  # fmt: skip
    assert text.startswith("Finished 73 urls, 9 broken, 55 blocked\n")  # as the text says
    urls = doc["urls"]
    assert [u["verdict"] for u in urls] == ["broken"] * 9 + ["blocked"] * 55
    gone = next(u for u in urls if host(u["url"]) == "/gone")
    assert gone["status"] == 404 and gone["answer"] == "404 Not Found"
    assert [host(s) for s in gone["sources"]] == ["/", "/a.html"]  # every page, crawl order
    loop = next(u for u in urls if host(u["url"]) == "/loop1")
    assert [host(s) for s in loop["sources"]] == ["/a.html", "/loop2"]  # a redirect too
    # -q: what fails the crawl; -v: every URL checked.
    _, quiet, _ = run(capsys, "--resume", str(crawl_file), "--format", "json", "-q")
    assert {u["verdict"] for u in json.loads(quiet)["urls"]} == {"broken"}
    _, verbose, _ = run(capsys, "--resume", str(crawl_file), "--format", "json", "-v")
    every = json.loads(verbose)["urls"]
    assert len(every) == 73 and [u["verdict"] for u in every][-9:] == ["ok"] * 7 + ["redirect"] * 2


# Jenkins' JUnit schema (xunit-plugin's junit-10.xsd), the strictest of those CI tools read:
# each element's attributes, those required, and its children.
SCHEMA: dict[str, tuple[set[str], set[str], set[str]]] = {
    "testsuites": ({"name", "time", "tests", "failures", "errors"}, set(), {"testsuite"}),
    "testsuite": (
        {
            "name",
            "tests",
            "failures",
            "errors",
            "group",
            "time",
            "skipped",
            "timestamp",
            "hostname",
            "id",
            "package",
            "file",
            "log",
            "url",
        },
        {"name", "tests", "failures", "errors"},
        {"testsuite", "properties", "testcase", "system-out", "system-err"},
    ),
    "properties": (set(), set(), {"property"}),
    "property": ({"name", "value"}, {"name", "value"}, set()),
    "testcase": (
        {"name", "time", "classname", "group"},
        {"name"},
        {"skipped", "error", "failure", "system-out", "system-err"},
    ),
    **{tag: ({"type", "message"}, set(), set()) for tag in ("failure", "error", "skipped")},
}
TIME = re.compile(r"(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?")  # its SUREFIRE_TIME


def valid_junit(text: str) -> ET.Element:
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(text.encode())
    assert root.tag == "testsuites"
    for el in root.iter():
        allowed, required, children = SCHEMA[el.tag]
        assert set(el.attrib) <= allowed and required <= set(el.attrib), el.tag
        assert {c.tag for c in el} <= children, el.tag
        if "time" in el.attrib:
            assert TIME.fullmatch(el.attrib["time"]), el.attrib["time"]
    for suite in [root, *root.iter("testsuite")]:
        cases = list(suite.iter("testcase"))
        assert int(suite.attrib["tests"]) == len(cases)
        for outcome, count in (("failure", "failures"), ("error", "errors")):
            assert int(suite.attrib[count]) == sum(len(c.findall(outcome)) for c in cases)
    return root


def test_junit_has_a_failing_testcase_per_broken_link_and_is_valid(
    crawl_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--resume", str(crawl_file), "--format", "junit")
    assert code == EXIT_BROKEN
    root = valid_junit(out)
    [suite] = root.findall("testsuite")
    props = {p.attrib["name"]: p.attrib["value"] for p in suite.iter("property")}
    assert props["count.broken"] == "9" and props["exit_code"] == "1" and props["urls"] == "73"
    failed = {
        (host(c.attrib["classname"]), host(c.attrib["name"])): c.find("failure")
        for c in suite.iter("testcase")
        if c.find("failure") is not None
    }
    # One per (page, link): /gone is linked from two pages, a loop from a page and its twin.
    assert ("/", "/gone") in failed and ("/a.html", "/gone") in failed
    assert len(failed) == int(suite.attrib["failures"]) == 11
    gone = failed[("/", "/gone")]
    assert gone is not None and gone.attrib == {
        "message": "broken: 404 Not Found",
        "type": "broken",
    }
    assert int(suite.attrib["skipped"]) == 55  # blocked: neither passed nor failed
    # -q: the failures alone.
    _, quiet, _ = run(capsys, "--resume", str(crawl_file), "--format", "junit", "-q")
    assert {len(c) for c in valid_junit(quiet).iter("testcase")} == {1}
    assert valid_junit(quiet).find("testsuite").attrib["tests"] == "11"  # type: ignore[union-attr]


def test_a_clean_crawl_exits_0_with_one_passed_testcase(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = Site()
    site.page("/", ["/a", "/li/x"])
    site.page("/a", ["/"])
    site.html("/li/x", "gone", status=404)
    with ThreadedSite(site) as s:
        argv = [s.url, "--no-db", "--max-tries", "1", "--ignore-robots", "--no-sitemaps"]
        code, out, err = run(capsys, *argv, "--warn", "/li/", "--format", "junit", "-q")
        assert code == EXIT_OK and err == ""
        [case] = valid_junit(out).iter("testcase")
        assert case.attrib["name"] == f"crawl of {s.url}" and len(case) == 0
        # The default lists the warning (skipped, not failed); markdown says it too.
        code, out, _ = run(capsys, *argv, "--warn", "/li/", "--format", "junit")
        [case] = valid_junit(out).iter("testcase")
        assert case.attrib["name"] == s.u("/li/x") and case.attrib["classname"] == s.url
        assert case.find("skipped").attrib["message"] == "warning: 404 Not Found"  # type: ignore[union-attr]
        code, md, _ = run(capsys, *argv, "--warn", "/li/", "--format", "markdown")
    assert code == EXIT_OK
    assert md.startswith("## gui-crawler link check: 0 broken, 1 warning\n")
    assert "exit code 0: **passed**" in md
    assert "| Warnings | 1 |" in md and "### Warnings (1)" in md
    assert f"| `{s.u('/li/x')}` | 404 Not Found | `{s.url}` |" in md


def test_markdown_lists_each_verdict_in_a_table(
    crawl_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, md, _ = run(capsys, "--resume", str(crawl_file), "--format", "markdown")
    assert code == EXIT_BROKEN
    assert md.startswith("## gui-crawler link check: 9 broken, 55 blocked\n")
    assert "| Broken | 9 |" in md and "| OK | 7 |" in md
    assert "### Broken (9)" in md and "### Blocked (55)" in md and "### OK" not in md
    rows = [line for line in md.splitlines() if "/gone`" in line]
    assert len(rows) == 1 and rows[0].count("`http://") == 3  # the URL and its two pages
    # Every table row has as many cells as its header: no | of a URL splits one.
    for line in md.splitlines():
        if line.startswith("| `"):
            assert len(re.split(r"(?<!\\)\|", line)) == 5, line


def test_odd_characters_keep_each_format_whole() -> None:
    # A | would split a Markdown cell, a ` end its code span; a control character is no XML.
    odd = "http://h.test/a|b`c"
    listed = [Listed(odd, Verdict.BROKEN, 404, "404 Not \x01Found", 0.5, ("http://h.test/<p>",))]
    summary = Summary(("http://h.test/",), CrawlFinished("done", 2, 0, 1.0),
                      Tally([FetchRecord(odd, status=404)]), 1, None, listed)  # fmt: skip
    md = to_markdown(summary)
    [row] = [line for line in md.splitlines() if line.startswith("| ``")]
    assert row == "| ``http://h.test/a\\|b`c`` | 404 Not \x01Found | `http://h.test/<p>` |"
    case = valid_junit(to_junit(summary)).find("testsuite/testcase")
    assert case is not None and case.attrib["name"] == odd
    assert case.find("failure").attrib["message"] == "broken: 404 Not \ufffdFound"  # type: ignore[union-attr]
    assert json.loads(to_json(summary))["urls"][0]["url"] == odd
