"""Firepower and Defense: how many Troop Quality dice each side throws.

Each pool is a list of itemised modifiers, each naming the rule it comes from, so
the fire dialog and the log can show exactly why a unit throws what it throws.
House rule AA-144: every bonus and penalty is added first, then the total is capped
at 10 dice; a Firepower of 0 or less means no attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ambush_gui.alley.model import Side, Speed, Unit
from ambush_gui.alley.names import figure_name
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.core.geometry import Point

MAX_DICE = 10  # AA-118, AA-136


@dataclass(frozen=True)
class Pool:
    """A number of dice of one type, with the itemised reasons."""

    die: Die
    items: tuple[Modifier, ...]

    @property
    def raw(self) -> int:
        return sum(m.value for m in self.items)

    @property
    def dice(self) -> int:
        return max(0, min(MAX_DICE, self.raw))

    @property
    def capped(self) -> bool:
        return self.raw > MAX_DICE

    def describe(self) -> str:
        parts = ", ".join(str(m) for m in self.items)
        cap = f" (capped at {MAX_DICE}D)" if self.capped else ""
        return f"{self.dice}{self.die.name}{cap}: {parts}"


def optimum_range(g: AlleyGame, unit: Unit) -> float:
    """The unit's Optimum Range (AA-110) after the Force on Force modules, in table inches:
    first the range a module puts in place of the unit's own (``optimum_range``: FF-057/059,
    riders firing mounted), then every module's factor on it (``optimum_range_factor``:
    FF-021, halved in MOPP 3 and 4), so a Cavalry unit in masks gets both."""
    if g.modules:
        got: float = g.modules.first("optimum_range", unit, default=unit.optimum_range)
        for factor in g.modules.gather("optimum_range_factor", unit):
            got *= factor
        return got
    return unit.optimum_range


def in_optimum_range(g: AlleyGame, attacker: Unit, target: Unit) -> bool:
    """AA-110..112: some firing figure is within its Optimum Range of some target figure.

    A Support Weapon figure reaches twice as far (AA-112); house rule AA-113 gives the
    unit's die when any figure qualifies.
    """
    return optimum_reach_by(g, attacker, target) is not None


def quality_die(g: AlleyGame, unit: Unit, purpose: str) -> Die:
    """The Troop Quality die ``unit`` throws for ``purpose`` ("fire", "reaction",
    "close_assault", ...): its own, unless a rule module shifts it through its
    ``quality_die(unit, purpose)`` hook (FF-057..059: firing mounted, one type down)."""
    if g.modules:
        return Die(g.modules.first("quality_die", unit, purpose, default=unit.tq))
    return unit.tq


def quality_die_why(g: AlleyGame, unit: Unit, purpose: str) -> tuple[str, str] | None:
    """Why :func:`quality_die` gives ``unit`` another die than its Troop Quality for
    ``purpose``: (words, rule ID) from the module that changed it, e.g. ("one type lower,
    firing mounted", "FF-059"); None when the unit throws its own die. For the player who
    reads "5d6" beside a d8 unit and wants the rule."""
    if not g.modules or quality_die(g, unit, purpose) == unit.tq:
        return None
    why: tuple[str, str] = g.modules.first("quality_die_why", unit, purpose,
                                           default=("changed by the rules in play", ""))
    return why


def support_reach(g: AlleyGame) -> bool:
    """AA-112/113, rules option ``support_weapon_reach``: whether a Support Weapon figure's
    doubled range earns its unit the Optimum Range die ("support_weapon"), or the die needs
    a figure within the unit's own Optimum Range ("unit_range")."""
    from ambush_gui.alley import options

    return options.reading(g, options.SUPPORT_REACH) == "support_weapon"


def optimum_reach_by(g: AlleyGame, attacker: Unit, target: Unit) -> str | None:
    """Why ``target`` is within Optimum Range (AA-110..112), or None when it is not.

    "" when a figure has it within the unit's own Optimum Range; else the short name of the
    Support Weapon whose doubled range reaches it (AA-112), so that a player told "within
    Optimum Range" at 15.5" with an 8" range is also told it is the SAW's doubled range.

    Remembered by positions, weapons and reaches: a pure geometric answer that every
    Firepower asks (a computer player weighs many fires between two moves).
    """
    figs = attacker.fighters
    if not figs or not target.figures:
        return None
    doubled = support_reach(g)
    base = optimum_range(g, attacker)
    key = ("optimum", base, doubled, tuple([(f.x, f.y, f.weapon) for f in figs]),
           tuple([(f.x, f.y) for f in target.figures]))
    if key in g.memo:
        return g.memo[key]  # type: ignore[no-any-return]
    a = np.array([(f.x, f.y) for f in figs])
    b = target.points()
    # each firing figure's distance to the nearest target figure
    d = np.hypot(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1]).min(axis=1)
    support = np.array([doubled and bool(WEAPONS[f.weapon].dice) for f in figs])
    by: str | None = None
    if (d <= base + 1e-9).any():
        by = ""
    elif (far := support & (d <= 2 * base + 1e-9)).any():
        k = int(np.argmin(np.where(far, d, np.inf)))  # the nearest, the first of equals
        by = WEAPONS[figs[k].weapon].title.split(" (")[0]
    g.memo[key] = by
    return by


def exposed(g: AlleyGame, unit: Unit) -> bool:
    """AA-126: no figure of the unit is within 2" of a piece of terrain that gives cover."""
    return not any(g.near_cover(f.pos) for f in unit.fighters)


def solid_cover(g: AlleyGame, target: Unit, attacker: Unit) -> bool:
    """AA-124 with house rule AA-127: at least half the target's figures are inside or
    within 1" behind Solid Cover, seen from the firing unit's nearest figure."""
    return solid_cover_many(g, [(places(target), attacker.points(fighting_only=True))])[0]


def places(unit: Unit) -> list[Point]:
    """Where the unit's fighting figures stand (what :func:`solid_cover_many` asks about)."""
    return [f.pos for f in unit.fighters]


def solid_cover_many(g: AlleyGame, pairs: list[tuple[list[Point], np.ndarray]]) -> list[bool]:
    """:func:`solid_cover` for many pairs of (the target's :func:`places`, the attacker's
    fighting figures' points): a computer player weighs fires from every point of a move.

    Remembered by both ends' figure positions (most questions are asked again and again
    while nobody moves); the lines of fire of the pairs not remembered yet go to the
    table in one batch, which costs about what one question does.
    """
    keys = [("solid", (np.array(t, dtype=float).tobytes(), a.tobytes())) for t, a in pairs]
    out: list[bool | None] = [g.memo.get(k) for k in keys]
    todo = [i for i, hit in enumerate(out) if hit is None]
    if todo:
        lines = [cover_lines(*pairs[i]) for i in todo]
        covered = iter(g.solid_cover_many([line for ls in lines for line in ls]))
        for i, ls in zip(todo, lines, strict=True):
            hit = sum(next(covered) for _ in ls) * 2 >= len(ls) if ls else False
            out[i] = g.memo[keys[i]] = hit
    return out  # type: ignore[return-value]


def cover_lines(target: list[Point], apts: np.ndarray) -> list[tuple[Point, Point]]:
    """The lines of fire :func:`solid_cover` weighs: to each target figure (its place)
    from the attacking figure (``apts``) nearest it."""
    if not target:
        return []
    tpts = np.array(target, dtype=float)
    d = np.hypot(apts[None, :, 0] - tpts[:, None, 0], apts[None, :, 1] - tpts[:, None, 1])
    firers = apts[np.argmin(d, axis=1)].tolist()  # each figure's nearest firer
    return [((fx, fy), at) for (fx, fy), at in zip(firers, target, strict=True)]


def hunkered_down(g: AlleyGame, unit: Unit) -> bool:
    """AA-121/122: spent a whole turn in place and has not moved since, or is Pinned."""
    return unit.pinned or (unit.still_turns >= 1 and unit.moved == 0)


def in_cover(g: AlleyGame, target: Unit, attacker: Unit) -> Modifier | None:
    """AA-121/122: the In Cover die ``target`` claims against ``attacker`` (Hunkered Down),
    or None; a module may withhold it (FF-061: never on horseback)."""
    if not hunkered_down(g, target):
        return None
    why = "Pinned: Hunkered Down" if target.pinned else "Hunkered Down (a turn in place)"
    item = Modifier(f"In Cover — {why}", 1, "AA-122" if target.pinned else "AA-121")
    if g.modules and not g.modules.filter("defense_filter", [item], target, attacker):
        return None
    return item


def exposed_to(g: AlleyGame, target: Unit, attacker: Unit) -> bool:
    """AA-126: whether ``attacker`` gets the Exposed die against ``target``. A target In
    Cover has gone to ground and is not Exposed (correction ``exposed_while_in_cover``)."""
    if not exposed(g, target):
        return False
    from ambush_gui.alley import options

    if options.reading(g, options.EXPOSED_IN_COVER) == "both":
        return True
    return in_cover(g, target, attacker) is None


def moving_cautiously(unit: Unit) -> bool:
    """AA-120 with house rule AA-039: the speed declared this turn holds for the whole turn."""
    return unit.speed is Speed.CAUTIOUS


def firepower(g: AlleyGame, attacker: Unit, target: Unit, overwatch: bool = False) -> Pool:
    """AA-133..143: the attacking unit's Firepower against ``target``."""
    items: list[Modifier] = []
    armed = [f for f in attacker.fighters if WEAPONS[f.weapon].armed]
    items.append(Modifier(f"{len(armed)} figure{'s' if len(armed) != 1 else ''}", len(armed), "AA-134"))
    for f in armed:
        w = WEAPONS[f.weapon]
        if w.dice:
            items.append(Modifier(f"{w.title} ({figure_name(f)})", w.dice, "AA-137"))
    reach = optimum_reach_by(g, attacker, target)
    if reach == "":
        items.append(Modifier("target within Optimum Range", 1, "AA-110"))
    elif reach:
        items.append(Modifier(f"target within Optimum Range (the {reach}'s doubled range, AA-112)",
                              1, "AA-110"))
    if exposed_to(g, target, attacker):
        items.append(Modifier("target Exposed", 1, "AA-126"))
    if attacker.speed is Speed.RAPID:
        items.append(Modifier("moved Rapidly", -1, "AA-038"))
    if attacker.dependants:
        items.append(Modifier("has Dependants", -1, "DC-005"))
    if attacker.side is Side.REGULAR and attacker.times_interrupted:
        n = attacker.times_interrupted
        items.append(Modifier(f"interrupted {n}×", -n, "AA-085"))
    if overwatch and attacker.overwatch_shots:
        n = attacker.overwatch_shots
        items.append(Modifier(f"Overwatch interruption {n + 1}", -n, "AA-106"))
    if attacker.pinned:
        items.append(Modifier("Pinned", -1, "AA-188"))
    if attacker.side is Side.INSURGENT and moving_cautiously(target):
        items.append(Modifier("target moving Cautiously", -1, "AA-078"))
    items.extend(g.modules.firepower_modifiers(attacker, target))
    return Pool(quality_die(g, attacker, "fire"), tuple(items))


def defense(g: AlleyGame, target: Unit, attacker: Unit) -> Pool:
    """AA-116..131, DC-023: the target unit's Defense against ``attacker``."""
    fighters = target.fighters
    n = len(fighters)
    items = [Modifier(f"{n} figure{'s' if n != 1 else ''}", n, "AA-117")]
    if moving_cautiously(target):
        items.append(Modifier("moving Cautiously", 1, "AA-120"))
    cover = in_cover(g, target, attacker)
    if cover is not None:
        items.append(cover)
    if solid_cover(g, target, attacker):
        items.append(Modifier("Solid Cover", 1, "AA-124"))
    if target.armor:
        items.append(Modifier("body armor", target.armor, "AA-128"))
    if g.modules:  # a module may withdraw core items (FF-061/062: no In Cover on horseback)
        items = g.modules.filter("defense_filter", items, target, attacker)
    items.extend(g.modules.defense_modifiers(target, attacker))
    return Pool(target.tq, tuple(items))
