"""Text that holds bytes that were not UTF-8, as a file can hold it and a person can read it.

aiohttp decodes a response's headers as UTF-8 with surrogateescape: the bytes that are not UTF-8
(a Latin-1 "é" in a Content-Disposition, "\\xe9") reach us as lone surrogates ("\\udce9"), which
no file can hold as UTF-8 (SQLite, a CSV, a report). They are written as ``\\xNN``: the byte kept
and shown.
"""

from __future__ import annotations

import re

SURROGATE = re.compile("[\\ud800-\\udfff]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """``text`` with each byte that was not UTF-8 written as ``\\xNN`` (``caf\\xe9``), any other
    lone surrogate as ``\\uNNNN``: the byte kept and shown, the text storable. Text without any
    comes back as it is."""
    return text if text.isascii() else SURROGATE.sub(_escape, text)
