"""Which unit acts next: the Regular activation (AA-043) and the Insurgent phase (AA-044).

Each unit is a card with its figures, ratings and statuses; units that have already
acted are shown greyed so the player sees the whole side. Held prisoners can be
released (DC-021) from the same dialog. The unit the player selects in the list is selected
on the table too (``highlighted``): its card shows, its figures are marked.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout

from ambush_gui.alley.names import name_of
from ambush_gui.gui.shared.dialog_base import Card, DecisionDialog, section, unit_chips, unit_details

RELEASE = "release:"


class UnitChoiceDialog(DecisionDialog):
    """Pick a unit from the options; ``end_answer`` adds an "end" button when offered."""

    end_answer: str | None = None
    end_text = ""
    verb = "Activate"

    def what(self) -> str:
        return "choose the unit that acts next"

    def build(self) -> None:
        opts = self.decision.options
        ready = [o for o in opts if isinstance(o, str) and o in self.game.state.units]
        side = self.decision.side
        units = [u for u in self.game.state.units.values() if u.side.value == side and u.alive]
        self.body.addWidget(section("Ready to act" if ready else "No unit is ready"))
        grid = QGridLayout()
        grid.setSpacing(6)
        self.cards: dict[str, Card] = {}
        self._follow = False  # the table follows the player's selections, once the list is made
        cols = 1  # the Decision dock is one card wide
        order = [u for u in units if u.id in ready] + [u for u in units if u.id not in ready]
        for i, u in enumerate(order):
            legal = u.id in ready
            key = len(self.option_buttons) + 1 if legal and len(self.option_buttons) < 9 else None
            card = Card(u.name, [unit_details(u)], unit_chips(self.game, u), key=key, side=side)
            card.setCheckable(False)
            card.setEnabled(legal)
            if legal:
                self.number(card)
                self.choice_card(card, u.id, f"{self.verb} {u.name}")
                # the unit the player selects here is the one selected on the table (its
                # card, its figures marked), as a click on it there would: by a click, a
                # number or an arrow key; not the first card, selected as the list opens (it
                # took the table's selection from the player, and in hot-seat gave the next
                # player a unit he had not picked)
                card.toggled.connect(
                    lambda on, uid=u.id: self.highlighted.emit(uid) if on and self._follow else None)
                self.cards[u.id] = card
            grid.addWidget(card, i // cols, i % cols)
        self.body.addLayout(grid)
        releases = [o for o in opts if isinstance(o, str) and o.startswith(RELEASE)]
        if releases:
            self.body.addWidget(section("Prisoners you hold", "DC-021: free a POW at any time"))
            for o in releases:
                fid = o.removeprefix(RELEASE)
                self.add_button(
                    f"Release {name_of(self.game, fid)}", o,
                    tip="DC-021: free this prisoner (its VP are lost)",
                )
        if self.end_answer is not None and self.end_answer in opts:
            self.add_button(
                self.end_text,
                self.end_answer,
                stretch_before=True,
                tip="No more Insurgent units act this turn",
            )
        if ready:
            self.add_commit(stretch_before=self.end_answer is None)
        self._follow = True


class ActivateDialog(UnitChoiceDialog):
    """DecisionKind.ACTIVATE: the Regular player picks the next unit (AA-043)."""

    def what(self) -> str:
        return "choose the unit that activates"


class InsurgentActDialog(UnitChoiceDialog):
    """DecisionKind.INSURGENT_ACT: an Insurgent unit that did not interrupt acts (AA-044)."""

    end_answer = "end"
    end_text = "End the Insurgent phase"
    verb = "Act with"

    def what(self) -> str:
        return "choose the unit that acts next"
