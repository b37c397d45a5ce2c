"""How many of the workers asked for may fetch at once, adapted as TCP adapts its congestion
window (AIMD): halved when the crawler's own resources fail (out of local ports, files, buffers;
its event loop far behind), grown back by one for about as many good tries as it holds.

20,000 workers on one host spent their time in connect() with the local ports nearly gone: 69% of
the records were the crawler's own failures and 23% of the site was never found
(measured with 20,000 workers: docs/performance-history.md, own_limits.py). Fewer at once fetch more.
"""

from __future__ import annotations

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
