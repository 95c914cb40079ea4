"""Pieces the booklet views share: a compact read-only table with one highlighted column.

The German card (:mod:`~ambush_gui.gui.hexmap.german_card`) and the Mission Card
(:mod:`~ambush_gui.gui.hexmap.mission_card`) print small tables as the booklet does: a
heading row, a number per cell, and the column of the Condition in force tinted so the
eye finds it at once. Nothing here knows a rule; the callers give the cells.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ambush_gui.gui.shared import theme

__all__ = ["BookletTable"]


class BookletTable(QTableWidget):
    """A small read-only table sized to its rows (no scroll bar of its own: the card it sits
    in scrolls), whose columns share the width and whose ``current`` column is tinted."""

    def __init__(self) -> None:
        super().__init__()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFont(theme.label_font(theme.BOOKLET_TABLE_PT))
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setFont(theme.label_font(theme.BOOKLET_TABLE_PT, True))
        self.horizontalHeader().setHighlightSections(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setStyleSheet(f"QTableWidget {{ gridline-color: {theme.BOOKLET_GRID.name()}; }}"
                           f"QHeaderView::section {{ background: {theme.BOOKLET_HEAD.name()};"
                           f" border: 0px; border-right: 1px solid {theme.BOOKLET_GRID.name()};"
                           " padding: 1px; }")
        self.current: int | None = None

    def fill(self, heads: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]],
             current: int | None = None, first_bold: bool = True) -> None:
        """``heads``: (text, tooltip) per column; ``rows``: the cells; ``current``: the
        column to tint (the Condition in force), or None."""
        self.clear()
        self.current = current
        self.setColumnCount(len(heads))
        self.setRowCount(len(rows))
        for c, (text, tip) in enumerate(heads):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            if c == current:
                item.setForeground(QBrush(theme.BOOKLET_CURRENT_EDGE))
            self.setHorizontalHeaderItem(c, item)
        bold = QFont(self.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setToolTip(heads[c][1] if c < len(heads) else "")
                if c == 0 and first_bold:
                    item.setFont(bold)
                if c == current:
                    item.setBackground(QBrush(theme.BOOKLET_CURRENT))
                    item.setFont(bold)
                self.setItem(r, c, item)
        row_h = self.fontMetrics().height() + 3  # ten rows fit the left column at 1280x800
        self.verticalHeader().setMinimumSectionSize(row_h)  # else Qt keeps its own least height
        for r in range(len(rows)):
            self.setRowHeight(r, row_h)
        self.setFixedHeight(self.horizontalHeader().sizeHint().height() + row_h * len(rows) + 4)

    def cell(self, row: int, column: int) -> str:
        """The text of one cell (for tests and screen readers)."""
        item = self.item(row, column)
        return item.text() if item is not None else ""

    def column_headed(self, heading: str) -> int | None:
        """The index of the column headed ``heading``."""
        for c in range(self.columnCount()):
            item = self.horizontalHeaderItem(c)
            if item is not None and item.text() == heading:
                return c
        return None
