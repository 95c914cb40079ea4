"""The easy computer player: the normal player with a beginner's slips.

A beginner knows what the normal player knows but now and then gets it wrong: picks
another unit to go first, shoots at the wrong target, lets a chance to interrupt or
fire from Overwatch pass, tries another plan, misjudges the moment for a Force on Force
module's own tools (sets the IED off on the first passer-by or lets the squad go by,
stays in the saddle under fire or gets down in the open, sends the crowd the wrong
way). :data:`SLIPS` says at which decisions and how often. Everywhere else (matching
dice, choosing casualties, placing reinforcements) it answers as normal does: a slip
there would only be a mistake of bookkeeping, not of play.

A slip takes another answer the normal player also thought worth comparing
(the look-ahead's ``candidates(game, decision)``, best first, where the system has them),
else, at the decisions where any legal answer is a sensible one (which unit goes next,
whom to fire at, a plan, a free-measure move: its listed moves all end inside the
move's allowance), another legal option; never an Ambush! step or hex entry picked at
random (one leads off the map), and declining is always "none". Every
answer goes through ``decision.validate``; a slip that would not validate is dropped
for normal's answer. The slips come from the player's own dice (:class:`Dice` seeded
with its seed, never the game's), so the same seed and the same game give the same
answers. The reason says what happened, in a beginner's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ambush_gui.ai.narrate import Choice, narrate
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.dice import Dice

DECLINE = "none"  # the answer that lets an interrupt or Overwatch chance pass


@dataclass(frozen=True)
class Slip:
    """How easy goes wrong at one kind of decision: ``percent`` of the time (out of the
    decisions where there is another answer to take), by declining (``decline``) or by
    another answer; ``words`` is the reason's beginner's excuse."""

    percent: int
    words: str
    decline: bool = False
    any_option: bool = True  # with no candidates from normal, any other legal option will do


SLIPS: dict[DecisionKind, Slip] = {
    # Ambush Alley
    DecisionKind.ACTIVATE: Slip(35, "did not see which unit should go first"),
    DecisionKind.INSURGENT_ACT: Slip(35, "did not see which cell should act first"),
    DecisionKind.PLAN: Slip(35, "misjudged what this unit should do"),
    DecisionKind.MOVE: Slip(40, "misjudged the ground"),
    DecisionKind.FIRE: Slip(50, "misjudged the range and picked the wrong target"),
    DecisionKind.CHOOSE: Slip(35, "misjudged the moment"),  # a module's question
    DecisionKind.INTERRUPT: Slip(60, "hesitated and let the chance pass", decline=True),
    DecisionKind.OVERWATCH: Slip(60, "hesitated and let the chance pass", decline=True),
    DecisionKind.OVERWATCH_POINT: Slip(60, "hesitated and let the chance pass", decline=True),
    # Ambush!
    DecisionKind.AMBUSH_ACTOR: Slip(35, "did not see who should act first"),
    DecisionKind.AMBUSH_ACTION: Slip(35, "misjudged what this man should do"),
    DecisionKind.AMBUSH_TARGET: Slip(50, "misjudged the range and picked the wrong target"),
    DecisionKind.AMBUSH_OPERATIONS: Slip(30, "misjudged the way", any_option=False),
    DecisionKind.AMBUSH_MOVE: Slip(30, "misjudged the way", any_option=False),
}


class EasyPlayer:
    """The normal player, slipping at :data:`SLIPS`' rates with its own seeded dice.

    ``chances`` and ``slipped`` count, by decision kind, the decisions where a slip
    could be made and those where it was (what the tests and the narration read)."""

    def __init__(self, system: str, seed: int = 0) -> None:
        from ambush_gui.systems import normal_player

        self.normal = normal_player(system)
        self.system = system
        self.seed = seed
        self._dice = Dice(seed)
        self.chances: dict[DecisionKind, int] = {}
        self.slipped: dict[DecisionKind, int] = {}

    def choose(self, game: Any, decision: Decision) -> Any:
        return self.decide(game, decision).answer

    def decide(self, game: Any, decision: Decision) -> Choice:
        """Normal's answer and reason, or now and then a slip, said as one."""
        best = self.normal.decide(game, decision)
        if not best.reason:  # what it does, at least (normal leaves some answers unexplained)
            best = Choice(best.answer, narrate(game, decision, best.answer))
        slip = SLIPS.get(decision.kind)
        if slip is None or decision.forced is not None:
            return Choice(best.answer, best.reason)
        others = self._others(game, decision, best.answer, slip)
        if not others:
            return Choice(best.answer, best.reason)
        kind = decision.kind
        self.chances[kind] = self.chances.get(kind, 0) + 1
        roll = self._dice.one(100)  # always thrown here, so the stream depends on the game alone
        if roll > slip.percent:
            return Choice(best.answer, best.reason)
        pick = others[self._dice.one(len(others)) - 1] if len(others) > 1 else others[0]
        try:
            answer = decision.validate(pick)
        except IllegalDecision:  # never leave the rules for a slip
            return Choice(best.answer, best.reason)
        self.slipped[kind] = self.slipped.get(kind, 0) + 1
        return Choice(answer, f"{narrate(game, decision, answer)}: {slip.words}")

    def _others(self, game: Any, d: Decision, best: Any, slip: Slip) -> list[Any]:
        """The answers a slip may take instead of ``best`` ([] when there are none)."""
        if slip.decline:
            return [DECLINE] if best != DECLINE and DECLINE in d.options else []
        from ambush_gui.systems import look_ahead

        hooks = look_ahead(self.system, self.normal)
        if hooks is not None:
            offered = [c.answer for c in hooks.candidates(game, d)]
            others = [a for a in offered if a != best]
            if others or not slip.any_option:
                return others
        if not slip.any_option:
            return []
        return [o for o in d.options if o != best and o not in ("hold", "end", DECLINE)]
