"""A URL's one FetchRecord, made from its Outcome and the crawl's own facts of it. No Qt here.

Made once a URL, on the event loop's thread: the record's 48 fields go in by position (by keyword,
a frozen dataclass's ``__init__`` takes twice as long), the page's facts and the phases read out
in the record's order."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from gui_crawler.crawl.failures import failure
from gui_crawler.crawl.outcome import Outcome
from gui_crawler.crawl.phases import Timing
from gui_crawler.events import FetchRecord, Queued, new_record

# The page's facts where the record has them side by side (``robots`` between them is the
# outcome's: the facts' with the X-Robots-Tag header's).
_HEAD = attrgetter("title", "meta_description", "h1", "h1_count", "canonical")
_MIDDLE = attrgetter("word_count", "content_hash", "lang")
_TAIL = attrgetter("checks", "ids", "minhash", "structured_data")

# A record's phase fields when the URL was never timed (it got its record before a worker tried).
_UNTIMED = Timing(-1).values()

# The fields go in by position, unpacked from the tuples above, which a type checker cannot
# count. A field added to or moved in FetchRecord must be placed in fetch_record's call too:
# tests/crawl/test_outcome.py gives every field a value of its own and finds one out of place.
_record: Callable[..., FetchRecord] = new_record


def fetch_record(
    item: Queued,
    o: Outcome,
    tries: int,
    elapsed: float,
    finished_at: float,
    timing: Timing | None,
    in_sitemap: bool,
) -> FetchRecord:
    """``item``'s record from its outcome ``o``: ``tries`` made, ``elapsed`` seconds from its
    first try, recorded ``finished_at`` (seconds into the crawl), its phases ``timing`` (None if
    never timed)."""
    error_kind, exception = None, None
    if o.error_kind is not None:
        error_kind, exception = o.error_kind, failure(o.error_kind, o.message)["exception"]
    facts = o.facts
    return _record(
        item.url,
        o.next_url,
        o.status,
        exception,
        o.size,
        o.content_type,
        o.encoding,
        o.num_urls,
        o.num_new_urls,
        elapsed,
        item.depth,
        item.referrer,
        tries,
        o.note,
        o.links,
        finished_at,
        error_kind,
        *_HEAD(facts),
        o.robots,
        *_MIDDLE(facts),
        in_sitemap,
        o.external,
        *(_UNTIMED if timing is None else timing.values()),
        o.headers,
        o.extracted,
        o.words,
        o.rendered,
        o.rendered_links,
        o.js_errors,
        o.render,
        *_TAIL(facts),
    )
