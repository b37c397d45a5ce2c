"""The browser as the renderer starts it, read from its processes: the switches Chromium keeps."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from render_sites import chromium  # noqa: F401  (the fixture)

from gui_crawler.render.browser import descendants
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
