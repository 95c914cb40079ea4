"""Moves and placements are answered on the table (drag the unit, click a spot). This
small non-modal strip says who must answer and what is asked, with the limit, and a
"Stay" button for a move (answer ``"stay"``; the engine says when staying is illegal,
e.g. a Pinned unit that can reach cover, AA-184)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.words import count, whose
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import label, side_colour, side_tint, side_title
from ambush_gui.gui.table.scene import escorts_waiting, take_in_words


class MovePrompt(QFrame):
    """The prompt for a MOVE or PLACE decision. ``chosen("stay")`` from its button."""

    chosen = Signal(object)
    grew = Signal()  # a refusal shown under the help: the Decision dock makes room for it

    def __init__(self, decision: Decision, game: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision = decision
        self.game = game
        self.setObjectName("movePrompt")
        theme.paint_style(self, lambda: (
            f"#movePrompt {{ background: {side_tint(decision.side).name()};"
            f" border-left: 6px solid {side_colour(decision.side).name()}; border-radius: 4px; }}"
        ))
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 12, 12)  # its Stay where a dialog's default button stands
        # the words scroll on their own, beside Stay: at the largest text they are taller
        # than the dock, and Stay, at the dock's foot, was scrolled out of sight with them
        words = QWidget()
        words.setObjectName("moveWords")
        self.words = QScrollArea()
        # the prompt's tint through them (grey, the scroll area's own, under a styled parent)
        self.words.setStyleSheet("QScrollArea, #moveWords { background: transparent; }")
        self.words.setWidget(words)
        self.words.setWidgetResizable(True)
        self.words.setFrameShape(QFrame.Shape.NoFrame)
        self.words.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        col = QVBoxLayout(words)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(1)
        # "move RPG team (4)": the limit and the speeds to declare are in the details
        what = decision.prompt.split(": ", 1)[-1].split(" (up to")[0].split(" (declare")[0]
        self.title = label(
            f"{side_title(decision.side)} player — {what}",
            bold=True,
            size=10.5,
            wrap=True,  # a long unit name must not widen the dock and shrink the table
        )
        theme.paint_style(self.title, lambda: f"color: {side_colour(decision.side).darker(130).name()};")
        col.addWidget(self.title)
        self.detail = label(self.details(), size=9, colour=theme.DIALOG_TEXT, wrap=True)
        col.addWidget(self.detail)
        self.error = label("", size=9, colour=theme.ILLEGAL, wrap=True)
        self.error.setVisible(False)
        col.addWidget(self.error)
        col.addStretch(1)  # the words at the top of the dock, the room under them
        row.addWidget(self.words, 1)
        self.stay: QPushButton | None = None
        if decision.kind is DecisionKind.MOVE:
            self.stay = QPushButton("Stay")
            self.stay.setToolTip(
                ("Keep it where it stands: its move ends here" if decision.facts.get("blocked_by")
                 else "Do not move (a unit that does not move has Halted, AA-034)") + "  (S)")
            key = QShortcut(QKeySequence("S"), self.stay)
            key.setContext(Qt.ShortcutContext.WindowShortcut)
            key.activated.connect(self.stay.click)
            self.stay.setMinimumHeight(30)
            self.stay.clicked.connect(self.choose_stay)
            # at the Decision dock's foot, on the right, where a dialog's default button stands
            # (the dock keeps one height for every decision): it stays under the player's hand
            row.addWidget(self.stay, 0, Qt.AlignmentFlag.AlignBottom)

    def details(self) -> str:
        f = self.decision.facts
        if self.decision.kind is DecisionKind.PLACE:
            return (
                f'Click where the {count(int(f.get("figures") or 0), "figure")} go: '
                f'every figure within 4" of '
                f"Hot Spot {f.get('hot_spot')} (AA-053). Keys: the arrows pick a marked "
                f"spot (Enter picks the first), then Enter sets them down there."
            )
        limit = float(f.get("limit", 0))
        blocker = f.get("blocked_by")
        if blocker and self.game is not None:  # a blocked move (house rule AA-068)
            who = self.game.state.units.get(blocker)
            parts = [f"The rest of its declared move, drawn on the table, runs into "
                     f"{who.name if who else blocker} (house rule AA-068): drag the unit round "
                     f'them (up to {limit:.1f}"; the 1" each interruption costs is already '
                     "taken off, AA-085), or Stay where it is."]
        else:
            parts = [f'Drag the unit on the table (up to {limit:.1f}"), or Stay.']
        speeds = f.get("speeds")
        if speeds:
            parts.append(
                "Declare the speed with the move: "
                + " or ".join(s.capitalize() for s in speeds)
                + "."
            )
        told = f.get("interrupting")
        if isinstance(told, dict) and self.game is not None:
            mover = self.game.state.units.get(told.get("unit"))
            name = mover.name if mover is not None else "the Regular unit"
            parts.append(f"The rest of {whose('declared move', name)} is drawn on the table: stand in "
                         f"it and {self._blocked_mover()} (house rule AA-068).")
        if f.get("retreat_only"):
            parts.append("It may not move toward the enemy (AA-185, AA-199).")
        if f.get("to_cover"):
            parts.append("A move must end in cover (AA-184).")
        parts.append("Press Shift while dragging (or Shift-click) to add a waypoint, Backspace "
                     "to take the last one back.")
        parts.append("Ctrl-drag one figure to place it apart; the unit must stay in cohesion (AA-014).")
        parts.append('Keys: the arrows move its end 1" (Shift: ½"), W turns the path there, '
                     "Enter makes the move, S stays.")
        if f.get("may_assault"):
            parts.append("Drop it onto an enemy unit to Close Assault it (CT-054).")
        unit = self.game.state.units.get(f.get("unit")) if self.game is not None else None
        if unit is not None and unit.is_detached_leader:
            parts.append("Drop him beside a unit without a leader to join it (AA-026).")
        waiting = escorts_waiting(self.game, unit)
        if waiting:  # how near is near enough (a player stopped 0.1" short of the headman)
            parts.append(take_in_words(self.game, waiting).split(" Its unit then")[0])
        if f.get("cover_from") and self.game is not None:
            who = self.game.state.units.get(f["cover_from"])
            parts.append(
                f"End in cover or out of {whose('sight', who.name if who else f['cover_from'])} (AA-084)."
            )
        return " ".join(parts)

    def _blocked_mover(self) -> str:
        """What your figures in a Regular's declared path do to it, under the game's reading
        of the rules option ``blocked_after_interrupt``."""
        from ambush_gui.alley import options

        if options.reading(self.game, options.BLOCKED_PATH) == "stops_short":
            return "it stops short of you"
        return "it must go round you, or stop short where it cannot"

    def choose_stay(self) -> None:
        try:
            self.decision.validate("stay")
        except IllegalDecision as e:
            self.show_error(str(e))
            return
        self.chosen.emit("stay")

    def show_error(self, reason: str) -> None:
        """Why the drop (or Stay) was refused, under the help; the table reports an
        illegal drop here too."""
        self.error.setText(reason)
        self.error.setVisible(bool(reason))
        self.grew.emit()
