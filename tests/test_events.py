"""The record's own helpers: its values in field order, the copy without outlinks, and a record
made from its values by new_record."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from gui_crawler.events import RECORD_FIELDS, FetchRecord, new_record
from gui_crawler.parsing.linkwords import pack_piece, page_blob


def _every_field_set() -> FetchRecord:
    """A record whose every field holds a value unlike its default and unlike the others'."""
    values: dict[str, object] = {}
    for i, f in enumerate(dataclasses.fields(FetchRecord)):
        kind = type(f.default) if f.default is not dataclasses.MISSING else str
        if f.name == "links":
            values[f.name] = ("http://h/a", "http://h/b")
        elif f.name == "words":
            said = [("http://h/a", "a", "A", None, None), ("http://h/b", "img", None, None, None)]
            values[f.name] = page_blob(None, [pack_piece(said, {u: u for u, *_ in said})], [])
        elif kind is bool:
            values[f.name] = True
        elif kind in (int, float):
            values[f.name] = kind(i + 1)
        else:
            values[f.name] = f"{f.name}-{i}"
    return FetchRecord(**values)  # type: ignore[arg-type]


def test_values_follow_the_field_order() -> None:
    rec = _every_field_set()
    assert tuple(f.name for f in dataclasses.fields(FetchRecord)) == RECORD_FIELDS
    assert rec.values() == tuple(getattr(rec, n) for n in RECORD_FIELDS)


def test_without_links_keeps_every_other_field() -> None:
    rec = _every_field_set()
    bare = rec.without_links()
    assert bare.links == () and rec.links  # the original is untouched
    assert bare.words == b"" and rec.words  # the links' words go with them
    for name in RECORD_FIELDS:
        if name not in ("links", "words"):
            assert getattr(bare, name) == getattr(rec, name), name
    assert bare == dataclasses.replace(rec, links=())


def test_without_words_keeps_every_other_field() -> None:
    rec = _every_field_set()
    bare = rec.without_words()
    assert bare.words == b"" and rec.words
    for name in RECORD_FIELDS:
        if name != "words":
            assert getattr(bare, name) == getattr(rec, name), name


def test_new_record_is_the_frozen_record_of_its_values() -> None:
    rec = _every_field_set()
    made = new_record(*rec.values())
    assert type(made) is FetchRecord
    assert made.values() == rec.values() and made == rec and hash(made) == hash(rec)
    assert repr(made) == repr(rec)
    assert pickle.loads(pickle.dumps(made)) == rec
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.url = "http://elsewhere/"  # type: ignore[misc]
    with pytest.raises(TypeError):  # every field's value, none left to its default
        new_record(*rec.values()[:-1])
