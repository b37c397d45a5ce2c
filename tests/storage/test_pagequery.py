"""The pages table's SQL (storage.pagequery) against the Python it stands for: every column's SQL
key orders a varied crawl exactly as PageColumn.key does, and the filter's WHERE clause lets
through exactly the rows the window's Python filter did (non-ASCII text included)."""

from __future__ import annotations

import random
import time
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.parsing.extract import Extractor
from gui_crawler.records.page_columns import PageColumn, columns_of
from gui_crawler.records.record_filters import record_filter
from gui_crawler.storage import pagequery
from gui_crawler.storage.fileformat import INSERT_RECORD, SCHEMA, record_row
from gui_crawler.storage.pagequery import Filter, Querier, Query, Source

H = "http://h.test"
RULES = Extractor.of(["price=regex:(\\d+) EUR"], ["eur=EUR"], []).rules
COLUMNS = columns_of(RULES)
SEARCHED = tuple(c for c in COLUMNS if c.searched)
TEXTS = [
    None,
    "",
    "Plain title",
    "plain Title",
    "Ünïcode Über",
    "ÜBER alles",
    "ΣΊΣΥΦΟΣ σίσυφος",
    "\u212aelvin sign",  # KELVIN SIGN: Python lowers it to an ASCII k
    "İstanbul",  # lowered to i + COMBINING DOT ABOVE
    "日本語のページ",
    "emoji 🙂 face",
    "tab\there",
    "100% sure_thing \\ back",
    "zeta",
    "Zeta",
]
KINDS = [None, None, None, None, ErrorKind.TIMEOUT.value, ErrorKind.CANCELLED.value,
         ErrorKind.ROBOTS.value, "ClientConnectorError", "SomeNewThingError",
         ErrorKind.INTERNAL.value, ErrorKind.PRIVATE_ADDRESS.value]  # fmt: skip


def varied(n: int = 600, seed: int = 7) -> list[FetchRecord]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        kind = rnd.choice(KINDS)
        status = (
            None
            if kind is not None and rnd.random() < 0.7
            else rnd.choice((200, 200, 200, 301, 302, 304, 403, 404, 410, 429, 500, 503, 999))
        )
        halves = rnd.choice((0.0005, 0.0015, 0.0025, 0.001, 0.0125, 0.0135))
        price = rnd.choice(("", "10", "9", "12", "Ü1"))
        extracted = rnd.choice(
            ("", "not json", "[1, 2]", f'{{"price": "{price}", "eur": "{rnd.randint(0, 20)}"}}',
             f'{{"eur": "{rnd.choice(("", "x", "3"))}"}}',
             '{"price": "\\"EUR\\" Ünï"}')
        )  # fmt: skip
        out.append(
            FetchRecord(
                url=f"{H}/{rnd.choice(('a', 'B', 'ü', 'z'))}/{i}",
                next_url=rnd.choice((None, f"{H}/{rnd.choice(TEXTS[2:8])}")),
                status=status,
                error_kind=kind,
                exception=None if kind is None else f"{kind}: x",
                size=rnd.randint(0, 5000),
                content_type=rnd.choice((None, "text/html", "application/xhtml+xml", "Image/PNG")),
                encoding=rnd.choice((None, "utf-8", "latin-1")),
                num_urls=rnd.randint(0, 9),
                num_new_urls=rnd.randint(0, 3),
                elapsed=rnd.choice((halves, rnd.random(), 0.0, 1.2345)),
                depth=rnd.randint(0, 4),
                referrer=rnd.choice((None, f"{H}/", f"{H}/ü")),
                tries=rnd.randint(0, 4),
                note=rnd.choice((None, "not followed", "Ünï note")),
                title=rnd.choice(TEXTS),
                meta_description=rnd.choice(TEXTS),
                h1=rnd.choice(TEXTS),
                h1_count=rnd.randint(0, 3),
                canonical=rnd.choice((None, f"{H}/c")),
                robots=rnd.choice((None, "noindex")),
                word_count=rnd.randint(0, 900),
                content_hash=rnd.choice((None, "ab12", "AB12")),
                lang=rnd.choice((None, "en", "de")),
                in_sitemap=rnd.random() < 0.3,
                external=rnd.random() < 0.2,
                wait_ms=rnd.choice((0.25, 0.35, 0.15, 1.05, 2.45, round(rnd.random() * 50, 2))),
                dns_ms=round(rnd.random() * 3, 2),
                connect_ms=rnd.choice((0.05, 0.75, 12.25)),
                ttfb_ms=round(rnd.random() * 300, 2),
                download_ms=rnd.choice((0.45, 0.55, 0.65)),
                parse_wait_ms=0.0,
                parse_ms=round(rnd.random(), 2),
                extracted=extracted,
            )
        )
    return out


@pytest.fixture(scope="module")
def filled() -> tuple[Source, list[FetchRecord], dict[int, FetchRecord]]:
    records = varied()
    src = Source()
    src.insert(records)
    seqs = [s for s, _ in src.since(0)]
    return src, records, dict(zip(seqs, records, strict=True))


@pytest.mark.parametrize("desc", [False, True])
@pytest.mark.parametrize("col", COLUMNS, ids=lambda c: c.csv)
def test_sql_order_is_python_order_for_every_column(
    filled: tuple[Source, list[FetchRecord], dict[int, FetchRecord]], col: PageColumn, desc: bool
) -> None:
    src, records, by_seq = filled
    expected = [r.url for r in sorted(records, key=col.key, reverse=desc)]
    got = pagequery.order(src.db, Query(Filter(), SEARCHED, col.sql_key, desc))
    assert [by_seq[s].url for s in got] == expected


def old_filter(
    text: str,
    classes: frozenset[int] | None,
    only: Callable[[FetchRecord], bool] | None,
    urls: frozenset[str] | None,
) -> Callable[[FetchRecord], bool]:
    """The window's filter as PagesProxy.filterAcceptsRow applied it, in Python."""
    from gui_crawler.records.verdicts import status_class

    def accepts(rec: FetchRecord) -> bool:
        if classes is not None and int(status_class(rec)) not in classes:
            return False
        if only is not None and not only(rec):
            return False
        if urls is not None and rec.url not in urls:
            return False
        return not text or any(text in c.display(rec).lower() for c in SEARCHED)

    return accepts


@pytest.mark.parametrize(
    "text",
    ["", "ü", "über", "σίσυφος", "k", "kelvin", "i̇stanbul", "istanbul", "日本", "🙂", "\t",
     "timeout", "robots.txt", "html", "/b/", "eur", '"eur"', "10", "note", "zeta", "%", "_", "0% s", "\\", "x" * 30],
)  # fmt: skip
def test_sql_filter_lets_through_what_the_python_filter_did(
    filled: tuple[Source, list[FetchRecord], dict[int, FetchRecord]], text: str
) -> None:
    src, records, by_seq = filled
    urls = frozenset(r.url for r in records[::3])
    cases: list[tuple[frozenset[int] | None, Callable[[FetchRecord], bool] | None, frozenset[str] | None]] = [
        (None, None, None),
        (frozenset({4, 5}), None, None),
        (frozenset({6}), record_filter({"Blocked"}), None),
        (None, record_filter({"External", "Blocked"}), urls),
        (frozenset({2, 3}), record_filter({"External"}), None),
    ]  # fmt: skip
    for classes, only, some in cases:
        accepts = old_filter(text, classes, only, some)
        expected = [r.url for r in records if accepts(r)]
        got = pagequery.order(src.db, Query(Filter(text, classes, only, some), SEARCHED))
        assert [by_seq[s].url for s in got] == expected, (text, classes, some is not None)
        assert pagequery.passing(
            src.db, Filter(text, classes, only, some), SEARCHED, list(by_seq)
        ) == set(got)


def test_cancelled_rows_hidden_and_records_read_back(
    filled: tuple[Source, list[FetchRecord], dict[int, FetchRecord]],
) -> None:
    src, records, by_seq = filled
    got = pagequery.order(src.db, Query(Filter(cancelled=False), SEARCHED))
    assert [by_seq[s].url for s in got] == [
        r.url for r in records if r.error_kind != ErrorKind.CANCELLED.value
    ]
    back = list(src.records(array("q", reversed(list(by_seq)))))
    assert back == list(reversed(records))  # every field, in the order asked


def synthetic_file(path: Path, n: int) -> None:
    """A crawl file's records table holding ``n`` varied records (INSERT_RECORD, as written)."""
    import sqlite3

    db = sqlite3.connect(path)
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    base = varied(500, seed=3)
    rows = (record_row(base[i % 500]) for i in range(n))
    db.executemany(
        INSERT_RECORD,
        ((f"{H}/{i}", *row[1:]) for i, row in enumerate(rows)),
    )
    db.commit()
    db.execute("PRAGMA journal_mode=WAL")
    db.close()


def test_querier_answers_only_the_latest_query(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    synthetic_file(path, 3000)
    got: list[tuple[int, array[int] | None]] = []
    other: list[tuple[int, array[int] | None]] = []
    q = Querier(path)
    try:
        title = next(c for c in COLUMNS if c.csv == "title")
        q.submit("a", 1, Query(Filter(), SEARCHED, title.sql_key), lambda *r: got.append(r))
        q.submit("b", 7, Query(Filter("k"), SEARCHED), lambda *r: other.append(r))
        q.submit("a", 2, Query(Filter("über"), SEARCHED, "url", True), lambda *r: got.append(r))
        deadline = time.monotonic() + 10
        while not (any(t == 2 for t, _ in got) and other) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        q.close()
    assert got and got[-1][0] == 2
    assert all(t == 2 or o is not None for t, o in got)  # an answer to 1 only if it finished first
    assert [t for t, _ in other] == [7]  # another channel's query is not superseded
    src = Source(path)
    try:
        expected = pagequery.order(src.db, Query(Filter("über"), SEARCHED, "url", True))
    finally:
        src.close()
    assert got[-1][1] == expected and len(expected) > 0


def test_tenths_and_whole_numbers_round_as_python_rounds(request: pytest.FixtureRequest) -> None:
    """The phase and time columns' SQL rounding (halves to even, of the exact binary value)
    against Python's round() over every hundredth to 200 and random doubles; SQLite's own
    round() takes halves away from zero."""
    import sqlite3

    from gui_crawler.records.page_columns import _half_even, _half_even_tenths

    rnd = random.Random(5)
    values = [i / 100 for i in range(20001)] + [round(i * 0.01, 2) for i in range(20001)]
    values += [rnd.random() * 10 ** rnd.randint(0, 6) for _ in range(20000)]
    values += [k + 0.5 for k in range(50)] + [k / 4 for k in range(400)] + [0.0, 5e-324, 1e15]
    db = sqlite3.connect(":memory:")
    request.addfinalizer(db.close)  # Python 3.13 warns of a connection left open
    db.execute("CREATE TABLE t (x)")
    db.executemany("INSERT INTO t VALUES (?)", ((v,) for v in values))
    tenths = [r[0] for r in db.execute(f"SELECT {_half_even_tenths('x')} FROM t ORDER BY rowid")]
    assert [t / 10 for t in tenths] == [round(v, 1) for v in values]
    whole = [r[0] for r in db.execute(f"SELECT {_half_even('x')} FROM t ORDER BY rowid")]
    assert whole == [round(v) for v in values]
    sqlite_round = [r[0] for r in db.execute("SELECT round(x, 1) FROM t ORDER BY rowid")]
    assert sqlite_round != [round(v, 1) for v in values]  # why the SQL above is not round()


def test_no_character_past_u20000_is_lowered() -> None:
    """The text filter looks for the characters Python lowers below U+20000 alone."""
    assert not [cp for cp in range(0x20000, 0x110000) if chr(cp).lower() != chr(cp)]
