"""Small widgets every game window uses: a label in the house font and the game log."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QWidget

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme


def text_label(text: str = "", bold: bool = False, size: float = 10.0, wrap: bool = True) -> QLabel:
    lab = QLabel(text)
    lab.setFont(theme.label_font(size, bold))
    lab.setWordWrap(wrap)
    lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return lab


class GameLog(QPlainTextEdit):
    """Every event, each roll with its purpose, dice and modifiers (with their rules)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFont(theme.label_font(9.5))
        self.setMaximumBlockCount(20000)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.deferred = False  # lines wait for flush(): a window redrawn once per answer
        self._waiting: list[str] = []

    def add(self, event: Event) -> None:
        prefix = {"turn": "\n═══ ", "roll": "    · ", "victory": "\n★ "}.get(event.kind, "  ")
        if event.kind in ("activate",):
            prefix = "\n▶ "
        if self.deferred:
            self._waiting.append(prefix + event.text)
            return
        self.appendPlainText(prefix + event.text)
        self.moveCursor(QTextCursor.MoveOperation.End)

    def flush(self) -> None:
        """Show the lines held back while ``deferred``, in one append (an answer that sets
        off several German turns logs a hundred events)."""
        if self._waiting:
            self.appendPlainText("\n".join(self._waiting))
            self._waiting = []
            self.moveCursor(QTextCursor.MoveOperation.End)

    def reload(self, events: list[Event]) -> None:
        self.clear()
        self._waiting = []
        for e in events:
            self.add(e)
        self.flush()

    def text(self) -> str:
        return self.toPlainText()
