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

from common import PY, ROOT, die_with_parent, median, run_json, table
from realsites import TASKS, ensure_docs, ours_cmd
from sections import Context, section
from servers import Nginx

H2LOAD_PROCESSES = TASKS  # one connection each, as our crawl's 10 requests in flight


def _urls(db: Path) -> list[str]:
    """The URLs a crawl file recorded as fetched (not external), in the order recorded."""
    import sqlite3

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT url FROM records WHERE COALESCE(external, 0) = 0 AND status IS NOT NULL "
            "ORDER BY seq"
        ).fetchall()
    finally:
        con.close()
    return [u for (u,) in rows]


def h2load(urls: list[str], folder: Path) -> float:
    """Seconds for ``H2LOAD_PROCESSES`` h2load processes, each fetching its share of ``urls``
    on one HTTP/1.1 connection, all at once."""
    files = []
    for i in range(H2LOAD_PROCESSES):
        part = urls[i::H2LOAD_PROCESSES]
        path = folder / f"urls-{i}.txt"
        path.write_text("\n".join(part) + "\n")
        files.append((path, len(part)))
    t = time.perf_counter()
    procs = [
        subprocess.Popen(
            ["h2load", "--h1", "-c", "1", "-t", "1", "-n", str(n), "-i", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=die_with_parent,
        )
        for path, n in files
    ]
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
            url = queue.get_nowait()
            async with session.get(url, allow_redirects=False) as resp:
                body = await resp.read()
                got[0] += 1
                got[1] += len(body)

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        t = time.perf_counter()
        await asyncio.gather(*(work(session) for _ in range(workers)))
        elapsed = time.perf_counter() - t
    return {"elapsed": elapsed, "responses": got[0], "bytes": got[1]}


def fetch_main(url_file: str, workers: int) -> None:
    """Child mode: every URL of the file fetched once, ``workers`` at a time; one JSON line."""
    die_with_parent()
    urls = Path(url_file).read_text().split()
    out = asyncio.run(_fetch_all(urls, workers))
    out["cpu"] = time.process_time()
    print(json.dumps(out))


def parse_main(root: str, url_file: str) -> None:
    """Child mode: every HTML page of the URLs (found under ``root`` by its path) parsed and
    walked on two C threads, none of it held by the GIL; one JSON line."""
    import select
    from urllib.parse import unquote, urlsplit

    from gui_crawler.base.urls import plain_directory
    from gui_crawler.parsing import _pagewalk, slicing

    die_with_parent()
    pages: list[tuple[bytes, str | None]] = []
    for url in Path(url_file).read_text().split():
        path = unquote(urlsplit(url).path)
        file = Path(root) / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            pages.append((file.read_bytes(), plain_directory(url)))
    walkers = _pagewalk.Walkers(2)
    t = time.perf_counter()
    done = 0
    for i, (data, directory) in enumerate(pages):
        walkers.submit(
            i,
            data,
            directory,
            slicing.MAX_TAGS,
            data.count(b"<"),
            len(data) >= 1 << 20,
            slicing.MAX_ELEMENTS,
            slicing.MAX_ATTRIBUTE_PAIRS,
        )
    while done < len(pages):
        select.select([walkers.fileno()], [], [], 5)
        done += len(walkers.drain())
    elapsed = time.perf_counter() - t
    walkers.close()
    print(
        json.dumps(
            {"elapsed": elapsed, "pages": len(pages), "bytes": sum(len(p) for p, _ in pages)}
        )
    )


@section(
    "floor",
    "rust-doc: our crawl against the fetch floor (h2load, a bare aiohttp loop) and the parse "
    "floor (lexbor on 2 threads)",
)
def floor(ctx: Context) -> None:
    root = ensure_docs("rust-docs")
    runs = ctx.args.real_runs
    got: dict[str, list[float]] = {"ours": [], "h2load": [], "aiohttp": [], "parse": []}
    has_h2load = shutil.which("h2load") is not None
    if not has_h2load:
        ctx.say(
            "  h2load is missing (Debian: apt-get install nghttp2-client): its floor is skipped"
        )
    url_file = ctx.tmp / "floor-urls.txt"
    with Nginx(root, mime_types=True) as server:
        for i in range(runs):
            db = ctx.tmp / f"floor-{i}.sqlite3"
            r = run_json(ours_cmd(server.url, "--db", str(db)), ctx.args.real_timeout)
            got["ours"].append(r["elapsed"])
            if i == 0:
                urls = _urls(db)
                url_file.write_text("\n".join(urls) + "\n")
            if has_h2load:
                got["h2load"].append(h2load(urls, ctx.tmp))
            r = run_json(
                ["bench/floor.py", "fetch", str(url_file), str(TASKS)], ctx.args.real_timeout
            )
            if r["responses"] != len(urls):
                raise RuntimeError(f"the aiohttp loop fetched {r['responses']} of {len(urls)} URLs")
            got["aiohttp"].append(r["elapsed"])
            r = run_json(
                ["bench/floor.py", "parse", str(root), str(url_file)], ctx.args.real_timeout
            )
            got["parse"].append(r["elapsed"])
            pages = r["pages"]
            load = os.getloadavg()[0]
            ctx.say(
                f"  run {i + 1} (load {load:.1f}): ours {got['ours'][-1]:.2f} s, h2load "
                + (f"{got['h2load'][-1]:.2f} s" if has_h2load else "-")
                + f", aiohttp loop {got['aiohttp'][-1]:.2f} s, parse {got['parse'][-1]:.2f} s"
            )
    med = {k: median(v) for k, v in got.items() if v}
    fetch = med.get("h2load", med["aiohttp"])
    base = max(fetch, med["parse"])
    ratio = med["ours"] / base
    rows = [
        ["our crawl, with its crawl file", med["ours"], f"{ratio:.2f}x"],
        [
            f"fetch floor: h2load, {len(urls):,} URLs, 10 at a time",
            med.get("h2load", float("nan")),
            "-",
        ],
        ["fetch: a bare aiohttp loop, 10 at a time", med["aiohttp"], "-"],
        [f"parse floor: lexbor and our walk, {pages:,} pages, 2 threads", med["parse"], "-"],
    ]
    ctx.say(
        table(
            ["what", "wall s", "ours vs floor"],
            rows,
            title=f"\n== floor: rust-doc, medians of {runs} runs; floor = max(fetch, parse) ==",
        )
    )
    ctx.results["floor"] = {"runs": got, "urls": len(urls), "pages": pages, "ratio": ratio}
    ctx.target("floor: our crawl vs max(fetch, parse)", f"{ratio:.2f}x", "<= 2x", 2 / ratio)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1] == "fetch":
        fetch_main(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "parse":
        parse_main(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f"usage: {PY} bench/floor.py fetch URLFILE WORKERS | parse ROOT URLFILE")
