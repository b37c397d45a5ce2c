"""What the window keeps in memory per URL: a crawl's records come back from its crawl file."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

import pytest
from windows import crawl_to_end

from gui_crawler.engine import Crawler
from gui_crawler.events import FetchRecord
from gui_crawler.ui.link_models import RecordMap
from gui_crawler.ui.replay import Replay
from gui_crawler.window import MainWindow


def test_pages_outlinks_are_read_from_the_crawl_file_not_kept(
    qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RecordMap, "RECENT", 0)
    live_site.fill_small(20)
    crawl_to_end(qtbot, window, live_site.url)
    root = live_site.url
    # No record kept anywhere in the window holds a page's outlinks: the file has them.
    gc.collect()  # the last batches' records, garbage in cycles until the next collection
    kept = [o for o in gc.get_objects() if type(o) is FetchRecord and o.url.startswith(root)]
    assert kept and not [r.url for r in kept if r.links]
    # In memory: the records the redirects and broken-links tables show, no other.
    in_memory = set(window.results.links.records._kept)
    assert in_memory == {root + "old", root + "older", root + "missing", root + "broken"}
    # Yet every record is there, outlinks included, for the Details pane.
    rec = window.results.links.records[root]
    assert rec.links[:3] == (root + "a/", root + "b/", root + "old")
    window.details.show_url(root)
    titles = [window.details.topLevelItem(i).text(0)  # type: ignore[union-attr]
              for i in range(window.details.topLevelItemCount())]  # fmt: skip
    assert "Outlinks (6)" in titles, titles  # mailto: is no link of its words
    # Inlinks too, and the redirects' chains.
    assert set(window.results.links.sources(root + "a/")) >= {root, root + "older"}
    redirects = window.results.redirects
    chains = {redirects.index(r, 0).data(): redirects.index(r, 6).data()
              for r in range(redirects.rowCount())}  # fmt: skip
    assert chains[root + "old"].endswith(f"{root}a/ (200)"), chains


def test_closing_the_window_leaves_only_the_crawl_file(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.fill_small(6)
    crawl_to_end(qtbot, window, live_site.url)
    path = window.controller.shown_file()
    assert path is not None
    window.close()
    qtbot.waitUntil(lambda: not Path(f"{path}-wal").exists(), timeout=5000)
    assert sorted(os.listdir(path.parent)) == [path.name] or not Path(f"{path}-shm").exists()


def test_the_overview_counts_from_the_file_and_keeps_no_records(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    from gui_crawler.records.audit import Audit
    from gui_crawler.records.findings import Thresholds
    from gui_crawler.storage.fileformat import iter_records

    live_site.fill_small(20)
    crawl_to_end(qtbot, window, live_site.url)
    audit = window.overview.audit
    assert audit.records == {}  # the link index's records (the crawl file) are its source

    def counts(a: Audit) -> dict[str, int]:
        return {f.key: f.count for f in a.findings()}

    def reference(thresholds: Thresholds) -> Audit:
        ref = Audit(thresholds, audit.is_internal)
        ref.linked = audit.linked
        ref.add(iter_records(window.controller.shown_file()))  # type: ignore[arg-type]
        return ref

    assert counts(audit) == counts(reference(audit.thresholds))
    assert sorted(audit.broken_links()) == sorted(reference(audit.thresholds).broken_links())
    # A threshold changed: the findings are counted again from the file.
    window.overview.title_max.setValue(3)
    assert counts(audit)["title_long"] > 0
    assert counts(audit) == counts(reference(audit.thresholds))


def test_an_opened_crawl_shows_its_rows_at_once_and_the_rest_in_turns(
    qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large file opened: the pages table reads its rows from the file; the other views are
    fed its records a batch at a time between the loop's other work, as a crawl feeds them,
    and end as a file read in one go leaves them."""
    live_site.fill_small(20)
    crawl_to_end(qtbot, window, live_site.url)
    path = window.controller.shown_file()
    assert path is not None

    def views() -> tuple[object, ...]:
        r = window.results
        return (
            r.tree.rowCount(),
            sorted(r.links.targets()),
            [(s.host, s.requests) for s in r.hosts.states],
            [(f.key, f.count) for f in window.overview.audit.findings()],
            len(window.timeline.model.bars),
            r.broken.rowCount(),
            r.redirects.rowCount(),
        )

    assert window.open_crawl(path)  # 29 URLs: one batch, shown whole at once
    whole = views()
    monkeypatch.setattr(Replay, "AT_ONCE", 4)
    monkeypatch.setattr(Replay, "CHUNK", 4)
    monkeypatch.setattr(Replay, "TURN", 0.0)
    turns: list[int] = []
    feed = Replay._feed

    def counted(self: Replay, saved: Any) -> Any:
        for done in feed(self, saved):
            turns.append(done)
            yield done

    monkeypatch.setattr(Replay, "_feed", counted)
    assert window.open_crawl(path)
    assert window.results.proxy.rowCount() == 29  # every row at once
    assert window.controller.replay.rest is not None and views() != whole  # the rest comes in turns
    qtbot.waitUntil(lambda: window.controller.replay.rest is None, timeout=5000)
    assert views() == whole
    assert turns == list(range(4, 29, 4))  # a turn of the loop after each chunk but the last


def test_an_opened_crawl_leaves_its_urls_cut_short_to_fetch(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    """A URL cut short in flight is no record of the views, only of the frontier (as load()
    leaves it): Continue fetches it again."""
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import ErrorKind, Queued
    from gui_crawler.storage import CrawlStore

    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
    store.sink(Queued("http://h.test/cut", 10, 1, "http://h.test/"))
    store.sink(FetchRecord("http://h.test/", status=200, links=("http://h.test/cut",)))
    store.sink(FetchRecord("http://h.test/cut", error_kind=ErrorKind.CANCELLED.value))
    store.close("cancelled")
    assert window.open_crawl(path)
    records = window.results.links.records
    assert "http://h.test/" in records and records.get("http://h.test/cut") is not None  # file
    assert "http://h.test/cut" not in records._recent  # never fed to the views
    assert window.results.proxy.rowCount() == 1


def test_an_opened_crawl_gives_its_frontier_to_the_tree_in_turns(
    qtbot: Any, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cancelled crawl of a million pages leaves most of them queued: opened, the file keeps
    its frontier (counted, not read), and the site tree is given it after the records, a
    batch at a time between the loop's other work."""
    from gui_crawler.config import CrawlConfig
    from gui_crawler.events import Queued
    from gui_crawler.storage import CrawlStore
    from gui_crawler.storage.fileformat import PendingInFile

    path = tmp_path / "c.sqlite3"
    store = CrawlStore.create(path, CrawlConfig(roots=("http://h.test/",)).validated())
    left = [f"http://h.test/d{i // 10}/{i}" for i in range(45)]
    for url in left:
        store.sink(Queued(url, 10, 1, "http://h.test/"))
    store.sink(FetchRecord("http://h.test/", status=200, links=tuple(left)))
    store.close("cancelled")
    monkeypatch.setattr(Replay, "AT_ONCE", 4)
    monkeypatch.setattr(Replay, "CHUNK", 1)  # the frontier: 10 URLs a turn
    monkeypatch.setattr(Replay, "TURN", 0.0)
    assert window.open_crawl(path)
    assert window.controller.saved is not None and isinstance(
        window.controller.saved.pending, PendingInFile
    )
    assert "45 left to fetch" in window.state_label.toolTip()
    tree = window.results.tree
    assert tree.node(left[0]) is None and window.controller.replay.rest is not None
    qtbot.waitUntil(lambda: window.controller.replay.rest is None, timeout=5000)
    assert all(tree.node(url) is not None for url in ["http://h.test/", *left])


def test_nothing_holds_a_finished_crawler(qtbot: Any, window: MainWindow, live_site: Any) -> None:
    """Its frontier (the seen set alone is ~70 B a URL taken in) is not read once the crawl is
    over; the window keeps the crawl's session for its file, not the crawler the session ran."""
    live_site.fill_small(20)
    crawl_to_end(qtbot, window, live_site.url)
    gc.collect()
    assert window.bridge.session is not None and window.controller.shown_file() is not None
    alive = [o for o in gc.get_objects() if isinstance(o, Crawler)]
    assert not [c for c in alive if c.config.roots == (live_site.url,)]


def test_the_window_keeps_no_module_sources(window: MainWindow) -> None:
    """PySide6's import hook reads each module's source into linecache (10.7 MB for the window's
    ~300 modules); a built window has let them go."""
    import linecache

    assert not [f for f in linecache.cache if f.endswith(".py") and "site-packages" in f]
    assert not [f for f in linecache.cache if f.endswith(("window.py", "bridge.py"))]
