"""The end of an Ambush! mission: the victory level, why the mission ended, every
scoring line the engine wrote, the casualties of both sides, and how long it lasted.

Everything shown is read from the game: ``game.result`` (``AmbushGame.finish``: winner,
points, turn, level, why), the score ledger ``game.state.score.lines``, the soldiers'
states, and the "round" events of the log. Nothing is scored here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Banner,
    label,
    paint_background,
    panel,
    section,
    side_colour,
    side_title,
)
from ambush_gui.gui.shared.theatre import watch_button


def casualties(game: Any, side: str) -> list[tuple[str, str]]:
    """(name, what happened) for each soldier of ``side`` who is out of the fight or
    wounded, in the order of the roster."""
    out = []
    for s in game.state.soldiers.values():
        if s.side.value != side:
            continue
        if not s.active:
            out.append((s.label, s.status.value + (", wounded" if s.wounded else "")))
        elif s.wounded:
            out.append((s.label, "wounded"))
    return out


def rounds_played(game: Any) -> int:
    return sum(1 for e in game.log.events if e.kind == "round")


def loss_colour(side: str, lost: int) -> QColor:
    """A side's casualty count in the colour of what it means to the player, who leads the
    US squad: his own losses are bad news (the score's red), the Germans' good news (its
    green), none at all plain. In the US side's green, "US casualties: 3" read as a gain."""
    if not lost:
        return theme.DIALOG_TEXT
    return theme.MALUS if side == "us" else theme.BONUS


class AmbushEndDialog(QDialog):
    """``AmbushEndDialog(result, lines, casualties, rounds)``; usually built with
    :meth:`for_game`. ``new_game`` is emitted by the New game button (then it closes)."""

    new_game = Signal()
    watch = Signal()  # the Watch it back button: the timeline from the game's start

    def __init__(
        self,
        result: Mapping[str, Any],
        lines: Sequence[tuple[int, str]],
        losses: Mapping[str, Sequence[tuple[str, str]]],
        rounds: int,
        title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.outcome = dict(result or {})
        self.lines = [(int(p), str(w)) for p, w in lines]
        winner = str(self.outcome.get("winner", "draw"))
        self.setWindowTitle("Mission over" + (f" — {title}" if title else ""))
        paint_background(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 14, 14, 14)
        lay.setSpacing(10)
        headline = {"us": "The mission succeeds", "german": "The mission fails"}.get(
            winner, "The mission ends in a draw")
        self.banner = Banner(None if winner == "draw" else winner, headline, title)
        lay.addWidget(self.banner)
        self.level = label(str(self.outcome.get("level", "")), bold=True, size=20,
                           colour=side_colour(None if winner == "draw" else winner), wrap=True)
        self.level.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.level)
        turns = self.outcome.get("turn")
        self.why = label(
            f"Why it ended: {self.outcome.get('why', 'the mission is over')}. "
            f"{turns} Operations turn{'s' if turns != 1 else ''} and {rounds} Action "
            f"Round{'s' if rounds != 1 else ''} played.", size=10.5, wrap=True,
            colour=theme.DIALOG_TEXT)
        self.why.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.why)

        box, inner = panel()
        head = QHBoxLayout()
        head.addWidget(section("Score", "Every line the mission scored, as the engine wrote it"))
        head.addStretch(1)
        total = self.outcome.get("points", {}).get("us", sum(p for p, _ in self.lines))
        self.total = label(count(total, "point"), bold=True, size=14, colour=theme.DIALOG_TEXT)
        head.addWidget(self.total)
        inner.addLayout(head)
        self.score_grid = QGridLayout()
        self.score_grid.setHorizontalSpacing(12)
        self.score_grid.setVerticalSpacing(2)
        for r, (p, why) in enumerate(self.lines):
            pts = label(f"{p:+d}", bold=True, colour=theme.BONUS if p >= 0 else theme.MALUS)
            pts.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            self.score_grid.addWidget(pts, r, 0)
            self.score_grid.addWidget(label(why, wrap=True), r, 1)
        if not self.lines:
            self.score_grid.addWidget(label("no points scored", colour=theme.MUTED_TEXT), 0, 1)
        self.score_grid.setColumnStretch(1, 1)
        # a long ledger scrolls, so the screen fits over the map at 1280x800 (it covered
        # the right column's docks when its height and 640 px width did not fit)
        ledger = QWidget()
        ledger.setLayout(self.score_grid)
        self.score_scroll = QScrollArea()
        self.score_scroll.setWidget(ledger)
        self.score_scroll.setWidgetResizable(True)
        self.score_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.score_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.score_scroll.setMinimumHeight(80)
        self.score_scroll.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget "
                                        "{ background: transparent; }")
        ledger.adjustSize()
        self.score_scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._ledger = ledger
        inner.addWidget(self.score_scroll, 1)
        lay.addWidget(box, 1)

        cols = QHBoxLayout()
        cols.setSpacing(10)
        self.loss_grids: dict[str, QGridLayout] = {}
        self.loss_counts: dict[str, QLabel] = {}
        for side in ("us", "german"):
            sbox, sl = panel(side)
            mine = list(losses.get(side, []))
            self.loss_counts[side] = label(f"{side_title(side)} casualties: {len(mine)}", bold=True,
                                           size=11, colour=loss_colour(side, len(mine)))
            sl.addWidget(self.loss_counts[side])
            grid = QGridLayout()
            grid.setHorizontalSpacing(10)
            for r, (name, what) in enumerate(mine):
                grid.addWidget(label(name), r, 0)
                grid.addWidget(label(what, colour=theme.MUTED_TEXT, wrap=True), r, 1)
            if not mine:
                grid.addWidget(label("none", colour=theme.MUTED_TEXT), 0, 0)
            grid.setColumnStretch(1, 1)
            sl.addLayout(grid)
            sl.addStretch(1)
            self.loss_grids[side] = grid
            cols.addWidget(sbox, 1)
        lay.addLayout(cols)

        self.next_steps = label("", size=10.5, wrap=True, colour=theme.DIALOG_TEXT)
        self.next_steps.setToolTip("What to play next")
        self.next_steps.hide()  # a tutorial says what comes after it (for_game)
        lay.addWidget(self.next_steps)

        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(watch_button(self))
        self.new_button = QPushButton("New game")
        self.new_button.setMinimumHeight(32)
        self.new_button.setAutoDefault(False)
        self.new_button.setToolTip("Close this and start another mission")
        self.new_button.clicked.connect(self._new)
        row.addWidget(self.new_button)
        self.close_button = QPushButton("Close")
        self.close_button.setDefault(True)
        self.close_button.setMinimumHeight(32)
        self.close_button.setToolTip("Close this screen; the finished map stays to look at")
        self.close_button.clicked.connect(self.accept)
        row.addWidget(self.close_button)
        lay.addLayout(row)
        self.setMinimumWidth(theme.END_DIALOG_MIN_WIDTH)
        self.setMaximumSize(*theme.DIALOG_MAX)

    def sizeHint(self) -> Any:  # noqa: N802 - Qt name
        """Tall enough for the whole ledger (it scrolls only where the map is shorter)."""
        hint = super().sizeHint()
        extra = self._ledger.sizeHint().height() - self.score_scroll.viewport().height()
        hint.setHeight(hint.height() + max(0, extra))
        hint.setWidth(max(hint.width(), 640))
        return hint

    def _new(self) -> None:
        self.new_game.emit()
        self.accept()

    @classmethod
    def for_game(cls, game: Any, parent: QWidget | None = None) -> AmbushEndDialog:
        """The end screen of a finished game (``game.result`` set)."""
        scenario = getattr(game, "scenario", None)
        title = str(getattr(scenario, "title", "") or "")
        dialog = cls(
            game.result or {},
            game.state.score.lines,
            {side: casualties(game, side) for side in ("us", "german")},
            rounds_played(game),
            title,
            parent,
        )
        name = str(getattr(scenario, "name", "") or "")
        from ambush_gui.gui.hexmap.tutorial import is_tutorial_name

        if is_tutorial_name(name):  # the tutorial's end says where a new player goes next
            from ambush_gui.gui.campaign.card import after_tutorial

            words = after_tutorial(name)
            dialog.next_steps.setText(words)
            dialog.next_steps.setVisible(bool(words))
        return dialog


__all__ = ["AmbushEndDialog", "casualties", "rounds_played"]
