"""Text from the crawled pages (and any other text not written here) shown as text, never as HTML.

Qt takes a string for rich text when ``Qt::mightBeRichText`` guesses so: a tag-like ``<…>`` or
``&lt;`` on its first line. Tooltips are always guessed, and so is a QLabel's text unless its
format is set. A page titled ``<img width=30000 height=30000 src=x>`` then lays out a 30000-pixel
image when its tooltip is shown (gigabytes of memory), and ``<b style=font-size:60px>`` makes a
tooltip a poster. Every label that can show such text is made with :func:`label` (or
``setTextFormat(Qt.TextFormat.PlainText)``), every such tooltip goes through :func:`tip`.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel

# A rich tooltip is wrapped to a few dozen characters and at most a quarter of the screen's width,
# where a plain one is one line per line. Spaces and line breaks stay as they are either way;
# lines up to this long stay whole (white-space:pre), longer ones wrap at spaces (pre-wrap), or
# the quarter of the screen would cut them.
ONE_LINE = 40


def tip(text: object) -> str:
    """A tooltip that shows ``text`` exactly as it is. Text that Qt would take for HTML is
    escaped inside a paragraph, which Qt takes for HTML and renders back to ``text``; any other
    text is left as it is (Qt shows it as plain text). None gives ""."""
    s = "" if text is None else str(text)
    if not GuiQt.mightBeRichText(s):
        return s
    wrap = "pre" if max(len(line) for line in s.split("\n")) <= ONE_LINE else "pre-wrap"
    return f"<p style='white-space:{wrap}'>{html.escape(s, quote=False)}</p>"


def label(text: str = "", parent: Any = None) -> QLabel:
    """A QLabel that shows its text as plain text, whatever the text holds."""
    lab = QLabel(parent)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.setText(text)
    return lab
