"""The decision protocol shared by every rule system.

A game is a scenario, a seed and the list of decisions made so far. Rule procedures
are written as generators that ``yield`` a :class:`Decision` wherever a player must
choose and receive the validated answer back. ``Game.pending()`` shows the open
decision; ``Game.answer(choice)`` validates it and advances. The GUI, the computer
players and the tests all speak this one protocol.

Choices are plain JSON values (strings, numbers, lists, dicts) so that a save is just
the list of answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from copy import deepcopy
from enum import StrEnum
from typing import Any


class IllegalDecision(ValueError):
    """An answer that the open decision does not allow. Nothing was changed."""


class DecisionKind(StrEnum):
    """Every kind of question the engines ask. The GUI has one dialog per kind."""

    # Ambush Alley
    ACTIVATE = "activate"  # Regular: which unit activates next
    PLAN = "plan"  # speed, order (move/fire), overwatch
    MOVE = "move"  # a path for the unit
    FIRE = "fire"  # a target (or hold fire)
    INTERRUPT = "interrupt"  # Insurgent: which unit interrupts, by fire or movement, where
    OVERWATCH = "overwatch"  # Regular: an Overwatch unit interrupts an interruption
    OVERWATCH_POINT = "overwatch_point"  # Regular: an Overwatch unit fires at a point of an Insurgent move
    REACT = "react"  # Regular reaction after a Reaction Test or to end-of-turn Insurgents
    MATCH = "match"  # defender arranges Defense dice against Firepower dice
    CASUALTIES = "casualties"  # owner picks which figures fall
    HOT_SPOT = "hot_spot"  # Insurgent picks a Hot Spot after rolling a 6
    PLACE = "place"  # where reinforcements are set down
    INSURGENT_ACT = "insurgent_act"  # Insurgent: which unit acts in the end-of-turn phase
    ABANDON = "abandon"  # Regular: abandon casualties
    # Force on Force modules: a question of one module's (facts: "module", "question", and
    # "labels": {option: what it means}); options are short ids, labels explain each one
    CHOOSE = "choose"
    # Ambush!
    AMBUSH_ACTION = "ambush_action"
    AMBUSH_TARGET = "ambush_target"
    AMBUSH_ACTOR = "ambush_actor"  # which US soldier of the AR Track space acts next (AR-048)
    AMBUSH_MOVE = "ambush_move"  # the next hex of a move during Rounds (AR-099..105)
    AMBUSH_STANCE = "ambush_stance"  # the free stance change after the action (AR-071)
    AMBUSH_OPERATIONS = "ambush_operations"  # Operations: a soldier enters a hex, or the turn ends


class Decision:
    """One open question.

    ``options`` are the enumerated legal answers (a random player picks among them;
    the GUI lists them). They may be given as a function, computed only when someone
    asks, because free-measure moves have many candidates and the computer player
    rarely needs them. Some decisions (a free-measure move) also accept answers
    outside the list: ``check`` then validates and normalises any answer, raising
    :class:`IllegalDecision` with the reason.

    ``forced`` is the answer to give when no other answer could matter: the only legal
    one, or one whose alternatives all lead to the same game (matching when the defender
    kept no die that can cancel anything). ``forced_reason`` says why, in words a player
    reads. The engine still asks the decision, so saves and transcripts replay the same;
    the GUI answers a forced decision for the person at once and says so in the log. A
    decision with exactly one listed option and no ``check`` is forced by construction.
    """

    __slots__ = ("side", "kind", "prompt", "facts", "check", "_options", "forced", "forced_reason",
                 "_passed")

    def __init__(
        self,
        side: str,
        kind: DecisionKind,
        prompt: str,
        options: Sequence[Any] | Callable[[], Sequence[Any]] = (),
        facts: Mapping[str, Any] | None = None,
        check: Callable[[Any], Any] | None = None,
        forced: Any | None = None,
        forced_reason: str = "",
    ) -> None:
        self.side = side
        self.kind = kind
        self.prompt = prompt
        self.facts: Mapping[str, Any] = facts or {}
        self.check = check
        self._options = options
        if forced is None and check is None and not callable(options) and len(options) == 1:
            forced, forced_reason = options[0], forced_reason or "the only legal answer"
        self.forced: Any | None = forced
        self.forced_reason = forced_reason
        self._passed: tuple[Any, Any] | None = None  # the last answer ``check`` passed, normalised

    @property
    def options(self) -> tuple[Any, ...]:
        if callable(self._options):
            self._options = tuple(self._options())
        return tuple(self._options)

    def validate(self, choice: Any) -> Any:
        """Return the normalised choice, or raise :class:`IllegalDecision`."""
        from ambush_gui.core.errors import shown

        if self.check is not None:
            passed = self._passed
            if passed is not None and type(passed[0]) is type(choice) and passed[0] == choice:
                return passed[1]  # asked again (a player checks its answer, then gives it)
            try:
                normalised = self.check(choice)
                self._passed = (deepcopy(choice), normalised)
                return normalised
            except IllegalDecision:
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                # an answer not even shaped like one (a save's decisions are untrusted input)
                raise IllegalDecision(f"{shown(choice)} is not an answer to {self.kind.value!r} "
                                      f"({self.prompt}): it is not shaped like one") from None
        if choice in self.options:
            return choice
        raise IllegalDecision(
            f"{shown(choice)} is not a legal answer to {self.kind.value!r} ({self.prompt}); "
            f"legal answers: {_short(self.options)}"
        )

    def __repr__(self) -> str:
        return f"Decision({self.side!r}, {self.kind.value!r}, {self.prompt!r})"


def _short(options: Sequence[Any], limit: int = 8) -> str:
    shown = ", ".join(repr(o) for o in options[:limit])
    return shown + (f", … ({len(options)} in all)" if len(options) > limit else "")
