"""``gui-crawler --install-desktop`` and ``--uninstall-desktop``: the menu entry and icon of an
install made with pip or pipx, for the person running it only.

The entry goes to ``$XDG_DATA_HOME/applications/gui-crawler.desktop`` and the icon to
``$XDG_DATA_HOME/icons/hicolor/scalable/apps/gui-crawler.svg`` (``XDG_DATA_HOME`` defaults to
``~/.local/share``), where desktops look for a user's applications. The entry's ``Exec=`` is the
absolute path of the ``gui-crawler`` command that ran, so the menu starts this install even where
the command's folder (pipx's ``~/.local/bin``) is not on the desktop session's PATH. No Qt here.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib import resources
from pathlib import Path

APP_ID = "gui-crawler"
INSTALL, UNINSTALL = "--install-desktop", "--uninstall-desktop"
# Characters that make an Exec= argument need double quotes (Desktop Entry Specification).
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def desktop_file(home: Path | None = None) -> Path:
    return (home or data_home()) / "applications" / f"{APP_ID}.desktop"


def icon_file(home: Path | None = None) -> Path:
    return (home or data_home()) / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def command() -> list[str]:
    """The command that starts this install: the ``gui-crawler`` script that is running (made
    absolute; a symlink such as pipx's is kept, so the entry survives a reinstall behind it), else
    the one on PATH, else this Python with ``-m gui_crawler``."""
    argv0 = sys.argv[0] if sys.argv else ""
    if Path(argv0).name == APP_ID and os.path.isfile(argv0):
        return [os.path.abspath(argv0)]
    found = shutil.which(APP_ID)
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "gui_crawler"]


def exec_arg(arg: str) -> str:
    """One argument of an ``Exec=`` line: double-quoted when it holds a reserved character,
    ``"`$\\`` escaped inside the quotes, then backslashes doubled (the string value's own
    escaping) and ``%`` doubled (field codes)."""
    if any(c in _RESERVED for c in arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("\\", "\\\\").replace("%", "%%")


def entry(cmd: list[str]) -> str:
    """The packaged desktop entry with ``Exec=`` (the URL it is opened with as ``%u``) and
    ``TryExec=`` (the menu hides the entry once the program is gone) set to ``cmd``."""
    template = resources.files("gui_crawler").joinpath("resources", f"{APP_ID}.desktop")
    out = []
    for line in template.read_text(encoding="utf-8").splitlines():
        if line.startswith("TryExec="):
            continue
        if line.startswith("Exec="):
            out.append("TryExec=" + cmd[0].replace("\\", "\\\\"))
            line = "Exec=" + " ".join(exec_arg(a) for a in cmd) + " %u"
        out.append(line)
    return "\n".join(out) + "\n"


def install(cmd: list[str] | None = None, home: Path | None = None) -> list[Path]:
    """Writes the entry and the icon; the paths written."""
    written = []
    desktop = desktop_file(home)
    desktop.parent.mkdir(parents=True, exist_ok=True)
    desktop.write_text(entry(cmd or command()), encoding="utf-8")
    written.append(desktop)
    icon = icon_file(home)
    icon.parent.mkdir(parents=True, exist_ok=True)
    svg = resources.files("gui_crawler").joinpath("resources", "app.svg").read_bytes()
    icon.write_bytes(svg)
    written.append(icon)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Removes the entry and the icon; the paths removed (none when they were not there)."""
    removed = []
    for path in (desktop_file(home), icon_file(home)):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def main(args: list[str]) -> int:
    """``args``: ``[--install-desktop]`` or ``[--uninstall-desktop]``."""
    if len(args) != 1 or args[0] not in (INSTALL, UNINSTALL):
        print(f"usage: {APP_ID} {INSTALL} | {UNINSTALL}", file=sys.stderr)
        return 2
    try:
        if args[0] == INSTALL:
            cmd = command()
            for path in install(cmd):
                print(f"wrote {path}")
            print(f"the menu entry starts: {' '.join(cmd)}")
        else:
            removed = uninstall()
            for path in removed:
                print(f"removed {path}")
            if not removed:
                print(f"nothing to remove: no {desktop_file()} or {icon_file()}")
    except OSError as e:
        print(f"{APP_ID}: {e}", file=sys.stderr)
        return 1
    return 0
