"""The pure-Python walk's MinHash signature: its numpy steps (long texts) give what its loop and the
compiled walk give, word list by word list."""

from __future__ import annotations

import random
import re

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


def test_words_of_every_length_hash_as_the_specification_hashes_them() -> None:
    """The compiled walk hashes short words itself and longer ones with zlib: each length on
    either side of the switch, ASCII and not, gives the signature and ids the twin gives."""
    c = compiled_twin("pagewalk")
    rnd = random.Random(11)
    letters = [b"a", b"Z", b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xff"]
    words = [
        b"".join(rnd.choice(letters) for _ in range(n)) for n in range(1, 41) for _ in range(3)
    ]
    rnd.shuffle(words)
    ids = b"".join(b'<i id="%s">.</i>' % w for w in words[:40])
    page = b"<title>t</title><body><p>" + b" ".join(words) + b"</p>" + ids
    got = spec.walked_checks(spec.walk_apart(page, None))
    assert got == c.walked_checks(c.walk_apart(page, None))
    assert len(got[0]) == 4 * pc.SIG_BINS


def _vague_by_bytes(text: str) -> bool:
    """is_vague as the compiled walk reads it, byte by byte (the regex's reference)."""
    alnum = frozenset(b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    data = text.encode("utf-8", "replace")
    i, end = 0, len(data)
    while i < end and data[i] not in alnum:
        i += 1
    while end > i and data[end - 1] not in alnum:
        end -= 1
    return b" ".join(data[i:end].split()).lower() in {w.encode() for w in pc.NON_DESCRIPTIVE}


def _names_by_parts(fragment: str) -> bool:
    """anchor_fragment a test at a time (the regex's reference)."""
    if not fragment or fragment[0] in "/!" or fragment.startswith(":~:"):
        return False
    if re.fullmatch(r"L?[0-9]+-L?[0-9]+", fragment, re.ASCII):
        return False
    return fragment.encode("utf-8", "replace").lower() != b"top"


def test_vague_texts_and_fragments_read_by_one_regex_as_by_their_parts() -> None:
    # Letters that only Unicode case folding makes ASCII (the Kelvin sign, the long s),
    # whitespace that is not ASCII's, lone surrogates, the words and their pieces.
    pieces = [
        *"clickherREADmoLtop0123456789-:~/!#%. \t\n\x0b\x0c\r\x1c\x85\xa0\u212a\u017f\ud800é?"
    ]
    pieces += [*pc.NON_DESCRIPTIVE, "Read More", "TOP", "L12-L20", "12-20", ":~:", "more\x0binfo"]
    rnd = random.Random(11)
    texts = ["".join(rnd.choices(pieces, k=rnd.randrange(7))) for _ in range(60_000)]
    texts += [f" ..{w.title()}!! " for w in pc.NON_DESCRIPTIVE] + ["clic\u212a", "click\x1chere"]
    assert [pc.is_vague(t) for t in texts] == [_vague_by_bytes(t) for t in texts]
    assert [pc.anchor_fragment(t) for t in texts] == [_names_by_parts(t) for t in texts]
    assert sum(map(pc.is_vague, texts)) > 1_000 and not all(map(pc.anchor_fragment, texts))


def test_an_element_with_an_id_and_an_itemtype_lists_its_itemtype_once() -> None:
    page = (
        b'<div id=a itemtype="t1"><p itemtype=t2><span id=b itemtype></span></p></div>'
        b'<i itemtype="t3"></i><b id=c ITEMTYPE="t4"><a href="#a">x</a></b>'
    )
    want = ["t1", "t2", None, "t3", "t4"]
    assert spec.walked_checks(spec.walk_apart(page, "http://h/"))[12] == want
    c = compiled_twin("pagewalk")
    assert c.walked_checks(c.walk_apart(page, "http://h/"))[12] == want


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (b"<p>a<script>x</script><style>y</style>b<noscript><i>z</i></noscript>c</p>", b"abc"),
        (b"<p>a<svg><script>x</script><style>y</style></svg>b</p><template>t</template>", b"ab"),
        (b"<head><script>h</script></head><p>a<noscript>n<script>s</script></noscript>", b"a"),
        # A <frameset> puts the body out of the tree, with what it holds: read as it was.
        (b"</body><script>x</script> <frameset><frame src=f></frameset>", b""),
        (b"<frameset><noscript>n</noscript></frameset>", b""),
    ],
)
def test_the_walk_finds_the_invisible_text_it_leaves_out_wherever_it_is(
    page: bytes, text: bytes
) -> None:
    """The invisible elements are found as the walk passes them (not by a selector)."""
    assert spec.walked(spec.walk_apart(page), None)[8] == text
    c = compiled_twin("pagewalk")
    assert c.walked(c.walk_apart(page), None)[8] == text
