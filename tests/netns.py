"""Network namespaces for tests that need addresses or limits of their own: made with ``ip netns``
(iproute2), holding only their own loopback (nothing in them reaches any network of the
machine's), a child process started in one, removed after; or two of them linked by a veth pair
and nothing else (``linked_namespaces``: machines that share only that link). Needs root and ``ip``: a test skips
without them, but never under CI (CI=true), which runs as root and whose ``make test`` installs
iproute2 (tools/ensure-iproute2.sh)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def netns_or_skip() -> None:
    why = None
    if os.name != "posix" or os.geteuid() != 0:
        why = "making a network namespace needs root"
    elif shutil.which("ip") is None:
        why = "making a network namespace needs ip (apt-get install iproute2)"
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{why}: under CI this test must run")
        pytest.skip(why)


def run_in_netns(
    script: Path,
    args: Iterable[str] = (),
    *,
    addresses: Iterable[str] = (),
    sysctls: Iterable[str] = (),
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """``script`` run by this Python in a new namespace whose loopback also holds ``addresses``
    (each a /32) and whose ``sysctls`` ("net.ipv4.ip_local_port_range=40000 40059") are set;
    the project and tests/ on its path."""
    name = f"gc-test-{os.getpid()}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        subprocess.run(["ip", "-n", name, "link", "set", "lo", "up"], check=True)
        for address in addresses:
            subprocess.run(
                ["ip", "-n", name, "addr", "add", f"{address}/32", "dev", "lo"], check=True
            )
        for setting in sysctls:
            subprocess.run(["ip", "netns", "exec", name, "sysctl", "-qw", setting], check=True)
        return subprocess.run(
            in_netns(name, [sys.executable, str(script), *args]),
            capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=child_env(),
        )  # fmt: skip
    finally:
        subprocess.run(["ip", "netns", "del", name], check=False)


async def serve_at(address: str, port: int, handler: Any) -> Any:
    """A server answering every GET with ``handler`` at ``address``:``port`` (in a namespace,
    one of its own addresses); its runner, to clean up."""
    from aiohttp import web

    app = web.Application()
    app.router.add_route("GET", "/{tail:.*}", handler)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, address, port).start()
    return runner


def in_netns(name: str, argv: Iterable[str]) -> list[str]:
    """``argv`` run in the namespace ``name``."""
    return ["ip", "netns", "exec", name, *argv]


def child_env() -> dict[str, str]:
    """A child's environment: the project and tests/ on its path."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}


LINK = "10.77.0"  # the veth pair's network: .1 in the first namespace, .2 in the second


@contextlib.contextmanager
def linked_namespaces() -> Iterator[tuple[str, str]]:
    """Two namespaces linked by a veth pair made in them (the machine's own namespace has no end
    of it): each has its loopback and its end of the link, ``LINK``.1 and ``LINK``.2 (/24)."""
    tag = os.getpid()
    names = (f"gc-a-{tag}", f"gc-b-{tag}")
    ends = (f"gca{tag}", f"gcb{tag}")
    try:
        for name in names:
            subprocess.run(["ip", "netns", "add", name], check=True)
            subprocess.run(["ip", "-n", name, "link", "set", "lo", "up"], check=True)
        subprocess.run(
            ["ip", "link", "add", ends[0], "netns", names[0], "type", "veth",
             "peer", "name", ends[1], "netns", names[1]],
            check=True,
        )  # fmt: skip
        for i, (name, end) in enumerate(zip(names, ends, strict=True)):
            subprocess.run(
                ["ip", "-n", name, "addr", "add", f"{LINK}.{i + 1}/24", "dev", end], check=True
            )
            subprocess.run(["ip", "-n", name, "link", "set", end, "up"], check=True)
        yield names
    finally:
        for name in names:  # its end of the link goes with it, and the other end with that
            subprocess.run(["ip", "netns", "del", name], check=False, capture_output=True)
