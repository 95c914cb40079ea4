"""Fresh Insurgents: the Insurgency Level, the 2d6 table, Hot Spots and placement.

AA-059/060: each turn after the first, roll 1d6 against the Insurgency Level (or,
at "Automatic", skip the roll) and throw 2d6 on the scenario's table (CT-020).
Each unit rolls 1d6 for its Hot Spot (AA-052, CT-038) and is set down with every
figure within 4" of it (AA-053).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ambush_gui.alley.model import Figure, FigureKind, Side, Unit
from ambush_gui.alley.names import name_unit
from ambush_gui.alley.scenario import ReinforcementEntry
from ambush_gui.core import words
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.dice import Die
from ambush_gui.core.game import Procedure
from ambush_gui.core.geometry import min_distance

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

MAX_EXTRA_ROLLS = 3  # house rule CT-035: "roll again" chains stop after three extra rolls


def arrive(g: AlleyGame) -> Procedure:
    spec = g.spec.reinforcements
    if spec is None:
        return
    if spec.level != "automatic":  # AA-059
        roll = g.dice.d6(f"Insurgency check (Level {spec.level})")
        if roll > int(spec.level):
            g.log.emit("reinforce", f"No fresh Insurgents this turn ({roll} > {spec.level})")
            return
    rolls_left = 1 + MAX_EXTRA_ROLLS
    while rolls_left:
        rolls_left -= 1
        total = g.dice.two_d6("Insurgent reinforcements")  # CT-020
        entry = spec.table[total]
        figures = build_figures(g, entry, total)
        g.log.emit("reinforce", f"Reinforcement roll {total}: {describe(entry)}",
                   roll=total, figures=len(figures))
        if figures:
            yield from place_unit(g, figures)
        if not entry.roll_again:  # CT-024, CT-029
            break


def describe(entry: ReinforcementEntry) -> str:
    """What a row of the table (CT-020) brings, as a sentence: "3 fighters with small
    arms arrive" ("3 with small arms" left a new player to guess what the 3 counted).

    >>> describe(ReinforcementEntry(small_arms="1d6+2", leader=True))
    '1d6+2 fighters with small arms and a Leader arrive'
    >>> describe(ReinforcementEntry(rpg=1, roll_again=True))
    '1 fighter with an RPG arrives, and roll again'
    """
    parts = []
    many = False
    for given, what in ((entry.small_arms, "with small arms"), (entry.leader, ""),
                        (entry.light_support, "with a light support weapon"),
                        (entry.rpg, "with an RPG")):
        if not given:
            continue
        if what:
            one = str(given) == "1"
            parts.append(f"{given} {'fighter' if one else 'fighters'} {what}")
            many = many or not one
        else:
            parts.append("a Leader")
    if not parts:
        text = "nobody arrives"
    else:
        text = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
        text += " arrive" if many or len(parts) > 1 else " arrives"
    return text + (", and roll again" if entry.roll_again else "")


def count(g: AlleyGame, given: int | str | None) -> int:
    """'1d6', '1d6+2', '2d6' or a plain number of small-arms figures."""
    if given is None or given == "":
        return 0
    expr = str(given).strip().lower()
    if expr.isdigit():
        return int(expr)
    m = re.match(r"^(\d*)d6\s*(?:\+\s*(\d+))?$", expr)
    assert m, expr  # validated when the scenario was loaded
    n = int(m.group(1) or 1)
    return sum(g.dice.roll(6, n, f"Reinforcements: {expr} small arms")) + int(m.group(2) or 0)


def build_figures(g: AlleyGame, entry: ReinforcementEntry, total: int) -> list[tuple[FigureKind, str]]:
    figs: list[tuple[FigureKind, str]] = [(FigureKind.SOLDIER, "rifle")] * count(g, entry.small_arms)
    figs += [(FigureKind.SOLDIER, "lmg")] * entry.light_support
    for _ in range(entry.rpg):  # CT-033: 5-6 makes it an AT RPG
        at = g.dice.d6("RPG type (5-6: anti-tank)") >= 5
        figs.append((FigureKind.SOLDIER, "at_rpg" if at else "rpg"))
    if entry.leader:
        figs.append((FigureKind.LEADER, "rifle"))
    elif figs:  # CT-036, house rule CT-037: a rifleman first, else the gunner, keeps his weapon
        if g.dice.d6("Leader check (1: a leader)") == 1:
            i = next((k for k, (_, w) in enumerate(figs) if w == "rifle"), 0)
            figs[i] = (FigureKind.LEADER, figs[i][1])
    return figs


def choose_hot_spot(g: AlleyGame) -> Procedure:
    """AA-052, AA-055, house rule AA-056: a 6 lets the Insurgent choose an active Hot Spot."""
    # the purpose says what the number means: "Hot Spot: 3" alone left a new player asking
    roll = g.dice.d6("Hot Spot the new unit arrives at (6: the Insurgent chooses)")
    active = [h.number for h in g.state.hot_spots.values() if not h.neutralised]
    if roll <= 5:
        spot = g.state.hot_spots.get(roll)
        if spot is None or spot.neutralised:
            why = f"Hot Spot {roll} is neutralised" if spot is not None \
                else f"the table has no Hot Spot {roll}"
            g.log.emit("reinforce", f"{why[0].upper()}{why[1:]}: the arrivals are lost", roll=roll)
            return None
        return roll
    if not active:
        g.log.emit("reinforce", "Every Hot Spot is neutralised: the arrivals are lost")
        return None
    choice = yield Decision(
        side=Side.INSURGENT.value, kind=DecisionKind.HOT_SPOT,
        prompt="Insurgent: you rolled a 6 — choose the Hot Spot the new unit arrives at",
        options=tuple(active), facts={"roll": roll},
    )
    return int(choice)


def formation(n: int, spacing: float) -> np.ndarray:
    """Offsets of ``n`` figures in rows of four, each within 1" of a neighbour."""
    return np.array([((i % 4 - 1.5) * spacing, (i // 4) * spacing) for i in range(n)]).reshape(-1, 2)


def placement_ok(g: AlleyGame, pts: np.ndarray, side: Side,
                 others: tuple[np.ndarray, np.ndarray] | None = None) -> bool:
    """On the table, not in impassable terrain, clear of the enemy by two contacts, and
    no base on another figure's base. ``others``: (enemy, friendly) figure positions,
    when the caller tests many places at once."""
    w, h = g.state.width, g.state.height
    if not ((pts >= 0).all() and (pts[:, 0] <= w).all() and (pts[:, 1] <= h).all()):
        return False
    if g.impassable_at(pts):
        return False
    enemy, friends = others if others is not None else figure_positions(g, side)
    if len(enemy) and min_distance(pts, enemy) < 2 * g.m.contact:
        return False
    return not len(friends) or min_distance(pts, friends) >= BASE * g.m.scale


BASE = 0.5  # a figure's base, in inches at 15mm (AA-004): bases may not overlap


def figure_positions(g: AlleyGame, side: Side) -> tuple[np.ndarray, np.ndarray]:
    """Every (enemy, friendly) figure position on the table, for placement checks."""
    def stack(units: list[Unit]) -> np.ndarray:
        pts = [u.points() for u in units]
        return np.vstack(pts) if pts else np.zeros((0, 2))

    return stack(g.state.side_units(side.enemy)), stack(g.state.side_units(side))


def place_unit(g: AlleyGame, figures: list[tuple[FigureKind, str]]) -> Procedure:
    number = yield from choose_hot_spot(g)
    if number is None:
        return
    spot = g.state.hot_spots[number]
    offs = formation(len(figures), 0.7 * g.m.scale)
    offs = offs - offs.mean(axis=0)
    radius = g.m.arrival
    centres = [(spot.x, spot.y)] + [
        (spot.x + r * math.cos(a), spot.y + r * math.sin(a))
        for r in (radius / 2, radius - 1.0 * g.m.scale) for a in np.arange(0, 2 * math.pi, math.pi / 4)
    ]

    def within(x: float, y: float) -> bool:  # AA-053: every new figure within 4" of the counter
        return bool((np.hypot(offs[:, 0] + x - spot.x, offs[:, 1] + y - spot.y) <= radius + 1e-6).all())

    others = figure_positions(g, Side.INSURGENT)  # the same for every candidate place
    legal = [(x, y) for x, y in ((round(x, 2), round(y, 2)) for x, y in centres)
             if within(x, y) and placement_ok(g, offs + np.array([x, y]), Side.INSURGENT, others)]
    if not legal:
        g.log.emit("reinforce", f"No room within {radius:g}\" of Hot Spot {number}: the arrivals are lost")
        return

    def check(c: Any) -> list[float]:
        try:
            x, y = (float(v) for v in c)
        except (TypeError, ValueError):
            raise IllegalDecision("answer a point [x, y]") from None
        if not within(x, y):
            raise IllegalDecision(
                f"every new figure is set down within {radius:g}\" of Hot Spot {number} (AA-053)")
        if not placement_ok(g, offs + np.array([x, y]), Side.INSURGENT):
            raise IllegalDecision("the figures would not fit there (off the table, impassable, "
                                  "touching the enemy, or on another figure's base)")
        return [x, y]

    at = yield Decision(
        side=Side.INSURGENT.value, kind=DecisionKind.PLACE,
        prompt=f"Insurgent: set down {words.count(len(figures), 'fresh figure')} within {radius:g}\" "
               f"of Hot Spot {number}",
        options=tuple(list(p) for p in legal), facts={"hot_spot": number, "figures": len(figures)},
        check=check,
    )
    spec = g.spec.reinforcements
    assert spec is not None
    uid = g.new_unit_id("r")
    figs = [
        Figure(f"{uid}-{k + 1}", kind, weapon, float(at[0] + ox), float(at[1] + oy), Side.INSURGENT)
        for k, ((kind, weapon), (ox, oy)) in enumerate(zip(figures, offs, strict=True))
    ]
    side = g.spec.sides[Side.INSURGENT]
    is_leader = len(figs) == 1 and figs[0].kind is FigureKind.LEADER
    unit = Unit(
        id=uid, name=f"Insurgents {uid.upper()}", side=Side.INSURGENT,
        tq=Die.parse(spec.leader_tq if is_leader else spec.tq), morale=Die.parse(spec.morale),
        figures=figs, optimum_range=side.optimum_range * g.m.scale, armor=side.armor,
    )
    name_unit(unit.name, figs)
    g.state.units[uid] = unit
    g.created.extend(f.id for f in figs)
    g.log.emit("arrive", f"{unit.name} ({words.count(len(figs), 'figure')}"
               f"{', with a leader' if unit.leader else ''}) "
               f"arrives at Hot Spot {number}", unit=uid, hot_spot=number, at=list(at))
