"""glibc's malloc, set up for a crawl, and its free memory handed back; nothing at all where the C
library is not glibc (macOS, Windows, musl: no ``mallopt`` or ``malloc_trim`` to find). No Qt.

- Two arenas. glibc gives each thread that allocates under contention an arena of its own (up
  to 8 per core), and each arena keeps the peak of what it served: a rust-doc crawl with two
  parser threads peaked at 162 MB instead of 171 MB (medians of 3), as fast.
- A fixed mmap threshold of 128 KB (glibc's starting value). Left to itself glibc raises the
  threshold to the size of each big block freed, up to 32 MB: once one 10 MB page had been
  freed, every body and buffer under 10 MB came from the arenas, which keep their peak. The
  window grew 12-19 MB when it crawled rust-doc a second time, with no Python object more;
  fixed, +4 MB, then +1 (``bench/gui_repeat.py``), crawl times the same.
- ``trim()``: the arenas' free pages back to the system (a big page's parse leaves tens of MB).
"""

from __future__ import annotations

import ctypes
from typing import Any

_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
ARENAS = 2
MMAP_THRESHOLD = 128 * 1024


def _libc() -> Any:
    global _c
    if _c is None:
        try:
            _c = ctypes.CDLL(None)  # the process's own symbols: libc's among them
        except (OSError, TypeError):  # Windows: CDLL(None) is a TypeError
            _c = False
    return _c


_c: Any = None
_tuned = False


def tune() -> None:
    """Once per process, before a crawl's threads start."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is not None:
        mallopt(_M_ARENA_MAX, ARENAS)
        mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def trim() -> bool:
    """Hand the C heap's free pages back to the system; True if it could."""
    malloc_trim = getattr(_libc(), "malloc_trim", None)
    if malloc_trim is None:
        return False
    malloc_trim(0)
    return True
