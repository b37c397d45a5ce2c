# The compiled module built from _pagewalk.c (see there for what each field holds).
from collections.abc import Callable, Sequence
from typing import NewType

from gui_crawler.parsing.pagechecks import Checks

Walked = NewType("Walked", object)  # what walk_apart read, held in C until walked() reads it

Read = tuple[
    str | None,  # base
    str | None,  # title
    str | None,  # h1
    int,  # h1_count
    str | None,  # lang
    list[tuple[str | None, str | None]],  # metas: (name, content)
    list[tuple[str | None, str | None]],  # rels: (rel, href), where the rel may say canonical
    int,  # words of the visible text
    bytes,  # the visible text without whitespace
]

def walk(data: bytes, hrefs: dict[str, str | None], directory: str | None = None, /) -> Read: ...
def walk_apart(data: bytes, directory: str | None = None, checks: bool = True, /) -> Walked: ...
def walked(walked: Walked, hrefs: dict[str, str | None] | None, text: bool = True, /) -> Read: ...
def walked_links(
    walked: Walked,
    links: dict[str, None],
    join: Callable[[str], str | None],
    use_joined: bool = True,
    /,
) -> list[tuple[int, str]]: ...
def walked_words(
    walked: Walked, /
) -> list[tuple[str | None, str, str | None, str | None, str | None]]: ...
def walked_said(walked: Walked, joins: bool = True, /) -> bytes: ...
def walked_refreshes(walked: Walked, /) -> list[str]: ...
def walked_checks(walked: Walked, apart: bool = False, /) -> Checks: ...
def walked_fragments(walked: Walked, /) -> list[tuple[str, str]] | None: ...
def pack_found(found: Sequence[Sequence[str]], /) -> bytes: ...
def walked_found(
    pieces: list[Walked], page_url: str, descriptions: int, viewport: bool, /
) -> tuple[bytes, bytes, bytes, str] | None: ...
def markup(data: bytes, chunk: int = 8192, /) -> tuple[int, int]: ...
def cut_points(data: bytes, max_tags: int, tags: int, /) -> list[int]: ...
def scan(
    data: bytes, max_tags: int, tags: int, max_elements: int, /
) -> tuple[list[int], int, int, tuple[int, int], list[bytes]]: ...

MAX_ELEMENTS: int

class Walkers:
    """Parser threads that never take the GIL (_walkers.c)."""

    def __init__(self, threads: int) -> None: ...
    def submit(
        self,
        id: int,
        data: bytes,
        directory: str | None,
        max_tags: int,
        tags: int,
        trim: bool,
        max_elements: int,
        max_pairs: int,
        page_url: str | None = None,
        checks: bool = True,
        /,
    ) -> None: ...
    def drain(self) -> list[tuple[int, list[Walked] | None, float, bytes, int]]: ...
    def fileno(self) -> int: ...
    def close(self) -> None: ...
