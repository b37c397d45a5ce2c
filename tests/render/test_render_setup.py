"""What a crawl with ``--render`` says before it starts when it cannot render (no browser, no
Playwright, a bad --render-match): one line, exit code 2, no crawl file. Runs without Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui_crawler.cli import headless as cli
from gui_crawler.render import browser


def test_no_browser_stops_the_crawl_before_it_starts_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite3"
    code = cli.main(["http://127.0.0.1:9/", "--render", "all", "--browser", str(tmp_path / "no"),
                     "--db", str(db)])  # fmt: skip
    assert code == cli.EXIT_USAGE
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"gui-crawler: --render needs a browser: {tmp_path / 'no'} is not a program: give the "
        "path of Chromium or Chrome"
    ]
    assert not db.exists()
    # Without --render nothing is asked of the browser.
    assert browser.problem("off", str(tmp_path / "no")) is None


def test_without_playwright_or_chromium_the_line_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(browser, "has_playwright", lambda: False)
    monkeypatch.setattr(browser, "find_browser", lambda path=None: None)
    said = browser.problem("auto", None)
    assert said == (
        "--render needs a browser: pip install 'gui_crawler[render]' (Playwright drives the "
        "browser); and install Chromium (Debian/Ubuntu: apt-get install chromium) or give its "
        "path with --browser"
    )


def test_a_browser_that_does_not_start_keeps_every_page_as_sent_said_once(tmp_path: Path) -> None:
    """A program that is no Chromium (or a browser broken since the crawl began): one notice,
    every page recorded as sent (its links followed), not a crawler failure per page."""
    pytest.importorskip("playwright")
    import asyncio

    from sites import Sink, Site

    from gui_crawler.config import CrawlConfig
    from gui_crawler.engine import Crawler

    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\necho 'not a browser' >&2\nexit 1\n")
    fake.chmod(0o755)

    async def main() -> Sink:
        site = Site()
        site.page("/", ["/a", "/b"])
        site.page("/a", ["/b"])
        site.page("/b")
        async with site:
            sink = Sink()
            config = CrawlConfig(roots=(site.url,), render="all", browser=str(fake),
                                 ignore_robots=True, use_sitemaps=False, check_external=False)  # fmt: skip
            finished = await asyncio.wait_for(Crawler(config, sink).run(), 60)
            assert finished.reason == "done"
            assert set(sink.records) == {site.url, site.u("/a"), site.u("/b")}
        return sink

    sink = asyncio.run(main())
    for rec in sink.records.values():
        assert rec.status == 200 and rec.error_kind is None and not rec.rendered
        assert "the browser could not be started" in (rec.note or "")
    stopped = [n for n in sink.notices if n.startswith("JavaScript rendering stopped")]
    assert len(stopped) == 1


def test_a_bad_render_match_or_mode_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--render-match", "("], ["--render", "sometimes"]):
        with pytest.raises(SystemExit) as e:
            cli.main(["http://127.0.0.1:9/", "--render", "all", *argv])
        assert e.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "--render-match is not a valid regular expression" in err
    assert "invalid choice: 'sometimes'" in err


def test_only_a_route_keeps_its_fragment() -> None:
    from gui_crawler.base.urls import route_url

    assert route_url("HTTP://Site.test:80/docs/#/quick start") == (
        "http://site.test/docs/#/quick%20start"
    )
    assert route_url("http://site.test/#!/x?y=1") == "http://site.test/#!/x?y=1"
    for plain in ("http://site.test/#section", "http://site.test/", "http://site.test/#", "x#/a"):
        assert route_url(plain) is None, plain


@pytest.mark.parametrize(
    ("html", "shell"),
    [
        ("<div id=root></div><script src=/app.js></script>", True),
        ("<body><app-root></app-root><script src=main.js></script>", True),
        ('<div id="__next">' + "<p>word</p>" * 120 + "</div><script>1</script>", True),
        ("<noscript>Please enable JavaScript to view this site.</noscript>" + "w " * 300, True),
        ("<script>window.$docsify = {}</script>" + "w " * 300, True),
        ('<div id="__next">' + "<p>word</p>" * 400 + "</div>", False),  # server-rendered
        ("<h1>Docs</h1><p>" + "word " * 400 + "</p><script>var a;</script>", False),
        ("<p>Short page, no script.</p>", False),
    ],
)
def test_which_pages_auto_renders(html: str, shell: bool) -> None:
    from gui_crawler.parsing.links import parse_page
    from gui_crawler.render.shell import looks_like_shell

    body = f"<!doctype html><html><body>{html}</body></html>".encode()
    assert looks_like_shell(body, parse_page(body, "utf-8", "http://site.test/")) is shell
