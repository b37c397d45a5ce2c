"""The inner loop of the window's link index (``link_models.LinkIndex``) in pure Python: the
specification of the compiled ``_inlinks``, and what runs without it."""

from __future__ import annotations


def add_links(
    inlinks: dict[str, str | list[str]],
    source: str,
    targets: tuple[str, ...],
    watched: dict[str, int] | None,
    gained: set[str],
) -> None:
    """Record ``source`` as an inlink of each of ``targets`` in ``inlinks``: a target's first
    source is kept as the string itself, a list from the second on (most targets of a real site
    have one source, and a list each would cost ~60 bytes more). The targets that are keys of
    ``watched`` are added to ``gained``."""
    if not isinstance(source, str) or not isinstance(targets, tuple):
        raise TypeError("add_links: source is a str and targets a tuple of str")
    if watched is not None and not isinstance(watched, dict):
        raise TypeError(f"watched: a dict or None, not {type(watched).__name__}")
    for target in targets:
        if watched is not None and target in watched:
            gained.add(target)
        got = inlinks.get(target)
        if got is None:
            inlinks[target] = source
        elif type(got) is str:
            inlinks[target] = [got, source]
        elif type(got) is list:
            got.append(source)
        else:
            raise TypeError(f"inlinks of {target!r}: a str or a list, not {type(got).__name__}")
