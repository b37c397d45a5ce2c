"""The headless CLI end to end: a real server in a thread, ``gui-crawler crawl`` in-process."""

from __future__ import annotations

import csv
import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest
from aiohttp import web
from sites import Site, ThreadedSite

from gui_crawler import engine
from gui_crawler.cli.headless import main
from gui_crawler.parsing import accel
from gui_crawler.records.export import COLUMNS


def small_site() -> Site:
    site = Site()
    site.page("/", ["/a", "/old", "/gone"])
    site.page("/a", ["/", "/b?x=1"])
    site.page("/b", [])
    site.redirect("/old", "/a", 301)

    async def formula(request: web.Request) -> web.StreamResponse:
        # A hostile server puts spreadsheet formulas wherever it can reach a CSV cell.
        return web.Response(
            body=b"x", headers={"Content-Type": "=cmd|' /C calc'!A0; charset=@SUM(1+1)"}
        )

    site.route("/b", formula)
    return site


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_report_exit_code_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_csv = tmp_path / "out.csv"
    with ThreadedSite(small_site()) as site:
        code = main([site.url, "--max_tasks", "3", "--csv", str(out_csv), "-v", "--no-db"])
    out = capsys.readouterr().out
    assert code == 1  # a broken link was found
    assert "Finished 5 urls in" in out and "(max_tasks=3)" in out
    assert "Todo: 0" in out and "Done: 5" in out
    assert f"{site.u('/old')} 301 redirect {site.u('/a')}" in out
    assert f"{site.u('/gone')}  404  <- {site.u('/')}" in out
    rows = read_csv(out_csv)
    assert tuple(rows[0]) == COLUMNS
    by_url = {r["url"]: r for r in rows}
    assert len(rows) == 5 == len(by_url)
    assert by_url[site.u("/gone")]["status"] == "404"
    assert by_url[site.u("/gone")]["referrer"] == site.u("/")
    assert by_url[site.u("/old")]["redirect_to"] == site.u("/a")
    b = by_url[site.u("/b?x=1")]
    assert b["content_type"].startswith("'=") and b["encoding"].startswith("'@")


def test_clean_site_exits_zero_and_quiet_prints_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    site = Site()
    site.page("/", ["/a"])
    site.page("/a", [])
    with ThreadedSite(site):
        assert main([site.url, "-q", "--no-db"]) == 0
    assert capsys.readouterr().out.strip() == "Finished 2 urls, 0 broken"


def test_the_command_line_makes_no_worker_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing on the command line shows the workers: their events (a few a URL) are not made."""
    made: list[object] = []
    monkeypatch.setattr(engine, "WorkerEvent", lambda *a: made.append(a))
    site = Site()
    site.page("/", ["/a"])
    site.page("/a", [])
    with ThreadedSite(site):
        assert main([site.url, "-q", "--no-db"]) == 0
    assert made == []


def test_what_lives_before_the_crawl_is_frozen_while_it_runs_and_only_then() -> None:
    """The objects alive when the crawl starts are no full collection's work while it runs
    (gc.freeze), and are collected as before once main returns (main runs in this process)."""
    frozen: list[int] = []

    async def page(request: web.Request) -> web.StreamResponse:
        frozen.append(gc.get_freeze_count())  # this server's thread, in the crawl's process
        return web.Response(text="<a href=/a>a</a>", content_type="text/html")

    site = Site()
    site.route("/", page)
    site.page("/a", [])
    with ThreadedSite(site):
        assert main([site.url, "-q", "--no-db"]) == 0
    assert frozen and frozen[0] > 10_000, frozen  # the modules, at least
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ftp://example.com/"], "unsupported scheme"),
        (["http://exa mple.com/"], "not a URL"),
        # named as typed (the flag), not as the crawl's options call it (exclude, max_tasks)
        (["http://a.example/", "--exclude", "("], "--exclude is not a valid regular expression"),
        (["http://a.example/", "--max_tasks", "0"], "--max-tasks must be between"),
        (["http://a.example/", "--max-depth", "-2"], "--max-depth must be between"),
        ([], "give one or more URLs"),
    ],
)
def test_bad_input_is_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_unwritable_csv_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = Site()
    site.page("/", [])
    with ThreadedSite(site):
        code = main([site.url, "--no-db", "--csv", str(tmp_path / "no" / "such" / "dir.csv")])
    assert code == 2  # checked before the crawl: nothing was fetched for a CSV never written
    assert not site.hits
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.skipif(not accel.compiled("pagewalk"), reason="the pure-Python parser needs it")
def test_the_command_line_starts_without_the_pure_scan() -> None:
    """With the C parser, the pure scan's module (~20 ms of regexes compiled at import, a tenth of
    the command line's start) is imported only by a page too complex to parse."""
    code = "import sys, gui_crawler.cli.headless; print('_pagescan_py' in str(list(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def imported_by_a_crawl(site: Site, args: list[str], modules: tuple[str, ...]) -> list[str]:
    """Those of ``modules`` (named with or without ``gui_crawler.``) that a crawl of ``site``
    with ``args`` (and a crawl file) imports, in a fresh interpreter; the crawl exits 1 (a broken
    link)."""
    with ThreadedSite(site) as served:
        code = (
            "import json, sys; from gui_crawler.cli.headless import main; "
            f"code = main([{served.url!r}, '-q', *{args!r}]); "
            f"print(code, json.dumps([m for m in {modules!r} if {{m, 'gui_crawler.' + m}} & sys.modules.keys()]))"
        )
        run = [sys.executable, "-c", code]
        out = subprocess.run(run, capture_output=True, text=True, check=True, timeout=60)
    code, _, imported = out.stdout.splitlines()[-1].partition(" ")
    assert code == "1"
    return json.loads(imported)


def test_a_plain_crawl_imports_no_output_it_does_not_write(tmp_path: Path) -> None:
    """A crawl with its crawl file and the report reads no URL list, writes no audit, CSV or
    summary document and is given no regex: those modules (5-13% of the command line's start)
    are not imported."""
    unused = ("records.report", "records.audit", "records.ci_summary", "crawl.urllist", "regex")
    db = str(tmp_path / "c.sqlite3")
    assert imported_by_a_crawl(small_site(), ["--db", db], unused) == []


def test_a_plain_crawl_imports_nothing_only_options_it_lacks_use(tmp_path: Path) -> None:
    """Without parser processes, robots.txt or sitemaps, a crawl imports none of their modules
    (multiprocessing, protego, the sitemaps' reader), nor statistics (one median at the crawl's
    end)."""
    unused = (
        "multiprocessing",
        "concurrent.futures.process",
        "protego",
        "crawl.sitemaps",
        "statistics",
    )
    site = Site()
    many = [
        f"/p{i}" for i in range(60)
    ]  # pages over the inline parse's 1 KB: the parser threads run
    site.page("/", [*many, "/gone"])
    for path in many:
        site.page(path, ["/"])
    args = ["--ignore-robots", "--no-sitemaps", "--db", str(tmp_path / "c.sqlite3")]
    assert imported_by_a_crawl(site, args, unused) == []
