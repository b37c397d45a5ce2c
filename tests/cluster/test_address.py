"""A Redis URL's password kept apart from it: what a window remembers holds none, and the two
put back together connect as typed."""

from __future__ import annotations

import pytest

from gui_crawler.cluster.address import RedisAddress, split_password, with_password


@pytest.mark.parametrize(
    ("typed", "kept", "password"),
    [
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0", None),
        ("redis://:p%40ss@127.0.0.1:6379/0", "redis://127.0.0.1:6379/0", "p@ss"),
        ("rediss://me:pw@h.test:6380/2", "rediss://me:@h.test:6380/2", "pw"),
        ("redis://pw@h.test", "redis://h.test", "pw"),  # said as a password: never kept
        ("redis://@h.test/1", "redis://h.test/1", None),  # nothing to move: a box's text stays
        ("redis://me:@h.test/1", "redis://me:@h.test/1", None),
        ("unix:///run/redis.sock", "unix:///run/redis.sock", None),
    ],
)
def test_a_password_is_kept_apart_and_put_back(typed: str, kept: str, password: str | None) -> None:
    assert split_password(typed) == (kept, password)
    together = with_password(kept, password or "")
    assert split_password(together) == (kept, password)  # read again: the same
    assert (RedisAddress.parse(together).password or None) == password
