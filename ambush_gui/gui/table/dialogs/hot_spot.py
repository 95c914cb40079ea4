"""Hot Spot choice: a 6 on the Hot Spot die lets the Insurgent pick (AA-052, house rule
AA-056); neutralised Hot Spots are shown but cannot be picked (AA-055)."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QHBoxLayout

from ambush_gui.core.geometry import min_distance
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Card, DecisionDialog, label, section, side_title
from ambush_gui.gui.shared.dice import DieFace


class HotSpotDialog(DecisionDialog):
    """DecisionKind.HOT_SPOT: options are the active Hot Spot numbers."""

    def what(self) -> str:
        return "choose the Hot Spot"

    def build(self) -> None:
        roll = self.decision.facts.get("roll", 6)
        row = QHBoxLayout()
        row.addWidget(DieFace(int(roll), 6, "insurgent"))
        row.addWidget(
            label(
                "The Hot Spot die shows 6: the new unit arrives at the Hot Spot you choose.",
                wrap=True,
                colour=theme.DIALOG_TEXT,
            ),
            1,
        )
        self.body.addLayout(row)
        self.body.addWidget(section("Hot Spots", "A Hot Spot is where new Insurgent units "
                                    "arrive; one a Regular unit has neutralised takes no one "
                                    "(AA-049..056)"))
        regulars = [
            u for u in self.game.state.units.values() if u.side.value == "regular" and u.alive
        ]
        pts = np.vstack([u.points() for u in regulars]) if regulars else np.zeros((0, 2))
        self.cards: dict[int, Card] = {}
        legal = set(self.decision.options)
        for number, spot in sorted(self.game.state.hot_spots.items()):
            ok = number in legal
            near = ""
            if len(pts):
                d = min_distance(np.array([[spot.x, spot.y]]), pts)
                near = f' · nearest {side_title("regular")} unit {d:.1f}" away'
            details = [f'at ({spot.x:.1f}", {spot.y:.1f}"){near}' if ok else "neutralised (AA-054)"]
            card = Card(
                f"Hot Spot {number}",
                details,
                key=len(self.option_buttons) + 1 if ok else None,
                side="insurgent",
            )
            card.setCheckable(False)
            card.setEnabled(ok)
            if ok:
                self.number(card)
                self.choice_card(card, number, f"Hot Spot {number}")
                card.toggled.connect(lambda on, n=number: self.highlighted.emit(n) if on else None)
            self.cards[number] = card
            self.body.addWidget(card)
        if self.decision.options:
            self.add_commit()
