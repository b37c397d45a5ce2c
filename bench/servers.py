"""The servers the benchmark crawls, each its own process on 127.0.0.1.

* :class:`Nginx` — Debian's nginx with a config written here (static docs site with its
  ``return 301`` redirects, or a tiny generated tree answered by ``return 200``).
* :class:`TreeServer` — an aiohttp server (this file run as a script) whose pages are held for a
  given latency; it counts requests in flight and their peak (``GET /_stats``), and answers any
  other path with an empty sitemap, counted too.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from common import BENCH, apt_install, die_with_parent, free_port, wait_port

# A page of the tiny tree: ten relative links one level down, so /3/1/ links to /3/1/0/ … /3/1/9/.
TINY_PAGE = (
    "<!doctype html><html><head><meta charset=utf-8><title>t</title></head><body>"
    + "".join(f'<a href="{k}/">{k}</a> ' for k in range(10))
    + "</body></html>"
)


def ensure_nginx() -> str:
    """Path of the nginx binary; installs Debian's nginx with apt-get when it is missing."""
    for cand in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if cand and os.access(cand, os.X_OK):
            return cand
    apt_install("nginx")
    return "/usr/sbin/nginx"


def answer(match: str, html: str) -> str:
    """An nginx location answering 200 with ``html`` (which may hold nginx variables): no files."""
    body = html.replace('"', '\\"')
    return f'    location {match} {{ return 200 "{body}"; }}\n'


class Nginx:
    """nginx serving ``root`` (or the tiny tree) on a free loopback port, as our own child.

    ``redirects`` maps exact paths to targets answered with ``return 301``; ``locations`` adds
    nginx locations (``answer``); ``log``: each request's status and path in ``access.log``.
    Stopped by its pid."""

    def __init__(self, root: Path | None = None, redirects: dict[str, str] | None = None,
                 tiny: bool = False, mime_types: bool = False, locations: str = "",
                 log: bool = False) -> None:  # fmt: skip
        self.binary = ensure_nginx()
        self.dir = d = Path(tempfile.mkdtemp(prefix="bench-nginx-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        locations += "".join(
            f"    location = {src} {{ return 301 {dst}; }}\n"
            for src, dst in (redirects or {}).items()
        )
        if tiny:
            locations += answer("/", TINY_PAGE)
        user = "user root;\n" if os.geteuid() == 0 else ""
        # A real site has CSS, JS, images and fonts: typed as a browser would see them.
        types = (
            "include /etc/nginx/mime.types;\n    default_type application/octet-stream;"
            if mime_types
            else "types { text/html html; text/css css; }\n    default_type text/html;"
        )
        access = f"log_format bare '$status $uri';\n    access_log {d}/access.log bare buffer=256k;"
        conf = f"""{user}worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
master_process on;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 16384; }}
http {{
    {access if log else "access_log off;"}
    {types}
    charset utf-8;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path {d}/client;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    server {{
    listen 127.0.0.1:{self.port} backlog=4096;
    root {root or d};
{locations}    }}
}}
"""
        (d / "nginx.conf").write_text(conf)
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Nginx:
        conf, log = self.dir / "nginx.conf", self.dir / "error.log"
        cmd = [self.binary, "-p", str(self.dir), "-c", str(conf), "-e", str(log)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent)
        try:
            wait_port(self.port)
        except TimeoutError:
            self.stop()
            raise RuntimeError(f"nginx did not start:\n{log.read_text(errors='replace')[-2000:]}") from None  # fmt: skip
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        _stop(self.proc)
        shutil.rmtree(self.dir, ignore_errors=True)


def _stop(proc: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM to our child server (nginx's master stops its workers), SIGKILL if it lingers."""
    if proc is not None and proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)


class TreeServer:
    """The latency tree server (this file as a script) in its own process.

    Page ``/<delay_ms>/<total>/<n>`` is held ``delay_ms`` then links to its children
    ``n*fanout+1 … n*fanout+fanout`` that are below ``total``, so the crawl of
    ``/<delay_ms>/<total>/0`` fetches exactly ``total`` pages.
    """

    def __init__(self, fanout: int = 10) -> None:
        self.port = free_port()
        self.fanout = fanout
        self.proc: subprocess.Popen[bytes] | None = None

    def root(self, delay_ms: int, total: int) -> str:
        return f"http://127.0.0.1:{self.port}/{delay_ms}/{total}/0"

    def __enter__(self) -> TreeServer:
        cmd = [sys.executable, str(BENCH / "servers.py"), str(self.port), str(self.fanout)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent)
        wait_port(self.port)
        return self

    def __exit__(self, *exc: object) -> None:
        _stop(self.proc)

    def stats(self, reset: bool = False) -> dict:
        import json

        path = "/_reset" if reset else "/_stats"
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as r:
            return json.loads(r.read())


def _serve(port: int, fanout: int) -> None:
    import asyncio
    import contextlib
    import gc

    from aiohttp import web
    from common import raise_nofile

    raise_nofile()
    state = {"in_flight": 0, "peak": 0, "requests": 0}

    async def page(request: web.Request) -> web.Response:
        state["requests"] += 1
        state["in_flight"] += 1
        state["peak"] = max(state["peak"], state["in_flight"])
        try:
            delay, total, n = (int(x) for x in request.match_info.values())
            if delay:
                await asyncio.sleep(delay / 1000)
            kids = range(n * fanout + 1, min(n * fanout + fanout, total - 1) + 1)
            links = "".join(f'<a href="/{delay}/{total}/{c}">{c}</a>\n' for c in kids)
            return web.Response(
                text=f"<!doctype html><html><head><title>{n}</title></head><body>{links}</body></html>",
                content_type="text/html",
            )
        finally:
            state["in_flight"] -= 1

    async def elsewhere(request: web.Request) -> web.Response:
        # Any other path (hostile's other host: every request it gets is one too many).
        state["requests"] += 1
        return web.Response(text="<urlset></urlset>", content_type="text/xml")

    async def stats(request: web.Request) -> web.Response:
        return web.json_response(state)

    async def reset(request: web.Request) -> web.Response:
        state.update(peak=state["in_flight"], requests=0)
        return web.json_response(state)

    app = web.Application()
    app.router.add_get("/_stats", stats)
    app.router.add_get("/_reset", reset)
    app.router.add_get(r"/{delay:\d+}/{total:\d+}/{n:\d+}", page)
    app.router.add_route("*", "/{tail:.*}", elsewhere)

    async def main() -> None:
        runner = web.AppRunner(app, access_log=None, handle_signals=True)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", port, backlog=4096)
        await site.start()
        gc.freeze()
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        # Bounded: a benchmark server never outlives its run by much.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1800)
        await runner.cleanup()

    asyncio.run(main())


if __name__ == "__main__":
    _serve(int(sys.argv[1]), int(sys.argv[2]))
