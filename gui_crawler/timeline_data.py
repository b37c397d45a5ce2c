"""What the request timeline shows, kept apart from its drawing: the tries per worker lane, what
each worker is doing now, and where the time goes (phase totals, whole crawl and recent). Qt-free.
"""

from __future__ import annotations

import bisect
import collections
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .events import RequestTiming, WorkerEvent, WorkerState

PHASES = RequestTiming.PHASES
MAX_SPANS = 200_000  # past this the oldest tries are dropped (about 40 MB): memory stays bounded
RECENT = 10.0  # seconds of "the last few seconds" in where the time goes


@dataclass(slots=True)
class Lane:
    """One worker's tries, in the order they ended (a worker does one at a time, so their
    starts and ends both increase)."""

    starts: list[float] = field(default_factory=list)
    spans: list[RequestTiming] = field(default_factory=list)
    busy: tuple[float, str | None, WorkerState] | None = None  # (since, url, state) while working

    def between(self, t0: float, t1: float) -> Iterator[RequestTiming]:
        """The tries overlapping [t0, t1]."""
        spans = self.spans
        # A try starting before t0 may still reach into the window: step back over those.
        i = bisect.bisect_left(self.starts, t0)
        while i > 0 and spans[i - 1].end > t0:
            i -= 1
        for j in range(i, len(spans)):
            s = spans[j]
            if s.start > t1:
                return
            yield s


class TimelineData:
    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.lanes: dict[int, Lane] = {}
        self.count = 0
        self.origin: float | None = None  # loop time shown as 0 s
        self.latest = 0.0  # the latest loop time heard of
        self.totals = [0.0] * len(PHASES)
        self._recent: collections.deque[RequestTiming] = collections.deque()
        self._order: collections.deque[int] = collections.deque()  # lane of each kept try

    def lane(self, wid: int) -> Lane:
        lane = self.lanes.get(wid)
        if lane is None:
            lane = self.lanes[wid] = Lane()
        return lane

    def add(self, spans: Iterable[RequestTiming]) -> None:
        for s in spans:
            if self.origin is None:
                self.origin = s.start
            lane = self.lane(s.worker_id)
            lane.starts.append(s.start)
            lane.spans.append(s)
            self._order.append(s.worker_id)
            for i, d in enumerate(s.durations):
                self.totals[i] += d
            self._recent.append(s)
            self.count += 1
            end = s.end
            if end > self.latest:
                self.latest = end
        while len(self._order) > MAX_SPANS:
            lane = self.lanes[self._order.popleft()]
            del lane.starts[0], lane.spans[0]

    def workers(self, events: Iterable[WorkerEvent]) -> None:
        for e in events:
            if self.origin is None:
                self.origin = e.since
            if e.state in (WorkerState.FETCHING, WorkerState.PARSING):
                lane = self.lane(e.worker_id)
                if lane.busy is None or lane.busy[1] != e.url:
                    lane.busy = (e.since, e.url, e.state)
                else:
                    lane.busy = (lane.busy[0], e.url, e.state)
            elif e.worker_id in self.lanes:
                self.lanes[e.worker_id].busy = None
            if e.since > self.latest:
                self.latest = e.since

    def tick(self, now: float) -> None:
        self.latest = max(self.latest, now)

    def recent_totals(self, now: float | None = None) -> list[float]:
        """Phase totals (seconds) of the tries that ended in the last ``RECENT`` seconds."""
        now = self.latest if now is None else now
        recent = self._recent
        while recent and recent[0].end < now - RECENT:
            recent.popleft()
        totals = [0.0] * len(PHASES)
        for s in recent:
            for i, d in enumerate(s.durations):
                totals[i] += d
        return totals


def groups(phase_totals: list[float]) -> dict[str, float]:
    """Phase totals folded into what a person asks: network, waiting or parsing?"""
    wait, dns, connect, ttfb, download, parse = phase_totals
    return {"network": dns + connect + ttfb + download, "waiting": wait, "parsing": parse}
