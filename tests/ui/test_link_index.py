"""The link index: inlinks by target, against a plain Python index."""

from __future__ import annotations

import random

from gui_crawler.events import FetchRecord
from gui_crawler.ui.link_models import LinkIndex


def reference(records: list[FetchRecord]) -> dict[str, list[str]]:
    """Every target's sources in record order, redirects counting as links."""
    out: dict[str, list[str]] = {}
    for rec in records:
        targets = rec.links or ((rec.next_url,) if rec.next_url else ())
        for target in targets:
            out.setdefault(target, []).append(rec.url)
    return out


def test_inlinks_match_a_plain_python_index() -> None:
    rng = random.Random(3)
    urls = [f"http://h/{i}" for i in range(300)]
    records = []
    for i, url in enumerate(urls):
        if i % 17 == 0:
            records.append(FetchRecord(url, status=301, next_url=rng.choice(urls)))
        else:
            links = tuple(dict.fromkeys(rng.choice(urls) for _ in range(rng.randint(0, 40))))
            records.append(FetchRecord(url, status=200, links=links))
    index = LinkIndex()
    for start in range(0, len(records), 37):  # in batches, as the window feeds it
        index.add(records[start : start + 37])
    want = reference(records)
    assert set(index.inlinks) == set(want)
    for target, sources in want.items():
        assert index.sources(target) == sources, target
        # One source is kept as the string itself, more as a list.
        assert type(index.inlinks[target]) is (str if len(sources) == 1 else list)


def test_watched_targets_report_their_new_inlinks() -> None:
    index = LinkIndex()
    gained = index.add(
        [FetchRecord("http://h/", links=("http://h/gone", "http://h/ok"))],
        watched={"http://h/gone": 0},
    )
    assert gained == {"http://h/gone"}
