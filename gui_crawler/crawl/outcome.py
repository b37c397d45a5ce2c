"""What became of a URL, as the engine's steps find it: the facts its one FetchRecord is made
of (``Crawler._record`` adds the crawl's own: URL, depth, tries, times, phases)."""

from __future__ import annotations

from dataclasses import dataclass

from gui_crawler.parsing.pagefacts import PageFacts

_NO_FACTS = PageFacts()


# Not frozen: a frozen dataclass sets each field through object.__setattr__, ~5x the time of
# plain stores, and two are made a page on the event loop's thread; an Outcome is passed along
# and read, never changed (``dataclasses.replace`` makes another).
@dataclass(slots=True)
class Outcome:
    """What became of a URL: the facts its one FetchRecord is made of (``Crawler._record``), the
    crawl's own (URL, depth, tries, times, phases) added there. A failure has ``error_kind`` and
    ``message``; ``facts`` are a parsed page's audit fields, ``robots`` its robots directives
    with the X-Robots-Tag header's."""

    status: int | None = None
    content_type: str | None = None
    size: int = 0
    encoding: str | None = None
    next_url: str | None = None
    note: str | None = None
    num_urls: int = 0
    num_new_urls: int = 0
    links: tuple[str, ...] = ()
    words: bytes = b""  # the links with their words, packed (parsing/linkwords.py page_blob)
    facts: PageFacts = _NO_FACTS
    robots: str | None = None
    external: bool = False
    error_kind: str | None = None
    message: str = ""
    headers: str = ""  # the answer's, as crawl/headers.py keeps them
    extracted: str = ""  # custom extraction and search: JSON {rule: value} (parsing/extract.py)
    # A rendered page's (render/rendered.py): rendered, links only its DOM has, JavaScript
    # errors, what rendering changed (JSON).
    rendered: bool = False
    rendered_links: int = 0
    js_errors: int = 0
    render: str = ""
