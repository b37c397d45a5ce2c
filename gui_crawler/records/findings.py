"""What each finding of the site audit is: its key, label and severity (``FINDINGS``, the order
the Overview and the report list them in), the custom findings of extraction and search rules,
the thresholds auditors set, and a finding's result (``Finding``, its ``Item`` rows, ``Count``).
``audit.Audit`` computes them from the records; ``explanations`` says what each one means."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from gui_crawler.options import default
from gui_crawler.parsing.extract import Rule
from gui_crawler.records.explanations import Explanation, explain
from gui_crawler.records.verdicts import WORDS, Verdict


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Limits past which a page is reported; the window keeps them as settings."""

    title_max: int = 60  # characters: longer titles are cut off in search results
    description_max: int = 160
    slow_seconds: float = 1.0
    large_bytes: int = 1024 * 1024
    # The command line's (options.py, group "audit"): where auditors disagree.
    title_min: int = default("title_min")
    description_min: int = default("description_min")
    alt_max: int = default("alt_max")
    image_max_kb: int = default("image_max_kb")
    url_max: int = default("url_max")
    words_min: int = default("words_min")
    similarity: int = default("similarity")  # percent

    @classmethod
    def of(cls, values: object) -> Thresholds:
        """The thresholds a command line gave (``values``: its namespace; those it lacks keep
        their defaults)."""
        names = (
            *("title_min", "description_min", "alt_max", "image_max_kb", "url_max"),
            *("words_min", "similarity"),
        )
        return cls(**{n: getattr(values, n) for n in names if getattr(values, n, None) is not None})


class Item(NamedTuple):
    """One thing a finding flags, as a row of the findings CSV (``Finding.rows``)."""

    url: str  # the page (a page's or a link's finding), the image (an image's finding)
    # The other end, where there is one: the link's target (with its #fragment), the page
    # holding the image, the canonical or hreflang target.
    source: str = ""
    # The evidence: the text, the length, the target's answer, the similar page.
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Finding:
    key: str
    label: str
    urls: tuple[str, ...]  # the URLs the finding is about (each once), in crawl order
    severity: int  # 2: error, 1: warning, 0: notice
    # Every thing it flags with its other end and evidence, for the findings that say more than
    # their URLs (a URL may have several: a page's two links to redirects); () for the others.
    items: tuple[Item, ...] = ()
    # False: not looked for (a finding of the page checks in a crawl run with --no-checks), which
    # is no "none found".
    checked: bool = True

    @property
    def count(self) -> int:
        return len(self.urls)

    def rows(self) -> tuple[Item, ...]:
        """Every thing it flags: its items, or else one per URL (no source, no detail)."""
        return self.items or tuple(Item(u) for u in self.urls)

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
    checked: bool = True  # as Finding's

    @property
    def explanation(self) -> Explanation | None:
        return explain(self.key)


# key, label, severity; the order the Overview and the report list them in. Each key is stable
# (a column of the findings CSV, scripts grep for it); explanations.py says what each one means,
# its rule and how to fix it.
FINDINGS: tuple[tuple[str, str, int], ...] = (
    # One finding per verdict but ok and redirect (verdicts.py decides them): the broken split
    # by where they are, and together as many as the CLI, the report and the status bar count.
    ("broken_internal", f"{WORDS[Verdict.BROKEN].label} internal links", 2),
    ("broken_external", f"{WORDS[Verdict.BROKEN].label} external links", 2),
    ("warning", f"{WORDS[Verdict.WARNING].label}: broken links matching --warn", 1),
    ("blocked", WORDS[Verdict.BLOCKED].title, 1),
    ("timeout", WORDS[Verdict.TIMEOUT].title, 1),
    ("error", WORDS[Verdict.ERROR].title, 1),
    ("host_gave_up", "Hosts given up on (every request refused or unanswered)", 2),
    ("redirect_chain", "Redirect chains (2+ hops)", 1),
    ("redirect_loop", "Redirect loops", 2),
    # Links, each the page that carries it (its target the item's source).
    ("fragment_missing", "Links to a #fragment the target page lacks", 2),
    ("link_to_redirect", "Internal links to a redirect", 0),
    ("internal_nofollow", "Internal links marked nofollow", 1),
    ("anchor_non_descriptive", "Links whose words say nothing (click here, read more…)", 0),
    ("anchor_missing", "Internal links without words", 1),
    ("unsafe_cross_origin", 'target="_blank" to another host without noopener', 1),
    ("title_missing", "Title missing", 2),
    ("title_duplicate", "Title duplicated", 1),
    ("title_long", "Title too long", 0),
    ("title_too_short", "Title too short", 0),
    ("title_same_as_h1", "Title the same as the H1", 0),
    ("title_multiple", "Several <title>", 1),
    ("description_missing", "Meta description missing", 1),
    ("description_duplicate", "Meta description duplicated", 1),
    ("description_long", "Meta description too long", 0),
    ("description_too_short", "Meta description too short", 0),
    ("description_multiple", "Several meta descriptions", 1),
    ("h1_missing", "H1 missing", 1),
    ("h1_multiple", "Several H1", 0),
    ("h2_missing", "H2 missing", 0),
    ("headings_non_sequential", "Heading levels skipped (h1 → h3…)", 0),
    ("noindex", "Noindex", 0),
    ("meta_nofollow", "Nofollow (meta robots or X-Robots-Tag)", 0),
    ("canonicalised", "Canonicalised elsewhere", 0),
    ("canonical_invalid", "Canonical not http(s)", 1),
    ("canonical_missing", "Canonical missing", 0),
    ("canonical_non_200", "Canonical target not 200", 2),
    ("canonical_chain", "Canonical target canonicalised elsewhere", 1),
    ("canonical_multiple", "Several different canonicals", 2),
    ("canonical_relative", "Canonical written as a relative URL", 0),
    ("canonical_outside_head", "Canonical outside <head>", 2),
    ("hreflang_invalid_code", "Hreflang code not a language", 2),
    ("hreflang_missing_x_default", "Hreflang without x-default", 0),
    ("hreflang_non_200", "Hreflang target not 200", 2),
    ("hreflang_missing_return", "Hreflang target without a link back", 1),
    ("duplicate_content", "Exact duplicate pages", 1),
    ("near_duplicate", "Near duplicate pages", 1),
    ("low_content", "Low content (few words)", 0),
    ("lorem_ipsum", "Placeholder text (lorem ipsum)", 2),
    ("structured_data_parse_error", "Structured data that does not parse", 2),
    ("structured_data_missing_required", "Structured data missing required properties", 1),
    ("viewport_missing", "Viewport meta tag missing", 1),
    ("og_missing", "Open Graph tags missing", 0),
    ("security_headers_missing", "Security headers missing", 0),
    # Images: each the image (the page holding it the item's source).
    ("img_missing_alt", "Images without alt", 1),
    ("img_alt_too_long", "Image alt text too long", 0),
    ("img_missing_size", "Images without width and height", 0),
    ("img_over_100kb", "Internal images too heavy", 1),
    # URLs, as the crawl normalised them.
    ("url_uppercase", "URLs with upper-case letters", 0),
    ("url_underscore", "URLs with underscores", 0),
    ("url_non_ascii", "URLs with non-ASCII characters", 0),
    ("url_parameters", "URLs with query parameters", 0),
    ("url_over_115", "URLs too long", 0),
    ("url_multiple_slashes", "URLs with repeated slashes in the path", 1),
    ("slow", "Slow pages", 1),
    ("large", "Large pages", 0),
    ("orphan", "In sitemap, never linked (orphans)", 1),
    ("sitemap_non200", "Non-200 in sitemap", 2),
    ("sitemap_noindex", "Noindex in sitemap", 2),
    # JavaScript (--render): what rendering changed (render/rendered.py keeps it in the record).
    ("js_links", "Links only after JavaScript", 0),
    ("js_changed", "Title, description, H1, canonical or robots changed by JavaScript", 0),
    ("js_noindex", "Noindex only after JavaScript", 2),
    ("js_errors", "JavaScript errors", 1),
    ("js_failed", "Failed requests of rendered pages", 2),
    ("js_not_rendered", "Rendering failed or cut short", 1),
)
LABELS = {key: label for key, label, _ in FINDINGS}
# The findings of the auditor's page checks: what the parse reads for them alone (a page's checks,
# ids and MinHash: parsing/pagechecks.py), which a crawl with --no-checks does not read. Those of
# links, answers, titles, descriptions, H1s, canonicals and URLs are found either way.
CHECKS_FINDINGS = frozenset(
    {
        *("fragment_missing", "internal_nofollow", "anchor_non_descriptive", "anchor_missing"),
        *("unsafe_cross_origin", "title_multiple", "description_multiple", "h2_missing"),
        *("headings_non_sequential", "canonical_missing", "canonical_multiple"),
        *("canonical_relative", "canonical_outside_head", "hreflang_invalid_code"),
        *("hreflang_missing_x_default", "hreflang_non_200", "hreflang_missing_return"),
        *("near_duplicate", "lorem_ipsum", "structured_data_parse_error"),
        *("structured_data_missing_required", "viewport_missing", "og_missing"),
        *("img_missing_alt", "img_alt_too_long", "img_missing_size"),
    }
)
# What a finding of the page checks says in a crawl run without them.
NOT_CHECKED = "not checked (the crawl ran with --no-checks)"
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
