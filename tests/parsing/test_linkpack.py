"""A page's outlinks as the crawl file stores them: the order and every character come back,
links sharing a beginning take little room, and damaged data is refused, not misread."""

from __future__ import annotations

import random

import pytest

from gui_crawler.parsing import accel


def reference(links: tuple[str, ...]) -> bytes:
    """The layout in Python: per link, varints of the bytes shared with the previous link and
    of the rest, then the rest."""

    def varint(v: int) -> bytes:
        out = bytearray()
        while v >= 0x80:
            out.append(v & 0x7F | 0x80)
            v >>= 7
        out.append(v)
        return bytes(out)

    out, prev = bytearray(), b""
    for link in links:
        b = link.encode()
        shared = 0
        while shared < min(len(b), len(prev)) and b[shared] == prev[shared]:
            shared += 1
        out += varint(shared) + varint(len(b) - shared) + b[shared:]
        prev = b
    return bytes(out)


def test_links_come_back_in_order_whatever_they_hold(impl: str) -> None:
    rng = random.Random(7)
    alphabet = "ab/é€😀%:"
    cases: list[tuple[str, ...]] = [
        (),
        ("",),
        ("http://h/", "http://h/", ""),
        ("http://h/" + "x" * 300, "http://h/" + "x" * 200 + "y" * 500),  # varints of 2 bytes
        ("http://h/é/a", "http://h/é/b", "http://h/€"),  # shared bytes end mid-character
    ]
    for k in range(41):  # a difference at every offset of the 8-byte steps, and none
        cases.append(("x" * k + "a" + "y" * 9, "x" * k + "b" + "y" * 9, "x" * k, "x" * 50))
    for _ in range(300):
        cases.append(
            tuple(
                "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
                for _ in range(rng.randrange(0, 12))
            )
        )
    for links in cases:
        packed = accel.linkpack.pack(links)
        assert packed == reference(links)
        assert accel.linkpack.unpack(packed) == links


def test_a_docs_pages_links_take_a_fraction_of_their_text(impl: str) -> None:
    links = tuple(
        f"https://docs.example.org/3.11/library/{m}.html#{m}.{f}"
        for m in ("asyncio", "os", "sys")
        for f in ("run", "open", "path", "walk")
    )
    assert len(accel.linkpack.pack(links)) < 0.5 * len("\n".join(links))


def test_damaged_data_is_refused(impl: str) -> None:
    good = accel.linkpack.pack(("http://h/a", "http://h/b"))
    for bad in (
        good[:-1],  # cut inside the last link
        good[:1],  # cut between its two varints
        b"\x05\x01a",  # shares 5 bytes with no link before it
        b"\x00\x01\xff",  # not UTF-8
        b"\x80" * 20,  # a varint that never ends
    ):
        with pytest.raises(ValueError):
            accel.linkpack.unpack(bad)
    with pytest.raises(TypeError):
        accel.linkpack.pack(["a list"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        accel.linkpack.pack(("a", 1))  # type: ignore[arg-type]
