"""The fuzz harness (``tests/fuzzing.py``), bounded: mutated real and generated pages read the same
by the compiled parts and their pure-Python twins, on every parse path, and cut into pieces as
whole. ``bench/fuzz.py`` runs it for longer with fresh seeds."""

from __future__ import annotations

import random

import pytest
from fuzzing import corpus, cut_differences, mutate, run, scan_slips
from twins import compiled_twin

from gui_crawler.parsing import accel


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutated_pages_read_the_same_compiled_and_in_python(seed: int) -> None:
    found = run(seed, 60, compiled_twin("pagewalk"), accel.twin("pagewalk", compiled=False))
    assert not found, "\n".join(map(str, found[:5]))


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_pages_cut_read_as_whole(seed: int, impl: str) -> None:
    """Every 200 tags a cut where the scan allows one: real pages, hazard soup, pages of whole
    blocks and pages past the bounds, mutated."""
    rnd = random.Random(seed)
    pages = [mutate(rnd, p, rnd.randrange(1, 8)) for p in corpus(rnd, 40)]
    found = cut_differences(accel.pagewalk, pages, 200)
    assert not found, "\n".join(map(str, found[:3]))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_plain_scan_reads_no_link_that_is_no_link(seed: int) -> None:
    """The scan of a page too complex to parse takes no href out of a script's string, a
    comment, raw text or another attribute's value (false broken links), and misses none."""
    found = scan_slips(random.Random(seed), 40)
    assert not found, "\n".join(map(str, found[:3]))
