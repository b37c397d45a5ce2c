"""A lock on a file of its own, taken without waiting: the one place that tells the platforms'
file locks apart (``flock`` where ``fcntl`` exists, ``msvcrt.locking`` on Windows).

The lock is on a lock file, never on the file it guards: on macOS (as on the BSDs) ``flock``
locks and the ``fcntl`` record locks SQLite takes share one lock table per file, so a ``flock``
held on a database makes SQLite's own connections to it fail ("database is locked"); and Windows
byte-range locks are mandatory (a locked byte cannot be read through another handle). Linux keeps
the two kinds apart, but one scheme everywhere is one scheme tested.

An exclusive holder removes the lock file as it lets go, so nothing is left beside the guarded
file. One left by a killed process holds no lock (the system drops a dead process's locks) and
goes with the next exclusive holder.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

# Times to take the lock again when the lock file was removed and made anew between opening it
# and locking it; past that, whoever is replacing it holds it as far as the caller is concerned.
_TRIES = 5


class InUse(Exception):
    """Another holder has the lock."""


def _try_lock(fd: int, exclusive: bool) -> bool:
    """Lock the open file ``fd`` without waiting; False when another holder has it."""
    if sys.platform == "win32":
        # Not tried on Windows. msvcrt has no shared lock (LK_NBRLCK is LK_NBLCK), so a shared
        # lock is exclusive there; a held byte makes LK_NBLCK fail at once with EACCES.
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the byte at the position: 0, just opened
        except PermissionError:
            return False
    else:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
    return True


def _is_at(fd: int, path: Path) -> bool:
    """Whether ``path`` is still the file open as ``fd`` (a holder letting go removes it)."""
    if sys.platform == "win32":
        return True  # a file open anywhere cannot be removed there
    try:
        at = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (at.st_dev, at.st_ino) == (mine.st_dev, mine.st_ino)


class Held:
    """A lock taken by ``lock()``; ``release()`` lets go of it."""

    def __init__(self, fd: int, path: Path, exclusive: bool) -> None:
        self.fd = fd
        self.path = path
        self.exclusive = exclusive

    def release(self) -> None:
        """Let go (closing the fd is what frees a flock) and, if exclusive, remove the lock file
        first, so that a process that opened it meanwhile finds, once it has it locked, that it
        is no longer the lock file, and takes the new one."""
        if self.fd < 0:
            return
        fd, self.fd = self.fd, -1
        if sys.platform == "win32":
            # Windows frees a closed handle's locks only once "resources allow": unlocked first.
            # It cannot remove a file that is open, ours included, so the removal comes after the
            # close and fails harmlessly while another process has the file open.
            with contextlib.suppress(OSError):
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            os.close(fd)
            if self.exclusive:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
            return
        if self.exclusive:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        os.close(fd)


def lock(path: Path, *, exclusive: bool) -> Held:
    """Lock the lock file ``path`` without waiting. An exclusive lock makes the file if need be;
    a shared one raises FileNotFoundError when there is none (so nobody holds it). Raises InUse
    when another holder has it."""
    flags = os.O_RDONLY | (os.O_CREAT if exclusive else 0)
    for _ in range(_TRIES):
        fd = os.open(path, flags, 0o644)
        try:
            if not _try_lock(fd, exclusive):
                raise InUse(str(path))
            if _is_at(fd, path):
                return Held(fd, path, exclusive)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # removed by the holder that let go: take the new one
        if not exclusive and not path.exists():
            raise FileNotFoundError(path)
    raise InUse(str(path))
