"""Ambush! fire: pick a weapon, aimed or snap, and a target, and see the chance to hit
with every shift that makes it, before committing.

One dialog answers every ``AMBUSH_TARGET`` question:

- a fire (facts ``odds``): each possible fire is a card with its hit chance; the
  selected one shows the range band and base chance, every modifier with its rule, and
  the hit number kept within 0-8. The odds are the engine's
  (:func:`ambush_gui.ambush.fire._option_facts`); the chance is
  :attr:`ambush_gui.ambush.fire.HitOdds.chance` of those very odds.
- the second snap shot (facts ``second_shot``): the same, and "Hold" (Esc).
- the target of a charge's assault (options ``{"target": id}``, no odds): the enemies in
  his hex as cards.

Selecting a card emits ``highlighted(target)``: the target soldier's id, or for a shot
at a building's wall the hex label, so the window can draw the line of fire.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QWidget

from ambush_gui.ambush.charts import Band
from ambush_gui.ambush.fire import HitOdds
from ambush_gui.ambush.words import soldier, soldier_name, weapon_name
from ambush_gui.core.events import Modifier
from ambush_gui.gui.hexmap.dialogs.common import soldier_chips, soldier_details, soldier_header
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Card,
    DecisionDialog,
    ModifierList,
    button_text_width,
    clear_layout,
    label,
    panel,
    section,
)

HOLD = "hold"


def hit_odds(fact: Mapping[str, Any]) -> HitOdds:
    """The engine's odds object for one entry of the decision's ``odds`` facts."""
    return HitOdds(
        range=int(fact["range"]),
        band=Band(fact["band"]),
        base=int(fact["base"]),
        modifiers=tuple(Modifier(str(m[0]), int(m[1]), str(m[2]) if len(m) > 2 else "")
                        for m in fact.get("modifiers", [])),
        number=int(fact["number"]),
    )


def percent(odds: HitOdds) -> str:
    return f"{round(100 * odds.chance)}%"


def target_of(option: Mapping[str, Any]) -> str:
    """What ``highlighted`` names: the soldier's id, or the wall's hex label."""
    return str(option.get("target") or option.get("wall"))


class AmbushFireDialog(DecisionDialog):
    """``AMBUSH_TARGET``: a fire, the second snap shot, or whom a charge assaults.

    ``cards`` pairs each offered answer with its card; the fire button is
    ``fire_button``; the breakdown of the selected fire is ``modifiers`` (a
    :class:`ModifierList`), ``base_label``, ``number_label`` and ``chance_label``."""

    esc_goes_back = True  # the target of the Fire just chosen: Esc takes the Fire back


    def is_assault(self) -> bool:
        return "odds" not in self.decision.facts

    def is_second(self) -> bool:
        return bool(self.decision.facts.get("second_shot"))

    def firer_id(self) -> Any:
        f = self.decision.facts
        return f.get("firer", f.get("soldier"))

    def what(self) -> str:
        who = soldier_name(self.game, self.firer_id())
        if self.is_assault():
            return f"whom does {who} assault?"
        if self.is_second():
            return f"{who}: the second snap shot"
        return f"{who} fires"

    def subline(self) -> str:
        why = str(self.decision.facts.get("why", ""))
        rnd = getattr(self.game.state, "round", 0)
        parts = [f"Round {rnd}" if rnd else "", why]
        return " · ".join(p for p in parts if p)

    def fact_for(self, option: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The odds entry of ``option``: the one agreeing on every key the option has."""
        for f in self.decision.facts.get("odds", []):
            if all(f.get(k) == v for k, v in option.items()):
                return f
        return None

    def build(self) -> None:
        self.cards: list[tuple[Any, Card]] = []
        self.odds: list[HitOdds | None] = []
        firer = soldier(self.game, self.firer_id())
        if firer is not None:
            partner = self.decision.facts.get("partner")
            guns = sorted({weapon_name(self.game, str(o["weapon"]))
                           for o in self.decision.options
                           if isinstance(o, Mapping) and "weapon" in o})
            gun = " or ".join(guns) if guns else "the crew weapon"
            extra = f"with {soldier_name(self.game, partner)} on the {gun}" if partner else ""
            self.body.addWidget(soldier_header(self.game, firer, below=extra))
        options = [o for o in self.decision.options if isinstance(o, Mapping)]
        # stacked for the Decision dock's width: the fires, then the chosen one's steps
        left = self.body
        if self.is_assault():
            left.addWidget(section("Enemies in his hex", "He assaults one of them (AR-079, "
                                   "AR-091)"))
        else:
            left.addWidget(section("Possible fires", "Each ready weapon, aimed or snap, at each "
                                   "enemy he can see and reach (FC-010)"))
        self.group = QButtonGroup(self)
        for i, o in enumerate(options):
            card = self.assault_card(o, i) if self.is_assault() else self.fire_card(o, i)
            if card is None:
                continue
            self.group.addButton(card)
            n = len(self.cards)
            card.clicked.connect(lambda _=False, i=n: self.select(i))
            card.activated.connect(lambda i=n: self._fire_card(i))
            self.cards.append((dict(o), card))
            left.addWidget(card)
        self.detail_box, self.detail = panel(self.decision.side)
        self.body.addWidget(self.detail_box)
        self.modifiers: ModifierList | None = None
        self.base_label = label("")
        self.number_label = label("")
        self.chance_label = label("")
        if HOLD in self.decision.options:
            self.safe_answer = HOLD
            self.add_button("Hold", HOLD, tip="Keep the second shot: no fire  (Esc)")
        verb = "Assault" if self.is_assault() else "Fire"
        self.fire_button = self.add_button(verb, on_click=self.fire, default=True,
                                           stretch_before=True)
        # fitted to its widest words first: it keeps its place whichever fire is selected
        texts = [self.fire_text(i) for i in range(len(self.cards))]
        self.fit_default_text(max(texts, key=lambda t: button_text_width(self.fire_button, t),
                                  default=verb))
        if self.cards:
            self.cards[0][1].setChecked(True)
            self.select(0)

    def fire_card(self, option: Mapping[str, Any], i: int) -> Card | None:
        fact = self.fact_for(option)
        if fact is None:
            return None
        odds = hit_odds(fact)
        self.odds.append(odds)
        fire = str(fact.get("fire", "")).capitalize()
        t = soldier(self.game, fact.get("target"))
        if t is not None:  # the title names him: the details say where and how he stands
            where = t.stance.value + (f" in {t.hex.label}" if t.hex else "")
        else:
            where = f"the wall of {fact.get('wall')}"
        title = f"{percent(odds)} · {fire} at {t.label if t is not None else where}"
        details = [
            f"{weapon_name(self.game, str(fact.get('weapon')))} · {where}",
            f"{odds.range} hex{'es' if odds.range != 1 else ''}, {odds.band.value} range · "
            f"hits on a roll of {self.roll_text(odds)}",
        ]
        key = i + 1 if i < 9 else None
        card = Card(title, details, key=key, side=self.decision.side)
        card.setToolTip(fact.get("text", ""))
        if key is not None:
            self.number(card)
        return card

    def assault_card(self, option: Mapping[str, Any], i: int) -> Card:
        self.odds.append(None)
        t = soldier(self.game, option.get("target"))
        key = i + 1 if i < 9 else None
        enemy = t.side.value if t is not None else None
        card = Card(t.label if t is not None else str(option.get("target")),
                    soldier_details(self.game, t) if t is not None else [],
                    soldier_chips(t) if t is not None else [], key=key, side=enemy)
        card.setToolTip("Close combat with him (AR-079)")
        if key is not None:
            self.number(card)
        return card

    @staticmethod
    def roll_text(odds: HitOdds) -> str:
        return "0" if odds.number == 0 else f"0 to {odds.number}"

    def selected(self) -> int | None:
        return next((i for i, (_, c) in enumerate(self.cards) if c.isChecked()), None)

    def _fire_card(self, i: int) -> None:
        """A card double-clicked (or its key pressed): chosen and fired at once."""
        self.select(i)
        self.fire()

    def select(self, i: int) -> None:
        option, _card = self.cards[i]
        clear_layout(self.detail)
        odds = self.odds[i]
        if odds is None:
            t = soldier(self.game, option.get("target"))
            self.detail.addWidget(label(f"Assault {soldier_name(self.game, option.get('target'))}",
                                        bold=True, size=12))
            if t is not None:
                for line in soldier_details(self.game, t):
                    self.detail.addWidget(label(line, size=9.5, colour=theme.MUTED_TEXT, wrap=True))
            self.detail.addWidget(label("Close combat in his hex: the engine resolves it when "
                                        "you confirm (AR-079).", size=9.5, wrap=True))
        else:
            fact = self.fact_for(option) or {}
            t = soldier(self.game, fact.get("target"))
            who = t.label if t is not None else f"the wall of {fact.get('wall')}"
            head = (f"{weapon_name(self.game, str(fact.get('weapon')))}, "
                    f"{fact.get('fire')} fire at {who}")
            self.detail.addWidget(label(head, bold=True, size=12, wrap=True))
            self.base_label = label(
                f"Base chance {odds.base}: {odds.band.value} range, {odds.range} "
                f"hex{'es' if odds.range != 1 else ''} (Weapon Chart, FC-013..015)",
                size=10, colour=theme.DIALOG_TEXT, wrap=True)
            self.base_label.setToolTip("The weapon's hit chance for this range band (FC-014)")
            self.detail.addWidget(self.base_label)
            self.detail.addWidget(section("Modifiers", "Each shift of the hit number, with its "
                                          "rule (FC-023..031)"))
            self.modifiers = ModifierList(odds.modifiers)
            self.detail.addWidget(self.modifiers)
            clamp = (f" ({odds.raw}, kept within 0-8, FC-016)" if odds.raw != odds.number else "")
            self.number_label = label(f"Hit number {odds.number}{clamp}", bold=True, size=10.5)
            self.detail.addWidget(self.number_label)
            # wrapped: at 200% its one line was wider than the dock, the whole body scrolled
            # sideways and every card and heading was cut at its left edge
            self.chance_label = label(f"Hit chance {percent(odds)}", bold=True, size=16, wrap=True,
                                      colour=theme.BONUS if odds.chance >= 0.5 else theme.MALUS)
            self.chance_label.setToolTip(fact.get("text", ""))
            self.detail.addWidget(self.chance_label)
            note = label(f"A d10 roll of {self.roll_text(odds)} hits; a 0 always hits and a 9 "
                         "always misses (FC-018).", size=9, colour=theme.MUTED_TEXT, wrap=True)
            note.setAlignment(Qt.AlignmentFlag.AlignLeft)
            self.detail.addWidget(note)
        self.fit_default_text(self.fire_text(i))
        self.highlighted.emit(target_of(option))

    def fire_text(self, i: int) -> str:
        """The Fire button's words for the ``i``th card: the hit chance first, so that the
        button never loses it ("Fire at Schütze Lenz (B) (50%" was cut on the right)."""
        option, odds = self.cards[i][0], self.odds[i]
        if odds is None:
            return f"Assault {soldier_name(self.game, option.get('target'))}"
        fact = self.fact_for(option) or {}
        t = soldier(self.game, fact.get("target"))
        who = t.label if t is not None else f"the wall of {fact.get('wall')}"
        return f"{percent(odds)} · Fire at {who}"

    def fire(self) -> None:
        i = self.selected()
        if i is not None:
            self.choose(self.cards[i][0])

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The fire's (or the enemy's) card, then the Fire (Assault) button; "Hold"."""
        for option, card in self.cards:
            if option == answer:
                return [card, self.fire_button]
        return super().clicks_for(answer)


__all__ = ["AmbushFireDialog", "hit_odds"]
