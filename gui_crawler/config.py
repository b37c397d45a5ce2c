"""Crawl options as one value, CrawlConfig, and its validation (shared by the CLI, the window and
the store). Each field's default, type and range are its option's in options.py."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from gui_crawler.base.translate import OPTIONS as SAID_IN
from gui_crawler.base.translate import translate
from gui_crawler.base.urls import InvalidURL, parse_address
from gui_crawler.base.userregex import UrlRegex
from gui_crawler.options import CONFIG_OPTIONS, DEFAULT_USER_AGENT, Option, default, regex_error
from gui_crawler.parsing.extract import Extractor, RuleError

__all__ = ["DEFAULT_USER_AGENT", "WITHHELD", "ConfigError", "CrawlConfig", "check_regex"]

# The key of to_dict's list of the credential options given (their flags), without their values.
WITHHELD = "withheld"


class ConfigError(ValueError):
    """A bad option value; the message is meant for a person (names the option). ``option``:
    the option it is about (its field name is in the message: the CLI says ``flagged()``)."""

    def __init__(self, message: str, option: Option | None = None, problem: str = "") -> None:
        super().__init__(message)
        self.option = option
        self.problem = problem

    def flagged(self) -> str:
        """The message naming its option as ``gui-crawler crawl`` spells it (``--render-match``,
        not ``render_match``), for the command line."""
        if self.option is None or not self.option.flag():
            return str(self)
        return _named(self.option.flag(), self.problem)


def _named(name: str, problem: str) -> str:
    return translate("OptionFields", "{name} {problem}").format(name=name, problem=problem)


@dataclass(frozen=True)
class CrawlConfig:
    """The options of one crawl; what each means: options.OPTIONS."""

    roots: tuple[str, ...]
    max_tasks: int = default("max_tasks")
    max_redirect: int = default("max_redirect")
    max_tries: int = default("max_tries")
    exclude: str | None = default("exclude")
    include: str | None = default("include")
    strict: bool = default("strict")
    max_pages: int = default("max_pages")  # 0: no limit
    max_depth: int = default("max_depth")  # 0: no limit
    timeout: float = default("timeout")  # total seconds per try
    # Status rules (records/verdicts.py StatusRules): statuses counted ok, URLs only warned of.
    accept_status: str | None = default("accept_status")
    warn: str | None = default("warn")
    connect_timeout: float = default("connect_timeout")
    read_timeout: float = default("read_timeout")  # longest silence while reading
    max_body: int = default("max_body")  # bytes, decompressed
    user_agent: str = default("user_agent")
    max_retry_after: float = default("max_retry_after")  # longest Retry-After we honour
    retry_backoff: float = default("retry_backoff")  # first back-off; doubles each try
    progress_interval: float = default("progress_interval")
    # Politeness on real sites (why these defaults: docs/manual.md, What the engine does).
    per_host: int = default("per_host")  # most requests in flight to one host at a time
    delay: float = default("delay")  # least seconds between two request starts to one host
    give_up_after: float = default("give_up_after")  # a host failing every try: 0 never
    ignore_robots: bool = default("ignore_robots")
    use_sitemaps: bool = default(
        "use_sitemaps"
    )  # Sitemap: lines and /sitemap.xml seed the frontier
    checks: bool = default("checks")  # the auditor's page checks (parsing/pagechecks.py)
    check_external: bool = default("check_external")  # HEAD (else GET) every out-of-scope link once
    max_crawl_delay: float = default("max_crawl_delay")  # a longer Crawl-delay is capped to it
    parse_in_thread: bool = default("parse_in_thread")  # parse HTML off the event loop
    parse_threads: int | None = default("parse_threads")  # None: one per core
    parse_processes: int | None = default("parse_processes")  # None: one per core; 0: none
    list_mode: bool = default("list_mode")  # check the roots, follow links only to max_depth
    # Custom extraction and search rules (parsing/extract.py), as typed.
    extract: tuple[str, ...] = default("extract")
    search: tuple[str, ...] = default("search")
    search_absent: tuple[str, ...] = default("search_absent")
    # JavaScript (gui_crawler/render): "off", "auto" or "all"; which pages, how long, how many
    # at once, which browser.
    render: str = default("render")
    render_match: str | None = default("render_match")
    render_timeout: float = default("render_timeout")
    render_tabs: int = default("render_tabs")  # 0: from the cores
    browser: str | None = default("browser")
    # Sites behind a login (crawl/access.py): sent to the roots' hosts only; credentials, so
    # never in a repr (a log), and never in to_dict (a crawl file).
    headers: tuple[str, ...] = field(default=default("headers"), repr=False)
    cookies: tuple[str, ...] = field(default=default("cookies"), repr=False)
    auth: str | None = field(default=default("auth"), repr=False)
    proxy: str | None = field(default=default("proxy"), repr=False)

    def validated(self) -> CrawlConfig:
        """Return a copy with normalised roots, or raise ConfigError naming the bad option."""
        if not self.roots:
            raise ConfigError(translate(SAID_IN, "give at least one URL to crawl"))
        roots = []
        for r in self.roots:
            try:
                roots.append(parse_address(r))
            except InvalidURL as e:
                raise ConfigError(str(e)) from None
        for opt in CONFIG_OPTIONS:
            why = opt.problem(getattr(self, opt.name))
            if why:
                raise ConfigError(_named(translate(SAID_IN, opt.name), why), opt, why)
        try:
            self.extractor()
        except RuleError as e:
            raise ConfigError(str(e)) from None
        return replace(self, roots=tuple(dict.fromkeys(roots)))

    def extractor(self) -> Extractor:
        """The crawl's custom extraction and search (empty: falsy); RuleError if unusable."""
        return Extractor.of(self.extract, self.search, self.search_absent)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON takes them, credentials left out: a crawl file keeps these, and
        a resumed crawl is given its credentials again."""
        d = asdict(self)
        d["roots"] = list(self.roots)
        for opt in CONFIG_OPTIONS:
            if opt.secret:
                del d[opt.name]
        d[WITHHELD] = self.withheld()  # which were given, never their values
        return d

    def withheld(self) -> list[str]:
        """The credential options this crawl was given (their flags), which to_dict leaves out."""
        return [o.flag() for o in CONFIG_OPTIONS if o.secret and getattr(self, o.name)]

    @classmethod
    def from_dict(cls, d: object) -> CrawlConfig:
        """The options to_dict made (a crawl file's); ConfigError saying what is wrong with
        them when they are not (a damaged or hand-edited file). validated() checks the values."""
        if not isinstance(d, dict):
            raise ConfigError(
                translate(SAID_IN, "its options are {kind}, not a JSON object").format(
                    kind=_json_kind(d)
                )
            )
        known = {f.name for f in fields(cls)}
        kw = {k: v for k, v in d.items() if k in known}
        roots = kw.get("roots", [])
        if not isinstance(roots, list):
            raise ConfigError(
                translate(SAID_IN, "its roots are {kind}, not a list of URLs").format(
                    kind=_json_kind(roots)
                )
            )
        for root in roots:
            if not isinstance(root, str):
                raise ConfigError(
                    translate(SAID_IN, "one of its roots is {kind}, not a URL").format(
                        kind=_json_kind(root)
                    )
                )
        kw["roots"] = tuple(roots)
        for opt in CONFIG_OPTIONS:  # JSON has lists where the options hold tuples
            if opt.kind == "lines" and isinstance(kw.get(opt.name), list):
                kw[opt.name] = tuple(kw[opt.name])
        return cls(**kw)


def _json_kind(value: object) -> str:
    """What a JSON value is, in a few words (never the value: it could be anything, at length)."""
    if isinstance(value, list):
        return translate(SAID_IN, "a list of {n}").format(n=len(value))
    words = {dict: translate(SAID_IN, "an object"), str: translate(SAID_IN, "text"),
             bool: translate(SAID_IN, "true or false"), int: translate(SAID_IN, "a number"),
             float: translate(SAID_IN, "a number"), type(None): "null"}  # fmt: skip
    return words.get(type(value), type(value).__name__)


def check_regex(name: str, pattern: str | None) -> UrlRegex | None:
    """An include/exclude pattern, to search URLs with, or ConfigError with the regex error.
    A URL its search is cut short on (userregex.URL_BUDGET) is left out of the crawl."""
    if not pattern:
        return None
    error = regex_error(pattern)
    if error is not None:
        raise ConfigError(
            translate(SAID_IN, "{name} is not a valid regular expression: {error}").format(
                name=name, error=error
            )
        )
    return UrlRegex(pattern, f"--{name}", when_cut=name == "exclude")
