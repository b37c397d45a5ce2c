"""The compiled parts and their pure-Python twins, for tests that run over both."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from gui_crawler.parsing import accel

# CI's compiled pass sets this: there a compiled part that is missing fails the tests that would
# have run it, instead of skipping them.
REQUIRE_EXTENSIONS = os.environ.get("GUI_CRAWLER_REQUIRE_EXTENSIONS") == "1"


def compiled_twin(name: str) -> ModuleType:
    """The compiled part ``name``, for a test that holds it to its Python twin (or runs it):
    skipped where it was not built or GUI_CRAWLER_NO_EXTENSIONS turns it off; a failure where it
    must have been built."""
    if name in accel.OFF:
        pytest.skip(f"{accel.ENV} turns the compiled part {name} off")
    try:
        return accel.twin(name, compiled=True)
    except ImportError as e:
        if REQUIRE_EXTENSIONS:
            pytest.fail(f"the compiled part {name} is not built: {e}")
        pytest.skip(f"the compiled part {name} is not built: {e}")
