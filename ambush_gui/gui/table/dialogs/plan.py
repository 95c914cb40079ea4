"""How an activated unit acts: its speed (AA-031), move-then-fire or fire-then-move
(AA-030), or Overwatch (AA-103).

The engine's plan answers are "halted", "overwatch" and "<speed>:<order>"; the dialog
shows them as a speed card (each with one line on what it means) and an order toggle.
Speeds the engine does not offer are shown greyed with the reason the facts give.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QButtonGroup, QPushButton, QWidget

from ambush_gui.alley.interrupts import speed_reaction_modifier
from ambush_gui.alley.model import Speed
from ambush_gui.alley.movement import speed_limit
from ambush_gui.gui.shared.dialog_base import (
    Card,
    DecisionDialog,
    FlowLayout,
    section,
    toggle,
    unit_line,
)
from ambush_gui.gui.table.dialogs.choose import commit_words

ORDERS = (
    ("move-fire", "Move, then fire", "AA-030: the unit moves first, then may fire"),
    ("fire-move", "Fire, then move", "AA-030: the unit fires first, then may move"),
)


class PlanDialog(DecisionDialog):
    """DecisionKind.PLAN."""

    def what(self) -> str:
        return f"{self.name(self.decision.facts.get('unit'))} activates"

    def speeds(self) -> list[tuple[str, str, str, str]]:
        """(key, title, one line, rules) for each speed, worded for the side."""
        m = self.game.m
        regular = self.decision.side == "regular"
        unit = self.unit(self.decision.facts.get("unit"))
        # each speed's modifier on the unit's Reaction Tests as the engine will throw it: none
        # for an Insurgent under the rules option's default (AA-040), none for Halted in a
        # mortar team (FF-016): play-testers read "+1" that was never thrown
        def react(speed: Speed, overwatch: bool = False) -> int:
            if unit is None:
                return {Speed.HALTED: 1, Speed.RAPID: -1}.get(speed, 1 if regular else 0)
            return speed_reaction_modifier(self.game, unit, speed, overwatch)

        def on_tests(n: int) -> str:
            return f"{n:+d} on Reaction Tests".replace("-", "−") if n else ""

        still = react(Speed.HALTED)
        rows = [
            (
                "halted",
                "Halted",
                "No move; may fire" + (f". {on_tests(still)}" if still else ""),
                "AA-034 Halted" + (f"; AA-035 {on_tests(still)}" if still else
                                   "; no Reaction modifier (AA-040 rules option, or FF-016)"),
            )
        ]
        if regular:
            watch = react(Speed.HALTED, overwatch=True)
            rows.append(
                (
                    "overwatch",
                    "Overwatch",
                    "No move or fire now; may interrupt Insurgents in sight this turn"
                    + (f". {on_tests(watch)}" if watch else ""),
                    "AA-103..107 Overwatch" + (f"; AA-035 {on_tests(watch)}" if watch else ""),
                )
            )
        # the unit's own limits: a rule module may change them (mounted: 8" and 16", FF-055)
        slow, fast = m.cautious, m.rapid
        if unit is not None:
            slow = speed_limit(self.game, Speed.CAUTIOUS, unit)
            fast = speed_limit(self.game, Speed.RAPID, unit)
        mounted = ("; FF-055 mounted" if (slow, fast) != (m.cautious, m.rapid) else "")
        careful = react(Speed.CAUTIOUS)
        cautious = f'Up to {slow:g}", ' + (f"{on_tests(careful)}, " if careful else "") + "+1 Defense die"
        rows.append(
            (
                "cautious",
                "Cautious",
                cautious,
                'AA-032 up to 6"; AA-036 +1 Reaction (Regulars only); AA-120 +1 Defense'
                + mounted,
            )
        )
        hurry = react(Speed.RAPID)
        rapid = f'Up to {fast:g}", ' + (f"{on_tests(hurry)}, " if hurry else "") + "−1 Firepower die"
        if unit is not None and unit.had_casualties and not unit.abandoned:
            rapid += "; a Quality Check first (the unit has casualties)"
        rows.append(
            (
                "rapid",
                "Rapid",
                rapid,
                'AA-033 up to 12"; ' + ("AA-037 −1 Reaction; " if hurry else "") + "AA-038 −1 Firepower; "
                "AA-162 after casualties" + mounted,
            )
        )
        return rows

    def _why_not(self, key: str) -> str:
        f = self.decision.facts
        if key == "rapid" and f.get("dependants"):
            return "Not allowed: the unit carries Dependants (DC-006)"
        return (
            "Not allowed now: the unit may not move this activation "
            "(regrouping, or a leader joined)"
        )

    def build(self) -> None:
        opts = set(self.decision.options)
        unit = self.unit(self.decision.facts.get("unit"))
        side = self.decision.side
        if unit is not None:  # the banner names the unit: its ratings and statuses in one line
            self.body.addWidget(unit_line(self.game, unit))
        # the order first: a two-button row that needs a click, never below the speeds
        # the heading on the toggles' line where the width allows (it wraps under it at a
        # larger text): the fourth speed, Rapid, was below the fold at 1280x800
        self.order_heading = section("Order", "AA-030: move then fire, or fire then move")
        holder = QWidget()
        row = FlowLayout(holder, spacing=6)
        row.addWidget(self.order_heading)
        self.order_group = QButtonGroup(self)
        self.order_buttons: dict[str, QPushButton] = {}
        for key, text, tip in ORDERS:
            b = toggle(text, tip, side)
            self.order_group.addButton(b)
            self.order_buttons[key] = b
            b.toggled.connect(self._refresh)
            row.addWidget(b)
        self.order_buttons["move-fire"].setChecked(True)
        self.body.addWidget(holder)

        self.body.addWidget(section("Speed", "AA-031: Halted, Cautious or Rapid"))
        self.speed_group = QButtonGroup(self)
        self.speed_group.setExclusive(True)
        self.speed_cards: dict[str, Card] = {}
        for key, title, line, rules in self.speeds():
            legal = key in opts or any(o.startswith(key + ":") for o in opts)
            n = len(self.option_buttons) + 1
            card = Card(
                title, [line if legal else self._why_not(key)], key=n if legal else None, side=side
            )
            card.setToolTip(rules)
            card.setEnabled(legal)
            if legal:
                self.number(card)
                self.speed_group.addButton(card)
                card.toggled.connect(self._refresh)
            self.speed_cards[key] = card
            self.body.addWidget(card)

        extra = [o for o in self.decision.options if isinstance(o, str) and "/" in o]
        if extra:  # a Force on Force module's own actions (disperse a mob, dismount...)
            labels = self.decision.facts.get("module_plans", {})
            self.body.addWidget(section("Other actions", "Force on Force: instead of moving and firing"))
            for o in extra:
                n = len(self.option_buttons) + 1
                card = Card(str(labels.get(o, o)), [_module_title(o)],
                            key=n, side=side)
                card.setToolTip(str(labels.get(o, o)))
                self.number(card)
                self.speed_group.addButton(card)
                card.toggled.connect(self._refresh)
                self.speed_cards[o] = card
                self.body.addWidget(card)
        self.go = self.add_button("", on_click=self.confirm, default=True, stretch_before=True)
        default = "cautious" if "cautious:move-fire" in opts else "halted"
        self.speed_cards[default].setChecked(True)
        self._refresh()

    def plan(self) -> str | None:
        """The engine answer for the current selection."""
        speed = next((k for k, c in self.speed_cards.items() if c.isChecked()), None)
        if speed is None:
            return None
        if speed in ("halted", "overwatch") or "/" in speed:
            return speed
        order = next(k for k, b in self.order_buttons.items() if b.isChecked())
        return f"{speed}:{order}"

    def select(self, speed: str, order: str | None = None) -> None:
        self.speed_cards[speed].setChecked(True)
        if order is not None:
            self.order_buttons[order].setChecked(True)

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The speed card, the order toggle for a unit that moves, then the confirm button."""
        if isinstance(answer, str) and answer in self.decision.options:
            speed, _, order = answer.partition(":")
            if speed in self.speed_cards and (not order or order in self.order_buttons):
                order_click = [self.order_buttons[order]] if order else []
                return [self.speed_cards[speed], *order_click, self.go]
        return super().clicks_for(answer)

    def _refresh(self) -> None:
        if not hasattr(self, "go"):
            return
        plan = self.plan()
        moving = plan is not None and ":" in plan
        for b in self.order_buttons.values():
            b.setEnabled(moving)
        # said in the greyed toggles' tooltips, not on a line of its own: that line (empty
        # for a unit that moves) put the fourth speed, Rapid, below the fold at 1280x800
        for (_key, _text, tip), b in zip(ORDERS, self.order_buttons.values(), strict=True):
            b.setToolTip(tip if moving else f"{tip}. The order matters only for a unit that moves.")
        titles = {"halted": "Halted — fire only", "overwatch": "Go on Overwatch"}
        if plan is None:
            text = "Choose a speed"
        elif plan in titles:
            text = titles[plan]
        elif "/" in plan:  # the action's head: its card above says the odds and rules
            text = commit_words(str(self.decision.facts.get("module_plans", {}).get(plan, plan)))
        else:
            speed, order = plan.split(":")
            text = f"{speed.capitalize()}: " + (
                "move, then fire" if order == "move-fire" else "fire, then move"
            )
        self.fit_default_text(text)
        self.go.setEnabled(plan in self.decision.options)

    def confirm(self) -> None:
        plan = self.plan()
        if plan is not None:
            self.choose(plan)


def _module_title(plan: str) -> str:
    """The rule module a module plan ("mounted/mount") belongs to, by its title ("Mounted
    units"): under "Mount up" a play-tester read the module's bare name, "Mounted", as the
    state the unit was in."""
    from ambush_gui.alley.modules import REGISTRY

    name = plan.split("/")[0]
    module = REGISTRY.get(name)
    return str(getattr(module, "title", "") or name.replace("_", " ").capitalize())
