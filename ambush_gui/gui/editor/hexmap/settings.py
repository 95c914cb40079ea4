"""The mission's settings tab: its name, title and brief, the victory points and levels, and
how it ends (the exit hexes and the words shown at the end).

Victory (AR-010, house rules in ``docs/rules/ambush-operations.md``): points for each
German activated, put out of the fight or captured, and against each American hurt; the
levels run from the highest ``min`` down, the first the total reaches is the result, and
its outcome (US, draw, German) says who won. The limits: Operations turns in the day (AR-006)
and Rounds in one firefight (AR-002). A format 1 file's levels show the outcome loading
infers until one is chosen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.mission import DEFAULT_ROUND_LIMIT, DEFAULT_TURN_LIMIT, infer_outcome
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.data import whole
from ambush_gui.gui.editor.hexmap.widgets import (
    CommitTextEdit,
    parse_labels,
    set_quiet,
    show_heading,
    spin,
    stack_when_narrow,
)

POINTS = [("activation", "Each German activated", "AR-010: found, he scores"),
          ("german_incapacitated", "German incapacitated", ""),
          ("german_killed", "German killed", ""),
          ("german_captured", "German captured", ""),
          ("us_wounded", "US soldier wounded", "usually negative"),
          ("us_incapacitated", "US soldier incapacitated", "usually negative"),
          ("us_killed", "US soldier killed", "usually negative")]
OUTCOMES = [("us", "US"), ("draw", "Draw"), ("german", "German")]
"""A victory level's ``outcome`` values and how the editor names them."""
DEFAULT_POINTS = {"activation": 1, "german_incapacitated": 2, "german_killed": 2, "german_captured": 3,
                  "us_wounded": -1, "us_incapacitated": -2, "us_killed": -3}


class SettingsForm(QWidget):
    """Name, title, brief; victory points and levels; the end."""

    def __init__(self, doc: EditorDocument, selection: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.selection = selection
        self.name = QLineEdit()
        self.name.setToolTip("The short name used on the command line: lower case and hyphens")
        self.title = QLineEdit()
        self.brief = CommitTextEdit()
        self.brief.setToolTip("What the player reads before the mission starts")
        self.brief.setMaximumHeight(320)
        self.brief.setMinimumHeight(110)  # a few lines of the brief, even in a short pane
        about = QGroupBox("Mission")
        af = QFormLayout(about)
        af.addRow("Name", self.name)
        af.addRow("Title", self.title)
        af.addRow("Brief", self.brief)

        self.points = {}
        vbox = QGroupBox("Victory points")
        vf = QFormLayout(vbox)
        for key, label, tip in POINTS:
            box = spin(-20, 20, tip)
            self.points[key] = box
            vf.addRow(label, box)
            box.valueChanged.connect(lambda v, key=key, label=label: self.doc.set(
                ("victory", key), v, f"{label}: {v} points"))
        self.levels = QTableWidget(0, 3)
        self.levels.setHorizontalHeaderLabels(["At least", "Result", "Winner"])
        self.levels.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.levels.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.levels.setToolTip("Victory levels, highest first: the first whose minimum the total "
                               "reaches is the result")
        self.levels.setMinimumHeight(150)
        self.levels.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        add, drop = QPushButton("Add level"), QPushButton("Remove level")
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(drop)
        row.addStretch(1)
        vf.addRow("Levels", self.levels)
        vf.addRow("", row)

        self.end_text = QLineEdit()
        self.end_text.setToolTip("Shown with the result: how the mission ends")
        self.exits = QLineEdit()
        self.exits.setToolTip("The mission ends when every active US soldier has left the map by "
                              "these hexes (hex numbers)")
        exits_sel = QPushButton("Use the selected hexes")
        exits_sel.setToolTip("Set the exit hexes to the hexes selected on the map")
        ebox = QGroupBox("The end")
        ef = QFormLayout(ebox)
        ef.addRow("Text", self.end_text)
        erow = QHBoxLayout()
        erow.addWidget(self.exits, 1)
        erow.addWidget(exits_sel)
        ef.addRow("Exit hexes", erow)
        self.turn_limit = spin(1, 999, "House rule AR-006: the day ends after this many Operations "
                               f"turns and the points decide (default {DEFAULT_TURN_LIMIT})")
        self.round_limit = spin(1, 999, "House rule AR-002: a firefight that lasts this many Rounds "
                                f"ends the mission (default {DEFAULT_ROUND_LIMIT})")
        ef.addRow("Operations turns", self.turn_limit)
        ef.addRow("Rounds per firefight", self.round_limit)
        self.turn_limit.valueChanged.connect(lambda v: self.doc.set(
            ("operations_turn_limit",), v, f"The day lasts {v} Operations turns"))
        self.round_limit.valueChanged.connect(lambda v: self.doc.set(
            ("round_limit",), v, f"A firefight lasts at most {v} Rounds"))

        self.columns_layout = lay = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(about)
        left.addWidget(ebox)
        left.addStretch(1)
        lay.addLayout(left, 1)
        right = QVBoxLayout()
        right.addWidget(vbox)
        right.addStretch(1)
        lay.addLayout(right, 1)

        self.name.editingFinished.connect(
            lambda: self.doc.set(("name",), self.name.text().strip(), "Rename the mission"))
        self.title.editingFinished.connect(
            lambda: self.doc.set(("title",), self.title.text(), "Change the title"))
        self.brief.committed.connect(lambda t: self.doc.set(("brief",), t, "Edit the brief"))
        self.levels.itemChanged.connect(self._level_edited)
        add.clicked.connect(self.add_level)
        drop.clicked.connect(self._drop_level)
        self.end_text.editingFinished.connect(
            lambda: self.doc.set(("end", "text"), self.end_text.text(), "Edit the end text"))
        self.exits.editingFinished.connect(lambda: self.set_exits(parse_labels(self.exits.text())))
        exits_sel.clicked.connect(lambda: self.set_exits(self.selection()))
        self.refresh()

    def set_narrow(self, narrow: bool) -> None:
        """The victory levels under the rest (narrow) or beside it."""
        stack_when_narrow(self.columns_layout, narrow)

    def refresh(self) -> None:
        show_heading(self.doc, self.name, self.title, self.brief)
        for key, box in self.points.items():
            set_quiet(box, self.doc.get(("victory", key), DEFAULT_POINTS[key]))
        levels = self.doc.get(("victory", "levels"), []) or []
        with QSignalBlocker(self.levels):
            self.levels.setRowCount(len(levels))
            for r, lv in enumerate(levels):
                self.levels.setItem(r, 0, QTableWidgetItem(str(lv.get("min", 0))))
                self.levels.setItem(r, 1, QTableWidgetItem(str(lv.get("result", ""))))
                self.levels.setCellWidget(r, 2, self._outcome_box(r, levels))
        set_quiet(self.turn_limit, self.doc.get(("operations_turn_limit",), DEFAULT_TURN_LIMIT))
        set_quiet(self.round_limit, self.doc.get(("round_limit",), DEFAULT_ROUND_LIMIT))
        set_quiet(self.end_text, self.doc.get(("end", "text"), ""))
        set_quiet(self.exits, " ".join(map(str, self.doc.get(("end", "exit_hexes"), []) or [])))

    def _outcome_box(self, r: int, levels: list[Any]) -> QComboBox:
        """Who wins at level ``r``: its outcome, or (a format 1 level without one) the outcome
        loading infers, said in the tooltip."""
        box = QComboBox()
        for value, label in OUTCOMES:
            box.addItem(label, value)
        written = levels[r].get("outcome")
        shown = written or infer_outcome(levels, r).value
        set_quiet(box, shown)
        box.setToolTip("Who wins at this level (the name is only shown)" if written else
                       "Not written (a format 1 file): taken from the name; choose to write it")
        box.currentIndexChanged.connect(lambda _i, r=r, box=box: self._set_outcome(r, box))
        return box

    def _set_outcome(self, r: int, box: QComboBox) -> None:
        said = "a draw" if box.currentData() == "draw" else f"{box.currentText()} wins"
        self.doc.set(("victory", "levels", r, "outcome"), box.currentData(),
                     f"Victory level {r + 1}: {said}")

    def set_exits(self, hexes: list[str]) -> None:
        self.doc.set(("end", "exit_hexes"), hexes, f"Exit hexes: {', '.join(hexes) or 'none'}")

    def add_level(self) -> None:
        levels = self.doc.get(("victory", "levels"), []) or []
        low = min((whole(lv.get("min")) for lv in levels), default=1)
        self.doc.insert(("victory", "levels"), None,
                        {"min": low - 1, "result": "Defeat", "outcome": "german"},
                        "Add a victory level")

    def _drop_level(self) -> None:
        r = self.levels.currentRow()
        if r >= 0:
            self.doc.remove(("victory", "levels"), r, "Remove a victory level")

    def _level_edited(self, item: QTableWidgetItem) -> None:
        r = item.row()
        if item.column() == 0:
            try:
                v = int(item.text())
            except ValueError:
                self.refresh()
                return
            self.doc.set(("victory", "levels", r, "min"), v, f"Victory level {r + 1} from {v} points")
        else:
            self.doc.set(("victory", "levels", r, "result"), item.text(), f"Name victory level {r + 1}")
