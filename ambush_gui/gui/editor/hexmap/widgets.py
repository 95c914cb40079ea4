"""Small widgets the mission editor's forms share.

Each edits one value and says so with a signal once the edit is finished (a line left, a
choice made), never per keystroke: every finished edit is one undo step in the document.
Setting a value from the document (:meth:`show`) never emits, so a page can redraw its
forms from ``doc.data`` without echoing edits back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QHBoxLayout,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.gui.editor.hexmap.data import whole
from ambush_gui.gui.shared import theme


class CommitTextEdit(QPlainTextEdit):
    """A multi-line text that reports its text when it loses focus (one edit per visit)."""

    committed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown = ""

    def show_text(self, text: str) -> None:
        if text != self.toPlainText():
            with QSignalBlocker(self):
                self.setPlainText(text)
        self._shown = text

    def commit(self) -> None:
        text = self.toPlainText()
        if text != self._shown:
            self._shown = text
            self.committed.emit(text)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        self.commit()
        super().focusOutEvent(event)


def spin(low: int, high: int, tip: str = "", special: str = "") -> QSpinBox:
    """A spin box for a whole number; ``special`` is shown for the lowest value (e.g. "—")."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setKeyboardTracking(False)  # valueChanged when the edit is done, not per digit
    if special:
        box.setSpecialValueText(special)
    if tip:
        box.setToolTip(tip)
    return box


def stack_when_narrow(layout: QBoxLayout, narrow: bool) -> None:
    """A page's columns one under the other (narrow) or side by side."""
    layout.setDirection(QBoxLayout.Direction.TopToBottom if narrow
                        else QBoxLayout.Direction.LeftToRight)


def show_heading(doc: Any, name: QWidget, title: QWidget, brief: Any) -> None:
    """A file's name, title and brief, as the document holds them, shown without emitting."""
    set_quiet(name, doc.get(("name",), ""))
    set_quiet(title, doc.get(("title",), ""))
    brief.show_text(str(doc.get(("brief",), "")))


def _mark_not_whole(box: QSpinBox, value: Any) -> None:
    """A number box whose file holds no whole number there ("two") is framed in red and
    says what the file holds, so the box's own value is not taken for the file's."""
    base = box.property("plainTip")
    if base is None:
        base = box.toolTip()
        box.setProperty("plainTip", base)
    if whole(value, None) is None and value is not None:  # type: ignore[arg-type]
        box.setStyleSheet(f"QSpinBox {{ border: 2px solid {theme.ILLEGAL.name()}; }}")
        box.setToolTip(f"The file holds {value!r} here, not a whole number: type one "
                       f"(the Problems list says what is expected)" + (f"\n{base}" if base else ""))
    elif box.styleSheet():
        box.setStyleSheet("")
        box.setToolTip(str(base))


def set_quiet(widget: QWidget, value: Any) -> None:
    """Show ``value`` in a spin box, combo box or line edit without emitting."""
    with QSignalBlocker(widget):
        if isinstance(widget, QSpinBox):
            widget.setValue(whole(value, widget.minimum()))
            _mark_not_whole(widget, value)
        elif isinstance(widget, QComboBox):
            i = widget.findData(value)
            if i < 0:
                i = widget.findText(str(value))
            if i < 0 and widget.isEditable():
                widget.setEditText(str(value))
            else:
                widget.setCurrentIndex(i)
        else:
            if widget.text() != str(value):  # type: ignore[attr-defined]
                widget.setText(str(value))  # type: ignore[attr-defined]


def combo(items: list[tuple[str, Any]], tip: str = "") -> QComboBox:
    """A choice of (text, data) entries; it may shrink below its longest text (the forms
    share a narrow pane with the map)."""
    box = QComboBox()
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(5)
    for text, data in items:
        box.addItem(text, data)
    if tip:
        box.setToolTip(tip)
    return box


class KeyListEdit(QWidget):
    """A list of keys picked from a fixed vocabulary (weapons from the charts): the list,
    a choice to add and a button to take the selected key out. ``changed`` gives the new
    list."""

    changed = Signal(list)

    def __init__(self, choices: list[tuple[str, str]], what: str, limit: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.limit = limit
        self.items = QListWidget()
        self.items.setMaximumHeight(84)
        self.items.setToolTip(f"The {what}; select one and press Remove to take it out")
        one = what[:-1] if what.endswith("s") else what
        self.pick = combo([(text, key) for key, text in choices], f"A {one} to add")
        self.add = QPushButton("Add")
        self.add.setToolTip(f"Add the chosen {one}")
        self.drop = QPushButton("Remove")
        self.drop.setToolTip("Remove the selected one")
        self._keys: list[str] = []
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.pick, 1)
        row.addWidget(self.add)
        row.addWidget(self.drop)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.items)
        lay.addLayout(row)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.add.clicked.connect(self._add)
        self.drop.clicked.connect(self._drop)

    def show_keys(self, keys: list[str]) -> None:
        self._keys = list(keys)
        names = {self.pick.itemData(i): self.pick.itemText(i) for i in range(self.pick.count())}
        with QSignalBlocker(self.items):
            row = self.items.currentRow()
            self.items.clear()
            for k in keys:
                self.items.addItem(names.get(k, f"{k} (not in the charts)"))
                self.items.item(self.items.count() - 1).setData(Qt.ItemDataRole.UserRole, k)
            self.items.setCurrentRow(min(row, self.items.count() - 1))
        self.add.setEnabled(self.limit is None or len(keys) < self.limit)

    def add_key(self, key: str) -> None:
        self.changed.emit([*self._keys, key])

    def _add(self) -> None:
        self.add_key(str(self.pick.currentData()))

    def _drop(self) -> None:
        row = self.items.currentRow()
        if 0 <= row < len(self._keys):
            self.changed.emit(self._keys[:row] + self._keys[row + 1:])


def labels_text(labels: list[Any]) -> str:
    """Hexes or places as a line (a draft's number where a label belongs is shown as it is:
    the Problems list says what is wrong with it)."""
    return ", ".join(map(str, labels))


def parse_labels(text: str) -> list[str]:
    """ "0102, 0103 yard" -> ["0102", "0103", "yard"] (commas or spaces between)."""
    return [p for p in text.replace(",", " ").split() if p]
