"""Network namespaces for tests that need addresses or limits of their own: made with ``ip netns``
(iproute2), holding only their own loopback (nothing in them reaches any network of the
machine's), a child process started in one, removed after. Needs root and ``ip``: a test skips
without them, but never under CI (CI=true), which runs as root and whose ``make test`` installs
iproute2 (tools/ensure-iproute2.sh)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
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
            ["ip", "netns", "exec", name, sys.executable, str(script), *args],
            capture_output=True, text=True, timeout=timeout, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])},
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
