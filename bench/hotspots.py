"""Where the time goes: self time per function, per package and per thread.

``spy`` samples a child process with py-spy (every thread, no perturbation of the GIL pattern,
idle time left out): the engine parses pages in threads of their own, which an in-process
profiler of the main thread would not see.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

AREAS = (("gui_crawler/", "gui_crawler"), ("aiohttp/", "aiohttp"), ("yarl/", "yarl"),
         ("multidict/", "multidict"), ("selectolax/", "selectolax"), ("asyncio/", "asyncio"),
         ("selectors.py", "selectors (epoll)"), ("urllib/", "urllib"), ("functools.py", "functools"),
         ("bench/", "bench consumer"))  # fmt: skip


def _area(path: str) -> str:
    for needle, name in AREAS:
        if needle in path:
            return name
    return "other"


_THREAD = re.compile(r"^thread \((\d+)\)(?::\s*(.*))?$")


def py_spy() -> str | None:
    """The py-spy binary of this venv (installed from PyPI on first use), or None."""
    exe = Path(sys.executable).with_name("py-spy")
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "py-spy"], check=False)
    return str(exe) if exe.exists() else shutil.which("py-spy")


def spy(
    args: Sequence[str],
    rate: int = 250,
    top: int = 15,
    timeout: float = 300,
    env: dict | None = None,
    gil: bool = False,
) -> tuple[str, dict]:
    """Run ``python *args`` under py-spy; (the child's stdout, hotspots) or raise RuntimeError.

    ``gil``: keep only samples of the thread holding the GIL, i.e. Python-level work. Without
    it, a thread waiting to take the GIL back (after a socket call, epoll or a lexbor parse, all
    of which release it) is sampled as busy on that line."""
    exe = py_spy()
    if exe is None:
        raise RuntimeError("py-spy is not available")
    with tempfile.TemporaryDirectory(prefix="bench-spy-") as d:
        raw = Path(d) / "raw.txt"
        cmd = [exe, "record", "--format", "raw", "--threads", "--nonblocking", "-r", str(rate)]
        cmd += ["--gil"] if gil else []
        cmd += ["-o", str(raw), "--", sys.executable, *args]
        env = dict(os.environ, **(env or {}))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        if proc.returncode != 0 or not raw.exists():
            raise RuntimeError(f"py-spy failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
        lines = raw.read_text().splitlines()
    return proc.stdout, aggregate(lines, rate, top)


def aggregate(lines: Sequence[str], rate: int, top: int) -> dict:
    """Fold py-spy's raw (collapsed) stacks into self/inclusive time per function, per package
    (by the file of the innermost frame) and per thread."""
    names: dict[str, str] = {}
    parsed = []
    for line in lines:
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = stack.split(";")
        m = _THREAD.match(frames[0])
        if m:
            tid, name = m.groups()
            if name:
                names[tid] = name
            frames = frames[1:]
        else:
            tid = "?"
        parsed.append((tid, frames, int(count)))
    self_n: Counter[str] = Counter()
    self_line: Counter[str] = Counter()
    incl: Counter[str] = Counter()
    areas: Counter[str] = Counter()
    threads: Counter[str] = Counter()
    total = 0
    for tid, frames, n in parsed:
        if not frames:
            continue
        total += n
        threads[names.get(tid, tid)] += n
        leaf = frames[-1]
        self_line[leaf] += n
        self_n[_func(leaf)] += n
        areas[_area(leaf[leaf.rfind("(") + 1 :])] += n
        for f in {_func(f) for f in frames}:
            incl[f] += n
    total = total or 1
    sec = 1.0 / rate

    def rows(c: Counter[str], keep: Callable[[str], bool] = lambda k: True) -> list:
        return [[k, v * sec, v / total] for k, v in c.most_common() if keep(k)][:top]

    return {"total_s": total * sec, "threads": {k: [v * sec, v / total] for k, v in threads.most_common()},
            "areas": {k: [v * sec, v / total] for k, v in areas.most_common()}, "functions": rows(self_n),
            "lines": rows(self_line), "inclusive": rows(incl, lambda k: "gui_crawler/" in k)}  # fmt: skip


def _func(frame: str) -> str:
    """ "Crawler._fetch (gui_crawler/engine.py:373)" -> "Crawler._fetch (gui_crawler/engine.py)" """
    head, sep, line = frame.rpartition(":")
    return head + ")" if sep and line.rstrip(")").isdigit() else frame
