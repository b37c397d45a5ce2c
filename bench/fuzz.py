"""The parse paths' fuzz harness (``tests/fuzzing.py``) for as long as it is given, with fresh seeds:
``--only fuzz --fuzz-minutes 10 [--fuzz-pages 200] [--fuzz-seed N]``.

Each round takes ``--fuzz-pages`` mutated pages (python3-doc's when installed, and generated ones) through
the compiled parts and their pure-Python twins on every path (whole walk, ``parse_page``, small
pieces, the parser threads) and reports the pages they read differently, saved under
``bench/out/fuzz/`` to replay; then ``--fuzz-big`` generated pages of more than 15,000 tags (pages of
whole blocks and hazard soup, half of them mutated) parsed cut at ``slicing.MAX_TAGS`` and whole:
how many were cut, too complex to parse, and read differently cut (saved too); then the slowest
pages of the run for each implementation, pages past the bounds of what is parsed among them (a
page that takes long is a hazard whatever both say). Stops by itself when the time is up.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from common import OUT, ROOT
from sections import Context, section

sys.path.insert(0, str(ROOT / "tests"))

import fuzzing

from gui_crawler.parsing import accel, links, slicing

SAVED = OUT / "fuzz"


@contextmanager
def parsing_with(module: object) -> Iterator[None]:
    """``links.parse_page`` with ``module`` as its page walk meanwhile."""
    saved = accel.pagewalk
    accel.pagewalk = module  # type: ignore[assignment]
    try:
        yield
    finally:
        accel.pagewalk = saved  # type: ignore[assignment]


def slowest(pages: list[bytes], module: object, keep: int = 3) -> list[tuple[float, int]]:
    """(seconds, bytes) of the slowest pages through ``links.parse_page`` with ``module``."""
    times = []
    with parsing_with(module):
        for page in pages:
            t0 = time.perf_counter()
            links.parse_page(page, None, fuzzing.URL)
            times.append((time.perf_counter() - t0, len(page)))
    return sorted(times, reverse=True)[:keep]


def big_pages(rnd: random.Random, count: int) -> list[bytes]:
    """Generated pages of more than slicing.MAX_TAGS tags: whole blocks or hazard soup, half of
    them mutated."""
    pages: list[bytes] = []
    while len(pages) < count:
        if rnd.random() < 0.5:
            page = fuzzing.whole_page(rnd, rnd.randrange(2500, 8000))
        else:
            page = fuzzing.generated_page(rnd, rnd.randrange(8000, 30000))
        if rnd.random() < 0.5:
            page = fuzzing.mutate(rnd, page, rnd.randrange(1, 8))
        if page.count(b"<") > slicing.MAX_TAGS:
            pages.append(page)
    return pages


def cut_or_whole(pages: list[bytes], module: object) -> tuple[int, int, list[fuzzing.Disagreement]]:
    """(pages cut, pages too complex to parse, pages read differently cut than whole)."""
    cut = sum(bool(module.cut_points(p, slicing.MAX_TAGS, p.count(b"<"))) for p in pages)  # type: ignore[attr-defined]
    with parsing_with(module):
        notes = [links.parse_page(p, None, fuzzing.URL).note or "" for p in pages]
    complex_ = sum(note.startswith("too complex") for note in notes)
    found = fuzzing.cut_differences(module, pages, slicing.MAX_TAGS)  # type: ignore[arg-type]
    # A page too complex to parse is not read cut: it is not parsed at all.
    found = [d for d in found if not (d.compiled.note or "").startswith("too complex")]
    return cut, complex_, found


@section("fuzz", "the twins' fuzz harness (tests/fuzzing.py) for --fuzz-minutes with fresh seeds",
         by_hand=True)  # fmt: skip
def fuzz(ctx: Context) -> None:
    a = ctx.args
    compiled = accel.twin("pagewalk", compiled=True)
    python = accel.twin("pagewalk", compiled=False)
    seed = random.randrange(1 << 30) if a.fuzz_seed is None else a.fuzz_seed
    deadline = time.monotonic() + a.fuzz_minutes * 60
    rounds = checked = big = big_cut = big_complex = 0
    found: list[fuzzing.Disagreement] = []
    slow: dict[str, list[tuple[float, int]]] = {"compiled": [], "python": []}
    while time.monotonic() < deadline:
        found += fuzzing.run(seed + rounds, a.fuzz_pages, compiled, python)
        rnd = random.Random(seed + rounds)
        pages = big_pages(rnd, a.fuzz_big)
        cut, complex_, differ = cut_or_whole(pages, compiled)
        big, big_cut, big_complex = big + len(pages), big_cut + cut, big_complex + complex_
        found += differ
        sample = [fuzzing.mutate(rnd, p) for p in fuzzing.corpus(rnd, 20)]
        sample += [fuzzing.too_complex_page(rnd) for _ in range(3)]
        for name, module in (("compiled", compiled), ("python", python)):
            slow[name] = sorted(slow[name] + slowest(sample, module), reverse=True)[:3]
        rounds += 1
        checked += a.fuzz_pages
        ctx.say(f"  round {rounds} (seed {seed + rounds - 1}): {checked} pages, {len(found)} found")
    differ = sum(d.path.startswith("cut") for d in found)
    ctx.say(f"  pages over {slicing.MAX_TAGS:,} tags: {big}, cut {big_cut}, too complex to parse "
            f"{big_complex}, read differently cut than whole {differ}")  # fmt: skip
    if found:
        SAVED.mkdir(parents=True, exist_ok=True)
        for n, d in enumerate(found):
            (SAVED / f"{d.path.replace(' ', '-')}-{n}.html").write_bytes(d.page)
            ctx.say(str(d))
        ctx.say(f"  {len(found)} pages read differently, saved under {SAVED}")
    for name, worst in slow.items():
        ctx.say(f"  slowest parse_page, {name}: " + ", ".join(f"{s * 1000:.1f} ms ({b:,} B)" for s, b in worst))  # fmt: skip
    ctx.target("fuzz: the twins read every page alike", f"{len(found)} differ", "0", float(not found))  # fmt: skip
