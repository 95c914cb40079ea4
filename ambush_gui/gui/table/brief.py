"""Help ▸ Scenario and victory (Ctrl+B): what the scenario is about, who plays each side,
and what scores, as the engine scores it.

A tab of the right-hand column, with the game log: shown when a new game starts (the
player learns the objective before the first decision), one click away after. The
awards are read from the scenario (``VictorySpec.all_awards``, the list
``ambush_gui.alley.victory.score`` walks) and named by the victory screen's titles
(``AWARD_TITLES``): nothing here is a rule of its own.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from ambush_gui.gui.shared import theme

# awards scored once at the end (or once in the game), not per figure or escort
ONCE = ("none_left_behind", "zone_held", "zone_cleared")


def seat_words(seats: dict[str, Any], levels: dict[str, str] | None = None) -> dict[str, str]:
    """Who plays each side, in the player's words: "You", "Computer (hard)" (its level,
    where ``levels`` gives it), "hot-seat" when two people share the keyboard, or "the
    other machine" in a game across two machines."""
    humans = [s for s, seat in seats.items() if getattr(seat, "value", seat) == "human"]
    out = {}
    for side, seat in seats.items():
        if getattr(seat, "value", seat) == "computer":
            level = (levels or {}).get(side)
            out[side] = f"Computer ({level})" if level else "Computer"
        elif getattr(seat, "value", seat) == "remote":
            out[side] = "the other machine"
        elif len(humans) > 1:
            out[side] = "a person (hot-seat)"
        else:
            out[side] = "You"
    return out


def award_lines(game: Any) -> list[tuple[str, str]]:
    """(side, line) for each award the engine scores, in the order it scores them."""
    from ambush_gui.alley.victory import AWARD_TITLES, zone_name

    out = []
    for a in game.spec.victory.all_awards():
        event = a.event.value
        title = AWARD_TITLES.get(event, event.replace("_", " "))
        where = ""
        if a.zone:
            where = f" ({zone_name(game, a.zone)})"
        elif a.edge is not None:
            where = f" (by the {a.edge.value} edge)"
        how = "" if event in ONCE else " each"
        note = ""
        if event == "captive_held" and game.spec.all_escorts() and _escorts_held(game, a.side.value):
            note = " (escorts still on the table at the end count too, even those the Regulars " \
                   "carry: this scenario's own rule)"
        out.append((a.side.value, f"{title}{where}: {a.points:+d} VP{how}{note}"))
    return out


def _escorts_held(game: Any, side: str) -> bool:
    """Whether the game counts escorts a Regular unit still carries at the end as the
    Insurgents' captives (the scenario's special rule ``escorts_held_at_the_end``)."""
    from ambush_gui.alley.victory import escorts_held_at_the_end

    return side == "insurgent" and escorts_held_at_the_end(game)


def brief_html(game: Any, seats: dict[str, Any], levels: dict[str, str] | None = None) -> str:
    """The scenario's description, the sides and who plays them (the computer's level),
    the end and the awards."""
    spec = game.spec
    who = seat_words(seats, levels)
    parts = [f"<h2>{html.escape(spec.title)}</h2>"]
    if spec.brief.strip():
        for para in spec.brief.strip().split("\n\n"):
            parts.append(f"<p>{html.escape(' '.join(para.split()))}</p>")
    parts.append("<h3>Sides</h3><ul>")
    for side in ("regular", "insurgent"):
        s = next((v for k, v in spec.sides.items() if getattr(k, "value", k) == side), None)
        name = s.name if s is not None else side.capitalize()
        colour = theme.SIDE_COLOURS.get(side, theme.TABLE_EDGE).name()
        parts.append(f"<li><b style='color:{colour}'>{html.escape(name)}</b>: played by "
                     f"<b>{who.get(side, 'You')}</b></li>")
    parts.append("</ul>")
    parts.append("<h3>Victory</h3>")
    parts.append(f"<p>The game ends after turn {spec.turn_limit} (house rule AA-048), or "
                 "when no Regular unit is left on the table. Then each side scores:</p>")
    names = {str(getattr(k, "value", k)): v.name for k, v in spec.sides.items()}
    for side in ("regular", "insurgent"):
        lines = [line for s, line in award_lines(game) if s == side]
        if lines:
            parts.append(f"<p><b>{html.escape(names.get(side, side))}</b></p><ul>"
                         + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>")
    parts.append("<p>The higher total wins; equal totals are a draw (house rule CT-047). "
                 "The Turn panel keeps the score.</p>")
    return "".join(parts)


class ScenarioBrief(QWidget):
    """The brief's tab: the text, and a button back to the game log."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        lay.addWidget(self.text, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.done = QPushButton("Show the game log")
        self.done.setToolTip("The brief stays one click away: Help ▸ Scenario and victory (Ctrl+B)")
        self.done.clicked.connect(self.closed.emit)
        row.addWidget(self.done)
        lay.addLayout(row)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_game(self, game: Any, seats: dict[str, Any], levels: dict[str, str] | None = None) -> None:
        self.text.setHtml(brief_html(game, seats, levels))
