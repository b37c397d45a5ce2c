"""The fuzz harness's text from the network (``tests/fuzzing.py``: ``text_problems``), bounded:
random header bytes kept storable and shown, Locations made into URLs or refused, and no password
left in an error's text."""

from __future__ import annotations

import pytest
from fuzzing import text_problems


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_header_bytes_and_error_texts(seed: int) -> None:
    found = text_problems(seed, 2000)
    assert not found, "\n".join(found[:5])
