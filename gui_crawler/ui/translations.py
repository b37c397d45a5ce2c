"""The window's strings for its translations: found in the sources, kept in the .ts files of
gui_crawler/resources/ with the translations already made.

    python -m gui_crawler.ui.translations update   # (make translations) the .ts files brought
                                                   # up to date, every translation made kept
    python -m gui_crawler.ui.translations check    # the strings with no translation, named

A string is found where it is written: ``self.tr("…")`` in a class (its context: the class's
name, as PySide6 looks it up), ``QCoreApplication.translate("Context", "…")``,
``translate("Context", "…")`` and ``ntranslate("Context", "one", "many", n)``
(gui_crawler.base.translate, for code with or without Qt), ``noop("Context", "…")`` (a
constant said later: Qt's ``QT_TRANSLATE_NOOP`` too, which is typed as returning an object). The tables with no Qt (the pages table's
columns, the findings and their explanations, the verdicts' words, the options…) are read as
the window translates them (``i18n.table_strings``). A string made with an f-string cannot be
translated: it is reported as a problem, as is ``tr`` called on anything but ``self``.

A new string goes in each .ts unfinished; one no longer in the sources stays, marked vanished
(its translation may serve an edited string: ``--drop-vanished`` removes them).
"""

from __future__ import annotations

import argparse
import ast
import string
import sys
from dataclasses import dataclass
from pathlib import Path

from gui_crawler.ui import tsfile
from gui_crawler.ui.tsfile import Message

PACKAGE = Path(__file__).resolve().parent.parent
TABLES = "ui/i18n.py"  # where the tables' strings are listed (table_strings)


@dataclass(frozen=True)
class Found:
    context: str
    source: str
    numerus: bool
    where: str  # path relative to the package's folder


def _text(node: ast.expr, names: dict[str, str]) -> str | None:
    """A string literal (adjacent ones are one already; "a" + "b" too), or a module-level
    constant naming one; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left, names), _text(node.right, names)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.Name):
        return names.get(node.id)
    return None


def _module_names(tree: ast.Module, shared: dict[str, str] | None = None) -> dict[str, str]:
    """The module's constants that name a string (a context named once: ``CONTEXT = "…"``), and
    those of ``shared`` (gui_crawler.base.translate's) it imports under another name."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "gui_crawler.base.translate":
            for alias in node.names:
                if shared and alias.asname and alias.name in shared:
                    names[alias.asname] = shared[alias.name]
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            names[node.targets[0].id] = node.value.value
    return names


def _call_name(call: ast.Call) -> tuple[str, str]:
    """(what it is called on, the function's name): ("self", "tr"), ("", "translate")…"""
    f = call.func
    if isinstance(f, ast.Name):
        return "", f.id
    if isinstance(f, ast.Attribute):
        owner = f.value.id if isinstance(f.value, ast.Name) else "?"
        return owner, f.attr
    return "?", ""


class _Finder(ast.NodeVisitor):
    def __init__(self, where: str, names: dict[str, str]) -> None:
        self.where = where
        self.names = names
        self.classes: list[str] = []
        self.found: list[Found] = []
        self.problems: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def _problem(self, node: ast.AST, what: str) -> None:
        self.problems.append(f"{self.where}:{getattr(node, 'lineno', 0)}: {what}")

    def _add(self, node: ast.Call, context: str | None, text: ast.expr, numerus: bool) -> None:
        source = _text(text, self.names)
        if isinstance(text, ast.JoinedStr):
            self._problem(node, "an f-string cannot be translated: a template and .format()")
        elif source is None:
            pass  # a text of a table, said where it is shown: i18n.table_strings lists those
        elif context is None:
            self._problem(node, "the context is not written as a literal")
        else:
            self.found.append(Found(context, source, numerus, self.where))

    def visit_Call(self, node: ast.Call) -> None:
        owner, name = _call_name(node)
        args = node.args
        n_given = any(k.arg == "n" for k in node.keywords)
        if name == "tr" and args:
            if owner != "self" or not self.classes:
                self._problem(node, "tr() on something but self: use translate(context, …)")
            else:
                numerus = len(args) >= 3 or n_given
                self._add(node, self.classes[-1], args[0], numerus)
        elif name == "QT_TR_NOOP" and args and self.classes:
            self._add(node, self.classes[-1], args[0], False)
        elif name in ("translate", "QT_TRANSLATE_NOOP", "noop") and len(args) >= 2:
            if name == "translate" and owner not in ("", "QCoreApplication", "QApplication"):
                self.generic_visit(node)  # str.translate and the like
                return
            numerus = len(args) >= 4 or n_given
            self._add(node, _text(args[0], self.names), args[1], numerus)
        elif name == "ntranslate" and len(args) >= 3:
            self._add(node, _text(args[0], self.names), args[2], True)
        self.generic_visit(node)


def find_in_sources(package: Path = PACKAGE) -> tuple[list[Found], list[str]]:
    """Every string written for translation in the package's modules, and the problems met."""
    found, problems = [], []
    # The tables' contexts, named by their constants wherever they are imported.
    shared = _module_names(ast.parse((package / "base" / "translate.py").read_text("utf-8")))
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        finder = _Finder(where, shared | _module_names(tree, shared))
        finder.visit(tree)
        found += finder.found
        problems += finder.problems
    return found, problems


def find_all(package: Path = PACKAGE) -> tuple[list[Message], list[str]]:
    """Every string of the window to translate, as messages of a .ts (no translation), each
    once, in the order found; and the problems met."""
    from gui_crawler.ui.i18n import table_strings

    found, problems = find_in_sources(package)
    found += [Found(ctx, text, False, TABLES) for ctx, text in table_strings() if text]
    messages: dict[tuple[str, str, str], Message] = {}
    for f in found:
        m = messages.setdefault(
            (f.context, f.source, ""), Message(f.context, f.source, numerus=f.numerus)
        )
        m.numerus = m.numerus or f.numerus
        where = f"../{f.where}"  # as Qt Linguist reads it: from the .ts's folder (resources/)
        if where not in m.locations:
            m.locations.append(where)
    return list(messages.values()), problems


def ts_files() -> list[Path]:
    """A .ts for each language the window speaks but English (made by ``update`` if missing)."""
    from gui_crawler.ui.i18n import ENGLISH, LANGUAGES, ts_file

    return [ts_file(language) for language in LANGUAGES if language != ENGLISH]


def merged(current: list[Message], old: list[Message], drop_vanished: bool) -> list[Message]:
    """``current`` with the translations ``old`` has for them; ``old``'s others, vanished."""
    before = {m.key: m for m in old}
    out = []
    for m in current:
        was = before.pop(m.key, None)
        if was is not None and was.numerus == m.numerus and was.kind != tsfile.VANISHED:
            m.translations, m.kind = was.translations, was.kind
        elif was is not None and any(was.translations):
            m.translations, m.kind = was.translations[:1], tsfile.UNFINISHED
        out.append(m)
    if not drop_vanished:
        for m in before.values():
            if any(m.translations):
                m.kind, m.locations = tsfile.VANISHED, []
                out.append(m)
    # By context, then as found: a context's strings stay together, in the order of the code.
    order = {ctx: i for i, ctx in enumerate(sorted({m.context for m in out}))}
    return sorted(out, key=lambda m: order[m.context])


def update(ts: Path, drop_vanished: bool = False) -> tuple[int, int]:
    """Bring ``ts`` up to date with the sources: (strings, of which not translated)."""
    current, problems = find_all()
    if problems:
        raise SystemExit("cannot translate:\n  " + "\n  ".join(problems))
    language, old = tsfile.read(ts) if ts.exists() else (ts.stem.removeprefix("gui_crawler_"), [])
    messages = merged(current, old, drop_vanished)
    tsfile.write(ts, language, messages)
    live = [m for m in messages if m.kind != tsfile.VANISHED]
    return len(live), sum(not m.translated for m in live)


def _fields(text: str) -> set[str]:
    """The ``{name}`` fields of a template."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"(not a template: unbalanced braces)"}


def _mnemonic(text: str) -> bool:
    return "&" in text.replace("&&", "")


def problems_of(ts: Path, package: Path = PACKAGE) -> list[str]:
    """What is wrong with ``ts`` against the sources: each string with no translation (missing
    from it, or unfinished), each translation whose ``{fields}`` differ from its source's or
    that drops the source's keyboard mnemonic (&); and the sources' own problems."""
    current, problems = find_all(package)
    _, messages = tsfile.read(ts)
    have = {m.key: m for m in messages if m.kind != tsfile.VANISHED}
    out = list(problems)
    for m in current:
        t = have.get(m.key)
        said = f"{m.context}: {m.source!r}"
        if t is None:
            out.append(f"not in {ts.name}: {said}")
        elif not t.translated:
            out.append(f"no translation: {said}")
        else:
            for form in t.translations:
                if _fields(form) != _fields(m.source):
                    out.append(f"fields differ: {said} -> {form!r}")
                if _mnemonic(m.source) and not _mnemonic(form):
                    out.append(f"mnemonic (&) dropped: {said} -> {form!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gui_crawler.ui.translations", description=__doc__)
    p.add_argument("command", choices=["update", "check"])
    p.add_argument("--drop-vanished", action="store_true", help="update: remove vanished ones")
    args = p.parse_args(argv)
    files = ts_files()
    if args.command == "update":
        for ts in files:
            total, todo = update(ts, args.drop_vanished)
            print(f"{ts.name}: {total} strings, {todo} to translate")
        return 0
    bad = 0
    for ts in files:
        problems = problems_of(ts)
        bad += len(problems)
        print(*problems, sep="\n") if problems else print(f"{ts.name}: every string translated")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
