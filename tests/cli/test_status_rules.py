"""``--accept-status`` and ``--warn`` (#39.6): statuses counted ok and URLs only warned of, kept
with the crawl's options, so that a resume, a re-check and the window opening the file judge
its records as the crawl did; and changed on a resume, judged anew everywhere."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli.headless import EXIT_BROKEN, EXIT_OK, main
from gui_crawler.config import CrawlConfig
from gui_crawler.events import FetchRecord
from gui_crawler.storage import CrawlStore, load

RULES = ["--accept-status", "403,999", "--warn", "/li/"]


def rules_site() -> Site:
    site = Site()
    site.page("/", ["/ok", "/forbidden", "/gone", "/li/x", "/wall"])
    site.page("/ok")
    site.html("/forbidden", "no", status=403)  # accepted: ok
    site.html("/wall", "no bots", status=999)  # accepted: ok, not blocked
    site.html("/li/x", "gone", status=410)  # broken, but matches --warn: a warning
    return site  # and /gone: 404, broken


def crawl(*argv: str) -> list[str]:
    return [*argv, "--max-tries", "1", "--no-sitemaps", "--ignore-robots", "--timeout", "5"]


def verdicts(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return {re.sub(r"^http://[^/]+", "", r["url"]): r["verdict"] for r in csv.DictReader(f)}


def test_the_rules_judge_the_crawl_and_its_file_keeps_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, pages = tmp_path / "c.sqlite3", tmp_path / "pages.csv"
    with ThreadedSite(rules_site()) as site:
        assert isinstance(site, Site)
        code = main(crawl(site.url, *RULES, "--db", str(db), "--csv", str(pages), "-q"))
        out = capsys.readouterr().out
        assert code == EXIT_BROKEN  # /gone
        assert out.startswith("Finished 6 urls, 1 broken, 1 warning\n"), out
        assert verdicts(pages) == {"/": "ok", "/ok": "ok", "/forbidden": "ok", "/wall": "ok",
                                   "/gone": "broken", "/li/x": "warning"}  # fmt: skip
        saved = load(db).config
        assert (saved.accept_status, saved.warn) == ("403,999", "/li/")
        # Fixed since: /gone answers. A re-check fetches the broken and the warned URL again,
        # never the accepted ones, and judges by the rules the file keeps: only a warning left.
        site.page("/gone")
        code = main(["--recheck", str(db), "--csv", str(pages)])
        out = capsys.readouterr().out
    assert code == EXIT_OK, out
    assert "Re-checked 2 URLs: 1 fixed, 1 still failing" in out
    assert "Found: 0 broken, 1 warning\n" in out
    assert "Warnings: 1 — " in out and f"  {site.u('/li/x')}  410  <- {site.url}" in out
    assert site.hits["/forbidden"] == site.hits["/wall"] == 1
    # A resume of the finished crawl: the same judgement, from the file's options.
    assert main(["--resume", str(db), "-q"]) == EXIT_OK
    assert capsys.readouterr().out.startswith("Finished 6 urls, 0 broken, 1 warning\n")
    # Given again on a resume, they change: the warning is broken once --warn is another.
    assert main(["--resume", str(db), "--warn", "nothing", "-q", "--csv", str(pages)]) == (
        EXIT_BROKEN
    )
    assert capsys.readouterr().out.startswith("Finished 6 urls, 1 broken\n")
    assert verdicts(pages)["/li/x"] == "broken"


def test_a_bad_status_list_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["http://127.0.0.1:9/", "--accept-status", "403,4xx", "--no-db"])
    assert e.value.code == 2
    assert "--accept-status must be statuses such as 403, 429, 500-599: '4xx'" in (
        capsys.readouterr().err
    )


def test_the_window_opening_the_file_judges_by_its_rules(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    db, h = tmp_path / "c.sqlite3", "http://s.test"
    config = CrawlConfig(roots=(h + "/",), accept_status="403,999", warn="/li/").validated()
    store = CrawlStore.create(db, config)
    links = tuple(h + p for p in ("/forbidden", "/gone", "/li/x", "/wall"))
    store.sink(FetchRecord(h + "/", status=200, content_type="text/html", links=links))
    for url, status in zip(links, (403, 404, 410, 999), strict=True):
        store.sink(FetchRecord(url, status=status, referrer=h + "/"))
    store.close("finished")
    assert window.open_crawl(db)
    qtbot.waitUntil(lambda: window.controller.replay.rest is None, timeout=5000)
    assert window.results.pages.rowCount() == 5
    qtbot.waitUntil(lambda: window.stat_labels["broken"].text() == "Broken 1", timeout=5000)
    assert window.broken_view.model().rowCount() == 1
    s = window.settings  # the settings show the crawl's rules
    assert (s.checking.accept_status.text(), s.checking.warn.text()) == ("403,999", "/li/")
    window.overview.refresh()
    got = {f.key: f.urls for f in window.overview.audit.findings()}
    assert got["warning"] == (h + "/li/x",) and got["broken_internal"] == (h + "/gone",)
    assert got["blocked"] == ()  # the 999 is accepted
