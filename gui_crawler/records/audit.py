"""Site-audit findings computed from crawl records: no Qt, so the CLI's report, the window's
Overview tab and tests share one definition of every finding.

Records are taken in one at a time (``add``) as the crawl runs; ``findings()`` computes every
finding from the indexes kept so far, in time linear in the pages, and ``counts()`` their counts
without listing the pages, so a window can ask for them a few times a second while a crawl of a
million pages fills it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.parsing.extract import Rule, values
from gui_crawler.parsing.links import HTML_TYPES
from gui_crawler.records.explanations import Explanation, explain
from gui_crawler.records.rendering import detail, noindex_after
from gui_crawler.records.verdicts import WORDS, Verdict, is_broken, is_cancelled, verdict
from gui_crawler.records.wording import answer_words


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Limits past which a page is reported; the window keeps them as settings."""

    title_max: int = 60  # characters: longer titles are cut off in search results
    description_max: int = 160
    slow_seconds: float = 1.0
    large_bytes: int = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Finding:
    key: str
    label: str
    urls: tuple[str, ...]  # the pages the finding is about, in crawl order
    severity: int  # 2: error, 1: warning, 0: notice

    @property
    def count(self) -> int:
        return len(self.urls)

    @property
    def explanation(self) -> Explanation | None:
        """What the finding means and how to fix it (explanations.py)."""
        return explain(self.key)


@dataclass(frozen=True, slots=True)
class Count:
    """A finding's count without its pages (``Audit.counts``): what a table of findings
    shows while a crawl runs, counted without listing a million URLs."""

    key: str
    label: str
    count: int
    severity: int

    @property
    def explanation(self) -> Explanation | None:
        return explain(self.key)


# key, label, severity; the order the Overview and the report list them in.
FINDINGS: tuple[tuple[str, str, int], ...] = (
    # One finding per verdict but ok and redirect (verdicts.py decides them): the broken split
    # by where they are, and together as many as the CLI, the report and the status bar count.
    ("broken_internal", f"{WORDS[Verdict.BROKEN].label} internal links", 2),
    ("broken_external", f"{WORDS[Verdict.BROKEN].label} external links", 2),
    ("blocked", WORDS[Verdict.BLOCKED].title, 1),
    ("timeout", WORDS[Verdict.TIMEOUT].title, 1),
    ("error", WORDS[Verdict.ERROR].title, 1),
    ("host_gave_up", "Hosts given up on (every request refused or unanswered)", 2),
    ("redirect_chain", "Redirect chains (2+ hops)", 1),
    ("redirect_loop", "Redirect loops", 2),
    ("title_missing", "Title missing", 2),
    ("title_duplicate", "Title duplicated", 1),
    ("title_long", "Title too long", 0),
    ("description_missing", "Meta description missing", 1),
    ("description_duplicate", "Meta description duplicated", 1),
    ("description_long", "Meta description too long", 0),
    ("h1_missing", "H1 missing", 1),
    ("h1_multiple", "Several H1", 0),
    ("noindex", "Noindex", 0),
    ("canonicalised", "Canonicalised elsewhere", 0),
    ("canonical_invalid", "Canonical not http(s)", 1),
    ("duplicate_content", "Exact duplicate pages", 1),
    ("slow", "Slow pages", 1),
    ("large", "Large pages", 0),
    ("orphan", "In sitemap, never linked (orphans)", 1),
    ("sitemap_non200", "Non-200 in sitemap", 2),
    # JavaScript (--render): what rendering changed (render/rendered.py keeps it in the record).
    ("js_links", "Links only after JavaScript", 0),
    ("js_changed", "Title, description, H1, canonical or robots changed by JavaScript", 0),
    ("js_noindex", "Noindex only after JavaScript", 2),
    ("js_errors", "JavaScript errors", 1),
    ("js_failed", "Failed requests of rendered pages", 2),
    ("js_not_rendered", "Rendering failed or cut short", 1),
)
LABELS = {key: label for key, label, _ in FINDINGS}
# The findings of rendering: listed only for a crawl that rendered some page.
JS_FINDINGS = frozenset(key for key, _, _ in FINDINGS if key.startswith("js_"))


# The labels of the custom findings by their key's prefix, templates of the rule's name (the
# window says them in its language).
CUSTOM_LABELS = {
    "extract": "{name}: nothing extracted",
    "absent": "{name}: not found",
    "search": "{name}: found",
}


def custom_finding(rule: Rule) -> tuple[str, str, int]:
    """The finding of a custom extraction or search rule (``--extract``, ``--search``,
    ``--search-absent``): key, label, severity, as in FINDINGS. Its pages: those where the
    extraction found nothing, the search found its text, or the absent search did not."""
    kind = "extract" if not rule.search else "absent" if rule.absent else "search"
    return f"{kind}:{rule.name}", CUSTOM_LABELS[kind].format(name=rule.name), int(kind != "search")


def _custom_hit(rule: Rule, value: str) -> bool:
    if not rule.search:
        return not value
    return (value not in ("", "0")) != rule.absent


# The finding of each verdict that has one ("broken" is split by where the URL is).
_VERDICT_FINDING = {
    Verdict.BROKEN: "broken",
    Verdict.BLOCKED: "blocked",
    Verdict.TIMEOUT: "timeout",
    Verdict.ERROR: "error",
}


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
    ) -> None:
        self.thresholds = thresholds or Thresholds()
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
        self._rules: tuple[Rule, ...] = ()
        self._reset()

    def _reset(self) -> None:
        self._found: dict[str, list[str]] = defaultdict(list)
        self._titles = _Groups()
        self._descriptions = _Groups()
        self._hashes = _Groups()
        # Each redirect's target (and whether it ran over too many redirects), in crawl order.
        self._hops: dict[str, tuple[str, bool]] = {}
        self._sitemap: list[tuple[str, int | None]] = []  # sitemap URLs and their status
        self._stale = False  # the indexes need rebuilding from the records
        self._rendered = False  # some page was rendered (or tried): the JS findings are listed

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

    def _invalidate(self) -> None:
        """The indexes no longer say what the records do (none is stale before a record)."""
        if self.added:
            if not self.keep_records and self.source is None:
                raise RuntimeError("an audit that keeps no records is set up before it is fed")
            self._stale = True

    def add(self, records: Iterable[FetchRecord]) -> None:
        for rec in records:
            if is_cancelled(rec):
                continue  # not really fetched: resume fetches it again
            self.added += 1
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

    def replace(self, records: Iterable[FetchRecord]) -> None:
        """Records of URLs recorded before (a re-check's answers), already in the ``source``:
        the indexes are rebuilt from it. Without a source, the same as ``add``."""
        if self.source is None:
            self.add(records)
        elif any(not is_cancelled(r) for r in records):
            self._stale = True

    def clear(self) -> None:
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

    def set_thresholds(self, thresholds: Thresholds) -> None:
        self.thresholds = thresholds
        self._invalidate()

    def _index(self, rec: FetchRecord) -> None:
        t = self.thresholds
        found = self._found
        url = rec.url
        key = _VERDICT_FINDING.get(verdict(rec))
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
        if rec.robots and ("noindex" in rec.robots or "none" in rec.robots.split(", ")):
            found["noindex"].append(url)
        if rec.in_sitemap:
            self._sitemap.append((url, rec.status))
        if rec.next_url and rec.is_redirect:
            self._hops[url] = (rec.next_url, rec.error_kind == ErrorKind.TOO_MANY_REDIRECTS)
        if not is_page(rec):
            return
        if self._rules:
            got = values(rec.extracted)
            for rule in self._rules:
                if _custom_hit(rule, got.get(rule.name, "")):
                    found[custom_finding(rule)[0]].append(url)
        if not rec.title:
            found["title_missing"].append(url)
        else:
            self._titles.add(rec.title, url)
            if len(rec.title) > t.title_max:
                found["title_long"].append(url)
        if not rec.meta_description:
            found["description_missing"].append(url)
        else:
            self._descriptions.add(rec.meta_description, url)
            if len(rec.meta_description) > t.description_max:
                found["description_long"].append(url)
        if rec.h1_count == 0:
            found["h1_missing"].append(url)
        elif rec.h1_count > 1:
            found["h1_multiple"].append(url)
        if rec.canonical and not rec.canonical.startswith(("http://", "https://")):
            found["canonical_invalid"].append(url)  # kept as written: file:///…, a typo
        elif rec.canonical and rec.canonical != url:
            found["canonicalised"].append(url)
        if rec.content_hash:
            self._hashes.add(rec.content_hash, url)
        if rec.render:
            self._rendered = True
            _index_render(rec, found)

    def _fresh(self) -> None:
        """The indexes rebuilt if they are stale."""
        if self._stale:
            self._reset()
            for rec in self.all_records.values():
                if not is_cancelled(rec):
                    self._index(rec)

    def findings(self) -> list[Finding]:
        """Every finding with its pages."""
        self._fresh()
        found: dict[str, Sequence[str]] = {**self._found, **self._joined()}
        found.update((key, groups.shared()) for key, groups in self._groups().items())
        return [
            Finding(key, label, tuple(found.get(key, ())), sev) for key, label, sev in self._kinds()
        ]

    def finding(self, key: str) -> Finding:
        """One finding with its pages, the others not listed (KeyError: no such finding)."""
        label, sev = next(((lb, sv) for k, lb, sv in self._kinds() if k == key), (None, 0))
        if label is None:
            raise KeyError(key)
        self._fresh()
        groups = self._groups().get(key)
        urls = groups.shared() if groups is not None else self._joined().get(key)
        return Finding(key, label, tuple(self._found.get(key, ()) if urls is None else urls), sev)

    def counts(self) -> list[Count]:
        """Every finding's count, in the order of findings(), in time linear in the redirects
        and sitemap URLs but not in the pages: the duplicate groups keep their counts."""
        self._fresh()
        n = {key: len(urls) for key, urls in (*self._found.items(), *self._joined().items())}
        n.update((key, groups.count) for key, groups in self._groups().items())
        return [Count(key, label, n.get(key, 0), sev) for key, label, sev in self._kinds()]

    def _kinds(self) -> list[tuple[str, str, int]]:
        kinds = FINDINGS if self._rendered else [f for f in FINDINGS if f[0] not in JS_FINDINGS]
        return [*kinds, *map(custom_finding, self._rules)]

    def _groups(self) -> dict[str, _Groups]:
        return {
            "title_duplicate": self._titles,
            "description_duplicate": self._descriptions,
            "duplicate_content": self._hashes,
        }

    def _joined(self) -> dict[str, list[str]]:
        """The findings joined from the indexes when asked: redirects and sitemap URLs."""
        chains, loops = self._redirects()
        linked = self.linked or self._linked.__contains__
        return {
            "redirect_chain": chains,
            "redirect_loop": loops,
            "orphan": [u for u, _ in self._sitemap if not linked(u)],
            "sitemap_non200": [u for u, status in self._sitemap if status != 200],
        }

    def _redirects(self) -> tuple[list[str], list[str]]:
        """(URLs starting a chain of 2+ redirects, URLs whose redirects come back round)."""
        redirects = self._hops
        chains: list[str] = []
        loops: list[str] = []
        for url, (first, too_many) in redirects.items():
            seen = {url}
            hops = 1
            nxt: str | None = first
            loop = False
            while nxt is not None:
                if nxt in seen:
                    loop = True
                    break
                seen.add(nxt)
                target = redirects.get(nxt)
                if target is None:
                    break
                hops += 1
                nxt = target[0]
            if loop or too_many:
                loops.append(url)
            elif hops >= 2:
                chains.append(url)
        return chains, loops

    def broken_links(self) -> list[tuple[str, str, str]]:
        """(source page, broken target, what the target answered in plain words) for every link
        to a broken URL: the rows of the broken-links CSV."""
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


class _Groups:
    """URLs grouped by a text they share (a title, a description, a content hash), groups in
    the order their text first came. A text is kept as its hash() and a URL alone as itself,
    a list only from the second: at a million pages the texts and the one-URL lists were most
    of the audit's memory. Two texts of one hash would group together: about n^2/2^65 odds
    (one in ~37 million audits of a million pages)."""

    __slots__ = ("_by", "count")

    def __init__(self) -> None:
        self._by: dict[int, str | list[str]] = {}
        self.count = 0  # URLs in groups of two or more: len(shared()), kept as they come

    def add(self, text: str, url: str) -> None:
        key = hash(text)
        got = self._by.get(key)
        if got is None:
            self._by[key] = url
        elif type(got) is str:
            self._by[key] = [got, url]
            self.count += 2
        else:
            got.append(url)  # type: ignore[union-attr]
            self.count += 1

    def shared(self) -> list[str]:
        """The URLs of every group of two or more, group by group."""
        return [url for urls in self._by.values() if type(urls) is list for url in urls]
