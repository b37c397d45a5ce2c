"""Structured data (JSON-LD) of a page: the types it declares, and the properties Google's
documentation requires for the types it shows as rich results. No Qt here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# The properties Google's Search Central documentation requires of each type, checked
# 2026-06 (a group: at least one of its properties; none: Google requires none):
# - Product: developers.google.com/search/docs/appearance/structured-data/product-snippet
#   ("name", and one of "review", "aggregateRating" or "offers");
# - Article, NewsArticle, BlogPosting: .../structured-data/article ("There are no required
#   properties; instead, add the properties that apply to your content");
# - BreadcrumbList: .../structured-data/breadcrumb ("itemListElement"; each ListItem its
#   "position", "name" and, but the last, "item": ITEMS below);
# - FAQPage: .../structured-data/faqpage ("mainEntity"; each Question its "name" and
#   "acceptedAnswer", whose "text": ITEMS below);
# - Organization: .../structured-data/organization ("There are no required properties");
# - Event: .../structured-data/event ("name", "startDate", "location").
REQUIRED: dict[str, tuple[tuple[str, ...], ...]] = {
    "Product": (("name",), ("review", "aggregateRating", "offers")),
    "Article": (),
    "NewsArticle": (),
    "BlogPosting": (),
    "BreadcrumbList": (("itemListElement",),),
    "FAQPage": (("mainEntity",),),
    "Organization": (),
    "Event": (("name",), ("startDate",), ("location",)),
}
MAX_NODES = 1000  # of a page's JSON-LD looked at: a page of a million nodes is read no further


def _has(node: Any, name: str) -> bool:
    return isinstance(node, dict) and node.get(name) not in (None, "", [], {})


def _types(node: dict[str, Any]) -> list[str]:
    kind = node.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return [k.rsplit("/", 1)[-1] for k in kinds if isinstance(k, str) and k]


def types_of(data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(type, node) of each node a JSON-LD block declares: the block itself, each of a list,
    each of its @graph (nested nodes, an Offer inside a Product, are their parents' business)."""
    todo = list(data) if isinstance(data, list) else [data]
    seen = 0
    while todo and seen < MAX_NODES:
        node = todo.pop(0)
        seen += 1
        if not isinstance(node, dict):
            continue
        graph = node.get("@graph")
        if isinstance(graph, list):
            todo.extend(graph)
        for kind in _types(node):
            yield kind, node


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def missing_required(kind: str, node: dict[str, Any]) -> list[str]:
    """The required properties ``node`` (of type ``kind``) lacks, as Google's documentation
    names them ("review or aggregateRating or offers"; "itemListElement[2].position")."""
    missing = [
        " or ".join(group)
        for group in REQUIRED.get(kind, ())
        if not any(_has(node, name) for name in group)
    ]
    if kind == "BreadcrumbList" and _has(node, "itemListElement"):
        items = _list(node["itemListElement"])
        for i, item in enumerate(items, 1):
            named = _has(item, "name") or _has(
                item.get("item") if isinstance(item, dict) else 0, "name"
            )
            need = [("position", _has(item, "position")), ("name", named)]
            if i < len(items):
                need.append(("item", _has(item, "item")))
            missing += [f"itemListElement[{i}].{name}" for name, ok in need if not ok]
    if kind == "FAQPage" and _has(node, "mainEntity"):
        for i, question in enumerate(_list(node["mainEntity"]), 1):
            missing += [
                f"mainEntity[{i}].{n}" for n in ("name", "acceptedAnswer") if not _has(question, n)
            ]
            answer = question.get("acceptedAnswer") if isinstance(question, dict) else None
            if answer and not any(_has(a, "text") for a in _list(answer)):
                missing.append(f"mainEntity[{i}].acceptedAnswer.text")
    return missing
