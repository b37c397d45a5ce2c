"""A crawl file with a value of the wrong type in a column (a damaged disk, a hand edit) is a
plain message naming the file and the row, and an error exit: never a traceback from deep in the
window or the engine. The files are written by the CLI on a real site, then damaged with sqlite3.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.session import StoreError, peek
from gui_crawler.ui import app


@pytest.fixture(scope="module")
def crawl_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A crawl file the CLI wrote (two pages of four)."""
    site = Site()
    site.page("/", ["/a", "/b", "/c"])
    for p in ("/a", "/b", "/c"):
        site.page(p, ["/"])
    path = tmp_path_factory.mktemp("crawl") / "site.sqlite3"
    with ThreadedSite(site) as s:
        assert cli.main([s.url, "--db", str(path), "--max-pages", "2", "-q"]) == 0
    return path


def damaged_copy(crawl_file: Path, tmp_path: Path, sql: str, **params: str) -> Path:
    copy = tmp_path / "damaged.sqlite3"
    shutil.copy(crawl_file, copy)
    with contextlib.closing(sqlite3.connect(copy)) as db:
        root = db.execute("SELECT url FROM records ORDER BY seq").fetchone()[0]
        db.execute(sql, {"root": root, **params})
        db.commit()
    return copy


DAMAGES = {
    "status": ("UPDATE records SET status = 'abc' WHERE url = :root", "status = 'abc'"),
    "links": ("UPDATE records SET links = 42 WHERE url = :root", "links = 42"),
    "size": ("UPDATE records SET size = x'00' WHERE url = :root", "size = b'\\x00'"),
    "elapsed": ("UPDATE records SET elapsed = 'slow' WHERE url = :root", "elapsed = 'slow'"),
    "queued": (
        "INSERT INTO queued (url, redirects_left, depth, referrer) "
        "VALUES (:root || 'left', 10, 'deep', :root)",
        "depth = 'deep'",
    ),
}


def test_the_crawl_file_is_sound_before_it_is_damaged(crawl_file: Path) -> None:
    saved = peek(crawl_file)
    assert len(saved.records) == 2 and not saved.pending
    assert saved.records[0].links  # packed links read back


@pytest.mark.parametrize("column", DAMAGES)
def test_a_wrong_typed_value_is_a_store_error_naming_file_and_row(
    column: str, crawl_file: Path, tmp_path: Path
) -> None:
    sql, said = DAMAGES[column]
    copy = damaged_copy(crawl_file, tmp_path, sql)
    with pytest.raises(StoreError) as error:
        peek(copy)
    message = str(error.value)
    assert message.startswith(f"{copy} is a damaged gui_crawler crawl file: the row of http://")
    assert f" has {said}, not " in message


# Packed bytes that do not unpack (format 7 keeps a record's headers deflated too): a damaged
# file naming the row, not a crawl shown with garbage.
PACKED_DAMAGES = [
    *(
        ("words", v, "links")
        for v in ("x'00ff'", "x''", "'text'", "substr(words, 1, length(words) - 1)")
    ),
    *(
        ("headers", v, "headers")
        for v in ("x'00ff'", "x''", "substr(headers, 1, length(headers) - 1)")
    ),
]


@pytest.mark.parametrize(("column", "value", "what"), PACKED_DAMAGES)
def test_damaged_packed_links_and_headers_are_a_store_error(
    column: str, value: str, what: str, crawl_file: Path, tmp_path: Path
) -> None:
    sql = f"UPDATE records SET {column} = {value} WHERE url = :root"
    copy = damaged_copy(crawl_file, tmp_path, sql)
    with pytest.raises(StoreError) as error:
        peek(copy)
    message = str(error.value)
    assert message.startswith(f"{copy} is a damaged gui_crawler crawl file: the row of http://")
    assert f" has damaged {what}: " in message


def test_null_where_a_column_was_added_later_reads_as_the_default(
    crawl_file: Path, tmp_path: Path
) -> None:
    """Resuming a file from before a field existed adds its column, NULL in the rows before."""
    copy = damaged_copy(
        crawl_file, tmp_path, "UPDATE records SET h1_count = NULL, size = NULL WHERE url = :root"
    )
    root = peek(copy).records[0]
    assert (root.h1_count, root.size, root.status) == (0, 0, 200)


@pytest.mark.parametrize("column", ["status", "links", "queued"])
def test_resume_of_a_damaged_file_exits_with_a_message(
    column: str, crawl_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = damaged_copy(crawl_file, tmp_path, DAMAGES[column][0])
    assert cli.main(["--resume", str(copy), "-q"]) == cli.EXIT_ERROR
    err = capsys.readouterr().err
    assert err.startswith(f"gui-crawler: {copy} is a damaged gui_crawler crawl file: the row of")
    assert err.count("\n") == 1 and DAMAGES[column][1] in err


def test_open_of_a_damaged_file_exits_2_in_a_fresh_process(
    crawl_file: Path, tmp_path: Path
) -> None:
    """The window's --open: was a TypeError traceback from the pages model."""
    copy = damaged_copy(crawl_file, tmp_path, DAMAGES["status"][0])
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "cfg"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    proc = subprocess.run(
        [sys.executable, "-m", "gui_crawler", "--open", str(copy), "--start", "--quit"],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == app.EXIT_USAGE, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"gui-crawler: {copy} is a damaged gui_crawler crawl file: the row of" in proc.stderr
    assert "status = 'abc', not a whole number or NULL" in proc.stderr


@pytest.mark.parametrize("root", ["42", "null"])
def test_the_open_dialog_lists_a_damaged_file_with_why(
    root: str, crawl_file: Path, tmp_path: Path, qtbot: Any
) -> None:
    """A first root that is not text crashed the recent-crawls list, and so the Open dialog."""
    from gui_crawler.ui.recent_dialog import RecentCrawlsDialog

    sql = f"""UPDATE meta SET value = '{{"roots": [{root}]}}' WHERE key = 'config'"""
    damaged_copy(crawl_file, tmp_path, sql)
    dlg = RecentCrawlsDialog(tmp_path)
    qtbot.addWidget(dlg)
    assert dlg.list.topLevelItemCount() == 1
    item = dlg.list.topLevelItem(0)
    shown = "None" if root == "null" else root
    assert (item.text(0), item.text(2)) == (
        "damaged.sqlite3",
        f"unreadable (its first root is {shown})",
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("[1, 2]", "its options are a list of 2, not a JSON object"),
        ('"roots"', "its options are text, not a JSON object"),
        ("null", "its options are null, not a JSON object"),
        ('{"roots": "http://h.test/"}', "its roots are text, not a list of URLs"),
        ('{"roots": [{"url": 1}]}', "one of its roots is an object, not a URL"),
        ('{"roots": ["http://h.test/"], "max_tasks": "many"}', "max_tasks must be a whole number"),
        ("{not json", "Expecting property name"),
    ],
)
def test_options_of_the_wrong_shape_are_a_damaged_file_for_resume_recheck_and_compare(
    options: str,
    said: str,
    crawl_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A config that is a JSON list was an AttributeError traceback on resume, re-check and
    compare."""
    from gui_crawler.cli import compare

    sql = "UPDATE meta SET value = :options WHERE key = 'config'"
    copy = damaged_copy(crawl_file, tmp_path, sql, options=options)
    damaged = f"{copy} is a damaged gui_crawler crawl file: "
    for start in ("--resume", "--recheck"):
        assert cli.main([start, str(copy), "-q"]) == cli.EXIT_ERROR
        err = capsys.readouterr().err
        assert err.startswith(f"gui-crawler: {damaged}") and said in err and err.count("\n") == 1
    with pytest.raises(SystemExit) as stopped:  # compare's exit codes are diff's: 2
        compare.main([str(crawl_file), str(copy)])
    assert stopped.value.code == compare.EXIT_USAGE
    err = capsys.readouterr().err
    assert damaged in err and said in err and "Traceback" not in err


UNCRAWLABLE = {
    "javascript:alert(1)": "unsupported scheme 'javascript'",
    "mailto:someone@example.test": "unsupported scheme 'mailto'",
    "http://127.0.0.1:99999/": "it has an invalid port",
    "http://[::1": "is not a URL",
    "http://a b/": "it contains spaces",
}


def test_uncrawlable_urls_queued_in_a_file_end_as_one_record_each_without_a_traceback(
    crawl_file: Path, tmp_path: Path
) -> None:
    """A javascript: URL in a crawl file's frontier was a worker's traceback in the log (and an
    InternalError record), as were an out-of-range port and a broken IPv6 literal."""
    copy = tmp_path / "queued.sqlite3"
    shutil.copy(crawl_file, copy)
    with contextlib.closing(sqlite3.connect(copy)) as db:
        db.executemany(
            "INSERT INTO queued (url, redirects_left, depth, referrer) VALUES (?, 10, 1, NULL)",
            [(url,) for url in UNCRAWLABLE],
        )
        db.commit()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    proc = subprocess.run(
        [sys.executable, "-m", "gui_crawler", "crawl", "--resume", str(copy), "-vv"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert "Traceback" not in proc.stderr and "ERROR" not in proc.stderr, proc.stderr
    assert proc.returncode == cli.EXIT_BROKEN, proc.stderr
    records = {r.url: r for r in peek(copy).records}
    for url, said in UNCRAWLABLE.items():
        rec = records[url]
        assert rec.error_kind == "InvalidURL" and said in (rec.exception or ""), rec
        assert rec.tries == 0
    assert not peek(copy).pending
