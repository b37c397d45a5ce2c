"""The seen set: URLs kept as 64-bit fingerprints (ints), never as the strings themselves."""

from __future__ import annotations

import sys

from gui_crawler.crawl.frontier import Frontier
from gui_crawler.crawl.seen import Seen


def test_membership_add_and_count() -> None:
    seen = Seen(["http://a/1", "http://a/2", "http://a/1"])  # a resume's URLs, one repeated
    assert len(seen) == 2
    assert "http://a/1" in seen and "http://a/2" in seen and "http://a/3" not in seen
    seen.add("http://a/3")
    seen.add("http://a/3")
    assert len(seen) == 3 and "http://a/3" in seen
    # The same URL built afresh (another str object) is the same fingerprint.
    assert "".join(["http://a/", "3"]) in seen


def test_keeps_ints_not_the_urls() -> None:
    urls = [f"http://a/{'x' * 200}/{n}" for n in range(1000)]
    seen = Seen(urls)
    assert all(type(fp) is int for fp in seen.fingerprints)
    assert all(-(2**63) <= fp < 2**63 for fp in seen.fingerprints)  # 64 bits
    # Far below the strings' own size: an int is ~32 bytes, each URL ~260.
    held = sum(sys.getsizeof(fp) for fp in seen.fingerprints)
    assert held < sum(sys.getsizeof(u) for u in urls) / 5
    assert all(hash(u) in seen.fingerprints for u in urls)  # what the engine's hot loop asks


def test_compares_with_a_set_of_urls() -> None:
    seen = Seen(["http://a/1", "http://a/2"])
    assert seen == {"http://a/1", "http://a/2"}
    assert {"http://a/1", "http://a/2"} == seen  # as the tests of a crawl write it
    assert seen != {"http://a/1"}
    assert seen != {"http://a/1", "http://a/3"}
    assert seen != {"http://a/1", "http://a/2", "http://a/3"}
    assert seen == Seen(["http://a/2", "http://a/1"])
    assert seen != ["http://a/1", "http://a/2"]  # not a set: no comparison


def test_the_frontier_marks_urls_seen_as_fingerprints() -> None:
    f = Frontier(seen=["http://a/recorded"])
    assert isinstance(f.seen, Seen)
    assert "http://a/recorded" in f.seen and len(f.seen) == 1
