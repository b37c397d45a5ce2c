"""Qt Linguist's translation files in pure Python: a ``.ts`` (the XML people translate in)
read and written, and compiled into the ``.qm`` that QTranslator loads, byte for byte as Qt's
lrelease writes it (tests/test_translations.py holds the two to each other). The build compiles
gui_crawler/resources/*.ts with it (setup.py), where Qt's tools may not be installed yet.

The ``.qm`` layout (Qt's translator.cpp and lrelease's releaser.cpp): a 16-byte magic number,
then tagged sections (a tag byte, a big-endian 32-bit length): the language, the hashes (pairs of
the ELF hash of a message's source text and comment, and the message's offset, sorted), the
messages (each a run of tagged fields: its translations in UTF-16BE, comment, source text and
context in UTF-8, an end tag), sorted by context, source text, comment and translations; and, for
a language with plural rules, the rules."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

MAGIC = bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")
_LANGUAGE, _HASHES, _MESSAGES = 0xA7, 0x42, 0x69
_END, _TRANSLATION, _SOURCE, _CONTEXT, _COMMENT = 1, 3, 6, 7, 8
# The plural rules lrelease writes for a language (Qt's numerus.cpp), by its language code: only
# those of languages with a single form are known here (none is written for them).
NO_PLURALS = frozenset({"zh", "ja", "ko", "vi", "th", "id", "ms", "lo", "my", "km"})

# What a message's ``kind`` may be (a .ts's translation type); "" is a finished translation.
UNFINISHED, VANISHED, OBSOLETE = "unfinished", "vanished", "obsolete"


@dataclass
class Message:
    """One message of a .ts: its English ``source`` in ``context``, and its translations (one,
    or one per plural form when ``numerus``)."""

    context: str
    source: str
    numerus: bool = False
    translations: list[str] = field(default_factory=list)
    kind: str = UNFINISHED
    locations: list[str] = field(default_factory=list)  # the files it is written in
    comment: str = ""  # disambiguation: two messages of one source text and context

    @property
    def key(self) -> tuple[str, str, str]:
        return self.context, self.source, self.comment

    @property
    def translated(self) -> bool:
        """Every form has a translation, and it is marked finished."""
        return self.kind == "" and bool(self.translations) and all(self.translations)


def read(path: str | Path) -> tuple[str, list[Message]]:
    """The language of a .ts and its messages, in the file's order."""
    root = ET.parse(path).getroot()
    messages = []
    for ctx in root.iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            tr = m.find("translation")
            numerus = m.get("numerus") == "yes"
            if tr is None:
                forms: list[str] = []
            elif numerus:
                forms = [f.text or "" for f in tr.iter("numerusform")]
            else:
                forms = [tr.text or ""]
            messages.append(
                Message(
                    context=name,
                    source=m.findtext("source") or "",
                    numerus=numerus,
                    translations=forms,
                    kind=tr.get("type", "") if tr is not None else UNFINISHED,
                    locations=[loc.get("filename", "") for loc in m.iter("location")],
                    comment=m.findtext("comment") or "",
                )
            )
    return root.get("language", ""), messages


def _xml(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


def write(path: str | Path, language: str, messages: Iterable[Message]) -> None:
    """A .ts laid out as Qt's lupdate lays it out, its contexts and their messages in the order
    given (the first message of a context places it)."""
    by_context: dict[str, list[Message]] = {}
    for m in messages:
        by_context.setdefault(m.context, []).append(m)
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!DOCTYPE TS>",
        f'<TS version="2.1" language="{_xml(language)}">',
    ]
    for context, msgs in by_context.items():
        out += ["<context>", f"    <name>{_xml(context)}</name>"]
        for m in msgs:
            out.append('    <message numerus="yes">' if m.numerus else "    <message>")
            out += [f'        <location filename="{_xml(loc)}"/>' for loc in m.locations]
            out.append(f"        <source>{_xml(m.source)}</source>")
            if m.comment:
                out.append(f"        <comment>{_xml(m.comment)}</comment>")
            kind = f' type="{m.kind}"' if m.kind else ""
            if m.numerus:
                out.append(f"        <translation{kind}>")
                forms = m.translations or [""]
                out += [f"            <numerusform>{_xml(f)}</numerusform>" for f in forms]
                out.append("        </translation>")
            else:
                text = m.translations[0] if m.translations else ""
                out.append(f"        <translation{kind}>{_xml(text)}</translation>")
            out.append("    </message>")
        out.append("</context>")
    out.append("</TS>")
    Path(path).write_text("\n".join(out) + "\n", encoding="utf-8")


def elf_hash(data: bytes) -> int:
    """Qt's elfHash of a message's source text and comment (1 for an empty one)."""
    h = 0
    for byte in data:
        h = ((h << 4) + byte) & 0xFFFFFFFF
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g & 0xFFFFFFFF
    return h or 1


def _field(tag: int, data: bytes) -> bytes:
    return struct.pack(">BI", tag, len(data)) + data


def released(messages: Iterable[Message]) -> list[Message]:
    """The messages lrelease puts in a .qm: neither vanished nor obsolete, and translated (an
    unfinished one too, as lrelease does, when its first form is)."""
    return [
        m
        for m in messages
        if m.kind not in (VANISHED, OBSOLETE) and m.translations and m.translations[0]
    ]


def compile_qm(language: str, messages: Iterable[Message]) -> bytes:
    """The .qm lrelease makes of a .ts of ``language`` holding ``messages``."""
    if language.split("_")[0] not in NO_PLURALS:
        raise ValueError(f"{language}: its plural rules are not known here; use Qt's lrelease")
    rows = sorted(
        (
            m.context.encode(),
            m.source.encode(),
            m.comment.encode(),
            [
                t.encode("utf-16-be")
                for t in (m.translations[:1] if not m.numerus else m.translations)
            ],
        )
        for m in released(messages)
    )
    body = bytearray()
    hashes = []
    for context, source, comment, translations in rows:
        hashes.append((elf_hash(source + comment), len(body)))
        for t in translations:
            body += _field(_TRANSLATION, t)
        body += _field(_COMMENT, comment) + _field(_SOURCE, source) + _field(_CONTEXT, context)
        body.append(_END)
    out = bytearray(MAGIC)
    if language:
        out += _field(_LANGUAGE, language.encode())
    if hashes:
        out += _field(_HASHES, b"".join(struct.pack(">II", h, o) for h, o in sorted(hashes)))
        out += _field(_MESSAGES, bytes(body))
    return bytes(out)


def release(ts: str | Path, qm: str | Path) -> int:
    """Compile the .ts ``ts`` into the .qm ``qm``; the number of messages it holds."""
    language, messages = read(ts)
    Path(qm).write_bytes(compile_qm(language, messages))
    return len(released(messages))
