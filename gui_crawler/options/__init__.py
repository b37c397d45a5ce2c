"""Every option of gui-crawler, written once: name, type, default, range, command-line spellings,
settings label and tooltip, group, and whether a resumed crawl may change it.

Made from this table (no Qt here; the Qt side reads it too):

* ``CrawlConfig``'s defaults and ``CrawlConfig.validated``'s types and ranges (config.py);
* the parsers of ``gui-crawler crawl`` (cli/headless.py) and of the window's ``gui-crawler`` (ui/app.py);
* the settings panel's fields, their ranges, steps, suffixes and tooltips (option_fields.py), and
  their QSettings keys, each stored value read back against its option's type and range
  (stored.py);
* which options ``--resume`` takes (``resume``) and which CrawlConfig fields an option also sets
  (``also``: the timeout is the longest silence while reading too);
* the README's tables of options (``tables.markdown``; cli/readme.py writes them into the README).

Its modules: ``forms`` checks a text value's form (a header, a cookie, a proxy URL, a rule);
``arguments`` makes the command lines' parsers; ``tables`` writes the README's tables.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from gui_crawler.base.translate import OPTIONS as SAID_IN
from gui_crawler.base.translate import translate
from gui_crawler.options.forms import item_problem, one_line, regex_error

DEFAULT_USER_AGENT = "gui_crawler/0.1 (+https://github.com/gui-crawler)"

Kind = Literal["int", "float", "bool", "count", "text", "regex", "file", "lines"]
Command = Literal["crawl", "window"]

# Groups: CrawlConfig's fields, in the settings panel's form ("crawl"), in its Politeness box
# ("politeness") or nowhere but CrawlConfig ("internal": tests and benchmarks tune them); options
# of one run of ``gui-crawler crawl`` ("run"); options of the window's command line ("window").
CONFIG_GROUPS = ("crawl", "checking", "politeness", "access", "extract", "render", "internal")


@dataclass(frozen=True)
class Option:
    """One option; the fields a kind or a group does not use keep their defaults."""

    name: str  # CrawlConfig's field, or the argparse dest of a run/window option
    kind: Kind
    default: Any
    help: str  # one line: --help, the README, the settings field's tooltip
    group: str = "crawl"
    low: int | float | None = None  # the range, both ends allowed (numbers)
    high: int | float | None = None
    nullable: bool = False  # None is a value too ("unset")
    # ``gui-crawler crawl``'s spellings; the first is shown, the others (the chapter's
    # underscores) work too. A spelling without a dash is a positional argument's name.
    flags: tuple[str, ...] = ()
    off: tuple[str, ...] = ()  # spellings that turn a yes/no option off
    off_help: str = ""
    window_flags: tuple[str, ...] = ()  # ``gui-crawler``'s (the window's) spellings
    nargs: str | None = None  # a positional argument's
    metavar: str | None = None
    doc: str = ""  # more words for the README only (Markdown)
    resume: bool = False  # ``--resume`` may give it: it does not change which URLs are taken in
    also: tuple[str, ...] = ()  # other CrawlConfig fields that take this option's value
    # The settings panel: the label (& marks the shortcut; a check box's text), a tooltip longer
    # than ``help``, the attribute the field is kept in and its QSettings key (both: the name).
    label: str = ""
    tooltip: str = ""
    widget: str = ""
    key: str = ""
    step: float = 1
    decimals: int = 0
    suffix: str = ""  # unit after the number (" s": seconds)
    special: str = ""  # what the lowest value means ("no limit")
    placeholder: str = ""
    # A combo box's (text, value) items; for a "text" option, its only values (the command
    # line's choices).
    choices: tuple[tuple[str, Any], ...] = ()
    shown_default: str = ""  # how the README says the default where the value says little
    # A credential (a password, a cookie, a header's value): kept in memory only, never written
    # to a crawl file, a settings file, a CSV, a report or a log.
    secret: bool = False
    form: str = ""  # what each value must look like: a key of FORMS ("header", "proxy"…)
    # A credential's other sources, out of sight of ``ps`` (cli/secrets.py): the environment
    # variable read when the command line gives it neither way, and what separates its values
    # (a repeatable option's); a file option's ``fills``: the credential its FILE holds.
    env: str = ""
    env_split: str = ""
    fills: str = ""

    # ---- where it is ---------------------------------------------------------------------------

    @property
    def in_config(self) -> bool:
        return self.group in CONFIG_GROUPS

    @property
    def field(self) -> str:
        """The settings panel's attribute holding the option's field."""
        return self.widget or self.name

    @property
    def settings_key(self) -> str:
        """The QSettings key (in the ``crawl`` group) the field is remembered under."""
        return self.key or self.field

    def spellings(self, command: Command) -> tuple[str, ...]:
        return self.flags + self.off if command == "crawl" else self.window_flags

    def flag(self, command: Command = "crawl", value: Any = None) -> str:
        """The spelling shown for the option (for a yes/no one, the one that gives ``value``)."""
        if command == "crawl" and self.kind == "bool" and value is False and self.off:
            return self.off[0]
        spelled = self.spellings(command)
        return spelled[0] if spelled else ""

    # ---- values --------------------------------------------------------------------------------

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not one of this option's values (to follow its name), or None."""
        if value is None:
            if self.nullable or self.kind in ("regex", "file"):
                return None
            return translate(SAID_IN, "must be set")
        unset = translate(SAID_IN, " (or unset)") if self.nullable else ""
        if self.kind in ("int", "count"):
            if not isinstance(value, int) or isinstance(value, bool):
                return translate(SAID_IN, "must be a whole number, not {value}").format(
                    value=repr(value)
                )
            if not self.low_high_hold(value):
                return translate(
                    SAID_IN, "must be between {low} and {high}{unset}, not {value}"
                ).format(low=self.low, high=self.high, unset=unset, value=value)
        elif self.kind == "float":
            if not isinstance(value, int | float) or isinstance(value, bool):
                return translate(SAID_IN, "must be a number, not {value}").format(value=repr(value))
            if not self.low_high_hold(value):
                unit = translate(SAID_IN, " seconds") if self.suffix == " s" else ""
                return translate(
                    SAID_IN, "must be between {low} and {high}{unit}, not {value}"
                ).format(low=f"{self.low:g}", high=f"{self.high:g}", unit=unit, value=repr(value))
        elif self.kind == "bool":
            if not isinstance(value, bool):
                return translate(SAID_IN, "must be true or false, not {value}").format(
                    value=repr(value)
                )
        elif self.kind == "lines":
            if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
                return translate(SAID_IN, "must be a list of text lines, not {value}").format(
                    value=repr(value)
                )
            for item in value:
                if why := item_problem(self.form, item):
                    return why
        elif not isinstance(value, str):
            return translate(SAID_IN, "must be text, not {value}").format(value=repr(value))
        elif self.kind == "regex" and (error := regex_error(value)):
            return translate(SAID_IN, "is not a valid regular expression: {error}").format(
                error=error
            )
        elif self.kind == "text" and self.choices and value not in self.values():
            return translate(SAID_IN, "must be one of {values}, not {value}").format(
                values=", ".join(self.values()), value=repr(value)
            )
        elif self.kind == "text" and not one_line(value):
            return translate(SAID_IN, "must be one non-empty line")
        elif self.kind == "text" and (why := item_problem(self.form, value)):
            return why
        return None

    def values(self) -> tuple[Any, ...]:
        """The values of an option with choices."""
        return tuple(v for _, v in self.choices)

    def low_high_hold(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        return (self.low is None or self.low <= value) and (self.high is None or value <= self.high)

    def shown(self, value: Any) -> str:
        """A value as a person reads it (the README, --help)."""
        if value is None or value == () or self.kind == "count":
            return ""
        if self.special and value == self.low:
            return self.special
        if self.kind == "bool":
            return self.flag("crawl", value) if self.off and self.flags else ""
        if self.kind == "float":
            return f"{value:g}{self.suffix}"
        if self.kind == "int":
            return f"{value:,}{self.suffix}"
        return str(value)

    def range_text(self) -> str:
        """'1 to 100,000', '0 (no limit) to 10,000', '0.1 to 3600 s'; '' without a range."""
        if self.low is None or self.high is None:
            return ""
        to = translate(SAID_IN, "{low} to {high}")
        suffix = translate(SAID_IN, self.suffix) if self.suffix else ""
        if self.kind == "float":
            return to.format(low=f"{self.low:g}", high=f"{self.high:g}{suffix}")
        special = translate(SAID_IN, self.special) if self.special else ""
        low = f"{self.low:,}" + (f" ({special})" if special else "")
        return to.format(low=low, high=f"{self.high:,}{suffix}")

    def env_words(self) -> str:
        """ " (or $GUI_CRAWLER_HEADER, one a line)": the environment variable, for --help and the
        README; "" for an option without one."""
        if not self.env:
            return ""
        split = {"\n": ", one a line", ";": ", separated by ; as in a Cookie header"}
        return f" (or ${self.env}{split.get(self.env_split, '')})"

    def tip(self) -> str:
        """The settings field's tooltip: what it does, its range and its command-line flag."""
        text = fill(translate(SAID_IN, self.tooltip or self.help))
        text = text[:1].upper() + text[1:]
        facts = [self.range_text()] if self.range_text() else []
        spelled = [*self.flags[:1], *self.off[:1]]
        if spelled:
            facts.append("gui-crawler crawl " + " / ".join(spelled))
        return text + ("\n" + "; ".join(facts) if facts else "")


def seconds(name: str, default: float, help: str, low: float = 0.0) -> Option:
    """A CrawlConfig-only duration, up to an hour."""
    return Option(name, "float", default, help, "internal", low, 3600.0, suffix=" s")


# fmt: off
OPTIONS: tuple[Option, ...] = (
    # ---- the crawl: the settings panel's form ----------------------------------------------------
    Option(
        "max_tasks", "int", 10, "worker coroutines (concurrent fetches)",
        # 20,000: what the own_limits bench (docs/performance-history.md) crawled a loopback site with (every page found, the
        # workers fetching at once lowered as the machine requires: crawl/concurrency.py); one host
        # has at most ~28,000 local ports to give, and one event loop drives far fewer.
        low=1, high=20_000, flags=("--max-tasks", "--max_tasks"), window_flags=("--workers",),
        metavar="N", resume=True, label="&Workers", widget="workers",
        tooltip="worker coroutines (concurrent fetches); can be changed while a crawl runs",
    ),
    Option(
        "max_redirect", "int", 10, "redirect hops per chain",
        low=0, high=100, flags=("--max-redirect", "--max_redirect"), metavar="N",
        label="Max &redirects",
    ),
    Option(
        "max_tries", "int", 4, "tries per URL on connection errors, timeouts, 429 and 503",
        low=1, high=100, flags=("--max-tries", "--max_tries"), metavar="N", label="Max &tries",
        doc="(with back-off; `Retry-After` honoured up to {max_retry_after}); a host name that "
        "does not exist is not tried again",
    ),
    Option(
        "max_pages", "int", 0, "take in at most N URLs",
        low=0, high=1_000_000_000, special="no limit", flags=("--max-pages", "--max_pages"),
        metavar="N", label="Max &pages",
    ),
    Option(
        "max_depth", "int", 0, "follow links at most N levels from a root",
        low=0, high=10_000, special="no limit", flags=("--max-depth", "--max_depth"),
        metavar="N", label="Max &depth",
    ),
    Option(
        "exclude", "regex", None, "skip URLs matching this regex (searched in the URL)",
        flags=("--exclude",), metavar="REGEX", label="E&xclude",
        placeholder=r"regex, e.g. \.(pdf|zip)$",
    ),
    Option(
        "include", "regex", None, "only follow URLs matching this regex (searched in the URL)",
        flags=("--include",), metavar="REGEX", label="&Include",
        placeholder="regex a URL must match",
    ),
    Option(
        "user_agent", "text", DEFAULT_USER_AGENT, "User-Agent header",
        flags=("--user-agent", "--user_agent"), metavar="UA", resume=True, label="&User agent",
        doc="(robots.txt groups are matched against its product tokens, e.g. `gui_crawler`)",
    ),
    Option(
        "strict", "bool", True, "same host as a root (modulo www., same explicit port)",
        flags=("--strict",), off=("--lenient",),
        off_help="any host in a root's domain (its last two labels)",
        label="&Scope", widget="scope", key="strict",
        choices=(("strict: same host", True), ("lenient: same domain", False)),
    ),
    Option(
        "timeout", "float", 10.0, "seconds per try, and longest silence while reading",
        low=0.1, high=3600.0, suffix=" s", decimals=1, flags=("--timeout",), metavar="S",
        resume=True, also=("read_timeout",), label="Time&out",
    ),
    # ---- link checking: the settings panel's Checking box ---------------------------------------
    Option(
        "accept_status", "text", None, "count these statuses as ok (e.g. 403,429 or 200-299): "
        "not broken, not blocked, in every count and the exit code", group="checking",
        flags=("--accept-status",), metavar="CODES", nullable=True, resume=True, form="statuses",
        label="&Accept statuses", placeholder="e.g. 403, 429, 500-599",
        doc="(an answer whose status is listed is ok, a bot wall's 403 too; a failure beyond "
        "the status is not: a redirect loop, a page over the size limit)",
    ),
    Option(
        "checks", "bool", True, "run the auditor's page checks (images, headings, fragments, "
        "canonicals, hreflang, structured data, near duplicates…)", group="checking",
        flags=("--checks",), off=("--no-checks",),
        off_help="links only: skip the auditor's page checks (their findings say not checked); "
        "the fastest link check", label="Run the page checks (fragments, images, headings…)",
        doc="(links, their words, titles, descriptions, H1s and canonicals are read either way)",
    ),
    Option(
        "warn", "regex", None, "a broken URL matching this regex (searched in the URL) is a "
        "warning: listed, not failing the crawl (exit code 0)", group="checking",
        flags=("--warn",), metavar="REGEX", resume=True, label="&Warn only",
        placeholder=r"regex, e.g. ^https?://(www\.)?linkedin\.com/",
    ),
    # ---- real sites: the settings panel's Politeness box -----------------------------------------
    Option(
        "per_host", "int", 4, "most requests in flight to one host", group="politeness",
        low=1, high=100_000, flags=("--per-host", "--per_host"), metavar="N", label="Per &host",
        doc="(see *Real sites*)",
    ),
    Option(
        "delay", "float", 0.0, "least seconds between two requests to one host; robots.txt "
        "Crawl-delay raises it (up to {max_crawl_delay})",
        group="politeness", low=0.0, high=3600.0, suffix=" s", decimals=2, step=0.25,
        flags=("--delay",), metavar="S", label="De&lay",
    ),
    Option(
        "give_up_after", "float", 60.0, "give up on a host whose every request failed (429, "
        "503, no answer) for S seconds: its URLs are recorded at once, unfetched",
        group="politeness", low=0.0, high=3600.0, suffix=" s", decimals=1, step=10,
        special="never", flags=("--give-up-after",), metavar="S",
        label="&Give up after",
        doc="(at least 5 tries in a row; a host throttling a crawl to a few URLs a minute took "
        "hours; the Overview's finding lists them)",
    ),
    Option(
        "ignore_robots", "bool", False, "do not read robots.txt (for your own site)",
        group="politeness", flags=("--ignore-robots", "--ignore_robots"),
        label="Ignore robots.txt (your own site only)",
    ),
    Option(
        "use_sitemaps", "bool", True,
        "seed the crawl from robots.txt Sitemap: lines and /sitemap.xml",
        group="politeness", flags=("--sitemaps",), off=("--no-sitemaps",),
        off_help="do not seed the crawl from sitemaps", label="Read sitemaps",
    ),
    Option(
        "check_external", "bool", True, "check every off-site link once (HEAD, else GET)",
        group="politeness", flags=("--check-external", "--check_external"),
        off=("--no-external",), off_help="never contact off-site URLs",
        label="Check external links (HEAD, once each)",
    ),
    # ---- sites behind a login: the settings panel's Login box --------------------------------------
    Option(
        "headers", "lines", (), "send this header ('Name: value') to the roots' hosts; "
        "repeatable", group="access", flags=("--header",), metavar="'NAME: VALUE'",
        resume=True, secret=True, form="header", label="Headers",
        tooltip="headers sent with every request to the roots' hosts, one 'Name: value' a line",
        placeholder="Name: value, one a line", env="GUI_CRAWLER_HEADER", env_split="\n",
    ),
    Option(
        "header_file", "file", None, "send the headers of FILE ('Name: value', one a line) as "
        "--header does", group="run", flags=("--header-file",), metavar="FILE", resume=True,
        fills="headers",
    ),
    Option(
        "cookies", "lines", (), "send this cookie ('name=value') to the roots' hosts; repeatable",
        group="access", flags=("--cookie",), metavar="NAME=VALUE", resume=True, secret=True,
        form="cookie", label="Cookies",
        tooltip="cookies sent with every request to the roots' hosts, one name=value a line",
        placeholder="name=value, one a line", env="GUI_CRAWLER_COOKIE", env_split=";",
    ),
    Option(
        "cookie_file", "file", None, "send the cookies of FILE (name=value, one a line) as "
        "--cookie does", group="run", flags=("--cookie-file",), metavar="FILE", resume=True,
        fills="cookies",
    ),
    Option(
        "auth", "text", None, "HTTP basic authentication ('user:password') for the roots' hosts",
        group="access", flags=("--auth",), metavar="USER:PASSWORD", nullable=True, resume=True,
        secret=True, form="user_password", label="Basic auth", placeholder="user:password",
        env="GUI_CRAWLER_AUTH",
    ),
    Option(
        "auth_file", "file", None, "read --auth's user:password from FILE (its one line)",
        group="run", flags=("--auth-file",), metavar="FILE", resume=True, fills="auth",
    ),
    Option(
        "proxy", "text", None, "send every request through this HTTP proxy "
        "(http://[user:password@]host:port)", group="access", flags=("--proxy",), metavar="URL",
        nullable=True, resume=True, secret=True, form="proxy", label="Proxy",
        placeholder="http://host:port", env="GUI_CRAWLER_PROXY",
    ),
    Option(
        "proxy_file", "file", None, "read --proxy's URL from FILE (its one line)", group="run",
        flags=("--proxy-file",), metavar="FILE", resume=True, fills="proxy",
    ),
    Option(
        "no_proxy", "bool", False, "send no request through a proxy, whatever "
        "$GUI_CRAWLER_PROXY says; a crawl started with a proxy is resumed and re-checked only "
        "through one (given again) unless told this", group="run", flags=("--no-proxy",),
        resume=True,
    ),
    # ---- custom extraction and search: the settings panel's Extraction box ------------------------
    Option(
        "extract", "lines", (), "add a column NAME with a value of each page: css:SELECTOR (its "
        "text; SELECTOR@attr: an attribute), xpath:EXPR or regex:PATTERN; repeatable",
        group="extract", flags=("--extract",), metavar="NAME=HOW:WHAT", form="extract",
        label="Extract", placeholder="price=css:.price  (one rule a line)",
        tooltip="a column of a value of each page, one NAME=css:SELECTOR, NAME=xpath:EXPR or "
        "NAME=regex:PATTERN a line (SELECTOR@attr: an attribute)",
    ),
    Option(
        "search", "lines", (), "add a column NAME counting TEXT (or regex:PATTERN) in each "
        "page's HTML; its finding: the pages that have it; repeatable", group="extract",
        flags=("--search",), metavar="NAME=TEXT", form="search", label="Search",
        placeholder="analytics=gtag(  (one a line)",
    ),
    Option(
        "search_absent", "lines", (), "like --search; its finding: the pages without it",
        group="extract", flags=("--search-absent",), metavar="NAME=TEXT", form="search_absent",
        label="Search (absent)", placeholder="consent=cookie-banner  (one a line)",
    ),
    # ---- the audit's thresholds: what the outputs of this run flag (records/audit.py) -------------
    Option(
        "title_min", "int", 30, "a <title> shorter than N characters is too short",
        group="audit", low=1, high=1000, flags=("--title-min",), metavar="N", resume=True,
    ),
    Option(
        "description_min", "int", 70, "a meta description shorter than N characters is too short",
        group="audit", low=1, high=5000, flags=("--description-min",), metavar="N", resume=True,
    ),
    Option(
        "alt_max", "int", 100, "an image's alt text longer than N characters is too long",
        # The parse lists the alts longer than the lowest of these (parsing/pagechecks.ALT_FLOOR).
        group="audit", low=50, high=10_000, flags=("--alt-max",), metavar="N", resume=True,
    ),
    Option(
        "image_max_kb", "int", 100, "an internal image bigger than N KB is too heavy",
        group="audit", low=1, high=1_000_000, flags=("--image-max-kb",), metavar="N",
        resume=True, suffix=" KB",
    ),
    Option(
        "url_max", "int", 115, "a URL longer than N characters is too long",
        group="audit", low=10, high=100_000, flags=("--url-max",), metavar="N", resume=True,
    ),
    Option(
        "words_min", "int", 200, "a page with fewer than N words of visible text has low content",
        group="audit", low=1, high=1_000_000, flags=("--words-min",), metavar="N", resume=True,
    ),
    Option(
        "similarity", "int", 90, "pages whose visible text is at least N% alike are near "
        "duplicates", group="audit", low=50, high=99, flags=("--similarity",), metavar="N",
        resume=True, suffix="%",
    ),
    # ---- JavaScript: the settings panel's JavaScript box ---------------------------------------------
    Option(
        "render", "text", "off", "load pages in a headless Chromium and parse their rendered DOM "
        "too: off, auto (pages whose HTML looks like an application shell) or all (every HTML "
        "page of the site)", group="render", flags=("--render",), metavar="MODE",
        label="&Render", widget="render_mode", resume=False,
        choices=(("off: the HTML as sent", "off"), ("auto: pages that look like an app shell",
                 "auto"), ("all: every HTML page of the site", "all")),
        doc="(see *JavaScript*; needs Chromium and `gui_crawler[render]`)",
    ),
    Option(
        "render_match", "regex", None, "render only the pages whose URL matches this regex",
        group="render", flags=("--render-match",), metavar="REGEX", label="Render &only",
        placeholder="regex a page's URL must match to be rendered",
    ),
    Option(
        "render_timeout", "float", 5.0, "seconds a rendered page may take to load and settle "
        "(one that never settles keeps what it rendered, with a note)", group="render",
        low=0.5, high=600.0, suffix=" s", decimals=1, flags=("--render-timeout",), metavar="S",
        resume=True, label="Render ti&meout",
    ),
    Option(
        "render_tabs", "int", 0, "pages rendered at once, on top of the fetch workers",
        group="render", low=0, high=64, special="from the cores", flags=("--render-tabs",),
        metavar="N", resume=True, label="Render &tabs",
        doc="(from the cores: 4 a core, at most 8)",
    ),
    Option(
        "browser", "text", None, "the Chromium or Chrome to render with (unset: found by its "
        "usual names)", group="render", flags=("--browser",), metavar="PATH", nullable=True,
        resume=True, label="&Browser", placeholder="/usr/bin/chromium (found by name if empty)",
    ),
    # ---- CrawlConfig only -------------------------------------------------------------------------
    seconds("connect_timeout", 5.0, "seconds to connect", low=0.1),
    seconds("read_timeout", 10.0, "longest silence while reading", low=0.1),
    Option(
        "max_body", "int", 10 * 1024 * 1024, "bytes of a body read, decompressed",
        group="internal", low=1024, high=1 << 40,
    ),
    seconds("max_retry_after", 10.0, "longest Retry-After honoured"),
    seconds("retry_backoff", 0.25, "first back-off; it doubles each try"),
    # Not 0: the loop would spin, flooding the sink.
    seconds("progress_interval", 0.1, "seconds between progress events", low=0.001),
    seconds("max_crawl_delay", 30.0, "longest robots.txt Crawl-delay honoured (longer: capped)"),
    Option("parse_in_thread", "bool", True, "parse HTML off the event loop", group="internal"),
    # List mode (``--list``): the roots are the list; their links are followed only as deep as
    # max_depth says (0: not at all), and no sitemap adds URLs to it.
    Option("list_mode", "bool", False, "check only the roots (and max_depth levels of links)",
           group="internal"),
    # Parser threads (unset: one per core). Written in C, they never take the GIL (the event
    # loop's thread makes the strings), so they use the cores.
    Option(
        "parse_threads", "int", None, "parser threads (unset: one per core)",
        group="internal", low=1, high=256, nullable=True,
    ),
    # Parser processes (unset: one per core); 0, the default: parser threads only, which measured
    # faster on python3-doc and rust-doc, with less memory in all (bench/realsites.py).
    Option(
        "parse_processes", "int", 0, "parser processes (unset: one per core; 0: none)",
        group="internal", low=0, high=256, nullable=True,
    ),
    # ---- one run of gui-crawler crawl -------------------------------------------------------------
    Option(
        "roots", "text", (), "root URLs (http:// is added if missing)", group="run",
        flags=("URL",), nargs="*",
    ),
    Option("demo", "bool", False, "crawl the built-in demo site (offline)", group="run",
           flags=("--demo",)),
    Option(
        "list", "file", None, "check exactly the URLs listed in FILE (one a line; - reads "
        "standard input; a sitemap file or URL: its URLs), following their redirects, not their "
        "links (--max-depth N: N levels of them)", group="run", flags=("--list",),
        metavar="FILE",
    ),
    Option(
        "csv", "file", None, "write one row per URL to FILE", group="run", flags=("--csv",),
        metavar="FILE", resume=True, doc="(see below)",
    ),
    Option(
        "report", "file", None, "write a one-file HTML audit report", group="run",
        flags=("--report",), metavar="FILE.html", resume=True, doc="(see *Site audit*)",
    ),
    Option(
        "findings_csv", "file", None, "write one row per (finding, URL) of every finding of the "
        "audit (finding, url, source, detail) to FILE", group="run", flags=("--findings-csv",),
        metavar="FILE", resume=True,
        doc="(`source`: the other end, e.g. the page linking to a broken URL or the other page of "
        "a duplicate; `detail`: the evidence)",
    ),
    Option(
        "broken_csv", "file", None, "write one row per (page, broken link, anchor text) to FILE",
        group="run", flags=("--broken-csv",), metavar="FILE", resume=True,
    ),
    Option(
        "links_csv", "file", None, "write one row per link of every page and stylesheet (source, "
        "target, anchor, alt, rel, nofollow, element, external, status, verdict) to FILE",
        group="run", flags=("--links-csv",), metavar="FILE", resume=True,
    ),
    Option(
        "db", "file", None, "crawl file (records and frontier) to write", group="run",
        flags=("--db",), metavar="FILE", shown_default="a new one per crawl, in the data folder",
        doc="(its folder must exist, as an output's must: a mistyped folder is refused before "
        "anything is fetched, never made)",
    ),
    Option("no_db", "bool", False, "keep no crawl file (no resume; the report and outputs are "
           "then made from every record, kept in memory)", group="run",
           flags=("--no-db",)),
    Option(
        "resume", "file", None, "continue the crawl saved in FILE with the options it was "
        "started with ({resumable} may change; other crawl options are refused)",
        group="run", flags=("--resume",), metavar="FILE", resume=True,
    ),
    Option(
        "recheck", "file", None, "fetch again the broken, blocked, timed-out and failed URLs of "
        "the crawl saved in FILE (their redirects, not their links), replacing their records; "
        "the earlier answers stay in the file's history ({resumable} may change)",
        group="run", flags=("--recheck",), metavar="FILE", resume=True,
    ),
    Option(
        "cluster", "text", None, "crawl on many machines through the Redis server at this URL: "
        "start (or continue) the crawl of these roots there, work on it as one node, and collect "
        "every node's records into this run's crawl file and outputs", group="run",
        flags=("--cluster",), metavar="redis://HOST:PORT/DB",
        doc="(other machines join with `gui-crawler cluster work`; see *Many machines*)",
    ),
    Option(
        "cluster_id", "text", None, "the crawl's name in the Redis server (default: made from "
        "the roots); crawls of other names there stay apart", group="run",
        flags=("--cluster-id",), metavar="ID",
    ),
    Option(
        "lease", "float", 30.0, "with --cluster: seconds a node may go silent before the URLs "
        "it holds go to the others", group="run", low=1.0, high=3600.0, suffix=" s",
        flags=("--lease",), metavar="S",
    ),
    Option(
        "redis_wait", "float", 300.0, "with --cluster: seconds a node goes on trying a Redis it "
        "cannot reach before it stops, saying so (what it holds goes to the others once Redis "
        "is back)", group="run", low=1.0, high=86_400.0, suffix=" s", flags=("--redis-wait",),
        metavar="S",
    ),
    Option(
        "format", "text", "text", "how the summary is printed on standard output: text (the "
        "chapter's report), or for CI pipelines json, junit (JUnit XML) or markdown: the URLs "
        "that are not ok with every page linking to them, each verdict's count, the crawl's "
        "figures (-q: only what fails the crawl; -v: every URL); exit codes are the same",
        group="run", flags=("--format",), metavar="FORMAT", resume=True,
        choices=(("text", "text"), ("JSON", "json"), ("JUnit XML", "junit"),
                 ("Markdown", "markdown")),
        doc="(see *In CI pipelines*)",
    ),
    Option("verbose", "count", 0, "list every URL (-vv: debug log)", group="run",
           flags=("-v", "--verbose"), resume=True),
    Option("quiet", "bool", False, "print only the summary line", group="run",
           flags=("-q", "--quiet"), resume=True),
    # ---- the window's command line ----------------------------------------------------------------
    Option(
        "url", "text", None, "address to pre-fill (http:// is added if missing); without one "
        "the built-in demo site is offered", group="window", window_flags=("URL",), nargs="?",
    ),
    Option(
        "open", "file", None, "open a saved crawl file: its rows, its options and what it had "
        "left to fetch (--start continues it)", group="window", window_flags=("--open",),
        metavar="FILE",
    ),
    Option("start", "bool", False, "start crawling at once (with --open: continue the crawl)",
           group="window", window_flags=("--start",)),
    Option("export", "file", None, "write the CSV of all pages when the crawl has finished",
           group="window", window_flags=("--export",), metavar="FILE"),
    Option("quit", "bool", False, "close the window when the crawl has finished",
           group="window", window_flags=("--quit",)),
    Option(
        "demo_latency", "float", 1.0, "latency scale of the demo site (0: instant)",
        group="window", low=0.0, high=100.0, window_flags=("--demo-latency",), metavar="SCALE",
    ),
)
# fmt: on

BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
CONFIG_OPTIONS = tuple(o for o in OPTIONS if o.in_config)


def option(name: str) -> Option:
    return BY_NAME[name]


def default(name: str) -> Any:
    """The option's default (CrawlConfig's fields take theirs from here)."""
    return BY_NAME[name].default


def in_group(group: str) -> tuple[Option, ...]:
    return tuple(o for o in OPTIONS if o.group == group)


def on_command(command: Command) -> tuple[Option, ...]:
    return tuple(o for o in OPTIONS if o.spellings(command))


def resumable_flags() -> list[str]:
    """The crawl options ``--resume`` may change, as spelled on the command line."""
    return [o.flag() for o in CONFIG_OPTIONS if o.resume and o.flags]


def said(names: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def fill(text: str) -> str:
    """``{name}`` in a help text: the option's default; ``{resumable}``: the flags a resume may
    change."""
    if "{" not in text:
        return text
    facts = {o.name: o.shown(o.default) for o in OPTIONS}
    facts["resumable"] = said(resumable_flags())
    return re.sub(r"\{(\w+)\}", lambda m: facts[m.group(1)], text)


def config_kwargs(values: Mapping[str, Any]) -> dict[str, Any]:
    """CrawlConfig keyword arguments from options' values: each option's fields (``also``); a
    repeatable option given no time (argparse's None) is no value."""
    kw: dict[str, Any] = {}
    for name, value in values.items():
        opt = BY_NAME[name]
        if not opt.in_config:
            continue
        if opt.kind == "lines":
            value = tuple(line.strip() for line in value or ())
        for field in (name, *opt.also):
            kw[field] = value
    return kw


# Options that say opposite things: given together, they are refused rather than one of them
# quietly winning. (name, name, why.)
_CONTINUES = "it writes to the file it continues: --db and --no-db do not apply"
_DIRECT = "--no-proxy sends no request through a proxy"
CONFLICTS: tuple[tuple[str, str, str], ...] = (
    ("no_db", "db", "--no-db keeps no crawl file"),
    ("verbose", "quiet", "-q prints the summary line only"),
    ("no_proxy", "proxy", _DIRECT),
    ("no_proxy", "proxy_file", _DIRECT),
    ("auth", "auth_file", "give the user and password one way"),
    ("proxy", "proxy_file", "give the proxy one way"),
    ("resume", "db", _CONTINUES),
    ("resume", "no_db", _CONTINUES),
    ("recheck", "db", _CONTINUES),
    ("recheck", "no_db", _CONTINUES),
)


def conflicts(values: Mapping[str, Any]) -> list[str]:
    """Why options of ``values`` (``given``'s) cannot be given together, one line a pair."""
    return [
        f"{BY_NAME[a].flag()} and {BY_NAME[b].flag()} cannot be given together: {why}"
        for a, b, why in CONFLICTS
        if a in values and b in values
    ]


def resume_refuses(values: Mapping[str, Any]) -> list[str]:
    """The flags of those of ``values`` a resumed crawl does not take."""
    return [BY_NAME[k].flag("crawl", v) for k, v in values.items() if not BY_NAME[k].resume]
