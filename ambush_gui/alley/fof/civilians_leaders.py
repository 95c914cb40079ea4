"""Popular leaders and mixed mobs (FF-149..160), for the civilians module.

An Insurgent leader in base contact with a mob may, instead of his unit's move and
fire, declare that he manipulates it or arms it (FF-149): a module plan of his unit in
the Insurgent phase. A D6 equal to or below the Insurgency Level succeeds (FF-150).
Manipulating moves the mob up to 6" where his player chooses (FF-151); arming turns it
into an armed Insurgent unit whose size the armed-mob table gives (FF-152/153, house rule
FF-154): a mixed mob of armed figures and unarmed supporters (FF-155..160).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
import shapely.affinity

from ambush_gui.alley.model import Figure, FigureKind, Side, Unit
from ambush_gui.alley.names import name_of, name_unit
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core import words
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.fof.civilians import CiviliansModule, Mob

MANIPULATE, ARM = "manipulate", "arm"
DIRECTIONS = (("north", 0, 1), ("north-east", 1, 1), ("east", 1, 0), ("south-east", 1, -1),
              ("south", 0, -1), ("south-west", -1, -1), ("west", -1, 0), ("north-west", -1, 1))


def leader_in_contact(mod: CiviliansModule, unit: Unit, mob: Mob) -> bool:
    """FF-149: the unit's leader figure in base contact with the stand."""
    leader = unit.leader
    if leader is None:
        return False
    return mod.mob_distance(mob, np.array([leader.pos])) <= mod.g.m.contact + 1e-9


def helpers(unit: Unit) -> int:
    """House rule FF-154: the armed figures "with him" are the other armed fighting figures
    of the leader's own unit (they hand out weapons and stay in the unit)."""
    leader = unit.leader
    return sum(1 for f in unit.fighters if f is not leader and WEAPONS[f.weapon].armed)


def plan_options(mod: CiviliansModule, unit: Unit) -> list[str]:
    """FF-149: manipulate or arm each mob the unit's leader touches (Insurgents only)."""
    if unit.side is not Side.INSURGENT or not unit.alive or unit.leader is None:
        return []
    out: list[str] = []
    for mob in mod.live():
        if mob.hostile or not leader_in_contact(mod, unit, mob):
            continue
        out.append(f"civilians/{MANIPULATE}/{mob.id}")
        if helpers(unit):  # FF-152: at least one figure with him to pass out weapons
            out.append(f"civilians/{ARM}/{mob.id}")
    return out


def success_odds(mod: CiviliansModule) -> float:
    return min(6, mod.level()) / 6


def plan_label(mod: CiviliansModule, unit: Unit, action: str, mob: Mob) -> str | None:
    level = mod.level()
    odds = f"D6 of {level} or less: {success_odds(mod):.0%}"
    if action == MANIPULATE:
        return (f"The leader manipulates {mob.name}: move it up to "
                f"{mod.settings.manipulate_distance:g}\" ({odds})")
    if action == ARM:
        return (f"The leader arms {mob.name} as Insurgents: {odds}; then 1D6 +{helpers(unit)} on "
                "the armed-mob table")
    return None


def attempt(mod: CiviliansModule, unit: Unit, action: str, mob: Mob) -> bool:
    """FF-150: a D6 equal to or below the current Insurgency Level succeeds."""
    level = mod.level()
    face = mod.g.dice.one(6, f"Popular leader: {unit.name} tries to {action} {mob.name} "
                          f"(Insurgency Level {level} or less)", side=unit.side.value, unit=unit.id,
                          rule="FF-150")
    ok = face <= level
    verdict = "manages" if ok else "fails"
    leader = words.capital(words.whose("leader", unit.name))
    mod.g.log.emit("civilians", f"{leader} {verdict} to {action} {mob.name} "
                   f"({face} against {level})", unit=unit.id, mob=mob.id, passed=ok)
    return ok


def carry_out(mod: CiviliansModule, unit: Unit, action: str, mob: Mob) -> Procedure:
    """FF-149: the declared attempt is the unit's activation (house rule FF-154)."""
    leader = words.capital(words.whose("leader", unit.name))
    mod.g.log.emit("plan", f"{leader} tries to {action} {mob.name}", unit=unit.id,
                   plan=f"civilians/{action}/{mob.id}")
    if not attempt(mod, unit, action, mob):
        return
    if action == MANIPULATE:
        yield from manipulate(mod, unit, mob)
    elif action == ARM:
        arm(mod, unit, mob)


# -- manipulation (FF-151) -----------------------------------------------------------------

def destinations(mod: CiviliansModule, mob: Mob, reach: float) -> dict[str, tuple[float, float]]:
    """The legal places a mob moved ``reach`` (and half of it) may go, by a short name."""
    cx, cy = mob.centre
    out: dict[str, tuple[float, float]] = {}
    for frac, tag in ((1.0, ""), (0.5, "-half")):
        for name, dx, dy in DIRECTIONS:
            k = reach * frac / math.hypot(dx, dy)
            to = (cx + dx * k, cy + dy * k)
            poly = shapely.affinity.translate(mob.poly, to[0] - cx, to[1] - cy)
            if not mod.place_ok(mob, poly) and not crosses_impassable(mod, mob, poly):
                out[f"{name}{tag}"] = to
    return out


def crosses_impassable(mod: CiviliansModule, mob: Mob, poly: shapely.Polygon) -> bool:
    """The crowd's sweep from where it stands to ``poly`` crosses impassable terrain."""
    sweep = shapely.convex_hull(shapely.union(mob.poly, poly))
    x0, y0, x1, y1 = sweep.bounds
    return any(shapely.relate_pattern(sweep, p.polygon, "T********")
               for p in mod.g.table.impassable_near((x0, y0), (x1, y1)))


def manipulate(mod: CiviliansModule, unit: Unit, mob: Mob) -> Procedure:
    """FF-151: the leader moves the mob at once, up to 6" in any direction (house rule
    FF-154: exactly 6" or half, the eight ways); then it is free of his influence."""
    g = mod.g
    reach = mod.inches(mod.settings.manipulate_distance)
    dests = destinations(mod, mob, reach)
    if not dests:
        g.log.emit("civilians", f"{mob.name.capitalize()} has nowhere to go", mob=mob.id)
        return
    labels = {k: f"{reach * (0.5 if k.endswith('-half') else 1):g}\" {k.removesuffix('-half')} "
                 f"(to {v[0]:.1f}, {v[1]:.1f})" for k, v in dests.items()}
    labels["stay"] = "leave the mob where it is"
    choice = yield Decision(
        side=unit.side.value, kind=DecisionKind.CHOOSE,
        prompt=f"{unit.side.title}: where does {words.whose('leader', unit.name)} send {mob.name}?",
        options=(*dests, "stay"),
        facts={"module": "civilians", "question": "civilians.manipulate", "labels": labels,
               "unit": unit.id, "mob": mob.id, "to": {k: [round(v[0], 3), round(v[1], 3)]
                                                       for k, v in dests.items()},
               "explain": "A successful popular leader moves the crowd once, then it is free of "
                          "his influence (FF-151)."},
    )
    if choice == "stay":
        return
    cx, cy = mob.centre
    to = dests[choice]
    mob.poly = shapely.affinity.translate(mob.poly, to[0] - cx, to[1] - cy)
    mod.moved(mob)
    leader = words.capital(words.whose("leader", unit.name))
    g.log.emit("civilians", f"{leader} sends {mob.name} {labels[choice]} (FF-151)",
               mob=mob.id, to=[round(to[0], 3), round(to[1], 3)])


# -- arming (FF-152..155) ------------------------------------------------------------------

def armed_result(mod: CiviliansModule, total: int) -> tuple[int, int]:
    """House rule FF-154: the table's line for ``total`` (the highest line at or below it)."""
    table = mod.settings.armed_mob_table
    key = max(k for k in table if k <= max(total, min(table)))
    line = table[key]
    return line.armed, line.supporters


def arm(mod: CiviliansModule, unit: Unit, mob: Mob) -> Unit | None:
    """FF-152/153: 1D6 + 1 per armed figure with the leader on the armed-mob table; the mob
    becomes an armed Insurgent unit where it stood (a mixed mob, FF-155)."""
    g = mod.g
    n = helpers(unit)
    mods = [Modifier(f"{words.count(n, 'armed figure')} with the leader", n, "FF-153")] if n else []
    face = g.dice.one(6, f"Armed mob: {mob.name}", modifiers=mods, side=unit.side.value,
                      unit=unit.id, rule="FF-153")
    armed, supporters = armed_result(mod, face + n)
    kinds = ["rifle"] * armed + ["unarmed"] * supporters
    spacing = 0.7 * g.m.scale
    offs = np.array([((i % 4 - 1.5) * spacing, (i // 4) * spacing) for i in range(len(kinds))])
    offs = offs - offs.mean(axis=0)
    cx, cy = mob.centre
    mod.remove(mob, "armed", f"is armed by {words.whose('leader', unit.name)}: it becomes "
                             f"{words.count(armed, 'armed Insurgent')} with "
                             f"{words.count(supporters, 'unarmed supporter')}")
    at = _place(mod, offs, (cx, cy))
    if at is None:
        g.log.emit("civilians", "No room to set the armed mob down: the crowd scatters instead",
                   mob=mob.id)
        return None
    spec = g.spec.sides[Side.INSURGENT]
    uid = g.new_unit_id("c")
    figs = [Figure(f"{uid}-{k + 1}", FigureKind.SOLDIER, w, float(at[0] + ox), float(at[1] + oy),
                   Side.INSURGENT) for k, (w, (ox, oy)) in enumerate(zip(kinds, offs, strict=True))]
    new = Unit(id=uid, name=f"Armed mob {uid.upper()}", side=Side.INSURGENT,
               tq=Die.parse(mod.settings.armed_tq), morale=Die.parse(mod.settings.armed_morale),
               figures=figs, optimum_range=spec.optimum_range * g.m.scale, armor=spec.armor)
    new.activated = True  # it acts from the next turn
    new.marks["civilians.mixed"] = True
    name_unit(new.name, figs)
    g.state.units[uid] = new
    g.created.extend(f.id for f in figs)
    mod.supporters[uid] = {f.id for f in figs if f.weapon == "unarmed"}
    g.log.emit("arrive", f"{new.name} ({words.count(armed, 'armed figure')}, "
               f"{words.count(supporters, 'unarmed supporter')}) takes the place of {mob.name}",
               unit=uid, at=[round(float(at[0]), 3), round(float(at[1]), 3)])
    return new


def _place(mod: CiviliansModule, offs: np.ndarray, centre: tuple[float, float]) -> np.ndarray | None:
    from ambush_gui.alley.reinforcements import placement_ok

    g = mod.g
    step = 1.0 * g.m.scale
    rings = [(r, a) for r in (step, 2 * step, 3 * step) for a in np.arange(0, 2 * math.pi, math.pi / 4)]
    tries = [(0.0, 0.0)] + [(r * math.cos(a), r * math.sin(a)) for r, a in rings]
    for dx, dy in tries:
        at = np.array([centre[0] + dx, centre[1] + dy])
        pts = offs + at
        if placement_ok(g, pts, Side.INSURGENT) and not any(
                mod.mob_distance(m, pts) < 0.25 * g.m.scale for m in mod.live()):
            return at
    return None


# -- mixed mobs (FF-156..160) ----------------------------------------------------------------

def supporters_lost(mod: CiviliansModule, target: Unit, by: Side) -> None:
    """FF-159, house rule FF-160: each unarmed supporter of a mixed mob removed by the
    enemy's fire counts as a civilian casualty caused by that side; a mixed mob with no
    armed figure left breaks up (its supporters go home)."""
    sup = mod.supporters.get(target.id)
    if not sup:
        return
    g = mod.g
    fallen = {f.id for f, _ in g.state.removed}
    for fid in sorted((sup & fallen) - mod.counted):
        mod.counted.add(fid)
        mod.caused[by] += 1
        mod.ledger.append((by, f"unarmed supporter {fid} of {target.name}",  # hashed, as ever
                           f"{name_of(g, fid)}, an unarmed supporter"))
        g.log.emit("civilians", f"{name_of(g, fid)}, an unarmed supporter, is a civilian casualty "
                   f"(FF-159)", unit=target.id, figure=fid, side=by.value)
    if target.on_table and target.figures and not any(WEAPONS[f.weapon].armed for f in target.fighters):
        from ambush_gui.alley.morale import remove_unit

        for f in target.fighters:
            mod.counted.add(f.id)  # they went home: nobody's casualty
        remove_unit(g, target, "went home")
        g.log.emit("civilians", f"{target.name} has no armed figure left: its supporters go home",
                   unit=target.id)


def supporter_ids(mod: CiviliansModule) -> dict[str, list[str]]:
    return {k: sorted(v) for k, v in mod.supporters.items()}


__all__: list[Any] = ["plan_options", "plan_label", "carry_out", "supporters_lost"]
