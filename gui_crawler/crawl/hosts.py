"""Per-host politeness: how many requests may be in flight to one host, how far apart they start,
and how long a host that answered 429/503 is left alone. No Qt, no network.

A worker never waits on a host: when a URL's host is saturated, in its delay or backed off, the URL
is parked on the host and the worker takes the next URL from the shared queue. The host hands its
parked URLs back (``release``) when a slot frees or its not-before time passes, so a slow or
throttled host only ever slows itself. The worker whose request freed the slot is handed the next
parked URL itself (``done(take=True)``) when it could start at once: a URL goes through the queue
once, not again each time it waited on its host.

A host whose every try failed (429, 503, no answer) for ``give_up_after`` seconds is given up on
(``failed``): its URLs are handed back at once, for the crawl to record without a request. With
back-off doubling to 10 s a throttled try, a host answering 503 to everything took a crawl of
3,000 of its URLs two hours.
"""

from __future__ import annotations

import asyncio
import collections
import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

from gui_crawler.crawl.robots import NOT_SAVED, PENDING, Robots
from gui_crawler.events import FetchRecord, HostState

T = TypeVar("T")
_SAMPLES = 500  # response times kept per host for the median and p95
RATE_WINDOW = 5.0  # seconds of request starts behind a host's requests per second
# A host is given up on only after this many failed tries in a row, however long they took.
GIVE_UP_TRIES = 5


class Prep(enum.Enum):
    """Whether a host's robots.txt (and, for a root host, its sitemaps) has been read."""

    PENDING = 0
    RUNNING = 1
    READY = 2


def origin_of(url: str) -> str:
    """``scheme://netloc`` of a normalised URL: robots.txt and the limits apply per origin."""
    scheme, _, rest = url.partition("://")
    return scheme + "://" + rest.split("/", 1)[0]


class Host(Generic[T]):
    def __init__(self, origin: str, limit: int, delay: float, *, external: bool) -> None:
        self.origin = origin
        self.limit = limit
        self.delay = delay
        self.external = external
        self.prep = Prep.PENDING
        self.robots_status = PENDING
        self.robots: Robots | None = None
        self.in_flight = 0
        self.next_start = 0.0  # loop time at which the delay allows the next request
        self.backoff_until = 0.0
        self.backoff_step = 0.0
        self.waiting: collections.deque[T] = collections.deque()
        # Parked items handed back (HostTable.wake) and not yet come back for their slot.
        self.handed: set[T] = set()
        self.timer: asyncio.TimerHandle | None = None
        self.requests = 0
        self.times_ms: collections.deque[float] = collections.deque(maxlen=_SAMPLES)
        self.starts: collections.deque[float] = collections.deque()  # in the last RATE_WINDOW
        self.first_start: float | None = None
        self.dirty = True
        # Tries that failed since the last answer (429 and 503 are no answer here), when the
        # first of them ended, and what they failed with; why the host was given up on.
        self.failures = 0
        self.failing_since = 0.0
        self.failed_with: dict[str, None] = {}
        self.gave_up: str | None = None

    def ready_at(self) -> float:
        return max(self.next_start, self.backoff_until)

    def rate(self, now: float) -> float:
        """Requests started per second over the last RATE_WINDOW seconds (fewer, early on)."""
        while self.starts and self.starts[0] <= now - RATE_WINDOW:
            self.starts.popleft()
        if not self.starts or self.first_start is None:
            return 0.0
        return len(self.starts) / max(1.0, min(RATE_WINDOW, now - self.first_start))

    def state(self, now: float) -> HostState:
        median, p95 = _median_p95(self.times_ms)
        return HostState(
            host=self.origin,
            in_flight=self.in_flight,
            limit=self.limit,
            delay=self.delay,
            backoff=max(0.0, self.backoff_until - now),
            waiting=len(self.waiting),
            robots=self.robots_status,
            requests=self.requests,
            median_ms=median,
            p95_ms=p95,
            external=self.external,
            rate=self.rate(now),
        )


class HostTable(Generic[T]):
    """All hosts of one crawl. ``release(item)`` puts a parked item back on the shared queue."""

    def __init__(
        self,
        per_host: int,
        delay: float,
        first_backoff: float,
        max_backoff: float,
        release: Callable[[T], None],
        loop: asyncio.AbstractEventLoop,
        give_up_after: float = 0.0,
    ) -> None:
        self.per_host = per_host
        self.delay = delay
        self.first_backoff = first_backoff
        self.max_backoff = max_backoff
        self.give_up_after = give_up_after  # 0: never
        self._release = release
        self._loop = loop
        self._hosts: dict[str, Host[T]] = {}

    def __iter__(self) -> Iterator[Host[T]]:
        return iter(self._hosts.values())

    def get(self, url: str, *, external: bool = False) -> Host[T]:
        origin = origin_of(url)
        host = self._hosts.get(origin)
        if host is None:
            host = self._hosts[origin] = Host(origin, self.per_host, self.delay, external=external)
        return host

    def parked(self) -> list[T]:
        return [item for host in self._hosts.values() for item in host.waiting]

    def waiting(self) -> int:
        return sum(len(host.waiting) for host in self._hosts.values())

    def admit(self, host: Host[T], item: T | None = None) -> bool:
        """Take a request slot on ``host`` for ``item`` now if its limit, delay and back-off
        allow it. The slots freed are the parked items' that ``wake`` handed back: another
        item is parked behind them rather than taking one first. (It did: on one host of 4
        slots and 10 workers a freed slot went to a URL taken from the queue meanwhile, and the
        item handed back for it was parked again, at the end of the line: ~18,000 times a crawl
        of rust-doc, a second trip through the queue and the host for most of its URLs.)"""
        now = self._loop.time()
        handed = host.handed
        if item is not None and item in handed:
            handed.discard(item)
            free = host.limit - host.in_flight
        else:
            free = 0 if host.waiting else host.limit - host.in_flight - len(handed)
        if free <= 0 or now < host.ready_at():
            return False
        host.in_flight += 1
        host.requests += 1
        host.starts.append(now)
        if host.first_start is None:
            host.first_start = now
        host.next_start = now + host.delay
        host.dirty = True
        return True

    def park(self, host: Host[T], item: T) -> None:
        host.waiting.append(item)
        host.dirty = True
        if host.in_flight + len(host.handed) < host.limit:
            self.wake(host)  # a back-off that already ended (Retry-After: 0) frees it at once
        else:
            self._schedule(host)

    def done(self, host: Host[T], elapsed: float | None, take: bool = False) -> T | None:
        """A request to ``host`` ended (``elapsed`` seconds, None when it failed to answer).
        ``take``: the caller is free for another item, and is handed the host's next parked one
        if it could start now (returned; it holds the slot as one handed back does, ``handed``),
        rather than that one going back through the shared queue to be taken again by some
        worker: on one host of 4 slots and 10 workers that second trip was most URLs'."""
        host.in_flight -= 1
        if elapsed is not None:
            host.times_ms.append(elapsed * 1000)
        host.dirty = True
        item = None
        if (
            take
            and host.waiting
            and not host.delay  # with a delay the timers pace the host's parked items
            and host.prep is Prep.READY
            and host.in_flight + len(host.handed) < host.limit
            and self._loop.time() >= host.ready_at()
        ):
            item = host.waiting.popleft()
            host.handed.add(item)
        self.wake(host)
        return item

    def passed(self, host: Host[T], item: T) -> None:
        """``item`` came back and will not ask for a slot (blocked by robots.txt, the host given
        up on): the slot it was handed back for goes to the next one waiting."""
        if item in host.handed:
            host.handed.discard(item)
            self.wake(host)

    def set_delay(self, host: Host[T], delay: float) -> None:
        host.delay = max(host.delay, delay)
        host.dirty = True

    def throttle(self, host: Host[T], retry_after: float | None) -> None:
        """The host said 429/503: leave it alone for Retry-After, else for a doubling step."""
        if retry_after is None:
            retry_after = max(self.first_backoff, host.backoff_step * 2)
        retry_after = min(retry_after, self.max_backoff)
        host.backoff_step = retry_after
        host.backoff_until = max(host.backoff_until, self._loop.time() + retry_after)
        host.dirty = True

    def failed(self, host: Host[T], what: str) -> bool:
        """A try at ``host`` failed with ``what`` (a status, an error kind). True when that
        makes the host given up on (``host.gave_up`` then says why): every try for
        give_up_after seconds, GIVE_UP_TRIES at least, failed. Its parked URLs are handed back
        at once."""
        if host.gave_up is not None:
            return False
        now = self._loop.time()
        if not host.failures:
            host.failing_since = now
            host.failed_with.clear()
        host.failures += 1
        host.failed_with[what] = None
        took = now - host.failing_since
        if not self.give_up_after or took < self.give_up_after or host.failures < GIVE_UP_TRIES:
            return False
        how = " or ".join(host.failed_with)
        host.gave_up = (
            f"gave up on {host.origin}: {how} to every request for {took:.0f} s "
            f"({host.failures} tries in a row)"
        )
        host.backoff_until = 0.0
        if host.timer is not None:
            host.timer.cancel()
            host.timer = None
        while host.waiting:
            self._release(host.waiting.popleft())
        host.dirty = True
        return True

    def answered(self, host: Host[T]) -> None:
        """A normal answer: the back-off step decays so a recovered host speeds up again."""
        host.failures = 0
        if host.backoff_step:
            host.backoff_step /= 2
            if host.backoff_step < self.first_backoff:
                host.backoff_step = 0.0
            host.dirty = True

    def wake(self, host: Host[T]) -> None:
        """Hand back as many parked items as the host could start now; the rest wait for a slot
        to free or for the timer at the host's not-before time."""
        if not host.waiting or host.prep is Prep.RUNNING:
            return
        now = self._loop.time()
        if now < host.ready_at():
            # Against this same ``now``: read again, the clock may be past ready_at (the thread
            # preempted in between, a timer run a hair early), and then no timer was set, and
            # the host's parked URLs waited with nothing to wake them: the crawl never ended.
            self._schedule(host, now)
            return
        # With a delay only one request can start before the next wake-up.
        n = 1 if host.delay > 0 else host.limit - host.in_flight - len(host.handed)
        for _ in range(min(n, len(host.waiting))):
            item = host.waiting.popleft()
            host.handed.add(item)
            self._release(item)
        host.dirty = True
        if host.waiting and host.delay > 0:
            self._schedule(host)

    def _schedule(self, host: Host[T], now: float | None = None) -> None:
        if host.timer is not None or host.prep is Prep.RUNNING:
            return
        at = host.ready_at()
        if at <= (self._loop.time() if now is None else now):
            return  # only a free slot can let it go on; done() will wake it

        def fire() -> None:
            host.timer = None
            self.wake(host)

        host.timer = self._loop.call_at(at, fire)

    def close(self) -> None:
        for host in self._hosts.values():
            if host.timer is not None:
                host.timer.cancel()
                host.timer = None

    def changed(self) -> list[HostState]:
        """States of the hosts that changed since the last call (a host that was asked
        anything in the last RATE_WINDOW seconds counts as changed: its rate falls as it idles)."""
        now = self._loop.time()
        out = []
        for host in self._hosts.values():
            if host.dirty or host.backoff_until > now - 1 or host.starts:
                host.dirty = False
                out.append(host.state(now))
        return out


def _median_p95(times_ms: Iterable[float]) -> tuple[float, float]:
    t = sorted(times_ms)
    if not t:
        return 0.0, 0.0
    # statistics.median's own arithmetic, on the list sorted already: its module (with decimal
    # and fractions) is ~1% of the command line's start, for this one call at the crawl's end.
    half = len(t) // 2
    median = t[half] if len(t) % 2 else (t[half - 1] + t[half]) / 2
    return median, t[min(len(t) - 1, int(len(t) * 0.95))]


class HostFigures:
    """Per-host figures of a crawl read back from its file, gathered a batch of records at a
    time (``add``), in order of first contact: requests (tries) and response times. A file
    keeps no live state, so nothing is in flight or backed off and the robots.txt state is
    unknown."""

    def __init__(self, per_host: int, delay: float = 0.0) -> None:
        self.per_host = per_host
        self.delay = delay
        self._tries: dict[str, int] = {}
        self._times: dict[str, list[float]] = {}
        self._external: dict[str, bool] = {}

    def add(self, records: Iterable[FetchRecord]) -> None:
        tries, times, external = self._tries, self._times, self._external
        for r in records:
            origin = origin_of(r.url)
            tries[origin] = tries.get(origin, 0) + r.tries
            external.setdefault(origin, r.external)
            if r.status is not None:
                ms = r.dns_ms + r.connect_ms + r.ttfb_ms + r.download_ms
                times.setdefault(origin, []).append(ms)

    def states(self) -> list[HostState]:
        out = []
        for origin, n in self._tries.items():
            median, p95 = _median_p95(self._times.get(origin, ()))
            out.append(
                HostState(
                    host=origin,
                    in_flight=0,
                    limit=self.per_host,
                    delay=self.delay,
                    backoff=0.0,
                    waiting=0,
                    robots=NOT_SAVED,
                    requests=n,
                    median_ms=median,
                    p95_ms=p95,
                    external=self._external[origin],
                )
            )
        return out


def states_from_records(
    records: Iterable[FetchRecord], per_host: int, delay: float = 0.0
) -> list[HostState]:
    """Per-host figures of these records (HostFigures fed them all at once)."""
    figures = HostFigures(per_host, delay)
    figures.add(records)
    return figures.states()
