"""The text a record keeps of an answer's headers (``FetchRecord.headers``, written by
crawl/headers.py), read back: "Name: value" lines, the last one saying how many were left out."""

from __future__ import annotations

# The last line, when headers were left out: MORE, how many, MORE_WORDS.
MORE = "… "
MORE_WORDS = " more not kept"


def parsed(text: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of the kept headers' text; the count of headers left out, if
    any, comes last with an empty name."""
    out: list[tuple[str, str]] = []
    for line in text.split("\n") if text else ():
        name, sep, value = line.partition(": ")
        if not sep or (line.startswith(MORE) and line.endswith(MORE_WORDS)):
            out.append(("", line))
        else:
            out.append((name, value))
    return out
