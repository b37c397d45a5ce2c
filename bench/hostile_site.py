"""A site of hostile pages, crawled with external checks off: each page ends as one record, the
crawl in about a second, in a few tens of MB, and no request leaves the site's host.

nginx serves (on 127.0.0.1) a home page linking to: one tag of 80,000 distinct attributes
(1 MB); 3,000 distinct unclosed formatting elements then 3,000 paragraphs (44 KB, ~9 million
elements if built); 10 MiB pages whose first <h1>, <template> or <noscript> never closes; a
10 MB nesting bomb; "<a" and a million "<". Its robots.txt names a sitemap on another host, and
its own sitemap.xml is an index of sitemaps there and redirects there too. The other host
("localhost" on another port) counts what reaches it. The crawl is ``gui-crawler crawl
--no-external`` in a child process: its wall time and peak RSS are printed.

    python bench/hostile_site.py [--pure]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from aiohttp import web
from common import PY, free_port
from servers import Nginx

MIB = 1 << 20


def pages(off: str) -> dict[str, bytes]:
    filler = b"<p>words and <a href='/f'>a link</a>\n" * 40_000
    big = (filler * (10 * MIB // len(filler) + 1))[: 10 * MIB - 64]  # within max_body
    out = {
        "attributes.html": b"<div " + b" ".join(b"a%d=1" % i for i in range(80_000)) + b">x",
        "formatting.html": b"<div>"
        + b"".join(b"<b id=b%d>" % i for i in range(3000))
        + b"</div>"
        + b"<p>x" * 3000,
        "nesting.html": b"<div><a href='/x'>t</a>" * 50_000 + b"w " * 1_500_000,
        "backtrack.html": b"<a" + b"<" * MIB,
    }
    for holder in (b"h1", b"template", b"noscript"):
        out[f"{holder.decode()}.html"] = b"<html><body><" + holder + b">" + big
    links = "".join(f'<a href="/{name}">{name}</a>' for name in out)
    out["index.html"] = f"<html><body>{links}</body></html>".encode()
    out["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {off}/elsewhere.xml\n".encode()
    out["sitemap.xml"] = (
        f"<sitemapindex><sitemap><loc>{off}/index-entry.xml</loc></sitemap></sitemapindex>"
    ).encode()
    return out


def counting_server(port: int, hits: list[str]) -> None:
    async def any_path(request: web.Request) -> web.Response:
        hits.append(request.path)
        return web.Response(text="<urlset></urlset>", content_type="text/xml")

    async def main() -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", any_path)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        await asyncio.Event().wait()

    asyncio.run(main())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pure", action="store_true", help="GUI_CRAWLER_NO_EXTENSIONS=1")
    args = p.parse_args()
    off_port = free_port()
    off = f"http://localhost:{off_port}"
    hits: list[str] = []
    threading.Thread(target=counting_server, args=(off_port, hits), daemon=True).start()
    root = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    for name, body in pages(off).items():
        (root / name).write_bytes(body)
    db = root / "crawl.sqlite3"
    env = dict(os.environ)
    if args.pure:
        env["GUI_CRAWLER_NO_EXTENSIONS"] = "1"
    with Nginx(root, redirects={"/old-sitemap.xml": f"{off}/moved.xml"}) as server:
        cmd = [PY, "-m", "gui_crawler", "crawl", server.url, "--no-external", "--db", str(db),
               "-q"]  # fmt: skip
        t0 = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
        wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    from gui_crawler.storage import load

    records = load(db).records
    notes = {r.url.rsplit("/", 1)[-1] or "/": (r.note or r.exception or "") for r in records}
    print(json.dumps({"exit": done.returncode, "summary": done.stdout.strip(),
                      "wall_s": round(wall, 2), "peak_rss_mb": round(peak, 1),
                      "records": len(records), "off_site_requests": len(hits)}))  # fmt: skip
    for name, note in sorted(notes.items()):
        print(f"  {name:16s} {note[:110]}")
    sys.exit(0 if not hits else 1)


if __name__ == "__main__":
    main()
