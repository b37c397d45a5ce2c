# The compiled module built from _inlinks.c.

def add_links(
    inlinks: dict[str, str | list[str]],
    source: str,
    targets: tuple[str, ...],
    watched: dict[str, int] | None,
    gained: set[str],
) -> None: ...
