"""The requests the timeline draws: one row per finished request, the newest ``limit`` kept."""

from __future__ import annotations

import bisect
import operator
import sys
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from gui_crawler.crawl.hosts import origin_of
from gui_crawler.crawl.phases import FIELDS, PHASES
from gui_crawler.events import FetchRecord
from gui_crawler.ui.roles import LabelledTable
from gui_crawler.ui.timeline_hosts import HostLanes
from gui_crawler.ui.timeline_nodes import WorkerLanes

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class Bar:
    """One request on the time axis; ``start``/``end`` are seconds since the crawl began."""

    worker: int
    start: float
    end: float
    phases: Sequence[float]  # seconds, in PHASES order (finished: float32s, 216 B less a bar)
    url: str
    status: int | None
    error: str | None
    tries: int
    main: int  # index of the longest phase: the colour of a bar too narrow to split
    live: bool = False  # under way: ``end`` is now, ``main`` the phase it is in
    host: str = ""  # scheme://netloc
    slot: int = 0  # its lane among its host's lanes

    @classmethod
    def of_noted(cls, v: Noted, host: str = "", slot: int = 0, offset: float = 0.0) -> Bar:
        """The bar of a record as ``_noted`` read it; ``offset`` seconds are added to its times
        (a later run of a crawl file drawn after the earlier ones)."""
        phases = array("f", [ms / 1000.0 for ms in v[_PHASES:]])
        end = v[1] + offset
        return cls(v[0], end - v[2], end, phases, v[3], v[4], v[5], v[6],
                   phases.index(max(phases)), False, host, slot)  # fmt: skip


# What a bar needs of a record, read at once (a batch noted while the Timeline tab is hidden
# keeps these, not the records): worker, finished_at, elapsed, url, status, error_kind, tries,
# then the phases' milliseconds.
Noted = tuple[Any, ...]
_noted: Callable[[FetchRecord], Noted] = operator.attrgetter(
    "worker", "finished_at", "elapsed", "url", "status", "error_kind", "tries", *FIELDS
)
_PHASES = 7


_FINISHED = operator.itemgetter(1)
FRESH_MAX = 20_000
# Within a run, records are written in the order they finish; times that fall back by more than
# this start the next run (a continued crawl's clock starts at 0).
RUN_BREAK = 0.25

HEADERS = ("Worker", "Start (s)", "URL", "Status", *(p + " (ms)" for p in PHASES))


class TimelineModel(LabelledTable):
    """Bars ordered by end time (the order records arrive in), so a view window is a bisect away.
    Totals per phase cover the whole crawl, also the bars already dropped.

    While the Timeline tab is hidden (``deferred``, driven by ui/catch_up.IdleCatchUp) a batch is
    only noted, what its bars need read from its records, and placed in a lull, when the tab is
    shown, or when anything reads the bars, the totals or the worker lanes: placing them as they
    came was ~1.8% of the window's loop on rust-doc, on the thread the crawl shares. The crawl's
    clock (``now``) follows the batches either way. A batch placed later is placed as it would
    have been then: batches in order, and a host's lanes never begun by a host's state first."""

    COLUMNS = HEADERS
    # Records noted at most; past it, placed as they come. Noted, rust-doc's 22,292 hold 11.7 MB
    # (tracemalloc), placed as bars 9.3 MB: a batch's noted values go as its bars are made.
    WAITING_MAX = 100_000
    CATCH_UP = 2000  # records placed a turn of the loop in a lull

    def __init__(self, parent: Any = None, limit: int = 50_000) -> None:
        super().__init__(parent)
        self.limit = limit
        self._bars: list[Bar] = []
        self.ends: list[float] = []
        self._totals = [0.0] * len(PHASES)
        self._lanes = WorkerLanes()
        self.now = 0.0
        # The requests under way at the last frame, drawn as growing bars (not rows of the model).
        self.inflight: list[Bar] = []
        self.hosts = HostLanes()
        # Bars added since the view last painted, None when more came than it would draw one by
        # one; ``generation`` changes when the bars are replaced, not added to.
        self.fresh: list[Bar] | None = []
        self.generation = 0
        self._loading = (0.0, 0.0, 0.0)  # load_more's offset, last end, its run's last end
        self.deferred = False
        self.version = 0  # batches taken
        self.on_waiting: Callable[[], None] | None = None  # a batch began to wait
        self._waiting: deque[tuple[float, list[Noted]]] = deque()  # (offset, noted) a batch
        self._waiting_records = 0

    @property
    def bars(self) -> list[Bar]:
        self.catch_up()
        return self._bars

    @property
    def lanes(self) -> WorkerLanes:
        self.catch_up()
        return self._lanes

    @property
    def totals(self) -> list[float]:
        self.catch_up()
        return self._totals

    @property
    def waiting(self) -> bool:
        return bool(self._waiting)

    def catch_up(self, count: int | None = None) -> bool:
        """Place the batches noted (about ``count`` records, at least a batch; None: all);
        True when none waits any more."""
        waiting = self._waiting
        placed = 0
        while waiting and (count is None or placed < count):
            offset, noted = waiting.popleft()
            self._waiting_records -= len(noted)
            self._place(noted, offset)
            placed += len(noted)
        return not waiting

    @property
    def workers(self) -> int:
        """The workers' lanes (one machine: its highest worker id drawn, plus one)."""
        self.catch_up()
        return self._lanes.total()

    @workers.setter
    def workers(self, n: int) -> None:
        self._lanes.see(n - 1)

    def take_fresh(self) -> list[Bar] | None:
        fresh, self.fresh = self.fresh, []
        return fresh

    def clear(self) -> None:
        self.beginResetModel()
        self._waiting.clear()
        self._waiting_records = 0
        self._bars.clear()
        self.ends.clear()
        self._totals = [0.0] * len(PHASES)
        self._lanes.clear()
        self.now = 0.0
        self.inflight.clear()
        self.hosts.clear()
        self.fresh = []
        self.generation += 1
        self._loading = (0.0, 0.0, 0.0)
        self.endResetModel()

    def add(self, records: list[FetchRecord], offset: float = 0.0) -> None:
        """Add the bars of a batch; ``offset``: see Bar.of_noted."""
        noted = sorted((_noted(r) for r in records if r.worker >= 0), key=_FINISHED)
        if not noted:
            return
        self.version += 1
        if not self.deferred:
            self.catch_up()  # those noted before come first
            self._place(noted, offset)
            return
        was_waiting = self.waiting
        self._waiting.append((offset, noted))
        self._waiting_records += len(noted)
        self.now = max(self.now, noted[-1][1] + offset)
        if self._waiting_records > self.WAITING_MAX:
            self.catch_up(self.CATCH_UP)  # past the bound, placed as they come
        elif not was_waiting and self.on_waiting is not None:
            self.on_waiting()

    def _place(self, noted: list[Noted], offset: float) -> None:
        place = self.hosts.place
        new = []
        for v in noted:
            host = sys.intern(origin_of(v[3]))  # one string a host, not one a bar
            end = v[1] + offset
            new.append(Bar.of_noted(v, host, place(host, end - v[2], end), offset))
        totals = self._totals
        for b in new:
            for i, ms in enumerate(b.phases):
                totals[i] += ms
            self._lanes.see(b.worker)
        self.now = max(self.now, new[-1].end)
        if self.fresh is not None:
            self.fresh.extend(new)
            if len(self.fresh) > FRESH_MAX:
                self.fresh = None
        bars = self._bars
        drop = len(bars) + len(new) - self.limit
        if drop > 0:
            drop = min(drop, len(bars))
            self.beginRemoveRows(QModelIndex(), 0, drop - 1)
            del bars[:drop]
            del self.ends[:drop]
            self.endRemoveRows()
        ends = self.ends
        if not ends or new[0].end >= ends[-1]:  # the usual: after every bar placed, in order
            first = len(bars)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            bars.extend(new)
            ends.extend(b.end for b in new)
            self.endInsertRows()
            return
        for b in new:  # one straggles: each where its end puts it, so bisect stays valid
            i = bisect.bisect_right(ends, b.end)
            self.beginInsertRows(QModelIndex(), i, i)
            ends.insert(i, b.end)
            bars.insert(i, b)
            self.endInsertRows()

    def load(self, records: Iterable[FetchRecord]) -> None:
        """The requests of a crawl file, in the order it recorded them, on the crawl's own time
        axis. Each run of the crawl (started, then continued) counts its times from its own
        start: a run that begins where the times fall back is drawn after the one before."""
        self.clear()
        self.load_more(records)

    def load_more(self, records: Iterable[FetchRecord]) -> None:
        """``load`` a batch at a time: the records that follow those loaded since the last
        ``clear`` (a file read back in batches, the window kept responsive between them)."""
        offset, last, run_end = self._loading
        run: list[FetchRecord] = []
        for r in records:
            if r.worker < 0:
                continue
            if r.finished_at < last - RUN_BREAK:  # a new run: its clock started again
                self.add(run, offset)
                offset += run_end
                run, run_end = [], 0.0
            run.append(r)
            last = r.finished_at
            run_end = max(run_end, last)
        self.add(run, offset)
        self._loading = (offset, last, run_end)

    def visible(self, t0: float, t1: float, longest: float = 120.0) -> list[Bar]:
        """Bars overlapping [t0, t1]; a bar is assumed no longer than ``longest`` seconds."""
        bars = self.bars  # placed first
        lo = bisect.bisect_left(self.ends, t0)
        hi = bisect.bisect_right(self.ends, t1 + longest)
        return [b for b in bars[lo:hi] if b.start <= t1]

    def recent_totals(self, seconds: float) -> list[float]:
        """Phase totals of the bars that ended in the last ``seconds``."""
        bars = self.bars  # placed first
        lo = bisect.bisect_left(self.ends, self.now - seconds)
        out = [0.0] * len(PHASES)
        for b in bars[lo:]:
            for i, v in enumerate(b.phases):
                out[i] += v
        return out

    # ---- the Qt model ---------------------------------------------------------------------

    # The rows are the bars placed: Qt asks for them while rows are inserted, when placing more
    # would break what it was told.

    def row_count(self) -> int:
        return len(self._bars)

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        b = self._bars[index.row()]
        c = index.column()
        if c == 0:
            return b.worker
        if c == 1:
            return round(b.start, 3)
        if c == 2:
            return b.url
        if c == 3:
            return b.status if b.error is None else b.error
        return round(b.phases[c - 4] * 1000.0, 1)
