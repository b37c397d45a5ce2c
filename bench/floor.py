"""floor: how far a crawl of the Rust docs is from what this machine can do on that work at all.

On the same machine and site (Debian's rust-doc on nginx, loopback), side by side in one run:

- our crawl with its crawl file (``ours.py --db``, as ``gui-crawler crawl`` runs by default;
  10 concurrent requests, no external checks);
- the fetch floor: every URL our crawl fetched, fetched once each, 10 at a time, by a client that
  does nothing else: Debian's ``h2load`` (HTTP/1.1; it gives each connection the whole URL list
  from its start, so each of 10 processes gets a tenth of the list on one connection) and a bare
  aiohttp loop in one Python process (``python bench/floor.py fetch URLFILE``: read each body,
  nothing more). ``wrk`` is not used: it runs for a fixed duration, not a list;
- the parse floor: every HTML page of those URLs read from disk and parsed and walked by lexbor
  alone on both cores (``_pagewalk.Walkers(2)``, no event loop: ``python bench/floor.py parse
  ROOT URLFILE``).

Prints each and our crawl's ratio to max(fetch floor, parse floor); the target is 2x. Run with
``make bench ARGS="--only floor"``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from common import die_with_parent, median, run_json, table
from realsites import TASKS, ensure_docs, ours_cmd
from sections import Context, section
from servers import Nginx

H2LOAD_PROCESSES = TASKS  # one connection each, as our crawl's 10 requests in flight


def _urls(db: Path) -> list[str]:
    """The URLs a crawl file recorded as fetched (not external), in the order recorded."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        sql = "SELECT url FROM records WHERE COALESCE(external, 0) = 0 AND status IS NOT NULL ORDER BY seq"
        return [u for (u,) in con.execute(sql)]


def h2load(urls: list[str], folder: Path) -> float:
    """Seconds for ``H2LOAD_PROCESSES`` h2load processes, each fetching its share of ``urls``
    on one HTTP/1.1 connection, all at once."""
    cmds = []
    for i in range(H2LOAD_PROCESSES):
        part = urls[i::H2LOAD_PROCESSES]
        (path := folder / f"urls-{i}.txt").write_text("\n".join(part) + "\n")
        cmds.append(["h2load", "--h1", "-c", "1", "-t", "1", "-n", str(len(part)), "-i", str(path)])
    t = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              preexec_fn=die_with_parent) for cmd in cmds]  # fmt: skip
    outs = [p.communicate(timeout=600)[0] for p in procs]
    elapsed = time.perf_counter() - t
    done = sum(int(m.group(1)) for out in outs for m in re.finditer(r"(\d+) done", out))
    if done != len(urls):
        raise RuntimeError(f"h2load did {done} of {len(urls)} requests:\n{outs[0][-800:]}")
    return elapsed


async def _fetch_all(urls: list[str], workers: int) -> dict:
    import aiohttp

    queue: asyncio.Queue[str] = asyncio.Queue()
    for u in urls:
        queue.put_nowait(u)
    got = [0, 0]

    async def work(session: aiohttp.ClientSession) -> None:
        while not queue.empty():
            async with session.get(queue.get_nowait(), allow_redirects=False) as resp:
                got[0] += 1
                got[1] += len(await resp.read())

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        t = time.perf_counter()
        await asyncio.gather(*(work(session) for _ in range(workers)))
        elapsed = time.perf_counter() - t
    return {"elapsed": elapsed, "responses": got[0], "bytes": got[1]}


def fetch_main(url_file: str, workers: int) -> dict:
    """Child mode: every URL of the file fetched once, ``workers`` at a time."""
    out = asyncio.run(_fetch_all(Path(url_file).read_text().split(), workers))
    return out | {"cpu": time.process_time()}


def parse_main(root: str, url_file: str) -> dict:
    """Child mode: every HTML page of the URLs (found under ``root`` by its path) parsed and
    walked on two C threads, none of it held by the GIL."""
    import select
    from urllib.parse import unquote, urlsplit

    from gui_crawler.base.urls import plain_directory
    from gui_crawler.parsing import _pagewalk, slicing

    pages: list[tuple[bytes, str | None]] = []
    for url in Path(url_file).read_text().split():
        file = Path(root) / unquote(urlsplit(url).path).lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            pages.append((file.read_bytes(), plain_directory(url)))
    walkers = _pagewalk.Walkers(2)
    t = time.perf_counter()
    for i, (data, directory) in enumerate(pages):
        walkers.submit(i, data, directory, slicing.MAX_TAGS, data.count(b"<"), len(data) >= 1 << 20,
                       slicing.MAX_ELEMENTS, slicing.MAX_ATTRIBUTE_PAIRS)  # fmt: skip
    done = 0
    while done < len(pages):
        select.select([walkers.fileno()], [], [], 5)
        done += len(walkers.drain())
    elapsed = time.perf_counter() - t
    walkers.close()
    return {"elapsed": elapsed, "pages": len(pages), "bytes": sum(len(p) for p, _ in pages)}


@section("floor", "rust-doc: our crawl against the fetch floor (h2load, a bare aiohttp loop) and "
         "the parse floor (lexbor on 2 threads)")  # fmt: skip
def floor(ctx: Context) -> None:
    root, runs, limit = ensure_docs("rust-docs"), ctx.args.real_runs, ctx.args.real_timeout
    got: dict[str, list[float]] = {"ours": [], "loop": [], "h2load": [], "aiohttp": [], "parse": []}
    has_h2load = shutil.which("h2load") is not None
    if not has_h2load:
        ctx.say("  h2load is missing (Debian: apt-get install nghttp2-client): its floor is skipped")  # fmt: skip
    url_file = ctx.tmp / "floor-urls.txt"
    with Nginx(root, mime_types=True) as server:
        for i in range(runs):
            db = ctx.tmp / f"floor-{i}.sqlite3"
            r = run_json(ours_cmd(server.url, "--db", str(db)), limit)
            got["ours"].append(r["elapsed"])
            got["loop"].append(r["loop_cpu"])  # the event loop's thread: the serial part
            if i == 0:
                urls = _urls(db)
                url_file.write_text("\n".join(urls) + "\n")
            if has_h2load:
                got["h2load"].append(h2load(urls, ctx.tmp))
            r = run_json([__file__, "fetch", str(url_file), str(TASKS)], limit)
            if r["responses"] != len(urls):
                raise RuntimeError(f"the aiohttp loop fetched {r['responses']} of {len(urls)} URLs")
            got["aiohttp"].append(r["elapsed"])
            parsed = run_json([__file__, "parse", str(root), str(url_file)], limit)
            got["parse"].append(parsed["elapsed"])
            last = {k: f"{v[-1]:.2f} s" if v else "-" for k, v in got.items()}
            ctx.say(f"  run {i + 1} (load {os.getloadavg()[0]:.1f}): ours {last['ours']} (loop CPU {last['loop']}), h2load "
                    f"{last['h2load']}, aiohttp loop {last['aiohttp']}, parse {last['parse']}")  # fmt: skip
    med = {k: median(v) for k, v in got.items()}
    ratio = med["ours"] / (floor_s := max(med["h2load"] if has_h2load else med["aiohttp"], med["parse"]))  # fmt: skip
    rows = [["our crawl, with its crawl file", med["ours"], f"{ratio:.2f}x"],
            ["its event loop's thread: CPU seconds", med["loop"], f"{med['loop'] / floor_s:.2f}x"],
            [f"fetch floor: h2load, {len(urls):,} URLs, 10 at a time", med["h2load"], "-"],
            ["fetch: a bare aiohttp loop, 10 at a time", med["aiohttp"], "-"],
            [f"parse floor: lexbor and our walk, {parsed['pages']:,} pages, 2 threads", med["parse"], "-"]]  # fmt: skip
    title = f"\n== floor: rust-doc, medians of {runs} runs; floor = max(fetch, parse) =="
    ctx.say(table(["what", "wall s", "ours vs floor"], rows, title=title))
    ctx.results["floor"] = {"runs": got, "urls": len(urls), "pages": parsed["pages"], "ratio": ratio}  # fmt: skip
    ctx.target("floor: our crawl vs max(fetch, parse)", f"{ratio:.2f}x", "<= 2x", 2 / ratio)


if __name__ == "__main__":
    die_with_parent()
    modes = {"fetch": lambda: fetch_main(sys.argv[2], int(sys.argv[3])),
             "parse": lambda: parse_main(sys.argv[2], sys.argv[3])}  # fmt: skip
    print(json.dumps(modes[sys.argv[1]]()))
