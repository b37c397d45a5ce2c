"""A page's links to #fragments of another page, put together by the walk (``walked_fragments``)
as ``pagechecks.fragment_lines`` puts them together from its anchors, over both implementations;
and the page's checks the same whichever puts them together."""

from __future__ import annotations

import html

import pytest
from twins import compiled_twin

from gui_crawler.base.urls import href_joiner, plain_directory
from gui_crawler.parsing import _pagewalk_py as spec
from gui_crawler.parsing import accel, links, pagechecks, slicing
from gui_crawler.parsing.pagechecks import A_FRAGMENT, fragment_lines, unpack_checks

URL = "http://127.0.0.1:1/dir/page.html"
# Words that Python's str.split() parts (no-break, em and ideographic spaces, the information
# separators, a vertical tab, line breaks) and that it does not (a zero-width space), texts past
# the 200 characters kept (ASCII, two- to four-byte characters, a space at the cut), fragments
# with spaces at their end, the same line twice, one target by two hrefs, links to the page
# itself, routes and a page elsewhere.
TEXTS = [
    "plain words", " lead and\ttrail \n", "no\u00a0break", "em\u2003space", "ideo\u3000graphic",
    "sep\x1carators\x1fhere", "vertical\x0btab", "zero\u200bwidth", "x" * 250, "é" * 150 + " é",
    "€" * 199 + " tail", "😀" * 201, "a " * 100 + "b", "", "   ", "mixed é € 😀 words  here",
]  # fmt: skip
HREFS = [
    "other.html#top-x", "other.html#sec  ", "other.html#sec", "../up.html#a", "/root.html#b",
    "sub/x.html?q=1#c", "http://127.0.0.1:1/dir/other.html#abs", "#here", "other.html#/route",
    "other.html#", "https://elsewhere.example/p#ext", "other.html#%C3%A9", "other.html#12-20",
]  # fmt: skip


def page_of(pairs: list[tuple[str, str]], head: str = "", parted: bool = False) -> bytes:
    anchors = "".join(f'<a href="{html.escape(h)}">{html.escape(t)}</a>' for h, t in pairs)
    if parted:  # <a> with elements inside: a cut may part one
        anchors += '<a href="other.html#parted">one <b>two</b> <i>three</i> <b>four</b></a>' * 3
    return f"<html><head>{head}</head><body><p id=sec>{anchors}</p></body></html>".encode()


def walked(data: bytes) -> accel.Walked:
    return accel.pagewalk.walk_apart(data, plain_directory(URL))


def every_pair() -> list[tuple[str, str]]:
    pairs = [(h, t) for h in HREFS for t in TEXTS]
    return pairs + pairs[:40]  # each line again


def test_the_walk_puts_the_lines_together_as_fragment_lines_does(impl: str) -> None:
    piece = walked(page_of(every_pair(), parted=True))
    anchors = accel.pagewalk.walked_checks(piece)[7]
    want = fragment_lines(anchors, href_joiner(URL))
    assert len(want) == 5 and sum(lines.count("\n") + 1 for _, lines in want) > 100
    assert accel.pagewalk.walked_fragments(piece) == want
    # Apart, the anchors no longer say A_FRAGMENT, and those with nothing else are left out.
    assert accel.pagewalk.walked_checks(piece, True)[7] == [
        (h, t, f & ~A_FRAGMENT) for h, t, f in anchors if f & ~A_FRAGMENT
    ]


@pytest.mark.parametrize(
    ("pairs", "head"),
    [
        ([("other.html#a", "x"), ("a b.html#c", "not joined by the walk")], ""),
        ([("other.html#a", "x")], '<base href="/elsewhere/">'),
        ([("other.html#a", "said \ufffd")], ""),
    ],
)
def test_where_the_walk_cannot_python_puts_them_together(
    impl: str, pairs: list[tuple[str, str]], head: str
) -> None:
    assert accel.pagewalk.walked_fragments(walked(page_of(pairs, head))) is None
    # Without such links there is nothing to put together.
    assert accel.pagewalk.walked_fragments(walked(page_of([("a b.html", "x")], head))) == []


def test_bytes_that_are_not_utf8_leave_them_to_python(impl: str) -> None:
    page = page_of([("other.html#a", "x")]).replace(b">x<", b">x \xff y<")
    assert accel.pagewalk.walked_fragments(walked(page)) is None


def test_the_compiled_walk_puts_them_together_as_its_twin_does() -> None:
    c = compiled_twin("pagewalk")
    for page in [page_of(every_pair(), parted=True), page_of(every_pair()[::-1], "<b>t</b>")]:
        directory = plain_directory(URL)
        assert c.walked_fragments(c.walk_apart(page, directory)) == spec.walked_fragments(
            spec.walk_apart(page, directory)
        )


@pytest.mark.parametrize("max_tags", [15_000, 40, 7])
def test_a_page_s_checks_are_the_same_whoever_puts_the_lines_together(
    impl: str, monkeypatch: pytest.MonkeyPatch, max_tags: int
) -> None:
    """Pieces too (an <a> a cut parts among them), and a <base> in one piece only."""
    monkeypatch.setattr(slicing, "MAX_TAGS", max_tags)
    pages = [
        page_of(every_pair(), parted=True),
        page_of(every_pair()[:60], parted=True).replace(b"</p>", b'<base href="/b/"></p>'),
    ]
    for page in pages:
        ours = links.parse_page(page, "utf-8", URL).facts
        with monkeypatch.context() as python:
            python.setattr(accel.pagewalk, "walked_fragments", lambda _: None)
            theirs = links.parse_page(page, "utf-8", URL).facts
        assert ours is not None and theirs is not None
        assert ours == theirs
        assert any(kind == "fragments" for kind, _, _ in unpack_checks(ours.checks))


def test_pieces_lines_merge_as_one_page_s() -> None:
    parts = [[("u1", "a\tx\nb\ty"), ("u2", "c\tz")], [("u3", "d\tw"), ("u1", "b\ty\ne\tv")]]
    assert pagechecks.merged_fragments(parts) == [
        ("u1", "a\tx\nb\ty\ne\tv"),
        ("u2", "c\tz"),
        ("u3", "d\tw"),
    ]
