"""Secrets stay out of every file and every output: a proxy's password in the error of a proxy
that refuses (aiohttp quotes the proxy's whole URL), and credentials given by file or
environment variable rather than on the command line (where ``ps`` shows them)."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

from aiohttp import web
from sites import ThreadedSite

ROOT = Path(__file__).resolve().parents[2]
PROXY_USER, PROXY_PASSWORD = "pxuser", "px-Pa55word"


class RefusingProxy:
    """An HTTP proxy on loopback that refuses everything with a 400, CONNECT included, and
    keeps the Proxy-Authorization of each request (so a test knows the password was sent)."""

    def __init__(self) -> None:
        self.port = 0
        self.auths: list[str | None] = []
        self._runner: web.ServerRunner | None = None

    async def _refuse(self, request: web.BaseRequest) -> web.StreamResponse:
        self.auths.append(request.headers.get("Proxy-Authorization"))
        return web.Response(status=400, text="no")

    async def start(self) -> RefusingProxy:
        self._runner = web.ServerRunner(web.Server(self._refuse), handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


def crawl(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui_crawler", "crawl", *args],
        env=dict(os.environ if env is None else env, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )


def everything_written(folder: Path, *outputs: subprocess.CompletedProcess[str]) -> bytes:
    data = b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())
    return data + b"".join((p.stdout + p.stderr).encode() for p in outputs)


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def test_a_refusing_proxy_leaves_its_password_in_no_file_and_no_output(tmp_path: Path) -> None:
    """Was: ClientHttpProxyError: 400, message='Bad Request', url='http://pxuser:px-Pa55word@…'
    in the crawl file, the CSV's error column and the broken list on standard output."""
    out = tmp_path / "out"
    out.mkdir()
    outputs = ["--csv", "p.csv", "--report", "r.html", "--broken-csv", "b.csv",
               "--links-csv", "l.csv"]  # fmt: skip
    proxy = RefusingProxy()
    with ThreadedSite(proxy):  # type: ignore[arg-type]
        url = f"http://{PROXY_USER}:{PROXY_PASSWORD}@127.0.0.1:{proxy.port}"
        flags = ["--proxy", url, "--max-tries", "1", "--no-sitemaps"]
        first = crawl("https://example.test/", "--db", str(out / "c.sqlite3"), "-vv", *flags,
                      *(str(out / a) if "." in a else a for a in outputs))  # fmt: skip
        again = crawl("--recheck", str(out / "c.sqlite3"), "-v", *flags)
    # The password went to the proxy (so it could have leaked), and the failure was kept.
    assert set(proxy.auths) == {basic(PROXY_USER, PROXY_PASSWORD)}
    assert first.returncode == 1, first.stderr
    assert "ClientHttpProxyError: 400" in first.stdout and "(redacted)@127.0.0.1" in first.stdout
    assert "Traceback" not in first.stderr + again.stderr
    written = everything_written(out, first, again)
    assert b"(redacted)@" in (out / "p.csv").read_bytes()
    for secret in (PROXY_PASSWORD, basic(PROXY_USER, PROXY_PASSWORD).split()[1]):
        assert secret.encode() not in written, secret
