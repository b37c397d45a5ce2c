"""The pure-Python walk's MinHash signature: its numpy steps (long texts) give what its loop and the
compiled walk give, word list by word list."""

from __future__ import annotations

import random

import pytest
from twins import compiled_twin

from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import pagechecks as pc


def word_lists(rnd: random.Random) -> list[list[bytes]]:
    """Texts of 3 to 400 words, some repeated (the same shingle again), some not UTF-8."""
    vocabulary = [b"the", b"a", b"python", b"\xef\xbf\xbd", b"\xe2\x82\xac", b"x" * 40, b"0"]
    vocabulary += [
        bytes(rnd.randrange(33, 256) for _ in range(rnd.randrange(1, 9))) for _ in range(50)
    ]
    return [[rnd.choice(vocabulary) for _ in range(n)] for n in [3, 4, 63, 64, 65, 400] + [rnd.randrange(3, 400) for _ in range(60)]]  # fmt: skip


def test_the_vector_signature_is_the_loop_s(monkeypatch: pytest.MonkeyPatch) -> None:
    assert pc._numpy() is not None  # numpy comes with pyqtgraph, a dependency
    texts = word_lists(random.Random(7))
    vector = [pc.signature(words) for words in texts]
    monkeypatch.setattr(pc, "VECTOR_WORDS", 1 << 30)
    assert vector == [pc.signature(words) for words in texts]
    assert vector[0] and all(len(s) == 4 * pc.SIG_BINS for s in vector)


def test_without_numpy_the_loop_signs(monkeypatch: pytest.MonkeyPatch) -> None:
    words = word_lists(random.Random(8))[-1]
    want = pc.signature(words)
    monkeypatch.setattr(pc, "_NUMPY", [None])
    assert pc.signature(words) == want


def test_a_long_page_s_signature_is_the_compiled_walk_s() -> None:
    c = compiled_twin("pagewalk")
    rnd = random.Random(9)
    words = [b"w%d" % rnd.randrange(300) for _ in range(2_000)]
    page = b"<title>t</title><body><p>" + b" ".join(words) + b"</p><div>\xff more</div>"
    got = spec.walked_checks(spec.walk_apart(page, None))[0]
    assert got == c.walked_checks(c.walk_apart(page, None))[0]
    assert len(got) == 4 * pc.SIG_BINS
