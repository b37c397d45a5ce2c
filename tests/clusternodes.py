"""Nodes of a cluster crawl as processes, and what the tests ask of them: started with the
project's own command, the crawl's counts read from Redis, waited for within a bound."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from typing import Any

from children import dies_with_us

from gui_crawler.cluster.address import RedisAddress
from gui_crawler.cluster.shared import SharedCrawl, connect

# Every process started here, killed by ``stop_started`` (a test that fails midway leaves none
# running); each dies with the test's process too, should it be killed (children.py).
STARTED: list[subprocess.Popen[str]] = []


def gui_crawler(*args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        dies_with_us([sys.executable, "-m", "gui_crawler", *args]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    STARTED.append(proc)
    return proc


def waiting_node(url: str, *args: str) -> subprocess.Popen[str]:
    """``cluster work`` at ``url`` started, and waiting for a crawl (it looks every half second):
    a crawl started from now on has it as a node, however slowly the machine started it."""
    node = gui_crawler("cluster", "work", url, *args)
    assert node.stderr is not None
    line = node.stderr.readline()
    assert "Waiting for a crawl to start" in line, line + node.stderr.read()
    return node


def stop_started() -> None:
    """Kill (by pid) those of the processes started that still run."""
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def counts(url: str) -> dict[str, int]:
    """The crawl's counts, and ``nodes``: how many have joined."""
    return asyncio.run(crawl_counts(url))


async def crawl_counts(url: str) -> dict[str, Any]:
    """``counts`` on the running loop (a window's), with ``state`` too."""
    client = await connect(RedisAddress.parse(url))
    try:
        crawls = await SharedCrawl.listed(client)
        if not crawls:
            return {}
        shared = await SharedCrawl.open(client, next(iter(crawls)))
        if shared is None:
            return {}
        nodes = len(await shared.nodes())
        return {**await shared.counts(), "nodes": nodes, "state": await shared.state()}
    finally:
        await client.aclose()


async def until_counts(url: str, check: Any) -> dict[str, Any]:
    """The crawl's counts once ``check(counts)`` holds, asked on the running loop (the caller
    bounds the wait)."""
    while not check(got := await crawl_counts(url)):
        await asyncio.sleep(0.1)
    return got


def wait_until(check: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def finish(proc: subprocess.Popen[str], timeout: float = 40) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"still running: {out}\n{err}") from None
    return proc.returncode, out, err
