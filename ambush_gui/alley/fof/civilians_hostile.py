"""Hostile mobs (FF-161..166), for the civilians module.

A hostile mob is moved by the player the scenario names (FF-161). House rule FF-166: at
the start of that player's phase each hostile mob may move up to 6" (a crowd on foot at
Cautious pace), where it may put itself across the Regulars' lines of fire (FF-162), and
then may taunt one enemy unit within 4" (FF-163/164), once a turn, which marks the unit
``civilians.taunted_turn`` for the combat_stress module (FF-165). Hostile mobs do not also
make the end-of-turn move toward gunfire.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ambush_gui.alley.model import Side, Unit
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.fof.civilians import CiviliansModule, Mob

STAY, NONE = "stay", "none"
Point = tuple[float, float]


def _toward(a: Point, b: Point, reach: float) -> Point:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d <= reach or d < 1e-9:
        return b
    return (a[0] + (b[0] - a[0]) * reach / d, a[1] + (b[1] - a[1]) * reach / d)


def block_point(mod: CiviliansModule, unit: Unit) -> Point | None:
    """Where a stand would stand across ``unit``'s line of fire to the nearest enemy it sees
    (else the nearest enemy): a little in front of the unit (FF-162)."""
    g = mod.g
    enemies = [e for e in g.enemies(unit) if e.alive]
    if not enemies:
        return None
    seen = [e for e in enemies if g.sees(unit, e)] or enemies
    target = min(seen, key=lambda e: g.distance(unit, e))
    ux, uy = unit.centre()
    tx, ty = target.centre()
    d = math.hypot(tx - ux, ty - uy)
    if d < 1e-6:
        return None
    gap = min(d / 2, 3.0 * g.m.scale)
    return (ux + (tx - ux) * gap / d, uy + (ty - uy) * gap / d)


def near_point(mod: CiviliansModule, mob: Mob, unit: Unit) -> Point:
    """Close enough to ``unit`` to taunt it, not in contact: 2.5" from its centre."""
    ux, uy = unit.centre()
    cx, cy = mob.centre
    d = math.hypot(cx - ux, cy - uy)
    keep = 2.5 * mod.g.m.scale
    if d < 1e-6 or d <= keep:
        return (cx, cy)
    return (ux + (cx - ux) * keep / d, uy + (cy - uy) * keep / d)


def move_options(mod: CiviliansModule, mob: Mob) -> dict[str, tuple[Point, str]]:
    """The hostile mob's sensible moves: block a unit's line of fire, or close in on it."""
    side = mod.settings.hostile_controller.enemy
    reach = mod.inches(mod.settings.hostile_move)
    out: dict[str, tuple[Point, str]] = {}
    for u in mod.g.state.side_units(side):
        p = block_point(mod, u)
        if p is not None:
            out[f"block/{u.id}"] = (_toward(mob.centre, p, reach),
                                    f"get in front of {u.name}, across its line of fire (FF-162)")
        out[f"near/{u.id}"] = (_toward(mob.centre, near_point(mod, mob, u), reach),
                               f"close in on {u.name}, to taunt it")
    return out


def taunt_options(mod: CiviliansModule, mob: Mob) -> list[Unit]:
    """FF-163: the enemy units within 4" of the stand."""
    side = mod.settings.hostile_controller.enemy
    reach = mod.inches(mod.settings.taunt_distance)
    return [u for u in mod.g.state.side_units(side) if mod.unit_distance(mob, u) <= reach + 1e-9]


def act(mod: CiviliansModule) -> Procedure:
    """House rule FF-166: each hostile mob moves (or stays), then taunts (or not)."""
    controller: Side = mod.settings.hostile_controller
    for mob in [m for m in mod.live() if m.hostile]:
        opts = move_options(mod, mob)
        labels = {k: f"{words} (to {p[0]:.1f}, {p[1]:.1f})" for k, (p, words) in opts.items()}
        labels[STAY] = "stay where it is"
        choice = yield Decision(
            side=controller.value, kind=DecisionKind.CHOOSE,
            prompt=f"{controller.title}: where does hostile {mob.name} go (up to "
                   f"{mod.settings.hostile_move:g}\")?",
            options=(*opts, STAY),
            facts={"module": "civilians", "question": "civilians.hostile_move", "labels": labels,
                   "mob": mob.id, "to": {k: [round(p[0], 3), round(p[1], 3)] for k, (p, _) in opts.items()},
                   "units": sorted({k.split("/")[1] for k in opts}),
                   "explain": "A hostile mob is moved by its player like a unit; it may stand in the "
                              "way of the enemy's lines of fire and movement (FF-161, FF-162)."},
        )
        if choice != STAY:
            p, words = opts[choice]
            mod.move_mob(mob, p, f"(hostile: {words.split(',')[0]})")
        yield from taunt(mod, mob)


def taunt(mod: CiviliansModule, mob: Mob) -> Procedure:
    """FF-163/164: one enemy unit within 4", one a turn (house rule FF-166)."""
    g = mod.g
    turn = g.state.turn
    if turn in mob.taunted:
        return
    near = taunt_options(mod, mob)
    if not near:
        return
    controller = mod.settings.hostile_controller
    labels = {u.id: f"taunt {u.name} ({mod.unit_distance(mob, u):.1f}\" away): it is under more "
                    "stress next turn (FF-165)" for u in near}
    labels[NONE] = "taunt nobody"
    choice = yield Decision(
        side=controller.value, kind=DecisionKind.CHOOSE,
        prompt=f"{controller.title}: which unit does {mob.name} taunt?",
        options=(*[u.id for u in near], NONE),
        facts={"module": "civilians", "question": "civilians.taunt", "labels": labels,
               "mob": mob.id, "units": [u.id for u in near],
               "explain": "A hostile mob may taunt one enemy unit within 4\" (FF-163, FF-164)."},
    )
    if choice == NONE:
        return
    unit = g.unit(choice)
    mob.taunted[turn] = unit.id
    unit.marks["civilians.taunted_turn"] = turn  # FF-165: combat_stress reads it
    g.log.emit("civilians", f"{mob.name.capitalize()} taunts {unit.name} (FF-163)", mob=mob.id,
               unit=unit.id)
