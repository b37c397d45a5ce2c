"""The link graph of a crawl and the two tables built on it: redirects and broken links.

``LinkIndex`` is plain Python: the records by URL (``RecordMap``: in memory those the tables show,
the others read from the crawl file) and, from the ``links`` of the pages crawled, the inlinks of
every URL. The redirects table shows each hop and its whole chain; the broken-links
table shows each failing URL with the pages that link to it. Both grow once per batch and refresh
only the rows a batch can have changed.
"""

from __future__ import annotations

import sys
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from gui_crawler.base.translate import HEADERS, WORDING, noop, translate
from gui_crawler.events import FetchRecord
from gui_crawler.records.verdicts import NO_RULES
from gui_crawler.records.wording import error_sentence, status_word
from gui_crawler.storage.reader import RecordReader
from gui_crawler.ui.plaintext import tip
from gui_crawler.ui.roles import AnyIndex, LabelledTable, Roles, brush_of

MAX_HOPS = 30


class RecordMap(Mapping[str, FetchRecord]):
    """The crawl's records by URL. With a crawl file attached (``attach``), memory keeps only the
    records the redirects and broken-links tables show and the latest few without their outlinks,
    and reads every other from the file: a real page's record with its outlinks is kilobytes, and
    the file has them all. A record asked for before its commit (the window does not wait for
    commits as records come) has what waits committed first (``commit``), then is read. With none
    attached (a crawl file that failed, a test feeding records), memory keeps every record."""

    RECENT = 1000  # records kept whatever they are, newest last

    def __init__(self) -> None:
        self._kept: dict[str, FetchRecord] = {}
        self._recent: OrderedDict[str, FetchRecord] = OrderedDict()
        self.reader: RecordReader | None = None
        self._everything = False  # keep every record from now on (the file stopped taking them)
        self.status_rules = NO_RULES  # the crawl's: which records are broken
        self.commit: Callable[[], None] = lambda: None  # the crawl file's records committed now

    def attach(self, reader: RecordReader | None) -> None:
        """Read from ``reader``'s file from now on (None: keep every record in memory)."""
        if self.reader is not None and self.reader is not reader:
            self.reader.close()
        self.reader = reader
        self._everything = False

    def keep_everything(self) -> None:
        """Keep every record added from now on in memory: the crawl file stopped taking them
        (a full disk); those it took are still read from it."""
        self._everything = True

    def add(self, rec: FetchRecord) -> None:
        url = rec.url
        keep = self.reader is None or self._everything or rec.is_redirect
        if keep or self.status_rules.is_broken(rec):
            self._kept[url] = rec
            self._recent.pop(url, None)
            return
        self._kept.pop(url, None)  # a re-check's answer replaces a broken one
        recent = self._recent
        # Without its outlinks: the link index has them, and the file has the record by the
        # time anyone asks for a page's. With them, the latest thousand held 305,000 link
        # strings early in a crawl of the Rust docs (~38 MB: index pages of 300 links).
        recent[url] = rec.without_links() if rec.links else rec
        recent.move_to_end(url)
        if len(recent) > self.RECENT:
            recent.popitem(last=False)

    def __setitem__(self, url: str, rec: FetchRecord) -> None:
        self.add(rec)

    def get(self, url: str, default: Any = None) -> Any:
        rec = self._kept.get(url)
        if rec is None and self.reader is not None:
            rec = self.reader.get(url)
            if rec is None and url in self._recent:  # recorded, not committed yet
                self.commit()
                rec = self.reader.get(url) or self._recent.get(url)
        return default if rec is None else rec

    def get_many(self, urls: Iterable[str]) -> dict[str, FetchRecord]:
        """The records of those of ``urls`` recorded, by URL (one query a batch, not one each)."""
        urls = list(urls)
        out = {u: r for u in urls if (r := self._kept.get(u)) is not None}
        if self.reader is not None:
            out.update(self.reader.get_many(u for u in urls if u not in out))
            if any(u not in out and u in self._recent for u in urls):  # not committed yet
                self.commit()
                out.update(self.reader.get_many(u for u in urls if u not in out))
            out.update((u, r) for u in urls if u not in out and (r := self._recent.get(u)))
        return out

    def __getitem__(self, url: str) -> FetchRecord:
        rec = self.get(url)
        if rec is None:
            raise KeyError(url)
        return rec

    def __contains__(self, url: object) -> bool:
        if url in self._kept:
            return True
        if self.reader is None or not isinstance(url, str):
            return False
        return url in self._recent or self.reader.has(url)

    def values(self) -> Iterator[FetchRecord]:  # type: ignore[override]
        """Every record: the file's, a batch at a time, then those not committed to it yet."""
        if self.reader is None:
            yield from list(self._kept.values())
            return
        yield from self._read(self.reader, None, {**self._kept, **self._recent})

    def as_now(self) -> Iterator[FetchRecord]:
        """Every record held now, read lazily as ``values()`` reads them: the file up to the
        seq committed last now, then those not committed yet. A record added after this call
        is not among them, though the file has it by the time they are read."""
        if self.reader is None:
            return iter(list(self._kept.values()))
        return self._read(self.reader, self.reader.last_seq(), {**self._kept, **self._recent})

    @staticmethod
    def _read(
        reader: RecordReader, upto: int | None, memory: dict[str, FetchRecord]
    ) -> Iterator[FetchRecord]:
        """The file's records (up to seq ``upto``), then those of ``memory`` it had not."""
        for rec in reader.records(upto=upto):
            memory.pop(rec.url, None)
            yield rec
        yield from memory.values()

    def items(self) -> Iterator[tuple[str, FetchRecord]]:  # type: ignore[override]
        return ((r.url, r) for r in self.values())

    def __iter__(self) -> Iterator[str]:
        if self.reader is None:
            yield from list(self._kept)
            return
        memory = {**self._kept, **self._recent}
        for url in self.reader.urls():
            memory.pop(url, None)
            yield url
        yield from memory

    def __len__(self) -> int:
        if self.reader is None:
            return len(self._kept)
        return sum(1 for _ in self)

    def clear(self) -> None:
        self._kept.clear()
        self._recent.clear()


class LinkIndex:
    """Records by URL and inlinks by target URL (redirects count as links from their source).

    Built for memory per URL (a million pages of fifty links each). Every URL the index meets,
    as a target or as a recorded page, gets a number and keeps one string, the first one met:
    the key and the list of URLs by number share it. A target's sources are the numbers of the
    pages linking to it, in the order recorded: one ``bytes`` holding its own number then its
    sources' (3 bytes each), and past ``SMALL`` sources an ``array('I')`` (appending to it costs
    less than copying a long ``bytes``). A page recorded before any link to it (a root) keeps
    its number alone, an int. On window_million.py's site (a million pages, 51 links each, ~12
    sources kept a target) this is 191 B a URL, against 381 B as a list of the sources' strings
    per target and a second string per crawled page (docs/performance-history.md); ``add`` takes
    as long. Near 2**24 URLs (16.7 million) every number is made 4 bytes, in one pass over all."""

    # Sources kept per target; beyond, only counted: a page every page links to (a site's
    # navigation) had a list as long as the crawl. The Details pane lists at most 500, the
    # broken-links table 3; the broken-links CSV reads every source from the crawl file.
    MAX_SOURCES = 1000
    SMALL = 32  # sources kept in a bytes; past them, in an array
    NARROW = 1 << 24  # URLs numbered in 3 bytes; past them, every number takes 4

    def __init__(self) -> None:
        self.records = RecordMap()  # its status_rules: the crawl's, by which it is judged
        # URL -> its number alone (a recorded page no page links to yet), or its number then
        # its sources' numbers: packed little-endian, ``_width`` bytes each, or an array.
        self._index: dict[str, int | bytes | array[int]] = {}
        self._urls: list[str] = []  # each number's URL: the index's key object
        self._width = 3
        self.more: dict[str, int] = {}  # sources not kept, by target

    def _numbers(self, url: str) -> Sequence[int]:
        """``url``'s number then its sources' numbers (empty if no page links to it)."""
        got = self._index.get(url)
        if type(got) is bytes:
            return _unpack(got, self._width)
        if type(got) is array:
            return got
        return ()

    def sources(self, url: str) -> list[str]:
        """The pages linking to (or redirecting to) ``url``, in the order they were recorded:
        the first MAX_SOURCES of them (``count`` counts them all)."""
        urls = self._urls
        return [urls[n] for n in self._numbers(url)[1:]]

    def count(self, url: str) -> int:
        """How many pages link to (or redirect to) ``url``."""
        got = self._index.get(url)
        if type(got) is bytes:
            kept = len(got) // self._width - 1
        elif type(got) is array:
            kept = len(got) - 1
        else:
            return 0
        return kept + self.more.get(url, 0)

    def complete(self, url: str) -> bool:
        """``sources(url)`` lists every page linking to ``url``."""
        return url not in self.more

    def all_sources(self, url: str) -> list[str]:
        """Every page linking to (or redirecting to) ``url``, in the order recorded: past
        MAX_SOURCES, read from the records (the crawl file's), one pass over them."""
        if self.complete(url):
            return self.sources(url)
        return [
            r.url
            for r in self.records.values()
            if url in r.links or (r.next_url == url and not r.links)
        ]

    # The URLs' numbers, for a consumer that keeps a number per URL rather than a second string
    # (the site graph): a number stays the URL's until clear().

    def number(self, url: str) -> int:
        """``url``'s number, given it now if it has none."""
        return self._number(url)

    def known(self, url: str) -> int | None:
        """``url``'s number, None if the index has not met it."""
        got = self._index.get(url)
        kind = type(got)
        if kind is bytes:
            return int.from_bytes(got[: self._width], "little")  # type: ignore[index]
        return got[0] if kind is array else got  # type: ignore[index,return-value]

    def known_all(self, urls: Iterable[str]) -> list[int]:
        """Each of ``urls``' number, -1 for one the index has not met (the site graph notes a
        page's first links this way)."""
        known = self.known
        return [-1 if (n := known(url)) is None else n for url in urls]

    def url_of(self, number: int) -> str:
        return self._urls[number]

    def source_numbers(self, url: str, limit: int) -> Sequence[int]:
        """The numbers of the first ``limit`` pages linking to (or redirecting to) ``url``."""
        got = self._index.get(url)
        if type(got) is bytes:  # only those asked for unpacked
            width = self._width
            return _unpack(got[width : width * (limit + 1)], width)
        return got[1 : limit + 1] if type(got) is array else ()

    def linked(self, url: str) -> bool:
        """Some recorded page links (or redirects) to ``url``."""
        got = self._index.get(url)
        return got is not None and type(got) is not int

    def targets(self) -> Iterator[str]:
        """Every URL some recorded page links (or redirects) to."""
        return (u for u, got in self._index.items() if type(got) is not int)

    def add(
        self,
        records: Sequence[FetchRecord],
        watched: dict[str, int] | None = None,
        kept: Sequence[FetchRecord] | None = None,
    ) -> set[str]:
        """Index a batch; returns the ``watched`` URLs that gained inlinks. ``kept``: the same
        records as the map is to keep them (made lighter by the caller, one copy each: a
        record's copy costs as much as indexing its links), else ``records`` themselves."""
        # The window's largest cost per record on a real site (hundreds of links a page), on the
        # thread the crawl shares: ~8 us for a rust-doc page of 52 links (4 us in C, which was
        # tried and did not pay for itself: 87 ms over a 21,635-page crawl). Only the watched
        # targets (the broken links shown) are collected: a set of every target cost as much again.
        gained: set[str] = set()
        watch = watched or None
        add = self.records.add
        for rec, keep in zip(records, records if kept is None else kept, strict=True):
            add(keep)
            if rec.links:
                self._add_links(rec.url, rec.links, watch, gained)
            elif rec.next_url:  # a redirect is a link from its source
                self._add_links(rec.url, (rec.next_url,), None, gained)
                gained.add(rec.next_url)
        return gained

    def _number(self, url: str) -> int:
        """``url``'s number, given it now if it has none."""
        index = self._index
        got = index.get(url)
        if got is None:
            got = index[url] = len(self._urls)
            self._urls.append(url)
        elif type(got) is bytes:
            got = int.from_bytes(got[: self._width], "little")
        elif type(got) is array:
            got = got[0]
        return got  # type: ignore[return-value]

    def _add_links(
        self,
        source: str,
        targets: tuple[str, ...],
        watched: dict[str, int] | None,
        gained: set[str],
    ) -> None:
        """``source`` as an inlink of each of ``targets``; the targets that are keys of
        ``watched`` go into ``gained``."""
        if len(self._urls) + len(targets) >= self.NARROW and self._width == 3:
            self._widen()  # before any number that 3 bytes cannot hold is given
        number = self._number(source)
        width = self._width
        packed = number.to_bytes(width, "little")
        index = self._index
        get = index.get
        urls = self._urls
        small = width * (1 + min(self.SMALL, self.MAX_SOURCES))  # its own number, then sources
        cap = 1 + self.MAX_SOURCES
        more = self.more
        for target in targets:
            if watched is not None and target in watched:
                gained.add(target)
            got = get(target)
            kind = type(got)
            # The most frequent first: a page every page links to is full (past MAX_SOURCES).
            if kind is array:
                if len(got) < cap:  # type: ignore[arg-type]
                    got.append(number)  # type: ignore[union-attr]
                else:
                    more[target] = more.get(target, 0) + 1
            elif kind is bytes:
                if len(got) < small:  # type: ignore[arg-type]
                    index[target] = got + packed  # type: ignore[operator]
                else:
                    index[target] = grown = _unpack(got, width)  # type: ignore[arg-type]
                    if len(grown) < cap:
                        grown.append(number)
                    else:
                        more[target] = more.get(target, 0) + 1
            elif got is None:
                index[target] = len(urls).to_bytes(width, "little") + packed
                urls.append(target)
            else:  # a page recorded before any link to it: its number alone
                index[target] = got.to_bytes(width, "little") + packed  # type: ignore[union-attr]

    def _widen(self) -> None:
        """Every packed number from 3 bytes to 4."""
        index = self._index
        for url, got in index.items():
            if type(got) is bytes:
                index[url] = b"".join(got[i : i + 3] + b"\0" for i in range(0, len(got), 3))
        self._width = 4

    def clear(self) -> None:
        self.records.clear()
        self._index.clear()
        self._urls.clear()
        self._width = 3
        self.more.clear()

    def chain(self, url: str) -> list[tuple[str, FetchRecord | None]]:
        """The redirect chain starting at ``url``: (url, its record or None if not fetched)."""
        out: list[tuple[str, FetchRecord | None]] = []
        seen: set[str] = set()
        cur: str | None = url
        while cur is not None and cur not in seen and len(out) <= MAX_HOPS:
            seen.add(cur)
            rec = self.records.get(cur)
            out.append((cur, rec))
            cur = rec.next_url if rec is not None and rec.is_redirect else None
        if cur is not None:  # a loop or an absurdly long chain: show where it goes back to
            out.append((cur, self.records.get(cur)))
        return out


def _unpack(packed: bytes, width: int) -> array[int]:
    """The numbers ``LinkIndex`` packed in ``packed``, ``width`` bytes each."""
    if width == 3:
        packed = b"".join(packed[i : i + 3] + b"\0" for i in range(0, len(packed), 3))
    out = array("I", packed)  # 4 bytes an item wherever CPython runs (a C unsigned int)
    if sys.byteorder == "big":
        out.byteswap()
    return out


def chain_text(chain: list[tuple[str, FetchRecord | None]]) -> str:
    parts = [f"{u} ({translate(WORDING, status_word(r)) if r else '…'})" for u, r in chain]
    return " → ".join(parts)


class _Table(LabelledTable):
    """Rows of precomputed display tuples keyed by URL; subclasses say how to build them."""

    COLUMNS: tuple[str, ...] = ()

    def __init__(self, index: LinkIndex, parent: Any = None) -> None:
        super().__init__(parent)
        self.links = index
        self.urls: list[str] = []
        self.display: list[tuple[str, ...]] = []
        self.row_of: dict[str, int] = {}

    def _build(self, url: str) -> tuple[str, ...]:
        raise NotImplementedError

    def _append(self, urls: list[str]) -> None:
        if not urls:
            return
        first = len(self.urls)
        self.beginInsertRows(QModelIndex(), first, first + len(urls) - 1)
        for i, url in enumerate(urls, first):
            self.urls.append(url)
            self.display.append(self._build(url))
            self.row_of[url] = i
        self.endInsertRows()

    def _refresh(self, rows: set[int]) -> None:
        """Rebuild rows and emit one dataChanged spanning those that really changed."""
        changed = []
        for r in rows:
            new = self._build(self.urls[r])
            if new != self.display[r]:
                self.display[r] = new
                changed.append(r)
        if changed:
            last = len(self.COLUMNS) - 1
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))

    def clear(self) -> None:
        self.beginResetModel()
        self.urls, self.display, self.row_of = [], [], {}
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.urls)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display[r][c]
        if role == Qt.ItemDataRole.ToolTipRole:  # URLs and error text: shown as text
            return tip(self.display[r][c]) or None
        if role == Qt.ItemDataRole.ForegroundRole and c == 1:
            rec = self.links.records.get(self.urls[r])
            return brush_of(rec, self.links.records.status_rules) if rec else None
        if role == Roles.Url:
            return self.urls[r]
        if role == Roles.Record:
            return self.links.records.get(self.urls[r])
        if role == Roles.Sort:
            return self.display[r][c]
        return None


class RedirectsModel(_Table):
    """Every redirect: source, status, target, note, where the whole chain ends, and the chain.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = (
        noop(HEADERS, "Source"),
        noop(HEADERS, "Status"),
        noop(HEADERS, "Target"),
        noop(HEADERS, "Note"),
        noop(HEADERS, "Final"),
        noop(HEADERS, "Final status"),
        noop(HEADERS, "Chain"),
    )
    WIDTHS = (300, 100, 300, 160, 260, 100, 400)

    def __init__(self, index: LinkIndex, parent: Any = None) -> None:
        super().__init__(index, parent)
        self._open: set[int] = set()  # rows whose chain ends at a URL not recorded yet

    def _build(self, url: str) -> tuple[str, ...]:
        rec = self.links.records[url]
        chain = self.links.chain(url)
        final_url, final = chain[-1]
        looped = any(u == final_url for u, _ in chain[:-1])
        return (
            url,
            translate(WORDING, status_word(rec)),
            rec.next_url or "",
            rec.note or translate(WORDING, error_sentence(rec)),
            final_url if len(chain) > 1 else "",
            translate(HEADERS, "loop")
            if looped
            else translate(WORDING, status_word(final))
            if final
            else "…",
            chain_text(chain),
        )

    def add_records(self, records: Sequence[FetchRecord]) -> None:
        """Call after ``LinkIndex.add`` for the same batch."""
        if self._open:
            self._refresh(self._open)
            self._open = {r for r in self._open if self.display[r][5] == "…"}
        first = len(self.urls)
        self._append([r.url for r in records if r.is_redirect])
        self._open.update(r for r in range(first, len(self.urls)) if self.display[r][5] == "…")

    def clear(self) -> None:
        super().clear()
        self._open = set()


class BrokenLinksModel(_Table):
    """Each broken URL (by the crawl's status rules: what the status bar's "Broken" counts)
    with the pages that link to it.

    Signals: only QAbstractItemModel's own.
    """

    COLUMNS = (
        "URL",
        noop(HEADERS, "Status"),
        noop(HEADERS, "Error"),
        noop(HEADERS, "Inlinks"),
        noop(HEADERS, "Linked from"),
    )
    WIDTHS = (360, 100, 260, 70, 400)
    SHOWN_REFERRERS = 3

    def _build(self, url: str) -> tuple[str, ...]:
        rec = self.links.records[url]
        sources, count = self.links.sources(url), self.links.count(url)
        if not sources and rec.referrer:
            sources, count = [rec.referrer], 1
        shown = ", ".join(sources[: self.SHOWN_REFERRERS])
        if count > self.SHOWN_REFERRERS:
            shown += f", … (+{count - self.SHOWN_REFERRERS})"
        return (
            url,
            translate(WORDING, status_word(rec)),
            translate(WORDING, error_sentence(rec)),
            str(count),
            shown,
        )

    def add_records(self, records: Sequence[FetchRecord], gained: set[str]) -> None:
        """Call after ``LinkIndex.add`` for the same batch, with the URLs it returned."""
        row_of = self.row_of
        touched = {row_of[u] for u in gained if u in row_of}
        if touched:
            self._refresh(touched)
        is_broken = self.links.records.status_rules.is_broken
        self._append([r.url for r in records if is_broken(r)])
