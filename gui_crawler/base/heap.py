"""glibc's malloc, set up for a crawl, and its free memory handed back; nothing at all where the C
library is not glibc (macOS, Windows, musl: no ``mallopt`` or ``malloc_trim`` to find). No Qt.

- An arena for the event loop, one for the crawl's other threads (the crawl file's checkpoints,
  name lookups) and one per parser thread (one per core unless told otherwise): glibc gives each new thread that
  allocates an arena of its own (up to 8 per core), and each arena keeps the peak of
  what it served (a rust-doc crawl with two parser threads: 162 MB with two arenas, 171 MB with
  glibc's limit, medians of 3). Fewer arenas than those threads made the loop share one with a
  parser thread, whose parses malloc and free all the time: the loop's thread waited for that
  arena's lock in the middle of its Python, holding the GIL (rust-doc on 2 cores with two arenas:
  ~19% of the loop thread's futex calls were that lock's, perf).
- A fixed mmap threshold of 128 KB (glibc's starting value). Left to itself glibc raises the
  threshold to the size of each big block freed, up to 32 MB: once one 10 MB page had been
  freed, every body and buffer under 10 MB came from the arenas, which keep their peak. The
  window grew 12-19 MB when it crawled rust-doc a second time, with no Python object more;
  fixed, +4 MB, then +1 (``bench/gui_repeat.py``), crawl times the same.
- A fixed trim threshold of 4 MB (glibc's is 128 KB once the mmap threshold is fixed): an arena
  gives back the free memory at its top only past it. Each page's parse takes a few hundred KB
  of blocks at its parser thread's arena's top and frees them; with 128 KB glibc gave them back
  after each page and the next page faulted them in again (rust-doc: ~45,000-65,000 page faults
  on the parser threads, ~25,000 with 4 MB; their CPU ~5% less); peak RSS ~+6 MB.
- ``trim()``: the arenas' free pages back to the system (a big page's parse leaves tens of MB).
"""

from __future__ import annotations

import ctypes
import os
from typing import Any

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
MMAP_THRESHOLD = 128 * 1024
TRIM_THRESHOLD = 4 * 1024 * 1024


def _libc() -> Any:
    global _c
    if _c is None:
        try:
            _c = ctypes.CDLL(None)  # the process's own symbols: libc's among them
        except (OSError, TypeError):  # Windows: CDLL(None) is a TypeError
            _c = False
    return _c


_c: Any = None
_arenas = 0  # the arena count set (0: not tuned yet)


def cores() -> int:
    """The cores this process may run on: the parser threads' and processes' count by default."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def arenas() -> int:
    """The arena count set by ``tune`` (0: not tuned)."""
    return _arenas


def tune(parser_threads: int | None = None) -> None:
    """Before a crawl's threads start: the event loop's arena, the other threads', and one for
    each of ``parser_threads`` (one a core when not given). Called again for more parser
    threads (a second crawl's pool), it makes room for them; never fewer arenas."""
    global _arenas
    wanted = (cores() if parser_threads is None else parser_threads) + 2
    if wanted <= _arenas:
        return
    first = _arenas == 0
    _arenas = wanted
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is not None:
        mallopt(_M_ARENA_MAX, wanted)
        if first:
            mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
            mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)


def trim() -> bool:
    """Hand the C heap's free pages back to the system; True if it could."""
    malloc_trim = getattr(_libc(), "malloc_trim", None)
    if malloc_trim is None:
        return False
    malloc_trim(0)
    return True
