"""The frontier: every URL taken into the crawl and not recorded yet. No Qt here.

The crawl's loop has the seed crawler's shape: ``add_url`` marks a URL seen and queues it, a
worker takes one with ``get`` and says ``task_done`` once it is recorded, and the crawl is over
when ``join`` returns (every URL taken in has been recorded). Deciding whether a URL may be taken
in (scope, max pages, robots) is the caller's.

A URL that must be tried again later (a back-off, a throttled host) stays unfinished meanwhile:
its worker does not call ``task_done``; ``later`` holds it until its time comes and ``requeue``
puts it back, so ``join`` waits for it. ``pending`` lists everything not recorded yet, which is
what a crawl file keeps to resume.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Iterable

from gui_crawler.events import Queued


class Frontier:
    """Seen URLs, the queue of URLs to fetch, the ones workers hold and the ones waiting for
    another try. ``seen`` starts with ``seen`` (URLs an earlier crawl recorded)."""

    __slots__ = (
        "_finished",
        "_getters",
        "_items",
        "_unfinished",
        "delayed",
        "in_flight",
        "retries",
        "seen",
    )

    def __init__(self, seen: Iterable[str] = ()) -> None:
        self.seen: set[str] = set(seen)
        # The worker (by id) holding each URL it took and has not recorded yet.
        self.in_flight: dict[int, Queued] = {}
        # URLs waiting out a back-off before their next try, with the timer that requeues them.
        self.delayed: dict[str, tuple[Queued, asyncio.TimerHandle]] = {}
        # Tries made and first-try time (loop time) of URLs waiting for another try.
        self.retries: dict[str, tuple[int, float]] = {}
        self._items: deque[Queued] = deque()
        self._getters: deque[asyncio.Future[None]] = deque()
        # URLs put on the queue whose worker has not called task_done: join waits for none.
        self._unfinished = 0
        self._finished = asyncio.Event()
        self._finished.set()

    # ---- the queue ----------------------------------------------------------------------------

    def add_url(self, item: Queued) -> None:
        """Take ``item`` into the crawl: seen from now on, and queued."""
        self.seen.add(item.url)
        self.put(item)

    def put(self, item: Queued) -> None:
        """Queue ``item`` (one more unfinished URL); a worker waiting in ``get`` takes it."""
        self._items.append(item)
        self._unfinished += 1
        self._finished.clear()
        getters = self._getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                break

    async def get(self) -> Queued:
        """The next queued URL, waiting for one if none is queued."""
        items = self._items
        while not items:
            getter = asyncio.get_running_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()  # a no-op if it was woken already
                with contextlib.suppress(ValueError):
                    self._getters.remove(getter)
                if items and not getter.cancelled():
                    # Woken for an item it will not take now: the next waiting worker takes it.
                    self._wake_next()
                raise
        return items.popleft()

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
        """URLs queued and not taken by a worker yet."""
        return len(self._items)

    # ---- waiting for another try --------------------------------------------------------------

    def later(self, delay: float, item: Queued) -> None:
        """Put ``item`` back on the queue in ``delay`` seconds. Its worker did not call
        task_done, so it stays unfinished meanwhile."""
        handle = asyncio.get_running_loop().call_later(delay, self.requeue, item)
        self.delayed[item.url] = (item, handle)

    def requeue(self, item: Queued) -> None:
        """A held item (delayed, or parked on its host) goes back on the queue. It never left the
        count of unfinished items (its worker skipped task_done): put back, then settled."""
        self.delayed.pop(item.url, None)
        self.put(item)
        self.task_done()

    def cancel_delayed(self) -> None:
        """Stop the timers of delayed items; the items stay pending."""
        for _, handle in self.delayed.values():
            handle.cancel()

    # ---- what is left -------------------------------------------------------------------------

    def pending(self, parked: Iterable[Queued] = ()) -> list[Queued]:
        """URLs taken in and not recorded yet: in flight, ``parked`` (held by their hosts, which
        the caller keeps), delayed and queued. The frontier a crawl file resumes from."""
        return [
            *self.in_flight.values(),
            *parked,
            *(item for item, _ in self.delayed.values()),
            *self._items,
        ]
