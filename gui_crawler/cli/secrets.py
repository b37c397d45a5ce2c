"""Credentials from files and environment variables, so that none need be on the command line,
where ``ps`` shows it to every user of the machine (as curl's ``-K``/``--netrc-file`` and the
proxy variables of curl and wget do).

Each credential option of the table (options.py: ``secret``) may also come from its file
option (``--auth-file FILE``…: ``fills``) and from its environment variable (``env``):

* a file holds the values one a line; blank lines and lines starting with ``#`` are skipped, and
  spaces at the ends of a line are not part of it (a ``--auth-file`` or ``--proxy-file`` holds one);
* a variable is read only when the command line gives the option neither way; an empty one is
  unset; ``GUI_CRAWLER_HEADER`` holds headers one a line, ``GUI_CRAWLER_COOKIE`` cookies as a
  ``Cookie`` header does (``a=1; b=2``);
* the headers and cookies of ``--header`` and of ``--header-file`` are sent both; ``--auth`` and
  ``--auth-file`` together are refused (options.CONFLICTS), and so are ``--proxy`` and
  ``--proxy-file``; ``--no-proxy`` is no proxy, whatever ``GUI_CRAWLER_PROXY`` says.

The values go where the command line's go (CrawlConfig's credential fields), which no crawl file,
settings file, output or log holds; a message about one names its source, never the value.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from gui_crawler.options import OPTIONS, Option, item_problem


class SecretError(ValueError):
    """A credential's file or variable cannot be used; the message is for a person and never
    holds the value."""


def _lines(flag: str, path: str) -> list[tuple[str, str]]:
    """(where, value) of each value line of the file ``path`` given with ``flag``."""
    try:
        with open(path, "rb") as f:  # not stat'ed first: <(pass show x) is a pipe, read once
            data = f.read()
    except OSError as e:
        raise SecretError(f"cannot read {flag} {path}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SecretError(f"{flag} {path} is not UTF-8 text") from None
    return [
        (f"{flag} {path}, line {n}", line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def _from_file(opt: Option, source: Option, path: str) -> list[tuple[str, str]]:
    found = _lines(source.flag(), path)
    if opt.kind != "lines" and len(found) != 1:
        raise SecretError(
            f"{source.flag()} {path} holds {len(found)} lines with a value, not one "
            f"({opt.metavar or opt.form})"
        )
    return found


def resolve(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> None:
    """Fill ``args``' credential options from their files and, where the command line gives
    them neither way, their environment variables (the module's docstring); SecretError saying
    which source is unusable."""
    env = os.environ if environ is None else environ
    for opt in OPTIONS:
        if not opt.secret:
            continue
        given = getattr(args, opt.name)
        found: list[tuple[str, str]] = []
        for source in OPTIONS:
            if source.fills == opt.name and getattr(args, source.name):
                found += _from_file(opt, source, getattr(args, source.name))
        direct = opt.name == "proxy" and getattr(args, "no_proxy", False)
        if not given and not found and not direct and env.get(opt.env, "").strip():
            parts = env[opt.env].split(opt.env_split) if opt.env_split else [env[opt.env]]
            values = [part.strip() for part in parts if part.strip()]
            many = len(values) > 1
            found = [
                (f"${opt.env}" + (f", value {n}" if many else ""), value)
                for n, value in enumerate(values, 1)
            ]
        for where, value in found:
            if why := item_problem(opt.form, value):
                raise SecretError(f"{where} ({opt.flag()}): the value {why}")
        values = [value for _, value in found]  # checked
        if opt.kind == "lines" and values:
            setattr(args, opt.name, [*(given or ()), *values])
        elif values:
            setattr(args, opt.name, values[0])
