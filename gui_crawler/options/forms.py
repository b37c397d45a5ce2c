"""The forms a text option's value must have: one line, a regular expression, a header, a cookie,
user:password, a proxy URL, an extraction or search rule. Each check says why a value is not of
its form, for a person, without repeating the value (it may be a password)."""

from __future__ import annotations

import re
from collections.abc import Callable

from gui_crawler.base import userregex
from gui_crawler.base.translate import OPTIONS as SAID_IN
from gui_crawler.base.translate import translate


def regex_error(pattern: str) -> str | None:
    """Why ``pattern`` is not a regular expression (as the crawl reads them: userregex), or
    None."""
    return userregex.problem(pattern)


def item_problem(form: str, text: str) -> str | None:
    """Why ``text`` is not a value of the ``form`` (FORMS), for a person; the value itself is not
    repeated: it may be a password."""
    if not one_line(text):
        return translate(SAID_IN, "must be one non-empty line")
    check = FORMS.get(form)
    return check(text.strip()) if check else None


def _header(text: str) -> str | None:
    name, colon, _ = text.partition(":")
    if not colon or not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name.strip()):
        return translate(SAID_IN, "must be 'Name: value' (a header name, a colon, its value)")
    if name.strip().lower() in ("host", "content-length", "transfer-encoding", "connection"):
        return translate(
            SAID_IN, "cannot set the {header} header: the crawler sets it for each request"
        ).format(header=name.strip())
    return None


def _cookie(text: str) -> str | None:
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or any(c in name + value for c in ";,"):
        return translate(
            SAID_IN, "must be 'name=value' (one cookie; give the option again for another)"
        )
    return None


def _user_password(text: str) -> str | None:
    user, colon, _ = text.partition(":")
    return None if colon and user else translate(SAID_IN, "must be 'user:password'")


def _proxy(text: str) -> str | None:
    scheme, sep, rest = text.partition("://")
    host = rest.split("/", 1)[0].rpartition("@")[2]
    if not sep or scheme.lower() != "http" or not host:
        return translate(
            SAID_IN,
            "must be an http:// proxy URL (user:password@ before its host if it needs them)",
        )
    # As aiohttp reads it when the crawl starts (an invalid port was a traceback there). yarl's
    # words are not repeated: they could quote the URL, password and all.
    import yarl

    try:
        url = yarl.URL(text)
        port, named = url.port, url.raw_host
    except ValueError as e:
        if "port" in str(e).lower():
            return translate(SAID_IN, "has an invalid port (1 to 65535)")
        return translate(SAID_IN, "is not a valid URL (http://[user:password@]host:port)")
    if not port or port > 65535:
        return translate(SAID_IN, "has an invalid port (1 to 65535)")
    if not named or any(c.isspace() for c in named):
        return translate(SAID_IN, "has an invalid host name")
    return None


def status_ranges(text: str) -> tuple[tuple[int, int], ...]:
    """The statuses of ``--accept-status``: ``403, 429, 500-599`` (commas or spaces between
    them; a range takes both ends) as ((403, 403), (429, 429), (500, 599)); ValueError saying
    what is wrong. Statuses are 100 to 999."""
    out = []
    for item in text.replace(",", " ").split():
        low, dash, high = item.partition("-")
        if not (low.isdigit() and (high.isdigit() if dash else True)):
            raise ValueError(f"{item!r} is not a status or a range of them (e.g. 403 or 500-599)")
        lo, hi = int(low), int(high) if dash else int(low)
        if not 100 <= lo <= hi <= 999:
            raise ValueError(
                f"{item!r} is not within 100-999" if lo <= hi else f"{item!r} runs backwards"
            )
        out.append((lo, hi))
    return tuple(out)


def _statuses(text: str) -> str | None:
    try:
        status_ranges(text)
    except ValueError as e:
        return translate(SAID_IN, "must be statuses such as 403, 429, 500-599: {why}").format(why=e)
    return None


def _rule(search: bool = False, absent: bool = False) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        from gui_crawler.parsing.extract import rule_problem

        return rule_problem(text, search, absent)

    return check


FORMS = {
    "statuses": _statuses,
    "header": _header,
    "cookie": _cookie,
    "user_password": _user_password,
    "proxy": _proxy,
    "extract": _rule(),
    "search": _rule(search=True),
    "search_absent": _rule(search=True, absent=True),
}


def one_line(text: str) -> bool:
    """A header value: not blank, and no line break or NUL that would split or end it."""
    return bool(text.strip()) and not any(c in text for c in "\r\n\0")
