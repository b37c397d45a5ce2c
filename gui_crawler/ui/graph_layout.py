"""Where a site graph's nodes go, computed with igraph in a process of its own.

Not a thread: igraph holds the GIL for a whole layout (a Fruchterman-Reingold layout of 20,000
nodes on a thread let a 10 ms timer beat once in 5 s), so the window's loop would stop as surely
as if it ran the layout itself. The process is this module run as a program (never a fork of a
process running Qt, and not multiprocessing's spawn, which imports the parent's main script
again): it serves one job at a time over two pipes and ends when they close, with the window's
process at the latest. Plain Python: the child imports numpy and igraph, never Qt.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from gui_crawler.base.translate import translate

if TYPE_CHECKING:
    import numpy as np

TREE = "tree"
FORCE = "force"


@dataclass(frozen=True)
class Job:
    """A layout to compute: ``kind`` TREE (a radial tree of ``tree``'s edges, parent → child,
    from ``roots``) or FORCE (Fruchterman-Reingold on the tree's edges and ``links``, starting
    from ``seed``: the nodes' positions in the last layout, NaN for new ones, which start near
    their parent)."""

    kind: str
    size: int
    tree: np.ndarray
    links: np.ndarray
    roots: list[int]
    seed: np.ndarray | None = None


def lay_out(job: Job) -> np.ndarray:
    """The nodes' positions, an array (size, 2)."""
    import igraph
    import numpy as np

    n = job.size
    if n == 0:
        return np.zeros((0, 2))
    if n == 1:
        return np.zeros((1, 2))
    if job.kind == TREE:
        g = igraph.Graph(n=n, edges=job.tree.tolist(), directed=True)
        roots = _roots(g, job.roots)
        return np.array(g.layout_reingold_tilford_circular(mode="out", root=roots).coords)
    edges = np.concatenate([job.tree, job.links]) if len(job.links) else job.tree
    g = igraph.Graph(n=n, edges=edges.tolist())
    g.simplify()
    seed, placed = _seed(job, np)
    # From a layout that holds most nodes already: fewer rounds, and a lower temperature so
    # that the picture grows rather than starting again.
    if placed.sum() >= n // 2:
        start_temp = max(0.05, float(np.std(seed[placed])) / 50)
        pos = g.layout_fruchterman_reingold(seed=seed.tolist(), niter=150, start_temp=start_temp)
    else:
        pos = g.layout_fruchterman_reingold(seed=seed.tolist(), niter=500)
    out = np.array(pos.coords)
    return _aligned(out, seed, placed, np) if placed.sum() >= 3 else out


def _aligned(pos: np.ndarray, seed: np.ndarray, placed: np.ndarray, np: Any) -> np.ndarray:
    """``pos`` turned (and mirrored) onto ``seed`` where ``placed``: igraph hands a layout back
    rotated to its principal axes, so without this the picture would spin and flip from one
    layout to the next."""
    a, b = pos[placed], seed[placed]
    ca, cb = a.mean(axis=0), b.mean(axis=0)
    u, _, vt = np.linalg.svd((a - ca).T @ (b - cb))
    return (pos - ca) @ (u @ vt) + cb


def _roots(g: Any, given: list[int]) -> list[int]:
    """``given``, and the first node of each part of the graph none of them is in."""
    roots = list(given)
    member = g.connected_components(mode="weak").membership
    covered = {member[r] for r in roots}
    for v, part in enumerate(member):
        if part not in covered:
            covered.add(part)
            roots.append(v)
    return roots


def _seed(job: Job, np: Any) -> tuple[np.ndarray, np.ndarray]:
    """Start positions: the last layout's, a new node near its parent (at random when it has
    none placed). Returns them and which came from the last layout."""
    n = job.size
    rng = np.random.default_rng(n)
    seed = job.seed if job.seed is not None else np.full((n, 2), np.nan)
    placed = ~np.isnan(seed[:, 0])
    spread = max(1.0, float(np.nanstd(seed)) if placed.any() else n**0.5)
    if placed.any():
        seed = seed.copy()
        parent = np.full(n, -1)
        parent[job.tree[:, 1]] = job.tree[:, 0]
        # Parents before children: a new node's parent may be new too.
        for _ in range(64):
            todo = np.flatnonzero(np.isnan(seed[:, 0]))
            if not len(todo):
                break
            p = parent[todo]
            ok = (p >= 0) & ~np.isnan(seed[np.maximum(p, 0), 0])
            if not ok.any():
                break
            near = seed[p[ok]] + rng.normal(0, spread / 20, (int(ok.sum()), 2))
            seed[todo[ok]] = near
    lost = np.isnan(seed[:, 0])
    seed[lost] = rng.uniform(-spread, spread, (int(lost.sum()), 2))
    return seed, placed


def _send(conn: Connection, job: Job) -> None:
    with contextlib.suppress(OSError):
        conn.send(job)


def _serve(jobs: Connection, results: Connection) -> None:
    """The child: answer each job with (positions, seconds), or (None, the error's words)."""
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError):
            return
        t = time.perf_counter()
        try:
            out: tuple[Any, Any] = (lay_out(job), time.perf_counter() - t)
        except Exception as e:  # a layout that fails leaves the last picture, says why
            out = (None, f"{type(e).__name__}: {e}")
        try:
            results.send(out)
        except OSError:
            return


class LayoutProcess:
    """One process that computes layouts, one at a time; started with the first job (and again
    if it died). ``result()`` is polled: it never blocks."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._jobs: Connection | None = None
        self._results: Connection | None = None
        self.busy = False
        self.error: str | None = None

    def submit(self, job: Job) -> None:
        if self.busy:
            raise RuntimeError("a layout is under way")
        if self._proc is None or self._proc.poll() is not None:
            self._start()
        assert self._jobs is not None
        # Sent from a thread: a job larger than the pipe's buffer (64 KiB; a picture of 10,000
        # pages is ~1 MB) blocks its writer until the child has read it all, and a child still
        # starting reads nothing for a while. A send that fails (the child died) shows in
        # result() as the pipe's end.
        threading.Thread(target=_send, args=(self._jobs, job), daemon=True).start()
        self.busy = True

    def _start(self) -> None:
        self.close()
        job_r, job_w = os.pipe()
        res_r, res_w = os.pipe()
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", __name__, str(job_r), str(res_w)],
                pass_fds=(job_r, res_w),
                stdin=subprocess.DEVNULL,
            )
        finally:
            os.close(job_r)
            os.close(res_w)
        self._jobs = Connection(job_w, readable=False)
        self._results = Connection(res_r, writable=False)

    def result(self) -> tuple[np.ndarray, float] | None:
        """The positions and the seconds the layout took once it is done, else None (also when
        it failed: ``error`` says why)."""
        conn = self._results
        if not self.busy or conn is None:
            return None
        try:
            if not conn.poll():
                return None
            positions, took = conn.recv()
        except (EOFError, OSError):  # the process died (killed, out of memory)
            self.busy = False
            self.error = translate("SiteGraphTab", "the layout process ended")
            self.close()
            return None
        self.busy = False
        if positions is None:
            self.error = took
            return None
        self.error = None
        return positions, took

    def close(self) -> None:
        """End the process (a layout under way is dropped)."""
        for conn in (self._jobs, self._results):
            if conn is not None:
                conn.close()
        self._jobs = self._results = None
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.terminate()
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            self._proc = None
        self.busy = False


if __name__ == "__main__":
    _serve(
        Connection(int(sys.argv[1]), writable=False), Connection(int(sys.argv[2]), readable=False)
    )
