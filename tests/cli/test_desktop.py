"""``gui-crawler --install-desktop``: the menu entry and icon go under the user's data folder only,
start the command that installed them, and ``--uninstall-desktop`` takes them away again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gui_crawler
from gui_crawler.__main__ import main
from gui_crawler.cli import desktop

RESOURCES = Path(gui_crawler.__file__).resolve().parent / "resources"


def keys(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_install_writes_the_entry_and_icon_where_the_desktop_looks(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = tmp_path / "bin" / "gui-crawler"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop"])

    assert main(["--install-desktop"]) == 0

    entry = data_home / "applications" / "gui-crawler.desktop"
    icon = data_home / "icons" / "hicolor" / "scalable" / "apps" / "gui-crawler.svg"
    assert sorted(p for p in data_home.rglob("*") if p.is_file()) == sorted([entry, icon])
    fields = keys(entry.read_text())
    assert fields["Exec"] == f"{script} %u"
    assert fields["TryExec"] == str(script)
    assert fields["Icon"] == "gui-crawler"
    assert fields["Type"] == "Application"
    assert icon.read_bytes() == (RESOURCES / "app.svg").read_bytes()
    out = capsys.readouterr().out
    assert f"wrote {entry}" in out and f"wrote {icon}" in out

    assert main(["--install-desktop"]) == 0  # again: the same files, rewritten
    assert keys(entry.read_text())["Exec"] == f"{script} %u"


def test_uninstall_removes_them_and_says_so_when_there_is_nothing(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = desktop.install(["/opt/gc/bin/gui-crawler"])
    assert main(["--uninstall-desktop"]) == 0
    assert not any(p.exists() for p in written)
    assert (data_home / "applications").is_dir()  # the folders are the desktop's, left alone
    out = capsys.readouterr().out
    assert all(f"removed {p}" in out for p in written)
    assert main(["--uninstall-desktop"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_without_xdg_data_home_it_is_local_share_in_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for value in (None, "", "relative/path"):  # unset, empty or relative: the default
        if value is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", value)
        assert desktop.data_home() == tmp_path / ".local" / "share"


def test_exec_quotes_a_path_with_spaces_and_escapes_what_the_format_needs() -> None:
    assert desktop.exec_arg("/usr/bin/gui-crawler") == "/usr/bin/gui-crawler"
    assert desktop.exec_arg("/home/a b/gui-crawler") == '"/home/a b/gui-crawler"'
    # Inside quotes `"`, `` ` ``, `$` and `\` take a backslash; then every backslash is doubled.
    assert desktop.exec_arg('/x/a"b$c') == '"/x/a\\\\"b\\\\$c"'
    assert desktop.exec_arg("/x/100%/gui-crawler") == "/x/100%%/gui-crawler"
    fields = keys(desktop.entry(["/py 3/python", "-m", "gui_crawler"]))
    assert fields["Exec"] == '"/py 3/python" -m gui_crawler %u'


def test_the_command_falls_back_to_path_then_to_this_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["/nowhere/__main__.py"])
    on_path = tmp_path / "gui-crawler"
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert desktop.command() == [str(on_path)]
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert desktop.command() == [os.path.abspath(sys.executable), "-m", "gui_crawler"]


def test_a_wrong_use_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert desktop.main(["--install-desktop", "extra"]) == 2
    assert "usage" in capsys.readouterr().err


def test_it_needs_no_qt(data_home: Path) -> None:
    code = (
        "import sys; from gui_crawler.__main__ import main; "
        "assert main(['--install-desktop']) == 0; "
        "assert not any(m.startswith(('PySide6', 'qasync')) for m in sys.modules), 'Qt imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, XDG_DATA_HOME=str(data_home)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert (data_home / "applications" / "gui-crawler.desktop").is_file()
