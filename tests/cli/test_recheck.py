"""``gui-crawler crawl --recheck FILE``: the failures of a saved crawl fetched again, their records
replaced, their earlier answers kept in the file's history."""

from __future__ import annotations

from pathlib import Path

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli.headless import main as crawl_main
from gui_crawler.config import CrawlConfig
from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.session import CrawlSession
from gui_crawler.storage import CrawlStore, load
from gui_crawler.storage.fileformat import load_history


def test_a_recheck_fetches_the_failures_again_and_keeps_their_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = Site()
    db = tmp_path / "c.crawl"
    with ThreadedSite(site):
        site.page("/", ["/ok", "/flaky", "/gone", "/loop-a"])
        site.page("/ok")
        site.page("/flaky", status=500)
        site.redirect("/loop-a", "/loop-b")
        site.redirect("/loop-b", "/loop-a")
        assert (
            crawl_main([site.url, "--db", str(db), "--ignore-robots", "--no-sitemaps", "-q"]) == 1
        )
        first = {r.url: r for r in load(db).records}
        assert first[site.u("/loop-b")].error_kind == ErrorKind.REDIRECT_LOOP
        # Fixed since: /flaky answers, the loop now ends on a page; /gone is still missing.
        site.page("/flaky")
        site.redirect("/loop-b", "/ok")
        hits = dict(site.hits)
        code = crawl_main(["--recheck", str(db)])
    out = capsys.readouterr().out
    assert code == 1, out  # /gone is still broken
    assert "Re-checked 4 URLs: 3 fixed, 1 still failing" in out
    assert f"{site.u('/flaky')}  500 Internal Server Error → 200 OK" in out
    # Only the failures were fetched again (the loop from its first URL), nothing else.
    again = {path: n - hits.get(path, 0) for path, n in site.hits.items()}
    assert {p for p, n in again.items() if n} == {"/flaky", "/gone", "/loop-a", "/loop-b"}
    now = {r.url: r for r in load(db).records}
    assert set(now) == set(first)
    assert now[site.u("/flaky")].status == 200 and now[site.u("/gone")].status == 404
    assert now[site.u("/loop-a")].error_kind is None and now[site.u("/loop-b")].next_url == site.u(
        "/ok"
    )
    history = load_history(db)
    assert [e.status for e in history[site.u("/flaky")]] == [500]
    assert [e.error_kind for e in history[site.u("/loop-a")]] == [ErrorKind.REDIRECT_LOOP]
    assert set(history) == {site.u(p) for p in ("/flaky", "/gone", "/loop-a", "/loop-b")}


def test_a_cancelled_recheck_keeps_the_answers_it_had(tmp_path: Path) -> None:
    db = tmp_path / "c.crawl"
    url = "http://127.0.0.1:9/gone"
    store = CrawlStore.create(db, CrawlConfig(roots=(url,)).validated())
    store.sink(FetchRecord(url, status=404))
    store.close("finished")
    session = CrawlSession.recheck(db)
    assert session.store is not None and set(session.store.replacing) == {url}
    session.store.sink(FetchRecord(url, error_kind=ErrorKind.CANCELLED, exception="Cancelled"))
    session.close(None)
    [kept] = load(db).records
    assert kept.status == 404 and load_history(db) == {}


def test_recheck_is_a_start_of_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        crawl_main(["--recheck", "a.crawl", "http://127.0.0.1:9/"])
    assert "--recheck FILE" in capsys.readouterr().err
