"""A record's row as the crawl file's writer binds it, in pure Python: the specification of the
compiled ``_filerow`` (the tests hold both to the same values), and what runs without it.

``Rows(...).row(values)`` takes a record's values in their fields' order and gives them back as the
file keeps them: the links as ``links_in_words`` when the words hold them, else packed by
``pack_links`` (none: ""; the words then ""); the headers' text deflated (raw deflate at ``level``,
``wbits`` and ``memlevel``, ``dictionary`` preset; text that is not UTF-8 escaped by ``escape``
first; none: ""); each timing at ``timings_at`` that is a whole number of hundredths as that
number (an int: SQLite's k / 100.0 reads it back as the same double); each URL at ``urls_at``
that begins with ``prefix`` (an origin and "/"; None: none do) from its ``cut``-th character.
"""

from __future__ import annotations

import zlib
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
    ) -> None:
        self._links_at, self._words_at, self._headers_at = links_at, words_at, headers_at
        self._timings_at, self._urls_at = tuple(timings_at), tuple(urls_at)
        self._prefix, self._cut = prefix, cut
        self._links_in_words, self._pack_links, self._escape = links_in_words, pack_links, escape
        # Copied for each record: zlib hashes the dictionary once, here.
        self._primed = zlib.compressobj(
            level, zlib.DEFLATED, wbits, memlevel, zlib.Z_DEFAULT_STRATEGY, dictionary
        )

    def row(self, values: tuple[object, ...], /) -> tuple[object, ...]:
        out = list(values)
        if out[self._words_at]:
            out[self._links_at] = self._links_in_words
        else:
            links = out[self._links_at]
            out[self._links_at] = self._pack_links(links) if links else ""  # type: ignore[arg-type]
            out[self._words_at] = ""
        out[self._headers_at] = self._headers(out[self._headers_at])  # type: ignore[arg-type]
        for i in self._timings_at:
            v = out[i]
            if type(v) is float and -1e15 < v < 1e15:  # not NaN, nor past a double's integers
                k = round(v * 100)
                if k / 100 == v:
                    out[i] = k
        prefix = self._prefix
        if prefix is not None:
            for i in self._urls_at:
                v = out[i]
                if type(v) is str and v.startswith(prefix):
                    out[i] = v[self._cut :]
        return tuple(out)

    def _headers(self, text: str) -> bytes | str:
        if not isinstance(text, str):
            raise TypeError(f"headers: str, not {type(text).__name__}")
        if not text:
            return ""
        try:
            data = text.encode()
        except UnicodeEncodeError:
            data = self._escape(text).encode()
        z = self._primed.copy()
        return z.compress(data) + z.flush()
