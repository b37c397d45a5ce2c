"""The one error the crawl-file modules raise. No Qt here."""

from __future__ import annotations


class StoreError(Exception):
    """The crawl file cannot be used; the message is for a person (names the file)."""
