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


def test_a_bad_render_match_or_mode_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--render-match", "("], ["--render", "sometimes"]):
        with pytest.raises(SystemExit) as e:
            cli.main(["http://127.0.0.1:9/", "--render", "all", *argv])
        assert e.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "render_match is not a valid regular expression" in err
    assert "invalid choice: 'sometimes'" in err
