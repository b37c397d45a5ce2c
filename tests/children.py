"""Processes a test starts (nodes, redis-server) that die with the test's own process, however it
ends: killed with -9 by a runner that gave up, or by pytest-timeout's last resort, which skips
every fixture's teardown. Left behind, a node whose Redis is gone would wait for it (until its
bound runs out), and a redis-server would run for ever.

On Linux a little Python prelude sets PR_SET_PDEATHSIG (kept across exec) and then becomes the
program; elsewhere the fixtures' kill by pid is all there is. The signal comes when the thread
that started the child ends: start children from the test's main thread.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

_PRELUDE = """\
import ctypes, os, signal, sys
ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
if os.getppid() != int(sys.argv[1]):
    os._exit(1)  # the test died before the line above: nothing to wait for
os.execvp(sys.argv[2], sys.argv[2:])
"""


def dies_with_us(argv: Sequence[str]) -> list[str]:
    """``argv``, run so that it is killed when this process dies (Linux)."""
    if not sys.platform.startswith("linux"):
        return list(argv)
    return [sys.executable, "-c", _PRELUDE, str(os.getpid()), *argv]


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie nobody reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
