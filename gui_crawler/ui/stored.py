"""Settings read back one by one: each stored value is checked alone against its option's type and
range, and a bad one (a hand edit, a damaged file, another version) is replaced by the option's
default, written back so that it is reported once, and described for the person. One bad value
never keeps the window shut nor drops the values stored next to it.

INI files (QSettings' format on Linux) give every value back as text, and a value with a comma in
it, unquoted, as a list of texts: both are read here."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gui_crawler.base.translate import translate
from gui_crawler.options import Option, one_line, regex_error

_WHOLE = re.compile(r"\s*[+-]?\d+\s*")
_SHOWN = 60  # characters of a bad value quoted in the message
STORED = "StoredSettings"  # the context of what is said about stored values


class Settings(Protocol):
    """What is used of QSettings."""

    def value(self, key: str) -> Any: ...

    def setValue(self, key: str, value: Any) -> None: ...


def shown(raw: object) -> str:
    """A stored value as the settings file spells it, cut short."""
    text = ", ".join(map(str, raw)) if isinstance(raw, list | tuple) else str(raw)
    text = text.replace("\n", "\\n")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def whole(raw: object, low: int, high: int) -> tuple[int | None, str]:
    """(the whole number, "") or (None, why it is not one between ``low`` and ``high``)."""
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        return None, translate(STORED, "was not a whole number")
    if isinstance(raw, str):
        if not _WHOLE.fullmatch(raw):
            return None, translate(STORED, "was not a whole number")
        raw = int(raw)
    if not low <= raw <= high:
        return None, translate(STORED, "was out of range ({low} to {high})").format(
            low=low, high=high
        )
    return raw, ""


def number(raw: object, low: float, high: float) -> tuple[float | None, str]:
    """(the number, "") or (None, why it is not one between ``low`` and ``high``)."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        return None, translate(STORED, "was not a number")
    try:
        value = float(raw)
    except ValueError:
        return None, translate(STORED, "was not a number")
    if not math.isfinite(value) or not low <= value <= high:
        return None, translate(STORED, "was out of range ({low} to {high})").format(
            low=f"{low:g}", high=f"{high:g}"
        )
    return value, ""


def flag(raw: object) -> tuple[bool | None, str]:
    """(True or False, "") or (None, why not); INI files spell them "true" and "false"."""
    if isinstance(raw, bool):
        return raw, ""
    word = str(raw).strip().lower() if isinstance(raw, str | int) else ""
    if word in ("true", "1"):
        return True, ""
    if word in ("false", "0"):
        return False, ""
    return None, translate(STORED, "was not true or false")


def text(raw: object) -> tuple[str | None, str]:
    """(the text, "") or (None, why not). An unquoted comma made a list of it: joined back."""
    if isinstance(raw, str):
        return raw, ""
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        return ", ".join(raw), ""
    return None, translate(STORED, "was not text")


def crawl_notes(raw: object) -> tuple[dict[str, dict[str, Any]] | None, str]:
    """(path -> {"name": str, "hidden": bool}, "") or (None, why not): what the person said about
    the recent crawl files (a name of their own, removed from the list), stored as JSON text."""
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        raw = ", ".join(raw)  # an unquoted comma in the INI file made a list of it
    if not isinstance(raw, str):
        return None, translate(STORED, "was not text")
    try:
        notes = json.loads(raw)
    except ValueError:
        return None, translate(STORED, "was not JSON")
    if not isinstance(notes, dict) or not all(
        isinstance(path, str)
        and isinstance(note, dict)
        and isinstance(note.get("name", ""), str)
        and isinstance(note.get("hidden", False), bool)
        for path, note in notes.items()
    ):
        return None, 'was not {"<path>": {"name": "…", "hidden": false}, …}'
    return notes, ""


def lines(typed: str) -> tuple[str, ...]:
    """A box of lines' value: its lines that are not blank, stripped."""
    return tuple(line.strip() for line in typed.splitlines() if line.strip())


def regex_problem(pattern: str) -> str | None:
    """Why a stored include/exclude pattern cannot be used (CrawlConfig refuses it alike)."""
    error = regex_error(pattern)
    if error is None:
        return None
    return translate(STORED, "was not a valid regular expression ({error})").format(error=error)


def line_problem(value: str) -> str | None:
    """Why a stored header value (the user agent) cannot be used: CrawlConfig's rule."""
    return None if one_line(value) else translate(STORED, "was not one non-empty line")


def _spelled(default: object) -> str:
    return f"{default:g}" if isinstance(default, float) else str(default)


class StoredSettings:
    """Reads settings one value at a time; ``problems`` says what was bad and what is used."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.problems: list[str] = []

    def get(
        self,
        key: str,
        check: Callable[[object], tuple[Any, str]],
        default: Any,
        using: str | None = None,
    ) -> Any:
        """The value stored under ``key`` if ``check`` passes it, else ``default`` (also when
        nothing is stored, which is not a problem)."""
        raw = self.settings.value(key)
        if raw is None:
            return default
        value, why = check(raw)
        if why:
            self.bad(key, raw, why, default, using)
            return default
        return value

    def bad(self, key: str, raw: object, why: str, default: Any, using: str | None = None) -> None:
        """Say ``key`` held a bad value and store its default in its place."""
        self.problems.append(
            translate(STORED, "{key}={value} {why}; using {default}").format(
                key=key, value=shown(raw), why=why, default=using or _spelled(default)
            )
        )
        self.settings.setValue(key, default)

    def several(
        self, key: str, parts: Sequence[tuple[str, Callable[[object], tuple[Any, str]], Any]]
    ) -> list[Any]:
        """A list of values stored under one key, each item checked alone: ``parts`` gives each
        item's (name, check, default)."""
        raw = self.settings.value(key)
        defaults = [default for _, _, default in parts]
        if raw is None:
            return defaults
        if not isinstance(raw, list) or len(raw) != len(parts):
            self.bad(
                key,
                raw,
                translate(STORED, "was not {n} values").format(n=len(parts)),
                defaults,
                translate(STORED, "the defaults"),
            )
            return defaults
        values, bad = [], False
        for (name, check, default), item in zip(parts, raw, strict=True):
            value, why = check(item)
            if why:
                self.problems.append(
                    translate(STORED, "{key} {name}={value} {why}; using {default}").format(
                        key=key, name=name, value=shown(item), why=why, default=_spelled(default)
                    )
                )
                value, bad = default, True
            values.append(value)
        if bad:
            self.settings.setValue(key, values)
        return values

    def whole(self, key: str, low: int, high: int, default: int) -> int:
        return int(self.get(key, lambda raw: whole(raw, low, high), default))

    def number(self, key: str, low: float, high: float, default: float) -> float:
        return float(self.get(key, lambda raw: number(raw, low, high), default))

    def flag(self, key: str, default: bool) -> bool:
        return bool(self.get(key, flag, default, "true" if default else "false"))

    def text(
        self,
        key: str,
        default: str,
        valid: Callable[[str], str | None] | None = None,
        using: str | None = None,
    ) -> str:
        """``valid(text)`` says why a text is not one (None when it is)."""

        def check(raw: object) -> tuple[str | None, str]:
            value, why = text(raw)
            if value is not None and valid is not None:
                why = valid(value) or ""
            return (None, why) if why else (value, "")

        return str(self.get(key, check, default, using))

    def option(self, opt: Option) -> Any:
        """The value stored for ``opt`` under its settings key, checked against the option's
        type and range (options.OPTIONS); its default when bad or absent. A pattern's default,
        none, is read as ""."""
        key = opt.settings_key
        if opt.kind == "int":
            assert opt.low is not None and opt.high is not None
            return self.whole(key, int(opt.low), int(opt.high), opt.default)
        if opt.kind == "float":
            assert opt.low is not None and opt.high is not None
            return self.number(key, opt.low, opt.high, opt.default)
        if opt.kind == "bool":
            return self.flag(key, opt.default)
        if opt.kind == "regex":
            using = translate(STORED, "none") if opt.default is None else None
            return self.text(key, opt.default or "", regex_problem, using)
        if opt.kind == "text":

            def valid(value: str) -> str | None:
                if opt.choices and value not in opt.values():
                    return translate(STORED, "was not one of {values}").format(
                        values=", ".join(opt.values())
                    )
                return line_problem(value)

            if opt.nullable:  # unset: stored as nothing typed
                none = translate(STORED, "none")
                return self.text(key, "", lambda v: valid(v) if v else None, none) or None
            return self.text(key, opt.default, valid)
        if opt.kind == "lines":  # stored as typed, one a line

            def problem(typed: str) -> str | None:
                why = opt.problem(lines(typed))
                if why is None:
                    return None
                return translate(STORED, "was not valid ({why})").format(why=why)

            return lines(self.text(key, "\n".join(opt.default), problem, translate(STORED, "none")))
        raise ValueError(f"{opt.name} is not remembered in the settings ({opt.kind})")
