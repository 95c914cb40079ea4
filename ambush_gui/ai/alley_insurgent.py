"""What the Insurgent computer player knows about stopping the contractors' rescue.

The Insurgents score nothing for their own survival: only Marine casualties and
contractors still on the table at the end count (CT-042..047). So their figures are
there to be spent on time and on blood. Three levers do most of the work, and each is
the engine's own rule, read through its own functions:

* every interruption of a Regular unit costs it 1" of its move (AA-085) and a die of
  its Firepower, and a unit carrying the contractors moves only Cautiously (DC-006), so
  each interruption of the carrier is an inch it must make up;
* a Close Assault needs no shot through the Marines' armor: Troop Quality dice per
  fighting figure (house rule CT-054), so a big gang can overrun a small team;
* a Pinned Regular unit may not move toward the enemy (AA-185), so Insurgents
  standing between the carrier and its friendly edge hold it in place.

The helpers here answer the questions the player asks about those levers: which unit
carries the contractors, where its way out runs, and how a Close Assault would go.
docs/history.md ("The Insurgent computer player on Contracting Trouble") says how far
they got, and what was tried.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ambush_gui.alley.close_assault import dice_for
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Side, Unit
from ambush_gui.alley.weapons import WEAPONS, Support

Point = tuple[float, float]


@dataclass(frozen=True)
class AssaultOdds:
    """How a Close Assault would go, from the dice the engine would throw."""

    attacker_dice: int
    defender_dice: int
    win: float  # the attacker scores more successes
    mean_casualties: float  # mean casualties the defender takes (the margin, when it loses)
    overrun: float  # the defender loses every fighting figure


@cache
def _successes(dice: int, sides: int) -> tuple[float, ...]:
    """P(k successes) for ``dice`` dice of ``sides`` faces, a success being 4+ (CT-054)."""
    p = max(0, sides - 3) / sides
    return tuple(math.comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1))


@cache
def _assault_table(a_dice: int, a_sides: int, d_dice: int, d_sides: int,
                   d_fighters: int) -> tuple[float, float, float]:
    a, d = _successes(a_dice, a_sides), _successes(d_dice, d_sides)
    win = mean = overrun = 0.0
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            if i > j:
                p = pa * pd
                win += p
                mean += p * min(i - j, d_fighters)
                if i - j >= d_fighters:
                    overrun += p
    return win, mean, overrun


def assault_odds(g: AlleyGame, attacker: Unit, defender: Unit) -> AssaultOdds:
    """The odds of ``attacker`` Close Assaulting ``defender`` as they stand now.

    The dice counts are the engine's (:func:`ambush_gui.alley.close_assault.dice_for`:
    fighting figures, Pinned or Shaken defender, Solid Cover); the chances are those of
    4+ on each side's Troop Quality die. A planning estimate for the computer player:
    the assault itself is always thrown by the engine."""
    an = sum(m.value for m in dice_for(g, attacker, defender, True))
    dn = sum(m.value for m in dice_for(g, defender, attacker, False))
    fighters = len(defender.fighters)
    if an <= 0 or fighters == 0:
        return AssaultOdds(an, dn, 0.0, 0.0, 0.0)
    win, mean, overrun = _assault_table(an, int(attacker.tq), max(dn, 0), int(defender.tq), fighters)
    return AssaultOdds(an, dn, win, mean, overrun)


SUPPORT_TEAM = 3  # a unit of at most this many fighters around a support weapon is a weapon team


def support_team(unit: Unit) -> bool:
    """An RPG or light support weapon with a few men round it (CT-010..012): it counts
    firing from cover at range, not walking in the open or going into a Close Assault."""
    fighters = unit.fighters
    return 0 < len(fighters) <= SUPPORT_TEAM and any(
        WEAPONS[f.weapon].support is not Support.NONE for f in fighters if f.weapon in WEAPONS)


def carries_contractors(unit: Unit) -> bool:
    return any(f.kind is FigureKind.CONTRACTOR for f in unit.figures)


def exit_point(g: AlleyGame, at: Point, side: Side = Side.REGULAR, edges: list[str] | None = None) -> Point:
    """The nearest point just beyond one of ``side``'s friendly edges (or ``edges``), seen
    from ``at``."""
    x, y = at
    edges = edges if edges is not None else [str(e) for e in g.spec.sides[side].friendly_edges]
    options = []
    if "south" in edges:
        options.append((x, -1.0))
    if "west" in edges:
        options.append((-1.0, y))
    if "north" in edges:
        options.append((x, g.state.height + 1.0))
    if "east" in edges:
        options.append((g.state.width + 1.0, y))
    return min(options, key=lambda p: math.dist(p, at)) if options else at


def route(g: AlleyGame, start: Point, ahead: float) -> Point:
    """A point ``ahead`` inches from ``start`` on the straight way to the nearest friendly
    Regular edge: where an ambush on the contractors' way out should look."""
    ex, ey = exit_point(g, start)
    d = math.dist(start, (ex, ey)) or 1.0
    step = min(ahead, d)
    return (start[0] + (ex - start[0]) * step / d, start[1] + (ey - start[1]) * step / d)
