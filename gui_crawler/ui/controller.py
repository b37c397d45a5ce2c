"""The crawl shown in the window and its lifecycle, apart from the widgets that show it.

``CrawlController`` owns the bridge (the running crawl), the sessions it starts — a fresh crawl,
a list of URLs, a saved crawl continued, a re-check — and the state of the crawl shown: the file
opened or written, what it has left to fetch, the URLs a cancel cut short, the re-check under way,
the replay of an opened file. It feeds the views a crawl fills (``CrawlViews``) and says what
happened through its signals; the window lays the views out and turns the signals into its status
bar, address bar and actions. It builds no widget.

A crawl on many machines (a cluster crawl, through Redis) is shown the same way: its session
(cluster.run.ClusterSession, made by the cluster dialog) runs in the bridge like any, its nodes
go to the Workers tab and the Timeline, and the state said is the whole crawl's. Its Cancel
stops other machines' work: the window is asked to confirm first (``cancelAsked``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from gui_crawler.base.translate import OPTIONS, VERDICTS, ntranslate, translate
from gui_crawler.base.urls import InvalidURL, Scope, parse_address
from gui_crawler.cluster.nodes import NodeState
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl.urllist import UrlList
from gui_crawler.engine import capped_workers
from gui_crawler.events import CrawlFinished, ErrorKind, FetchRecord, Progress, Reason, WorkerEvent
from gui_crawler.options import config_kwargs, in_group, said
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.export import write_csv
from gui_crawler.records.verdicts import CUT_SHORT, StatusRules, Verdict
from gui_crawler.records.wording import duration, root_failure
from gui_crawler.render.browser import problem
from gui_crawler.session import CrawlSession, StoreError, crawls_dir, peek
from gui_crawler.storage import SavedCrawl, load_words
from gui_crawler.ui.bridge import CrawlBridge
from gui_crawler.ui.charts import ChartsPanel
from gui_crawler.ui.details import DetailsPane
from gui_crawler.ui.file_dialogs import file_stem
from gui_crawler.ui.i18n import state_words
from gui_crawler.ui.overview import OverviewTab
from gui_crawler.ui.recheck import Recheck, history_of, start_recheck
from gui_crawler.ui.replay import Replay
from gui_crawler.ui.results import CrawlResults
from gui_crawler.ui.settings_panel import SettingsPanel
from gui_crawler.ui.timeline import TimelinePanel
from gui_crawler.ui.views import PagesTab

if TYPE_CHECKING:  # imported when a cluster crawl is watched: the Redis client is slow to load
    from gui_crawler.cluster.run import ClusterSession

# What a problem said by CrawlController.problem is about.
ADDRESS, SETTINGS, FILE = "address", "settings", "file"
FAILURES_IN_A_ROW = 10  # this many failed URLs with no answer between them: warn the user


@dataclass(frozen=True)
class CrawlViews:
    """The views a crawl fills beside the models of ``CrawlResults``, and the settings it is
    started with."""

    settings: SettingsPanel
    pages_tab: PagesTab
    details: DetailsPane
    overview: OverviewTab
    timeline: TimelinePanel
    charts: ChartsPanel


class CrawlController(QObject):
    """Starts, continues, re-checks and shows crawls in ``views``, the records in ``results``.

    Signals:
        stateChanged(str, str): the crawl's state in words, and the tip that says more.
        noticed(object, bool): how an action went or a warning (None: the notice withdrawn),
            and whether it is a warning.
        crawlNotice(object): the crawl's own notice (a capped worker count), None when it no
            longer holds.
        problem(object, str): why the last start, open or continue failed (None: it did not),
            and what it is about: ADDRESS, SETTINGS or FILE (the window marks the address field
            only for the address, and withdraws a settings problem once they are fixed).
        addressShown(str): the address of the crawl now shown.
        statsChanged(object): the counts changed (the crawl's Progress, None between crawls).
        changed(): what the window's actions depend on changed.
        finished(CrawlFinished): a crawl ended and every view shows all its records.
        cancelAsked(str): Cancel of a crawl on many machines: the question to confirm
            (``cancel(everywhere=True)`` then cancels it).
    """

    stateChanged = Signal(str, str)
    noticed = Signal(object, bool)
    crawlNotice = Signal(object)
    problem = Signal(object, str)
    addressShown = Signal(str)
    statsChanged = Signal(object)
    changed = Signal()
    finished = Signal(object)
    cancelAsked = Signal(str)

    def __init__(self, results: CrawlResults, views: CrawlViews, parent: Any = None) -> None:
        super().__init__(parent)
        self.results = results
        self.views = views
        self.bridge = CrawlBridge(self)
        self.data_dir: Path | None = None  # where new crawl files go (None: the user's data dir)
        self.saved: SavedCrawl | None = None  # an opened crawl file that can be continued
        # The crawl file of the crawl that ran last here, while it has URLs left to fetch:
        # Continue crawl resumes it right away (no need to open it first).
        self.last_file: Path | None = None
        self.left = 0  # URLs the shown crawl has left to fetch, when none runs
        self.cut_short = 0  # this run's URLs recorded as cancelled in flight
        # This run's pages rendered in the headless browser, and those it tried but could not
        # render (--render); renders: whether the crawl under way (or that ran last) renders.
        self.rendered = 0
        self.not_rendered = 0
        self.renders = False
        self.rechecking: Recheck | None = None  # the re-check under way, if one is
        self.root: str | None = None  # the running or opened crawl's start page
        self._failed_in_a_row = 0
        self._nodes_said = ""  # the state last said of a crawl on many machines
        self.replay = Replay(
            results,
            views.overview,
            views.timeline,
            fed=views.pages_tab.update_count,
            said=lambda text: self.noticed.emit(text, True),
        )
        # A home page gains inlinks on every tick: the Details pane is rebuilt once a second.
        self._details_timer = QTimer(self)
        self._details_timer.setSingleShot(True)
        self._details_timer.setInterval(1000)
        self._details_timer.timeout.connect(views.details.refresh)
        views.details.words_of = self.words_of
        results.links.records.commit = self.bridge.commit_pending
        views.overview.pages_words = self.pages_words
        b = self.bridge
        b.queued.connect(results.add_queued)
        b.batch.connect(self._on_batch)
        views.timeline.attach(b)
        b.progress.connect(self._on_progress)
        b.tick.connect(results.workers.tick)
        b.finished.connect(self._on_finished)
        b.runningChanged.connect(lambda _running: self.changed.emit())
        b.storeError.connect(self._store_error)
        b.notice.connect(self.crawlNotice.emit)
        b.hosts.connect(results.hosts.apply)
        b.finished.connect(lambda _f: results.hosts.crawl_ended())
        b.finished.connect(lambda _f: views.overview.records_done())
        b.nodes.connect(results.workers.apply_nodes)
        b.nodes.connect(self._on_nodes)

    # ---- what is shown ------------------------------------------------------------------------

    def say(self, text: str | None, error: bool = False) -> None:
        """How an action went, or a warning, said where the window says it (None: nothing)."""
        self.noticed.emit(text, error)

    def shown_file(self) -> Path | None:
        """The crawl file of the crawl shown: the one opened, else the one that ran here."""
        if self.saved is not None:
            return self.saved.path
        session = self.bridge.session
        return session.path if session is not None else None

    def can_continue(self) -> bool:
        if self.bridge.running:
            return False
        return bool(self.saved.pending) if self.saved is not None else self.last_file is not None

    def crawls_folder(self) -> Path:
        """Where crawl files are saved: the recent-crawls list reads this folder."""
        return crawls_dir(self.data_dir)

    def records_of(self, urls: Iterable[str]) -> list[FetchRecord]:
        """The records of those URLs fetched so far (a tree branch or a listed link may have
        none yet)."""
        by_url = self.results.links.records
        return [r for u in urls if (r := by_url.get(u)) is not None]

    def is_internal(self, url: str) -> bool:
        """Whether ``url`` is within the crawl shown's scope."""
        return self.views.overview.audit.is_internal(url)

    def pages_words(self) -> Iterator[tuple[str, tuple[LinkWords, ...]]]:
        """Every page's links with their words, read from the crawl file shown (none without
        one): the window keeps none of them."""
        path = self.shown_file()
        if path is not None:
            with contextlib.suppress(StoreError):
                yield from load_words(path)

    def words_of(self, urls: list[str]) -> dict[str, tuple[LinkWords, ...]]:
        """The links with their words of the pages ``urls``, from the crawl file shown."""
        path = self.shown_file()
        try:
            return dict(load_words(path, urls)) if path is not None else {}
        except StoreError:
            return {}

    def rate(self) -> float:
        """Pages a second now, as the charts measure it."""
        return self.views.charts.history.pages_per_second

    def opened_for(self) -> float:
        """The running time of a crawl opened from its file, from its records (0: none)."""
        return self.views.timeline.model.now

    def workers_shown(self) -> tuple[int, int]:
        """(workers, per host) the crawl runs with, or would run with: per host 0 when none
        runs (the count capped by the open-file limit, as the crawl would cap it)."""
        crawler = self.bridge.crawler
        if self.bridge.running and crawler is not None:
            return crawler.max_workers, crawler.config.per_host
        return capped_workers(self.views.settings.workers.value())[0], 0

    # ---- starting -----------------------------------------------------------------------------

    def start(self, address: str) -> bool:
        """Start a fresh crawl of ``address``; False (with the problem said) if it cannot."""
        if self.bridge.running:
            return False
        try:
            url = parse_address(address)
        except InvalidURL as e:
            self.problem.emit(str(e), ADDRESS)
            return False
        try:
            config = self.views.settings.config(url)
        except ConfigError as e:
            self.problem.emit(str(e), SETTINGS)
            return False
        if (why := self.render_problem(config)) is not None:
            self.problem.emit(why, SETTINGS)
            return False
        try:
            session = CrawlSession.new(config, data_dir=self.data_dir)
        except StoreError as e:
            self.problem.emit(str(e), FILE)
            return False
        self.problem.emit(None, "")
        self.addressShown.emit(url)
        self.saved = None
        self._begin(session)
        self.stateChanged.emit(
            self.tr("Crawling {url} …").format(url=url),
            self.tr("Saved to {path}").format(path=session.path),
        )
        return True

    def settings_problem(self, address: str) -> str | None:
        """What is wrong with the settings for a crawl of ``address`` (of the settings alone
        while the address is no URL), None when nothing is."""
        try:
            config = self.views.settings.config(parse_address(address))
        except InvalidURL:
            return self.views.settings.error()
        except ConfigError as e:
            return str(e)
        return self.render_problem(config)

    def render_problem(self, config: CrawlConfig) -> str | None:
        """Why a crawl with ``config`` cannot render the pages it asks to (no browser, no
        Playwright), in one line saying what to install; None when it can or renders none."""
        return problem(
            config.render,
            config.browser,
            asked=self.tr("JavaScript rendering"),
            give=self.tr("the Browser field of the JavaScript settings"),
        )

    def check_list(self, listed: UrlList) -> str | None:
        """Check exactly ``listed``'s URLs (list mode: their redirects followed, their links only
        as deep as Max depth) with the settings' options; the lines skipped are said. Returns
        why it cannot (None: started)."""
        if self.bridge.running:
            return self.tr("A crawl is running: cancel it first, the list stays here")
        try:
            config = self.views.settings.config(listed.urls[0])
            config = replace(config, roots=tuple(listed.urls), list_mode=True).validated()
            if (why := self.render_problem(config)) is not None:
                return why
            session = CrawlSession.new(config, data_dir=self.data_dir)
        except (ConfigError, StoreError) as e:
            return str(e)
        self.problem.emit(None, "")
        self.addressShown.emit(config.roots[0])
        self.saved = None
        self._begin(session)
        n = len(config.roots)
        self.stateChanged.emit(
            ntranslate("CrawlController", "Checking a list of {n} URL …",
                       "Checking a list of {n} URLs …", n).format(n=f"{n:,}"),
            self.tr("Saved to {path}").format(path=session.path),
        )  # fmt: skip
        note = listed.note()
        if note is not None:
            self.noticed.emit(self.tr("The list: {note}").format(note=note), True)
        return None

    def run_cluster(self, session: ClusterSession) -> bool:
        """Show a crawl on many machines: watched, or worked on here too, as ``session`` says
        (connected, its crawl file made: cluster.sessions); False (the session closed) when a
        crawl runs here already."""
        if self.bridge.running:
            session.close()
            return False
        self.problem.emit(None, "")
        self.addressShown.emit(session.config.roots[0])
        self.saved = None
        self._begin(session)
        self._nodes_said = ""
        self._on_nodes([])
        return True

    def _on_nodes(self, _states: list[NodeState]) -> None:
        """The state of a crawl on many machines, said again when its nodes change."""
        cluster = self.bridge.cluster
        if cluster is None or not self.bridge.running:
            return
        nodes = self.results.workers.nodes
        working = sum(1 for n in nodes if n.state == "working")
        text = self.tr("Cluster crawl {crawl} at {redis}: {working} of {nodes} nodes working")
        text = text.format(
            crawl=cluster.shared.id, redis=cluster.address, working=working, nodes=len(nodes)
        )
        if cluster.node is not None:
            text += self.tr(", this window one of them")
        if text == self._nodes_said:
            return
        self._nodes_said = text
        session = self.bridge.session
        more = [self.tr("Saved to {path}").format(path=session.path)] if session else []
        if cluster.node is None:
            more.append(
                self.tr(
                    "The records shown are those that came while this window watched; the crawl "
                    "file collecting every record is the one of the machine that started it"
                )
            )
        self.stateChanged.emit(text, "\n".join(more))

    def _begin(self, session: CrawlSession | ClusterSession) -> None:
        config = session.config
        v = self.views
        if session.saved is None:
            self.replay.finish(cancel=True)
            v.details.history = {}
            self.results.clear()
            v.overview.clear()
            v.pages_tab.start_over()
            v.details.show_url(None)
        else:  # the crawl shown goes on: its hosts' requests so far count on
            self.results.hosts.carry_over()
        v.overview.audit.is_internal = Scope(config.roots, strict=config.strict).host_ok
        self._use_rules(config)
        v.overview.user_agent = config.user_agent
        v.overview.file_stem = file_stem(config.roots[0])
        v.charts.clear()
        self.noticed.emit(None, False)
        self.root = config.roots[0]
        self._failed_in_a_row = 0
        self.left = 0
        self.cut_short = 0
        self.rendered = self.not_rendered = 0
        self.renders = config.render != "off"
        self.last_file = None
        # The pages' read-only connections first: the reader's, the file's last, folds its WAL.
        self.results.attach(session.path)
        self.bridge.start(session)
        v.pages_tab.update_count()
        self.statsChanged.emit(None)
        self.changed.emit()

    def _use_rules(self, config: CrawlConfig) -> None:
        """The crawl's custom extraction and search rules (a Pages column and a finding each)
        and its status rules (the verdicts of every view)."""
        rules = config.extractor().rules  # a crawl's config is validated: its rules compile
        status_rules = StatusRules.of(config)
        self.results.set_rules(rules, status_rules)
        self.views.overview.audit.rules = rules
        self.views.overview.audit.status_rules = status_rules
        self.views.overview.audit.checks = config.checks  # --no-checks: their findings not checked
        self.views.details.set_rules(rules)

    # ---- a saved crawl ------------------------------------------------------------------------

    def open_crawl(self, path: str | Path) -> bool:
        """Show a saved crawl's rows and options; Continue crawl then resumes it."""
        if self.bridge.running:
            self.noticed.emit(self.tr("Cancel the running crawl before opening another"), True)
            return False
        try:
            saved = peek(path, records=False)
        except StoreError as e:
            self.problem.emit(str(e), FILE)
            return False
        try:
            self.show_saved(saved)
        except StoreError as e:  # a damaged row among the first read back
            self.results.clear()
            self.results.attach(None)
            self.problem.emit(str(e), FILE)
            return False
        v = self.views
        self.problem.emit(None, "")
        reader = self.results.links.records.reader
        recorded = reader.count(cancelled=False) if reader is not None else 0
        v.pages_tab.start_over()  # another crawl: its rows unfiltered
        self.noticed.emit(None, False)
        self.root = saved.config.roots[0]
        v.overview.file_stem = file_stem(self.root)
        self.left = len(saved.pending)
        self.statsChanged.emit(None)
        self.addressShown.emit(saved.config.roots[0])
        v.settings.show_config(saved.config)
        v.details.show_url(saved.config.roots[0])
        self.saved = saved
        left = (
            self.tr("{n} left to fetch — Continue crawl resumes it").format(
                n=f"{len(saved.pending):,}"
            )
            if saved.pending
            else self.tr("nothing left to fetch")
        )
        self.stateChanged.emit(
            ntranslate("CrawlController", "Opened ({state}): {n} URL, {left}",
                       "Opened ({state}): {n} URLs, {left}", recorded).format(
                state=state_words(saved.state), n=f"{recorded:,}", left=left),
            str(saved.path),
        )  # fmt: skip
        self.changed.emit()
        return True

    def show_saved(self, saved: SavedCrawl) -> None:
        """Show what a crawl file holds (its rows, hosts, findings, timeline), nothing else.
        ``saved`` without its records (opened): the pages table reads its rows from the file at
        once, and the other views are fed the file's records (``Replay``), as a crawl feeds
        them."""
        v = self.views
        self.replay.finish(cancel=True)
        self.results.clear()
        self.results.attach(saved.path, hide_cancelled=True)
        self._use_rules(saved.config)
        v.charts.clear()
        v.overview.clear()
        v.overview.audit.is_internal = Scope(saved.config.roots, strict=saved.config.strict).host_ok
        v.timeline.clear()
        v.details.history = history_of(saved.path)
        self.replay.start(saved)
        v.pages_tab.update_count()

    def _show_file_again(self, saved: SavedCrawl) -> None:
        """The rows of URLs cut short in flight are not in the crawl file, which fetches those
        URLs again: the crawl shown from its file, all of it before a crawl adds to it, so that
        no URL has two rows."""
        url = self.views.details.url
        self.show_saved(saved)
        self.replay.finish()
        self.views.details.show_url(url)

    def continue_crawl(self) -> bool:
        """Resume the opened crawl file, or the one the last crawl here left URLs in, where it
        stopped, appending to its rows."""
        if self.bridge.running:
            return False
        path = self.saved.path if self.saved is not None else self.last_file
        if path is None:
            return False
        if self.saved is not None and not self.saved.pending:
            self.problem.emit(
                self.tr("{name} has nothing left to fetch").format(name=path.name), FILE
            )
            return False
        self.replay.finish()  # the views hold the whole file before the crawl adds to them
        try:
            session = CrawlSession.resume(path, **self._login())
        except StoreError as e:
            self.problem.emit(str(e), FILE)
            return False
        saved = session.saved
        assert saved is not None
        if self.saved is None and self.cut_short:
            self._show_file_again(saved)
        self.saved = None
        self._begin(session)
        n = len(saved.pending)
        self.stateChanged.emit(
            ntranslate("CrawlController", "Continuing: {n} URL left …",
                       "Continuing: {n} URLs left …", n).format(n=f"{n:,}"),
            str(saved.path),
        )  # fmt: skip
        self._say_withheld(saved)  # after _begin, which clears the notices of the last crawl
        return True

    def _login(self) -> dict[str, Any]:
        """The Login box's credentials, as a resumed crawl takes them: no crawl file keeps them."""
        given = {k: v for k, v in self.views.settings.access.values().items() if v}
        return config_kwargs(given)

    def _say_withheld(self, saved: SavedCrawl) -> None:
        """Name what the crawl was started with that the Login box does not hold now."""
        given = self._login()
        missing = [translate(OPTIONS, o.label) for o in in_group("access")
                   if o.flag() in saved.withheld and o.name not in given]  # fmt: skip
        if missing:
            self.noticed.emit(
                self.tr(
                    "This crawl was started with {options}, which no file keeps: fill them in the "
                    "Login box and continue again, or the site may refuse what needs them"
                ).format(options=said(missing)),
                True,
            )

    def recheck(self, urls: list[str] | None = None) -> bool:
        """Fetch again ``urls`` (else every broken, blocked or failed URL) of the crawl shown,
        in its crawl file; their rows are replaced as the answers come."""
        path = self.shown_file()
        if self.bridge.running or path is None:
            return False
        self.replay.finish()  # the re-check rebuilds the views from every row at its end
        try:
            session, why = start_recheck(path, urls, **self._login())
        except StoreError as e:
            self.problem.emit(str(e), FILE)
            return False
        if session is None:
            self.noticed.emit(why, False)
            return False
        self.problem.emit(None, "")
        if self.saved is None and self.cut_short and session.saved is not None:
            self._show_file_again(session.saved)  # the rows the re-check replaces, from the file
        self.rechecking = Recheck(session, self.results, self.views.overview)
        self._begin(session)
        n = len(self.rechecking.before)
        self.stateChanged.emit(
            ntranslate("CrawlController", "Re-checking {n} URL …", "Re-checking {n} URLs …",
                       n).format(n=f"{n:,}"),
            str(path),
        )  # fmt: skip
        if session.saved is not None:
            self._say_withheld(session.saved)
        return True

    # ---- the running crawl --------------------------------------------------------------------

    def cancel(self, everywhere: bool = False) -> None:
        """Cancel the crawl. A crawl on many machines stops on every one of them: asked first
        (``cancelAsked``), cancelled with ``everywhere``."""
        if not self.bridge.running:
            return
        cluster = self.bridge.cluster
        if cluster is None:
            self.bridge.cancel()
            self.stateChanged.emit(self.tr("Cancelling…"), "")
        elif not everywhere:
            question = self.tr(
                "Cancel the crawl {} on every machine? Each node stops and gives back what it "
                "holds; gui-crawler crawl --cluster continues it later."
            )
            self.cancelAsked.emit(question.format(cluster.shared.id))
        else:
            cluster.cancel_everywhere()
            self.stateChanged.emit(self.tr("Cancelling the crawl on every machine…"), "")

    def toggle_pause(self) -> None:
        """Pause or resume; the bridge owns the state, the action only shows it."""
        if self.bridge.cluster is not None:
            why = self.tr(
                "A crawl on many machines is not paused from one of them: Cancel stops it "
                "everywhere, gui-crawler crawl --cluster continues it"
            )
            self.noticed.emit(why, True)
            self.changed.emit()
            return
        if self.bridge.running:
            if not self.bridge.paused:
                self.bridge.pause()
                self.stateChanged.emit(
                    self.tr("Paused: workers finish their current URL, then wait"), ""
                )
            else:
                self.bridge.resume()
                self.stateChanged.emit(self.tr("Crawling…"), "")
        self.changed.emit()

    def set_workers(self, n: int) -> None:
        """The worker count asked for: a running crawl takes it at once (it says so itself, a
        Notice, when it caps it); between crawls a count the open-file limit caps is said."""
        if self.bridge.running:
            self.bridge.set_max_workers(n)
            return
        self.crawlNotice.emit(capped_workers(n)[1])

    def _on_batch(self, records: list[FetchRecord], workers: list[WorkerEvent]) -> None:
        details = self.views.details
        if self.rechecking is not None:
            # The links' words are the crawl file's (read back when shown): none kept here.
            records = [r.without_words() if r.words else r for r in records]
            shown = self.rechecking.apply(records, workers)
            if any(r.url == details.url for r in shown):
                details.refresh()
            return
        url = details.url
        # A home page gains inlinks on every tick: rebuild the pane at most once a second. The
        # link index counts them (scanning every record's links for the URL was ~0.7% of the
        # window's loop on rust-doc, where the root is shown all along).
        links = self.results.links
        inlinks = links.count(url) if url else 0
        arrived = bool(url) and any(r.url == url for r in records)
        records = list(self.results.add(records, workers))  # without links: the file has them
        details_grew = arrived or (url is not None and links.count(url) != inlinks)
        if records:
            self.views.overview.add(records)
            self.views.pages_tab.update_count()
            self.cut_short += sum(r.error_kind == ErrorKind.CANCELLED for r in records)
            if self.renders:
                rendered = sum(r.rendered for r in records)
                self.rendered += rendered
                self.not_rendered += sum(bool(r.render) for r in records) - rendered
            self._count_failures(records)
            details.records_arrived(records)
            if details.empty and self.root is not None:
                # Something to look at from the start: the root's details until a pick.
                details.show_url(self.root)
            if details_grew and not self._details_timer.isActive():
                self._details_timer.start()

    def _count_failures(self, records: list[FetchRecord]) -> None:
        for r in records:
            if r.error_kind is None:
                self._failed_in_a_row = 0
            elif r.error_kind not in (ErrorKind.CANCELLED, ErrorKind.OWN_LIMIT):  # not the site's
                self._failed_in_a_row += 1
                if self._failed_in_a_row == FAILURES_IN_A_ROW:
                    self.noticed.emit(
                        self.tr(
                            "{n} URLs in a row got no answer: the site may be down, overloaded "
                            "or refusing the crawler (fewer workers or a longer timeout may help)"
                        ).format(n=FAILURES_IN_A_ROW),
                        True,
                    )

    def _on_progress(self, p: Progress) -> None:
        self.views.charts.add(p)
        self.statsChanged.emit(p)

    def _store_error(self, msg: str) -> None:
        self.results.keep_in_memory()  # the file stopped taking records
        self.problem.emit(
            self.tr("{error}. The crawl was stopped; every row is kept.").format(error=msg), FILE
        )

    def _on_finished(self, f: CrawlFinished) -> None:
        self.results.pages.sync()  # the crawl file holds every row now: the last ones read
        self.views.pages_tab.update_count()
        if self.rechecking is not None:
            self._recheck_finished(f)
            return
        # What the crawl file keeps to fetch: the queue, URLs parked on their host, and URLs
        # cut short in flight (recorded as cancelled, fetched again by Continue).
        self.left = f.todo + self.cut_short
        self.statsChanged.emit(self.bridge.last_progress)
        ended: dict[str, str] = {Reason.DONE: self.tr("Finished"),
                                 Reason.CANCELLED: self.tr("Cancelled")}  # fmt: skip
        words = ended.get(f.reason, self.tr("Stopped ({reason})").format(reason=f.reason))
        cluster = self.bridge.cluster
        if cluster is not None and f.reason == Reason.CANCELLED:
            words = (
                self.tr("Cancelled on every machine")
                if cluster.cancelled_everywhere
                else self.tr("Stopped here (the crawl goes on on its other machines)")
            )
        # URLs cut short were never fetched: the crawl file keeps them to fetch, not as rows,
        # so the count said is the one the file, reopened, shows.
        cut = self.cut_short
        total = self.results.pages.rowCount() - cut
        done = f.done - cut
        this_run = self.tr(" ({n} this time)").format(n=f"{done:,}") if total != done else ""
        cut_short = translate(VERDICTS, CUT_SHORT)
        if cut:
            this_run += self.tr(" (and {n} {cut_short})").format(n=f"{cut:,}", cut_short=cut_short)
        left = self.tr(", {n} left to fetch").format(n=f"{self.left:,}") if self.left else ""
        session = self.bridge.session
        # A crawl on many machines is continued through Redis, not from this file.
        here = session is not None and cluster is None and self.left
        self.last_file = session.path if here and session is not None else None
        more = (
            [self.tr("Saved to {path}").format(path=session.path)]
            if session is not None and session.path
            else []
        )
        if cut:
            more.append(
                self.tr(
                    "URLs {cut_short} ({n}) are listed as {cancelled} and counted among those "
                    "left to fetch: the crawl file keeps them to fetch again"
                ).format(
                    cut_short=cut_short,
                    n=f"{cut:,}",
                    cancelled=translate(VERDICTS, Verdict.CANCELLED),
                )
            )
        if self.last_file is not None:
            more.append(self.tr("Continue crawl fetches what is left"))
        said = ntranslate("CrawlController", "{ended}: {n} URL{this_run} in {time}{left}",
                          "{ended}: {n} URLs{this_run} in {time}{left}", total).format(
            ended=words, n=f"{total:,}", this_run=this_run, time=duration(f.elapsed), left=left)  # fmt: skip
        if cluster is not None:  # the whole crawl's URLs, every node's; this file's among them
            nodes = len(self.results.workers.nodes)
            said = self.tr("{words}: {urls} on {nodes} in {time}{left}").format(
                words=words,
                urls=ntranslate("CrawlController", "{n} URL", "{n} URLs", f.done).format(
                    n=f"{f.done:,}"),
                nodes=ntranslate("CrawlController", "{n} node", "{n} nodes", nodes).format(
                    n=f"{nodes:,}"),
                time=duration(f.elapsed), left=left,
            )  # fmt: skip
            if total != f.done:
                said += self.tr(" ({} of them shown here)").format(f"{total:,}")
        self.stateChanged.emit(said, "\n".join(more))
        if self.root is not None:
            failed = root_failure(self.results.links.records.get(self.root))
            if failed is not None:
                self.noticed.emit(failed, True)
        if self._details_timer.isActive():
            self._details_timer.stop()
            self.views.details.refresh()
        self.changed.emit()
        self.finished.emit(f)

    def _recheck_finished(self, f: CrawlFinished) -> None:
        rc, self.rechecking = self.rechecking, None
        assert rc is not None
        rc.rebuild(self.views.timeline)
        self.saved = rc.saved_now()  # Continue fetches what the crawl file has left
        self.left = len(self.saved.pending)
        self.last_file = None
        self.views.details.history = history_of(rc.path)
        self.views.details.refresh()
        self.views.pages_tab.update_count()
        self.statsChanged.emit(None)  # the whole crawl's figures, as its file reopened gives
        self.stateChanged.emit(
            rc.summary(f.reason), self.tr("Saved to {path}").format(path=rc.path)
        )
        self.changed.emit()
        self.finished.emit(f)

    # ---- export and settings ------------------------------------------------------------------

    def export_csv(self, path: str, filtered: bool = False) -> int:
        """Write all rows, or exactly the rows the filtered view shows; returns the row count."""
        if filtered:
            self.views.pages_tab.apply_now()
            records = self.results.proxy.iter_records()
        else:
            records = self.results.pages.iter_records()
        return self.export(path, records)

    def export(self, path: str, records: Iterable[FetchRecord]) -> int:
        """The pages table's CSV of ``records`` (formulas defused, written whole or not at all:
        a full disk leaves no file); how it went is said. Returns the row count, -1 if failed."""
        try:
            pages = self.results.pages
            n = write_csv(path, records, pages.rules, pages.status_rules)
        except OSError as e:
            self.noticed.emit(
                self.tr("Export failed: cannot write {path}: {why}").format(
                    path=path, why=e.strerror or e
                ),
                True,
            )
            return -1
        self.noticed.emit(
            ntranslate("CrawlController", "Exported {n} row to {path}",
                       "Exported {n} rows to {path}", n).format(n=f"{n:,}", path=path),
            False,
        )  # fmt: skip
        return n

    def save_settings(self, s: QSettings) -> None:
        """The crawl's settings as the next run starts with them (no credentials)."""
        self.views.settings.save(s)

    def restore_settings(self, s: QSettings) -> list[str]:
        """The crawl settings of the last run, each bad value replaced by its default; what was
        wrong with them."""
        return self.views.settings.restore(s)
