"""A node on a "machine" of its own: a network namespace whose only way out is a veth pair to
another namespace, where Redis, the site and the node that started the crawl live. The node
shares nothing with them but what it reaches over that link (Redis, and the site it crawls),
and the crawl still ends with each URL of a one-process crawl once in the collected file, some
of them fetched by the node across the link.

Both namespaces are this test's own (tests/netns.py): the machine's own namespace gets no end of
the link and no address. The servers and the starting node run in a child process in the first
namespace (this file, run as a script).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

from children import dies_with_us
from clustersite import file_urls
from netns import LINK, ROOT, child_env, in_netns, linked_namespaces, netns_or_skip
from redisserver import need_redis

HERE = Path(__file__).resolve()
PORT = 8080


def test_a_node_on_a_machine_of_its_own_shares_nothing_but_redis(tmp_path: Path) -> None:
    netns_or_skip()
    need_redis()
    with linked_namespaces() as (servers, machine):
        serve = subprocess.Popen(
            dies_with_us(in_netns(servers, [sys.executable, str(HERE), str(tmp_path)])),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=ROOT, env=child_env(),
        )  # fmt: skip
        node = None
        try:
            assert serve.stdout is not None and serve.stdin is not None
            where = json.loads(serve.stdout.readline() or "{}")
            assert where, serve.communicate(timeout=30)[1][-3000:]
            # The node, in the other namespace: Redis and the site across the link.
            node = subprocess.Popen(
                dies_with_us(in_netns(machine, [sys.executable, "-m", "gui_crawler", "cluster",
                                                "work", where["redis"], "--workers", "3", "--db",
                                                str(tmp_path / "node.sqlite3")])),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                env=child_env(),
            )  # fmt: skip
            assert node.stderr is not None
            assert "Waiting for a crawl to start" in node.stderr.readline()
            serve.stdin.write("go\n")
            serve.stdin.flush()
            out, err = serve.communicate(timeout=90)
            node_out, node_err = node.communicate(timeout=30)
        finally:
            for proc in (serve, node):
                if proc is not None and proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)  # its servers stop with it
                    proc.communicate(timeout=20)
    assert serve.returncode == 0, err[-3000:]
    assert node.returncode == 0, node_err[-3000:]
    result = json.loads(out.splitlines()[-1])
    reference = set(result["reference"])
    urls = file_urls(tmp_path / "collected.sqlite3")
    assert len(urls) == len(set(urls)) and set(urls) == reference
    fetched_there = file_urls(tmp_path / "node.sqlite3")
    assert fetched_there and set(fetched_there) <= reference, node_out
    assert f"{len(fetched_there)} URLs recorded" in node_out


# ---- the child, in the first namespace ----------------------------------------------------------


def _serve(out: Path) -> None:
    """The site and Redis on this namespace's end of the link, a one-process crawl of the site
    (the reference), then, once told to go, the crawl started on Redis by a node here."""
    import asyncio
    import threading

    from aiohttp import web
    from clustersite import cluster_site, one_process_urls
    from redisserver import RedisServer

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the finally below still runs
    here = f"{LINK}.1"
    site = cluster_site(60, delay=0.1)
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    runner = web.AppRunner(site.app, handle_signals=False, access_log=None)
    asyncio.run_coroutine_threadsafe(runner.setup(), loop).result(10)
    tcp = web.TCPSite(runner, here, PORT)
    asyncio.run_coroutine_threadsafe(tcp.start(), loop).result(10)
    url = f"http://{here}:{PORT}/"
    starter = None
    # Reached from another machine: with a password (else Redis's protected mode refuses it).
    with RedisServer(out / "redis", host=here, password="across-the-link") as redis:
        try:
            reference = one_process_urls(url)
            print(json.dumps({"redis": redis.url, "site": url}), flush=True)
            assert sys.stdin.readline() == "go\n"
            starter = subprocess.Popen(
                dies_with_us([sys.executable, "-m", "gui_crawler", "crawl", url, "--no-external",
                              "--no-sitemaps", "-q", "--lease", "2", "--cluster", redis.url,
                              "--db", str(out / "collected.sqlite3"), "--max-tasks", "2",
                              "--per-host", "20"]),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )  # fmt: skip
            _, starter_err = starter.communicate(timeout=80)
            assert starter.returncode == 1, starter_err[-3000:]  # done, with broken links
        finally:
            if starter is not None and starter.poll() is None:
                starter.kill()
                starter.communicate()
            asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
    print(json.dumps({"reference": sorted(reference)}))


if __name__ == "__main__":
    _serve(Path(sys.argv[1]))
