"""Ambush! fire combat (seed 004): the seven-step procedure, jams, ammunition, crew weapons,
bazookas and the German fire terms.

One shot, as :func:`shoot` resolves it:

1. **Target and fire type** (FC-010): a weapon, aimed or snap fire, and the soldier (or,
   for weapons with a penetration row, a building wall, FC-069). The US player declares
   through a decision (:func:`fire`); a German fires by the fire terms (:func:`german_fire`).
   Any attack, even one that never leaves the barrel, wakes every US soldier in the
   target hex (AR-024).
2. **Jam or dud** (FC-011): percentile at or under the weapon's Jam number ends the fire.
3. **Range** (FC-013..015): ``rules_range`` and the Weapon Chart's band.
4. **Hit number** (FC-016, FC-017): base chance + WS + the signed shifts, kept within 0-8
   (:func:`hit_odds`).
5. **Hit roll** (FC-018): one 0-9 die at or under hits; 0 always hits, 9 always misses.
6. **Damage** (FC-019): one die on the weapon's Damage Table row, applied at once
   (:func:`apply_damage`); automatic aimed fire may carry on through the hex (FC-032); a
   bazooka's blast (FC-068); a wall's penetration (FC-069).
7. **Ammunition** (FC-021): US only; percentile on Out of Ammo spends a clip of the
   weapon fired. A bazooka crosses off its round instead (FC-067). Germans never spend
   clips (FC-043).

Two snap shots are two passes through steps 1-7 (FC-012, FC-021); a jam on the first
ends the fire. Every step emits an event naming its dice, its modifiers (each with its
FC rule) and its result; every random tie-break is a logged roll. House rules for the
GAPs are in ``docs/rules/ambush-fire.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from ambush_gui.ambush.charts import (
    Band,
    DamageResult,
    JamResult,
    Wall,
    Weapon,
    WeaponKind,
    hit_number,
    hits,
)
from ambush_gui.ambush.model import (
    EXPOSURE,
    AmbushContext,
    ARSpace,
    Mode,
    Side,
    Soldier,
    Stance,
    Status,
    Vehicle,
    WeaponState,
    enemy,
)
from ambush_gui.ambush.words import SPACE_NAMES
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Hex, rules_range
from ambush_gui.core.words import capital, count, whose, with_article

T = TypeVar("T")

WALL_FIRE = "german-wall-fire"
"""The optional rule of FC-071: Germans fire at a wooden wall hiding a prone soldier."""


class IllegalFire(ValueError):
    """A fire-related action asked for when the rules forbid it (nothing was changed)."""


class FireType(StrEnum):
    """FC-010: aimed or snap fire."""

    AIMED = "aimed"
    SNAP = "snap"


FIRE_TYPES: frozenset[FireType] = frozenset(FireType)


class Term(StrEnum):
    """FC-050, FC-051: the target a German paragraph orders him to fire at."""

    CLOSEST = "closest"
    EASIEST = "easiest"


THROWN = (WeaponKind.GRENADE, WeaponKind.SATCHEL)


# -- values --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """What a shot is aimed at: a soldier, or the wall of a building hex (FC-069)."""

    soldier: str | None = None
    wall: Hex | None = None

    def to_json(self) -> dict[str, str]:
        if self.soldier is not None:
            return {"target": self.soldier}
        assert self.wall is not None
        return {"wall": self.wall.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Target:
        if "target" in data:
            return cls(soldier=str(data["target"]))
        return cls(wall=Hex.from_label(str(data["wall"])))


@dataclass(frozen=True)
class Declaration:
    """Step 1 (FC-010): the weapon (its id), the fire type and the target."""

    weapon: str
    fire: FireType
    target: Target

    def to_json(self) -> dict[str, str]:
        return {"weapon": self.weapon, "fire": self.fire.value, **self.target.to_json()}


@dataclass(frozen=True)
class HitOdds:
    """Steps 3 and 4: range, band, base chance and every shift, and the hit number."""

    range: int
    band: Band
    base: int
    modifiers: tuple[Modifier, ...]
    number: int  # kept within 0-8 (FC-016)

    @property
    def raw(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    @property
    def chance(self) -> float:
        """Probability of a hit: faces 0 to ``number`` of ten (0 always hits, 9 never)."""
        return (self.number + 1) / 10

    def text(self) -> str:
        mods = "".join(f" {m}" for m in self.modifiers)
        clamp = f" = {self.raw}, kept within 0-8 [FC-016]" if self.raw != self.number else ""
        return (
            f"hit number {self.number}: base {self.base} ({self.band.value} range, "
            f"{self.range} hex{'es' if self.range != 1 else ''}){mods}{clamp}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "range": self.range,
            "band": self.band.value,
            "base": self.base,
            "modifiers": [[m.label, m.value, m.rule] for m in self.modifiers],
            "number": self.number,
        }


@dataclass
class Struck:
    """One soldier's Damage Table roll."""

    soldier: str
    row: str
    die: int
    result: DamageResult


@dataclass
class Shot:
    """One pass through the seven steps."""

    firer: str
    weapon: str
    fire: FireType
    target: Target
    jammed: bool = False  # step 2 ended the fire (a jam, or a dud round)
    odds: HitOdds | None = None
    die: int | None = None
    hit: bool = False
    penetrated: bool | None = None  # wall shots (FC-069)
    struck: list[Struck] = field(default_factory=list)
    clip_spent: bool = False


@dataclass
class FireResult:
    """A whole fire: one shot, or two snap shots."""

    firer: str
    weapon: str
    fire: FireType
    shots: list[Shot] = field(default_factory=list)

    @property
    def jammed(self) -> bool:
        return any(s.jammed for s in self.shots)


class GermanOutcome(StrEnum):
    """What a German ordered to fire did instead, or that he fired (FC-044..047, FC-071)."""

    FIRED = "fired"
    CLEARED_JAM = "cleared_jam"  # FC-045: spent his fire order on the jam
    SWAPPED_AMMO = "swapped_ammo"  # FC-044: took ammunition from a German in his hex
    PICKED_UP = "picked_up"  # FC-046: took a weapon in his hex
    PREPARED = "prepared"  # set up his crew weapon or loaded his bazooka first
    OTHER_OPTION = "other_option"  # FC-044: the paragraph's first non-firing option
    PRONE = "prone"  # FC-044: no other option: he lies prone
    NO_TARGET = "no_target"  # nobody he may fire at; the paragraph goes on
    PASSED = "passed"  # FC-073: the wall-fire Perception Check failed, nothing else to do


@dataclass
class GermanFire:
    outcome: GermanOutcome
    fire: FireResult | None = None
    detail: str = ""


# -- sight ---------------------------------------------------------------------------------


def hidden_in_building(g: AmbushContext, s: Soldier) -> bool:
    """House rule FC-073: a soldier prone inside a building is below the windows, out of
    sight of everyone outside his hex."""
    return (
        s.hex is not None
        and s.stance is Stance.PRONE
        and g.charts.building(g.state.map.terrain(s.hex)) is not None
    )


def sees(g: AmbushContext, a: Soldier, b: Soldier) -> bool:
    """Can ``a`` see ``b`` (FC-001, FC-029; the same both ways)?

    Off-map soldiers see nobody and are seen by nobody (AR-015). In one hex everyone sees
    everyone. Otherwise the map's line of sight (docs/rules/ambush-hexes.md), and a
    soldier prone inside a building is hidden from outside his hex (house rule FC-073).
    """
    if a.hex is None or b.hex is None:
        return False
    if a.hex == b.hex:
        return True
    if hidden_in_building(g, a) or hidden_in_building(g, b):
        return False
    return g.state.map.can_see(a.hex, b.hex)


# -- what a soldier may fire ---------------------------------------------------------------


def weapons_of(g: AmbushContext, firer: Soldier) -> list[WeaponState]:
    """The weapons ``firer`` could fire: his own, then the crew weapons of his side set up or
    lying in his hex (FC-052)."""
    crew = [
        w
        for w in g.state.crew_weapons.values()
        if firer.hex is not None
        and g.state.crew_hex(w) == firer.hex
        and g.state.crew_side(w) is firer.side
    ]
    return [*firer.weapons, *crew]


def find_weapon(g: AmbushContext, firer: Soldier, wid: str) -> WeaponState:
    for w in weapons_of(g, firer):
        if w.id == wid:
            return w
    raise IllegalFire(f"{firer.label} has no weapon {wid!r} to hand")


def clip_holder(g: AmbushContext, firer: Soldier, w: WeaponState) -> Soldier | None:
    """Who holds the clip a US fire would use (FC-001, FC-041): the firer's own Ammo Boxes;
    for a crew weapon, his or, failing that, an active friend's in the weapon's hex (the
    carriers first)."""
    key = w.weapon
    if firer.clips(key):
        return firer
    if g.charts.weapon(key).kind is not WeaponKind.CREW or firer.hex is None:
        return None
    friends = g.state.in_hex(firer.hex, firer.side)
    friends.sort(key=lambda s: (s.id not in w.carriers, s.id))
    return next((s for s in friends if s.clips(key)), None)


def has_ammunition(g: AmbushContext, firer: Soldier, w: WeaponState) -> bool:
    """FC-001: at least one clip (US), or not out of ammunition by a paragraph (Germans,
    FC-043). A bazooka's round is in the tube once it is prepared (FC-065)."""
    if firer.side is Side.GERMAN:
        return not w.out_of_ammo
    spec = g.charts.weapon(w.weapon)
    if spec.out_of_ammo is None:  # rounds crossed off as used (FC-040): the loaded one
        return True
    return clip_holder(g, firer, w) is not None


def _firer_problem(firer: Soldier, prone_ok: bool = False) -> str | None:
    """Why this soldier cannot fire (or take another standing-or-crouching action) now."""
    if not firer.active:
        return f"{firer.label} is {firer.status.value}"
    if firer.panicked:
        return f"{firer.label} has panicked and does nothing this Round (AR-066)"
    if firer.side is Side.US and not firer.aware:
        return f"{firer.label} is unaware and may not act (AR-023)"
    if firer.hex is None:
        return f"{firer.label} is off the map"
    if firer.stance is Stance.PRONE and not prone_ok:
        return f"{firer.label} is prone: only a standing or crouching soldier fires (FC-002)"
    return None


def why_not(
    g: AmbushContext,
    firer: Soldier,
    wid: str,
    fire: FireType,
    target: Target,
    partner: Soldier | None = None,
    *,
    assume_ready: bool = False,
    see_hidden: bool = False,
) -> str | None:
    """Why this fire is illegal, naming the rule; None when it is legal.

    ``partner`` is the second crewman combining into one aimed fire (FC-060).
    ``assume_ready`` skips the weapon's own state (jammed, ammunition, prepared): the
    German fire terms use it to ask whether a working weapon could fire (FC-044, FC-045).
    ``see_hidden`` sees a soldier prone in a building as if he were not (FC-073): it asks
    whether that alone stops the fire, to say so (:func:`hidden_only`).
    """
    st, charts = g.state, g.charts
    problem = _firer_problem(firer)
    if problem:
        return problem
    assert firer.hex is not None
    try:
        w = find_weapon(g, firer, wid)
    except IllegalFire as err:
        return str(err)
    spec = charts.weapon(w.weapon)
    if spec.kind in THROWN:
        return f"{with_article(spec.name)} is thrown, not fired (AR-082, AR-081)"
    if w.broken:
        return f"the {spec.name} is broken: gone for the mission (FC-036)"
    if fire is FireType.SNAP and not spec.snap:
        return f"{with_article(spec.name)} can never snap fire (FC-064)"
    if spec.kind is WeaponKind.CREW:
        if firer.stance is not Stance.CROUCHING:
            return "a crew weapon's firer must be crouching (FC-058)"
        crew = {firer.id, *w.fired_by}
        if fire is FireType.AIMED:
            if partner is None:
                return "a lone soldier on a crew weapon always snap fires (FC-059)"
            problem = _firer_problem(partner)
            if problem:
                return problem
            if partner.id == firer.id or partner.side is not firer.side:
                return "aimed crew fire needs a second soldier of the same side (FC-060)"
            if partner.hex != firer.hex:
                return f"{partner.label} is not in the crew weapon's hex (FC-060)"
            if partner.stance is not Stance.CROUCHING:
                return f"{partner.label} must be crouching to fire the crew weapon (FC-058)"
            crew.add(partner.id)
        if len(crew) > 2:
            return (
                f"two soldiers ({', '.join(w.fired_by)}) have already fired the {spec.name} "
                "this Round (FC-061)"
            )
    if not assume_ready:
        if w.jammed:
            return f"the {spec.name} is jammed until cleared (FC-034)"
        if spec.kind in (WeaponKind.CREW, WeaponKind.BAZOOKA) and not w.prepared:
            return f"the {spec.name} must be prepared first (FC-003)"
        if not has_ammunition(g, firer, w):
            return f"{firer.label} has no {spec.ammo_unit} for the {spec.name} (FC-001)"
    # -- the target ---------------------------------------------------------------------
    if target.soldier is not None:
        t = st.soldiers.get(target.soldier)
        if t is None:
            return f"there is no soldier {target.soldier!r}"
        if t.side is firer.side:
            return f"{t.label} is a friend"
        if not t.active:
            return f"{t.label} is {t.status.value}: only active soldiers are fired at"
        if t.hex is None:
            return f"{t.label} is off the map and can never be attacked (AR-015)"
        if t.guarding is not None:
            return f"{t.label} guards a prisoner and may not be fired at (FC-008)"
        if not sees(g, firer, t) and not (
            see_hidden and hidden_in_building(g, t) and g.state.map.can_see(firer.hex, t.hex)
        ):
            return f"{firer.label} cannot see {t.label} (FC-001)"
        where = t.hex
    else:
        assert target.wall is not None
        where = target.wall
        if where not in st.map:
            return f"{where} is off the map"
        if where == firer.hex:
            return f"{firer.label} is inside {where}: a wall is fired at from outside (FC-069)"
        wall = charts.building(st.map.terrain(where))
        if wall is None:
            return f"there is no building in {where} to fire at (FC-069)"
        if wall not in spec.penetration:
            return f"the {spec.name} has no penetration row against a {wall.value} wall (FC-069)"
        if not st.in_hex(where, enemy(firer.side)):
            return f"no enemy soldier is in the building in {where}"
        if where != firer.hex and not st.map.can_see(firer.hex, where):
            return f"{firer.label} cannot see {where} (FC-001)"
    friends = [s for s in st.in_hex(where, firer.side) if s.id != firer.id]
    if friends and where != firer.hex:
        return (
            f"{friends[0].label}, an active friend, is in {where}: no firing into his hex "
            "unless the firer is in it (FC-006)"
        )
    if charts.range_band(w.weapon, rules_range(firer.hex, where)) is None:
        return f"{where} is beyond the {spec.name}'s long range (FC-015)"
    return None


def fire_options(
    g: AmbushContext,
    firer: Soldier,
    fires: Iterable[FireType] = FIRE_TYPES,
    partner: Soldier | None = None,
    weapon: str | None = None,
    crew_only: bool = False,
) -> list[Declaration]:
    """Every legal declaration (FC-010): weapon, fire type and target, in card order, aimed
    before snap, nearest target first. Walls are offered to weapons with a penetration row
    (FC-069). ``crew_only`` keeps the crew weapons alone: an aimed crew fire with a partner
    (AR-077) is the crew weapon's, never the firer's own rifle."""
    if _firer_problem(firer) is not None:
        return []
    st = g.state
    assert firer.hex is not None
    allowed = [f for f in FireType if f in set(fires)]
    foes = sorted(
        (s for s in st.side(enemy(firer.side)) if s.hex is not None),
        key=lambda s: (rules_range(firer.hex, s.hex), s.id),  # type: ignore[arg-type]
    )
    targets = [Target(soldier=s.id) for s in foes]
    for h in sorted({s.hex for s in foes if s.hex is not None}):
        if g.charts.building(st.map.terrain(h)) is not None:
            targets.append(Target(wall=h))
    out = []
    for w in weapons_of(g, firer):
        if weapon is not None and w.id != weapon:
            continue
        if crew_only and g.charts.weapon(w.weapon).kind is not WeaponKind.CREW:
            continue
        for f in allowed:
            for t in targets:
                if why_not(g, firer, w.id, f, t, partner) is None:
                    out.append(Declaration(w.id, f, t))
    return out


def hidden_only(
    g: AmbushContext,
    firer: Soldier,
    fires: Iterable[FireType] = FIRE_TYPES,
    partner: Soldier | None = None,
) -> list[Soldier]:
    """The enemies ``firer`` could fire at but for their lying prone inside a building
    (house rule FC-073): what to tell a player whose soldier has nobody to fire at."""
    if _firer_problem(firer) is not None:
        return []
    hidden = [t for t in g.state.side(enemy(firer.side))
              if t.active and hidden_in_building(g, t) and t.hex != firer.hex]
    allowed = [f for f in FireType if f in set(fires)]
    return [
        t for t in hidden
        if any(why_not(g, firer, w.id, f, Target(soldier=t.id), partner, see_hidden=True) is None
               for w in weapons_of(g, firer) for f in allowed)
    ]


def hidden_words(t: Soldier) -> str:
    """Why nobody sees ``t`` from outside his hex, in a player's words (FC-073)."""
    return f"{t.label} is prone in a building, hidden from outside his hex (FC-073)"


# -- steps 3 and 4: the hit number ---------------------------------------------------------


def enemy_vehicles(g: AmbushContext, firer: Soldier, where: Hex) -> list[Vehicle]:
    """The vehicles in ``where`` that count as targets for ``firer`` (FC-028, FC-031):
    every vehicle there but one carrying his own side (vehicles have no side of their own
    in this model, house rule AR-094; their crews and passengers tell)."""
    st = g.state
    return [v for v in st.vehicles.values() if v.hex == where
            and not any(st.soldiers[p].side is firer.side for p in v.passengers)]



def _ws(firer: Soldier, partner: Soldier | None, crew: bool) -> tuple[Soldier, Modifier]:
    """The soldier whose WS aims the fire, and the WS modifier (FC-026, FC-060, FC-062)."""
    if crew and partner is not None:
        if firer.side is Side.GERMAN and partner.ws > firer.ws:
            return partner, Modifier(f"WS of {partner.label}, the higher of the crew", partner.ws,
                                     "FC-062")
        if firer.side is Side.GERMAN:
            return firer, Modifier(f"WS of {firer.label}, the higher of the crew", firer.ws,
                                   "FC-062")
        return firer, Modifier(f"WS of {firer.label}, the declared firer", firer.ws, "FC-060")
    return firer, Modifier(whose("WS", firer.label), firer.ws, "FC-026")


def hit_odds(
    g: AmbushContext,
    firer: Soldier,
    wid: str,
    fire: FireType,
    target: Target,
    partner: Soldier | None = None,
) -> HitOdds | None:
    """Steps 3 and 4 (FC-013..017, FC-023..026, FC-031): None beyond long range.

    Base chance for the band, plus the firer's WS, plus the signed shifts: the target's
    stance in his terrain (the firer's own never count, FC-024), snap fire, a wounded
    firer, a captured weapon, and +1 per extra target for aimed automatic fire at a
    multiple target; kept within 0-8. A wall has no stance: only the firer's shifts count.
    """
    st, charts = g.state, g.charts
    assert firer.hex is not None
    w = find_weapon(g, firer, wid)
    spec = charts.weapon(w.weapon)
    where = st.soldiers[target.soldier].hex if target.soldier is not None else target.wall
    assert where is not None
    rng = rules_range(firer.hex, where)
    band = charts.range_band(w.weapon, rng)
    if band is None:
        return None
    base = int(getattr(spec.hit, band.value))
    aimer, ws = _ws(firer, partner, spec.kind is WeaponKind.CREW and fire is FireType.AIMED)
    mods = [ws]
    terrain = st.map.terrain(where)
    if target.soldier is not None:
        t = st.soldiers[target.soldier]
        mods.append(
            Modifier(
                f"target {t.stance.value} in {charts.spec.terrain[terrain].name.lower()}",
                charts.modifier(t.stance, terrain),
                "FC-023",
            )
        )
    if fire is FireType.SNAP:
        mods.append(Modifier("snap fire", charts.snap_fire, "FC-025"))
    if aimer.wounded:
        mods.append(Modifier("wounded firer", charts.wounded_firer, "FC-025"))
    if st.captured(charts, firer, w):
        mods.append(Modifier("captured weapon", charts.captured_weapon, "FC-025"))
    if target.soldier is not None:
        men = len(st.in_hex(where, enemy(firer.side)))
        cars = len(enemy_vehicles(g, firer, where))
        n = men + cars
        shift = charts.multiple_target_shift(w.weapon, max(n, 1), fire is FireType.AIMED)
        if shift:
            what = f"{n} targets in the hex" + (
                f" ({count(cars, 'vehicle')} among them, counted even if immune)" if cars else "")
            mods.append(Modifier(f"{what}, automatic aimed fire", shift, "FC-031"))
    number = hit_number(base, 0, sum(m.value for m in mods))
    return HitOdds(rng, band, base, tuple(mods), number)


# -- tie-breaks, awareness, damage ---------------------------------------------------------


def pick(g: AmbushContext, items: Sequence[T], purpose: str, name: Callable[[T], str]) -> T:
    """One of ``items`` at random, by a logged roll of a die with one face per item; a
    single item needs no roll (FC-030, FC-051, AR-116)."""
    if len(items) == 1:
        return items[0]
    names = [name(i) for i in items]
    face = g.dice.one(
        len(items),
        f"Random tie: {purpose}",
        result=", ".join(f"{k} {n}" for k, n in enumerate(names, 1)),
    )
    chosen = items[face - 1]
    g.log.emit("tie", f"{purpose}: the roll of {face} picks {names[face - 1]}",
               purpose=purpose, options=names, face=face, chosen=names[face - 1])
    return chosen


def most_exposed(g: AmbushContext, soldiers: Sequence[Soldier], purpose: str) -> Soldier:
    """The most exposed of ``soldiers``: standing, then crouching, then prone; ties at random
    (FC-030)."""
    top = min(EXPOSURE[s.stance] for s in soldiers)
    return pick(g, [s for s in soldiers if EXPOSURE[s.stance] == top], purpose,
                lambda s: s.label)


def alert(g: AmbushContext, where: Hex, why: str) -> None:
    """AR-024: any attack, even one only attempted, on a hex makes every US soldier in it
    aware."""
    woken = [s for s in g.state.in_hex(where, Side.US) if not s.aware]
    for s in woken:
        s.aware = True
    if woken:
        names = ", ".join(s.label for s in woken)
        g.log.emit("aware", f"{why}: {names} in {where} become{'s' if len(woken) == 1 else ''} "
                   "aware [AR-024]", soldiers=[s.id for s in woken], hex=where.label,
                   rule="AR-024")


def move_marker(g: AmbushContext, s: Soldier, space: ARSpace, why: str, rule: str) -> None:
    """Put a soldier's AR marker in ``space``; he has no turns left this Round."""
    before = s.marker
    s.marker = space
    s.turns = 0
    g.log.emit("marker",
               f"{capital(whose('AR marker', s.label))}: {SPACE_NAMES[before]} → "
               f"{SPACE_NAMES[space]} ({why}) [{rule}]",
               soldier=s.id, frm=before.value, to=space.value, rule=rule)


def apply_damage(g: AmbushContext, s: Soldier, result: DamageResult, source: str) -> None:
    """A Damage Table result, applied at once (FC-004, FC-019; house rule FC-020).

    Panic: panicked, marker to Panic (AR-052, combat panic). Wound: wounded, marker to
    Complete (AR-052); a second wound incapacitates. Incapacitated or killed: inactive,
    marker to Inactive (AR-053). An inactive soldier guards nobody.
    """
    if result is DamageResult.NONE:
        g.log.emit("damage", f"{s.label}: no effect ({source})", soldier=s.id,
                   result=result.value)
        return
    if result is DamageResult.PENETRATED:
        raise ValueError("a penetration result is read against a wall, not a soldier")
    if result is DamageResult.WOUND and s.wounded:
        result = DamageResult.INCAPACITATED
        text = "wounded again: incapacitated"
    else:
        text = {
            DamageResult.PANIC: "panics",
            DamageResult.WOUND: "is wounded",
            DamageResult.INCAPACITATED: "is incapacitated",
            DamageResult.KILLED: "is killed",
        }[result]
    g.log.emit("damage", f"{s.label} {text} ({source})", soldier=s.id, result=result.value)
    if result is DamageResult.PANIC:
        s.panicked = True
        move_marker(g, s, ARSpace.PANIC, "panicked in combat", "AR-052")
    elif result is DamageResult.WOUND:
        s.wounded = True
        move_marker(g, s, ARSpace.COMPLETE, "wounded", "AR-052")
    else:
        s.status = Status.DEAD if result is DamageResult.KILLED else Status.INCAPACITATED
        s.guarding = None
        move_marker(g, s, ARSpace.INACTIVE, s.status.value, "AR-053")


def _damage(g: AmbushContext, s: Soldier, row: str, purpose: str, rule: str) -> Struck:
    die = g.dice.zero_to_nine(f"Damage: {s.label} ({purpose}) on the {row} row")
    result = g.charts.damage(row, die)
    g.log.emit("damage_roll", f"Damage on the {row} row: {die} → {result.value} [{rule}]",
               soldier=s.id, row=row, die=die, result=result.value, rule=rule)
    apply_damage(g, s, result, purpose)
    return Struck(s.id, row, die, result)


def _carry_on(g: AmbushContext, firer: Soldier, where: Hex, row: str, first: Struck,
              shot: Shot) -> None:
    """FC-032: roll damage again; while each roll is lower than the one before, the next most
    exposed soldier the firer could fire at is hit too, with that roll."""
    hit_ids = {first.soldier}
    before = first.die
    while True:
        others = [
            s
            for s in g.state.in_hex(where, enemy(firer.side))
            if s.id not in hit_ids and s.guarding is None and sees(g, firer, s)
        ]
        if not others:
            return
        die = g.dice.zero_to_nine(f"Damage carries on? {whose('burst', firer.label)} in {where}")
        if die >= before:
            g.log.emit("carry_on", f"{die} is not lower than {before}: the burst stops [FC-032]",
                       die=die, before=before, rule="FC-032")
            return
        victim = most_exposed(g, others, f"the next most exposed soldier in {where}")
        result = g.charts.damage(row, die)
        g.log.emit("carry_on", f"{die} is lower than {before}: the burst also hits "
                   f"{victim.label}, {result.value} on the {row} row [FC-032]",
                   die=die, before=before, soldier=victim.id, result=result.value, rule="FC-032")
        apply_damage(g, victim, result, "the burst carries on")
        shot.struck.append(Struck(victim.id, row, die, result))
        hit_ids.add(victim.id)
        before = die


# -- the seven steps -----------------------------------------------------------------------


def shoot(
    g: AmbushContext,
    firer: Soldier,
    d: Declaration,
    partner: Soldier | None = None,
    why: str = "",
) -> Shot:
    """One shot through steps 1-7. Raises :class:`IllegalFire` (changing nothing) when
    :func:`why_not` forbids it."""
    problem = why_not(g, firer, d.weapon, d.fire, d.target, partner)
    if problem:
        raise IllegalFire(problem)
    st, charts = g.state, g.charts
    assert firer.hex is not None
    w = find_weapon(g, firer, d.weapon)
    spec = charts.weapon(w.weapon)
    tgt = st.soldiers[d.target.soldier] if d.target.soldier is not None else None
    where = tgt.hex if tgt is not None else d.target.wall
    assert where is not None
    what = tgt.label if tgt is not None else f"the building in {where}"
    shot = Shot(firer.id, w.id, d.fire, d.target)
    # step 1
    crew = f" with {partner.label}" if partner is not None else ""
    g.log.emit(
        "fire",
        f"{why + ': ' if why else ''}{firer.label}{crew} fires the {spec.name} ({d.fire.value}) "
        f"at {what} [FC-010]",
        firer=firer.id, partner=partner.id if partner else None, weapon=w.id, chart=w.weapon,
        fire=d.fire.value, **d.target.to_json(),
    )
    alert(g, where, f"{firer.label} attacks {where}")
    if spec.kind is WeaponKind.CREW:
        for s in (firer, partner):
            if s is not None and s.id not in w.fired_by:
                w.fired_by.append(s.id)
    rounds = spec.out_of_ammo is None  # the round in the tube is used, whatever happens
    # step 2
    if spec.jam is not None:
        roll = g.dice.percentile(f"Jam: {whose(spec.name, firer.label)}")
        if charts.jams(w.weapon, roll):
            shot.jammed = True
            if rounds:
                w.prepared = False
                g.log.emit("jam", f"{roll:02d} ≤ {spec.jam:02d}: a dud; the round is crossed "
                           "off and the fire ends [FC-011, FC-067]", weapon=w.id, roll=roll,
                           number=spec.jam, jammed=True, dud=True, rule="FC-011")
            else:
                w.jammed = True
                g.log.emit("jam", f"{roll:02d} ≤ {spec.jam:02d}: the {spec.name} jams; the "
                           "fire ends [FC-011]", weapon=w.id, roll=roll, number=spec.jam,
                           jammed=True, dud=False, rule="FC-011")
            return shot
        g.log.emit("jam", f"{roll:02d} > {spec.jam:02d}: no jam [FC-011]", weapon=w.id,
                   roll=roll, number=spec.jam, jammed=False, dud=False, rule="FC-011")
    # steps 3, 4
    odds = hit_odds(g, firer, w.id, d.fire, d.target, partner)
    assert odds is not None  # why_not checked the range
    shot.odds = odds
    # step 5
    die = g.dice.roll(10, 1, f"Hit: {whose(spec.name, firer.label)}{crew} at {what}", odds.modifiers,
                      f"hits on {odds.number} or less", zero_nine=True)[0] % 10
    shot.die, shot.hit = die, hits(odds.number, die)
    always = " (0 always hits)" if die == 0 else " (9 always misses)" if die == 9 else ""
    g.log.emit(
        "hit" if shot.hit else "miss",
        f"{odds.text()}; die {die}{always}: {'hit' if shot.hit else 'miss'} [FC-018]",
        firer=firer.id, weapon=w.id, die=die, hit=shot.hit, rule="FC-018", **odds.to_json(),
        **d.target.to_json(),
    )
    # step 6
    if shot.hit:
        _damage_step(g, firer, w, spec, d, where, shot)
    elif spec.kind is WeaponKind.BAZOOKA:
        g.log.emit("miss", f"the {spec.name} round misses: no effect, and it never scatters "
                   "[FC-070]", weapon=w.id, rule="FC-070")
    # step 7
    if rounds:
        if w.prepared:
            w.prepared = False
            g.log.emit("ammo", f"{with_article(spec.name)} round is crossed off; it must be prepared again "
                       "[FC-067, FC-042]", soldier=firer.id, weapon=w.id, rule="FC-067")
    elif firer.side is Side.US:
        shot.clip_spent = _ammo_step(g, firer, w, spec)
    return shot


def _damage_step(g: AmbushContext, firer: Soldier, w: WeaponState, spec: Weapon,
                 d: Declaration, where: Hex, shot: Shot) -> None:
    st, charts = g.state, g.charts
    if d.target.soldier is not None:
        t = st.soldiers[d.target.soldier]
        first = _damage(g, t, spec.damage, f"hit by {whose(spec.name, firer.label)}",
                        "FC-068" if spec.kind is WeaponKind.BAZOOKA else "FC-019")
        shot.struck.append(first)
        if spec.blast is not None:  # FC-068: everyone else in the hex
            for s in st.in_hex(where):
                if s.id != t.id:
                    shot.struck.append(_damage(g, s, spec.blast, f"blast of the {spec.name} in "
                                               f"{where}", "FC-068"))
        elif spec.automatic and d.fire is FireType.AIMED:
            _carry_on(g, firer, where, spec.damage, first, shot)
        return
    wall = charts.building(st.map.terrain(where))
    assert wall is not None
    row = spec.penetration[wall]
    die = g.dice.zero_to_nine(f"Penetration: {whose(spec.name, firer.label)} on the {wall.value} "
                              f"wall in {where}")
    shot.penetrated = charts.damage(row, die) is DamageResult.PENETRATED
    g.log.emit("penetration", f"{row} row: {die} → "
               f"{'penetrated' if shot.penetrated else 'no penetration'} [FC-069]",
               hex=where.label, row=row, die=die, penetrated=shot.penetrated, rule="FC-069")
    if not shot.penetrated:
        return
    if spec.blast is not None:
        for s in st.in_hex(where):
            shot.struck.append(_damage(g, s, spec.blast, f"the {spec.name} bursts inside "
                                       f"{where}", "FC-069"))
        return
    behind = [s for s in st.in_hex(where, enemy(firer.side)) if s.guarding is None]
    if behind:
        s = most_exposed(g, behind, f"who is hit behind the wall in {where}")
        shot.struck.append(_damage(g, s, spec.damage, f"fire through the wall of {where}",
                                   "FC-069"))


def _ammo_step(g: AmbushContext, firer: Soldier, w: WeaponState, spec: Weapon) -> bool:
    """Step 7 (FC-021, FC-041): percentile on Out of Ammo; at or under, a clip of this weapon
    is crossed off."""
    holder = clip_holder(g, firer, w)
    assert holder is not None and spec.out_of_ammo is not None  # why_not checked the clip
    roll = g.dice.percentile(f"Out of Ammo: {whose(spec.name, firer.label)}")
    if roll <= spec.out_of_ammo:
        holder.ammo.remove(w.weapon)
        g.log.emit("ammo", f"{roll:02d} ≤ {spec.out_of_ammo:02d}: {with_article(spec.name)} clip of "
                   f"{holder.label}'s is spent; {holder.clips(w.weapon)} left [FC-021, FC-041]",
                   soldier=holder.id, weapon=w.weapon, roll=roll, number=spec.out_of_ammo,
                   spent=True, left=holder.clips(w.weapon), rule="FC-021")
    else:
        g.log.emit("ammo", f"{roll:02d} > {spec.out_of_ammo:02d}: no clip spent [FC-021]",
                   soldier=holder.id, weapon=w.weapon, roll=roll, number=spec.out_of_ammo,
                   spent=False, rule="FC-021")
    return roll <= spec.out_of_ammo


def _shots(w: WeaponState, spec: Weapon, fire: FireType, snap_shots: int) -> int:
    """A snap fire action is two shots with a personal weapon (AR-076), one with a crew
    weapon (FC-059, FC-060) or in a move/snap fire (AR-090)."""
    if fire is FireType.AIMED or spec.kind is WeaponKind.CREW:
        return 1
    return max(1, min(2, snap_shots))


def _fire(g: AmbushContext, firer: Soldier, d: Declaration, partner: Soldier | None,
          why: str) -> tuple[FireResult, Shot]:
    shot = shoot(g, firer, d, partner, why)
    return FireResult(firer.id, d.weapon, d.fire, [shot]), shot


# -- the US player's fire ------------------------------------------------------------------


def _option_facts(g: AmbushContext, firer: Soldier, options: Sequence[Declaration],
                  partner: Soldier | None) -> list[dict[str, Any]]:
    out = []
    for o in options:
        odds = hit_odds(g, firer, o.weapon, o.fire, o.target, partner)
        assert odds is not None
        out.append({**o.to_json(), **odds.to_json(), "text": odds.text()})
    return out


def fire(
    g: AmbushContext,
    firer: Soldier,
    why: str = "",
    *,
    fires: Iterable[FireType] = FIRE_TYPES,
    snap_shots: int = 2,
    partner: Soldier | None = None,
    crew_only: bool = False,
) -> Procedure:
    """A US soldier fires (FC-001..042): the player declares weapon, fire type and target
    (one ``AMBUSH_TARGET`` decision), then the shot is resolved; a snap fire action's second
    shot asks for its target after the first has landed (results apply at once, FC-004),
    and may be held. Returns the :class:`FireResult`, or None when no fire is legal.

    ``fires`` limits the fire types (a move/snap fire: ``{SNAP}`` with ``snap_shots=1``);
    ``partner`` is the second crewman of an aimed crew weapon fire (FC-060); ``crew_only``
    offers the crew weapons alone (AR-077: the crew fire action fires the crew weapon).
    """
    fires = frozenset(fires)
    options = fire_options(g, firer, fires, partner, crew_only=crew_only)
    if not options:
        g.log.emit("fire", f"{firer.label} has no legal fire", firer=firer.id)
        return None
    facts = _option_facts(g, firer, options, partner)
    answer = yield Decision(
        side=firer.side.value,
        kind=DecisionKind.AMBUSH_TARGET,
        prompt=f"{firer.label}: choose a weapon, aimed or snap fire, and a target",
        options=tuple(o.to_json() for o in options),
        facts={"firer": firer.id, "partner": partner.id if partner else None, "why": why,
               "odds": facts},
    )
    d = options[[o.to_json() for o in options].index(answer)]
    w = find_weapon(g, firer, d.weapon)
    result, shot = _fire(g, firer, d, partner, why)
    if _shots(w, g.charts.weapon(w.weapon), d.fire, snap_shots) == 2 and not shot.jammed:
        second = fire_options(g, firer, {FireType.SNAP}, weapon=d.weapon)
        if not second:
            g.log.emit("fire", f"{firer.label} has no legal second snap shot", firer=firer.id)
            return result
        pick_ = yield Decision(
            side=firer.side.value,
            kind=DecisionKind.AMBUSH_TARGET,
            prompt=f"{firer.label}: the second snap shot — choose a target, or hold",
            options=(*(o.target.to_json() for o in second), "hold"),
            facts={"firer": firer.id, "why": why, "second_shot": True,
                   "odds": _option_facts(g, firer, second, None)},
        )
        if pick_ == "hold":
            g.log.emit("fire", f"{firer.label} holds his second snap shot", firer=firer.id)
        else:
            d2 = second[[o.target.to_json() for o in second].index(pick_)]
            _, shot2 = _fire(g, firer, d2, None, why)
            result.shots.append(shot2)
    return result


# -- the German fire terms -----------------------------------------------------------------


@dataclass(frozen=True)
class GermanAim:
    """A fire the German fire terms could pick: the declaration, its odds, the soldier aimed
    at and the stance the German fires from."""

    declaration: Declaration
    odds: HitOdds
    target: Soldier
    stance: Stance


def _fire_stance(g: AmbushContext, s: Soldier, w: WeaponState) -> Stance:
    """The stance a German takes to fire ``w``: crouching behind a crew weapon (FC-058) or
    up from prone (his free stance change, AR-071); otherwise his own."""
    if g.charts.weapon(w.weapon).kind is WeaponKind.CREW or s.stance is Stance.PRONE:
        return Stance.CROUCHING
    return s.stance


@contextmanager
def _posed(*poses: tuple[Soldier | None, Stance]) -> Iterator[None]:
    """Try stances on for size (to ask :func:`why_not`), and put them back."""
    saved = [(s, s.stance) for s, _ in poses if s is not None]
    for s, stance in poses:
        if s is not None:
            s.stance = stance
    try:
        yield
    finally:
        for s, stance in saved:
            s.stance = stance


def _crew_partner(g: AmbushContext, w: WeaponState, partner: Soldier | None) -> Soldier | None:
    return partner if g.charts.weapon(w.weapon).kind is WeaponKind.CREW else None


def german_candidates(
    g: AmbushContext,
    german: Soldier,
    fires: Iterable[FireType] = FIRE_TYPES,
    partner: Soldier | None = None,
    weapon: str | None = None,
) -> list[GermanAim]:
    """For each hex he may fire into, its most exposed legal targets (FC-030) with his primary
    weapon against them: the one with the best chance to hit, never a grenade (FC-048; ties
    to the weapon listed first), in his best fire: aimed if he can, else snap (FC-049)."""
    st = g.state
    fires = frozenset(fires)
    by_target: dict[str, GermanAim] = {}
    for w in weapons_of(g, german):
        if g.charts.weapon(w.weapon).kind in THROWN or weapon not in (None, w.id):
            continue  # FC-048: a grenade is never his primary weapon
        stance = _fire_stance(g, german, w)
        mate = _crew_partner(g, w, partner)
        with _posed((german, stance), (mate, Stance.CROUCHING)):
            for t in st.side(Side.US):
                for f in (FireType.AIMED, FireType.SNAP):  # FC-049: aimed if he can
                    if f not in fires:
                        continue
                    d = Declaration(w.id, f, Target(soldier=t.id))
                    if why_not(g, german, w.id, f, d.target, mate) is None:
                        odds = hit_odds(g, german, w.id, f, d.target, mate)
                        assert odds is not None
                        best = by_target.get(t.id)
                        if best is None or odds.number > best.odds.number:
                            by_target[t.id] = GermanAim(d, odds, t, stance)
                        break
    out = []
    for h in sorted({c.target.hex for c in by_target.values() if c.target.hex is not None}):
        here = [c for c in by_target.values() if c.target.hex == h]
        top = min(EXPOSURE[c.target.stance] for c in here)
        out += [c for c in here if EXPOSURE[c.target.stance] == top]
    return out


def german_choice(
    g: AmbushContext,
    german: Soldier,
    term: Term,
    fires: Iterable[FireType] = FIRE_TYPES,
    partner: Soldier | None = None,
    weapon: str | None = None,
) -> GermanAim | None:
    """The German's fire by the fire terms (FC-048..051, FC-030): the closest target (fewest
    hexes, ties to the easiest) or the easiest (best hit number, ties to the closest); final
    ties, and the choice among equally exposed soldiers of the hex, by logged rolls."""
    cands = german_candidates(g, german, fires, partner, weapon)
    if not cands:
        return None

    def key(c: GermanAim) -> tuple[int, int]:
        if term is Term.CLOSEST:
            return (c.odds.range, -c.odds.number)
        return (-c.odds.number, c.odds.range)

    best = min(key(c) for c in cands)
    tied = [c for c in cands if key(c) == best]
    hexes = sorted({c.target.hex for c in tied if c.target.hex is not None})
    where = pick(g, hexes, whose(f"{term.value} target hex", german.label), str)
    here = [c for c in tied if c.target.hex == where]
    chosen = pick(g, here, f"the most exposed soldier in {where} for {german.label}",
                  lambda c: c.target.label)
    name = g.charts.weapon(find_weapon(g, german, chosen.declaration.weapon).weapon).name
    g.log.emit(
        "german_fire",
        f"{german.label} fires his primary weapon ({name}, {chosen.declaration.fire.value}) at "
        f"the {term.value} target, {chosen.target.label} "
        f"[FC-048, FC-049, {'FC-050' if term is Term.CLOSEST else 'FC-051'}]",
        german=german.id, term=term.value, **chosen.declaration.to_json(),
    )
    return chosen


def german_fire(
    g: AmbushContext,
    german: Soldier,
    term: Term,
    why: str = "",
    *,
    fires: Iterable[FireType] = FIRE_TYPES,
    snap_shots: int = 2,
    partner: Soldier | None = None,
    other_option: bool = False,
) -> GermanFire:
    """A German ordered by his paragraph to fire at the ``term`` target (AR-116). No
    decisions: the fire terms decide.

    If he can fire he does, first taking the stance the fire needs (crouching behind a
    crew weapon, or up from prone: his free stance change, AR-071; his crew partner
    crouches too). If he cannot, by house rule FC-047 the first that applies: a jammed
    weapon is cleared (FC-045; his second weapon was already tried as his primary); out
    of ammunition, he takes some from a German in his hex (FC-044), else takes the
    paragraph's first non-firing option (``other_option``), else lies prone; unarmed, he
    picks up a weapon in his hex (FC-046); an unprepared crew weapon or unloaded bazooka
    is prepared; nobody to fire at: with the optional rule, a prone US soldier in a
    wooden building may be fired at through the wall (FC-071); else NO_TARGET.
    """
    if german.side is not Side.GERMAN:
        raise IllegalFire(f"{german.label} is not a German; the US player declares his fire")
    problem = _firer_problem(german, prone_ok=True)
    if problem:
        raise IllegalFire(problem)
    fires = frozenset(fires)
    aim = german_choice(g, german, term, fires, partner)
    if aim is None:
        return _german_cannot_fire(g, german, term, fires, partner, other_option)
    d = aim.declaration
    w = find_weapon(g, german, d.weapon)
    mate = _crew_partner(g, w, partner) if d.fire is FireType.AIMED else None
    _take_stance(g, german, aim.stance, "to fire")
    if mate is not None:
        _take_stance(g, mate, Stance.CROUCHING, "to fire the crew weapon")
    result, shot = _fire(g, german, d, mate, why)
    if _shots(w, g.charts.weapon(w.weapon), d.fire, snap_shots) == 2 and not shot.jammed:
        again = german_choice(g, german, term, {FireType.SNAP}, weapon=d.weapon)
        if again is not None:
            _, shot2 = _fire(g, german, again.declaration, None, why)
            result.shots.append(shot2)
    return GermanFire(GermanOutcome.FIRED, result)


def _take_stance(g: AmbushContext, s: Soldier, stance: Stance, why: str) -> None:
    """A German's free stance change before he acts (AR-071; house rule FC-047)."""
    if s.stance is not stance:
        before, s.stance = s.stance, stance
        g.log.emit("stance", f"{s.label} goes from {before.value} to {stance.value} {why} (his "
                   "free stance change) [AR-071, FC-047]", soldier=s.id, stance=stance.value,
                   rule="AR-071")


def _would_fire(g: AmbushContext, german: Soldier, w: WeaponState, fires: frozenset[FireType],
                partner: Soldier | None) -> bool:
    """Could this weapon fire at anyone if it worked (not jammed, loaded, with ammunition)?"""
    mate = _crew_partner(g, w, partner)
    with _posed((german, _fire_stance(g, german, w)), (mate, Stance.CROUCHING)):
        return any(
            why_not(g, german, w.id, f, Target(soldier=t.id), mate, assume_ready=True) is None
            for t in g.state.side(Side.US)
            for f in fires
        )


def _german_cannot_fire(g: AmbushContext, german: Soldier, term: Term,
                        fires: frozenset[FireType], partner: Soldier | None,
                        other_option: bool) -> GermanFire:
    st, charts = g.state, g.charts
    armed = [w for w in weapons_of(g, german)
             if not w.broken and charts.weapon(w.weapon).kind not in THROWN]
    if not armed:
        return _german_pick_up(g, german, other_option)
    ready = [w for w in armed if _would_fire(g, german, w, fires, partner)]
    jammed = [w for w in ready if w.jammed]
    if jammed:
        w = jammed[0]
        _take_stance(g, german, _fire_stance(g, german, w), "to clear his weapon")
        result = clear_jam(g, german, w.id)
        return GermanFire(GermanOutcome.CLEARED_JAM, None, result.value)
    dry = [w for w in ready if w.out_of_ammo]
    if dry:
        return _german_out_of_ammo(g, german, dry[0], other_option)
    for w in ready:
        spec = charts.weapon(w.weapon)
        if w.prepared or spec.kind not in (WeaponKind.CREW, WeaponKind.BAZOOKA):
            continue
        if spec.kind is WeaponKind.CREW:
            if {st.soldiers[c].hex for c in w.carriers} != {german.hex}:
                continue  # the pieces are apart (FC-055)
            _take_stance(g, german, _fire_stance(g, german, w), "to prepare his weapon")
            prepare_crew_weapon(g, w.id, german)
        else:
            _take_stance(g, german, _fire_stance(g, german, w), "to load his weapon")
            load_bazooka(g, german, german, w.id)
        return GermanFire(GermanOutcome.PREPARED, None, w.id)
    if not ready and WALL_FIRE in st.optional_rules and not other_option:
        return _german_wall_fire(g, german, term, fires, partner)
    g.log.emit("german_fire", f"{german.label} has nobody he may fire at", german=german.id)
    return GermanFire(GermanOutcome.NO_TARGET)


def _german_out_of_ammo(g: AmbushContext, german: Soldier, w: WeaponState,
                        other_option: bool) -> GermanFire:
    """FC-044 (house rule FC-047): a German in his hex with the same weapon shares his
    ammunition; else the paragraph's first non-firing option; else he lies prone. He never
    leaves his path to look for more."""
    assert german.hex is not None
    for mate in g.state.in_hex(german.hex, Side.GERMAN):
        if mate.id != german.id and any(
            m.weapon == w.weapon and not m.out_of_ammo for m in mate.weapons
        ):
            w.out_of_ammo = False
            g.log.emit("german_fire", f"{german.label} is out of ammunition and takes some from "
                       f"{mate.label} [FC-044, FC-047]", german=german.id, mate=mate.id,
                       weapon=w.id, rule="FC-044")
            return GermanFire(GermanOutcome.SWAPPED_AMMO, None, mate.id)
    return _german_gives_up(g, german, other_option, "is out of ammunition")


def _german_gives_up(g: AmbushContext, german: Soldier, other_option: bool,
                     why: str) -> GermanFire:
    if other_option:
        g.log.emit("german_fire", f"{german.label} {why}: he takes his paragraph's first "
                   "non-firing option [FC-044, FC-047]", german=german.id, rule="FC-044")
        return GermanFire(GermanOutcome.OTHER_OPTION)
    german.stance = Stance.PRONE
    g.log.emit("stance", f"{german.label} {why} and has no other option: he lies prone "
               "[FC-044, FC-047]", soldier=german.id, stance="prone", rule="FC-044")
    return GermanFire(GermanOutcome.PRONE)


def _german_pick_up(g: AmbushContext, german: Soldier, other_option: bool) -> GermanFire:
    """FC-046 (house rule FC-047): an unarmed German takes a weapon in his hex: from an
    inactive German, a spare from an active German, or from an inactive US soldier."""
    st, charts = g.state, g.charts
    assert german.hex is not None
    here = [s for s in st.in_hex(german.hex, active=False) if s.id != german.id]
    here.sort(key=lambda s: (s.side is not Side.GERMAN, s.active, s.letter or "", s.id))
    for s in here:
        if s.side is Side.US and s.active:
            continue
        usable = [w for w in s.weapons
                  if not w.broken and charts.weapon(w.weapon).kind not in THROWN]
        if s.active:
            usable = usable[1:]  # an active German hands over only a spare
        if usable:
            w = usable[0]
            s.weapons.remove(w)
            german.weapons.append(w)
            g.log.emit("pick_up", f"{german.label} has no weapon and takes "
                       f"{whose(charts.weapon(w.weapon).name, s.label)} [FC-046, FC-047]", soldier=german.id,
                       source=s.id, weapon=w.id, rule="FC-046")
            return GermanFire(GermanOutcome.PICKED_UP, None, w.id)
    return _german_gives_up(g, german, other_option, "has no weapon")


# -- FC-071..073: Germans firing at walls (optional) ---------------------------------------


def perception_check(g: AmbushContext, s: Soldier, why: str) -> bool:
    """A Perception Check (house rule FC-073): one 0-9 die at or under his PER passes."""
    die = g.dice.zero_to_nine(f"Perception Check: {s.label} ({why})")
    ok = die <= s.per
    g.log.emit("perception", f"{capital(whose('Perception Check', s.label))}: {die} against PER {s.per}: "
               f"{'passed' if ok else 'failed'} [FC-073]", soldier=s.id, die=die, per=s.per,
               passed=ok, rule="FC-073")
    return ok


def wall_weapon(g: AmbushContext, s: Soldier, wall: Wall) -> WeaponState | None:
    """The weapon a German turns on a wall (FC-072): against wood, a machinegun (an
    automatic weapon with a wooden-wall row) if he has one; against stone, his heavy
    weapon (the one with a stone row); in card order. A tank: main gun on stone,
    machinegun on wood."""
    able = [w for w in weapons_of(g, s)
            if not w.broken and wall in g.charts.weapon(w.weapon).penetration]
    if wall is Wall.WOOD:
        able.sort(key=lambda w: not g.charts.weapon(w.weapon).automatic)
    return able[0] if able else None


def _german_wall_fire(g: AmbushContext, german: Soldier, term: Term,
                      fires: frozenset[FireType], partner: Soldier | None) -> GermanFire:
    """FC-071: a US soldier he would see but for lying prone inside a wooden building (house
    rule FC-073). A Perception Check lets him crouch and fire at the wall, with the weapon
    of FC-072, in his best fire (FC-049); the target is chosen by the same terms."""
    st = g.state
    assert german.hex is not None
    w = wall_weapon(g, german, Wall.WOOD)
    hidden = sorted(
        {s.hex for s in st.side(Side.US)
         if s.hex is not None and s.hex != german.hex and hidden_in_building(g, s)
         and g.charts.building(st.map.terrain(s.hex)) is Wall.WOOD
         and st.map.can_see(german.hex, s.hex)}
    )
    aims: list[tuple[Declaration, HitOdds]] = []
    if w is not None:
        mate = _crew_partner(g, w, partner)
        with _posed((german, Stance.CROUCHING), (mate, Stance.CROUCHING)):
            for where in hidden:
                for f in (FireType.AIMED, FireType.SNAP):
                    if f in fires and why_not(g, german, w.id, f, Target(wall=where), mate) is None:
                        odds = hit_odds(g, german, w.id, f, Target(wall=where), mate)
                        assert odds is not None
                        aims.append((Declaration(w.id, f, Target(wall=where)), odds))
                        break
    if not aims:
        g.log.emit("german_fire", f"{german.label} has nobody he may fire at", german=german.id)
        return GermanFire(GermanOutcome.NO_TARGET)
    if not perception_check(g, german, "to fire at the wall hiding a prone soldier"):
        g.log.emit("german_fire", f"{german.label} does not fire at the wall and passes "
                   "[FC-073]", german=german.id, rule="FC-073")
        return GermanFire(GermanOutcome.PASSED)

    def key(a: tuple[Declaration, HitOdds]) -> tuple[int, int]:
        o = a[1]
        return (o.range, -o.number) if term is Term.CLOSEST else (-o.number, o.range)

    best = min(key(a) for a in aims)
    d, _ = pick(g, [a for a in aims if key(a) == best], whose("wall to fire at", german.label),
                lambda a: str(a[0].target.wall))
    mate = _crew_partner(g, find_weapon(g, german, d.weapon), partner) \
        if d.fire is FireType.AIMED else None
    _take_stance(g, german, Stance.CROUCHING, "to fire at the wall [FC-071]")
    if mate is not None:
        _take_stance(g, mate, Stance.CROUCHING, "to fire the crew weapon")
    result, _ = _fire(g, german, d, mate, "fire at the wall [FC-071]")
    return GermanFire(GermanOutcome.FIRED, result, f"wall of {d.target.wall}")


# -- jams ----------------------------------------------------------------------------------


def clear_jam(g: AmbushContext, s: Soldier, wid: str) -> JamResult:
    """Clear a jammed weapon, an action in Operations or Rounds (FC-035): one die in his WS
    column of the Clear Jammed Weapon Chart; a captured weapon at WS −1 (FC-037); broken,
    it is gone for the mission (FC-036). Standing or crouching (AR-085)."""
    problem = _firer_problem(s)
    if problem:
        raise IllegalFire(problem)
    w = find_weapon(g, s, wid)
    name = g.charts.weapon(w.weapon).name
    if not w.jammed or w.broken:
        raise IllegalFire(f"{whose(name, s.label)} is not jammed")
    captured = g.state.captured(g.charts, s, w)
    die = g.dice.zero_to_nine(f"Clear Jammed Weapon: {whose(name, s.label)}")
    result = g.charts.clear_jam(s.ws, die, captured)
    if result is JamResult.CLEARED:
        w.jammed = False
    elif result is JamResult.BROKEN:
        w.jammed, w.broken = False, True
    ws = f"WS {s.ws}" + (" −1, a captured weapon [FC-037]" if captured else "")
    g.log.emit("clear_jam", f"{s.label} works on the jammed {name}: {die} at {ws}: "
               f"{result.value} [FC-035{', FC-036' if result is JamResult.BROKEN else ''}]",
               soldier=s.id, weapon=w.id, die=die, ws=s.ws, captured=captured,
               result=result.value, rule="FC-035")
    return result


# -- crew weapons --------------------------------------------------------------------------


def prepare_crew_weapon(g: AmbushContext, wid: str, by: Soldier | None = None) -> None:
    """Set up a crew weapon (FC-055, FC-056): both carriers' pieces in one hex. In Rounds it
    is ``by``'s action (standing or crouching, in the hex, AR-087); in Operations it needs
    nobody's action."""
    st = g.state
    w = st.crew_weapons.get(wid)
    if w is None:
        raise IllegalFire(f"there is no crew weapon {wid!r}")
    name = g.charts.weapon(w.weapon).name
    if w.prepared:
        raise IllegalFire(f"the {name} is already prepared")
    if w.broken:
        raise IllegalFire(f"the {name} is broken (FC-036)")
    hexes = {st.soldiers[s].hex for s in w.carriers}
    if len(hexes) != 1 or None in hexes:
        raise IllegalFire(f"the pieces of the {name} must be in one hex to prepare it "
                          "(FC-055)")
    where = next(iter(hexes))
    assert where is not None
    if st.mode is Mode.ROUNDS:
        if by is None:
            raise IllegalFire("in Rounds preparing a crew weapon is a soldier's action (FC-056)")
        problem = _firer_problem(by)
        if problem:
            raise IllegalFire(problem)
        if by.hex != where:
            raise IllegalFire(f"{by.label} is not in {where} with the {name} (AR-087)")
    w.prepared, w.at = True, where
    who = (f"{by.label} prepares it" if by is not None and st.mode is Mode.ROUNDS
           else "set up in Operations, no action needed")
    g.log.emit("crew", f"The {g.charts.weapon(w.weapon).name} in {where}: {who} "
               "[FC-052, FC-056]", weapon=w.id,
               hex=where.label, by=by.id if by is not None else None, rule="FC-056")


def prepare_crew_weapons_in_operations(g: AmbushContext) -> list[str]:
    """FC-056: in Operations a crew weapon whose pieces share a hex is prepared without an
    action. Returns the weapons prepared."""
    done = []
    for w in g.state.crew_weapons.values():
        if not w.prepared and not w.broken:
            hexes = {g.state.soldiers[s].hex for s in w.carriers}
            if len(hexes) == 1 and None not in hexes:
                prepare_crew_weapon(g, w.id)
                done.append(w.id)
    return done


def piece_moved(g: AmbushContext, s: Soldier) -> None:
    """FC-057: a soldier carrying a piece of a crew weapon moved: it is no longer prepared.
    The movement procedure calls this for every soldier who leaves his hex."""
    for w in g.state.crew_weapons.values():
        if s.id in w.carriers and w.prepared:
            w.prepared, w.at = False, None
            g.log.emit("crew", f"{s.label} moves a piece of the {g.charts.weapon(w.weapon).name}: "
                       "no longer prepared "
                       "[FC-057]", weapon=w.id, soldier=s.id, rule="FC-057")


def new_round(g: AmbushContext) -> None:
    """FC-061: a new Round; any two soldiers may fire each crew weapon again."""
    for w in g.state.crew_weapons.values():
        w.fired_by.clear()


# -- bazookas and rounds -------------------------------------------------------------------


def rounds_left(s: Soldier, w: WeaponState) -> int:
    """Bazooka rounds a soldier has for ``w``: in his Ammo Boxes plus the one loaded."""
    return s.clips(w.weapon) + (1 if w.prepared else 0)


def load_bazooka(g: AmbushContext, loader: Soldier, carrier: Soldier, wid: str) -> None:
    """Prepare (load) a bazooka (FC-065, AR-084): an action of its carrier or of another
    soldier in his hex, standing or crouching. A US round comes out of the loader's Ammo
    Boxes, else the carrier's; it stays loaded while carried (FC-066), and the shot crosses
    it off (FC-067). Germans count no rounds (FC-043)."""
    problem = _firer_problem(loader)
    if problem:
        raise IllegalFire(problem)
    w = carrier.weapon(wid)
    spec = g.charts.weapon(w.weapon)
    if spec.kind is not WeaponKind.BAZOOKA:
        raise IllegalFire(f"the {spec.name} is not a bazooka")
    if loader.id != carrier.id and loader.hex != carrier.hex:
        raise IllegalFire(f"{loader.label} must be in {whose('hex', carrier.label)} to load it (FC-065)")
    if w.prepared:
        raise IllegalFire(f"the {spec.name} is already loaded")
    if w.broken or w.jammed:
        raise IllegalFire(f"the {spec.name} is {'broken' if w.broken else 'jammed'}")
    source = None
    if carrier.side is Side.US:
        source = next((s for s in (loader, carrier) if s.clips(w.weapon)), None)
        if source is None:
            raise IllegalFire(f"neither {loader.label} nor {carrier.label} has {with_article(spec.name)} "
                              "round")
        source.ammo.remove(w.weapon)
    elif w.out_of_ammo:
        raise IllegalFire(f"{carrier.label} is out of ammunition (FC-043)")
    w.prepared = True
    g.log.emit("bazooka", f"{loader.label} loads {whose(spec.name, carrier.label)} [FC-065]",
               loader=loader.id, carrier=carrier.id, weapon=w.id,
               source=source.id if source else None, rule="FC-065")


def cross_off(g: AmbushContext, s: Soldier, item: str) -> None:
    """FC-040: a grenade, satchel charge or bazooka round is crossed off an Ammo Box as soon
    as it is used (the grenade and satchel procedures call this)."""
    if s.side is Side.GERMAN:
        return  # FC-043: Germans count no ammunition
    if item not in s.ammo:
        raise IllegalFire(f"{s.label} has no {item} in his Ammo Boxes")
    s.ammo.remove(item)
    g.log.emit("ammo", f"{s.label} uses a {g.charts.weapon(item).name}: crossed off [FC-040]",
               soldier=s.id, item=item, rule="FC-040")


__all__ = [
    "FIRE_TYPES",
    "WALL_FIRE",
    "Declaration",
    "FireResult",
    "FireType",
    "GermanAim",
    "GermanFire",
    "GermanOutcome",
    "HitOdds",
    "IllegalFire",
    "Shot",
    "Struck",
    "Target",
    "Term",
    "alert",
    "apply_damage",
    "clear_jam",
    "clip_holder",
    "cross_off",
    "fire",
    "fire_options",
    "german_candidates",
    "german_choice",
    "german_fire",
    "has_ammunition",
    "hidden_in_building",
    "hit_odds",
    "load_bazooka",
    "most_exposed",
    "new_round",
    "perception_check",
    "pick",
    "piece_moved",
    "prepare_crew_weapon",
    "prepare_crew_weapons_in_operations",
    "rounds_left",
    "sees",
    "shoot",
    "wall_weapon",
    "weapons_of",
]
