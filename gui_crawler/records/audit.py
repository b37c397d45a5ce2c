"""Site-audit findings (what each is: findings.py) computed from crawl records: no Qt, so the CLI's report, the window's
Overview tab and tests share one definition of every finding.

Records are taken in one at a time (``add``) as the crawl runs; ``findings()`` computes every
finding from the indexes kept so far, in time linear in the pages, and ``counts()`` their counts
without listing the pages, so a window can ask for them a few times a second while a crawl of a
million pages fills it.
"""

from __future__ import annotations

import sys
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice
from typing import NamedTuple
from zlib import crc32

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.parsing.extract import Rule, values
from gui_crawler.parsing.links import HTML_TYPES
from gui_crawler.parsing.pagechecks import fragment_hashes, has_id, u32_values
from gui_crawler.records.findings import (
    CHECKS_FINDINGS,
    FINDINGS,
    JS_FINDINGS,
    LABELS,
    Count,
    Finding,
    Item,
    Thresholds,
    custom_finding,
)
from gui_crawler.records.flagged import Groups, Listing
from gui_crawler.records.nearduplicates import NearDuplicates
from gui_crawler.records.onpage import (
    checks_of,
    hreflang_targets,
    missing_security_headers,
    url_flags,
)
from gui_crawler.records.rendering import detail, noindex_after
from gui_crawler.records.verdicts import NO_RULES, StatusRules, Verdict, is_cancelled
from gui_crawler.records.wording import answer_words

# The findings joined from the indexes when asked, with their items (Audit._joined_items).
_JOINED_ITEMS = frozenset({"link_to_redirect", "near_duplicate"})


def _custom_hit(rule: Rule, value: str) -> bool:
    if not rule.search:
        return not value
    return (value not in ("", "0")) != rule.absent


# The finding of each verdict that has one ("broken" is split by where the URL is).
_VERDICT_FINDING = {
    Verdict.BROKEN: "broken",
    Verdict.WARNING: "warning",
    Verdict.BLOCKED: "blocked",
    Verdict.TIMEOUT: "timeout",
    Verdict.ERROR: "error",
}


# The findings of an image (its URL; the page holding it is the item's source).
_IMAGE_FINDINGS = frozenset({"img_missing_alt", "img_missing_size", "img_alt_too_long"})
# The findings whose things of one URL may come apart: an image's (on several pages), those a
# check waiting for another URL's record decides.
_APART = (
    _IMAGE_FINDINGS
    | {"img_over_100kb", "fragment_missing"}
    | {f"{kind}_{what}" for kind in ("canonical", "hreflang") for what in ("non_200", "chain")}
    | {"hreflang_missing_return"}
)
KNOWN_TARGETS = 4096  # the targets of canonicals, hreflangs and #fragments whose facts are kept
_FRAGMENT_HOPS = 10  # redirects a link to a #fragment is followed through


class _Target(NamedTuple):
    """What the checks waiting for a URL need of its record."""

    status: int | None
    page: bool  # an HTML page that answered 200 (is_page)
    canonical: str | None
    next_url: str | None  # a redirect's target
    ids: array[int]  # sorted
    hreflangs: frozenset[str]
    answer: str  # what it answered, in plain words

    @classmethod
    def of(cls, rec: FetchRecord) -> _Target:
        page = is_page(rec)
        return cls(
            rec.status,
            page,
            rec.canonical if page else None,
            rec.next_url if rec.is_redirect else None,
            u32_values(rec.ids) if page else array("I"),
            frozenset(hreflang_targets(rec)) if page else frozenset(),
            answer_words(rec),
        )


# A check waiting for its target's record: (kind, page, the link or target, evidence, hops).
_Waiting = tuple[str, str, str, str, int]


def is_page(rec: FetchRecord) -> bool:
    """One of the crawl's own HTML pages that answered 200: what the on-page findings are about.
    An external URL is only checked (HEAD, else GET without parsing): it has no title to miss."""
    return rec.status == 200 and rec.content_type in HTML_TYPES and not rec.external


def _index_render(rec: FetchRecord, found: dict[str, list[str]]) -> None:
    """The JavaScript findings of a page the crawl rendered (or tried to)."""
    url = rec.url
    said = detail(rec.render)
    if rec.rendered_links:
        found["js_links"].append(url)
    if said.get("changed"):
        found["js_changed"].append(url)
    if noindex_after(rec.render):
        found["js_noindex"].append(url)
    if rec.js_errors:
        found["js_errors"].append(url)
    if said.get("failed"):
        found["js_failed"].append(url)
    if not rec.rendered or said.get("note"):
        found["js_not_rendered"].append(url)


class Audit:
    """Findings of a crawl so far. ``is_internal(url)`` tells internal from external URLs
    (default: every URL is internal).

    Each record is classified once, when it is added; ``findings()`` then only joins the
    indexes (duplicates, redirect chains, sitemap URLs), so a window can ask for them often.

    ``status_rules``: the crawl's (``--accept-status``, ``--warn``), by which its verdicts'
    findings are judged.

    ``keep_records=False``: ``records`` stays empty and only the indexes the findings need are
    kept (the URLs of each finding, titles, descriptions and content hashes, redirects, sitemap
    URLs' statuses), for an audit fed once from a crawl file: each URL added once, thresholds,
    rules and ``is_internal`` set before the first record, ``linked`` given (broken_links()
    needs the records).

    ``source`` (set before the first record): the records are someone else's, read from there
    when the indexes are rebuilt (thresholds, rules or scope changed, a URL re-checked:
    ``replace``) and by the exports; the audit keeps none. The window's link index is its
    source, which reads them back from the crawl file.
    """

    def __init__(
        self,
        thresholds: Thresholds | None = None,
        is_internal: Callable[[str], bool] = lambda url: True,
        keep_records: bool = True,
        status_rules: StatusRules = NO_RULES,
    ) -> None:
        self.thresholds = thresholds or Thresholds()
        self._status_rules = status_rules
        # Whether the crawl ran the page checks (its --checks): without them their findings are
        # listed as not checked, not as found nowhere.
        self.checks = True
        self._is_internal = is_internal
        self.keep_records = keep_records
        self.added = 0  # records indexed (every one added, but cancelled ones)
        self.records: dict[str, FetchRecord] = {}
        self._linked: set[str] = set()  # every URL some page links to
        # Tells whether some page links to a URL, when the caller indexes links already (the
        # window's link index does): then the audit keeps no set of every link of its own.
        self.linked: Callable[[str], bool] | None = None
        # The pages linking to a URL, likewise (the window's records come without their links).
        self.sources: Callable[[str], list[str]] | None = None
        self.source: Mapping[str, FetchRecord] | None = None
        # The records of some URLs, for an audit that keeps none and has no source: a
        # canonical's, an hreflang's or a #fragment's target recorded before the page naming it.
        self.find: Callable[[list[str]], Mapping[str, FetchRecord]] | None = None
        self._rules: tuple[Rule, ...] = ()
        # The records a rebuild (``catch_up``) has still to index, read from the source as it
        # was when the rebuild began; then those added since, in the order added.
        self._rebuilding: Iterator[FetchRecord] | None = None
        self._after: list[FetchRecord] = []
        self._rebuilt: set[str] = set()  # the URLs the rebuild has read
        self._reset()

    def _reset(self) -> None:
        self._found: dict[str, list[str]] = defaultdict(list)
        # The things flagged by the findings that say more than their URLs (each URL once in
        # _found): three lists a finding, not a tuple an item (on a big site a finding may flag
        # every page); the evidence's texts, images' URLs and links' targets each kept once.
        self._items: dict[str, Listing] = {}
        self._said: dict[str, str] = {}
        self._titles = Groups()
        self._descriptions = Groups()
        self._hashes = Groups()
        # Each redirect's target (and whether it ran over too many redirects), in crawl order.
        self._hops: dict[str, tuple[str, bool]] = {}
        self._sitemap: list[tuple[str, int | None]] = []  # sitemap URLs and their status
        self._stale = False  # the indexes need rebuilding from the records
        self._rendered = False  # some page was rendered (or tried): the JS findings are listed
        self._near = NearDuplicates(self.thresholds.similarity)
        # The checks waiting for a URL's record (a canonical's, an hreflang's, a #fragment's
        # target), by that URL; those of its URLs not looked for yet among the records; what
        # the latest targets' records said.
        self._waiting: dict[str, list[_Waiting]] = {}
        self._look_up: set[str] = set()
        self._known: dict[str, _Target] = {}

    @property
    def is_internal(self) -> Callable[[str], bool]:
        return self._is_internal

    @is_internal.setter
    def is_internal(self, test: Callable[[str], bool]) -> None:
        self._is_internal = test
        self._invalidate()

    @property
    def all_records(self) -> Mapping[str, FetchRecord]:
        """Every record added so far, by URL: the audit's own or its ``source``'s."""
        return self.records if self.source is None else self.source

    @property
    def stale(self) -> bool:
        """The indexes wait for a rebuild (``catch_up``): a question now would rebuild them."""
        return self._stale

    def _stop_rebuild(self) -> None:
        self._rebuilding = None
        self._after = []
        self._rebuilt = set()

    def _invalidate(self) -> None:
        """The indexes no longer say what the records do (none is stale before a record)."""
        self._stop_rebuild()  # begun with what no longer holds
        if self.added:
            if not self.keep_records and self.source is None:
                raise RuntimeError("an audit that keeps no records is set up before it is fed")
            self._stale = True

    def add(self, records: Iterable[FetchRecord]) -> None:
        for rec in records:
            if is_cancelled(rec):
                continue  # not really fetched: resume fetches it again
            self.added += 1
            if self.source is None and rec.url in self.records:
                self._stop_rebuild()  # recorded again: a rebuild may have indexed its old record
            if self._rebuilding is not None:  # indexed after the records the rebuild reads
                self._after.append(rec)
            if self.source is not None:
                if not self._stale:  # else the rebuild reads it from the source
                    self._index(rec)
                continue
            if not self.keep_records:
                self._index(rec)
                continue
            if rec.url in self.records:
                self._stale = True  # a URL recorded again replaces its old record
            self.records[rec.url] = rec
            if self.linked is None:
                self._linked.update(rec.links)
                if rec.next_url:
                    self._linked.add(rec.next_url)
            if not self._stale:
                self._index(rec)
        if len(self._look_up) >= 512:  # what waits is found among the records before it piles up
            self._look_for_targets()

    def defer(self) -> None:
        """Index nothing until asked: the records added from now on are counted only, and the
        indexes are rebuilt from the ``source`` by the next question (a finding, the counts).
        For a window whose Overview nobody looks at: on rust-doc, indexing the records as they
        came cost the crawl's loop ~1.2 s; rebuilt from the crawl file (~2.5 s) in idle turns
        after the crawl (``catch_up``), or at once when asked. Only an audit with a source can:
        it keeps no records."""
        if self.source is None:
            raise RuntimeError("an audit without a source cannot rebuild what it deferred")
        self._stale = True
        self._stop_rebuild()  # the records added from now on are not kept for it

    def replace(self, records: Iterable[FetchRecord]) -> None:
        """Records of URLs recorded before (a re-check's answers), already in the ``source``:
        the indexes are rebuilt from it. Without a source, the same as ``add``."""
        if self.source is None:
            self.add(records)
        elif any(not is_cancelled(r) for r in records):
            self._stale = True
            self._stop_rebuild()

    def catch_up(self, count: int) -> bool:
        """Rebuild stale indexes (``defer``) from the source a part at a time: ``count`` records
        a call, for a window's idle turns once a crawl is over, or while its Overview is shown
        mid-crawl, so that neither waits for the whole rebuild (rust-doc: ~4 s at load 7).
        Records added meanwhile do not begin it again: it reads the source as it was when it
        began (a crawl file up to its last seq then), then indexes them. True when the indexes
        say every record."""
        if not self._stale:
            return True
        if self._rebuilding is None:
            self._reset()
            self._stale = True  # until the last record is indexed
            source = self.all_records
            as_now = getattr(source, "as_now", None)  # the window's: a crawl file read lazily
            self._rebuilding = as_now() if as_now is not None else iter(list(source.values()))
        n = 0
        rebuilt = self._rebuilt
        for rec in islice(self._rebuilding, count):
            n += 1
            rebuilt.add(rec.url)
            if not is_cancelled(rec):
                self._index(rec)
        if n < count:
            # A record added meanwhile may be among those the rebuild read: the window's crawl
            # file commits a record before the window is given it (its bridge hands records on
            # a turn later), so the file read up to its last seq can be ahead of what was added.
            for rec in self._after:
                if rec.url not in rebuilt:
                    self._index(rec)
            self._stop_rebuild()
            self._stale = False
        return not self._stale

    def clear(self) -> None:
        self._stop_rebuild()
        self.records.clear()
        self.added = 0
        self._linked.clear()
        self._reset()

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The crawl's custom extraction and search rules: a finding each."""
        return self._rules

    @rules.setter
    def rules(self, rules: Iterable[Rule]) -> None:
        self._rules = tuple(rules)
        self._invalidate()

    @property
    def status_rules(self) -> StatusRules:
        """The crawl's status rules: what its verdicts are judged by."""
        return self._status_rules

    @status_rules.setter
    def status_rules(self, rules: StatusRules) -> None:
        self._status_rules = rules
        self._invalidate()

    def set_thresholds(self, thresholds: Thresholds) -> None:
        self.thresholds = thresholds
        self._invalidate()

    def _index(self, rec: FetchRecord) -> None:
        t = self.thresholds
        found = self._found
        url = rec.url
        key = _VERDICT_FINDING.get(self._status_rules.verdict(rec))
        if key == "broken":
            key = "broken_internal" if self._is_internal(url) else "broken_external"
        if key is not None:
            found[key].append(url)
        if rec.error_kind == ErrorKind.HOST_GAVE_UP:
            found["host_gave_up"].append(url)
        if rec.elapsed > t.slow_seconds and rec.error_kind is None:
            found["slow"].append(url)
        if rec.size > t.large_bytes:
            found["large"].append(url)
        robots = rec.robots.split(", ") if rec.robots else ()
        noindex = "noindex" in robots or "none" in robots
        if noindex:
            found["noindex"].append(url)
        if "nofollow" in robots or "none" in robots:
            found["meta_nofollow"].append(url)
        if rec.in_sitemap:
            self._sitemap.append((url, rec.status))
            if noindex:
                found["sitemap_noindex"].append(url)
        image = rec.content_type is not None and rec.content_type.startswith("image/")
        if image and rec.size > t.image_max_kb * 1024 and self._is_internal(url):
            self._flag("img_over_100kb", url, rec.referrer or "", f"{rec.size / 1024:,.0f} KB")
        if url in self._waiting:
            self._settle(url, _Target.of(rec))
        if rec.next_url and rec.is_redirect:
            self._hops[url] = (rec.next_url, rec.error_kind == ErrorKind.TOO_MANY_REDIRECTS)
        if not is_page(rec):
            return
        if self._rules:
            got = values(rec.extracted)
            for rule in self._rules:
                if rule.name in got and _custom_hit(rule, got[rule.name]):  # else not run there
                    found[custom_finding(rule)[0]].append(url)
        if not rec.title:
            found["title_missing"].append(url)
        else:
            self._titles.add(rec.title, url)
            if len(rec.title) > t.title_max:
                found["title_long"].append(url)
            if len(rec.title) < t.title_min:
                self._flag("title_too_short", url, "", f"{len(rec.title)} characters")
            if rec.title == rec.h1:
                self._flag("title_same_as_h1", url, "", rec.title)
        if not rec.meta_description:
            found["description_missing"].append(url)
        else:
            self._descriptions.add(rec.meta_description, url)
            if len(rec.meta_description) > t.description_max:
                found["description_long"].append(url)
            if len(rec.meta_description) < t.description_min:
                n = len(rec.meta_description)
                self._flag("description_too_short", url, "", f"{n} characters")
        if rec.h1_count == 0:
            found["h1_missing"].append(url)
        elif rec.h1_count > 1:
            found["h1_multiple"].append(url)
        if rec.canonical and not rec.canonical.startswith(("http://", "https://")):
            found["canonical_invalid"].append(url)  # kept as written: file:///…, a typo
        elif rec.canonical and rec.canonical != url:
            found["canonicalised"].append(url)
            self._wait(rec.canonical, ("canonical", url, rec.canonical, "", 0))
        if rec.content_hash:
            self._hashes.add(rec.content_hash, url)
        if rec.word_count < t.words_min:
            self._flag("low_content", url, "", f"{rec.word_count} words")
        if rec.minhash:
            self._near.add(url, rec.minhash, rec.content_hash)
        for key, _, said in url_flags(url, t.url_max):
            self._flag(key, url, "", said)
        if missing := missing_security_headers(rec):
            self._flag("security_headers_missing", url, "", ", ".join(missing))
        self._index_checks(rec)
        if rec.render:
            self._rendered = True
            _index_render(rec, found)

    def _index_checks(self, rec: FetchRecord) -> None:
        """What the parse of ``rec``'s page checked on it (parsing/pagechecks.py): its own
        findings, and the facts only the audit decides (which links are internal, what their
        targets answered)."""
        url = rec.url
        internal = self._is_internal
        for kind, other, said in checks_of(rec):
            if kind in _IMAGE_FINDINGS:
                self._flag(kind, other, url, said)
            elif kind == "img_alt":
                if said.isdigit() and int(said) > self.thresholds.alt_max:
                    self._flag("img_alt_too_long", other, url, f"{said} characters")
            elif kind == "nofollow":
                if internal(other):
                    self._flag("internal_nofollow", url, other, said)
            elif kind == "no_words":
                if internal(other):
                    self._flag("anchor_missing", url, other, said)
            elif kind == "fragments":
                if internal(other):  # another site's fragments are not fetched for this
                    self._wait(other, ("fragments", url, other, said, 0), rec)
            elif kind == "hreflang":
                if other != url:
                    self._wait(other, ("hreflang", url, other, said, 0))
            elif kind in LABELS:
                self._flag(kind, url, other, said)

    # ---- checks that wait for another URL's record ------------------------------------------

    def _wait(self, target: str, check: _Waiting, rec: FetchRecord | None = None) -> None:
        """``check`` decided when ``target``'s record is there: now if it is known (``rec``:
        the page being indexed, which may be its own target)."""
        known = (
            _Target.of(rec) if rec is not None and rec.url == target else self._known.get(target)
        )
        if known is not None:
            self._decide(check, known)
            return
        waiting = self._waiting.get(target)
        if waiting is None:
            self._waiting[target] = [check]
            self._look_up.add(target)
        else:
            waiting.append(check)

    def _settle(self, url: str, target: _Target) -> None:
        """The checks that waited for ``url``'s record, decided by what it says."""
        self._known[url] = target
        if len(self._known) > KNOWN_TARGETS:
            del self._known[next(iter(self._known))]
        self._look_up.discard(url)
        for check in self._waiting.pop(url, ()):
            self._decide(check, target)

    def _decide(self, check: _Waiting, target: _Target) -> None:
        kind, page, other, said, hops = check
        if kind == "fragments":  # said: a line a fragment: the fragment, a tab, the link's words
            if target.next_url is not None and hops < _FRAGMENT_HOPS:
                # Followed through redirects (a browser keeps the fragment) to the page it names.
                following = (kind, page, other, said, hops + 1)
                self._wait(target.next_url, following)
            elif target.page:
                # The most numerous check on a docs site (python3-doc: ~130 a page): one wait
                # for all of a page's fragments of one target, decided together.
                ids = target.ids
                for line in said.split("\n"):
                    fragment, _, words = line.partition("\t")
                    if "%" in fragment:
                        found = any(has_id(ids, h) for h in fragment_hashes(fragment))
                    else:  # fragment_hashes' one hash without its generator: ~70k on python3-doc
                        found = has_id(ids, crc32(fragment.encode("utf-8", "replace")))
                    if not found:
                        self._flag("fragment_missing", page, f"{other}#{fragment}", words)
        elif target.status != 200:
            self._flag(f"{kind}_non_200", page, other, target.answer)
        elif kind == "canonical":
            if target.page and target.canonical and target.canonical != other:
                self._flag("canonical_chain", page, other, f"→ {target.canonical}")
        elif target.page and page not in target.hreflangs:
            self._flag("hreflang_missing_return", page, other, said)

    def _look_for_targets(self) -> None:
        """The records of the URLs checks wait for, looked for once each among those recorded
        before (one batch); a URL not recorded yet settles its checks when it is."""
        urls = list(self._look_up)
        self._look_up.clear()
        if not urls:
            return
        if self.find is not None:
            got = self.find(urls)
        else:
            records = self.all_records
            many = getattr(records, "get_many", None)
            got = many(urls) if many is not None else {u: r for u in urls if (r := records.get(u))}
        for url, rec in got.items():
            if not is_cancelled(rec) and url in self._waiting:
                self._settle(url, _Target.of(rec))

    def _flag(self, key: str, url: str, source: str = "", detail: str = "") -> None:
        """A thing ``key`` flags: ``url`` listed once, each item kept."""
        listing = self._items.get(key)
        if listing is None:
            listing = self._items[key] = Listing(self._found[key], key in _APART)
        # Each text once: an image's URL (a logo on every page), a link's target and evidence
        # (rust-doc: 20k items of its logo, 12k of 6.7k playground URLs of ~400 characters) come
        # from each page's checks as strings of their own. A page's own URL is its record's.
        said = self._said
        if key in _IMAGE_FINDINGS:  # its source is the page's URL
            url = said.setdefault(url, url)
        else:
            source = said.setdefault(source, source)
        listing.add(url, source, said.setdefault(detail, detail))

    def _fresh(self) -> None:
        """The indexes rebuilt if they are stale; the targets checks wait for looked for."""
        if self._stale:
            self.catch_up(sys.maxsize)  # what a rebuild under way has left, or all
        self._look_for_targets()

    def findings(self) -> list[Finding]:
        """Every finding with its pages."""
        self._fresh()
        found: dict[str, Sequence[str]] = {**self._found, **self._joined()}
        found.update((key, groups.shared()) for key, groups in self._groups().items())
        items = {key: listing.items() for key, listing in self._items.items()}
        items.update(self._joined_items())
        return [
            Finding(
                key,
                label,
                tuple(found.get(key, ())),
                sev,
                tuple(items.get(key, ())),
                self.checked(key),
            )
            for key, label, sev in self._kinds()
        ]

    def finding(self, key: str) -> Finding:
        """One finding with its pages, the others not listed (KeyError: no such finding)."""
        label, sev = next(((lb, sv) for k, lb, sv in self._kinds() if k == key), (None, 0))
        if label is None:
            raise KeyError(key)
        self._fresh()
        groups = self._groups().get(key)
        urls = groups.shared() if groups is not None else self._joined().get(key)
        found = tuple(self._found.get(key, ()) if urls is None else urls)
        listing = self._items.get(key)
        items = (
            self._joined_items().get(key) if key in _JOINED_ITEMS else listing and listing.items()
        )
        return Finding(key, label, found, sev, tuple(items or ()), self.checked(key))

    def counts(self) -> list[Count]:
        """Every finding's count, in the order of findings(), in time linear in the redirects
        and sitemap URLs but not in the pages: the duplicate groups keep their counts."""
        self._fresh()
        n = {key: len(urls) for key, urls in (*self._found.items(), *self._joined().items())}
        n.update((key, groups.count) for key, groups in self._groups().items())
        return [
            Count(key, label, n.get(key, 0), sev, self.checked(key))
            for key, label, sev in self._kinds()
        ]

    def checked(self, key: str) -> bool:
        """Whether the crawl looked for the finding ``key``: not for those of the page checks
        when it ran with --no-checks."""
        return self.checks or key not in CHECKS_FINDINGS

    def _kinds(self) -> list[tuple[str, str, int]]:
        """The findings listed: those of rendering for a crawl that rendered some page, the
        warnings for a crawl with ``--warn``, a custom one per rule."""
        left_out = (set() if self._rendered else JS_FINDINGS) | (
            set() if self._status_rules.warn else {"warning"}
        )
        kinds = [f for f in FINDINGS if f[0] not in left_out]
        return [*kinds, *map(custom_finding, self._rules)]

    def _groups(self) -> dict[str, Groups]:
        return {
            "title_duplicate": self._titles,
            "description_duplicate": self._descriptions,
            "duplicate_content": self._hashes,
        }

    def _joined(self) -> dict[str, list[str]]:
        """The findings joined from the indexes when asked: redirects, sitemap URLs, the links
        to redirects and near duplicates."""
        chains, loops = self._redirects()
        linked = self.linked or self._linked.__contains__
        items = self._joined_items()
        return {
            "redirect_chain": chains,
            "redirect_loop": loops,
            "orphan": [u for u, _ in self._sitemap if not linked(u)],
            "sitemap_non200": [u for u, status in self._sitemap if status != 200],
            **{key: list(dict.fromkeys(i.url for i in found)) for key, found in items.items()},
        }

    def _joined_items(self) -> dict[str, list[Item]]:
        """The things flagged by the findings joined when asked: each internal link to a
        redirect (from the pages linking to it), each page alike another."""
        internal = self._is_internal
        redirects = {u: hop for u, hop in self._hops.items() if internal(u)}
        to_redirects = [
            Item(page, target, f"→ {redirects[target][0]}")
            for page, target in self._links_to(redirects)
            if internal(page) and page not in self._hops  # a redirect is no page linking
        ]
        alike = [Item(a, b, f"{pct}% alike") for a, b, pct in self._near.pairs()]
        return {"link_to_redirect": to_redirects, "near_duplicate": alike}

    def redirecting(self) -> set[str]:
        """The URLs that answered with a redirect (whose linking pages ``sources`` says)."""
        self._fresh()
        return set(self._hops)

    def _links_to(self, targets: Mapping[str, object]) -> list[tuple[str, str]]:
        """(page, target) of each link to one of ``targets``, the pages in the order recorded
        (from ``sources`` if set, else the records' links)."""
        if not targets:
            return []
        if self.sources is not None:
            at = {u: i for i, u in enumerate(self.all_records)} if len(targets) > 1 else {}
            pairs = [(s, t) for t in targets for s in self.sources(t)]
            return sorted(pairs, key=lambda pair: at.get(pair[0], len(at)))
        return [
            (url, target)
            for url, rec in self.all_records.items()
            for target in rec.links
            if target in targets
        ]

    def _redirects(self) -> tuple[list[str], list[str]]:
        """(URLs starting a chain of 2+ redirects, URLs whose redirects come back round)."""
        chains: list[str] = []
        loops: list[str] = []
        for url in self._hops:
            hops, loop = self.chain(url)
            if loop:
                loops.append(url)
            elif len(hops) >= 2:
                chains.append(url)
        return chains, loops

    def chain(self, url: str) -> tuple[list[str], bool]:
        """The URLs a redirect leads through from ``url``, in order (the first hop's target
        first; a loop ends at the first URL seen again), and whether they loop (or ran over too
        many redirects)."""
        self._fresh()
        redirects = self._hops
        got = redirects.get(url)
        if got is None:
            return [], False
        hops: list[str] = []
        seen = {url}
        nxt: str | None = got[0]
        while nxt is not None:
            hops.append(nxt)
            if nxt in seen:
                return hops, True
            seen.add(nxt)
            target = redirects.get(nxt)
            nxt = target[0] if target is not None else None
        return hops, got[1]

    def groups(self, key: str) -> list[list[str]]:
        """The groups of a duplicate finding (title_duplicate, description_duplicate,
        duplicate_content): the URLs sharing one text, group by group; KeyError for another."""
        self._fresh()
        return self._groups()[key].groups()

    def broken_links(self) -> list[tuple[str, str, str]]:
        """(source page, broken target, what the target answered in plain words) for every link
        to a broken URL: the rows of the broken-links CSV."""
        is_broken = self._status_rules.is_broken
        if self.source is not None:  # the broken URLs are indexed: read just their records
            self._fresh()
            got = self.source
            urls = [
                *self._found.get("broken_internal", ()),
                *self._found.get("broken_external", ()),
            ]
            broken = {u: r for u in urls if (r := got.get(u)) is not None and is_broken(r)}
        else:
            broken = {u: r for u, r in self.records.items() if is_broken(r)}
        if self.sources is not None:
            # Grouped by source page in the order recorded, as the links themselves would give.
            at = {u: i for i, u in enumerate(self.all_records)}
            found = [
                (s, target, answer_words(bad))
                for target, bad in broken.items()
                for s in self.sources(target)
            ]
            return sorted(found, key=lambda row: at.get(row[0], len(at)))
        rows = []
        for url, rec in self.all_records.items():
            for target in rec.links:
                bad = broken.get(target)
                if bad is not None:
                    rows.append((url, target, answer_words(bad)))
        return rows
