"""A damaged settings file never keeps the window shut: each stored value is checked alone, a bad
one gives way to its default and is said once in the status bar, the good ones are kept.

The settings file is written as a person or a broken disk leaves it: INI text, the format
QSettings uses on Linux, in the test's own settings folder (``isolated_settings``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from gui_crawler.config import DEFAULT_USER_AGENT, CrawlConfig
from gui_crawler.ui.app import build_parser, run_window
from gui_crawler.ui.stored import StoredSettings, flag, number, shown, text, whole
from gui_crawler.window import MainWindow

D = CrawlConfig(roots=())
DAMAGED = r"""[crawl]
workers=999999999999
max_redirect=7
max_tries=lots
max_pages=250
max_depth=-3
exclude=(unclosed
include=\\.html$
strict=maybe
timeout=nan
user_agent=
per_host=2
delay=9999
ignore_robots=true
use_sitemaps=false
check_external=false
this line is not a setting
[broken section
\x00\xff

[overview]
thresholds=80, lots, 2.5, 99999999999999

[window]
geometry=not a geometry
main-splitter=@ByteArray(garbage)
"""


def write_settings(content: str) -> Path:
    path = Path(QSettings().fileName())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return path


@pytest.fixture
def damaged(isolated_settings: None) -> Iterator[Path]:
    yield write_settings(DAMAGED)


def test_a_damaged_settings_file_opens_the_window_with_the_good_values(
    qtbot: Any, loop: Any, damaged: Path
) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    problems = w.restore_state()
    w.show()
    qtbot.waitExposed(w)
    s, p = w.settings, w.settings.politeness
    # Kept: each good value, whatever stood next to it.
    assert s.max_redirect.value() == 7 and s.max_pages.value() == 250
    assert s.include.text() == r"\.html$"
    assert p.per_host.value() == 2
    assert p.ignore_robots.isChecked() and not p.use_sitemaps.isChecked()
    assert not p.check_external.isChecked()  # did turn back on when one line was bad
    # Replaced by the defaults.
    assert s.workers.value() == D.max_tasks and s.max_tries.value() == D.max_tries
    assert s.max_depth.value() == D.max_depth and s.exclude.text() == ""
    assert s.scope.currentIndex() == 0 and s.timeout.value() == D.timeout
    assert s.user_agent.text() == DEFAULT_USER_AGENT and p.delay.value() == D.delay
    t = w.overview.thresholds()
    assert (t.title_max, t.description_max, t.slow_seconds) == (80, 160, 2.5)
    assert t.large_bytes == 1024 * 1024
    assert w.overview.audit.thresholds == t
    assert s.error() is None and w.start_action.isEnabled()  # the form is valid: it can crawl
    # Said, each one, in one notice in the status bar.
    assert problems == [
        "overview/thresholds description_max=lots was not a whole number; using 160",
        "overview/thresholds large_bytes=99999999999999 was out of range (1024 to 1024000000); "
        "using 1048576",
        "window/geometry could not be read; using the default",
        "window/main-splitter could not be read; using the default",
        "workers=999999999999 was out of range (1 to 20000); using 10",
        "max_tries=lots was not a whole number; using 4",
        "max_depth=-3 was out of range (0 to 10000); using 0",
        "exclude=(unclosed was not a valid regular expression (missing ) at position 9); "
        "using none",
        "user_agent= was not one non-empty line; using " + DEFAULT_USER_AGENT,
        "strict=maybe was not true or false; using true",
        "timeout=nan was out of range (0.1 to 3600); using 10",
        "delay=9999 was out of range (0 to 3600); using 0",
    ]
    assert w.notice.isVisible() and w.notice.text() == "Settings: " + "; ".join(problems)
    assert w.notice.styleSheet()  # in the error colour

    # Said once: the defaults took the bad values' places in the file.
    w2 = MainWindow()
    qtbot.addWidget(w2)
    assert w2.restore_state() == []
    assert not w2.notice.isVisible()
    assert not w2.settings.politeness.check_external.isChecked()
    assert w2.settings.max_pages.value() == 250


def test_the_notice_stays_through_the_first_crawl(
    qtbot: Any, loop: Any, isolated_settings: None, live_site: Any
) -> None:
    live_site.fill_small(4)
    write_settings("[crawl]\nworkers=-1\ncheck_external=false\n")
    w = MainWindow()
    qtbot.addWidget(w)
    w.restore_state()
    w.show()
    said = "Settings: workers=-1 was out of range (1 to 20000); using 10"
    assert w.notice.text() == said
    w.url = live_site.url
    with qtbot.waitSignal(w.crawlFinished, timeout=10_000):
        assert w.start(), w.problem
        assert w.notice.text() == said  # starting clears the last notice, not this one
    assert w.notice.text() == said
    with qtbot.waitSignal(w.crawlFinished, timeout=10_000):
        assert w.start()
        assert not w.notice.isVisible()  # a crawl has ended since: cleared as any notice
    w.close()


def test_app_starts_the_crawl_despite_damaged_settings(
    run: Callable[..., Any],
    isolated_settings: None,
    live_site: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An invalid saved regex made --start refuse with exit 2, a huge worker count raised
    OverflowError before the window opened."""
    live_site.fill_small(4)
    write_settings("[crawl]\nworkers=999999999999\nexclude=(\ncheck_external=false\n")
    out = tmp_path / "out.csv"
    args = build_parser().parse_args([live_site.url, "--start", "--quit", "--export", str(out)])
    assert run(run_window(args), timeout=15_000) == 0
    assert out.exists()
    err = capsys.readouterr().err
    assert err.startswith("gui-crawler: Settings: workers=999999999999 was out of range")
    assert "exclude=( was not a valid regular expression" in err
    assert err.count("\n") == 1  # one line


def test_values_written_by_the_window_read_back_without_problems(
    qtbot: Any, loop: Any, isolated_settings: None
) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    w.settings.timeout.setValue(2.5)
    w.settings.user_agent.setText("agent, with a comma")
    w.overview.slow.setValue(3.5)
    w.close()
    w2 = MainWindow()
    qtbot.addWidget(w2)
    assert w2.restore_state() == []
    assert w2.settings.timeout.value() == 2.5
    assert w2.settings.user_agent.text() == "agent, with a comma"
    assert w2.overview.thresholds().slow_seconds == 3.5


class Dict(dict[str, Any]):
    def value(self, key: str) -> Any:
        return self.get(key)

    def setValue(self, key: str, value: Any) -> None:
        self[key] = value


def test_each_check_alone() -> None:
    assert whole("17", 1, 100) == (17, "") and whole(17, 1, 100) == (17, "")
    assert whole(" -3 ", -5, 5) == (-3, "")
    for bad in ("1.5", "", "1e3", True, None, [1], "0x10"):
        assert whole(bad, 0, 10**9)[0] is None, bad
    assert whole("101", 1, 100) == (None, "was out of range (1 to 100)")
    assert number("2.5", 0, 10) == (2.5, "") and number(3, 0, 10) == (3.0, "")
    for bad in ("inf", "-inf", "nan", "x", True):
        assert number(bad, 0, 10)[0] is None, bad
    assert [flag(v)[0] for v in ("true", "FALSE", "1", "0", True, False, 1)] == [
        True, False, True, False, True, False, True,
    ]  # fmt: skip
    assert flag("yes") == (None, "was not true or false")
    assert text("a") == ("a", "") and text(["a", "b"]) == ("a, b", "")
    assert text(3) == (None, "was not text")
    assert shown(["1", "2"]) == "1, 2" and shown("x" * 100) == "x" * 59 + "…"
    assert shown("a\nb") == "a\\nb"
    s = Dict(n="x", list=["1", "bad", "3"], short="1")
    read = StoredSettings(s)
    assert read.whole("n", 1, 9, 5) == 5 and s["n"] == 5  # the default stored in its place
    assert read.whole("absent", 1, 9, 5) == 5 and "absent" not in s  # nothing stored: no problem
    parts = [(name, lambda v: whole(v, 0, 9), 0) for name in ("a", "b", "c")]
    assert read.several("list", parts) == [1, 0, 3] and s["list"] == [1, 0, 3]
    assert read.several("short", parts) == [0, 0, 0]
    assert read.problems == [
        "n=x was not a whole number; using 5",
        "list b=bad was not a whole number; using 0",
        "short=1 was not 3 values; using the defaults",
    ]
