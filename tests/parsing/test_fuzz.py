"""The fuzz harness (``tests/fuzzing.py``), bounded: mutated real and generated pages read the same
by the compiled parts and their pure-Python twins, on every parse path. ``bench/fuzz.py`` runs it
for longer with fresh seeds."""

from __future__ import annotations

import pytest
from fuzzing import run
from twins import compiled_twin

from gui_crawler.parsing import accel


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutated_pages_read_the_same_compiled_and_in_python(seed: int) -> None:
    found = run(seed, 60, compiled_twin("pagewalk"), accel.twin("pagewalk", compiled=False))
    assert not found, "\n".join(map(str, found[:5]))
