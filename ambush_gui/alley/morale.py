"""Morale Checks: Regulars Stand, are Pinned or Pull Back; Insurgents Stand, Shrink,
are Shaken or break.

A Morale Check (AA-164, AA-170) throws one Morale die per fighting figure; 4+ is a
Success. House rule AA-165: leaders attached to the unit roll with it; Dependants
do not; there are no morale modifiers in the basic game.

>>> outcome(successes=3, failures=2), outcome(successes=2, failures=2)
('stand', 'fail')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ambush_gui.alley.model import FigureKind, Side, Unit
from ambush_gui.alley.names import figure_names
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame


def outcome(successes: int, failures: int) -> str:
    """AA-171/172, AA-175/177, house rule AA-180: a tie fails."""
    return "stand" if successes > failures else "fail"


def after_fire(g: AlleyGame, target: Unit, attacker: Unit | None, hits: int, serious: int) -> Procedure:
    """Which Morale Checks an attack calls for.

    Insurgents (AA-166/167, house rule AA-169): one check per attack if the unit is
    leaderless or took a casualty. Regulars (AA-168): one check for an attack that
    caused casualties, plus one more for each serious First Aid result (AA-158,
    house rule AA-161).
    """
    if not target.alive:
        return
    if target.side is Side.INSURGENT:
        if hits or target.leader is None:
            why = "took casualties" if hits else "fired on without a leader"
            check(g, target, why, attacker)
    else:
        checks = (1 if hits else 0) + serious_checks(g, serious)
        for i in range(checks):
            if not target.alive:
                break
            why = "took casualties" if i == 0 and hits else "a serious First Aid result"
            check(g, target, why, attacker)
    return
    yield  # a generator, so callers can ``yield from`` it like every procedure


def serious_checks(g: AlleyGame, serious: int) -> int:
    """AA-158, house rule AA-161, rules option ``serious_wound_checks``: how many Morale
    Checks ``serious`` 5-6 First Aid results add to the casualty check: one each ("each"),
    or none, the casualty check being their test ("one_per_attack")."""
    from ambush_gui.alley import options

    return serious if options.reading(g, options.SERIOUS_CHECKS) == "each" else 0


def check(g: AlleyGame, unit: Unit, why: str, attacker: Unit | None = None) -> str:
    """Take one Morale Check and apply it. Returns the result's name."""
    fighters = unit.fighters
    faces = g.dice.roll(int(unit.morale), len(fighters), f"Morale Check: {unit.name} ({why})",
                        side=unit.side.value, unit=unit.id)
    s = sum(1 for f in faces if f >= 4)
    result = outcome(s, len(faces) - s)
    if unit.side is Side.REGULAR:
        return _regular(g, unit, result, s, len(faces) - s, attacker)
    return _insurgent(g, unit, result, list(zip(fighters, faces, strict=True)), s, len(faces) - s)


def _regular(g: AlleyGame, unit: Unit, result: str, s: int, f: int, attacker: Unit | None) -> str:
    if result == "stand":  # AA-171
        g.log.emit("morale", f"{unit.name} Stands ({tally(s, f)})", unit=unit.id, result="stand")
        return "stand"
    if not unit.pinned:  # AA-172
        unit.pinned = True
        g.log.emit("morale", f"{unit.name} is Pinned ({tally(s, f)})", unit=unit.id, result="pinned")
        return "pinned"
    if defensible(g, unit, attacker):  # AA-173, house rule AA-174
        g.log.emit("morale", f"{unit.name} is Pinned again but holds its defensible position",
                   unit=unit.id, result="pinned")
        return "pinned"
    pull_back(g, unit, attacker)  # AA-173, AA-193..198
    return "pull back"


def defensible(g: AlleyGame, unit: Unit, attacker: Unit | None) -> bool:
    """House rule AA-174: inside a building, or in Solid Cover from the last firer."""
    from ambush_gui.alley.pools import solid_cover

    inside = any(p.kind == "building" for f in unit.fighters for p in g.table.pieces_at(f.pos))
    return inside or (attacker is not None and attacker.alive and solid_cover(g, unit, attacker))


def pull_back(g: AlleyGame, unit: Unit, attacker: Unit | None) -> None:
    """AA-193/194, house rule AA-195: up to 6" straight away from the last firer to the
    nearest covered position (out of its sight, or in Solid Cover from it); with none in
    reach, the full 6" directly away. Then the unit regroups next turn (AA-196)."""
    start = np.array(unit.centre())
    enemy = attacker if attacker is not None and attacker.alive else None
    home = _toward_friendly_edge(g, unit)
    if enemy is None:  # the firer has gone: fall back toward the unit's own edge
        away = home
    else:
        v = start - np.array(enemy.centre())
        norm = float(np.hypot(*v))
        away = v / norm if norm > 1e-9 else home
    best = _covered_spot(g, unit, start, away, enemy)
    dx, dy = float(best[0] - start[0]), float(best[1] - start[1])
    unit.translate(dx, dy)
    unit.moved += math.hypot(dx, dy)
    unit.regroup_turn = g.state.turn + 1
    unit.overwatch = False
    g.log.emit("pull_back", f"{unit.name} Pulls Back {math.hypot(dx, dy):.1f}\" and will regroup next turn",
               unit=unit.id, dx=dx, dy=dy, result="pull back")


def _toward_friendly_edge(g: AlleyGame, unit: Unit) -> np.ndarray:
    """A unit vector toward the nearest friendly table edge (south if the side has none)."""
    x, y = unit.centre()
    w, h = g.state.width, g.state.height
    edges = {"south": (y, (0.0, -1.0)), "west": (x, (-1.0, 0.0)),
             "north": (h - y, (0.0, 1.0)), "east": (w - x, (1.0, 0.0))}
    named = [edges[str(e)] for e in g.spec.sides[unit.side].friendly_edges]
    return np.array(min(named)[1] if named else (0.0, -1.0))


def _covered_spot(g: AlleyGame, unit: Unit, start: np.ndarray, away: np.ndarray,
                  enemy: Unit | None) -> np.ndarray:
    from ambush_gui.alley.movement import formation_ok
    from ambush_gui.alley.pools import solid_cover

    reach = g.m.pull_back
    fallback = start
    base = math.atan2(away[1], away[0])
    step = 0.5 * g.m.scale
    for dist in np.arange(step, reach + 1e-9, step):
        for turn in (0, 15, -15, 30, -30, 45, -45, 60, -60):
            a = base + math.radians(turn)
            end = start + dist * np.array([math.cos(a), math.sin(a)])
            if not formation_ok(g, unit, start, end):
                continue
            if turn == 0:
                fallback = end
            if enemy is None:
                continue
            shifted = unit.points() + (end - start)
            if not g.table.any_sight(shifted, g.eye_points(enemy)):
                return end
            saved = [(f.x, f.y) for f in unit.figures]
            unit.translate(*(end - start))
            covered = solid_cover(g, unit, enemy)
            for f, (x, y) in zip(unit.figures, saved, strict=True):  # exactly back: no drift
                f.x, f.y = x, y
            if covered:
                return end
    return fallback


def _insurgent(g: AlleyGame, unit: Unit, result: str, rolled: list, s: int, f: int) -> str:
    # AA-176, AA-181..183 (house rule): count the 1s thrown by figures other than leaders;
    # that many figures go, small arms before Support Weapons, never a leader.
    ones = sum(1 for fig, face in rolled if face == 1 and fig.kind is not FigureKind.LEADER)
    victims = sorted(
        (fig for fig in unit.fighters if fig.kind is not FigureKind.LEADER),
        key=lambda fig: WEAPONS[fig.weapon].dice,
    )[:ones]
    for fig in victims:
        unit.figures.remove(fig)
        g.state.removed.append((fig, "shrank"))
    if victims:
        g.log.emit("shrink", f"{unit.name} Shrinks: {figure_names(victims)} slip away",
                   unit=unit.id, figures=[v.id for v in victims])
    # nobody left to stand or be Shaken: told as gone (a play-test read an empty unit
    # "Shaken: Morale falls to d8"); its state is what it always was, so saves replay alike
    empty = not unit.fighters
    gone = f"{unit.name} is gone: its last fighters slipped away"
    if result == "stand":  # AA-175
        g.log.emit("morale", gone if empty else f"{unit.name} Stands ({tally(s, f)})",
                   unit=unit.id, result="stand")
        _gone_if_empty(g, unit)
        return "stand"
    lower = unit.morale.down()  # AA-177/178
    if lower is None:
        g.log.emit("morale", gone if empty else f"{unit.name} is Shaken below d6: it breaks and flees",
                   unit=unit.id, result="broken")
        remove_unit(g, unit, "broke and fled")
        return "broken"
    unit.morale = lower
    unit.shaken_turn = g.state.turn
    g.log.emit("morale", gone if empty else f"{unit.name} is Shaken ({tally(s, f)}): Morale falls "
               f"to {lower}", unit=unit.id, result="shaken", morale=int(lower))
    _gone_if_empty(g, unit)
    return "shaken"


def _gone_if_empty(g: AlleyGame, unit: Unit) -> None:
    if not unit.fighters:
        remove_unit(g, unit, "no figures left")


def remove_unit(g: AlleyGame, unit: Unit, why: str) -> None:
    """Every figure of the unit leaves play; captives it guarded stay on the ground."""
    for fig in list(unit.figures):
        unit.figures.remove(fig)
        if fig.fighting:
            g.state.removed.append((fig, why))
        else:
            g.state.ground.append(fig)
    unit.on_table = False


def tally(successes: int, failures: int) -> str:
    """``3 successes, 1 failure``."""
    return f"{_count(successes, 'success')}, {_count(failures, 'failure')}"


def _count(n: int, word: str) -> str:
    """``1 success``, ``2 successes``, ``0 failures``."""
    plural = word + ("es" if word.endswith("s") else "s")
    return f"{n} {word if n == 1 else plural}"
