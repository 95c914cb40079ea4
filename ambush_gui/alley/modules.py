"""Optional rule modules, switched on per scenario (the Force on Force rules of seed 003).

The core turn calls a fixed set of hook points; a module overrides the ones it needs.
With no module switched on, every hook does nothing, so the basic game is exactly the
rulebook's. A scenario switches modules on by name with their options:

    [modules.stress]
    level = "high"

A hook that may need a player's answer (a mine going off, a mob moving, a Stress
Test) is a procedure like every rule procedure: a generator that yields decisions.
Modifier hooks return :class:`~ambush_gui.core.events.Modifier` lists, each naming its
rule, which the pools and tests show beside the core ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit
    from ambush_gui.alley.movement import MovePlan


class RuleModule:
    """A bundle of optional rules. Subclass, set ``name``, override hooks, ``register``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""

    def __init__(self, game: AlleyGame, options: dict[str, Any]) -> None:
        self.g = game
        self.options = options

    # -- procedures (may ask decisions) ----------------------------------------------
    def start_turn(self) -> Procedure:
        """After the turn begins, before reinforcements (e.g. civilian mobs, mortars)."""
        return
        yield

    def end_turn(self) -> Procedure:
        """At the end of the turn, before Pins clear (e.g. Stress recovery)."""
        return
        yield

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        """After a unit has moved (e.g. mines and IEDs along its path)."""
        return
        yield

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        """After a Fire Combat and its Morale Checks (e.g. Combat Stress)."""
        return
        yield

    # -- checks and modifiers -------------------------------------------------------
    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        """Raise IllegalDecision to forbid a move (e.g. into a civilian mob)."""

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        return []

    def defense_modifiers(self, target: Unit, attacker: Unit) -> list[Modifier]:
        return []

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        return []


REGISTRY: dict[str, type[RuleModule]] = {}


def register(cls: type[RuleModule]) -> type[RuleModule]:
    """Class decorator: make a module available to scenarios by its ``name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    REGISTRY[cls.name] = cls
    return cls


class Modules:
    """The modules a game has switched on, called in the scenario's order."""

    def __init__(self, game: AlleyGame, chosen: dict[str, dict[str, Any]]) -> None:
        self.active = [REGISTRY[name](game, options) for name, options in chosen.items()]

    def __bool__(self) -> bool:
        return bool(self.active)

    def __iter__(self) -> Iterator[RuleModule]:
        return iter(self.active)

    def start_turn(self) -> Procedure:
        for m in self.active:
            yield from m.start_turn()

    def end_turn(self) -> Procedure:
        for m in self.active:
            yield from m.end_turn()

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        for m in self.active:
            yield from m.after_move(unit, plan)

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        for m in self.active:
            yield from m.after_fire(target, attacker, hits)

    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        for m in self.active:
            m.check_move(unit, plan)

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.firepower_modifiers(attacker, target)]

    def defense_modifiers(self, target: Unit, attacker: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.defense_modifiers(target, attacker)]

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.reaction_modifiers(unit)]
