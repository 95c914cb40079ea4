"""What the Action Round engine asks of the mission and of the German paragraph engine.

The Round sequence (:mod:`ambush_gui.ambush.rounds`) and the US actions
(:mod:`ambush_gui.ambush.actions`) are written against these two small interfaces, so
they run without knowing how a mission file or a paragraph is read (AR-006):

- :class:`MissionHooks`: the Mission Card and the paragraph booklet: the Event column
  (AR-029, AR-030), the Paragraph Check of a hex entered (AR-003, AR-004) and the hexes
  an off-map soldier enters by (AR-013).
- :class:`GermanBrain`: a German's turn (AR-109..116) and his Special Reactions (AR-113).

A game (or a test bench) that provides both, with the state, charts, dice and log, is a
:class:`RoundsContext`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ambush_gui.ambush.model import AmbushContext, Side, Soldier
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Hex


class Situation(StrEnum):
    """The situations a Special Reaction column answers (AR-113); the same words as the
    mission file's ``Reaction``."""

    US_INTO_SIGHT = "us-into-sight"
    FIRED_AT = "fired-at"
    COMRADE_HIT = "comrade-hit"


@dataclass(frozen=True)
class EventEntry:
    """One line of the Mission Card's Event column: the paragraph to read, and the sighting it
    reports, if any (AR-030: skipped once that sighting has occurred)."""

    paragraph: str
    sighting: str | None = None


@dataclass(frozen=True)
class RoundsStart:
    """What the paragraph that commences Rounds says (AR-001, AR-033, AR-040).

    ``activated``: the Germans it activated (Round-1 Perception Checks look at them,
    AR-020). ``advantage``: the side it gives the Advantage in Round 1, if any.
    ``two_turns``: the side it grants two turns in Round 1, if any (that side rolls no
    initiative die, AR-040).
    """

    activated: tuple[str, ...] = ()
    advantage: Side | None = None
    two_turns: Side | None = None


class GermanBrain(Protocol):
    """How a German acts (the paragraph engine implements it; tests use a scripted brain)."""

    def take_turn(self, g: RoundsContext, german: Soldier, action_number: int) -> Procedure:
        """His turn: the paragraph for ``action_number`` under the current Condition,
        read literally (AR-110, AR-111). The Round drops his marker afterwards, unless the
        turn itself moved it (wounded, panicked, inactive, evaded)."""
        ...

    def special_reaction(self, g: RoundsContext, german: Soldier, situation: Situation,
                         cause: Soldier | None) -> Procedure:
        """AR-113: ``situation`` arose for ``german`` (caused by ``cause``): look up his
        Special Reaction column with a fresh Action Number and act on it, or do nothing."""
        ...


class MissionHooks(Protocol):
    """The Mission Card and the paragraph booklet, as the Round engine needs them."""

    def event_entry(self, g: RoundsContext, total: int) -> EventEntry | None:
        """The Event column line for the 2d6 ``total`` (AR-029), or None if it is blank."""
        ...

    def read_paragraph(self, g: RoundsContext, paragraph: str) -> Procedure:
        """Read and resolve a paragraph as an Operations Event Check would (AR-030)."""
        ...

    def paragraph_check(self, g: RoundsContext, soldier: Soldier, where: Hex) -> Procedure:
        """The Paragraph Check for ``soldier`` entering ``where`` (AR-003); in Rounds an Event
        result only places a marker (AR-004). It may activate Germans (through
        :func:`ambush_gui.ambush.rounds.activate_in_round`) or change the Condition
        (:func:`ambush_gui.ambush.rounds.condition_change`)."""
        ...

    def hex_check(self, g: RoundsContext, where: Hex) -> Procedure:
        """The Paragraph Check of a US-occupied hex after a Condition change (AR-124)."""
        ...

    def entry_hexes(self, g: RoundsContext, soldier: Soldier) -> Sequence[Hex]:
        """The map hexes an off-map US soldier may enter by (AR-013)."""
        ...


class RoundsContext(AmbushContext, Protocol):
    """An Ambush! context that also has the mission's hooks and the German brain."""

    mission: MissionHooks
    brain: GermanBrain


__all__ = [
    "EventEntry",
    "GermanBrain",
    "MissionHooks",
    "RoundsContext",
    "RoundsStart",
    "Situation",
]
