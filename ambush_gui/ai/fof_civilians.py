"""How the computer players use civilian mobs (the civilians module, FF-129..166).

* A Regular patrol that meets a mob (one that stands across a shot it wants, or in its
  way to its objective) tries to disperse it rather than firing through it, unless it
  has a good clear shot anyway (FF-138..141).
* An Insurgent unit with a leader and no good shot walks him up to a crowd near the
  Regulars (the ``move:civilians`` adviser, asked at its moves in the Insurgent phase).
  In contact, he arms the crowd when he has men with him and the odds are fair, else
  manipulates it into the Regulars' way (FF-149..154): the place that blocks most
  Regular lines of fire, nearest the Regulars.
* A hostile mob moves across the line of fire of the Regular unit nearest it that has a
  target, else closes in on the nearest Regular unit, and taunts the nearest (FF-161..164).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
import shapely.affinity
import shapely.ops

from ambush_gui.ai.fof import Advice, Player, adviser, legal
from ambush_gui.alley.model import Side, Unit

if TYPE_CHECKING:
    from ambush_gui.alley.fof.civilians import CiviliansModule, Mob
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.core.decisions import Decision

GOOD_SHOT = 1.0  # expected casualties of a clear shot that beat talking to the crowd
IN_THE_WAY = 3.0  # inches from a line (of fire, or to the objective) that put a mob in the way
STIR_REACH = 18.0  # inches from a Regular unit within which a stirred-up crowd gets in its way


def _module(g: AlleyGame) -> CiviliansModule | None:
    return g.modules.get("civilians") if g.modules else None  # type: ignore[return-value]


def _near_line(mob: Mob, a: tuple[float, float], b: tuple[float, float], reach: float) -> bool:
    return float(shapely.distance(mob.poly, shapely.LineString([a, b]))) <= reach


def in_the_way(ai: Player, g: AlleyGame, mod: CiviliansModule, unit: Unit, mob: Mob) -> str:
    """Why ``mob`` stands in ``unit``'s way ("" if it does not): across a line to an enemy
    it sees, or on the way to its goal."""
    here = unit.centre()
    reach = IN_THE_WAY * g.m.scale
    for e in g.enemies(unit):
        if g.sees(unit, e) and _near_line(mob, here, e.centre(), reach):
            return f"{mob.name} stands between it and {e.name}"
    goal = ai.goal(g, unit)
    if goal is not None and math.dist(here, goal) > mod.unit_distance(mob, unit) \
            and _near_line(mob, here, goal, reach):
        return f"{mob.name} stands in its way"
    return ""


@adviser("plan:civilians")
def plan(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    mod = _module(g)
    if mod is None:
        return None
    ours = [o for o in d.options if isinstance(o, str) and o.startswith("civilians/")]
    if not ours:
        return None
    unit = g.unit(d.facts["unit"])
    clear = [e for e in g.enemies(unit) if g.sees(unit, e) and mod.fire_blocked(unit, e) is None]
    best_shot = max((ai.hits(g, unit, e) for e in clear), default=0.0)
    if best_shot >= GOOD_SHOT:
        return None
    if unit.side is Side.REGULAR:
        odds = mod.disperse_odds(unit)
        if odds <= 0:
            return None
        for o in ours:
            mob = mod.mobs[o.split("/")[2]]
            why = in_the_way(ai, g, mod, unit, mob)
            if why:
                return o, f"{why}: it tries to disperse it ({odds:.0%}) rather than fire through it"
        return None
    from ambush_gui.alley.fof.civilians_leaders import success_odds

    odds = success_odds(mod)
    arm = [o for o in ours if "/arm/" in o]
    if arm and odds >= 0.5:
        return arm[0], f"its leader arms the crowd ({odds:.0%})"
    regulars = g.state.side_units(Side.REGULAR)
    for o in ours:
        if "/manipulate/" not in o:
            continue
        mob = mod.mobs[o.split("/")[2]]
        if any(mod.unit_distance(mob, r) <= STIR_REACH * g.m.scale for r in regulars):
            return o, f"its leader stirs {mob.name} into the Regulars' way ({odds:.0%})"
    return None


@adviser("move:civilians")
def leader_to_crowd(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """In the Insurgent phase, a unit with a leader and no good shot walks him into base
    contact with a crowd near the Regulars (to stir it up or arm it next turn, FF-149)."""
    mod = _module(g)
    if mod is None or g.state.phase != "insurgent" or not d.facts.get("speeds"):
        return None
    unit = g.unit(d.facts["unit"])
    leader = unit.leader
    if unit.side is not Side.INSURGENT or leader is None:
        return None
    from ambush_gui.alley.fof.civilians_leaders import leader_in_contact

    limit = float(d.facts.get("limit", 0))
    regulars = g.state.side_units(Side.REGULAR)
    here = np.array([leader.pos])
    crowds = sorted(
        (m for m in mod.live() if not m.hostile
         and mod.mob_distance(m, here) <= limit
         and any(mod.unit_distance(m, r) <= STIR_REACH * g.m.scale for r in regulars)),
        key=lambda m: mod.mob_distance(m, here))
    if not crowds or any(leader_in_contact(mod, unit, m) for m in mod.live()):
        return None
    clear = [e for e in g.enemies(unit) if g.sees(unit, e) and mod.fire_blocked(unit, e) is None]
    if max((ai.hits(g, unit, e) for e in clear), default=0.0) >= GOOD_SHOT:
        return None
    cx, cy = unit.centre()
    for mob in crowds:
        edge = shapely.ops.nearest_points(mob.poly.exterior, shapely.Point(leader.pos))[0]
        mx, my = mob.centre
        for turn in (0.0, 0.6, -0.6, 1.2, -1.2):  # round the stand from the nearest side
            a = math.atan2(edge.y - my, edge.x - mx) + turn
            spot = shapely.ops.nearest_points(
                mob.poly.exterior, shapely.Point(mx + 10 * math.cos(a), my + 10 * math.sin(a)))[0]
            out = 0.35 * g.m.scale
            tx, ty = spot.x + out * math.cos(a), spot.y + out * math.sin(a)
            end = (round(cx + tx - leader.x, 3), round(cy + ty - leader.y, 3))
            choice: dict[str, Any] = {"path": [list(end)], "speed": d.facts["speeds"][-1]}
            if legal(d, choice):
                return choice, f"its leader goes to stir up {mob.name} (a popular leader, FF-149)"
    return None


def _blocked_lines(g: AlleyGame, poly: shapely.Polygon) -> int:
    """How many Regular-to-Insurgent lines of sight (unit centres) the stand would cross."""
    count = 0
    for r in g.state.side_units(Side.REGULAR):
        for i in g.state.side_units(Side.INSURGENT):
            if g.sees(r, i) and shapely.relate_pattern(shapely.LineString([r.centre(), i.centre()]),
                                                       poly, "T********"):
                count += 1
    return count


def _nearest_regular(g: AlleyGame, p: tuple[float, float]) -> float:
    pts = [u.points() for u in g.state.side_units(Side.REGULAR)]
    if not pts:
        return 0.0
    allp = np.vstack(pts)
    return float(np.hypot(allp[:, 0] - p[0], allp[:, 1] - p[1]).min())


@adviser("civilians.manipulate")
def manipulate(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    mod = _module(g)
    if mod is None:
        return None
    mob = mod.mobs[d.facts["mob"]]
    cx, cy = mob.centre
    best: tuple[float, str] | None = None
    for key, (x, y) in d.facts.get("to", {}).items():
        poly = shapely.affinity.translate(mob.poly, x - cx, y - cy)
        score = 10.0 * _blocked_lines(g, poly) - 0.1 * _nearest_regular(g, (x, y))
        if best is None or score > best[0]:
            best = (score, key)
    if best is None:
        return None
    return best[1], "the crowd goes where it gets in the Regulars' way"


@adviser("civilians.hostile_move")
def hostile_move(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    mod = _module(g)
    if mod is None:
        return None
    mob = mod.mobs[d.facts["mob"]]
    units = sorted((g.unit(u) for u in d.facts.get("units", [])),
                   key=lambda u: mod.unit_distance(mob, u))
    for u in units:
        if f"block/{u.id}" in d.options and any(g.sees(u, e) for e in g.enemies(u)):
            return f"block/{u.id}", f"it gets in front of {u.name}, across its line of fire"
    for u in units:
        if f"near/{u.id}" in d.options:
            return f"near/{u.id}", f"it closes in on {u.name} to taunt it"
    return None


@adviser("civilians.taunt")
def taunt(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    mod = _module(g)
    if mod is None:
        return None
    mob = mod.mobs[d.facts["mob"]]
    units = [g.unit(u) for u in d.facts.get("units", [])]
    if not units:
        return None
    u = min(units, key=lambda u: mod.unit_distance(mob, u))
    return u.id, f"it taunts the nearest unit, {u.name}"


__all__: list[Any] = ["plan", "manipulate", "hostile_move", "taunt"]
