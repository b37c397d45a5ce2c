"""Every control of a window named for assistive technology, and reachable with the keyboard.

A screen reader says a control by its accessible name. Qt derives one for some controls (a
button's text) and none for others (a spin box, a table, a line edit whose label is beside it),
so ``name_controls`` gives each control under a window that has none the words a sighted person
reads for it: its label (a form's buddy), its own text, its placeholder, its tooltip, the title
of the tab it fills. ``tab_to_toolbar`` puts a toolbar's buttons in the Tab order: Qt leaves them
out, and Start could not be reached by Tab.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTabWidget,
    QToolBar,
    QWidget,
)

# What a person operates (types in, presses, picks from, moves through).
CONTROLS = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
)


def words(text: str) -> str:
    """A label's or button's text as words: no mnemonic ampersand, no ellipsis, no colon."""
    said = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return said.removesuffix("…").removesuffix(":").strip()


def controls(root: QWidget) -> Iterator[QWidget]:
    """Every control under ``root`` a person operates; not the parts Qt makes of a control of
    its own (a spin box's line edit, a combo box's list, a table's header)."""
    for w in root.findChildren(QWidget):
        if isinstance(w, CONTROLS) and not _part_of_a_control(w, root):
            yield w


def _part_of_a_control(w: QWidget, root: QWidget) -> bool:
    p = w.parentWidget()
    while p is not None and p is not root:
        if isinstance(p, QAbstractSpinBox | QComboBox | QAbstractItemView | QLineEdit | QTabBar):
            return True
        p = p.parentWidget()
    return False


def name_controls(root: QWidget) -> None:
    """Give every control under ``root`` without an accessible name the words shown for it."""
    labelled: dict[int, str] = {}
    for lab in root.findChildren(QLabel):
        buddy = lab.buddy()
        if buddy is not None and lab.text():
            labelled[id(buddy)] = words(lab.text())
    for w in controls(root):
        if w.accessibleName():
            continue
        name = labelled.get(id(w)) or _shown_name(w)
        if name:
            w.setAccessibleName(name)


def _shown_name(w: QWidget) -> str:
    """What is shown for ``w``: its text (more than one sign, a close button's "x"), its placeholder or its
    tooltip's first line; a tab bar, its tabs' name; a view, the title of the tab it fills."""
    if isinstance(w, QAbstractButton) and len(words(w.text())) > 1:
        return words(w.text())
    if isinstance(w, QLineEdit | QPlainTextEdit) and w.placeholderText():
        return words(w.placeholderText().split("\n")[0])
    if w.toolTip():
        return words(w.toolTip().split("\n")[0])
    if isinstance(w, QTabBar):
        tabs = w.parentWidget()
        return tabs.accessibleName() if isinstance(tabs, QTabWidget) else ""
    if w.objectName() in ("qt_toolbar_ext_button", "qt_menubar_ext_button"):
        # Qt's button for what does not fit in a toolbar or the menu bar.
        return QCoreApplication.translate("Accessible", "More")
    return _tab_title(w)


def _tab_title(w: QWidget) -> str:
    """The title of the tab ``w`` fills (a view that is a tab's page, or its page's only
    view)."""
    child: QWidget | None = w
    while child is not None:
        parent = child.parentWidget()
        stack = parent.parentWidget() if parent is not None else None
        if isinstance(stack, QTabWidget):
            i = stack.indexOf(child)
            if i >= 0:
                return words(stack.tabText(i))
        child = parent
    return ""


def tab_to_toolbar(toolbar: QToolBar) -> None:
    """The toolbar's buttons reachable with Tab (after the widget before them), each named as
    its action."""
    for action in toolbar.actions():
        button = toolbar.widgetForAction(action)
        if isinstance(button, QAbstractButton):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setAccessibleName(words(action.text()))
