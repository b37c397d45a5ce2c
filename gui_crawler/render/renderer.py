"""The renderer the engine hands pages to: ``render(url, document)`` loads a page the crawl fetched
in a tab of the headless browser and gives back its rendered DOM and what happened on the way.

Tabs: ``tabs`` pages at once (a fetch worker waits for a free tab, holding its URL, so that a
cancel or a crash loses nothing and a resume fetches it again). A tab is a browser page kept
between renders (the next page's load replaces a quiet one; about:blank follows one that was
not, and comes before another route of the same document) and closed once unused for IDLE_CLOSE;
all tabs share a browser context, which is replaced after RECYCLE_PAGES pages or when the
browser's processes hold more than RECYCLE_MEMORY bytes.

Bounds: everything a page does is bounded by its time (``render_timeout``): a script that never
yields (``while(true){}``) keeps its tab from answering, so the tab is closed (and, if even that
hangs, the context); a page that crashes (a memory bomb hits the heap limit of browser.ARGS) is
given up with a note. A browser that goes away (it crashed, or was killed) is started again and
the page tried again, up to MAX_TRIES in all. ``close`` ends the browser and its driver within
about a second, killing what is left of their processes by pid.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from gui_crawler.base.translate import translate
from gui_crawler.events import Event, Notice, RenderTab
from gui_crawler.render import browser as chromium
from gui_crawler.render.routes import Answer, AnswerCache, PageRequests, Routes
from gui_crawler.render.settle import INIT, settle

log = logging.getLogger(__name__)

MAX_TRIES = 3  # a page is tried again after its browser went away, up to this many tries
RECYCLE_PAGES = 500
RECYCLE_MEMORY = 1536 * 1024 * 1024
MEMORY_EVERY = 25  # pages between two readings of the browser's memory
GRACE = 1.0  # seconds past a page's time to read its DOM or close its tab
MAX_ELEMENTS = 200_000  # a DOM larger than this is not read back (a million-node page)
MAX_ERRORS = 50  # JavaScript errors kept per page (all are counted)
LAUNCH_TIMEOUT = 30.0
TAB_TIMEOUT = 10.0  # opening a tab (and its context) takes tens of milliseconds
# Seconds a tab may stay unused before it is closed, its renderer process (tens of MB, more after
# a big page) ending with it: the tail of a crawl, a pause. A busy crawl reuses every tab sooner
# (none was closed so in a crawl of bench/render.py's app).
IDLE_CLOSE = 1.0

# The page's DOM as HTML (not past MAX_ELEMENTS elements: a million-node page), and the links of a
# hash-routed app (#/x, #!/x) with their text, which the parse drops (fragments), in one question.
READ = """() => {
  const out = [], doc = location.href.split("#")[0];
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.href, i = href.indexOf("#");
    if (i < 0 || href.slice(0, i) !== doc) continue;
    const f = href.slice(i + 1);
    if (f.startsWith("/") || f.startsWith("!")) out.push([href, (a.textContent || "").trim().slice(0, 200)]);
    if (out.length >= 2000) break;
  }
  const n = document.getElementsByTagName("*").length, d = document.doctype;
  if (n > MAX_ELEMENTS) return [n, out, null];
  const doctype = d ? "<!DOCTYPE " + d.name + ">" : "";
  return [n, out, doctype + document.documentElement.outerHTML];
}""".replace("MAX_ELEMENTS", str(MAX_ELEMENTS))
# The hrefs of the page's links as its script left them at its load event, as written (the crawl
# joins them as its parse would), and its <base href>: links taken into the crawl while the page
# settles, instead of after.
HREFS = """() => {
  const b = document.querySelector("base[href]"), out = new Set();
  for (const a of document.querySelectorAll("a[href], area[href]")) {
    out.add(a.getAttribute("href"));
    if (out.size >= MAX_HREFS) break;
  }
  return [b ? b.getAttribute("href") : null, [...out]];
}""".replace("MAX_HREFS", "5000")
# Called with a page's <base href> (None without one) and its hrefs at its load event.
Early = Callable[[str | None, list[str]], None]


def default_tabs() -> int:
    """Pages rendered at once when not given: 4 a core, at most 8 (bench/render.py's
    concurrency; more tabs than that were not measured)."""
    return max(2, min(8, 4 * (os.cpu_count() or 1)))


class _NotThePage(Exception):
    """The tab shows another document than the page's (the URL it shows)."""


class _TabStuck(Exception):
    """The tab never asked for the page (its navigation hung): closed, the page tried again in
    another."""

    def __init__(self, tab: _Tab) -> None:
        super().__init__("the tab never loaded the page")
        self.tab = tab


class BrowserGone(Exception):
    """The browser went away under a page (crashed, killed): start it again and try again."""


class CannotStart(Exception):
    """The browser could not be started: pages are kept as sent from then on."""


@dataclass
class Rendered:
    """What rendering a page gave: its DOM (None when none could be read, the note says why), its
    hash routes (absolute URL, text), its JavaScript errors, its requests, how many tries it took
    and where its time went (seconds: waiting for a tab, loading, settling, reading the DOM)."""

    html: str | None
    requests: PageRequests
    note: str | None = None
    routes: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    error_count: int = 0
    tries: int = 1
    phases: dict[str, float] = field(default_factory=dict)


class _Tab:
    __slots__ = ("context", "error_count", "errors", "idle_since", "page")

    def __init__(self, page: Any, context: Any) -> None:
        self.page = page
        self.context = context
        self.errors: list[str] = []
        self.error_count = 0
        self.idle_since = 0.0

    def error(self, text: str) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(" ".join(text.split())[:300])


class Renderer:
    """Renders pages for one crawl (see the module's words). ``session`` gives the crawl's HTTP
    session (None once it is closed), ``on_site`` whether a URL is the crawl's own, ``sink`` the
    crawl's events (RenderTab)."""

    def __init__(
        self,
        *,
        browser: str | None,
        timeout: float,
        tabs: int,
        user_agent: str,
        session: Callable[[], aiohttp.ClientSession | None],
        on_site: Callable[[str], bool],
        external: bool,
        max_body: int,
        sink: Callable[[Event], None] = lambda e: None,
    ) -> None:
        self.executable = chromium.find_browser(browser)
        self.timeout = timeout
        self.tabs = tabs or default_tabs()
        self.user_agent = user_agent
        self.sink = sink
        self.routes = Routes(session, on_site, external, max_body, AnswerCache())
        self._slots = asyncio.Semaphore(self.tabs)
        self._free_ids = list(range(self.tabs - 1, -1, -1))
        self._idle: list[_Tab] = []
        self._reaping: asyncio.TimerHandle | None = None
        self._reaper: asyncio.Future[None] | None = None
        self._pw: Any = None
        self._browser: Any = None
        self._context: Any = None
        self._context_pages = 0
        self._contexts: dict[Any, int] = {}  # context: its tabs open
        self._generation = 0  # browsers started
        self._lock = asyncio.Lock()
        self._making = asyncio.Lock()  # a browser context being made
        self._broken: str | None = None  # why the browser could not be started
        self._closed = False
        self._driver_pid: int | None = None
        self._gone = asyncio.Event()  # set when the browser goes away
        self.pages = 0
        self.restarts = 0

    # ---- the browser ------------------------------------------------------------------------

    def _browser_gone(self) -> bool:
        """The browser is disconnected, or already let go of: another tab that saw it die
        stopped it (``_stop_driver``) while this one was still reading its page."""
        return self._browser is None or not self._browser.is_connected()

    async def _ensure(self) -> int:
        """The browser running (started if need be); its generation. CannotStart once it could
        not be started."""
        async with self._lock:
            if self._closed:
                raise RuntimeError("the renderer is closed")
            if self._broken is not None:
                raise CannotStart(self._broken)
            if self._browser_gone():
                await self._start_or_give_up()
            return self._generation

    async def _start_or_give_up(self) -> None:
        """Start the browser; if it cannot be (its driver or the browser fails to start, the
        program is gone), every page from then on is kept as sent, said once (a Notice): not a
        failure of each page, nor a start tried again for each."""
        try:
            await self._start()
        except Exception as e:
            said = str(e).strip().split("\n", 1)[0][:300] or type(e).__name__
            self._broken = f"the browser could not be started ({said})"
            log.warning("rendering stops: %s", self._broken)
            await self._stop_driver()
            stopped = translate(
                "Engine",
                "JavaScript rendering stopped: the browser could not be started ({why}); pages "
                "are kept as sent",
            )
            self.sink(Notice(stopped.format(why=said)))
            raise CannotStart(self._broken) from None

    async def _start(self) -> None:
        from playwright.async_api import async_playwright

        if self._pw is not None:
            self.restarts += 1
            await self._stop_driver()
        if self.executable is None:
            raise RuntimeError(chromium.INSTALL_BROWSER.format(give="--browser"))
        before = set(chromium.children(os.getpid()))
        with chromium.driver_options():
            self._pw = await async_playwright().start()
        # Playwright's driver, the browser's parent: what is left of both is killed by pid.
        self._driver_pid = next(
            (p for p in chromium.children(os.getpid()) if p not in before), None
        )
        self._browser = await self._pw.chromium.launch(
            executable_path=self.executable,
            args=chromium.launch_args(),
            handle_sigint=False,
            handle_sigterm=False,
            handle_sighup=False,
            timeout=LAUNCH_TIMEOUT * 1000,
        )
        self._gone = asyncio.Event()
        self._browser.on("disconnected", lambda _b: self._gone.set())
        self._generation += 1
        self._context = None
        self._contexts.clear()
        self._idle.clear()

    async def _new_context(self) -> Any:
        ctx = await self._browser.new_context(
            service_workers="block",
            accept_downloads=False,
            user_agent=self.user_agent,
            viewport={"width": 1280, "height": 800},
        )
        await ctx.add_init_script(INIT)
        await ctx.route("**/*", self.routes.handle)
        with contextlib.suppress(AttributeError):  # Playwright >= 1.48
            await ctx.route_web_socket("**/*", _refuse_socket)
        self._contexts[ctx] = 0
        return ctx

    @staticmethod
    def _popup(page: Any) -> None:
        # window.open: closed at once (its requests are refused meanwhile: it has no state).
        task = asyncio.ensure_future(page.close())
        task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)

    async def _take_tab(self) -> _Tab:
        while self._idle:
            tab = self._idle.pop()
            if tab.context is self._context:
                return tab
            await self._drop_tab(tab)
        if self._context is None:
            # One context made for the tabs opened at once (after a recycle, a restart): each
            # made its own before, and all but the last leaked with the pages given them.
            async with self._making:
                if self._context is None:
                    self._context = await self._new_context()
                    self._context_pages = 0
        ctx = self._context
        page = await ctx.new_page()
        tab = _Tab(page, ctx)
        self._contexts[ctx] = self._contexts.get(ctx, 0) + 1
        page.on("popup", self._popup)
        page.on("pageerror", lambda e: tab.error(f"uncaught {e}"))
        page.on("console", lambda m: tab.error(f"console: {m.text}") if m.type == "error" else None)
        return tab

    async def _drop_tab(self, tab: _Tab) -> None:
        """Close a tab; its context too once it has no tab left and is not the current one."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(GRACE):
                await tab.page.close(run_before_unload=False)
        ctx = tab.context
        left = self._contexts.get(ctx, 1) - 1
        self._contexts[ctx] = left
        if left <= 0 and ctx is not self._context:
            self._contexts.pop(ctx, None)
            with contextlib.suppress(Exception):
                async with asyncio.timeout(GRACE):
                    await ctx.close()

    def _count_page(self) -> None:
        self.pages += 1
        self._context_pages += 1
        recycle = self._context_pages >= RECYCLE_PAGES
        if not recycle and self.pages % MEMORY_EVERY == 0 and self._driver_pid is not None:
            recycle = chromium.memory(chromium.descendants(self._driver_pid)) > RECYCLE_MEMORY
        if recycle and self._context is not None:
            # New tabs go to a new context; the old one closes with its last tab.
            old, self._context = self._context, None
            if self._contexts.get(old, 0) <= 0:
                self._contexts.pop(old, None)
                task = asyncio.ensure_future(old.close())
                task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)

    # ---- rendering --------------------------------------------------------------------------

    async def render(self, url: str, document: Answer, early: Early | None = None) -> Rendered:
        """Load ``url`` (its ``document`` already fetched) and read its rendered DOM; ``early``
        is given the page's links once it has loaded, before it settles."""
        queued = time.monotonic()
        async with self._slots:
            tab_id = self._free_ids.pop()
            self.sink(RenderTab(tab_id, url, asyncio.get_running_loop().time()))
            try:
                waited = time.monotonic() - queued
                tries = 0
                while True:
                    tries += 1
                    try:
                        generation = await self._ensure()
                    except CannotStart as e:
                        requests = PageRequests(url, document, time.monotonic())
                        note = f"{e}: the HTML as sent is kept"
                        return Rendered(None, requests, note=note, tries=tries)
                    try:
                        got = await self._render_once(url, document, early)
                    except _TabStuck as e:
                        await self._drop_tab(e.tab)
                        if tries >= MAX_TRIES:
                            requests = PageRequests(url, document, time.monotonic())
                            note = f"no tab loaded it in {tries} tries: the HTML as sent is kept"
                            return Rendered(None, requests, note=note, tries=tries)
                        continue
                    except BrowserGone:
                        if tries >= MAX_TRIES:
                            requests = PageRequests(url, document, time.monotonic())
                            return Rendered(
                                None,
                                requests,
                                note=f"the browser went away {tries} times while rendering "
                                "this page: the HTML as sent is kept",
                                tries=tries,
                            )
                        log.warning("the browser went away rendering %s; starting it again", url)
                        async with self._lock:
                            if self._generation == generation and not self._closed:
                                with contextlib.suppress(CannotStart):  # said by the next try
                                    await self._start_or_give_up()
                        continue
                    got.tries = tries
                    got.phases["tab"] = waited
                    return got
            finally:
                self._free_ids.append(tab_id)
                if not self._closed:
                    self.sink(RenderTab(tab_id, None, asyncio.get_running_loop().time()))

    async def _render_once(self, url: str, document: Answer, early: Early | None) -> Rendered:
        from playwright.async_api import Error as PlaywrightError

        t0 = time.monotonic()
        deadline = t0 + self.timeout
        requests = PageRequests(url, document, deadline)
        # A browser killed while it opens a tab never answers: bounded, and ended as soon as
        # the browser is gone.
        opening = asyncio.ensure_future(self._take_tab())
        gone = asyncio.ensure_future(self._gone.wait())
        try:
            await asyncio.wait({opening, gone}, timeout=TAB_TIMEOUT, return_when="FIRST_COMPLETED")
        finally:
            gone.cancel()
        if not opening.done():
            opening.cancel()
            await asyncio.gather(opening, return_exceptions=True)
            raise BrowserGone("the browser did not open a tab")
        try:
            tab = opening.result()
        except PlaywrightError as e:
            raise BrowserGone(str(e)) from None
        tab.errors, tab.error_count = [], 0
        page = tab.page
        if page.url.split("#", 1)[0] == url.split("#", 1)[0]:
            # The same document (another route of a hash-routed app): going there would only
            # change the fragment, and the app would not start again.
            with contextlib.suppress(PlaywrightError, TimeoutError):
                async with asyncio.timeout(GRACE):
                    await page.goto("about:blank")
        self.routes.pages[page] = requests
        crashed: list[bool] = []
        page.once("crash", lambda _p: crashed.append(True))
        notes: list[str] = []
        html: str | None = None
        found: list[tuple[str, str]] = []
        ph: dict[str, float] = {}
        keep = True
        settled = False
        try:
            try:
                await page.goto(url, wait_until="load", timeout=self.timeout * 1000)
            except PlaywrightError as e:
                if self._browser_gone():
                    raise BrowserGone(str(e)) from None
                if crashed:
                    raise
                text = str(e).split("\n", 1)[0]
                if "Timeout" in text and not requests.served:
                    raise _TabStuck(tab) from None
                if "Timeout" in text:
                    notes.append(f"it had not loaded after {self.timeout:g} s")
                elif not requests.served:
                    raise
            t1 = time.monotonic()
            ph["load"] = t1 - t0
            if early is not None and requests.served:
                with contextlib.suppress(PlaywrightError, TimeoutError):
                    async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                        base, hrefs = await page.evaluate(HREFS)
                    early(base, hrefs)
                ph["links"] = time.monotonic() - t1
                t1 = time.monotonic()
            with contextlib.suppress(TimeoutError):
                settled = await settle(page, requests, deadline)
            t2 = time.monotonic()
            ph["settle"] = t2 - t1
            if not settled:
                if not notes:
                    notes.append(
                        f"it had not settled after {self.timeout:g} s: what it had rendered is kept"
                    )
                await _freeze(page)
                # Measured: a tab stopped so once ran no script of a later page now and then
                # (a memory bomb "rendered" at once, a page's links never built): closed.
                keep = False
            try:
                async with asyncio.timeout(max(0.0, deadline - time.monotonic()) + GRACE):
                    if page.url.split("#", 1)[0] != url.split("#", 1)[0]:
                        # The browser's error page in its place (a navigation it refused).
                        raise _NotThePage(page.url)
                    elements, found, html = await page.evaluate(READ)
                    if html is None:
                        notes.append(
                            f"its DOM has {elements:,} elements, more than {MAX_ELEMENTS:,}: "
                            "not read back, the HTML as sent is kept"
                        )
                        found = []
            except _NotThePage as e:
                notes.append(f"it was replaced by {str(e)[:100]}: the HTML as sent is kept")
            except TimeoutError:
                keep = False
                notes.append(
                    "its script kept the page from answering (an endless loop?): "
                    "the HTML as sent is kept"
                )
            ph["dom"] = time.monotonic() - t2
        except PlaywrightError as e:
            keep = False
            if self._browser_gone():
                raise BrowserGone(str(e)) from None
            html, found = None, []
            if crashed:
                notes.append("its tab crashed (out of memory?): the HTML as sent is kept")
            else:
                notes.append("it could not be rendered: " + str(e).split("\n", 1)[0][:200])
        finally:
            self.routes.pages.pop(page, None)
        if requests.navigations:
            notes.append(f"it tried to go elsewhere ({requests.navigations} time(s)): refused")
        other = requests.refused_count - requests.navigations
        if other:
            notes.append(f"{other} request(s) refused (off-site, or past the page's bounds)")
        await self._give_back(tab, keep and not crashed, quiet=settled and not notes)
        self._count_page()
        return Rendered(
            html,
            requests,
            note="; ".join(notes) or None,
            routes=found,
            errors=list(tab.errors),
            error_count=tab.error_count,
            phases=ph,
        )

    async def _give_back(self, tab: _Tab, keep: bool, quiet: bool) -> None:
        """A tab done with its page: kept for the next as it is when the page was quiet (the
        next page's load replaces it: a navigation less per page), blank again when it was
        not (what it kept doing stops), or closed if it cannot be."""
        if keep and quiet and not self._closed:
            self._keep_idle(tab)
            return
        if keep and not self._closed:
            try:
                async with asyncio.timeout(GRACE):
                    await tab.page.goto("about:blank")
                self._keep_idle(tab)
                return
            except Exception:
                pass
        await self._drop_tab(tab)

    def _keep_idle(self, tab: _Tab) -> None:
        tab.idle_since = time.monotonic()
        self._idle.append(tab)
        if self._reaping is None:
            loop = asyncio.get_running_loop()
            self._reaping = loop.call_later(IDLE_CLOSE, self._reap_soon)

    def _reap_soon(self) -> None:
        self._reaping = None
        if not self._closed and (self._reaper is None or self._reaper.done()):
            self._reaper = asyncio.ensure_future(self._reap())

    async def _reap(self) -> None:
        """Close the tabs unused for IDLE_CLOSE: each one's renderer process ends with it."""
        now = time.monotonic()
        old = [t for t in self._idle if now - t.idle_since >= IDLE_CLOSE]
        for tab in old:
            self._idle.remove(tab)
        for tab in old:
            await self._drop_tab(tab)
        if self._idle and self._reaping is None and not self._closed:
            first = min(t.idle_since for t in self._idle)  # the next to reach IDLE_CLOSE
            wait = max(0.0, first + IDLE_CLOSE - time.monotonic())
            self._reaping = asyncio.get_running_loop().call_later(wait, self._reap_soon)

    # ---- the end ----------------------------------------------------------------------------

    async def close(self) -> None:
        """End the browser and its driver (within about a second); nothing of them is left."""
        self._closed = True
        if self._reaping is not None:
            self._reaping.cancel()
            self._reaping = None
        if self._reaper is not None:
            self._reaper.cancel()
            await asyncio.gather(self._reaper, return_exceptions=True)
        async with self._lock:
            await self._stop_driver()

    async def _stop_driver(self) -> None:
        driver = self._driver_pid
        browser, pw = self._browser, self._pw
        self._browser = self._pw = self._context = None
        self._idle.clear()
        self._contexts.clear()
        if browser is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(0.4):
                    await browser.close()
        if driver is not None:
            chromium.kill(chromium.descendants(driver))  # what did not close in time
        if pw is not None:
            # Not cancelled: a stop cut short leaves the driver's pipes open. Asked to stop, the
            # driver ends; killed, its pipes close all the same.
            stopping = asyncio.ensure_future(pw.stop())
            done, _ = await asyncio.wait({stopping}, timeout=0.4)
            if not done and driver is not None:
                chromium.kill([driver, *chromium.descendants(driver)])
                done, _ = await asyncio.wait({stopping}, timeout=2.0)
            if done:
                stopping.exception()  # retrieved: nothing to say about a driver that is gone


async def _freeze(page: Any) -> None:
    """Stop a page that never settled (its timers, its stream of requests) before its DOM is
    read, so that reading it is not queued behind what it keeps doing."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(GRACE):
            cdp = await page.context.new_cdp_session(page)
            await cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
            await cdp.detach()


async def _refuse_socket(ws: Any) -> None:
    await ws.close()
