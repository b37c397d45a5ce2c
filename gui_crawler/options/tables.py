"""The README's tables of options, made from the option table (cli/readme.py writes them into
the README; a test checks they are up to date)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from gui_crawler.options import Command, Option, fill, on_command

# ---- the README's tables -------------------------------------------------------------------------

HEADS: dict[Command, tuple[str, ...]] = {
    "crawl": ("option", "default", "range", "settings panel", "meaning"),
    "window": ("option", "range", "meaning"),
}


def markdown(command: Command) -> str:
    """The README's table of ``gui-crawler crawl``'s or ``gui-crawler``'s options."""
    heads = HEADS[command]
    lines = ["| " + " | ".join(heads) + " |", "|" + " --- |" * len(heads)]
    options = sorted(on_command(command), key=lambda o: o.spellings(command)[0].startswith("-"))
    for opt in options:
        cells = {
            "option": " / ".join(f"`{spelled}`" for spelled in _shown_spellings(opt, command)),
            "default": _md(opt.shown_default or opt.shown(opt.default)),
            "range": opt.range_text(),
            "settings panel": opt.label.replace("&", ""),
            "meaning": _meaning(opt, command),
        }
        lines.append("|" + "|".join(f" {cells[h]} " if cells[h] else " " for h in heads) + "|")
    return "\n".join(lines) + "\n"


def _shown_spellings(opt: Option, command: Command) -> Iterable[str]:
    metavar = f" {opt.metavar}" if opt.metavar else ""
    if command == "window":
        first = opt.window_flags[0]
        yield first + (metavar if first.startswith("-") else "")
        return
    if opt.nargs:
        yield opt.flags[0] + " …"
        return
    if opt.flags:
        yield opt.flags[0] + metavar
    if opt.off:
        yield opt.off[0]


def _md(value: str) -> str:
    return f"`{value}`" if value.startswith("-") or "/" in value else value


def _meaning(opt: Option, command: Command) -> str:
    """The help in Markdown (flags as code), then the README's own words (``doc``)."""
    words = fill(opt.help)
    if command == "crawl" and opt.off and opt.flags:
        words += " / " + fill(opt.off_help)
    words = re.sub(r"(?<![\w`])(--?[a-z][\w-]*|http://)", r"`\1`", words)
    if command == "crawl" and opt.env:
        words += re.sub(r"(\$\w+)", r"`\1`", opt.env_words())
    if command == "crawl" and opt.doc:
        words += " " + fill(opt.doc)
    return words.replace("|", "\\|")
