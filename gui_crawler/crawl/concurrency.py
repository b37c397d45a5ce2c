"""The crawler's own limits, not the site's: how many workers the open-file limit lets run, how
many of those may fetch at once, when a timeout was the crawler's own doing (its event loop fell
behind), and how often a URL that failed for the crawler's own reasons is tried again.

How many of the workers asked for may fetch at once is adapted as TCP adapts its congestion
window (AIMD): halved when the crawler's own resources fail (out of local ports, files, buffers;
its event loop far behind), grown back by one for about as many good tries as it holds.

20,000 workers on one host spent their time in connect() with the local ports nearly gone: 69% of
the records were the crawler's own failures and 23% of the site was never found (measured:
docs/performance-history.md). Fewer at once fetch more.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from gui_crawler.events import ErrorKind

# Files a crawl holds besides its workers' sockets, kept free when the open-file limit caps the
# workers. Measured on Linux: a headless crawl with its crawl file and parser threads holds 14
# (stdio, the loop's epoll and self-pipe, SQLite's database, journal and shared memory, the
# parser threads' wake-up; figures in docs/performance-history.md), the window 13 more when idle
# under X (its X connection, eventfds, the icon cache). The rest is room for what comes and goes: each
# host-name lookup under way holds a socket on a resolver thread (up to 32 threads), the file
# dialogs watch folders, an export and a log file are open for a while. Each parser process
# takes 2 more (its sentinel and its share of the pool's pipes): added per process.
FD_RESERVE = 100
FDS_PER_PARSER_PROCESS = 2
# A failure of the crawler's own (out of files, ports, memory; too busy to wait: OWN_LIMIT) is
# tried again, up to this many times, after a wait that doubles from OWN_WAIT (±50%, so that a
# burst of such failures does not come back as one burst), at most OWN_WAIT_MAX. Sockets free up
# meanwhile as other requests end and idle kept-alive connections expire (15 s). These tries do
# not count against max_tries, which is the site's.
OWN_RETRIES = 5
OWN_WAIT = 1.0
OWN_WAIT_MAX = 8.0
# A timeout is the crawler's own when its event loop was behind (its progress ticks late) for
# at least this share of the try, and at least BUSY_LEAST seconds: the answer may well have
# come, unread. Measured on loopback (docs/performance-history.md: a site holding each page 1 s):
# with 2,000 workers the loop was behind at most 26% of any 10 s, and every page was ok; 20,000
# workers stalled it for 4-14 s at a time (connects slowed by the kernel's search for a free
# local port), and the requests under way timed out with the loop behind for 90% of their try.
BUSY_SHARE = 0.5
BUSY_LEAST = 1.0
# The fewest workers the window lets fetch: a crawl never stops for its own limits.
LEAST = 4


class WorkerWindow:
    """The worker count a crawl runs with: ``asked`` (what the person asked for, the open-file
    cap applied) or fewer while its own resources fail (``effective``)."""

    def __init__(self, asked: int) -> None:
        self.asked = asked
        self.window = float(asked)
        # Loop time of the last cut: a failure of a try begun before it is no new signal, as
        # TCP cuts once for the losses of one window, not once per lost packet.
        self.lowered_at = float("-inf")

    @property
    def effective(self) -> int:
        return max(min(self.asked, LEAST), min(self.asked, int(self.window)))

    def reset(self, asked: int) -> None:
        """A new count asked for: the window starts from it again."""
        self.asked = asked
        self.window = float(asked)

    def shrink(self, began: float, now: float, running: int) -> bool:
        """The crawler's own resources failed at loop time ``now`` for a try begun at
        ``began``, ``running`` workers running: half as many may fetch, unless the count fell
        after the try began or the last cut has yet to take effect (more workers run than it
        allows: those above it stop after their current URL). True when the count fell."""
        if began <= self.lowered_at or running > self.effective:
            return False
        before = self.effective
        self.window = max(float(LEAST), min(self.window, float(running)) / 2)
        if self.effective < before:
            self.lowered_at = now
            return True
        return False

    def grow(self) -> bool:
        """A try went well: one more worker for about every ``effective`` of them. True when
        the count rose."""
        if self.window >= self.asked:
            return False
        before = self.effective
        self.window = min(float(self.asked), self.window + 1 / self.window)
        return self.effective > before


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit: each worker holds a socket, and the
    usual soft limit (1024) would cap a crawl at about a thousand workers. Returns the limit."""
    try:
        import resource
    except ImportError:  # Windows has no resource module (nor this limit on sockets): 0
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    # macOS refuses a soft limit past OPEN_MAX (10240) even under an unlimited hard one, and
    # asks for min(OPEN_MAX, hard) instead (its setrlimit(2)): the second try.
    for target in (want, min(want, 10240)):
        if soft >= target:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            continue
        soft = target
        break
    return soft


def open_file_limit() -> int:
    """This process's open-file limit now (the soft one); 0 where none applies (Windows, or an
    unlimited one)."""
    try:
        import resource
    except ImportError:
        return 0
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 0 if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def worker_cap(limit: int, parse_processes: int = 0) -> int:
    """The most workers an open-file ``limit`` allows (each holds a socket), FD_RESERVE and the
    parser processes' files kept free; 0 when ``limit`` is 0 (none). Never below 1."""
    if limit <= 0:
        return 0
    return max(1, limit - FD_RESERVE - FDS_PER_PARSER_PROCESS * parse_processes)


def loop_time() -> float:
    """The running event loop's clock."""
    return asyncio.get_running_loop().time()


class OwnLimits:
    """What the crawler's own limits decide, URL by URL: how far its event loop has fallen
    behind since the crawl began (the progress ticks that came late), whether a timeout was its
    own, and when a URL that failed for its own reasons is tried again."""

    def __init__(self) -> None:
        # The loop's clock, which the crawl sets to its loop's own ``time`` when it runs.
        self.clock: Callable[[], float] = loop_time
        self.lag = 0.0  # seconds the progress ticks came late, so far
        self.tick_due = 0.0  # loop time the next tick is due; 0: none is
        self.failures = 0  # tries that failed for the crawler's own reasons, so far
        self._tries: dict[str, int] = {}  # such tries per URL waiting for another

    def ticked(self) -> float:
        """A progress tick came: how late it was (added to the lag)."""
        now = self.clock()
        late = max(0.0, now - self.tick_due) if self.tick_due else 0.0
        self.lag += late
        self.tick_due = 0.0
        return late

    def behind(self) -> float:
        """Seconds the loop has been behind since the crawl began, a tick overdue now included."""
        now = self.clock()
        due = self.tick_due
        return self.lag + (max(0.0, now - due) if due else 0.0)

    def blame_timeout(self, began: float, behind: float, message: str) -> tuple[str, str]:
        """A timeout's kind and message: the crawler's own (OWN_LIMIT) when its loop fell behind
        for BUSY_SHARE of the try that began at ``began`` (``behind``: ``behind()`` then), else
        the site's."""
        took = self.clock() - began
        lagged = self.behind() - behind
        if lagged >= BUSY_LEAST and lagged >= BUSY_SHARE * took:
            return ErrorKind.OWN_LIMIT, (
                f"the crawler was too busy to wait for the answer, not the site's doing: its "
                f"event loop fell {lagged:.1f} s behind in the {took:.1f} s of the try "
                f"(fewer workers would help) ({message})"
            )
        return ErrorKind.TIMEOUT, message

    def tries_of(self, url: str) -> int:
        """The tries of ``url`` that failed for the crawler's own reasons: not the site's."""
        return self._tries.get(url, 0) if self._tries else 0

    def forget(self, url: str) -> None:
        """``url`` got its record."""
        if self._tries:
            self._tries.pop(url, None)

    def next_wait(self, url: str, forgiven: bool) -> float | None:
        """Seconds until the next try of ``url``, which failed for the crawler's own reasons, or
        None when it has had OWN_RETRIES such tries (it is then recorded). A ``forgiven`` try
        (begun before the worker count fell, which is lowered since) is not counted."""
        self.failures += 1
        n = self._tries.get(url, 0)
        wait = min(OWN_WAIT * 2**n, OWN_WAIT_MAX) * random.uniform(0.5, 1.5)
        if forgiven:
            return wait
        if n >= OWN_RETRIES:
            return None
        self._tries[url] = n + 1
        return wait
