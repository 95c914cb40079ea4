"""A roll and what came of it, in a small dialog: Morale Checks, Quality Checks and
First Aid, every die shown (Ambush Alley)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QDialog, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Banner, label, paint_background, panel, side_title
from ambush_gui.gui.shared.dice import DiceTray

OUTCOMES = ("morale", "shrink", "pull_back", "quality", "first_aid", "reaction", "assault")


def rolls_for(events: Sequence[Event], index: int) -> list[Event]:
    """The roll events that an outcome event at ``index`` reads: the rolls right before
    it, back to the previous non-roll event (a Morale Check's one roll, First Aid's d6)."""
    out: list[Event] = []
    i = index - 1
    while i >= 0 and events[i].kind in ("roll", "shrink"):
        if events[i].kind == "roll":
            out.append(events[i])
        i -= 1
    return list(reversed(out))


class MoraleDialog(QDialog):
    """A roll and what came of it: "Fireteam Alpha is Pinned (2 successes, 3 failures)".

    Not a decision: it shows and closes. ``for_event`` builds it from an outcome event
    in the log (morale, quality, first_aid...), reading the rolls just before it.
    """

    def __init__(
        self,
        title: str,
        rolls: Sequence[Event],
        outcome: str,
        side: str | None = None,
        target: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        paint_background(self)
        self.setMinimumWidth(440)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 12, 12, 12)
        lay.setSpacing(8)
        who = f"{side_title(side)} — " if side else ""
        lay.addWidget(Banner(side, who + title))
        box, inner = panel()
        self.tray = DiceTray(rolls, target)
        inner.addWidget(self.tray)
        if target is not None:
            inner.addWidget(
                label(
                    f"{target}+ succeeds; the other dice are greyed.",
                    size=9,
                    colour=theme.MUTED_TEXT,
                )
            )
        lay.addWidget(box)
        self.outcome = label(outcome, bold=True, size=11, wrap=True)
        lay.addWidget(self.outcome)
        row = QHBoxLayout()
        row.addStretch(1)
        ok = QPushButton("OK")
        ok.setDefault(True)
        ok.clicked.connect(self.accept)
        row.addWidget(ok)
        lay.addLayout(row)
        self.setMaximumSize(*theme.DIALOG_MAX)

    @classmethod
    def for_event(cls, game: Any, event: Event, parent: QWidget | None = None) -> MoraleDialog:
        events = game.log.events
        index = next(i for i in range(len(events) - 1, -1, -1) if events[i] is event)
        rolls = rolls_for(events, index)
        unit = game.state.units.get(event.data.get("unit"))
        side = (
            unit.side.value if unit is not None else (rolls[0].data.get("side") if rolls else None)
        )
        title = {
            "morale": "Morale Check",
            "shrink": "Morale Check",
            "pull_back": "Morale Check",
            "quality": "Quality Check",
            "first_aid": "First Aid",
            "reaction": "Reaction Test",
        }.get(event.kind, event.kind.replace("_", " ").capitalize())
        # Morale and Quality Checks succeed on 4+ (AA-012, AA-164): mark the dice so.
        target = 4 if event.kind in ("morale", "shrink", "pull_back", "quality") else None
        return cls(title, rolls, event.text, side, target, parent)

    @classmethod
    def latest(
        cls, game: Any, kinds: Sequence[str] = ("morale",), parent: QWidget | None = None
    ) -> MoraleDialog | None:
        for e in reversed(game.log.events):
            if e.kind in kinds:
                return cls.for_event(game, e, parent)
        return None
