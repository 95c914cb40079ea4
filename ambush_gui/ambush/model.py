"""The Ambush! game state: soldiers, their weapons and ratings, the map and the mode of play.

Plain mutable dataclasses, rebuilt by replaying decisions; :meth:`AmbushState.snapshot`
turns them into plain data for the state hash. The rules live in the procedures
(:mod:`ambush_gui.ambush.fire`, and the Action Rounds and Operations built on this
model); nothing here rolls a die.

The words are the rulebook's:

- A soldier is **active** until he is incapacitated, killed or captured; those three
  make him **inactive** and put his AR marker in the Inactive space (AR-053).
  Wounded and panicked are states of an active soldier, and may come together.
- Soldier ratings (the seeds lost their symbols; DESIGN.md names them): **AR** Action
  Rating (his column on the AR Track), **MPA** Movement Point Allowance, **WS**
  Weapon Skill (added to the hit chance, FC-017; the column for clearing jams,
  FC-035), **PER** Perception (Perception Checks, AR-020, FC-071), **LDR**
  Leadership (command sums and radius, AR-055).
- A US soldier's **Ammo Boxes** (at most six, FC-039) each hold one clip of a weapon,
  or one grenade, satchel charge or bazooka round; a box is written here as the
  Weapon Chart key of what is in it, so ``["m1-garand", "m1-garand", "mk2-grenade"]``
  is two Garand clips and a grenade. Germans have no Ammo Boxes: they never spend
  clips and run dry only when a paragraph says so (FC-043, ``WeaponState.out_of_ammo``).
- A crew weapon (FC-052..057) is one :class:`WeaponState` in
  :attr:`AmbushState.crew_weapons`, carried in pieces by two soldiers
  (:attr:`WeaponState.carriers`, soldier id -> Port Boxes of it he carries) and set
  up in a hex when prepared (:attr:`WeaponState.at`). Personal weapons (rifles,
  pistols, submachineguns, bazookas, grenades, satchel charges) are in the soldier's
  own :attr:`Soldier.weapons`.
- A **vehicle** (AR-094, AR-104; minimal house-rule model, ``docs/rules/ambush-actions.md``)
  is a :class:`Vehicle` in :attr:`AmbushState.vehicles`: a hex, a capacity and the ids of
  the soldiers aboard; a soldier aboard keeps the vehicle's hex and names it in
  :attr:`Soldier.aboard`. At most two vehicles share a hex (AR-104,
  :meth:`AmbushState.place_vehicle`). Vehicles do not move yet: no rule here moves one.
- A weapon is **captured** when its Weapon Chart side is not its user's side; that is
  derived (:meth:`AmbushState.captured`), never stored, so it cannot go stale.

>>> s = Soldier("a", Side.US, "Pvt Able", ar=3, mpa=6, ws=1, per=4, ldr=1,
...             weapons=[WeaponState("a-rifle", "m1-garand")], ammo=["m1-garand"] * 2)
>>> s.active, s.clips("m1-garand"), s.primary.weapon
(True, 2, 'm1-garand')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ambush_gui.ambush.charts import ARSpace, Charts, Side, Stance
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import EventLog
from ambush_gui.core.hexgrid import Hex, HexMap

__all__ = [
    "MAX_AMMO_BOXES",
    "MAX_VEHICLES_PER_HEX",
    "EXPOSURE",
    "ARSpace",
    "AmbushContext",
    "AmbushState",
    "Mode",
    "Score",
    "Side",
    "Soldier",
    "Stance",
    "Status",
    "Vehicle",
    "WeaponState",
    "enemy",
]

MAX_AMMO_BOXES = 6
"""FC-039: a US soldier carries at most six Ammo Boxes."""

MAX_VEHICLES_PER_HEX = 2
"""AR-104: only two vehicles can share a hex (the map's ``stacking`` may say so too)."""

EXPOSURE: dict[Stance, int] = {Stance.STANDING: 0, Stance.CROUCHING: 1, Stance.PRONE: 2}
"""FC-030: most exposed first: standing, then crouching, then prone."""


def enemy(side: Side) -> Side:
    """The other side."""
    return Side.GERMAN if side is Side.US else Side.US


class Status(StrEnum):
    """Where a soldier stands in the game. Only an ACTIVE soldier acts or is fired at;
    the other three are "inactive" (AR-053)."""

    ACTIVE = "active"
    INCAPACITATED = "incapacitated"
    DEAD = "dead"
    CAPTURED = "captured"


class Mode(StrEnum):
    """The two modes of play (AR-001, AR-002)."""

    OPERATIONS = "operations"
    ROUNDS = "rounds"


@dataclass
class WeaponState:
    """One weapon a soldier carries (or a crew weapon the state holds).

    ``weapon`` is the Weapon Chart key (``"m1-garand"``); ``id`` is unique in the
    game, so two riflemen's Garands can be told apart.
    """

    id: str
    weapon: str
    jammed: bool = False  # FC-034: cannot fire until cleared
    broken: bool = False  # FC-036: gone for the mission
    prepared: bool = False  # crew weapon set up; bazooka loaded (FC-003, FC-052, FC-065)
    out_of_ammo: bool = False  # Germans only, when a paragraph says so (FC-043)
    # -- crew weapons (FC-052..062) --------------------------------------------------
    carriers: dict[str, int] = field(default_factory=dict)  # soldier id -> Port Boxes
    at: Hex | None = None  # the hex it is set up in while prepared
    fired_by: list[str] = field(default_factory=list)  # soldiers who fired it this Round

    @property
    def usable(self) -> bool:
        """Neither jammed nor broken."""
        return not (self.jammed or self.broken)

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "weapon": self.weapon,
            "jammed": self.jammed,
            "broken": self.broken,
            "prepared": self.prepared,
            "out_of_ammo": self.out_of_ammo,
        }
        if self.carriers:
            out["carriers"] = dict(sorted(self.carriers.items()))
            out["at"] = self.at.label if self.at is not None else None
            out["fired_by"] = list(self.fired_by)
        return out


@dataclass
class Soldier:
    """One soldier counter and his card."""

    id: str
    side: Side
    name: str
    ar: int  # Action Rating: his AR Track column (AR-034)
    mpa: int  # Movement Point Allowance (AR-088)
    ws: int  # Weapon Skill (FC-017, FC-035)
    per: int  # Perception (AR-020, FC-071)
    ldr: int  # Leadership (AR-055)
    hex: Hex | None = None  # None: off the map (AR-012, AR-015)
    stance: Stance = Stance.STANDING
    status: Status = Status.ACTIVE
    wounded: bool = False
    panicked: bool = False
    aware: bool = True  # US only; Germans are always aware (AR-019)
    weapons: list[WeaponState] = field(default_factory=list)
    ammo: list[str] = field(default_factory=list)  # US Ammo Boxes (FC-039)
    port_boxes: int = 0  # US: Port Boxes on his card (crew weapon pieces, FC-054)
    letter: str | None = None  # Germans: the counter's letter (AR-007, AR-049)
    number: int | None = None  # Germans: the soldier card's number (AR-007)
    guarding: str | None = None  # a German guarding this prisoner (FC-008)
    marker: ARSpace = ARSpace.COMPLETE  # his AR marker (AR-009)
    turns: int = 0  # turns left this Round
    left_map: bool = False  # US: left, may not return (AR-105); German: evaded (AR-107, AR-108)
    satchel_ready: bool = False  # a satchel charge prepared, to be thrown (AR-080, AR-081)
    aboard: str | None = None  # the id of the vehicle he is aboard (AR-094)

    def __post_init__(self) -> None:
        if len(self.ammo) > MAX_AMMO_BOXES:
            raise ValueError(
                f"{self.name} carries {len(self.ammo)} Ammo Boxes; at most "
                f"{MAX_AMMO_BOXES} (FC-039)"
            )
        if self.side is Side.GERMAN and self.ammo:
            raise ValueError(f"{self.name}: Germans have no Ammo Boxes (FC-043)")
        if self.hex is not None:
            self.hex = Hex(*self.hex)

    # -- derived ----------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def on_map(self) -> bool:
        return self.hex is not None

    @property
    def primary(self) -> WeaponState | None:
        """The first weapon on his card that is not broken. (A German's primary weapon in
        a fire is the one with the best chance to hit: ``fire.german_fire``, FC-048.)"""
        return next((w for w in self.weapons if not w.broken), None)

    @property
    def label(self) -> str:
        """How the log names him: a German by his letter too (AR-007)."""
        return f"{self.name} ({self.letter})" if self.letter else self.name

    def clips(self, weapon: str) -> int:
        """Ammo Boxes holding a clip (or round) of Weapon Chart ``weapon``."""
        return self.ammo.count(weapon)

    def weapon(self, wid: str) -> WeaponState:
        for w in self.weapons:
            if w.id == wid:
                return w
        raise KeyError(f"{self.label} carries no weapon {wid!r}")

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side.value,
            "ratings": [self.ar, self.mpa, self.ws, self.per, self.ldr],
            "hex": self.hex.label if self.hex is not None else None,
            "stance": self.stance.value,
            "status": self.status.value,
            "wounded": self.wounded,
            "panicked": self.panicked,
            "aware": self.aware,
            "weapons": [w.snapshot() for w in self.weapons],
            "ammo": list(self.ammo),
            "letter": self.letter,
            "number": self.number,
            "guarding": self.guarding,
            "marker": self.marker.value,
            "turns": self.turns,
        } | ({"left_map": True} if self.left_map else {}) \
            | ({"satchel_ready": True} if self.satchel_ready else {}) \
            | ({"aboard": self.aboard} if self.aboard is not None else {})


@dataclass
class Vehicle:
    """A vehicle counter (AR-094, AR-104): where it is, how many soldiers it carries, and
    who is aboard (soldier ids, in the order they got on). House rule: vehicles are placed,
    never moved (moving one is not modelled)."""

    id: str
    name: str
    hex: Hex
    capacity: int
    passengers: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.hex = Hex(*self.hex)
        if self.capacity < 0 or len(self.passengers) > self.capacity:
            raise ValueError(f"{self.name} carries {len(self.passengers)} soldiers; its "
                             f"capacity is {self.capacity}")

    @property
    def room(self) -> int:
        """Places left aboard."""
        return self.capacity - len(self.passengers)

    def snapshot(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "hex": self.hex.label,
                "capacity": self.capacity, "passengers": list(self.passengers)}


@dataclass
class Score:
    """Points, kept as a ledger so the end screen can say where each came from."""

    lines: list[tuple[int, str]] = field(default_factory=list)

    def add(self, points: int, why: str) -> None:
        self.lines.append((points, why))

    @property
    def total(self) -> int:
        return sum(p for p, _ in self.lines)


@dataclass
class AmbushState:
    """Everything replaying an Ambush! game's decisions produces.

    The map is the mission's and never changes, so it is not part of the snapshot.
    ``optional_rules`` names the optional rules in play (``"german-wall-fire"``, FC-071).
    """

    map: HexMap
    soldiers: dict[str, Soldier]
    crew_weapons: dict[str, WeaponState] = field(default_factory=dict)
    mode: Mode = Mode.OPERATIONS
    round: int = 0
    optional_rules: frozenset[str] = frozenset()
    score: Score = field(default_factory=Score)
    condition: str = ""  # the Condition in force: which Mission Card and card column (AR-110)
    sightings: set[str] = field(default_factory=set)  # sightings made; Events skip them (AR-030)
    advantage: Side | None = None  # the side holding the Advantage this Round (AR-032, AR-039)
    vehicles: dict[str, Vehicle] = field(default_factory=dict)  # AR-094, AR-104

    @classmethod
    def build(
        cls,
        hexmap: HexMap,
        soldiers: Iterable[Soldier],
        crew_weapons: Iterable[WeaponState] = (),
        charts: Charts | None = None,
        **kw: Any,
    ) -> AmbushState:
        """A state from lists, checking what the dataclasses cannot: unique ids, soldiers on
        the map, crew weapons carried by exactly two soldiers (FC-053) and, given the charts,
        splitting exactly the Port Boxes the weapon fills (FC-054). Raises ValueError naming
        the problem."""
        by_id: dict[str, Soldier] = {}
        wids: set[str] = set()
        for s in soldiers:
            if s.id in by_id:
                raise ValueError(f"two soldiers have the id {s.id!r}")
            if s.hex is not None and s.hex not in hexmap:
                raise ValueError(f"{s.label} is at {s.hex}, off the map")
            by_id[s.id] = s
            for w in s.weapons:
                if w.id in wids:
                    raise ValueError(f"two weapons have the id {w.id!r}")
                wids.add(w.id)
        crew: dict[str, WeaponState] = {}
        for w in crew_weapons:
            if w.id in wids:
                raise ValueError(f"two weapons have the id {w.id!r}")
            wids.add(w.id)
            if len(w.carriers) != 2:
                raise ValueError(
                    f"crew weapon {w.id} must be carried by exactly two soldiers (FC-053), "
                    f"not {sorted(w.carriers)}"
                )
            for sid in w.carriers:
                if sid not in by_id:
                    raise ValueError(f"crew weapon {w.id}: no soldier {sid!r} to carry it")
            boxes = charts.weapon(w.weapon).port_boxes if charts is not None else None
            if charts is not None and boxes is None:
                raise ValueError(f"{w.id}: the {w.weapon} is not a crew weapon (FC-052)")
            if boxes is not None and sum(w.carriers.values()) != boxes:
                raise ValueError(
                    f"crew weapon {w.id} fills {boxes} Port Boxes (FC-054); its carriers hold "
                    f"{sum(w.carriers.values())}"
                )
            crew[w.id] = w
        return cls(hexmap, by_id, crew, **kw)

    def place_vehicle(self, v: Vehicle) -> Vehicle:
        """Put vehicle ``v`` on the map, checking AR-104 (only two vehicles share a hex: the
        map's ``stacking`` limit for ``"vehicle"``, else :data:`MAX_VEHICLES_PER_HEX`), a
        unique id, a hex on the map, and passengers who are soldiers in its hex (they are
        marked aboard). Raises ValueError naming the problem."""
        if v.id in self.vehicles:
            raise ValueError(f"two vehicles have the id {v.id!r}")
        if v.hex not in self.map:
            raise ValueError(f"{v.name} is at {v.hex}, off the map")
        limit = self.map.stack_limit("vehicle")
        limit = MAX_VEHICLES_PER_HEX if limit is None else limit
        here = [o for o in self.vehicles.values() if o.hex == v.hex]
        if len(here) + 1 > limit:
            raise ValueError(f"{v.name} cannot enter {v.hex}: only {limit} vehicles can share "
                             f"a hex (AR-104); {', '.join(o.name for o in here)} are there")
        for sid in v.passengers:
            s = self.soldiers.get(sid)
            if s is None or s.hex != v.hex or s.aboard is not None:
                raise ValueError(f"{v.name}: {sid!r} is not a soldier in {v.hex} to be aboard")
        for sid in v.passengers:
            self.soldiers[sid].aboard = v.id
        self.vehicles[v.id] = v
        return v

    # -- look-ups ---------------------------------------------------------------------
    def soldier(self, sid: str) -> Soldier:
        return self.soldiers[sid]

    def in_hex(self, h: Hex, side: Side | None = None, active: bool = True) -> list[Soldier]:
        """The soldiers in hex ``h`` (of ``side``; only active ones unless ``active`` is False)."""
        return [
            s
            for s in self.soldiers.values()
            if s.hex == h and (side is None or s.side is side) and (s.active or not active)
        ]

    def side(self, side: Side, active: bool = True) -> list[Soldier]:
        """One side's soldiers; Germans in the alphabetical order of their letters (AR-049,
        FC-004)."""
        out = [s for s in self.soldiers.values() if s.side is side and (s.active or not active)]
        if side is Side.GERMAN:
            out.sort(key=lambda s: (s.letter or "", s.id))
        return out

    def crew_hex(self, w: WeaponState) -> Hex | None:
        """Where a crew weapon is: its set-up hex, or the hex its two carriers share, or None
        while its pieces are apart (FC-055)."""
        if w.at is not None:
            return w.at
        hexes = {self.soldiers[s].hex for s in w.carriers}
        return next(iter(hexes)) if len(hexes) == 1 else None

    def crew_side(self, w: WeaponState) -> Side:
        """The side whose soldiers carry and fire a crew weapon."""
        return self.soldiers[next(iter(w.carriers))].side

    def captured(self, charts: Charts, user: Soldier, w: WeaponState) -> bool:
        """A weapon of the other side's Weapon Chart in a soldier's hands (FC-025, FC-037)."""
        return charts.weapon(w.weapon).side is not user.side

    def snapshot(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "round": self.round,
            "optional_rules": sorted(self.optional_rules),
            "soldiers": [s.snapshot() for s in self.soldiers.values()],
            "crew_weapons": [w.snapshot() for w in self.crew_weapons.values()],
            "score": [[p, why] for p, why in self.score.lines],
            "condition": self.condition,
            "sightings": sorted(self.sightings),
        } | ({"advantage": self.advantage.value} if self.advantage is not None else {}) \
            | ({"vehicles": [v.snapshot() for v in self.vehicles.values()]}
               if self.vehicles else {})


class AmbushContext(Protocol):
    """What an Ambush! rule procedure works on: the state, the charts, the dice and the log.

    The Ambush! game (``Game`` subclass) provides these four; tests use a bench that
    does (``tests/ambush/kit.py``).
    """

    state: AmbushState
    charts: Charts
    dice: Dice
    log: EventLog
