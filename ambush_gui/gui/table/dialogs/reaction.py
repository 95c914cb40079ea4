"""Reaction Tests and the Regular answers around them: Overwatch and waiting units
joining in (AA-091, AA-104..107), reacting first (AA-081..084), returning fire
(AA-080) and reacting to Insurgent moves and fire (AA-089).

The test itself is read from the log: the latest "reaction" event of the interruption
being answered, and the two "roll" events before it (both dice and every modifier).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from ambush_gui.alley.fire import odds
from ambush_gui.alley.pools import firepower
from ambush_gui.core.events import Event
from ambush_gui.core.words import whose
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Card,
    DecisionDialog,
    ModifierList,
    label,
    panel,
    section,
    side_title,
    unit_chips,
    unit_details,
)
from ambush_gui.gui.shared.dice import DieFace
from ambush_gui.gui.table.dialogs.fire import safest_first, shot_warnings

# Events that open a new action: a Reaction Test before one of these belongs to an
# earlier action and is not shown.
BOUNDARIES = ("interrupt", "activate", "turn", "plan")


@dataclass(frozen=True)
class ReactionTest:
    """A Reaction Test as logged: the verdict and the two rolls."""

    event: Event
    regular_roll: Event
    insurgent_roll: Event

    @property
    def insurgent_first(self) -> bool:
        return bool(self.event.data["insurgent_first"])


def latest_reaction(events: list[Event], against: str | None = None) -> ReactionTest | None:
    """The Reaction Test of the current action, if one has been rolled.

    Walks back from the end of the log to the event that opened the action; ``against``
    (the Insurgent unit) must match when given.
    """
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind in BOUNDARIES:
            return None
        if e.kind != "reaction":
            continue
        if against is not None and e.data.get("insurgent") != against:
            return None
        rolls: dict[str, Event] = {}
        for j in range(i - 1, max(-1, i - 6), -1):
            r = events[j]
            if r.kind == "roll" and r.data.get("unit") in (e.data["regular"], e.data["insurgent"]):
                rolls.setdefault(r.data["unit"], r)
            if len(rolls) == 2:
                break
        if len(rolls) < 2:
            return None
        return ReactionTest(e, rolls[e.data["regular"]], rolls[e.data["insurgent"]])
    return None


INSURGENT_NEEDS = 4  # AA-074, as the engine's verdict applies it: 4+ and strictly higher


def verdict_words(game: Any, d: dict[str, Any]) -> str:
    """The Reaction Test's verdict with its reason, from the logged facts (both totals
    and who acts first): "Leader (2b) 2 against Fireteam Bravo 1 — Fireteam Bravo acts
    first" read as a mistake without "(needs 4+)"."""
    def name(key: str) -> str:
        unit = game.state.units.get(d.get(key))
        return unit.name if unit is not None else side_title(key)

    ins, reg = name("insurgent"), name("regular")
    it, rt = int(d["insurgent_total"]), int(d["regular_total"])
    if d["insurgent_first"]:
        why = f"{INSURGENT_NEEDS}+ and higher"
    elif it < INSURGENT_NEEDS:
        why = f"{ins} needed {INSURGENT_NEEDS}+"
    elif it == rt:
        why = f"a tie goes to the {side_title('regular')}"
    else:
        why = f"{ins} needed more than {rt}"
    need = f" (needs {INSURGENT_NEEDS}+)" if it < INSURGENT_NEEDS else ""
    who = ins if d["insurgent_first"] else reg
    return f"{ins} {it}{need} against {reg} {rt}: {who} acts first ({why})"


class ReactionPanel(QWidget):
    """Both dice, every modifier, both totals and who acts first."""

    def __init__(self, game: Any, test: ReactionTest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(
            section(
                "Reaction Test",
                "AA-073..075: both units roll their TQ die; the "
                "Insurgent acts first only with 4+ and strictly higher",
            )
        )
        row = QVBoxLayout()  # one box under the other: the Decision dock is narrow
        row.setSpacing(6)
        self.faces: list[DieFace] = []
        d = test.event.data
        for roll, total_key in (
            (test.regular_roll, "regular_total"),
            (test.insurgent_roll, "insurgent_total"),
        ):
            side = roll.data.get("side")
            box, inner = panel(side)
            uid = roll.data.get("unit")
            unit = game.state.units.get(uid)
            inner.addWidget(
                label(f"{side_title(side)}: {unit.name if unit else uid}", bold=True, size=10.5,
                      wrap=True)
            )
            line = QHBoxLayout()
            face = DieFace(roll.data["faces"][0], int(roll.data["sides"]), side)
            self.faces.append(face)
            line.addWidget(face)
            mods = ModifierList(roll.data.get("modifiers") or [])
            line.addWidget(mods, 1)
            inner.addLayout(line)
            total = label(f"Total {d[total_key]}", bold=True, size=12)
            total.setToolTip("The die plus the modifiers")
            inner.addWidget(total)
            row.addWidget(box, 1)
        lay.addLayout(row)
        first = d["insurgent_first"]
        text = verdict_words(game, d)
        self.verdict = label(
            text,
            bold=True,
            wrap=True,
            size=11.5,
            colour=theme.SIDE_COLOURS["insurgent" if first else "regular"],
        )
        self.verdict.setToolTip("AA-074: the Insurgent needs 4+ and a strictly higher total")
        lay.addWidget(self.verdict)


class _ReactBase(DecisionDialog):
    """Shared body: the Reaction Test (if one was rolled for this action), then choices."""

    def against(self) -> str | None:
        return self.decision.facts.get("against")

    def add_context(self) -> None:
        """What is happening: the interruption being answered, as the log has it."""
        for e in reversed(self.game.log.events):
            if e.kind in ("activate", "turn"):
                return
            if e.kind == "interrupt" and e.data.get("insurgent") == self.against():
                how = {"fire": "by fire", "move": "by movement"}.get(e.data.get("how"), "")
                self.body.addWidget(
                    label(
                        f"{self.name(e.data.get('insurgent'))} interrupts "
                        f"{self.name(e.data.get('regular'))} {how}.",
                        bold=True,
                        wrap=True,
                        colour=theme.DIALOG_TEXT,
                    )
                )
                return

    def add_reaction(self) -> None:
        self.add_context()
        self.test = latest_reaction(self.game.log.events, self.against())
        if self.test is not None:
            self.reaction: ReactionPanel | None = ReactionPanel(self.game, self.test)
            self.body.addWidget(self.reaction)
        else:
            self.reaction = None

    def unit_cards(self, uids: list[str], overwatch_aware: bool = True) -> None:
        """One card per Regular unit that may fire, with its dice against the Insurgents and
        what its fire risks (a crowd in the way: :func:`shot_warnings`, as the fire list)."""
        ins = self.unit(self.against())
        self.cards: dict[str, Card] = {}
        for uid in uids:
            u = self.unit(uid)
            details = [unit_details(u)]
            warnings: list[str] = []
            fp = None
            if ins is not None:
                fp = firepower(self.game, u, ins, overwatch=u.overwatch and overwatch_aware)
                warnings = shot_warnings(self.game, u, ins)
                if ins.alive:
                    o = odds(self.game, u, ins, overwatch=u.overwatch and overwatch_aware)
                    df = o.defense
                    details.append(f"{fp.dice}{fp.die.name.lower()} against "
                                   f"{df.dice}{df.die.name.lower()} · expect {o.mean:.2f} casualties")
                if not fp.dice:
                    details[-1] += f" · {NO_DICE}"
            card = Card(
                u.name,
                details,
                unit_chips(self.game, u),
                key=len(self.option_buttons) + 1,
                side="regular",
                warnings=warnings,
            )
            if fp is not None and not fp.dice:  # AA-144: a fire with no dice is no attack
                card.setEnabled(False)
            card.setToolTip("Firepower: " + ", ".join(str(m) for m in fp.items) if fp else "")
            self.number(card)
            self.choice_card(card, uid, f"{self.verb} {u.name}")
            self.cards[uid] = card
            self.body.addWidget(card)

    verb = "Fire with"


class OverwatchDialog(_ReactBase):
    """DecisionKind.OVERWATCH: options "none" and Regular unit ids."""

    def what(self) -> str:
        return f"fire at {self.name(self.against())}?"

    def build(self) -> None:
        self.safe_answer = "none"
        self.add_reaction()
        self.body.addWidget(
            label(
                "Overwatch units, and units still waiting to activate that see it, may fire first "
                "(a Reaction Test decides whether before or after the Insurgents; for a waiting "
                "unit this is its activation).",
                wrap=True,
                colour=theme.DIALOG_TEXT,
            )
        )
        self.body.addWidget(section("Fire with"))
        units = [o for o in self.decision.options if o != "none"]
        self.unit_cards(units)
        self.add_button("Hold", "none", tip="No unit fires (Esc)")
        if any(self.cards[u].isEnabled() for u in units):  # AA-144: dice to throw
            self.add_commit()


NO_DICE = "no Firepower dice: no attack (AA-144)"

REACT_LABELS = {
    "fire": ("Fire at {against}", "AA-080/082: fire at the interrupting unit"),
    "cover": (
        "Move into cover or out of sight",
        "AA-084: a move into cover or out of the "
        "interrupter's line of sight (you draw it on the table)",
    ),
    "none": ("Do nothing", "No reaction (Esc)"),
}


class ReactDialog(_ReactBase):
    """DecisionKind.REACT: either fixed answers ("fire", "cover", "none") for the unit
    that was interrupted, or Regular unit ids reacting to an Insurgent move or fire."""

    def return_fire_dice(self) -> int:
        """The Firepower dice the interrupted unit would throw back (the engine's pool)."""
        u, ins = self.unit(self.decision.facts.get("unit")), self.unit(self.against())
        return firepower(self.game, u, ins).dice if u is not None and ins is not None else 1

    def what(self) -> str:
        f = self.decision.facts
        if f.get("unit"):
            return f"{self.name(f['unit'])} reacts to {self.name(self.against())}"
        return f"react to {whose(f.get('what', 'action'), self.name(self.against()))}?"

    def build(self) -> None:
        opts = list(self.decision.options)
        self.safe_answer = "none" if "none" in opts else None
        self.add_reaction()
        f = self.decision.facts
        if self.reaction is None and not f.get("unit"):
            note = (
                "Regular units that see the Insurgents may fire at them, each once in the phase "
                "(AA-089); a unit on Overwatch may keep interrupting, one die fewer each time "
                "(AA-106)."
                if f.get("what") == "move"
                else "The target, or a unit on Overwatch, may react; a Reaction Test then decides "
                "who fires first (AA-089, AA-073)."
            )
            self.body.addWidget(label(note, wrap=True, colour=theme.DIALOG_TEXT))
        units = [o for o in opts if o not in REACT_LABELS]
        self.verb = "React with"
        if units:
            self.body.addWidget(section("React with"))
            self.unit_cards(units)
        fixed = [o for o in opts if o in REACT_LABELS and o != "none"]
        self.choice_cards: dict[str, Card] = {}
        if fixed:
            self.body.addWidget(section("Your reaction"))
            for o in fixed:
                text, tip = REACT_LABELS[o]
                shooting = o == "fire"
                no_dice = shooting and not self.return_fire_dice()  # AA-144: not offered
                card = Card(
                    text.format(against=self.name(self.against())),
                    [NO_DICE if no_dice else tip],
                    key=len(self.option_buttons) + 1,
                    side="regular",
                    warnings=shot_warnings(self.game, self.unit(f.get("unit")),
                                           self.unit(self.against())) if shooting else (),
                )
                card.setEnabled(not no_dice)
                self.number(card)
                self.choice_card(card, o, text.format(against=self.name(self.against())))
                self.choice_cards[o] = card
                self.body.addWidget(card)
        if "none" in opts:
            self.add_button(REACT_LABELS["none"][0], "none", tip=REACT_LABELS["none"][1])
        offered = [c for o in (*fixed, *units) for a, c in self.picks if a == o and c.isEnabled()]
        if offered:  # the fixed reactions come first: the first that may be chosen, and
            # risks no civilians if one such is offered, is the default (issue 28)
            safest_first(offered, lambda c: True, lambda c: c.warnings)[0].setChecked(True)
            self.add_commit()
