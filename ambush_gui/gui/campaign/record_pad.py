"""The squad record pad: every man of the campaign's roster on one line, his ratings, his
state, what he has done, and one history line per mission he fought; printable to PDF.

Everything shown is read from the engine's roster (``ambush/campaign``): nothing here
decides who is fit or what a rating is worth.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign.roster import RATING_WORDS
from ambush_gui.ambush.campaign.roster import RATINGS as ENGINE_RATINGS
from ambush_gui.core.errors import printable
from ambush_gui.gui.shared import paths, theme

WHAT_IT_DOES = {
    "ar": "the AR Track column his Action Rounds are read in; higher acts more often and "
          "panics less",
    "mpa": "how far he moves in an operations turn",
    "ws": "added to his fire's chance to hit",
    "per": "how well he spots hidden Germans and checks a hex",
    "ldr": "what he adds to the command of the men in his hex",
}
RATINGS: list[tuple[str, str, str]] = [
    (key, key.upper(), f"{RATING_WORDS[key]}: {WHAT_IT_DOES[key]}") for key in ENGINE_RATINGS]
"""Each rating's field, its abbreviation on the pad, and the rating spelled out."""

COLUMNS: list[tuple[str, str]] = [
    ("Name", "The soldier's name; a recruit joined after the campaign began"),
    *[(abbr, tip) for _, abbr, tip in RATINGS],
    ("Status", "Fit to go; wounded and how many more missions he must miss; or dead"),
    ("Missions", "Missions he has fought in this campaign"),
    ("Germans", "Germans he has put out of the fight"),
    ("XP", "Experience not yet spent: spend it after a mission to raise a rating"),
    ("History", "One line for each mission he fought: where, and what happened to him"),
]


def status_text(soldier: Any) -> str:
    """"fit", "wounded: misses 2 more missions", "dead"."""
    status = str(getattr(soldier, "status", "fit"))
    out_for = int(getattr(soldier, "out_for", 0) or 0)
    if status == "wounded" and out_for > 0:
        return f"wounded: misses {out_for} more mission{'s' if out_for != 1 else ''}"
    return status


def soldier_row(soldier: Any) -> list[str]:
    """One line of the pad, in the columns' order."""
    name = printable(str(soldier.name), 40) + (" (recruit)" if getattr(soldier, "recruit", False) else "")
    return [name, *[str(getattr(soldier, key)) for key, _, _ in RATINGS], status_text(soldier),
            str(soldier.missions), str(soldier.germans), str(soldier.xp),
            "\n".join(printable(str(line), 200) for line in soldier.history) or "—"]


class RecordPad(QWidget):
    """The roster as a table; Ctrl+P prints it to a PDF file the player picks.

    ``printed(path)`` after a PDF is written."""

    printed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = "Squad record pad"
        self.soldiers: list[Any] = []
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.heading = QLabel(self.title)
        self.heading.setFont(theme.label_font(13, True))
        head.addWidget(self.heading, 1)
        self.print_button = QPushButton("&Print to PDF…")
        self.print_button.setToolTip("Write the record pad to a PDF file you choose (Ctrl+P)")
        self.print_button.clicked.connect(self.print_pdf)
        head.addWidget(self.print_button)
        lay.addLayout(head)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # one history line a mission, each on its own line: rows as high as their lines,
        # whatever the column's width when they are sized (wrapped, the pad sized in its
        # hidden tab made one-line rows three lines high)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.setToolTip("The squad: arrow keys move along it; hover a column's header for "
                              "what it means")
        for i, (name, tip) in enumerate(COLUMNS):
            item = QTableWidgetItem(name)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(i, item)
        header = self.table.horizontalHeader()
        for i in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.table, 1)
        # one action for Ctrl+P: the campaign window's menu shows this same one (two
        # shortcuts on one key would be ambiguous and neither would fire)
        self.print_action = QAction("&Print the record pad to PDF…", self)
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.print_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.print_action.setToolTip("Write the squad's record pad to a PDF file you choose")
        self.print_action.triggered.connect(self.print_pdf)
        self.addAction(self.print_action)

    def show_roster(self, soldiers: list[Any], title: str | None = None) -> None:
        """Fill the pad with ``soldiers`` (the roster's, dead men too: the pad is their
        record)."""
        if title is not None:
            self.title = title
            self.heading.setText(printable(title, 80))
        self.soldiers = list(soldiers)
        self.table.setRowCount(len(self.soldiers))
        for r, soldier in enumerate(self.soldiers):
            dead = str(getattr(soldier, "status", "")) == "dead"
            for c, text in enumerate(soldier_row(soldier)):
                item = QTableWidgetItem(text)
                if 1 <= c <= len(RATINGS) + 4 and c != len(RATINGS) + 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if c == 0 or c == len(COLUMNS) - 1:
                    item.setToolTip(text)
                if dead:
                    item.setForeground(theme.MUTED_TEXT)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()

    def html(self) -> str:
        """The pad as an HTML table, for printing."""
        head = "".join(f"<th>{html.escape(name)}</th>" for name, _ in COLUMNS)
        rows = []
        for soldier in self.soldiers:
            cells = "".join(f"<td>{html.escape(text).replace(chr(10), '<br>')}</td>"
                            for text in soldier_row(soldier))
            rows.append(f"<tr>{cells}</tr>")
        key = "; ".join(f"{abbr}: {RATING_WORDS[k]}" for k, abbr, _ in RATINGS)
        return (f"<h2>{html.escape(self.title)}</h2>"
                "<table border='1' cellspacing='0' cellpadding='3' width='100%'>"
                f"<tr>{head}</tr>{''.join(rows)}</table>"
                f"<p><small>{html.escape(key)}</small></p>")

    def print_to(self, path: str | Path) -> None:
        """Write the pad to ``path`` as a PDF (A4 landscape)."""
        writer = QPdfWriter(str(path))
        writer.setTitle(self.title)
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                         QPageLayout.Orientation.Landscape, QMarginsF(12, 12, 12, 12),
                                         QPageLayout.Unit.Millimeter))
        doc = QTextDocument()
        doc.setDefaultFont(theme.label_font(9))
        doc.setHtml(self.html())
        doc.print_(writer)

    def print_pdf(self) -> None:
        """Ask where, then print (a file name without .pdf gets it)."""
        start = str(paths.data_dir() / f"{paths.safe_stem(self.title, 'record-pad')}.pdf")
        name, _ = QFileDialog.getSaveFileName(self, "Print the record pad to PDF", start,
                                              "PDF files (*.pdf)")
        if not name:
            return
        if not name.lower().endswith(".pdf"):
            name += ".pdf"
        self.print_to(name)
        self.printed.emit(name)
