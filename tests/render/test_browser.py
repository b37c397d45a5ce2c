"""The browser as the renderer starts it, read from its processes: the switches Chromium keeps."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from render_sites import chromium  # noqa: F401  (the fixture)

from gui_crawler.render.browser import DRIVER_NODE_OPTIONS, descendants
from gui_crawler.render.renderer import Renderer

pytestmark = pytest.mark.usefixtures("chromium")


def renderer(session: aiohttp.ClientSession, **kw: object) -> Renderer:
    options: dict = dict(timeout=5.0, tabs=2, user_agent="gui_crawler-test", max_body=1 << 20)
    options.update(kw)
    return Renderer(
        browser=None,
        session=lambda: session,
        on_site=lambda url: True,
        external=False,
        **options,
    )


def _switches(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
    except OSError:
        return []


def _environ(pid: int) -> dict[str, str]:
    lines = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    return dict(line.split("=", 1) for line in lines if "=" in line)


def test_the_browser_keeps_playwrights_disabled_features_with_ours() -> None:
    """Chromium keeps only the last ``--disable-features``: ours, which must hold Playwright's."""

    async def main() -> list[list[str]]:
        async with aiohttp.ClientSession() as session:
            r = renderer(session)
            try:
                await r._ensure()
                assert r._driver_pid is not None
                for pid in descendants(r._driver_pid):
                    args = _switches(pid)
                    if not any(a.startswith("--type=") for a in args) and any(
                        a.startswith("--disable-features=") for a in args
                    ):
                        return [
                            a.split("=", 1)[1].split(",")
                            for a in args
                            if a.startswith("--disable-features=")
                        ]
                raise AssertionError("no browser process found")
            finally:
                await r.close()

    lists = asyncio.run(main())
    assert len(lists) >= 2  # Playwright's, then ours
    kept = set(lists[-1])
    for earlier in lists[:-1]:
        assert set(earlier) <= kept, set(earlier) - kept
    assert {"BackForwardCache", "HttpsUpgrades", "PaintHolding"} <= kept


def test_the_driver_starts_with_a_small_young_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's Node.js driver gets DRIVER_NODE_OPTIONS after the user's NODE_OPTIONS (its
    memory), and this process's environment is as it was once the driver has started."""
    monkeypatch.setenv("NODE_OPTIONS", "--no-deprecation")

    async def main() -> str:
        async with aiohttp.ClientSession() as session:
            r = renderer(session)
            try:
                await r._ensure()
                assert r._driver_pid is not None
                return _environ(r._driver_pid)["NODE_OPTIONS"]
            finally:
                await r.close()

    assert asyncio.run(main()) == f"--no-deprecation {DRIVER_NODE_OPTIONS}"
    assert os.environ["NODE_OPTIONS"] == "--no-deprecation"


JS_PAGE = b"""<!doctype html><html><body><script>
  document.body.innerHTML = "<a href='/next'>next</a>";
</script></body></html>"""


@pytest.mark.parametrize("by", ["pages", "memory"])
def test_the_browser_context_is_replaced_after_its_pages_or_at_its_memory(
    by: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every page renders as before across a replaced context, and the old context is closed
    with its last tab: never more than two at once."""
    from gui_crawler.render import renderer as module
    from gui_crawler.render.routes import Answer

    if by == "pages":
        monkeypatch.setattr(module, "RECYCLE_PAGES", 3)
    else:  # any memory at all is over the bound, read after every page
        monkeypatch.setattr(module, "RECYCLE_MEMORY", 1)
        monkeypatch.setattr(module, "MEMORY_EVERY", 2)

    async def main() -> tuple[int, list[bool]]:
        async with aiohttp.ClientSession() as session:
            r = renderer(session, tabs=2)
            contexts: list[Any] = []  # held: an id() of one gone could be given again
            found: list[bool] = []
            try:
                headers = {"content-type": "text/html; charset=utf-8"}
                for i in range(5):
                    pages = [f"http://127.0.0.1:9/p{i}-{k}" for k in range(2)]
                    got = await asyncio.gather(
                        *(r.render(u, Answer(200, headers, JS_PAGE)) for u in pages)
                    )
                    found += [g.html is not None and "/next" in g.html for g in got]
                    alive = r._browser.contexts
                    assert len(alive) <= 2  # the one in use, and one closing with its last tab
                    contexts += [c for c in alive if not any(c is k for k in contexts)]
                assert r._generation == 1  # the browser itself was never started again
            finally:
                await r.close()
            return len(contexts), found

    made, found = asyncio.run(main())
    assert all(found)
    assert made >= 3  # 10 pages, 3 a context (or a reading of its memory every 2)


def test_eight_tabs_of_small_pages_keep_their_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's memory is what its processes hold of their own: the libraries and shared
    memory each Chromium process maps, added once per process, came to 1.8 GB for 8 tabs of
    small pages (PSS 0.45 GB), over RECYCLE_MEMORY, and every MEMORY_EVERY pages all the tabs
    were closed and new ones (new renderer processes) opened."""
    from gui_crawler.render import renderer as module
    from gui_crawler.render.routes import Answer

    monkeypatch.setattr(module, "MEMORY_EVERY", 8)  # read after each round of 8 pages

    async def main() -> list[Any]:
        async with aiohttp.ClientSession() as session:
            r = renderer(session, tabs=8)
            try:
                headers = {"content-type": "text/html; charset=utf-8"}
                contexts = []
                for i in range(2):
                    pages = [f"http://127.0.0.1:9/p{i}-{k}" for k in range(8)]
                    got = await asyncio.gather(
                        *(r.render(u, Answer(200, headers, JS_PAGE)) for u in pages)
                    )
                    assert all(g.html is not None and "/next" in g.html for g in got)
                    contexts += r._browser.contexts
                return contexts
            finally:
                await r.close()

    contexts = asyncio.run(main())
    assert len(contexts) == 2 and contexts[0] is contexts[1]


def test_a_tab_unused_for_a_while_is_closed_with_its_renderer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tab left idle IDLE_CLOSE seconds is closed and its renderer process ends (the tail of
    a crawl, a pause: what a page held is not kept); a page after it gets a new tab."""
    from gui_crawler.render import renderer as module
    from gui_crawler.render.routes import Answer

    monkeypatch.setattr(module, "IDLE_CLOSE", 0.5)

    def renderers(driver: int) -> int:
        # A process the zygote forks rewrites its command line as one string.
        return sum("--type=renderer" in " ".join(_switches(p)) for p in descendants(driver))

    async def main() -> tuple[int, int, int, int, bool]:
        async with aiohttp.ClientSession() as session:
            r = renderer(session, tabs=2)
            try:
                headers = {"content-type": "text/html; charset=utf-8"}
                pages = [f"http://127.0.0.1:9/p{k}" for k in range(2)]
                await asyncio.gather(*(r.render(u, Answer(200, headers, JS_PAGE)) for u in pages))
                assert r._driver_pid is not None
                busy = renderers(r._driver_pid)
                await asyncio.sleep(2.0)
                kept, after = len(r._idle), renderers(r._driver_pid)
                again = await r.render("http://127.0.0.1:9/p9", Answer(200, headers, JS_PAGE))
                ok = again.html is not None and "/next" in again.html
                return kept, busy, after, len(r._idle), ok
            finally:
                await r.close()

    kept, busy, after, idle_again, again = asyncio.run(main())
    assert kept == 0 and after < busy  # the tabs closed, their renderers ended
    assert again and idle_again == 1
