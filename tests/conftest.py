"""Shared fixtures: a qasync loop pytest-qt can drive, an in-process aiohttp site, isolated settings.

pytest-qt has no asyncio support, but qasync's callbacks are Qt timers: once a qasync loop is set
as the running loop, ``qtbot.wait*`` drives it.
"""

from __future__ import annotations

import os

# Before any Qt import: no display on CI machines.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiohttp import web
from twins import compiled_twin

from gui_crawler.parsing import accel

T = TypeVar("T")

# The offscreen platform plugin warns about this on every top-level show(); it says nothing
# about our code, and qt_log_level_fail = WARNING would fail every window test on it.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"


# The folders (and top-level test modules) of the tests of what the compiled parts do and of
# what uses them (parsing, the engine, the crawl file, the session, the CLI, what reads records):
# their tests are marked `pure`, and `make test-pure` runs them again with
# GUI_CRAWLER_NO_EXTENSIONS=1, so a new test there joins.
PURE = {"base", "parsing", "crawl", "demo", "storage", "cli", "records", "test_session.py"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))
        if item.path.relative_to(tests).parts[0] in PURE:
            item.add_marker(pytest.mark.pure)


@pytest.fixture(params=["compiled", "python"])
def impl(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test over both implementations of the compiled parts, as multidict's and yarl's
    tests do: every module of ``accel`` is swapped for the test's run."""
    for name in accel.NAMES:
        if request.param == "compiled":
            module = compiled_twin(name)
        else:
            module = accel.twin(name, compiled=False)
        monkeypatch.setattr(accel, name, module)
    return str(request.param)


@pytest.fixture
def isolated_settings(
    tmp_path_factory: pytest.TempPathFactory, qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """A QSettings location and a data directory (crawl files) of the test's own, never the
    developer's real ones.

    Not autouse: the engine and CLI tests need no Qt at all."""
    from PySide6.QtCore import QSettings

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    path = str(tmp_path_factory.mktemp("settings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, path)
    qapp.setOrganizationName("gui_crawler_tests")
    qapp.setApplicationName("gui-crawler-tests")
    yield


@pytest.fixture
def loop(qapp: Any, qtbot: Any, isolated_settings: None) -> Iterator[asyncio.AbstractEventLoop]:
    from gui_crawler.ui.qtloop import CrawlEventLoop

    ev = CrawlEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(ev)
    yield ev
    pending = [t for t in asyncio.all_tasks(ev) if not t.done()]
    for t in pending:
        t.cancel()
    if pending:
        qtbot.waitUntil(lambda: all(t.done() for t in pending), timeout=5000)
    # Never loop.stop(): it quits the QApplication all tests share, and later tests' timers
    # would never fire.
    ev._QEventLoop__is_running = False  # type: ignore[attr-defined]
    qapp.aboutToQuit.disconnect(ev._after_run_forever)
    asyncio.events._set_running_loop(None)
    ev.close()
    asyncio.set_event_loop(None)
    assert not pending, f"test left tasks running: {pending}"


@pytest.fixture
def run(loop: asyncio.AbstractEventLoop, qtbot: Any) -> Callable[..., Any]:
    """``run(coro, timeout_ms)``: run a coroutine on the qasync loop while Qt keeps processing."""

    def _run(aw: Awaitable[T], timeout: int = 10_000) -> T:
        task = asyncio.ensure_future(aw)
        qtbot.waitUntil(task.done, timeout=timeout)
        return task.result()

    return _run


class LiveSite:
    """A tiny website served in-process on an ephemeral loopback port.

    ``add_page(path, links)``, ``add_redirect(a, b)``, ``add_status(path, code)``; ``delay``
    slows every page down (seconds) so a test can act mid-crawl, ``hold(path)`` keeps one answer
    back until the test ends; ``login``, an Authorization header's value, makes every path
    answer 401 to a request without it.
    """

    def __init__(self) -> None:
        self.pages: dict[str, tuple[int, str, dict[str, str], float]] = {}
        self.delay = 0.0
        self.login: str | None = None
        self.url = ""
        self.hits: dict[str, int] = {}
        self.held: set[str] = set()  # paths whose next answer waits for release()
        self._released: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None

    def add_page(
        self, path: str, links: tuple[str, ...] | list[str] = (), delay: float = 0
    ) -> None:
        body = "".join(f'<a href="{u}">{u}</a>\n' for u in links)
        html = f"<html><head><title>{path}</title></head><body>{body}</body></html>"
        self.pages[path] = (200, html, {"Content-Type": "text/html; charset=utf-8"}, delay)

    def hold(self, path: str) -> None:
        """The next request of ``path`` is answered only once ``release()`` is called (closing
        the site calls it); those after it at once (a crawl continued after its cancel): a crawl
        of the site cannot end before the test cancels it, however slow or loaded the machine
        (under load a crawl of ~30 URLs ended before the cancel a test meant for it)."""
        self.held.add(path)

    def release(self) -> None:
        """Every held answer goes; nothing is held from now on."""
        self.held.clear()
        if self._released is not None:
            self._released.set()

    def add_redirect(self, path: str, target: str, status: int = 302) -> None:
        self.pages[path] = (status, "", {"Location": target}, 0)

    def add_status(self, path: str, status: int) -> None:
        self.pages[path] = (status, f"status {status}", {"Content-Type": "text/plain"}, 0)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        key = request.path_qs
        self.hits[key] = self.hits.get(key, 0) + 1
        if self.login is not None and request.headers.get("Authorization") != self.login:
            return web.Response(status=401, text="log in first")
        page = self.pages.get(key)
        if page is None:
            return web.Response(status=404, text="not found")
        status, text, headers, delay = page
        if key in self.held and self._released is not None:
            self.held.discard(key)
            await self._released.wait()
        if delay or self.delay:
            await asyncio.sleep(delay or self.delay)
        return web.Response(status=status, text=text, headers=headers)

    async def start(self) -> LiveSite:
        self._released = asyncio.Event()
        app = web.Application()
        app.router.add_route("GET", "/{tail:.*}", self._handle)
        # A short grace on close: handlers still sleeping for a cancelled crawl are not awaited.
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=0.1
        )
        await self._runner.setup()
        tcp = web.TCPSite(self._runner, "127.0.0.1", 0)
        await tcp.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}/"
        return self

    async def close(self) -> None:
        self.release()  # a held answer's handler ends rather than being left to its cancel
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def fill_small(self, pages: int = 20) -> LiveSite:
        """A site with a bit of everything: a chain of redirects, 404, 500, a tree of pages."""
        self.add_page(
            "/",
            ["/a/", "/b/", "/old", "/missing", "/broken", "/docs/x?page=1", "mailto:x@example.com"],
        )
        self.add_page("/a/", [f"/a/p{i}" for i in range(pages // 2)] + ["/missing"])
        self.add_page("/b/", [f"/b/p{i}" for i in range(pages // 2)])
        for i in range(pages // 2):
            self.add_page(f"/a/p{i}", ["/", f"/b/p{i}"])
            self.add_page(f"/b/p{i}", ["/a/"])
        self.add_redirect("/old", "/older", 301)
        self.add_redirect("/older", "/a/", 302)
        self.add_status("/broken", 500)
        self.add_page("/docs/x?page=1", ["/docs/x?page=2"])
        self.add_page("/docs/x?page=2", [])
        return self


@pytest.fixture
def window(qtbot: Any, loop: asyncio.AbstractEventLoop, run: Callable[..., Any]) -> Iterator[Any]:
    """The main window, shown; closed at teardown once its crawl (if any) has ended."""
    from gui_crawler.window import MainWindow

    # Not qtbot.addWidget: pytest-qt would close and delete it before this fixture's teardown.
    w = MainWindow()
    w.show()
    yield w
    w.close()
    run(w.bridge.wait())
    w.deleteLater()


@pytest.fixture
def live_site(run: Callable[..., Any]) -> Iterator[LiveSite]:
    s = run(LiveSite().start())
    yield s
    run(s.close())
