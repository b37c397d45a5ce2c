"""The command lines' parsers made from the option table: ``gui-crawler crawl``'s and the window's
``gui-crawler``'s arguments, what argparse does not check, and which options were given."""

from __future__ import annotations

import argparse
from typing import Any

from gui_crawler.options import BY_NAME, Command, Option, fill, on_command

# argparse's titles of the groups (``gui-crawler crawl --help``).
CLI_TITLES = {
    "crawl": "crawl options",
    "checking": "link checking: what counts as ok, and what only warns",
    "politeness": "real sites",
    "access": "sites behind a login (sent only to the roots' hosts, kept in no file)",
    "extract": "custom extraction and search (a column and an Overview finding each)",
    "render": "JavaScript: pages loaded in a headless Chromium, their rendered DOM parsed too",
    "audit": "the audit's limits, where auditors disagree (the report's and the findings' outputs)",
    "run": "this run",
}


# ---- the command lines ---------------------------------------------------------------------------


def add_arguments(p: argparse.ArgumentParser, command: Command) -> None:
    """Every option of ``command`` as arguments of ``p``, their dests the options' names in
    ``gui-crawler crawl`` and the first spelling's words in ``gui-crawler`` (``--workers``).

    The window's command line leaves a crawl option it is not given at None: the settings panel
    keeps its value."""
    groups: dict[str, Any] = {}
    for opt in on_command(command):
        spelled = opt.spellings(command)
        group = BY_NAME[opt.fills].group if opt.fills else opt.group
        title = CLI_TITLES.get(group) if command == "crawl" else None
        if title and title not in groups:
            groups[title] = p.add_argument_group(title)
        target = groups[title] if title else p
        dest = dest_of(opt, command)
        default_ = None if command == "window" and opt.in_config else opt.default
        help_ = (fill(opt.help) + opt.env_words()).replace("%", "%%")
        if not spelled[0].startswith("-"):
            target.add_argument(
                dest, metavar=spelled[0], nargs=opt.nargs, default=default_, help=help_
            )
            continue
        if opt.kind == "bool":
            both = target.add_mutually_exclusive_group() if opt.off and opt.flags else target
            on, off = (opt.flags, opt.off) if command == "crawl" else (spelled, ())
            if on:
                mark = " (default)" if opt.off and opt.default else ""
                both.add_argument(
                    *on, dest=dest, action="store_true", default=opt.default, help=help_ + mark
                )
            if off:
                mark = " (default)" if opt.default is False else ""
                both.add_argument(
                    *off,
                    dest=dest,
                    action="store_false",
                    default=opt.default,
                    help=fill(opt.off_help) + mark,
                )
            continue
        kw: dict[str, Any] = {"dest": dest, "default": default_, "help": help_}
        if opt.kind == "count":
            target.add_argument(*spelled, action="count", **kw)
            continue
        if opt.kind == "lines":  # argparse appends to its default: a fresh list each time
            target.add_argument(
                *spelled, action="append", metavar=opt.metavar, dest=dest, default=None, help=help_
            )
            continue
        kw["metavar"] = opt.metavar
        if opt.kind == "text" and opt.choices:
            kw["choices"] = opt.values()
        if opt.kind in ("int", "float"):
            kw["type"] = int if opt.kind == "int" else float
            facts = [opt.range_text()]
            if default_ is not None and not (opt.special and default_ == opt.low):
                facts.append(f"default {opt.shown(default_)}")
            kw["help"] += f" ({'; '.join(f for f in facts if f)})".replace("%", "%%")
        elif opt.shown_default:
            kw["help"] += f" (default: {opt.shown_default})"
        target.add_argument(*spelled, **kw)


def dest_of(opt: Option, command: Command) -> str:
    first = opt.spellings(command)[0]
    if command == "crawl" or not first.startswith("-"):
        return opt.name
    return first.lstrip("-").replace("-", "_")


def usage_problems(args: argparse.Namespace, command: Command) -> list[str]:
    """What argparse does not check: a file name that is empty (a mistake, an unset variable in
    a script, never "no file"), a number out of its range (where no CrawlConfig checks it)."""
    problems = []
    for opt in on_command(command):
        value = getattr(args, dest_of(opt, command))
        flag = opt.flag(command)
        if opt.kind == "file" and value is not None and not value.strip():
            problems.append(f"{flag} needs a file name")
        elif (
            command == "window"
            and opt.kind in ("int", "float")
            and value is not None
            and not opt.low_high_hold(value)
        ):
            problems.append(f"{flag} must be between {opt.low:g} and {opt.high:g}, not {value}")
    return problems


def given(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The ``gui-crawler crawl`` options given other values than their defaults."""
    return {
        o.name: getattr(args, o.name)
        for o in on_command("crawl")
        if getattr(args, o.name) != parser.get_default(o.name)
    }
