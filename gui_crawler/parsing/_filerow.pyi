# The compiled module built from _filerow.c.

from collections.abc import Callable, Sequence

class Rows:
    def __init__(
        self,
        links_at: int,
        words_at: int,
        headers_at: int,
        timings_at: Sequence[int],
        urls_at: Sequence[int],
        prefix: str | None,
        cut: int,
        links_in_words: bytes,
        pack_links: Callable[[tuple[str, ...]], bytes],
        escape: Callable[[str], str],
        dictionary: bytes,
        level: int,
        wbits: int,
        memlevel: int,
    ) -> None: ...
    def row(self, values: tuple[object, ...], /) -> tuple[object, ...]: ...
