"""Small helpers shared by the benchmark modules: ports, limits, child processes, tables."""

from __future__ import annotations

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 10.0) -> None:
    """Block until something accepts connections on 127.0.0.1:port."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"nothing listens on 127.0.0.1:{port} after {timeout} s"
                ) from None
            time.sleep(0.05)


def die_with_parent() -> None:
    """``preexec_fn`` for servers: the kernel sends them SIGTERM if the benchmark dies, so a
    killed run leaves no nginx or tree server behind (Linux PR_SET_PDEATHSIG; no-op elsewhere)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))
    except (OSError, AttributeError):
        pass


def raise_nofile() -> int:
    """Raise this process's open-file limit to its hard limit (soft = hard); return it."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def rss_mb() -> float:
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def trim() -> bool:
    """Collect garbage, then hand the C heap's free pages back to the system (glibc's
    malloc_trim), so that RSS shows what is held; False where there is no malloc_trim."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return False
    return True


class Footprint:
    """What is built after it costs: RSS, or with ``traced`` tracemalloc's traced bytes (which
    slows the work measured), each after ``trim()``."""

    def __init__(self, traced: bool) -> None:
        import tracemalloc

        self.traced = traced
        if traced:
            tracemalloc.start()
        trim()
        self.rss0 = _rss()
        self.traced0 = tracemalloc.get_traced_memory()[0] if traced else 0

    def grown(self) -> int:
        """Bytes more than at the start (traced, or RSS), after ``trim()``; stops tracing."""
        import tracemalloc

        trim()
        if not self.traced:
            return _rss() - self.rss0
        grown = tracemalloc.get_traced_memory()[0] - self.traced0
        tracemalloc.stop()
        return grown


def _rss() -> int:
    import psutil

    return int(psutil.Process().memory_info().rss)


def maxrss_mb() -> float:
    """Peak RSS of this process image. Not ru_maxrss: after a (v)fork + exec Linux folds the
    parent's peak into the child's ru_maxrss, so a child of a big parent reports the parent's."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


_children: set[subprocess.Popen[str]] = set()


def run_json(args: Sequence[str], timeout: float, env: dict[str, str] | None = None) -> dict:
    """Run a benchmark child (``python bench/x.py …``) that prints one JSON object on its last
    stdout line; raise with its stderr tail if it fails or overruns ``timeout``."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}  # env may set PYTHONPATH
    proc = subprocess.Popen(
        [PY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=full_env,
        cwd=ROOT,
    )
    _children.add(proc)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError(f"{Path(args[0]).name} overran its {timeout:.0f} s limit") from None
    finally:
        _children.discard(proc)
    lines = out.strip().splitlines()
    if proc.returncode != 0 or not lines:
        tail = "\n".join(err.strip().splitlines()[-15:])
        raise RuntimeError(f"{Path(args[0]).name} exited {proc.returncode}:\n{tail}")
    return json.loads(lines[-1])


def kill_children() -> None:
    """Stop the crawls still running (on Ctrl-C or SIGTERM), each by its pid."""
    for proc in list(_children):
        if proc.poll() is None:
            proc.kill()


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def steady_rate(times: Sequence[float], lo: float = 0.1, hi: float = 0.9) -> float:
    """Records per second between the ``lo`` and ``hi`` quantiles of finish times: the rate once
    the frontier is wide enough, without the ramp-up at the root or the drain at the end."""
    ts = sorted(times)
    if len(ts) < 10:
        return len(ts) / ts[-1] if ts and ts[-1] > 0 else float("nan")
    i, j = int(len(ts) * lo), int(len(ts) * hi) - 1
    span = ts[j] - ts[i]
    return (j - i) / span if span > 0 else float("nan")


@dataclass
class Target:
    """One figure compared with the issue's target: ``ratio`` ≥ 1 passes."""

    name: str
    measured: str
    wanted: str
    ratio: float

    @property
    def verdict(self) -> str:
        if self.ratio != self.ratio:  # NaN: not measured
            return "n/a"
        return "pass" if self.ratio >= 1.0 else "miss"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], title: str = "") -> str:
    cells = [[_fmt(c) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for k, c in enumerate(row):
            widths[k] = max(widths[k], len(c))
    right = [all(_numeric(r[k]) for r in cells) if cells else False for k in range(len(headers))]

    def line(vals: Sequence[str]) -> str:
        return "  ".join(
            v.rjust(widths[k]) if right[k] else v.ljust(widths[k]) for k, v in enumerate(vals)
        ).rstrip()

    out = [title] if title else []
    out += [line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return "\n".join(out)


def _fmt(v: object) -> str:
    if isinstance(v, float):
        if v != v:
            return "-"
        if abs(v) >= 100:
            return f"{v:,.0f}"
        if abs(v) >= 10:
            return f"{v:.1f}"
        return f"{v:.2f}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return str(v)


def _numeric(s: str) -> bool:
    return (
        s == "-" or s.replace(",", "").replace(".", "").replace("-", "").replace("x", "").isdigit()
    )
