"""Writing an output (a CSV, a report, an export of the window) to the path a person gave, and
what that path is. No Qt here.

A regular file is written under a temporary name beside it and renamed into place, so that a
full disk or a crash never leaves half a file. Anything else at the path is written, not
replaced: a symbolic link is followed to its target (which is then written as a regular file
is, or as what it is), a FIFO, a character device (``/dev/null``, ``/dev/full``, a terminal) is
written directly, and a standard stream by name (``/dev/stdout``, ``/dev/fd/N``,
``/proc/self/fd/N``) is written on that very descriptor, after what was printed before. A
rename there would have replaced the device or the FIFO by a regular file, or a symlink by a
file, and (as root) damaged the system.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from gui_crawler.base.escapes import escaped

# Text that still holds a lone surrogate (a byte that was not UTF-8, in a record kept in memory)
# is written with the byte as \xNN, as the crawl file keeps it, rather than failing the output.
ESCAPED = "gui_crawler-escaped"


def _escape(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return escaped(error.object[error.start : error.end]), error.end


codecs.register_error(ESCAPED, _escape)

# A descriptor by name (Linux's /proc, and /dev/fd on Linux, the BSDs and macOS).
_DESCRIPTOR = re.compile(r"/(?:dev/fd|proc/(?:self|thread-self|(\d+))/fd)/(\d+)")
_STREAMS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
_MAX_LINKS = 40  # as the kernel's limit of symbolic links followed (ELOOP)


def descriptor(path: str | os.PathLike[str]) -> int | None:
    """The descriptor of this process that ``path`` names (``/dev/stdout``: 1), following
    symbolic links to it, or None."""
    p = os.path.abspath(path)
    for _ in range(_MAX_LINKS):
        if p in _STREAMS:
            return _STREAMS[p]
        m = _DESCRIPTOR.fullmatch(p)
        if m is not None:
            return int(m.group(2)) if m.group(1) in (None, str(os.getpid())) else None
        try:
            link = os.readlink(p)
        except OSError:  # not a link (or nothing there)
            return None
        p = os.path.normpath(os.path.join(os.path.dirname(p), link))
    return None


def _kind(path: str) -> int | None:
    """The file type bits of what ``path`` leads to (through links), or None if nothing."""
    try:
        return stat.S_IFMT(os.stat(path).st_mode)
    except FileNotFoundError:
        return None


def not_a_folder(path: Path) -> Path | None:
    """The first ancestor of ``path`` that exists as something other than a folder."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return None


def why_unwritable(target: str) -> str | None:
    """Why an output cannot be written at ``target``, checked before a crawl rather than after
    it; None if it can (as far as one can tell before writing)."""
    fd = descriptor(target)
    if fd is not None:
        try:
            os.fstat(fd)
        except OSError:
            return f"descriptor {fd} is not open"
        return None
    blocker = not_a_folder(Path(os.path.abspath(target)))
    if blocker is not None:
        return f"{blocker} is a file, not a folder"
    try:
        kind = _kind(target)
    except OSError as e:  # a loop of links
        return e.strerror or str(e)
    if kind == stat.S_IFDIR:
        return f"{target} is a folder"
    if kind is not None and kind != stat.S_IFREG:
        return None if os.access(target, os.W_OK) else "permission denied"
    real = Path(os.path.realpath(target))
    folder = real.parent
    if not folder.is_dir():
        return f"its folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (kind is not None and not os.access(real, os.W_OK)):
        return "permission denied"
    return None


@contextlib.contextmanager
def atomic_text(path: str | os.PathLike[str], encoding: str = "utf-8") -> Iterator[TextIO]:
    """A text file to write at ``path``, as the module's docstring says: a regular file (or a
    new one) appears only once written whole; a FIFO, a device or a descriptor is written as
    it is (an error such as ENOSPC on /dev/full raises OSError). Readable by others like any
    file a user saves (mkstemp alone makes it private); a file replaced keeps its mode.
    ``utf-8-sig`` (a BOM, for Excel) is plain UTF-8 on a stream: a program reads it there."""
    name = os.fspath(path)
    fd = descriptor(name)
    kind = None if fd is not None else _kind(name)
    if fd is not None or (kind is not None and kind != stat.S_IFREG):
        stream = "utf-8" if encoding == "utf-8-sig" else encoding
        if fd is not None:
            for printed in (sys.stdout, sys.stderr):  # what was printed comes first
                with contextlib.suppress(AttributeError, OSError, ValueError):
                    printed.flush()
            opened = os.fdopen(os.dup(fd), "w", newline="", encoding=stream, errors=ESCAPED)
        else:
            opened = open(name, "w", newline="", encoding=stream, errors=ESCAPED)  # noqa: SIM115
        with opened as f:
            yield f
        return
    real = Path(os.path.realpath(name))  # through symbolic links: the target is replaced
    mode = stat.S_IMODE(os.stat(real).st_mode) if kind is not None else 0o644
    handle, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=real.parent)
    try:
        with os.fdopen(handle, "w", newline="", encoding=encoding, errors=ESCAPED) as f:
            # By its name: os.fchmod is POSIX-only before Python 3.13. On Windows this only
            # keeps the file writable (the one mode bit there); the folder's permissions apply.
            os.chmod(tmp, mode)
            yield f
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
