"""A Force on Force module's own question (DecisionKind.CHOOSE): one card per option.

The engine gives each option a line in ``facts["labels"]`` (what it means) and may give
``facts["details"]`` (more lines per option: odds, the rule) and ``facts["explain"]`` (a
paragraph above the cards); ``facts["unit"]`` or ``facts["units"]`` name the units the
question is about, which the table marks. Issue 15 gives each module its own dialog
where a card list is not enough; this one answers every question meanwhile.
"""

from __future__ import annotations

from typing import Any

from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Card, DecisionDialog, label, section


class ChooseDialog(DecisionDialog):
    """DecisionKind.CHOOSE: options are short ids, explained by ``facts["labels"]``."""

    def what(self) -> str:
        return str(self.decision.facts.get("title", "choose"))

    def build(self) -> None:
        facts = self.decision.facts
        explain = facts.get("explain")
        if explain:
            self.body.addWidget(label(str(explain), wrap=True, colour=theme.DIALOG_TEXT))
        module = str(facts.get("module", "")).replace("_", " ")
        self.body.addWidget(section("Choices", f"Force on Force: {module}" if module else ""))
        labels: dict[Any, Any] = dict(facts.get("labels", {}))
        details: dict[Any, Any] = dict(facts.get("details", {}))
        self.cards: list[Card] = []
        for option in self.decision.options:
            key = option if isinstance(option, str) else str(option)
            text = str(labels.get(key, key))
            lines = details.get(key, [])
            card = Card(text, [str(x) for x in (lines if isinstance(lines, list) else [lines])],
                        key=len(self.option_buttons) + 1, side=self.decision.side)
            card.setToolTip(text)
            self.number(card)
            self.choice_card(card, option, commit_words(text))
            unit = facts.get("unit_of", {}).get(key) if isinstance(facts.get("unit_of"), dict) else None
            if unit:
                card.toggled.connect(lambda on, u=unit: self.highlighted.emit(u) if on else None)
            elif isinstance(facts.get("to"), dict):  # a place a mob may go: drawn on the table
                card.toggled.connect(lambda on, k=key: self.highlighted.emit(k) if on else None)
            self.cards.append(card)
            self.body.addWidget(card)
        if self.decision.options:
            self.add_commit()


def commit_words(text: str, room: int = 36) -> str:
    """The commit button's words for a card: the card's whole line when it fits, else its
    head before the explanation ("Stay mounted: move 8\"/16\"; ..." -> "Stay mounted"),
    so the button never ends in an ellipsis mid-rule.

    >>> commit_words("Stay mounted: move 8/16; fire one die type down; no In Cover")
    'Stay mounted'
    >>> commit_words("Disperse mob Crowd at the bus station (nothing else this turn): d8 [FF-147]")
    'Disperse mob Crowd at the bus station'
    >>> commit_words("Fireteam Alpha")
    'Fireteam Alpha'
    """
    if len(text) <= room:
        return text
    heads = [h for h in (text.split(mark)[0].strip() for mark in (":", ";", " (", " — ", ","))
             if h]
    # the first head that fits; else the shortest ("Disperse mob Crowd at the bus station",
    # its odds and rule IDs left to the card), which the button then shows on a row of its own
    return next((h for h in heads if len(h) <= room), min(heads, key=len, default=text))
