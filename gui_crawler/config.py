"""Crawl options, their defaults and their validation (shared by the CLI, the window and the store)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .urls import InvalidURL, parse_address

DEFAULT_USER_AGENT = "gui_crawler/0.1 (+https://github.com/gui-crawler)"


class ConfigError(ValueError):
    """A bad option value; the message is meant for a person (names the option)."""


@dataclass(frozen=True)
class CrawlConfig:
    roots: tuple[str, ...]
    max_tasks: int = 10
    max_redirect: int = 10
    max_tries: int = 4
    exclude: str | None = None
    include: str | None = None
    strict: bool = True
    max_pages: int = 0  # 0: no limit
    max_depth: int = 0  # 0: no limit
    timeout: float = 10.0  # total seconds per try
    connect_timeout: float = 5.0
    read_timeout: float = 10.0  # longest silence while reading
    max_body: int = 10 * 1024 * 1024  # bytes, decompressed
    user_agent: str = DEFAULT_USER_AGENT
    max_retry_after: float = 10.0  # longest Retry-After we honour, seconds
    retry_backoff: float = 0.25  # first back-off; doubles each try
    progress_interval: float = 0.1
    # Politeness (real sites): see the README's "Real sites" section for why these defaults.
    per_host: int = 4  # most requests in flight to one host at a time
    delay: float = 0.0  # least seconds between two request starts to one host
    ignore_robots: bool = False
    use_sitemaps: bool = True  # robots.txt Sitemap: lines and /sitemap.xml seed the frontier
    check_external: bool = True  # HEAD (else GET) every out-of-scope link once
    max_crawl_delay: float = 30.0  # a robots.txt Crawl-delay above this is capped to it
    parse_in_thread: bool = True  # parse HTML off the event loop, keeping it free
    # Parser threads (None: one per core). Written in C, they never take the GIL (the event
    # loop's thread makes the strings), so they use the cores.
    parse_threads: int | None = None
    # Parser processes (None: one per core); 0, the default: parser threads only, which measured
    # faster on python3-doc and rust-doc, with less memory in all (bench/realsites.py).
    parse_processes: int | None = 0

    def validated(self) -> CrawlConfig:
        """Return a copy with normalised roots, or raise ConfigError naming the bad option."""
        if not self.roots:
            raise ConfigError("give at least one URL to crawl")
        roots = []
        for r in self.roots:
            try:
                roots.append(parse_address(r))
            except InvalidURL as e:
                raise ConfigError(str(e)) from None
        for name in (
            "max_tasks",
            "max_redirect",
            "max_tries",
            "max_pages",
            "max_depth",
            "max_body",
        ):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ConfigError(f"{name} must be a whole number, not {v!r}")
        if not 1 <= self.max_tasks <= 100_000:
            raise ConfigError(f"max_tasks must be between 1 and 100000, not {self.max_tasks}")
        if not 1 <= self.max_tries <= 100:
            raise ConfigError(f"max_tries must be between 1 and 100, not {self.max_tries}")
        for name in ("max_redirect", "max_pages", "max_depth"):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name} cannot be negative ({getattr(self, name)})")
        if self.max_body < 1024:
            raise ConfigError(f"max_body must be at least 1024 bytes, not {self.max_body}")
        for name, low in [
            ("timeout", 0.0),
            ("connect_timeout", 0.0),
            ("read_timeout", 0.0),
            ("progress_interval", 0.001),  # 0 would spin the loop flooding the sink
        ]:
            v = getattr(self, name)
            if not isinstance(v, int | float) or not low < v <= 3600:
                raise ConfigError(f"{name} must be between {low:g} and 3600 seconds, not {v!r}")
        for name in ("parse_threads", "parse_processes"):
            v = getattr(self, name)
            low = 1 if name == "parse_threads" else 0
            if v is not None and (
                not isinstance(v, int) or isinstance(v, bool) or not low <= v <= 256
            ):
                raise ConfigError(f"{name} must be between {low} and 256 (or unset), not {v!r}")
        if not isinstance(self.per_host, int) or not 1 <= self.per_host <= 100_000:
            raise ConfigError(f"per_host must be between 1 and 100000, not {self.per_host!r}")
        for name in ("retry_backoff", "max_retry_after", "delay", "max_crawl_delay"):
            v = getattr(self, name)
            if not isinstance(v, int | float) or not 0 <= v <= 3600:
                raise ConfigError(f"{name} must be between 0 and 3600 seconds, not {v!r}")
        for name in ("exclude", "include"):
            check_regex(name, getattr(self, name))
        if not self.user_agent.strip() or any(c in self.user_agent for c in "\r\n\0"):
            raise ConfigError("user_agent must be one non-empty line")
        return replace(self, roots=tuple(dict.fromkeys(roots)))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["roots"] = list(self.roots)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CrawlConfig:
        known = {f.name for f in fields(cls)}
        kw = {k: v for k, v in d.items() if k in known}
        kw["roots"] = tuple(kw.get("roots", ()))
        return cls(**kw)


def check_regex(name: str, pattern: str | None) -> re.Pattern[str] | None:
    """Compile an include/exclude pattern or raise ConfigError with the regex error."""
    if not pattern:
        return None
    try:
        return re.compile(pattern)
    except re.error as e:
        raise ConfigError(f"{name} is not a valid regular expression: {e}") from None
