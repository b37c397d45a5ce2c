"""Small mistakes on the command line and unwritable output end in a plain message and an error
exit, never in a quiet demo crawl or in exit 0 beside a partial file. The full disk is a 64 KB
tmpfs (mounting needs root: skipped otherwise) and, anywhere, a CSV writer that fails part-way
with ENOSPC.
"""

from __future__ import annotations

import csv
import errno
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.records import export
from gui_crawler.ui import app


@pytest.mark.parametrize(
    "argv",
    [["--open", "", "--start"], ["--open", " "], ["http://h.test/", "--export", ""]],
)
def test_an_empty_file_name_is_a_usage_error_for_the_window(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        app.parse_args(argv)
    assert exit_.value.code == app.EXIT_USAGE
    option = argv[argv.index("--open" if "--open" in argv else "--export")]
    assert f"error: {option} needs a file name" in capsys.readouterr().err


def test_workers_out_of_range_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        app.parse_args(["--workers", "999999999999"])  # OverflowError in the spin box before
    assert exit_.value.code == app.EXIT_USAGE
    assert "--workers must be between 1 and 20000" in capsys.readouterr().err
    assert app.parse_args(["--workers", "20000"]).workers == 20_000


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["--resume", ""], "--resume"),
        (["http://h.test/", "--resume", ""], "--resume"),  # was: a fresh crawl of the URL
        (["http://h.test/", "--csv", ""], "--csv"),
        (["http://h.test/", "--broken-csv", " "], "--broken-csv"),
        (["http://h.test/", "--db", ""], "--db"),
    ],
)
def test_an_empty_file_name_is_a_usage_error_for_the_cli(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == cli.EXIT_USAGE
    assert f"error: {option} needs a file name" in capsys.readouterr().err


def test_open_empty_does_not_crawl_the_demo_in_a_fresh_process(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "gui_crawler", "--open", "", "--start", "--quit"],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith("error: --open needs a file name"), proc.stderr


def big_site() -> Site:
    """Enough pages for a CSV of more than 8 KB."""
    site = Site()
    site.page("/", [f"/page-with-a-longish-name-{i}" for i in range(60)])
    for i in range(60):
        site.page(f"/page-with-a-longish-name-{i}", ["/"])
    return site


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KB tmpfs with 4 KB left: a CSV of more than that is cut off part-way."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    folder = tmp_path / "full"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        (folder / "filler").write_bytes(b"x" * 60 * 1024)
        free = os.statvfs(folder)
        assert free.f_bavail * free.f_frsize == 4096
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def assert_nothing_written(folder: Path) -> None:
    assert sorted(p.name for p in folder.iterdir()) == ["filler"]  # no CSV, no .part left


def test_cli_csv_on_a_full_disk_is_an_error(
    full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = full_disk / "out.csv"
    with ThreadedSite(big_site()) as site:
        code = cli.main([site.url, "--csv", str(out), "--no-db", "-q"])
    assert code == cli.EXIT_ERROR
    err = capsys.readouterr().err
    assert err == f"gui-crawler: cannot write {out}: No space left on device\n"
    assert_nothing_written(full_disk)


def test_window_export_on_a_full_disk_is_an_error(
    run: Callable[..., Any],
    live_site: Any,
    full_disk: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for i in range(60):
        live_site.add_page(f"/page-with-a-longish-name-{i}")
    live_site.add_page("/", [f"/page-with-a-longish-name-{i}" for i in range(60)])
    out = full_disk / "out.csv"
    args = app.build_parser().parse_args([live_site.url, "--start", "--quit", "--export", str(out)])
    assert run(app.run_window(args), timeout=15_000) == app.EXIT_ERROR
    err = capsys.readouterr().err
    assert err == (f"gui-crawler: Export failed: cannot write {out}: No space left on device\n")
    assert_nothing_written(full_disk)


def test_a_write_error_part_way_leaves_no_file(
    window: Any, live_site: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without root: the CSV writer fails with ENOSPC after a few rows."""
    live_site.fill_small()
    with qtbot.waitSignal(window.crawlFinished, timeout=10_000):
        window.url = live_site.url
        assert window.start()
    real = csv.writer

    def failing(f: Any) -> Any:
        w = real(f)
        rows = 0

        class Writer:
            def writerow(self, row: Any) -> Any:
                nonlocal rows
                rows += 1
                if rows > 3:
                    f.flush()  # the first rows are in the file
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                return w.writerow(row)

        return Writer()

    monkeypatch.setattr(export.csv, "writer", failing)
    out = tmp_path / "out.csv"
    assert window.export_csv(str(out)) == -1
    assert window.notice.text() == f"Export failed: cannot write {out}: No space left on device"
    assert sorted(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--proxy", "http://127.0.0.1:99999"], "proxy has an invalid port (1 to 65535)"),
        (["--proxy", "http://ann:pw-S3cret@127.0.0.1:0"], "proxy has an invalid port"),
        (["--proxy", "http://ann:pw-S3cret@127.0.0.1:x"], "proxy has an invalid port"),
        (["--proxy", "http://[::1:3128"], "proxy is not a valid URL"),
        (["--list", "http://127.0.0.1:99999/sitemap.xml"], "it has an invalid port"),
        (["--list", "http://[::1/sitemap.xml"], "--list 'http://[::1/sitemap.xml' is not a URL"),
    ],
)
def test_a_url_option_that_is_no_url_is_one_line_before_the_crawl(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was a traceback from yarl as the crawl started (Port out of range 0-65535)."""
    roots = [] if argv[0] == "--list" else ["http://127.0.0.1:9/"]
    with pytest.raises(SystemExit) as exit_:
        cli.main([*roots, *argv])
    assert exit_.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert said in err.splitlines()[-1] and "Traceback" not in err
    assert "S3cret" not in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--no-db", "--db", "c.sqlite3"], "--no-db and --db cannot be given together"),
        (["-vvvvv", "--quiet"], "-v and -q cannot be given together"),
        (["-v", "-q"], "-v and -q cannot be given together: -q prints the summary line only"),
        (["--proxy", "http://127.0.0.1:3128", "--no-proxy"], "--no-proxy and --proxy cannot"),
        (["--proxy-file", "p.txt", "--no-proxy"], "--no-proxy and --proxy-file cannot"),
        (["--auth", "ann:pw-S3cret", "--auth-file", "a.txt"], "--auth and --auth-file cannot"),
        (["--proxy", "http://127.0.0.1:3128", "--proxy-file", "p"], "--proxy and --proxy-file"),
        (["--csv", "out.csv", "--report", "out.csv"], "--csv and --report both name out.csv"),
        (["--db", "c.sqlite3", "--links-csv", "c.sqlite3"], "--db and --links-csv both name"),
        (["--broken-csv", "b.csv", "--csv", "./b.csv"], "--csv and --broken-csv both name"),
    ],
)
def test_options_that_say_opposite_things_are_refused(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Each of these passed silently, one of the two winning (-vvvvv --quiet was quiet, --no-db
    --db x kept no file, a CSV named as the crawl file replaced it)."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["http://127.0.0.1:9/", *argv])
    assert exit_.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert said in err.splitlines()[-1] and "S3cret" not in err
    assert list(tmp_path.iterdir()) == []  # nothing made, nothing read


def test_resume_with_an_output_named_as_the_crawl_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite3"
    db.write_bytes(b"not even read")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--resume", str(db), "--report", str(db)])
    assert exit_.value.code == cli.EXIT_USAGE
    assert f"--resume and --report both name {db}" in capsys.readouterr().err
    assert db.read_bytes() == b"not even read"


def test_a_db_in_a_folder_that_does_not_exist_is_refused_like_a_csv_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--db made missing folders (a mistyped one too) while --csv refused them."""
    for flag in ("--db", "--csv"):
        target = tmp_path / "typo" / "x"
        assert cli.main(["http://127.0.0.1:9/", flag, str(target)]) == cli.EXIT_USAGE
        err = capsys.readouterr().err
        assert (
            err
            == f"gui-crawler: cannot write {target}: its folder {target.parent} does not exist\n"
        )
    assert not (tmp_path / "typo").exists()
