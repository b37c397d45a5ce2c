"""Links with their words, for the outputs that show them: the broken-links rows (one per page
and broken target, internal or external, with the link's words; links no browser follows too)
and the all-links rows. The words come from the crawl itself (the crawl file, or the records of
a crawl kept without one: ``PagesWords``), never from fetching a page again.

No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from gui_crawler.events import FetchRecord
from gui_crawler.parsing.linkwords import LinkWords, said_words
from gui_crawler.records.verdicts import NO_RULES, StatusRules

# Each page's links with their words, in the order recorded: (page URL, its links' words). A
# callable, so that each output reads them afresh (from the crawl file: a batch at a time).
PagesWords = Callable[[], Iterable[tuple[str, tuple[LinkWords, ...]]]]
INVALID = "invalid link: no browser opens it"
# source, target, answer, anchor, nofollow, alt (auditfiles.BROKEN_COLUMNS)
BrokenRow = tuple[str, str, str, str, str, str]


def words_in_records(records: Iterable[FetchRecord]) -> PagesWords:
    """The words the records hold (a crawl kept without a crawl file keeps them there)."""
    kept = [(r.url, r.words) for r in records if r.words]
    return lambda: ((url, said_words(words, url)) for url, words in kept)


def no_words() -> list[tuple[str, tuple[LinkWords, ...]]]:
    """For a crawl whose links' words are nowhere (a crawl file of format 4 or older)."""
    return []


def broken_rows(broken: Iterable[tuple[str, str, str]], pages_words: PagesWords) -> list[BrokenRow]:
    """The broken links ``broken`` (source, target, answer: ``Audit.broken_links``) as one row
    per (source, target, words) with the link's words, in ``broken``'s order (a link without
    words keeps one row without them); then every link no browser follows, as broken."""
    answers: dict[tuple[str, str], str] = {}
    for source, target, answer in broken:
        answers.setdefault((source, target), answer)
    found: dict[tuple[str, str], dict[BrokenRow, None]] = {}
    invalid: dict[BrokenRow, None] = {}
    for source, words in pages_words():
        for w in words:
            got = INVALID if w.invalid else answers.get((source, w.target))
            if got is None:
                continue
            row = (source, w.target, got, w.anchor, "nofollow" if w.nofollow else "", w.alt)
            if w.invalid:
                invalid[row] = None
            else:
                found.setdefault((source, w.target), {})[row] = None
    out: list[BrokenRow] = []
    for (source, target), answer in answers.items():
        rows = found.get((source, target))
        out += rows or [(source, target, answer, "", "", "")]
    return out + list(invalid)


# A target's external, status and verdict cells; those of a link no browser follows.
Answer = tuple[str, str, str]
_INVALID: Answer = ("", "", "invalid")


def _answer(
    target: str,
    rec: FetchRecord | None,
    is_internal: Callable[[str], bool],
    rules: StatusRules,
) -> Answer:
    external = "no" if is_internal(target) else "yes"
    status = str(rec.status) if rec is not None and rec.status is not None else ""
    said = rules.verdict(rec).value if rec is not None else "not checked"
    return external, status, said


def _row(source: str, w: LinkWords, answer: Answer) -> tuple[str, ...]:
    nofollow = "yes" if w.nofollow else ""
    return (source, w.target, w.anchor, w.alt, w.rel, nofollow, w.element, *answer)


def _link_row(
    source: str,
    w: LinkWords,
    rec: FetchRecord | None,
    is_internal: Callable[[str], bool],
    rules: StatusRules,
) -> tuple[str, ...]:
    answer = _INVALID if w.invalid else _answer(w.target, rec, is_internal, rules)
    return _row(source, w, answer)


def link_rows(
    records: Mapping[str, FetchRecord],
    is_internal: Callable[[str], bool],
    pages_words: PagesWords,
    rules: StatusRules = NO_RULES,
) -> Iterator[tuple[str, ...]]:
    """One row per link of every page and stylesheet (auditfiles.LINK_COLUMNS): source,
    target, anchor, alt, rel, nofollow, element, external, and the target's status and verdict
    (by the crawl's status ``rules``; "not checked" for a target with no record, "invalid" for
    a link no browser follows). A page
    whose links have no words (one scanned rather than parsed, or from an older crawl file)
    gives a row per link without them."""
    said: set[str] = set()
    for source, words in pages_words():
        said.add(source)
        for w in words:
            yield _link_row(source, w, records.get(w.target), is_internal, rules)
    for rec in records.values():
        if rec.links and rec.url not in said:
            for target in rec.links:
                link = LinkWords(target, "")
                yield _link_row(rec.url, link, records.get(target), is_internal, rules)


# The records of some URLs (those that have one), by URL.
Find = Callable[[list[str]], Mapping[str, FetchRecord]]


def streamed_link_rows(
    find: Find,
    is_internal: Callable[[str], bool],
    pages_words: PagesWords,
    unsaid: Callable[[], Iterable[FetchRecord]],
    batch: int = 5000,
    remembered: int = 65536,
    rules: StatusRules = NO_RULES,
) -> Iterator[tuple[str, ...]]:
    """link_rows without every record at hand: the targets' records are asked of ``find`` a
    batch of links at a time (the answers of at most ``remembered`` targets are kept for the
    next batches: a site's navigation links are on every page), and the pages whose links have
    no words come from ``unsaid`` (the records with links that ``pages_words`` does not give,
    in crawl order). The same rows in the same order."""
    known: dict[str, Answer] = {}

    def rows(pages: list[tuple[str, tuple[LinkWords, ...]]]) -> Iterator[tuple[str, ...]]:
        targets = {w.target: None for _, words in pages for w in words if not w.invalid}
        missing = [t for t in targets if t not in known]
        got = find(missing) if missing else {}
        answers = {t: known.get(t) or _answer(t, got.get(t), is_internal, rules) for t in targets}
        if len(known) + len(missing) > remembered:
            known.clear()
        known.update(answers)
        for source, words in pages:
            for w in words:
                yield _row(source, w, _INVALID if w.invalid else answers[w.target])

    pages: list[tuple[str, tuple[LinkWords, ...]]] = []
    held = 0
    for source, words in pages_words():
        pages.append((source, words))
        held += len(words)
        if held >= batch:
            yield from rows(pages)
            pages, held = [], 0
    yield from rows(pages)
    pages, held = [], 0
    for rec in unsaid():
        pages.append((rec.url, tuple(LinkWords(target, "") for target in rec.links)))
        held += len(rec.links)
        if held >= batch:
            yield from rows(pages)
            pages, held = [], 0
    yield from rows(pages)
