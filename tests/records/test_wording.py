"""Plain words, the column spec and the recent-crawls reader: Qt-free, so the CLI can use them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.wording import error_sentence, plural, root_failure, status_word
from gui_crawler.storage.recent import recent_crawls


def test_these_modules_import_no_qt() -> None:
    code = (
        "import sys, gui_crawler.records.export, gui_crawler.records.page_columns, gui_crawler.storage.recent, "
        "gui_crawler.records.wording; "
        "print(any(m.startswith(('PySide6', 'shiboken', 'qasync')) for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_status_words_are_short_and_sentences_plain() -> None:
    refused = FetchRecord(
        url="http://127.0.0.1:1/",
        exception="ClientConnectorError: Cannot connect to host 127.0.0.1:1 ssl:default",
        error_kind="ClientConnectorError",
    )
    assert status_word(refused) == "No answer"
    assert error_sentence(refused) == "Could not connect to the server"
    assert root_failure(refused) == (
        "Nothing answered at 127.0.0.1:1 — is the server running? (Could not connect to the server)"
    )
    odd = FetchRecord(url="http://h.test/", exception="WeirdError: x", error_kind="WeirdError")
    # Unknown: its name as words in the cell, the name itself (searchable) as the sentence.
    assert status_word(odd) == "Weird" and error_sentence(odd) == "WeirdError"
    assert status_word(FetchRecord(url="http://h.test/", status=404)) == "404"
    assert root_failure(FetchRecord(url="http://h.test/", status=404)) is not None
    assert root_failure(FetchRecord(url="http://h.test/", status=200)) is None
    cancelled = FetchRecord(url="http://h.test/", error_kind=ErrorKind.CANCELLED)
    assert root_failure(cancelled) is None
    assert all(len(status_word(FetchRecord(url="u", error_kind=k))) <= 13 for k in ErrorKind)
    assert [plural(1, "hop"), plural(2, "hop"), plural(1200, "URL")] == [
        "1 hop",
        "2 hops",
        "1,200 URLs",
    ]


def test_recent_crawls_of_a_missing_or_odd_folder(tmp_path: Path) -> None:
    assert recent_crawls(tmp_path / "none") == []
    (tmp_path / "junk.sqlite3").write_bytes(b"not sqlite")
    [c] = recent_crawls(tmp_path)
    assert c.site == "junk.sqlite3" and c.state.startswith("unreadable") and c.urls == 0
