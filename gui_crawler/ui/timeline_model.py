"""The requests the timeline draws: one row per finished request, the newest ``limit`` kept."""

from __future__ import annotations

import bisect
import sys
from array import array
from collections.abc import Iterable, Sequence
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
    def of(cls, rec: FetchRecord, host: str = "", slot: int = 0, offset: float = 0.0) -> Bar:
        """The bar of a record; ``offset`` seconds are added to its times (a later run of a
        crawl file drawn after the earlier ones)."""
        phases = array("f", [getattr(rec, f) / 1000.0 for f in FIELDS])
        end = rec.finished_at + offset
        return cls(
            rec.worker,
            end - rec.elapsed,
            end,
            phases,
            rec.url,
            rec.status,
            rec.error_kind,
            rec.tries,
            phases.index(max(phases)),
            False,
            host,
            slot,
        )


FRESH_MAX = 20_000
# Within a run, records are written in the order they finish; times that fall back by more than
# this start the next run (a continued crawl's clock starts at 0).
RUN_BREAK = 0.25

HEADERS = ("Worker", "Start (s)", "URL", "Status", *(p + " (ms)" for p in PHASES))


class TimelineModel(LabelledTable):
    """Bars ordered by end time (the order records arrive in), so a view window is a bisect away.
    Totals per phase cover the whole crawl, also the bars already dropped."""

    COLUMNS = HEADERS

    def __init__(self, parent: Any = None, limit: int = 50_000) -> None:
        super().__init__(parent)
        self.limit = limit
        self.bars: list[Bar] = []
        self.ends: list[float] = []
        self.totals = [0.0] * len(PHASES)
        self.lanes = WorkerLanes()
        self.now = 0.0
        # The requests under way at the last frame, drawn as growing bars (not rows of the model).
        self.inflight: list[Bar] = []
        self.hosts = HostLanes()
        # Bars added since the view last painted, None when more came than it would draw one by
        # one; ``generation`` changes when the bars are replaced, not added to.
        self.fresh: list[Bar] | None = []
        self.generation = 0
        self._loading = (0.0, 0.0, 0.0)  # load_more's offset, last end, its run's last end

    @property
    def workers(self) -> int:
        """The workers' lanes (one machine: its highest worker id drawn, plus one)."""
        return self.lanes.total()

    @workers.setter
    def workers(self, n: int) -> None:
        self.lanes.see(n - 1)

    def take_fresh(self) -> list[Bar] | None:
        fresh, self.fresh = self.fresh, []
        return fresh

    def clear(self) -> None:
        self.beginResetModel()
        self.bars.clear()
        self.ends.clear()
        self.totals = [0.0] * len(PHASES)
        self.lanes.clear()
        self.now = 0.0
        self.inflight.clear()
        self.hosts.clear()
        self.fresh = []
        self.generation += 1
        self._loading = (0.0, 0.0, 0.0)
        self.endResetModel()

    def add(self, records: list[FetchRecord], offset: float = 0.0) -> None:
        """Add the bars of a batch; ``offset``: see Bar.of."""
        took = sorted((r for r in records if r.worker >= 0), key=lambda r: r.finished_at)
        if not took:
            return
        place = self.hosts.place
        new = []
        for r in took:
            host = sys.intern(origin_of(r.url))  # one string a host, not one a bar
            end = r.finished_at + offset
            new.append(Bar.of(r, host, place(host, end - r.elapsed, end), offset))
        for b in new:
            for i, v in enumerate(b.phases):
                self.totals[i] += v
            self.lanes.see(b.worker)
        self.now = max(self.now, new[-1].end)
        if self.fresh is not None:
            self.fresh.extend(new)
            if len(self.fresh) > FRESH_MAX:
                self.fresh = None
        drop = len(self.bars) + len(new) - self.limit
        if drop > 0:
            drop = min(drop, len(self.bars))
            self.beginRemoveRows(QModelIndex(), 0, drop - 1)
            del self.bars[:drop]
            del self.ends[:drop]
            self.endRemoveRows()
        first = len(self.bars)
        self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
        for b in new:
            # Batches are nearly ordered; insort keeps bisect valid if one straggles.
            i = bisect.bisect_right(self.ends, b.end)
            self.ends.insert(i, b.end)
            self.bars.insert(i, b)
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
        lo = bisect.bisect_left(self.ends, t0)
        hi = bisect.bisect_right(self.ends, t1 + longest)
        return [b for b in self.bars[lo:hi] if b.start <= t1]

    def recent_totals(self, seconds: float) -> list[float]:
        """Phase totals of the bars that ended in the last ``seconds``."""
        lo = bisect.bisect_left(self.ends, self.now - seconds)
        out = [0.0] * len(PHASES)
        for b in self.bars[lo:]:
            for i, v in enumerate(b.phases):
                out[i] += v
        return out

    # ---- the Qt model ---------------------------------------------------------------------

    def row_count(self) -> int:
        return len(self.bars)

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        b = self.bars[index.row()]
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
