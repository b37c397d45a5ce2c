"""Redirect chains held until they end, so that a redirect loop is broken at every URL in it.

A redirect's target is queued like any URL (two paths to one target then coalesce), so a loop
(``/a`` → ``/b`` → ``/a``) shows itself only when its last hop finds the target already seen —
by then ``/a`` would have been sent as a plain redirect, and the pages linking to ``/a`` would
link to a "redirect" that no reader can ever follow to an end. So the record of a redirect whose
target was queued waits here for the target's outcome: when the chain ends (a page, an error, a
target seen elsewhere, a cancelled crawl) its records go out in order, unchanged; when it comes
back round, each of them goes out as a redirect loop, and when it runs past ``max_redirect`` hops,
each of them as too many redirects: no reader following any of them reaches a page.

A held record is not in the crawl file yet, so a crawl killed meanwhile still has the URL in its
frontier and fetches it again on resume. Chains are short (``max_redirect`` hops at most).
"""

from __future__ import annotations

from dataclasses import replace

from gui_crawler.events import ErrorKind, FetchRecord


class RedirectChains:
    """Redirect records waiting, by the URL whose outcome they wait for."""

    def __init__(self) -> None:
        self._waiting: dict[str, list[FetchRecord]] = {}

    def __len__(self) -> int:
        return sum(len(chain) for chain in self._waiting.values())

    def loop(self, url: str, target: str) -> list[str] | None:
        """The URLs of the loop that ``url`` redirecting to ``target`` (already seen) closes —
        ``url`` itself, the redirects that led to it back to ``target``, then ``target`` —
        or None when the redirect does not come back round."""
        if target == url:
            return [url, url]
        chain = [rec.url for rec in self._waiting.get(url, ())]
        if target not in chain:
            return None
        return [*chain[chain.index(target) :], url, target]

    def settle(self, rec: FetchRecord, queued: str | None) -> list[FetchRecord]:
        """The records to send now that ``rec`` is made: none while its chain goes on (``queued``:
        the redirect target ``rec`` queued, which the chain now waits for), else the chain that
        waited for ``rec``'s URL and ``rec`` itself; when ``rec`` closes a loop or runs out of
        hops, each record of the chain failed as it is."""
        chain = self._waiting.pop(rec.url, [])
        if rec.error_kind in _ENDLESS:
            chain = [_failed_as(r, rec) for r in chain]
        chain.append(rec)
        if queued is not None:
            self._waiting[queued] = chain
            return []
        return chain

    def flush(self) -> list[FetchRecord]:
        """Every record still waiting (its target will not be fetched in this crawl: cancelled),
        as it was made."""
        held = [rec for chain in self._waiting.values() for rec in chain]
        self._waiting.clear()
        return held


_ENDLESS = frozenset({ErrorKind.REDIRECT_LOOP, ErrorKind.TOO_MANY_REDIRECTS})


def _failed_as(rec: FetchRecord, last: FetchRecord) -> FetchRecord:
    return replace(rec, error_kind=last.error_kind, exception=last.exception)
