"""How the computer players use mounted units (FF-052..086).

Three habits, each read through the engine's own rules:

* horses are for getting somewhere, cover is for fighting: a mounted unit under fire
  (or seen by the enemy) beside cover gets down and fights from it; one in the open stays
  in the saddle to ride out of the fire, unless it has already acted this turn and the
  fire would hurt (then it dismounts, so later shooters lose their +1 die, FF-069);
* a unit on foot that nobody sees mounts up again when it has far to go;
* Cavalry charge only when the Close Assault odds are good (the engine's own dice,
  the bonus die of each mounted Cavalry figure included, FF-081).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ambush_gui.ai.alley_insurgent import assault_odds
from ambush_gui.ai.fof import Advice, Player, adviser
from ambush_gui.alley.fof.mounted import (
    DISMOUNT,
    PLAN_CHARGE,
    PLAN_DISMOUNT,
    PLAN_MOUNT,
    STAY,
    MountedModule,
)
from ambush_gui.alley.model import Unit
from ambush_gui.core.decisions import Decision

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

CHARGE_WIN = 0.6  # chance of winning the Close Assault that makes a charge worth it
CHARGE_MEAN = 1.0  # and the mean casualties it should cost the enemy
HURTS = 1.0  # expected casualties of one fire that make an acted unit dismount in the open


def _module(g: AlleyGame) -> MountedModule | None:
    m = g.modules.get("mounted") if g.modules else None
    return m if isinstance(m, MountedModule) else None


def _by_cover(g: AlleyGame, unit: Unit) -> bool:
    return any(g.near_cover(f.pos) for f in unit.fighters)


@adviser("mounted.stay_mounted")
def stay_mounted(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """FF-066/068: fired on, stay in the saddle or get down."""
    unit, attacker = g.unit(d.facts["unit"]), g.unit(d.facts["attacker"])
    if _by_cover(g, unit):
        return DISMOUNT, "it is beside cover: it gets down to fight from it"
    if unit.activated:
        hits = ai.hits(g, attacker, unit)
        if hits >= HURTS:
            return DISMOUNT, (f"it has acted this turn and the fire should cost {hits:.1f} casualties: "
                              "on foot, later shooters lose their +1 die")
    return STAY, "it is in the open: it stays mounted to ride out of the fire"


@adviser("plan:mounted")
def plan(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """A mounted unit's own plan, when it beats the core plans: charge, dismount, mount."""
    m = _module(g)
    if m is None:
        return None
    unit = g.unit(d.facts["unit"])
    if unit.id not in m.kind:
        return None
    opts = d.options
    charge = _best_charge(g, unit, [o for o in opts if str(o).startswith(PLAN_CHARGE)])
    if charge is not None:
        return charge
    seen = any(g.sees(e, unit) for e in g.enemies(unit))
    if PLAN_DISMOUNT in opts and seen and _by_cover(g, unit):
        return PLAN_DISMOUNT, "under the enemy's eyes beside cover: it dismounts to fight from it"
    if PLAN_MOUNT in opts and not seen and not unit.dependants:
        goal = ai.goal(g, unit)
        far = goal is not None and ((goal[0] - unit.centre()[0]) ** 2
                                    + (goal[1] - unit.centre()[1]) ** 2) ** 0.5 > g.m.rapid
        if far:
            return PLAN_MOUNT, "out of sight with far to go: it mounts up"
    return None


def _best_charge(g: AlleyGame, unit: Unit, charges: list[Any]) -> Advice | None:
    """FF-079..081: the charge with the best odds, if they are good."""
    best: tuple[float, str, str] | None = None
    for plan_ in charges:
        target = g.unit(str(plan_).removeprefix(PLAN_CHARGE))
        o = assault_odds(g, unit, target)
        if o.win >= CHARGE_WIN and o.mean_casualties >= CHARGE_MEAN and (best is None or o.win > best[0]):
            best = (o.win, str(plan_), f"it charges {target.name}: it wins {o.win:.0%} of such fights")
    return (best[1], best[2]) if best else None
