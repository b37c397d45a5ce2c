"""What a pure-Python parser thread does with a page (:func:`walk_job`), and the same in a child
process (:func:`serve`), which also does there what the event loop would do with the page after
it: the pages go to the child pickled, what it read comes back as plain tuples
(:func:`unpack`).

The child does more than walk, because each second of the GIL spent here is one the loop cannot
use: it also puts the page's checks together (``walked_found``, as ``links.finish`` would), and
then leaves out of what it sends what the loop no longer reads (the visible text's bytes, whose
hash is made there; the links' words but a meta refresh's; the checks). Less to pickle there,
less to unpickle here. This module imports only what the child needs: it starts while the crawl
makes its first requests.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import signal
import sys
import time
from collections.abc import Iterable
from typing import Any

from gui_crawler.parsing._pagewalk_py import (
    _NO_CHECKS,
    Settled,
    Walked,
    _walk,
    scan,
    walked_found,
)
from gui_crawler.parsing.scanproof import plain

HASH_SIZE = 8  # bytes of blake2b over the visible text of all of a page's pieces

# (id, data, directory, max_tags, tags, max_elements, max_pairs, checks, page_url)
Job = tuple[int, bytes, str | None, int, int, int, int, bool, str | None]
Result = tuple[int, list[Walked] | None, float, bytes, int]
# A Walked's fields in order (a Settled's with its ``found`` after them).
Packed = tuple[Any, ...]


def walk_job(job: Job) -> Result:
    """Scan the page (not where ``scanproof.plain`` shows the scan's answers would change
    nothing), then walk it, cut at ``max_tags`` tags if it has more, unless the scan counts more
    than ``max_pairs`` attribute comparisons (its trouble is then 1) or ``max_elements``
    elements in a piece (2); the visible text of all its pieces hashed."""
    from gui_crawler.parsing.slicing import pieces_at  # slicing imports accel, accel _pagewalk_py

    id, data, directory, max_tags, tags, max_elements, max_pairs, checks, _ = job
    t0 = time.perf_counter()
    digest = hashlib.blake2b(digest_size=HASH_SIZE)
    walked: list[Walked] = []
    try:
        if plain(data, tags, max_tags, max_elements, max_pairs):
            pieces: Iterable[bytes] = (data,)  # what the scan would say, shown cheaply
            trouble = 0
        else:
            cuts, pairs, elements, (a, b), opened = scan(data, max_tags, tags, max_elements)
            trouble = 1 if pairs > max_pairs else 2 if elements > max_elements else 0
            pieces = [] if trouble else pieces_at(data, cuts, data[a:b], opened)
        for piece in pieces:
            walked.append(_walk(piece, directory, checks))
            digest.update(walked[-1].read[-1])
    except MemoryError:
        return (id, None, time.perf_counter() - t0, b"", 0)
    return (id, walked, time.perf_counter() - t0, digest.digest(), trouble)


def settle(walked: list[Walked], page_url: str | None) -> list[Packed]:
    """A page's walked pieces as the child sends them: each piece's fields without the visible
    text's bytes (the loop reads the hash made with them); and where the page's checks can be
    put together here (``walked_found``, ``page_url`` given: the page is checked), the first
    piece's fields with them (None where Python must), and where they were, every piece's without
    its checks and with only the words of its meta refreshes (``links.finish`` reads neither
    then)."""
    from gui_crawler.parsing.pagefacts import FactsReader

    found: tuple[bytes, bytes, bytes, str] | None = None
    if walked and page_url is not None:
        facts = FactsReader(b"")
        for w in walked:
            facts.add(*w.read[1:])
        found = walked_found(walked, page_url, facts.descriptions, "viewport" in facts.meta_names)
    packed: list[Packed] = []
    for w in walked:
        read = (*w.read[:-1], b"")
        if found is None:
            packed.append((read, w.hrefs, w.words, w.joined, w.said, w.checks))
        else:
            refreshes = tuple(word for word in w.words if word[1] == "meta-refresh")
            packed.append((read, w.hrefs, refreshes, w.joined, w.said, _NO_CHECKS))
    if walked and page_url is not None:
        packed[0] = (*packed[0], found)  # the loop asks walked_found no more (None: its answer)
    return packed


def unpack(packed: list[Packed]) -> list[Walked]:
    """:func:`settle`'s pieces as the loop reads them."""
    return [Settled(*fields) if len(fields) > 6 else Walked(*fields) for fields in packed]


def serve() -> None:
    """The child's loop: jobs pickled on stdin, each one's (id, :func:`settle`'s pieces or None,
    seconds, digest, trouble) pickled on stdout, until stdin ends (the parent closed it, or
    died). Its pid first, once all it needs is imported."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the parent's to act on
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else writes into the results
    from gui_crawler.parsing import linkwords, pagechecks, pagefacts, slicing  # noqa: F401

    pagechecks._numpy()
    gc.freeze()  # what was imported is never garbage: the collections of the walks pass it by
    pickle.dump(os.getpid(), sink)
    sink.flush()
    dump, load = pickle.dump, pickle.load
    while True:
        try:
            job: Job = load(source)
        except EOFError:
            return
        id, walked, seconds, digest, trouble = walk_job(job)
        pieces = None if walked is None else settle(walked, job[8] if job[7] else None)
        dump((id, pieces, seconds, digest, trouble), sink, pickle.HIGHEST_PROTOCOL)
        sink.flush()
