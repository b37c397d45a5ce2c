"""Near duplicates: how many bins two signatures share, counted on whole ints, is what
comparing them bin by bin says."""

from __future__ import annotations

import random

from gui_crawler.parsing.pagechecks import SIG_BINS
from gui_crawler.records.nearduplicates import shared_bins


def test_the_bins_shared_are_those_equal_bin_by_bin() -> None:
    rnd = random.Random(39)
    for _ in range(2000):
        a = [rnd.randrange(1 << 16) for _ in range(SIG_BINS)]
        # Some bins equal, others differing in one bit anywhere in the bin (its lowest, its
        # highest), or wholly.
        b = [
            v if rnd.random() < 0.7 else v ^ (1 << rnd.randrange(16)) if rnd.random() < 0.5
            else rnd.randrange(1 << 16)
            for v in a
        ]  # fmt: skip
        as_int = [int.from_bytes(b"".join(v.to_bytes(2, "little") for v in s), "little")
                  for s in (a, b)]  # fmt: skip
        assert shared_bins(*as_int) == sum(x == y for x, y in zip(a, b, strict=True))
    full = (1 << (16 * SIG_BINS)) - 1
    assert shared_bins(full, full) == SIG_BINS and shared_bins(full, 0) == 0
