"""The pages table's model, fed in batches by the bridge (its filtered view: ui.pages_proxy).

The table reads its rows from the crawl file (gui_crawler.storage.pagequery): ``PagesModel``
keeps the seqs of its rows in view order (8 bytes a row) and the records of the rows lately shown
in a small cache, read a block at a time; each cell's text is PageColumn.display's. Sorting and
filtering are SQL queries, run on a thread when the table is large. Without a crawl file (records
fed directly, a crawl file that failed) the model keeps the records it is given in a database of
its own in memory, read the same way.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    QTimer,
    Signal,
)

from gui_crawler.base.translate import COLUMNS, translate
from gui_crawler.events import FetchRecord
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS, PageColumn, columns_of
from gui_crawler.records.verdicts import NO_RULES, StatusRules, status_class
from gui_crawler.storage import pagequery
from gui_crawler.storage.pagequery import Filter, Querier, Query, Source
from gui_crawler.ui.i18n import said_cell
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.roles import RIGHT, AnyIndex, LabelledTable, Roles, brush_of

COL_URL, COL_STATUS = COLUMN_INDEX["url"], COLUMN_INDEX["status"]


class PageRow:
    """One row of the pages table as read from the crawl file: its record, its status class, its
    verdict's colour and its cells' text (made when first shown). ``columns``: the table's (one
    tuple shared)."""

    __slots__ = ("_display", "brush", "cls", "columns", "record")

    def __init__(
        self,
        record: FetchRecord,
        columns: tuple[PageColumn, ...] = PAGE_COLUMNS,
        rules: StatusRules = NO_RULES,
    ) -> None:
        self.record = record
        self.cls = status_class(record)
        self.brush = brush_of(record, rules)
        self.columns = columns
        self._display: tuple[str, ...] | None = None

    @property
    def display(self) -> tuple[str, ...]:
        if self._display is None:
            self._display = tuple(said_cell(c.csv, c.display(self.record)) for c in self.columns)
        return self._display

    def key(self, column: int) -> Any:
        """The sort key of a cell: one column's keys are mutually comparable."""
        return self.columns[column].key(self.record)


CACHE_ROWS = 4096  # rows whose records and text are kept (a screen shows ~50)
BLOCK = 128  # rows read together when one not cached is shown
SYNC_ROWS = 20_000  # an order of fewer rows is made on the event loop (a few milliseconds)
# Rows given and not committed yet are read AGAIN_MS after the last batch, AGAIN_TRIES times
# at most. A crawl's batches come every 200 ms (the bridge's tick), its commits meanwhile: a
# batch's rows not committed when it came are read with the next one, one insertion a tick,
# and the loop never waits for a commit (it did, ~3 ms a batch on rust-doc, 0.6-1.4 s a crawl
# at load 5-7). The crawl's end commits every row before the window hears of it.
AGAIN_MS = 250
AGAIN_TRIES = 20
RESORT_MS = 1000  # rows arriving in a sorted large table are put in place at most this often
WARM_EVERY = 5.0  # seconds between bringing the query thread's copy up to date in a crawl


class Relay(QObject):
    """Carries a query's result from the query thread to the event loop (a queued signal)."""

    ready = Signal(int, object)


def _positions(seqs: Sequence[int], wanted: Iterable[int]) -> dict[int, int]:
    """Where each of ``wanted`` is in ``seqs`` (those not in it left out): a search of ``seqs``
    each (``index``, in C) for a few, one pass for many."""
    wanted = set(wanted)
    if len(wanted) > 16:
        return {s: i for i, s in enumerate(seqs) if s in wanted}
    pos = {}
    for s in wanted:
        with contextlib.suppress(ValueError):
            pos[s] = seqs.index(s)
    return pos


def remap(
    model: QAbstractTableModel,
    old: Sequence[int],
    new: Sequence[int],
    known: Mapping[int, int] | None = None,
) -> None:
    """Point the persistent indexes of ``model`` (rows of ``old``) at the same seqs in ``new``
    (invalid where a seq is gone); call between layoutAboutToBeChanged and layoutChanged.
    ``known``: positions in ``new`` found beforehand (by the query thread), checked here."""
    persistent = model.persistentIndexList()
    if not persistent:
        return
    wanted = {old[i.row()] for i in persistent if 0 <= i.row() < len(old)}
    known = known or {}
    pos = {s: r for s in wanted if (r := known.get(s, -1)) >= 0 and r < len(new) and new[r] == s}
    # Searching a million rows takes 10-40 ms a seq: on the event loop, only for those not known.
    pos.update(_positions(new, wanted.difference(pos)))
    moved = []
    for i in persistent:
        at = pos.get(old[i.row()]) if 0 <= i.row() < len(old) else None
        moved.append(model.index(at, i.column()) if at is not None else QModelIndex())
    model.changePersistentIndexList(persistent, moved)


class Follower(Protocol):
    """A view of the pages model's rows with an order of its own (ui.pages_proxy.PagesProxy)."""

    def rename(self, old: int, new: int) -> None:
        """A row's seq replaced (a re-check's answer)."""

    def held(self) -> set[int]:
        """The seqs of the rows its persistent indexes point at."""
        raise NotImplementedError


class PagesModel(LabelledTable):
    """Every recorded URL, one row each: in the order recorded, or in the order the user chose,
    which later rows keep (the sort survives clear(): a new crawl fills a table still sorted).
    ``columns``: PAGE_COLUMNS, then one a custom extraction or search rule (``set_rules``); the
    verdicts (their column, the rows' colours) by the crawl's status rules (``set_rules`` too).
    ``attach(path)`` reads the rows of a crawl file; until then (and after ``clear``) the rows
    are the records given, kept in a database in memory.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = tuple(c.label for c in PAGE_COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rules: tuple[Rule, ...] = ()
        self.status_rules = NO_RULES
        self._set_columns(PAGE_COLUMNS)
        self.source = Source()
        self.order: array[int] = array("q")  # the rows' seqs, in view order
        self._last = 0  # the highest seq read
        self._cache: OrderedDict[int, PageRow] = OrderedDict()
        self._expected: dict[str, int] = {}  # URL -> seq of a row a re-check replaces
        self._owed = 0  # records given that the crawl file did not hold yet (less: read ahead)
        self._tries_left = AGAIN_TRIES
        # The order the user chose: kept as rows arrive, so the header's arrow never lies.
        self.sort_column = -1
        self.sort_order = Qt.SortOrder.AscendingOrder
        self.proxies: list[Follower] = []
        self.sync_rows = SYNC_ROWS
        self._querier: Querier | None = None
        self._relay = Relay(self)
        self._relay.ready.connect(self._on_result)
        self._token = 0
        # Where the rows held by persistent indexes are in a sort's answer, by query token
        # (written on the query thread); ``known``: those of the answer being applied.
        self._found: dict[int, dict[int, int]] = {}
        self.known: dict[int, int] = {}
        self._waiting = False  # for a sort query's answer
        self._dropping = 0  # the token of the query for rows to drop
        self._warmed = 0.0  # when the query thread's copy was last brought up to date
        self._upto = 0  # the highest seq the running sort query sees
        self._tail: list[int] = []  # seqs appended since that query started
        self._renamed: dict[int, int] = {}  # seqs replaced since then (old -> new)
        self._resort = QTimer(self)
        self._resort.setSingleShot(True)
        self._resort.setInterval(RESORT_MS)
        self._resort.timeout.connect(self._sort_now)
        self._again = QTimer(self)  # rows the crawl file did not hold yet are read again
        self._again.setSingleShot(True)
        self._again.setInterval(AGAIN_MS)
        self._again.timeout.connect(self.sync)

    def _set_columns(self, columns: tuple[PageColumn, ...]) -> None:
        self.columns = columns
        self.COLUMNS = tuple(c.label for c in columns)
        self._numeric = tuple(c.numeric for c in columns)
        # The text filter's columns: PAGE_COLUMNS' and the rules'.
        self.searched = tuple(c for c in columns if c.searched)

    def set_rules(self, rules: Sequence[Rule], status_rules: StatusRules = NO_RULES) -> bool:
        """Show a column per rule after PAGE_COLUMNS (none: PAGE_COLUMNS alone), the verdicts
        judged by ``status_rules``; one model reset when they differ from those shown, none
        when they are the same (returns whether the columns changed). A sort by a rule's column
        that goes stops keeping an order."""
        rules = tuple(rules)
        judged = status_rules != self.status_rules
        if rules == self.rules and not judged:
            return False
        self.beginResetModel()
        self.rules = rules
        self.status_rules = status_rules
        self._set_columns(columns_of(rules, status_rules))
        self._cache.clear()
        if self.sort_column >= len(PAGE_COLUMNS):
            self.sort_column = -1
        self.endResetModel()
        if judged and self.sort_column == COLUMN_INDEX["verdict"]:
            self._sort_now()  # the verdicts' order is the new rules'
        return True

    # ---- the crawl file -----------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The crawl file read (None: the records given, in memory)."""
        return self.source.path

    def attach(self, path: Path | None, hide_cancelled: bool = False) -> None:
        """Read the rows of the crawl file ``path`` (a crawl writing it adds rows as it commits
        them: ``add_records`` reads them); ``hide_cancelled``: rows of URLs cut short in flight
        are not shown (an opened crawl keeps them to fetch). None: an empty table in memory."""
        if path is not None and path == self.source.path:
            # Showing them again needs no reading: a resumed crawl file holds none any more.
            if hide_cancelled and not self.source.hide_cancelled:
                self.source.hide_cancelled = True
                self._reload()
            elif not hide_cancelled and self.source.hide_cancelled and self._querier is not None:
                # The query thread's copy may hold rows the resume deleted: made again. The
                # rows written next take seqs from the highest left.
                self._querier.close()
                self._querier = Querier(path)
                self._last = min(self._last, self.source.ends()[1])
                if self._dropping:
                    self._settle()
            self.source.hide_cancelled = hide_cancelled
            return
        try:
            source = Source(path, hide_cancelled)
        except Exception:
            source = Source()
        self._use(source)

    def _use(self, source: Source) -> None:
        self.close()
        self.source.close()
        self.source = source
        if source.path is not None:
            self._querier = Querier(source.path)
        self._reload()

    def _reload(self) -> None:
        self.beginResetModel()
        self._token += 1  # a query under way is for other rows
        self._waiting = False
        self._cache.clear()
        self._expected.clear()
        self._owed = 0
        src = self.source
        lo, hi = src.ends()
        large = self._querier is not None and hi > 0 and hi - lo + 1 >= self.sync_rows
        if large:  # no query on the loop: every seq from the first to the last is a row
            seqs = array("q", range(lo, hi + 1))
        else:
            seqs = pagequery.order(src.db, Query(Filter(cancelled=not src.hide_cancelled), ()))
        self.order = seqs
        # The highest seq shown: rows a resume deletes (cut short in flight) give theirs to
        # the rows written next.
        self._last = seqs[-1] if seqs else 0
        self.endResetModel()
        if large:
            self._settle()
        elif self.sort_column >= 0 and len(self.order) > 1:
            self.sort(self.sort_column, self.sort_order)

    def _settle(self) -> None:
        """Read on the query thread the rows as they are up to the last seq shown (a gap a
        re-check or a resume left, the rows cut short in flight when hidden), then put the
        order right; the sort asked waits for it."""
        assert self._querier is not None
        self._token += 1
        self._waiting = True
        self._dropping = self._token
        self._upto = self._last
        where = Filter(cancelled=not self.source.hide_cancelled)
        self._querier.submit(
            "sort", self._token, Query(where, (), upto=self._upto), self._relay.ready.emit
        )

    def _settled(self, rows: array[int]) -> None:
        """The rows up to ``_upto`` as they are (ascending): the seqs of the range shown that
        are not among them go (until now the first rows are every seq of the range)."""
        gone: set[int] = set()
        expect = self.order[0] if self.order else 0
        for s in rows:
            if s != expect:
                gone.update(range(expect, s))
            expect = s + 1
        gone.update(range(expect, self._upto + 1))
        self._drop(gone)
        if self.source.hide_cancelled:
            after = self.order[-1] if self.order and self.order[-1] > self._upto else 0
            self._last = max(rows[-1] if rows else 0, after)

    def _drop(self, gone: set[int]) -> None:
        """Remove the rows of ``gone``."""
        if not gone:
            return
        runs = row_runs([i for i, s in enumerate(self.order) if s in gone])
        if len(runs) == 1:
            first, last = runs[0]
            self.beginRemoveRows(QModelIndex(), first, last)
            del self.order[first : last + 1]
            self.endRemoveRows()
        elif runs:  # rows here and there: one reset rather than a removal a row
            self.beginResetModel()
            self.order = array("q", (s for s in self.order if s not in gone))
            self.endResetModel()
        for s in gone:
            self._cache.pop(s, None)

    def keep_in_memory(self) -> None:
        """The crawl file stopped taking records (a full disk): its rows are copied into a
        database in memory, which keeps the records given from now on. The rows stay put."""
        if self.source.path is None:
            return
        try:
            copy = self.source.in_memory()
        except sqlite3.Error:
            return  # the file cannot be read either: its rows as they are
        self.close()
        self.source.close()
        self.source = copy
        self._owed = 0

    def close(self) -> None:
        """Stop the query threads (theirs are the only other connections to the file)."""
        if self._querier is not None:
            self._querier.close()
            self._querier = None

    # ---- feeding ------------------------------------------------------------------------------

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """A batch recorded: without a crawl file, kept in memory; with one, the rows it holds
        now are read, those it does not hold yet with the next batch or AGAIN_MS after this
        one (the records themselves are not kept). Rows come in the order recorded,
        or, when sorted, are put in place (at once in a small table, else at most once every
        RESORT_MS)."""
        if not records and self._owed <= 0:
            return
        if self.source.path is None:
            self._expect_memory(records)
            self.source.insert(records)
        else:
            self._owed += len(records)
        self.sync()

    def _expect_memory(self, records: Sequence[FetchRecord]) -> None:
        self._expected.update(self.source.seqs_of(r.url for r in records))

    def expect_replacements(self, urls: Iterable[str]) -> None:
        """These URLs' rows are about to be replaced (a re-check): each new row takes the place
        of its URL's old one, which the crawl file no longer holds once it is replaced."""
        self._expected.update(self.source.seqs_of(urls))

    def replace_records(self, records: Sequence[FetchRecord]) -> list[FetchRecord]:
        """Put each record in place of its URL's row (a re-check's new answer); returns those of
        URLs with no row yet, in order (with a crawl file, every row it holds is read: none).
        A sorted table is sorted again."""
        if self.source.path is None:
            have = self.source.seqs_of(r.url for r in records)
            rest = [r for r in records if r.url not in have]
            kept = [r for r in records if r.url in have]
            self._expected.update(have)
            if kept:
                self.source.insert(kept)
            self.sync()
            return rest
        self._owed += len(records)
        self.sync()
        return []

    def sync(self) -> None:
        """Read the rows recorded since the last read: new rows appended (then put in place
        when sorted), a re-check's replacing its URL's row."""
        rows = self.source.since(self._last)
        # Below zero: rows committed before their records were given (read ahead of the
        # bridge), which the next batches are then owed none for. Held at zero, every batch after
        # one read ahead owed rows already shown, and a read 50 ms later took more rows ahead:
        # two insertions and paints a tick, the whole of a crawl of the Rust docs.
        self._owed -= len(rows)
        if not rows and self._tries_left > 0:
            self._tries_left -= 1
        if rows or self._owed <= 0 or self.source.path is None:
            self._tries_left = AGAIN_TRIES
        if self._owed > 0 and self.source.path is not None:
            if self._tries_left > 0:
                self._again.start()  # restarted: a batch coming sooner reads them
            else:  # given before they were read (an opened file) or never committed
                self._owed = 0
        if not rows:
            return
        self._last = rows[-1][0]
        changed: list[int] = []
        replacing = {
            old: seq
            for seq, url in rows
            if self._expected and (old := self._expected.pop(url, None)) is not None
        }
        # Where the replaced rows are: one pass over the order (a row at a time is one each).
        at = (
            {old: self.order.index(old) for old in replacing if old in self.order}
            if len(replacing) <= 4
            else {s: i for i, s in enumerate(self.order) if s in replacing}
        )
        renamed: set[int] = set()
        for old, i in at.items():
            seq = replacing[old]
            self.order[i] = seq
            self._cache.pop(old, None)
            if self._waiting:  # the sort under way has the old seq
                self._renamed[old] = seq
            changed.append(i)
            renamed.add(seq)
            for p in self.proxies:
                p.rename(old, seq)
        new = [seq for seq, _url in rows if seq not in renamed]
        if changed:
            self.dataChanged.emit(
                self.index(min(changed), 0), self.index(max(changed), len(self.columns) - 1)
            )
        if new:
            first = len(self.order)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            self.order.extend(new)
            if self._waiting:  # the sort under way does not see them
                self._tail.extend(new)
            self.endInsertRows()
        if self.sort_column >= 0 and (new or changed):
            if len(self.order) < self.sync_rows or self._querier is None:
                self._sort_now()
            elif not self._resort.isActive():
                self._resort.start()
        elif self._querier is not None and len(self.order) >= self.sync_rows:
            now = time.monotonic()
            if now - self._warmed > WARM_EVERY:  # the thread's copy kept close to the file
                self._warmed = now
                self._querier.warm()

    def clear(self) -> None:
        """No rows, no crawl file: the records given from now on are kept in memory."""
        self._resort.stop()
        self._again.stop()
        self._use(Source())

    # ---- reading ------------------------------------------------------------------------------

    def row_at(self, order: Sequence[int], row: int) -> PageRow | None:
        """The row ``row`` of ``order`` (this model's or a proxy's), its block read if needed."""
        seq = order[row]
        got = self._cache.get(seq)
        if got is not None:
            return got
        lo = max(0, row - BLOCK // 4)
        block = [s for s in order[lo : lo + BLOCK] if s not in self._cache]
        for s, rec in self.source.fetch(block).items():
            self._cache[s] = PageRow(rec, self.columns, self.status_rules)
        while len(self._cache) > CACHE_ROWS:
            self._cache.popitem(last=False)
        return self._cache.get(seq)

    def records(self) -> list[FetchRecord]:
        return list(self.iter_records())

    def iter_records(self) -> Iterator[FetchRecord]:
        """Every row's record in view order (the order being made, if a sort is under way),
        read a block at a time."""
        if self._dropping or (self.sort_column >= 0 and (self._waiting or self._resort.isActive())):
            return self.source.records(pagequery.order(self.source.db, self.query()))
        return self.source.records(array("q", self.order))

    def row_of(self, url: str) -> int | None:
        seq = self.source.seqs_of([url]).get(url)
        if seq is None:
            return None
        try:
            return self.order.index(seq)
        except ValueError:
            return None

    @property
    def total(self) -> int:
        return len(self.order)

    # ---- QAbstractItemModel -------------------------------------------------------------------

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if 0 <= row < len(self.order) and 0 <= column < len(self.columns) and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def row_count(self) -> int:
        return len(self.order)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        return self.cell(self.order, index.row(), index.column(), role)

    def cell(self, order: Sequence[int], r: int, col: int, role: int) -> Any:
        """data() of the row ``r`` of ``order``."""
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if self._numeric[col] else None
        if role not in _ROW_ROLES or not 0 <= r < len(order):
            return None
        row = self.row_at(order, r)
        if row is None:  # gone from the file since the order was made
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return row.display[col]
        if role == Qt.ItemDataRole.ForegroundRole:
            return row.brush if col in (COL_URL, COL_STATUS) else None
        if role == Qt.ItemDataRole.ToolTipRole:  # page text: shown as text, never as HTML
            return tip(row.display[col]) or None
        if role == Roles.Url:
            return row.record.url
        if role == Roles.Record:
            return row.record
        if role == Roles.Sort:
            return row.key(col)
        return int(row.cls)  # Roles.StatusClass

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        # In the window's language: a rule column's heading is the rule's name (no translation).
        if role == Qt.ItemDataRole.DisplayRole:
            return translate(COLUMNS, self.columns[section].label)
        if role == Qt.ItemDataRole.ToolTipRole:  # "The page's <title>" is not HTML either
            return tip(translate(COLUMNS, self.columns[section].tip))
        return None

    # ---- sorting ------------------------------------------------------------------------------

    def query(self, where: Filter | None = None, upto: int | None = None) -> Query:
        """The query of the rows ``where`` lets through in this model's order."""
        key = self.columns[self.sort_column].sql_key if self.sort_column >= 0 else ""
        where = where or Filter(cancelled=not self.source.hide_cancelled)
        desc = self.sort_order == Qt.SortOrder.DescendingOrder
        return Query(where, self.searched, key, desc, upto)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` and keep that order for rows added later; -1 stops keeping an order
        (the rows stay where they are: the order recorded is not restored)."""
        self.sort_column = column if 0 <= column < len(self.columns) else -1
        self.sort_order = order
        if self.sort_column < 0 or len(self.order) < 2:
            return
        self._sort_now()

    def _sort_now(self) -> None:
        self._resort.stop()
        if self.sort_column < 0:
            return
        self._token += 1
        self._waiting = False
        self._upto, self._tail, self._renamed = self._last, [], {}
        q = self.query(upto=self._last)
        if len(self.order) < self.sync_rows or self._querier is None:
            self._apply(pagequery.order(self.source.db, q))
        else:
            self._waiting = True
            self._querier.submit("sort", self._token, q, self._finder(self._held()))

    def _held(self) -> set[int]:
        """The seqs of the rows that persistent indexes point at (the views' current rows and
        selections), in this model and its proxies."""
        seqs = {
            self.order[i.row()] for i in self.persistentIndexList() if i.row() < len(self.order)
        }
        for p in self.proxies:
            seqs.update(p.held())
        return seqs

    def _finder(self, held: set[int]) -> Callable[[int, array[int] | None], None]:
        """A sort query's answer, handed on with where ``held`` are in it: found on the query
        thread, not searched for on the event loop (remap)."""

        def done(token: int, result: array[int] | None) -> None:
            if result is not None and held:
                self._found[token] = _positions(result, held)
            self._relay.ready.emit(token, result)

        return done

    def _on_result(self, token: int, result: array[int] | None) -> None:
        found = self._found.pop(token, None)
        for older in [t for t in list(self._found) if t < token]:  # superseded queries
            del self._found[older]
        if token != self._token:
            return
        self._waiting = False
        if token == self._dropping:
            self._dropping = 0
            if result is not None:
                self._settled(result)
            if self.sort_column >= 0 and len(self.order) > 1:
                self._sort_now()
        elif result is not None:
            self.known = found or {}
            try:
                self._apply(result)
            finally:
                self.known = {}

    def _apply(self, result: array[int]) -> None:
        """A sort query's order of the rows up to ``_upto``: the rows replaced since it started
        take their new seqs, those added since come after it (sorted again soon)."""
        known = self.known
        if self._renamed:
            renamed = self._renamed
            result = array("q", (renamed.get(s, s) for s in result))
            known = {}  # positions of seqs renamed since
        tail = [s for s in self._tail if s > self._upto]
        result.extend(tail)
        self._tail, self._renamed = [], {}
        old = self.order
        if len(result) != len(old):  # rows went from the file meanwhile
            self.beginResetModel()
            self.order = result
            self.endResetModel()
            return
        self.layoutAboutToBeChanged.emit()
        self.order = result
        remap(self, old, result, known)
        self.layoutChanged.emit()
        if tail and not self._resort.isActive():
            self._resort.start()


def row_runs(rows: list[int]) -> list[tuple[int, int]]:
    """Increasing row numbers as (first, last) runs of consecutive ones."""
    out: list[tuple[int, int]] = []
    for r in rows:
        if out and out[-1][1] == r - 1:
            out[-1] = (out[-1][0], r)
        else:
            out.append((r, r))
    return out


_ROW_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.ToolTipRole,
        Roles.Url,
        Roles.Record,
        Roles.Sort,
        Roles.StatusClass,
    }
)
