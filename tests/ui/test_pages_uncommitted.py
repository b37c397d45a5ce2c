"""The window's loop does not wait for the crawl file's commits: the pages table reads each
batch's rows as the file holds them, those not committed yet with a later batch, and every row
by the time the crawl is said finished. Only a reader asking for a record the file does not
hold yet (the Details pane showing a page) has what waits committed."""

from __future__ import annotations

import time
from typing import Any

import pytest
from windows import start

from gui_crawler.storage import CrawlStore, committer, load
from gui_crawler.window import MainWindow


def test_batches_wait_for_no_commit_and_the_table_ends_with_every_row(
    qtbot: Any, window: MainWindow, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    live_site.fill_small()
    live_site.delay = 0.05  # two workers 50 ms a page: a batch every tick, a dozen or more
    window.settings.workers.setValue(2)
    waited: list[bool] = []  # a commit waited for: asked while the Details pane shows a page?
    commit_pending = CrawlStore.commit_pending
    showing: list[int] = []

    def counted(store: CrawlStore) -> None:
        waited.append(bool(showing))
        commit_pending(store)

    monkeypatch.setattr(CrawlStore, "commit_pending", counted)
    show_url = window.details.show_url

    def show(url: str | None) -> None:
        showing.append(1)
        try:
            show_url(url)
        finally:
            showing.pop()

    window.details.show_url = show  # type: ignore[method-assign]
    # A slow disk: each transaction takes 300 ms (longer than a tick of the bridge), so batches
    # come with rows not committed, the last of them too.
    begin = committer.Committer.__init__

    def slow(self: Any, write: Any, *args: Any) -> None:
        begin(self, lambda batch: (time.sleep(0.3), write(batch))[1], *args)

    monkeypatch.setattr(committer.Committer, "__init__", slow)
    batches: list[int] = []
    first: list[str] = []  # the Details pane's sections after the first batch
    picked: list[tuple[str, list[str]]] = []  # a page picked as its record came, its sections

    def batch(records: list[Any], _workers: Any) -> None:
        if records and not batches:
            first.extend(titles(window))
        # From the third batch on, the first with a page that has links (under load a batch may
        # hold only pages without: images, a 404).
        elif len(batches) >= 2 and not picked and (pages := [r.url for r in records if r.links]):
            window.details.show_url(pages[-1])
            picked.append((pages[-1], titles(window)))
            window.details.show_url(live_site.url)
        if records:
            batches.append(len(records))

    window.bridge.batch.connect(batch)  # after the window's own slot
    counts: list[int] = []
    said: list[str] = []

    def finished(_f: Any) -> None:
        counts.append(window.results.pages.rowCount())
        said.append(window.pages_tab.count.text())

    window.crawlFinished.connect(finished)
    with qtbot.waitSignal(window.crawlFinished, timeout=15_000):
        start(qtbot, window, live_site.url)
    assert len(batches) >= 4, batches
    assert waited and all(waited)  # the flush never waits: only the Details pane, for a page
    assert len(waited) < len(batches)
    path = window.results.pages.path
    assert path is not None
    urls = [r.url for r in load(path).records]
    pages = window.results.pages
    # Every row, each once, in the order recorded, when the crawl is said finished.
    assert counts == [len(urls)] == [sum(batches)]
    assert said == [f"{len(urls)} URLs"]
    assert [r.url for r in pages.records()] == urls
    # The root's outlinks read from the file when the pane first showed it, with the first
    # batch (no page links to the root by then: nothing else shows it again).
    assert window.details.url == live_site.url
    assert "Outlinks (6)" in first, first
    # A page picked as its record came, likely not committed yet: its outlinks all there.
    [(url, sections)] = picked
    [rec] = [r for r in load(path).records if r.url == url]
    assert f"Outlinks ({len(rec.links)})" in sections, (url, sections)


def titles(window: MainWindow) -> list[str]:
    details = window.details
    return [details.topLevelItem(i).text(0) for i in range(details.topLevelItemCount())]  # type: ignore[union-attr]
