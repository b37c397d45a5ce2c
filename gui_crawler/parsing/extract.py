"""Custom extraction and search: a value pulled out of every page, or whether a page holds a text.

Rules as people write them on the command line (``--extract price=css:.price``), one a line in
the settings panel:

- ``--extract NAME=css:SELECTOR`` (the first match's text; ``SELECTOR@attr``: its attribute),
  ``NAME=xpath:EXPR`` (the first result: an element's text, or the string an expression gives;
  needs lxml), ``NAME=regex:PATTERN`` (the first match in the HTML: its first group, else all).
- ``--search NAME=TEXT`` or ``NAME=regex:PATTERN``: how many times the HTML holds it (a count,
  0 when it does not); ``--search-absent`` alike, its finding being the pages that lack it.

The HTML is the page's source as decoded (not the text a browser shows), as Screaming Frog's
custom search reads it. A page's values are a JSON object ``{name: value}`` in its record
(``FetchRecord.extracted``), without the CSS and XPath rules where the page could not be queried
(MAX_QUERY_TAGS); a column and an Overview finding each. Run off the event loop;
a regex at most userregex.PAGE_BUDGET a page (cut there, its value is left empty).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gui_crawler.base import userregex
from gui_crawler.base.translate import translate

MAX_VALUE = 1000  # characters of an extracted value kept
# The most tags a page may have to be queried by CSS or XPath: its tree takes ~370 bytes a tag
# (~74 MB here), and the crawl queries one page this big at a time. The Python docs' biggest
# page (argparse.html) has ~34,000; a page of more, or one too complex to parse, says in its
# note that those rules were not run, and is no page where they found nothing.
MAX_QUERY_TAGS = 200_000
# A rule's name: a column heading and a JSON key (letters, digits, _ and -, up to 40).
_NAME = re.compile(r"[A-Za-z][\w-]{0,39}")
_ATTR = re.compile(r"@([A-Za-z_:][\w:.-]*)$")


class RuleError(ValueError):
    """A rule that cannot be used; the message is for a person."""


@dataclass(frozen=True)
class Rule:
    name: str
    way: str  # css, xpath, regex (extract); text, regex (search)
    pattern: str
    search: bool = False  # a count, not a value
    absent: bool = False  # a search whose finding is the pages without it
    attr: str | None = None  # css/xpath: the attribute taken instead of the text


def parse_rule(text: str, search: bool = False, absent: bool = False) -> Rule:
    """A rule from ``NAME=way:pattern`` (a search's way may be left out: plain text)."""
    name, eq, spec = text.partition("=")
    name = name.strip()
    if not eq or not _NAME.fullmatch(name):
        raise RuleError(
            translate(
                "Options", "must be NAME=…, NAME a letter then letters, digits, _ or - (up to 40)"
            )
        )
    way, colon, pattern = spec.partition(":")
    ways = ("text", "regex") if search else ("css", "xpath", "regex")
    if not colon or way not in ways:
        if not search:
            raise RuleError(
                translate(
                    "Options", "{name}: say how, as css:SELECTOR, xpath:EXPR or regex:PATTERN"
                ).format(name=name)
            )
        way, pattern = "text", spec
    if not pattern:
        raise RuleError(translate("Options", "{name}: nothing to look for").format(name=name))
    attr = None
    if way == "css" and (m := _ATTR.search(pattern)):
        attr, pattern = m.group(1), pattern[: m.start()].rstrip()
    rule = Rule(name, way, pattern, search, absent, attr)
    compiled(rule)  # refuses what does not compile
    return rule


def rule_problem(text: str, search: bool = False, absent: bool = False) -> str | None:
    """Why ``text`` is not a rule (options.FORMS), or None."""
    try:
        parse_rule(text, search, absent)
    except RuleError as e:
        return str(e)
    return None


def compiled(rule: Rule) -> Any:
    """The rule's compiled matcher; RuleError when it does not compile."""
    if rule.way == "regex":
        try:
            return userregex.compile(rule.pattern)
        except userregex.error as e:
            raise RuleError(
                translate("Options", "{name}: not a valid regular expression: {error}").format(
                    name=rule.name, error=e
                )
            ) from None
    if rule.way == "text":
        return rule.pattern
    if rule.way == "css":
        from selectolax.lexbor import LexborHTMLParser, SelectolaxError

        try:
            LexborHTMLParser("<p>").css(rule.pattern)
        except (SelectolaxError, ValueError) as e:
            raise RuleError(
                translate("Options", "{name}: not a CSS selector: {error}").format(
                    name=rule.name, error=e
                )
            ) from None
        return rule.pattern
    try:
        from lxml import etree
    except ImportError:
        raise RuleError(
            translate(
                "Options", "{name}: XPath needs lxml (pip install lxml), or use css:SELECTOR"
            ).format(name=rule.name)
        ) from None
    try:
        return etree.XPath(rule.pattern)
    except etree.XPathSyntaxError as e:
        raise RuleError(
            translate("Options", "{name}: not an XPath expression: {error}").format(
                name=rule.name, error=e
            )
        ) from None


class Extractor:
    """Runs the rules of a crawl on pages (``rules``: in the order given; names unique)."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules = list(rules)
        names = [r.name for r in self.rules]
        if len(set(names)) < len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise RuleError(
                translate("Options", "a rule's name is its column: {names} given twice").format(
                    names=", ".join(twice)
                )
            )
        self._compiled = [compiled(r) for r in self.rules]
        self._css = any(r.way == "css" for r in self.rules)
        self._xpath = any(r.way == "xpath" for r in self.rules)

    @property
    def queries(self) -> bool:
        """Whether some rule needs the page's tree (CSS, XPath)."""
        return self._css or self._xpath

    @classmethod
    def of(cls, extract: Iterable[str], search: Iterable[str], absent: Iterable[str]) -> Extractor:
        return cls(
            [parse_rule(t) for t in extract]
            + [parse_rule(t, search=True) for t in search]
            + [parse_rule(t, search=True, absent=True) for t in absent]
        )

    def __bool__(self) -> bool:
        return bool(self.rules)

    def run(self, html: str, trees: bool = True) -> tuple[str, list[str]]:
        """The page's values as a JSON object (``FetchRecord.extracted``), and the names of
        the rules whose regex was cut at userregex.PAGE_BUDGET (their values left empty).
        ``trees`` False (a page too big or too complex to parse: a tree of it could take
        gigabytes): the CSS and XPath rules are not run there (no value, not an empty one), the
        regexes and searches read it as ever."""
        tree = xtree = None
        if trees and self._css:
            from selectolax.lexbor import LexborHTMLParser

            tree = LexborHTMLParser(html)
        if trees and self._xpath:
            from lxml import html as lhtml

            try:
                xtree = lhtml.document_fromstring(html)
            except (ValueError, TypeError, lhtml.etree.ParserError):
                xtree = None  # an empty or unreadable document: nothing matches
        out: dict[str, str] = {}
        cut: list[str] = []
        budget = userregex.PAGE_BUDGET
        for rule, matcher in zip(self.rules, self._compiled, strict=True):
            if rule.way == "text":
                out[rule.name] = str(html.count(matcher))
            elif rule.way == "regex":
                try:
                    if rule.search:
                        out[rule.name] = str(len(matcher.findall(html, timeout=budget)))
                    else:
                        m = matcher.search(html, timeout=budget)
                        out[rule.name] = (m.group(1) if m.re.groups else m.group(0)) if m else ""
                except TimeoutError:
                    out[rule.name] = ""
                    cut.append(rule.name)
            elif not trees:
                continue
            elif rule.way == "css":
                node = tree.css_first(matcher) if tree is not None else None
                if node is None:
                    out[rule.name] = ""
                elif rule.attr:
                    out[rule.name] = node.attributes.get(rule.attr) or ""
                else:
                    out[rule.name] = " ".join(node.text(separator=" ").split())
            else:
                out[rule.name] = _xpath_value(matcher, xtree)
        values = json.dumps({k: v[:MAX_VALUE] for k, v in out.items()}, ensure_ascii=False)
        return values, cut


def _xpath_value(xpath: Any, tree: Any) -> str:
    if tree is None:
        return ""
    found = xpath(tree)
    if isinstance(found, list):
        if not found:
            return ""
        found = found[0]
    if hasattr(found, "text_content"):
        return " ".join(found.text_content().split())
    if isinstance(found, bool):
        return "true" if found else "false"
    if isinstance(found, float) and found.is_integer():
        return str(int(found))
    return " ".join(str(found).split())


def values(extracted: str) -> dict[str, str]:
    """A record's values by rule name (none: {}; a rule not run on the page has none)."""
    if not extracted:
        return {}
    try:
        found = json.loads(extracted)
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}
