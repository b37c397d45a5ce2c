"""Lanes by host: each host gets one lane per slot of its per-host limit, and a request sits in a
lane of its host that was free when it started (so the lanes of a host show how its slots were
used, and an empty lane a slot that was never needed)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class HostLanes:
    order: list[str] = field(default_factory=list)  # hosts, first seen first
    limit: dict[str, int] = field(default_factory=dict)  # slots per host, from its state
    waiting: dict[str, list[tuple[float, int]]] = field(default_factory=dict)  # (t, URLs held)
    _ends: dict[str, list[float]] = field(default_factory=dict)  # per host, per slot: last end
    _offset: dict[str, int] = field(default_factory=dict)
    _total: int = 0

    def clear(self) -> None:
        for d in (self.limit, self.waiting, self._ends, self._offset):
            d.clear()
        self.order.clear()
        self._total = 0

    def _ends_of(self, host: str) -> list[float]:
        ends = self._ends.get(host)
        if ends is None:
            ends = self._ends[host] = []
            self.order.append(host)
            self._offset.clear()
        return ends

    def place(self, host: str, start: float, end: float) -> int:
        """The slot of a finished request: the free lane that freed last (requests keep to one
        lane while a slot is busy); a new lane when none is free (more in flight than the limit:
        robots.txt, or a limit raised during the crawl)."""
        ends = self._ends_of(host)
        best = -1
        for i, e in enumerate(ends):
            if e <= start and (best < 0 or e > ends[best]):
                best = i
        if best < 0:
            ends.append(end)
            self._offset.clear()
            return len(ends) - 1
        ends[best] = end
        return best

    def peek(self, host: str, start: float, taken: set[int]) -> int:
        """The slot a request under way is drawn in, not kept: it is placed when it ends."""
        ends = self._ends_of(host)
        for i, e in enumerate(ends):
            if e <= start and i not in taken:
                return i
        i = len(ends)
        while i in taken:
            i += 1
        return i

    def knows(self, host: str) -> bool:
        """``host`` has its lanes (a request of it placed, or its state set)."""
        return host in self._ends

    def set_state(self, host: str, limit: int, waiting: int, now: float) -> None:
        self._ends_of(host)
        if self.limit.get(host) != limit:
            self.limit[host] = limit
            self._offset.clear()
        w = self.waiting.setdefault(host, [])
        if not w or w[-1][1] != waiting:
            w.append((now, waiting))

    def lanes_of(self, host: str) -> int:
        return max(1, self.limit.get(host, 0), len(self._ends.get(host, ())))

    def offset(self, host: str) -> int:
        """The first lane of ``host`` among all hosts' lanes."""
        if not self._offset:
            n = 0
            for h in self.order:
                self._offset[h] = n
                n += self.lanes_of(h)
            self._total = n
        return self._offset.get(host, 0)

    def total(self) -> int:
        self.offset("")
        return self._total
