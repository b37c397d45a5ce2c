"""The pages table on a crawl file: sorted and filtered on the query thread (a newer query wins),
rows committed while sorted put in place, a saved crawl reopened without its records kept, a
crawl file that stops taking records."""

from __future__ import annotations

import gc
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt

from gui_crawler.config import CrawlConfig
from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.models import CACHE_ROWS, PagesModel
from gui_crawler.records.page_columns import COLUMN_INDEX, PAGE_COLUMNS
from gui_crawler.records.verdicts import StatusClass
from gui_crawler.storage import CrawlStore
from gui_crawler.ui.pages_proxy import PagesProxy
from gui_crawler.ui.roles import Roles
from gui_crawler.window import MainWindow

H = "http://h.test"
TITLE, SIZE, URL = COLUMN_INDEX["title"], COLUMN_INDEX["size"], COLUMN_INDEX["url"]
WORDS = ["über", "Straße", "module", "ΣΊΣΥΦΟΣ", "index", "\u212aelvin", "Zeta", "alpha"]


def records(n: int, start: int = 0, seed: int = 1) -> list[FetchRecord]:
    rnd = random.Random(seed)
    return [
        FetchRecord(
            url=f"{H}/{rnd.choice(WORDS)}/{i}",
            status=rnd.choice((200, 200, 301, 404, 500)),
            content_type="text/html",
            size=rnd.randint(0, 50),
            title=" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 3))) or None,
            error_kind=ErrorKind.CANCELLED.value if i % 97 == 5 else None,
        )
        for i in range(start, start + n)
    ]


def crawl_file(path: Path, recs: list[FetchRecord]) -> Path:
    """A finished crawl file holding ``recs``, written by the crawl's own writer."""
    store = CrawlStore.create(path, CrawlConfig(roots=(H + "/",)).validated())
    for r in recs:
        store.sink(r)
    store.close("finished")
    return path


def shown(model: Any, column: int = URL, role: int = Qt.ItemDataRole.DisplayRole) -> list[Any]:
    return [model.index(i, column).data(role) for i in range(model.rowCount())]


def test_a_large_table_sorts_and_filters_on_the_query_thread(
    qtbot: Any, qtmodeltester: Any, tmp_path: Path
) -> None:
    recs = records(600)
    path = crawl_file(tmp_path / "c.sqlite3", recs)
    pages = PagesModel()
    proxy = PagesProxy(pages)
    pages.sync_rows = 0  # every order made on the query thread
    pages.attach(path)
    qtmodeltester.check(pages)
    qtmodeltester.check(proxy)
    assert shown(pages) == [r.url for r in recs]
    picked = recs[300].url
    persistent = QPersistentModelIndex(pages.index(pages.row_of(picked) or 0, 0))
    layouts: list[int] = []
    pages.layoutChanged.connect(lambda *_: layouts.append(1))
    pages.sort(TITLE, Qt.SortOrder.DescendingOrder)
    assert shown(pages) == [r.url for r in recs]  # not sorted yet: the thread is at it
    by_title = PAGE_COLUMNS[TITLE].key
    expected = [r.url for r in sorted(recs, key=by_title, reverse=True)]
    qtbot.waitUntil(lambda: shown(pages) == expected, timeout=5000)
    assert persistent.data() == picked  # the selection follows its row
    assert shown(proxy) == expected  # not filtering: the proxy is the model row for row
    # Two sorts asked at once: the first one's answer, if it comes, is dropped.
    layouts.clear()
    pages.sort(URL, Qt.SortOrder.AscendingOrder)
    pages.sort(SIZE, Qt.SortOrder.DescendingOrder)
    by_size = [r.url for r in sorted(recs, key=lambda r: r.size, reverse=True)]
    qtbot.waitUntil(lambda: shown(pages) == by_size, timeout=5000)
    qtbot.wait(100)
    assert layouts == [1] and shown(pages) == by_size
    # A filter on the thread too: text past ASCII, lowered as Python lowers it.
    with qtbot.waitSignal(proxy.applied, timeout=5000):
        proxy.set_filter(text="STRASSE".lower().replace("ss", "ß"))  # "straße"
    want = [u for u, r in zip(by_size, sorted(recs, key=lambda r: r.size, reverse=True), strict=True)
            if "straße" in u.lower() or "straße" in (r.title or "").lower()]  # fmt: skip
    assert shown(proxy) == want and 0 < len(want) < len(recs)
    with qtbot.waitSignal(proxy.applied, timeout=5000):
        proxy.set_filter(text="\u212aelvin", classes={StatusClass.CLIENT_ERROR})
    assert all(c == StatusClass.CLIENT_ERROR for c in shown(proxy, 0, Roles.StatusClass))
    assert len(shown(proxy)) > 0
    qtmodeltester.check(proxy)
    pages.attach(None)


def test_rows_committed_while_sorted_arrive_in_their_place(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=(H + "/",)).validated())
    pages = PagesModel()
    pages.sync_rows = 0
    pages._resort.setInterval(20)  # put in place at most every 20 ms rather than every second
    pages.attach(path)
    first = records(300, seed=2)
    for r in first:
        store.sink(r)
    store._commit_now()  # as the writer commits on the loop, before the bridge's next tick
    pages.add_records(first)
    assert pages.rowCount() == 300
    pages.sort(SIZE, Qt.SortOrder.AscendingOrder)
    inserted: list[tuple[int, int]] = []
    pages.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    more = records(200, start=300, seed=3)
    for r in more:
        store.sink(r)
    store._commit_now()
    pages.add_records(more)
    assert inserted == [(300, 499)]  # appended at once, put in place by the next query
    everything = first + more
    expected = [r.url for r in sorted(everything, key=lambda r: r.size)]
    qtbot.waitUntil(lambda: shown(pages) == expected, timeout=5000)
    assert pages.records() == [r.without_words() for r in sorted(everything, key=lambda r: r.size)]
    store.close("finished")
    pages.attach(None)


def test_rows_read_ahead_of_their_batch_are_not_read_again_nor_more_after(
    qtbot: Any, tmp_path: Path
) -> None:
    """A crawl commits rows between the bridge's ticks: a batch whose rows were read with an
    earlier one (committed before their batch came) owes none, and nothing is read until the
    next batch (read 50 ms later, the rows committed meanwhile came in a second insertion and
    paint every tick)."""
    path = tmp_path / "live.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=(H + "/",)).validated())
    pages = PagesModel()
    pages.attach(path)
    batches = [records(10, start=10 * i, seed=i) for i in range(3)]
    inserted: list[tuple[int, int]] = []
    pages.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    for r in batches[0] + batches[1]:
        store.sink(r)
    store._commit_now()
    pages.add_records(batches[0])  # batch 1's rows read too: committed, not given yet
    pages.add_records(batches[1])
    for r in batches[2]:
        store.sink(r)
    store._commit_now()  # batch 2: committed, given at the next tick
    qtbot.wait(300)
    assert inserted == [(0, 19)]
    pages.add_records(batches[2])
    assert inserted == [(0, 19), (20, 29)]
    store.close("finished")
    pages.attach(None)


def fetch_records_held(obj: object, depth: int = 4) -> int:
    """FetchRecords reachable from ``obj``'s attributes within ``depth`` references."""
    seen: set[int] = set()
    count = 0
    frontier = list(gc.get_referents(obj.__dict__))
    for _ in range(depth):
        nxt = []
        for o in frontier:
            if id(o) in seen or isinstance(o, type):
                continue
            seen.add(id(o))
            if isinstance(o, FetchRecord):
                count += 1
            elif isinstance(o, dict | list | tuple | set) or hasattr(o, "__slots__"):
                nxt.extend(gc.get_referents(o))
        frontier = nxt
    return count


def test_a_reopened_crawl_shows_its_rows_without_the_model_keeping_its_records(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    recs = records(3000, seed=4)
    path = crawl_file(tmp_path / "saved.sqlite3", recs)
    assert window.open_crawl(path)
    pages, view = window.results.pages, window.pages_tab.table
    kept = [r for r in recs if r.error_kind != ErrorKind.CANCELLED.value]
    assert pages.rowCount() == len(kept) and pages.path == path  # cancelled: left to fetch
    assert [pages.index(i, 0).data() for i in range(3)] == [r.url for r in kept[:3]]
    view.scrollToBottom()
    qtbot.wait(50)
    assert view.model().index(len(kept) - 1, 0).data() == kept[-1].url
    assert len(pages._cache) <= 2 * 128 < len(kept)  # the rows read for the screen, no more
    assert fetch_records_held(pages) <= min(len(pages._cache), CACHE_ROWS)
    assert pages.order.itemsize * len(pages.order) == 8 * len(kept)


def test_a_crawl_file_that_stops_taking_records_keeps_every_row(tmp_path: Path) -> None:
    recs = records(50, seed=5)
    path = crawl_file(tmp_path / "full.sqlite3", recs)
    pages = PagesModel()
    pages.attach(path)
    pages.sort(SIZE, Qt.SortOrder.DescendingOrder)
    before = shown(pages)
    pages.keep_in_memory()
    assert pages.path is None and shown(pages) == before
    later = records(5, start=50, seed=6)
    pages.add_records(later)  # kept in memory now, put in place
    expected = [r.url for r in sorted(recs + later, key=lambda r: r.size, reverse=True)]
    assert shown(pages) == expected


def test_records_asked_while_a_query_runs_are_those_it_will_show(
    qtbot: Any, tmp_path: Path
) -> None:
    """An export right after a sort or a filter was asked writes the rows it will show."""
    recs = records(800, seed=7)
    path = crawl_file(tmp_path / "c.sqlite3", recs)
    pages = PagesModel()
    proxy = PagesProxy(pages)
    pages.sync_rows = 0
    pages.attach(path)
    pages.sort(SIZE, Qt.SortOrder.DescendingOrder)
    by_size = sorted(recs, key=lambda r: r.size, reverse=True)
    assert [r.url for r in pages.iter_records()] == [r.url for r in by_size]
    proxy.set_filter(classes={StatusClass.SERVER_ERROR})
    want = [r.url for r in by_size if r.status == 500]  # answered 500, whatever came after
    assert [r.url for r in proxy.iter_records()] == want and want
    qtbot.waitUntil(lambda: shown(proxy) == want, timeout=5000)
    assert [r.url for r in proxy.records()] == want
    pages.attach(None)


def test_a_filtered_view_keeps_filtering_when_the_columns_change(qtmodeltester: Any) -> None:
    from gui_crawler.parsing.extract import Extractor

    pages = PagesModel()
    proxy = PagesProxy(pages)
    qtmodeltester.check(proxy)
    recs = records(60, seed=8)
    pages.add_records(recs)
    proxy.set_filter(classes={StatusClass.CLIENT_ERROR})
    want = [r.url for r in recs if r.status == 404]
    assert shown(proxy) == want and want
    pages.set_rules(Extractor.of(["price=regex:(\\d+)"], [], []).rules)  # a model reset
    assert shown(proxy) == want
    pages.clear()
    assert proxy.rowCount() == 0
    pages.add_records(recs)
    assert shown(proxy) == want


def test_a_large_reopened_crawl_shows_its_rows_at_once_then_drops_the_cancelled(
    qtbot: Any, qtmodeltester: Any, tmp_path: Path
) -> None:
    """Every seq in order is the first screen, made without a query; the rows cut short in
    flight are looked for on the query thread and dropped, then the sort asked is made."""
    recs = records(700, seed=9)
    path = crawl_file(tmp_path / "c.sqlite3", recs)
    pages = PagesModel()
    proxy = PagesProxy(pages)
    qtmodeltester.check(proxy)
    pages.sync_rows = 0
    pages.sort(SIZE, Qt.SortOrder.AscendingOrder)
    pages.attach(path, hide_cancelled=True)
    assert pages.rowCount() == len(recs)  # at once, in the order recorded
    kept = [r for r in recs if r.error_kind != ErrorKind.CANCELLED.value]
    assert [r.url for r in pages.iter_records()] == [
        r.url for r in sorted(kept, key=lambda r: r.size)
    ]  # an export meanwhile writes what will be shown
    expected = [r.url for r in sorted(kept, key=lambda r: r.size)]
    qtbot.waitUntil(lambda: shown(pages) == expected, timeout=5000)
    assert shown(proxy) == expected and len(kept) < len(recs)
    pages.attach(None)


def test_the_window_sorts_and_filters_a_crawl_on_the_query_thread(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    from windows import PAGES, crawl_to_end

    pages, proxy, tab = window.results.pages, window.results.proxy, window.pages_tab
    pages.sync_rows = 0  # as a table of a million rows is
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert pages.rowCount() == PAGES and pages.path == window.controller.shown_file()
    pages.sort(URL, Qt.SortOrder.DescendingOrder)
    urls = sorted((r.url for r in pages.records()), reverse=True)
    qtbot.waitUntil(lambda: shown(pages) == urls, timeout=5000)
    tab.set_quick_filter("4xx")
    broken = [u for u, c in zip(shown(pages), shown(pages, 0, Roles.StatusClass), strict=True)
              if c == StatusClass.CLIENT_ERROR]  # fmt: skip
    qtbot.waitUntil(lambda: shown(proxy) == broken, timeout=5000)
    assert broken and tab.count.text() == f"{len(broken):,} of {PAGES:,}"  # said when applied


def test_a_gap_in_the_seqs_of_a_large_crawl_is_no_row(qtbot: Any, tmp_path: Path) -> None:
    """A re-check's row written anew leaves a gap where it was: the first screen (every seq
    from the first to the last) loses it once the query thread has read the rows."""
    import sqlite3

    recs = [r for r in records(400, seed=10) if r.error_kind is None]
    path = crawl_file(tmp_path / "c.sqlite3", recs)
    db = sqlite3.connect(path)
    db.execute("DELETE FROM records WHERE seq IN (1, 150, 151, 400)")
    db.commit()
    db.close()
    pages = PagesModel()
    pages.sync_rows = 0
    pages.attach(path)
    gone = {recs[0].url, recs[149].url, recs[150].url}
    want = [r.url for r in recs if r.url not in gone]
    qtbot.waitUntil(lambda: pages.rowCount() == len(want), timeout=5000)
    assert shown(pages) == want
    pages.attach(None)


def test_the_rows_views_hold_are_found_in_a_sorts_answer_on_the_query_thread(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view's current row and selection (persistent indexes, of the model and of its proxy)
    follow their rows through a sort; in a million rows each takes a search of the answer
    (10-40 ms), made on the query thread with the sort, not on the event loop."""
    import threading

    from gui_crawler import models

    recs = records(300)
    path = crawl_file(tmp_path / "c.sqlite3", recs)
    pages = PagesModel()
    proxy = PagesProxy(pages)
    pages.sync_rows = 0  # every order made on the query thread
    pages.attach(path)
    searched_on: list[str] = []
    positions = models._positions

    def watched(seqs: Any, wanted: Any) -> dict[int, int]:
        got = positions(seqs, wanted)
        if got or wanted:
            searched_on.append(threading.current_thread().name)
        return got

    monkeypatch.setattr(models, "_positions", watched)
    held_here = QPersistentModelIndex(pages.index(10, 0))
    held_there = QPersistentModelIndex(proxy.index(200, 0))
    urls = held_here.data(), held_there.data()
    pages.sort(TITLE, Qt.SortOrder.DescendingOrder)
    by_title = [r.url for r in sorted(recs, key=PAGE_COLUMNS[TITLE].key, reverse=True)]
    qtbot.waitUntil(lambda: shown(pages) == by_title, timeout=5000)
    assert (held_here.data(), held_there.data()) == urls
    assert held_here.row() == by_title.index(urls[0]) and held_there.row() == by_title.index(
        urls[1]
    )
    assert searched_on and threading.main_thread().name not in searched_on
    pages.attach(None)
