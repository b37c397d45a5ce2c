"""A page's checks packed by the compiled walk (``_pagewalk.pack_found``, on the event loop's
thread) as ``pagechecks.pack_found`` packs them: the same bytes, which read back as the checks,
each once."""

from __future__ import annotations

import random

import pytest
from twins import compiled_twin

from gui_crawler.parsing import pagechecks as pc

# What JSON escapes (quotes, backslashes, each control character, named or \u00XX) and what it
# keeps as it is (DEL, two- to four-byte characters, U+2028).
PARTS = ['"', "\\", "\b", "\f", "\n", "\r", "\t", "\x00", "\x01", "\x1f", " ", "\x7f", "é", "→"]
PARTS += ["😀", "\u2028", "/", "fragments", "http://127.0.0.1:1/a#b", "x" * 300]


def found_lists(rnd: random.Random) -> list[list[list[str]]]:
    """Lists of checks, some the same check again (kept once, the first), some of other lengths."""
    out: list[list[list[str]]] = [[], [[]], [["", "", ""]], [[c, c, c] for c in PARTS]]
    for _ in range(300):
        found = [
            ["".join(rnd.choices(PARTS, k=rnd.randrange(4))) for _ in range(rnd.choice([3, 3, 2]))]
            for _ in range(rnd.randrange(1, 9))
        ]
        out.append(found + [list(f) for f in rnd.sample(found, min(2, len(found)))])
    out.append([["fragments", "http://127.0.0.1:1/" + "p" * 20_000, "a\tb\n" * 30_000]] * 2)
    return out


def test_the_compiled_walk_packs_a_page_s_checks_as_its_twin_does() -> None:
    c = compiled_twin("pagewalk")
    for found in found_lists(random.Random(3)):
        packed = c.pack_found(found)
        assert packed == pc.pack_found(found)
        assert pc.unpack_checks(packed) == [list(f) for f in dict.fromkeys(map(tuple, found))]


@pytest.mark.parametrize(
    ("found", "error"),
    [([["a", 1]], TypeError), ([1], TypeError), (None, TypeError), ([["\ud800"]], UnicodeError)],
)
def test_what_is_no_list_of_checks_is_refused(found: object, error: type[Exception]) -> None:
    c = compiled_twin("pagewalk")
    with pytest.raises(error):
        c.pack_found(found)
