"""Mortars (FF-001..017): mortar teams on the table: objectives, the No Fire Zone, direct lay.

Switched on by ``modules = ["mortars"]``; settings in the scenario's ``[mortars]`` table
(docs/rules/fof-mortars.md)::

    modules = ["mortars"]

    [mortars]
    medium_direct_lay = false   # FF-003: does the scenario let Medium mortars direct-lay?

    [mortars.teams]             # unit id -> light, medium or heavy
    mortar-1 = "light"
    tubes = "heavy"

A mortar team is an ordinary unit of the scenario (its figures are the crew) that the
settings name. What each kind may do:

* **Light** (FF-008..017): a weapon team. It fires its mortar only at enemy units in
  its sight beyond its 18" No Fire Zone, by direct lay (house rule FF-013: every fire
  at a unit it sees is direct lay), at −1 Firepower die; the mortar adds its own dice
  (``light_dice``) to the crew's. Out-of-sight fire needs a call for fire, which the
  program does not have (house rule FF-013). An enemy inside the zone that attacks the
  team this turn may be answered with the crew's small arms (FF-015, house rule FF-017).
* **Medium** (FF-001..004): an objective that never fires, unless the scenario allows
  direct lay (``medium_direct_lay``): then as a Light team, with a 24" No Fire Zone.
* **Heavy** (FF-001, FF-005): an objective only; it never fires at units on the table.

Every mortar team may react and go on Overwatch as any unit (FF-014, FF-016), but never
has the +1 of being Halted or on Overwatch on its Reaction roll (house rule FF-017).

The fire limits reach the engine through the ``fire_blocked(attacker, target)`` hook
(:func:`ambush_gui.alley.fire.fire_blocked`), asked wherever the engine offers or
resolves a fire, so an illegal fire is never offered.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ambush_gui.alley.model import Side, Unit
from ambush_gui.alley.modules import RuleModule, Settings, register
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.words import whose

if TYPE_CHECKING:
    from ambush_gui.alley.scenario import ScenarioSpec


class MortarType(StrEnum):
    """FF-001, FF-008: the three sizes of mortar a scenario may put on the table."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


NO_FIRE_ZONE = {MortarType.LIGHT: 18.0, MortarType.MEDIUM: 24.0}  # FF-011, FF-004 (inches)
"""How close an enemy may be before the mortar may no longer fire at it (it may not fire
at a unit this far away or closer)."""


class MortarsSettings(Settings):
    """The ``[mortars]`` table of a scenario."""

    teams: dict[str, MortarType] = Field(
        default={}, description="the scenario's mortar teams: unit id -> 'light', 'medium' or 'heavy'")
    medium_direct_lay: bool = Field(
        default=False, description="FF-003: the scenario lets Medium mortar teams direct-lay at "
                                   "enemy units beyond their 24\" No Fire Zone")
    light_dice: int = Field(
        default=2, ge=0, le=10,
        description="house rule FF-013: Firepower dice a Light mortar adds to its crew's when it "
                    "fires (before the direct-lay -1)")
    medium_dice: int = Field(
        default=3, ge=0, le=10,
        description="house rule FF-013: Firepower dice a Medium mortar adds to its crew's when it "
                    "direct-lays (before the -1)")
    small_arms_dice: int = Field(
        default=1, ge=0, le=3,
        description="house rule FF-017: Firepower dice each crew figure throws in a small-arms "
                    "reply at an attacker inside the No Fire Zone (1: as any rifleman)")


@register
class MortarsModule(RuleModule):
    name = "mortars"
    title = "Mortars"
    rules = "FF-001..017"
    Settings = MortarsSettings
    settings: MortarsSettings

    def __init__(self, game: Any, settings: Any) -> None:
        super().__init__(game, settings)
        # (attacker id, target id): the fires declared or thrown this turn, so a team knows
        # which enemy inside its No Fire Zone has attacked it (FF-015)
        self.attacks: set[tuple[str, str]] = set()

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """Every mortar team names a unit of the scenario."""
        units = {u.id: u for u in spec.units}
        out: list[tuple[str, str]] = []
        for uid in settings.teams:
            if uid not in units:
                known = ", ".join(sorted(units)) or "none"
                out.append((f"mortars.teams.{uid}",
                            f"mortar team {uid}: the scenario has no unit {uid!r} "
                            f"(expected one of its units: {known})"))
        return out

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"attacks": sorted(list(a) for a in self.attacks)}

    def status(self) -> list[str]:
        out = []
        for uid, kind in self.settings.teams.items():
            unit = self.g.state.units.get(uid)
            if unit is None or not unit.alive:
                continue
            zone = self.zone(unit)
            what = (f"No Fire Zone {zone / self.g.m.scale:.0f}\"" if math.isfinite(zone)
                    else "an objective: never fires")
            out.append(f"{unit.name}: {kind.value} mortar, {what}")
        return out

    def unit_status(self, unit: Unit) -> list[str]:
        """On a mortar team's card: its type and what it may fire at."""
        kind = self.kind(unit)
        if kind is None:
            return []
        zone = self.zone(unit)
        # the card's figures list only the crew: the mortar is the team's (a play-tester
        # could not tell whether a team that lost two men still had its mortar)
        crew = (f"Its {kind.value} mortar stays in action while any of its crew stands (the "
                "team's figures are the crew, house rule FF-013)")
        if not math.isfinite(zone):
            return [f"{kind.value.capitalize()} mortar team: an objective, never fires", crew]
        return [f"{kind.value.capitalize()} mortar team: direct lay beyond its "
                f"{zone / self.g.m.scale:.0f}\" No Fire Zone (−1 die); no Reaction +1 when Halted "
                "or on Overwatch", crew]

    # -- what a team is -----------------------------------------------------------------
    def kind(self, unit: Unit) -> MortarType | None:
        """The unit's mortar type, or None for a unit that is not a mortar team."""
        return self.settings.teams.get(unit.id)

    def zone(self, unit: Unit) -> float:
        """The team's No Fire Zone in table inches; infinite for a team that may never fire
        its mortar at units on the table (Heavy, FF-005; Medium without direct lay, FF-002)."""
        kind = self.kind(unit)
        if kind is MortarType.LIGHT or (kind is MortarType.MEDIUM and self.settings.medium_direct_lay):
            return NO_FIRE_ZONE[kind] * self.g.m.scale
        return math.inf

    def beyond_zone(self, team: Unit, target: Unit) -> bool:
        """FF-011: a target more than the No Fire Zone away (at the zone's edge it is inside)."""
        return self.g.distance(team, target) > self.zone(team) + 1e-9

    def attacked(self, team: Unit, enemy: Unit) -> bool:
        """FF-015: ``enemy`` has declared or thrown a fire at ``team`` this turn."""
        return (enemy.id, team.id) in self.attacks

    # -- hooks --------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        self.attacks.clear()
        return
        yield

    def fire_declared(self, attacker: Unit, target: Unit) -> Procedure:
        """A unit has named ``target`` for its fire (before any reaction to it)."""
        self.attacks.add((attacker.id, target.id))
        return
        yield

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        self.attacks.add((attacker.id, target.id))
        return
        yield

    def fire_blocked(self, attacker: Unit, target: Unit) -> str | None:
        """Why a mortar team may not fire at ``target`` now, in words a player reads."""
        kind = self.kind(attacker)
        if kind is None:
            return None
        if kind is MortarType.HEAVY:
            return (f"{attacker.name} is a Heavy mortar team: an objective only, it never fires "
                    "at units on the table (FF-005)")
        if kind is MortarType.MEDIUM and not self.settings.medium_direct_lay:
            return (f"{attacker.name} is a Medium mortar team: it may not fire at units on the "
                    "table, and this scenario does not allow direct lay (FF-002, FF-003)")
        if self.beyond_zone(attacker, target):
            return None  # FF-010/012: direct lay at a unit it sees beyond the zone
        if self.attacked(attacker, target):
            return None  # FF-015: a small-arms reply
        zone = self.zone(attacker) / self.g.m.scale
        d = self.g.distance(attacker, target) / self.g.m.scale
        no_fire = f"{zone:.0f}\" No Fire Zone"
        return (f"{target.name} is {d:.1f}\" away, inside {whose(no_fire, attacker.name)}: "
                f"the mortar may not fire there, and the crew reply with small arms only to "
                f"an enemy there that attacks them (FF-011, FF-015)")

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        """House rule FF-013: the mortar's dice on top of the crew's, and the direct-lay −1
        (FF-012); inside the No Fire Zone the crew's small arms alone (FF-015, FF-017)."""
        kind = self.kind(attacker)
        if kind is None:
            return []
        if self.beyond_zone(attacker, target):
            dice = self.settings.light_dice if kind is MortarType.LIGHT else self.settings.medium_dice
            return [Modifier(f"{kind.value} mortar", dice, "FF-013"),
                    Modifier("direct lay", -1, "FF-012")]
        crew = sum(1 for f in attacker.fighters if WEAPONS[f.weapon].armed)
        extra = (self.settings.small_arms_dice - 1) * crew
        return [Modifier("small-arms reply: the mortar cannot fire inside its No Fire Zone",
                         extra, "FF-015")]

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        """FF-016, house rule FF-017: a mortar team never has the +1 of being Halted or on
        Overwatch (AA-035): this cancels it wherever the core gives it."""
        if self.kind(unit) is None:
            return []
        from ambush_gui.alley.interrupts import insurgent_reaction_modifiers, reaction_modifiers

        core = reaction_modifiers(unit) if unit.side is Side.REGULAR else \
            insurgent_reaction_modifiers(self.g, unit)
        if any(m.rule == "AA-035" for m in core):
            return [Modifier("mortar team: no bonus for Halted or Overwatch", -1, "FF-016")]
        return []
