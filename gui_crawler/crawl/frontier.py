"""The frontier: every URL taken into the crawl and not recorded yet. No Qt here.

The crawl's loop has the seed crawler's shape: ``add_url`` marks a URL seen and queues it, a
worker takes one with ``get`` and says ``task_done`` once it is recorded, and the crawl is over
when ``join`` returns (every URL taken in has been recorded). Deciding whether a URL may be taken
in (scope, max pages, robots) is the caller's.

A URL that must be tried again later (a back-off, a throttled host) stays unfinished meanwhile:
its worker does not call ``task_done``; ``later`` holds it until its time comes and ``requeue``
puts it back, so ``join`` waits for it. ``pending`` lists everything not recorded yet, which is
what a crawl file keeps to resume.

Memory stays bounded however many URLs a crawl takes in: the seen URLs are fingerprints
(``seen.Seen``), the queue keeps ``spill_at`` items in memory and the rest in a temporary file
(``spill.Spill``), and once ``park_limit`` URLs are parked on their hosts (``park``/``unpark``) a
worker waits for one of them to go back on the queue before it takes another URL: a host slower
than the workers would otherwise draw the whole queue into its own, in memory.

URLs that come back (from their host, or after a back-off) and redirect targets go ahead of the
queue, first in first out among themselves: they were taken from the queue's head (or the redirect
was), and behind a queue of millions their redirect chains and try counts would wait in memory
for as long as the queue takes to drain.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Iterable

from gui_crawler.base.translate import translate
from gui_crawler.crawl.seen import Seen
from gui_crawler.crawl.spill import BATCH, Spill
from gui_crawler.events import Queued

log = logging.getLogger(__name__)

# Queued URLs kept in memory (~180 B each on tiny pages, ~9 MB); the rest wait on disk.
SPILL_AT = 50_000
# URLs parked on their hosts at most before workers wait for one to go back on the queue.
PARK_LIMIT = 10_000
# Once the limit is reached, workers take queued URLs again only when this many fewer (at most a
# tenth of the limit) are parked: each URL back from its host woke every waiting worker, which
# parked one more URL and the rest waited again (on one host with 10 workers, ~37,000 wake-ups
# of the 22,000 URLs of rust-doc).
ROOM_AGAIN = 100


class Frontier:
    """Seen URLs, the queue of URLs to fetch, the ones workers hold and the ones waiting for
    another try. ``seen`` starts with ``seen`` (URLs an earlier crawl recorded).

    ``spill_at`` items are queued in memory at most, the rest in a file in ``spill_dir`` (None:
    the system's temp dir). ``on_notice(text)`` is told once if that file cannot be written (the
    queue then stays in memory, nothing lost)."""

    __slots__ = (
        "_finished",
        "_getters",
        "_items",
        "_ready",
        "_room",
        "_spill",
        "_unfinished",
        "delayed",
        "in_flight",
        "on_notice",
        "park_limit",
        "parked",
        "retries",
        "seen",
        "spill_at",
        "spill_dir",
    )

    def __init__(
        self,
        seen: Iterable[str] = (),
        *,
        spill_at: int = SPILL_AT,
        spill_dir: str | None = None,
        park_limit: int = PARK_LIMIT,
    ) -> None:
        self.seen = Seen(seen)
        # The worker (by id) holding each URL it took and has not recorded yet.
        self.in_flight: dict[int, Queued] = {}
        # URLs waiting out a back-off before their next try, with the timer that requeues them.
        self.delayed: dict[str, tuple[Queued, asyncio.TimerHandle]] = {}
        # Tries made and first-try time (loop time) of URLs waiting for another try.
        self.retries: dict[str, tuple[int, float]] = {}
        self.spill_at = spill_at
        self.spill_dir = spill_dir
        self.park_limit = park_limit
        self.parked = 0  # URLs parked on their hosts (the caller keeps them)
        self.on_notice: Callable[[str], None] = lambda text: None
        # The queue: items come back ahead of it (_ready), then its oldest items in memory, then
        # (once spill_at are) the rest in the spill.
        self._ready: deque[Queued] = deque()
        self._items: deque[Queued] = deque()
        self._spill: Spill | None = None
        self._getters: deque[asyncio.Future[None]] = deque()
        # URLs put on the queue whose worker has not called task_done: join waits for none.
        self._unfinished = 0
        self._finished = asyncio.Event()
        self._finished.set()
        self._room = True  # fewer than park_limit URLs are parked

    # ---- the queue ----------------------------------------------------------------------------

    def add_url(self, item: Queued, ahead: bool = False) -> None:
        """Take ``item`` into the crawl: seen from now on, and queued (``ahead``: ahead of the
        queue, as a redirect's target is)."""
        self.seen.add(item.url)
        self.put(item, ahead)

    def put(self, item: Queued, ahead: bool = False) -> None:
        """Queue ``item`` (one more unfinished URL), at the end of the queue or ``ahead`` of it;
        a worker waiting in ``get`` takes it."""
        spill = self._spill
        if ahead:
            self._ready.append(item)
        elif spill:  # older items wait there: this one goes after them
            spill.append(item)
        elif len(self._items) < self.spill_at:
            self._items.append(item)
        else:
            if spill is None:
                # Batches no larger than the memory part: a tiny one (a test's) uses the file.
                batch = min(self.spill_at, BATCH)
                spill = self._spill = Spill(self.spill_dir, batch, self._spill_failed)
            spill.append(item)
        self._unfinished += 1
        self._finished.clear()
        getters = self._getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                break

    async def get(self) -> Queued:
        """The next queued URL, waiting for one if none is queued. URLs that came back ahead of
        the queue are taken at any time; while ``park_limit`` URLs are parked on their hosts,
        no other is, until one of them goes back on the queue. (Waiting for room before taking
        those that came back stopped a crawl: a host hands its parked URLs back a few at a time,
        as its slots free, so they stayed ahead of workers all waiting for room.)"""
        ready, items = self._ready, self._items
        while True:
            if ready:
                return ready.popleft()
            if self._room:
                if items:
                    return items.popleft()
                if self._spill:
                    self._refill()
                    continue
            getter = asyncio.get_running_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()  # a no-op if it was woken already
                with contextlib.suppress(ValueError):
                    self._getters.remove(getter)
                if (ready or (self._room and (items or self._spill))) and not getter.cancelled():
                    # Woken for an item it will not take now: the next waiting worker takes it.
                    self._wake_next()
                raise

    def _refill(self) -> None:
        """The spill's oldest batch to the memory part (which is empty)."""
        spill = self._spill
        assert spill is not None
        try:
            self._items.extend(spill.take())
        except OSError as e:
            # Cannot happen short of a failing disk; the crawl file still has these URLs (a
            # resume fetches them), and the crawl must not wait for them forever.
            lost = spill.drop_file()
            self._say(f"{lost:,} queued URLs were lost: the queue's file cannot be read ({e})")
            self._unfinished -= lost
            if self._unfinished <= 0:
                self._unfinished = 0
                self._finished.set()

    def _spill_failed(self, why: str) -> None:
        self._say(
            translate(
                "Engine",
                "The queue cannot be written to disk ({why}): the URLs queued past {n} stay in "
                "memory",
            ).format(why=why, n=f"{self.spill_at:,}")
        )

    def _say(self, text: str) -> None:
        log.warning("%s", text)
        self.on_notice(text)

    def _wake_next(self) -> None:
        getters = self._getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                return

    def task_done(self) -> None:
        """A URL taken with ``get`` is finished (recorded)."""
        if self._unfinished <= 0:
            raise ValueError("task_done() called more times than URLs were queued")
        self._unfinished -= 1
        if self._unfinished == 0:
            self._finished.set()

    async def join(self) -> None:
        """Wait until every URL queued has been finished with ``task_done``."""
        if self._unfinished:
            await self._finished.wait()

    def qsize(self) -> int:
        """URLs queued and not taken by a worker yet (those on disk too)."""
        spill = self._spill
        return len(self._ready) + len(self._items) + (len(spill) if spill is not None else 0)

    def left(self, parked: int = 0) -> int:
        """How many URLs ``pending`` lists (``parked``: how many are parked), without listing
        them."""
        return len(self.in_flight) + parked + len(self.delayed) + self.qsize()

    def close(self) -> None:
        """Delete the queue's file, if one was written: what it held is no longer ``pending``.
        Dropping the frontier does the same."""
        if self._spill is not None:
            self._spill.close()
            self._spill = None

    # ---- parked on their hosts ----------------------------------------------------------------

    def park(self) -> None:
        """The caller parks a URL on its host (to come back through ``unpark``)."""
        self.parked += 1
        if self.parked >= self.park_limit:
            self._room = False

    def unpark(self, item: Queued) -> None:
        """A parked URL goes back on the queue (``requeue``)."""
        self.unparked()
        self.requeue(item)

    def unparked(self) -> None:
        """A parked URL left its host: back on the queue (``unpark``), or straight to a worker
        (still unfinished, as it was all along)."""
        self.parked -= 1
        limit = self.park_limit
        if not self._room and self.parked < limit - min(ROOM_AGAIN, limit // 10):
            self._room = True
            for getter in self._getters:  # each may take a queued URL again
                if not getter.done():
                    getter.set_result(None)
            self._getters.clear()

    # ---- waiting for another try --------------------------------------------------------------

    def later(self, delay: float, item: Queued) -> None:
        """Put ``item`` back on the queue in ``delay`` seconds. Its worker did not call
        task_done, so it stays unfinished meanwhile."""
        handle = asyncio.get_running_loop().call_later(delay, self.requeue, item)
        self.delayed[item.url] = (item, handle)

    def requeue(self, item: Queued) -> None:
        """A held item (delayed, or parked on its host) goes back, ahead of the queue. It never
        left the count of unfinished items (its worker skipped task_done): put back, then
        settled."""
        self.delayed.pop(item.url, None)
        self.put(item, ahead=True)
        self.task_done()

    def cancel_delayed(self) -> None:
        """Stop the timers of delayed items; the items stay pending."""
        for _, handle in self.delayed.values():
            handle.cancel()

    # ---- what is left -------------------------------------------------------------------------

    def pending(self, parked: Iterable[Queued] = ()) -> list[Queued]:
        """URLs taken in and not recorded yet: in flight, ``parked`` (held by their hosts, which
        the caller keeps), delayed and queued (in memory, then on disk). The frontier a crawl
        file resumes from."""
        return [
            *self.in_flight.values(),
            *parked,
            *(item for item, _ in self.delayed.values()),
            *self._ready,
            *self._items,
            *(self._spill.items() if self._spill is not None else ()),
        ]
