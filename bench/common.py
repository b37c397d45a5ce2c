"""Helpers shared by the benchmark modules: ports, limits, child processes, trees to compare,
tables."""

from __future__ import annotations

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
PY = sys.executable
Tree = tuple[str, dict[str, str]]  # (label, the environment its children run with)
Measure = Callable[[dict[str, str]], dict[str, float]]  # one run's figures, given its environment


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
                raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s") from None  # fmt: skip
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


def apt_install(package: str) -> None:
    """Install a Debian package (nginx, python3-doc, rust-doc) the bench needs; needs root."""
    if os.geteuid() != 0:
        raise RuntimeError(f"{package} is missing and installing it needs root: apt-get install {package}")  # fmt: skip
    print(f"installing {package} with apt-get …", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=300)
    subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
                   check=True, env=env, timeout=1200)  # fmt: skip


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


def maxrss_mb(pid: int | str = "self") -> float:
    """Peak RSS of a process image (this one's by default). Not ru_maxrss: after a (v)fork + exec
    Linux folds the parent's peak into the child's ru_maxrss, so a child of a big parent reports
    the parent's."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        if pid != "self":
            return float("nan")
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


_children: set[subprocess.Popen[str]] = set()


def run_json(args: Sequence[str], timeout: float, env: dict[str, str] | None = None,
             progress: bool = False) -> dict:  # fmt: skip
    """Run a benchmark child (``python bench/x.py …``) that prints one JSON object on its last
    stdout line; raise with its stderr tail if it fails or overruns ``timeout``. ``progress``:
    the child's stderr goes to ours as it comes (a long child's progress), not into the error."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}  # env may set PYTHONPATH
    stderr = None if progress else subprocess.PIPE
    proc = subprocess.Popen([PY, *args], stdout=subprocess.PIPE, stderr=stderr, text=True,
                            env=full_env, cwd=ROOT)  # fmt: skip
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
        tail = "\n".join((err or "").strip().splitlines()[-15:])
        raise RuntimeError(f"{Path(args[0]).name} exited {proc.returncode}:\n{tail}")
    return json.loads(lines[-1])


# run_measured's go-between: a small Python that starts the command and reports its wait4. At
# exec, Linux folds the peak RSS of the process that forked into the child's ru_maxrss, so a
# child of the bench itself (big after generating a site) would report the bench's peak.
_WAIT4 = """import json, os, sys, time
t = time.perf_counter()
_, status, use = os.wait4(os.posix_spawn(sys.executable, [sys.executable, *sys.argv[2:]], os.environ), 0)
json.dump([os.waitstatus_to_exitcode(status), use.ru_maxrss / 1024, time.perf_counter() - t,
           use.ru_utime + use.ru_stime], open(sys.argv[1], "w"))
"""


def run_measured(args: Sequence[str], folder: Path, env: dict[str, str] | None = None,
                 ok: Sequence[int] = (0, 1)) -> dict[str, float]:  # fmt: skip
    """``python ARGS`` run in ``folder`` (stdout to ``out.txt`` there): its peak RSS from wait4,
    wall and CPU seconds. ``ok``: exit codes that are not a failure (``gui-crawler crawl`` exits
    1 when it found broken links)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    with (folder / "out.txt").open("w") as out:
        cmd = [PY, "-c", _WAIT4, str(folder / "wait4.json"), *args]
        subprocess.run(cmd, env=full_env, stdout=out, cwd=folder, check=True)
    code, peak, wall, cpu = json.loads((folder / "wait4.json").read_text())
    if code not in ok:
        raise RuntimeError(f"{' '.join(args)} exited {code}")
    return {"peak RSS MB": peak, "wall s": wall, "CPU s": cpu}


def kill_children() -> None:
    """Stop the crawls still running (on Ctrl-C or SIGTERM), each by its pid."""
    for proc in list(_children):
        if proc.poll() is None:
            proc.kill()


def export_tree(ref: str, dest: Path) -> Path:
    """The code to compare with: ``ref`` itself when it is a folder (a tree prepared by hand,
    its compiled parts built), else the repository at git ``ref`` unpacked under ``dest`` with
    its compiled parts built in place."""
    if Path(ref).is_dir():
        return Path(ref).resolve()
    blob = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT,
                          capture_output=True, check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(dest, filter="data")
    if (dest / "setup.py").exists():
        subprocess.run([PY, "setup.py", "-q", "build_ext", "--inplace"], cwd=dest, check=True,
                       capture_output=True)  # fmt: skip
    return dest


def compare_trees(trees: Sequence[Tree], runs: int, measure: Measure, say: Callable[[str], None],
                  title: str) -> dict[str, dict[str, float]]:  # fmt: skip
    """``measure(env)`` gives the figures of one run of one tree; every tree is run ``runs``
    times, alternated (the order flipped every other run, so that drift on a shared machine
    hits all alike). Prints the medians side by side, with later/first ratios when there are
    two trees, and returns them by tree label."""
    got: dict[str, list[dict[str, float]]] = {label: [] for label, _ in trees}
    for i in range(runs):
        for label, env in trees if i % 2 == 0 else trees[::-1]:
            got[label].append(r := measure(env))
            if runs * len(trees) > 1:
                say(f"  run {i + 1} {label}: " + ", ".join(f"{k} {v:,.2f}" for k, v in r.items()))
    meds = {label: {k: median([r[k] for r in rs]) for k in rs[0]} for label, rs in got.items()}
    cols = list(meds.values())
    rows = [[k, *(c[k] for c in cols)] for k in cols[0]]
    if len(cols) == 2:
        rows = [[*r, f"{r[2] / r[1]:.2f}x" if r[1] else "-"] for r in rows]
    heads = ["figure", *meds] + (["after/before"] if len(cols) == 2 else [])
    say(table(heads, rows, title=f"\n== {title}, medians of {runs} =="))
    return meds


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))] if s else float("nan")


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
        return "  ".join(v.rjust(w) if r else v.ljust(w) for v, w, r in zip(vals, widths, right, strict=False)).rstrip()  # fmt: skip

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
    return s == "-" or s.replace(",", "").replace(".", "").replace("-", "").replace("x", "").isdigit()  # fmt: skip
