"""The parse paths' fuzz harness (``tests/fuzzing.py``) for as long as it is given, with fresh seeds:

    .venv/bin/python bench/fuzz.py --minutes 10 [--pages 200] [--seed N]

Each round takes ``--pages`` mutated pages (python3-doc's when installed, and generated ones) through
the compiled parts and their pure-Python twins on every path (whole walk, ``parse_page``, small
pieces, the parser threads) and reports the pages they read differently, saved under
``bench/out/fuzz/`` to replay; then the slowest pages of the run for each implementation (a page
that takes long is a hazard whatever both say). Stops by itself when the time is up.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import fuzzing  # noqa: E402

from gui_crawler.parsing import accel, links  # noqa: E402

OUT = HERE / "out" / "fuzz"


def slowest(pages: list[bytes], module: object, keep: int = 3) -> list[tuple[float, int]]:
    """(seconds, bytes) of the slowest pages through ``links.parse_page`` with ``module``."""
    times = []
    saved = accel.pagewalk
    accel.pagewalk = module  # type: ignore[assignment]
    try:
        for page in pages:
            t0 = time.perf_counter()
            links.parse_page(page, None, fuzzing.URL)
            times.append((time.perf_counter() - t0, len(page)))
    finally:
        accel.pagewalk = saved  # type: ignore[assignment]
    return sorted(times, reverse=True)[:keep]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--pages", type=int, default=200, help="pages per round")
    ap.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    args = ap.parse_args()
    compiled = accel.twin("pagewalk", compiled=True)
    python = accel.twin("pagewalk", compiled=False)
    seed = random.randrange(1 << 30) if args.seed is None else args.seed
    deadline = time.monotonic() + args.minutes * 60
    rounds = checked = 0
    found: list[fuzzing.Disagreement] = []
    slow: dict[str, list[tuple[float, int]]] = {"compiled": [], "python": []}
    while time.monotonic() < deadline:
        found += fuzzing.run(seed + rounds, args.pages, compiled, python)
        rnd = random.Random(seed + rounds)
        sample = [fuzzing.mutate(rnd, p) for p in fuzzing.corpus(rnd, 20)]
        for name, module in (("compiled", compiled), ("python", python)):
            slow[name] = sorted(slow[name] + slowest(sample, module), reverse=True)[:3]
        rounds += 1
        checked += args.pages
        print(f"round {rounds} (seed {seed + rounds - 1}): {checked} pages, {len(found)} found")
    if found:
        OUT.mkdir(parents=True, exist_ok=True)
        for n, d in enumerate(found):
            (OUT / f"{d.path}-{n}.html").write_bytes(d.page)
            print(d)
        print(f"{len(found)} pages read differently, saved under {OUT}")
    for name, worst in slow.items():
        shown = ", ".join(f"{s * 1000:.1f} ms ({b:,} B)" for s, b in worst)
        print(f"slowest parse_page, {name}: {shown}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
