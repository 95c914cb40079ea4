"""The Ambush! Chart Reference Screen as data: weapons, damage, modifiers, AR Track, movement, jams.

The seeds name these charts but print none of their numbers (checklist FC-005,
FC-020, FC-027, FC-038, AR-041, AR-106). The project ships original values in
``ambush_gui/scenarios/charts/ambush-charts.toml``, designed to give the procedures the
feel the seeds describe; ``docs/rules/ambush-charts.md`` gives every table and
why its numbers are what they are. Owners of the printed game can enter the
published numbers in the same file.

Loading validates the shape with pydantic, then cross-checks what a schema
cannot say (every terrain has a cost and a modifier, every weapon's Damage
Table rows exist...). Every problem is reported at once, each naming the file,
the path inside it and what was expected, as :class:`ChartError`.

Dice, as the rules use them: the hit die, the Damage Table, the initiative die
(AR Track) and the Clear Jammed Weapon die are one 0-9 die
(:meth:`ambush_gui.core.dice.Dice.zero_to_nine`); Jam and Out of Ammo numbers
are read on percentile dice 00-99 (:meth:`~ambush_gui.core.dice.Dice.percentile`).

Die faces in the file are written as ranges: ``"0-2"``, ``"7"``, ``"0-1,9"``;
every row must give each face 0-9 exactly one result.

>>> charts = Charts.default()
>>> charts.hit_chance("m1-garand", 3), charts.hit_chance("m1-garand", 30)
(6, None)
>>> charts.damage("rifle", 9), charts.ar_space(3, 9).result
(<DamageResult.KILLED: 'killed'>, <ARResult.TWO_TURNS: 'two_turns'>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ambush_gui.core.errors import InputError
from ambush_gui.core.files import read_data, validate
from ambush_gui.release import CHARTS_FILE

CHARTS_PATH = CHARTS_FILE
"""The shipped charts file."""

FACES = range(10)
"""The faces of the Ambush! die."""

PORT_BOXES: dict[str, int] = {"light": 3, "medium": 3, "heavy": 4}
"""Port Boxes a crew weapon fills, by class (FC-054; house rule AR-098): a rule, not chart data."""


class ChartError(InputError):
    """A charts file that failed validation (file, path inside it, expectation)."""


# -- vocabulary ------------------------------------------------------------------------


class Side(StrEnum):
    US = "us"
    GERMAN = "german"


class Stance(StrEnum):
    """A soldier's stance, the rows of the Fire Combat Modifiers Chart (FC-023)."""

    STANDING = "standing"
    CROUCHING = "crouching"
    PRONE = "prone"


class WeaponKind(StrEnum):
    PERSONAL = "personal"  # rifles, pistols, SMGs, automatic rifles
    CREW = "crew"  # light, medium and heavy machineguns (FC-052)
    BAZOOKA = "bazooka"  # personal, prepared before each shot, never snap fires (FC-064)
    GRENADE = "grenade"  # thrown: prepared and thrown in one action (AR-082)
    SATCHEL = "satchel"  # thrown: prepared, then thrown standing (AR-080, AR-081)


class CrewClass(StrEnum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class Band(StrEnum):
    """Range bands of the Weapon Chart."""

    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"


class Wall(StrEnum):
    """What a penetration result is read against (FC-069, FC-071, FC-072)."""

    WOOD = "wood"
    STONE = "stone"
    VEHICLE = "vehicle"


class DamageResult(StrEnum):
    """One result of the Damage Table (FC-019)."""

    NONE = "none"
    PANIC = "panic"
    WOUND = "wound"
    INCAPACITATED = "incapacitated"
    KILLED = "killed"
    PENETRATED = "penetrated"


class ARSpace(StrEnum):
    """The spaces of the AR Track, top to bottom. Turns are taken in this order (AR-043)."""

    TWO_TURN_ADVANTAGE = "2-turn-advantage"
    TWO_TURN_DISADVANTAGE = "2-turn-disadvantage"
    ONE_TURN_ADVANTAGE = "1-turn-advantage"
    ONE_TURN_DISADVANTAGE = "1-turn-disadvantage"
    PANIC = "panic"
    COMPLETE = "complete"
    INACTIVE = "inactive"


class ARResult(StrEnum):
    """What an initiative die reads in a soldier's AR column (AR-034..037)."""

    TWO_TURNS = "two_turns"
    ONE_TURN = "one_turn"
    COMPLETE = "complete"  # no turn this Round
    PANIC = "panic"

    @property
    def turns(self) -> int:
        return {"two_turns": 2, "one_turn": 1}.get(self.value, 0)

    def space(self, advantage: bool) -> ARSpace:
        """The AR Track space for this result, in the half the soldier's side holds (AR-039)."""
        if self is ARResult.TWO_TURNS:
            return ARSpace.TWO_TURN_ADVANTAGE if advantage else ARSpace.TWO_TURN_DISADVANTAGE
        if self is ARResult.ONE_TURN:
            return ARSpace.ONE_TURN_ADVANTAGE if advantage else ARSpace.ONE_TURN_DISADVANTAGE
        return ARSpace.PANIC if self is ARResult.PANIC else ARSpace.COMPLETE


class JamResult(StrEnum):
    """Results of the Clear Jammed Weapon Chart (FC-035, FC-036)."""

    CLEARED = "cleared"
    JAMMED = "jammed"
    BROKEN = "broken"


# -- die faces ---------------------------------------------------------------------------

_FACES_RE = re.compile(r"^\s*(\d)\s*(?:-\s*(\d)\s*)?$")


def _invalid(message: str) -> PydanticCustomError:
    """A validation error whose message reads as written (no "Value error," prefix)."""
    return PydanticCustomError("chart", message)


def parse_faces(value: Any) -> frozenset[int]:
    """``"0-2,7"`` -> {0, 1, 2, 7}; ``3`` -> {3}; ``""`` -> none. ValueError says what is allowed.

    >>> sorted(parse_faces("0-2, 7"))
    [0, 1, 2, 7]
    """
    if isinstance(value, frozenset | set | list | tuple):
        if not all(isinstance(f, int) and not isinstance(f, bool) and f in FACES for f in value):
            raise _invalid("die faces run 0-9 (a list of whole numbers 0 to 9)")
        return frozenset(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _invalid("expected die faces such as '0-2', '7' or '0-1,9'")
    if isinstance(value, int):
        if value not in FACES:
            raise _invalid(f"die faces run 0-9 (got {value})")
        return frozenset({value})
    out: set[int] = set()
    for part in value.split(","):
        if not part.strip() and value.strip() == "":
            continue
        m = _FACES_RE.match(part)
        if not m:
            raise _invalid(
                "is not a set of die faces: faces run 0-9, written like '0-2', '7' or '0-1,9'"
            )
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo:
            raise _invalid(f"the range {lo}-{hi} runs backwards (write {hi}-{lo})")
        out.update(range(lo, hi + 1))
    return frozenset(out)


def faces_text(faces: frozenset[int]) -> str:
    """{0, 1, 2, 7} -> ``"0-2,7"`` (the file's notation)."""
    runs: list[str] = []
    for f in sorted(faces):
        if runs and int(runs[-1].split("-")[-1]) == f - 1:
            runs[-1] = f"{runs[-1].split('-')[0]}-{f}"
        else:
            runs.append(str(f))
    return ",".join(runs)


Faces = Annotated[
    frozenset[int],
    BeforeValidator(parse_faces),
    PlainSerializer(faces_text, return_type=str),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": r"^\s*(\d(\s*-\s*\d)?)?(\s*,\s*\d(\s*-\s*\d)?)*\s*$"},
                {"type": "integer", "minimum": 0, "maximum": 9},
            ],
            "description": "die faces 0-9, e.g. '0-2', '7' or '0-1,9'",
        }
    ),
]


def _cover_every_face(row: BaseModel, names: tuple[str, ...]) -> None:
    """Each face 0-9 must have exactly one result among the fields ``names``."""
    owner: dict[int, str] = {}
    twice: list[str] = []
    for name in names:
        for f in sorted(getattr(row, name)):
            if f in owner:
                twice.append(f"face {f} is both {owner[f]!r} and {name!r}")
            else:
                owner[f] = name
    missing = [f for f in FACES if f not in owner]
    problems = []
    if missing:
        problems.append(
            f"die face{'s' if len(missing) > 1 else ''} "
            f"{', '.join(map(str, missing))} {'have' if len(missing) > 1 else 'has'} no result"
        )
    problems += twice
    if problems:
        raise _invalid("; ".join(problems) + "; every face 0-9 needs exactly one result")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
Chance = Annotated[int, Field(ge=0, le=9, description="hit chance on the 0-9 die")]
Percentile = Annotated[int, Field(ge=0, le=99, description="percentile number 00-99")]
Shift = Annotated[int, Field(ge=-9, le=9, description="signed shift of the hit chance")]


def _check_cost(value: Any) -> Any:
    ok = value == "impassable" or (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99
    )
    if not ok:
        raise _invalid("expected Movement Points 0-99, or 'impassable'")
    return value


Cost = Annotated[
    int | Literal["impassable"],
    BeforeValidator(_check_cost),
    WithJsonSchema(
        {
            "anyOf": [{"type": "integer", "minimum": 0, "maximum": 99}, {"const": "impassable"}],
            "description": "Movement Points, or 'impassable'",
        }
    ),
]


# -- the file's models -------------------------------------------------------------------


class TerrainSpec(Strict):
    """One terrain type a hex can have."""

    name: str
    blocks_sight: bool = False
    building: Wall | None = Field(
        default=None, description="'wood' or 'stone' for buildings (penetration, FC-069, FC-071)"
    )


class HexsideSpec(Strict):
    """A feature along a hexside (hedgerow, wall)."""

    name: str
    blocks_sight: bool = False


class Bands(Strict):
    """The last hex of each range band (short starts at 0: same and adjacent hex, FC-015)."""

    short: int = Field(ge=1, le=99)
    medium: int = Field(ge=1, le=99)
    long: int = Field(ge=1, le=99)

    @model_validator(mode="after")
    def _rising(self) -> Bands:
        if not self.short < self.medium < self.long:
            raise _invalid(
                f"bands must end further out each time: short < medium < long "
                f"(got {self.short}, {self.medium}, {self.long})"
            )
        return self


class HitChances(Strict):
    """Base hit chance (0-9) at short, medium and long range."""

    short: Chance
    medium: Chance
    long: Chance


class Weapon(Strict):
    """One line of the Weapon Chart (FC-005)."""

    name: str
    side: Side
    kind: WeaponKind
    range: Bands
    hit: HitChances
    jam: Percentile | None = Field(
        default=None,
        description="percentile at or below which it jams or is a dud (FC-011); absent: never",
    )
    out_of_ammo: Percentile | None = Field(
        default=None,
        description="percentile at or below which a clip is spent (FC-021); absent: rounds are "
        "crossed off as used instead (FC-040)",
    )
    automatic: bool = False
    snap: bool = True
    crew: CrewClass | None = None
    damage: Id = Field(description="Damage Table row for a soldier hit (FC-019)")
    blast: Id | None = Field(
        default=None, description="row rolled for every other soldier in the target hex (FC-068)"
    )
    penetration: dict[Wall, Id] = Field(
        default={},
        description="Penetration row against a wooden or stone building or a vehicle (FC-069)",
    )
    throw: dict[Stance, int] = Field(
        default={},
        description="thrown weapons: the longest throw in hexes, by the thrower's stance",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        problems = []
        if (self.kind is WeaponKind.CREW) != (self.crew is not None):
            problems.append(
                "a crew weapon (kind 'crew') needs 'crew' = light, medium or heavy, "
                "and only a crew weapon may have one"
            )
        if self.kind is WeaponKind.BAZOOKA and self.snap:
            problems.append("a bazooka can never snap fire (FC-064): set snap = false")
        thrown = self.kind in (WeaponKind.GRENADE, WeaponKind.SATCHEL)
        if thrown and not self.throw:
            problems.append("a thrown weapon needs 'throw', the longest throw by stance")
        if not thrown and self.throw:
            problems.append("only grenades and satchel charges are thrown")
        if thrown and self.snap:
            problems.append("thrown weapons are not snap fired: set snap = false")
        for stance, hexes in self.throw.items():
            if not 1 <= hexes <= self.range.long:
                problems.append(
                    f"throw.{stance.value} = {hexes} must be 1 to the long range {self.range.long}"
                )
        if Stance.PRONE in self.throw:
            problems.append(
                "nobody throws prone (AR-081, AR-082): give standing and crouching only"
            )
        if problems:
            raise _invalid("; ".join(problems))
        return self

    @property
    def ammo_unit(self) -> str:
        """What one Ammo Box of it holds, in one word everywhere: a "clip" of a weapon that
        spends clips (FC-021), a "round" of one whose rounds are crossed off (FC-040)."""
        return "round" if self.out_of_ammo is None else "clip"

    @property
    def port_boxes(self) -> int | None:
        """Port Boxes the weapon fills when carried in pieces (FC-054, AR-098)."""
        return PORT_BOXES[self.crew.value] if self.crew is not None else None


class DamageRow(Strict):
    """One row of the Damage Table: the result for each face of one die.

    ``personnel`` rows give none/panic/wound/incapacitated/killed; ``penetration``
    rows give none/penetrated.
    """

    kind: Literal["personnel", "penetration"] = "personnel"
    none: Faces = frozenset()
    panic: Faces = frozenset()
    wound: Faces = frozenset()
    incapacitated: Faces = frozenset()
    killed: Faces = frozenset()
    penetrated: Faces = frozenset()

    @model_validator(mode="after")
    def _row(self) -> DamageRow:
        personnel = ("none", "panic", "wound", "incapacitated", "killed")
        if self.kind == "personnel":
            if self.penetrated:
                raise _invalid(
                    "a personnel row has no 'penetrated' result (use kind = 'penetration')"
                )
            _cover_every_face(self, personnel)
        else:
            used = [n for n in personnel[1:] if getattr(self, n)]
            if used:
                raise _invalid(
                    f"a penetration row gives only 'none' and 'penetrated' (not {', '.join(used)})"
                )
            _cover_every_face(self, ("none", "penetrated"))
        return self

    def result(self, die: int) -> DamageResult:
        for r in DamageResult:
            if die in getattr(self, r.value):
                return r
        raise AssertionError("validated rows cover every face")


class StanceShifts(Strict):
    """Shifts of the hit chance for a target in one terrain, by his stance."""

    standing: Shift
    crouching: Shift
    prone: Shift


class ModifierChart(Strict):
    """The Fire Combat Modifiers Chart (FC-023..027, FC-031). Signed: minus makes a hit harder."""

    terrain: dict[Id, StanceShifts]
    snap_fire: Shift
    wounded_firer: Shift
    captured_weapon: Shift
    multiple_target: Shift = Field(
        description="per target beyond the first, automatic weapons firing aimed only (FC-031)"
    )


class ARColumn(Strict):
    """One Action Rating column of the AR Track: the space each initiative die face reaches."""

    panic: Faces = frozenset()
    complete: Faces = frozenset()
    one_turn: Faces = frozenset()
    two_turns: Faces = frozenset()
    red: Faces = Field(
        default=frozenset(), description="faces printed red (US soldiers only, AR-038)"
    )

    @model_validator(mode="after")
    def _column(self) -> ARColumn:
        _cover_every_face(self, ("panic", "complete", "one_turn", "two_turns"))
        if self.red & self.panic:
            raise _invalid(
                f"red face(s) {faces_text(self.red & self.panic)} already read Panic; "
                "a red number on the Panic space means nothing"
            )
        return self


class ARTrack(Strict):
    """The AR Track (AR-034..041): one column per Action Rating."""

    columns: dict[int, ARColumn] = Field(min_length=1)

    @model_validator(mode="after")
    def _ratings(self) -> ARTrack:
        ratings = sorted(self.columns)
        if ratings != list(range(ratings[0], ratings[-1] + 1)):
            raise _invalid(f"Action Rating columns must run without a gap (got {ratings})")
        return self


class MovementChart(Strict):
    """The Movement Point Cost Chart (AR-101, AR-106): cost to enter each terrain standing."""

    terrain: dict[Id, Cost]
    hexsides: dict[Id, Cost] = Field(default={}, description="added when crossing the feature")


class JamColumn(Strict):
    """One WS column of the Clear Jammed Weapon Chart."""

    cleared: Faces = frozenset()
    jammed: Faces = frozenset()
    broken: Faces = frozenset()

    @model_validator(mode="after")
    def _column(self) -> JamColumn:
        _cover_every_face(self, ("cleared", "jammed", "broken"))
        return self


class ClearJamChart(Strict):
    """The Clear Jammed Weapon Chart (FC-035..038): one column per Weapon Skill."""

    columns: dict[int, JamColumn] = Field(min_length=1)

    @model_validator(mode="after")
    def _ratings(self) -> ClearJamChart:
        ws = sorted(self.columns)
        if ws != list(range(ws[0], ws[-1] + 1)):
            raise _invalid(f"WS columns must run without a gap (got {ws})")
        return self


class ChartsFile(Strict):
    """The whole Chart Reference Screen (``ambush_gui/scenarios/charts/ambush-charts.toml``)."""

    format: Literal[1] = 1
    system: Literal["ambush"] = "ambush"
    kind: Literal["charts"] = "charts"
    title: str = ""
    terrain: dict[Id, TerrainSpec] = Field(min_length=1)
    hexsides: dict[Id, HexsideSpec] = {}
    weapons: dict[Id, Weapon] = Field(min_length=1)
    damage: dict[Id, DamageRow] = Field(min_length=1)
    modifiers: ModifierChart
    ar_track: ARTrack
    movement: MovementChart
    clear_jam: ClearJamChart


def cross_check(spec: ChartsFile) -> list[tuple[str, str]]:
    """What the schema cannot say: every problem as (path, expectation)."""
    problems: list[tuple[str, str]] = []

    def same_keys(path: str, have: dict[str, Any], what: str, table: str) -> None:
        """``have`` must give ``what`` for exactly the names defined under ``[table]``."""
        want = spec.terrain if table == "terrain" else spec.hexsides
        of = "terrain" if table == "terrain" else "hexside feature"
        problems.extend(
            (path, f"has no {what} for {of} {name!r} (every {of} needs one)")
            for name in want
            if name not in have
        )
        problems.extend(
            (f"{path}.{name}", f"{name!r} is not a {of} defined under [{table}]")
            for name in have
            if name not in want
        )

    same_keys("movement.terrain", spec.movement.terrain, "cost", "terrain")
    same_keys("movement.hexsides", spec.movement.hexsides, "cost", "hexsides")
    same_keys("modifiers.terrain", spec.modifiers.terrain, "modifiers", "terrain")

    rows = ", ".join(sorted(spec.damage))
    for wid, w in spec.weapons.items():
        refs: list[tuple[str, str, str]] = [(f"weapons.{wid}.damage", w.damage, "personnel")]
        if w.blast is not None:
            refs.append((f"weapons.{wid}.blast", w.blast, "personnel"))
        refs += [
            (f"weapons.{wid}.penetration.{k.value}", v, "penetration")
            for k, v in w.penetration.items()
        ]
        for path, row, kind in refs:
            if row not in spec.damage:
                problems.append((path, f"unknown Damage Table row {row!r}; expected one of {rows}"))
            elif spec.damage[row].kind != kind:
                problems.append(
                    (path, f"row {row!r} is a {spec.damage[row].kind} row; expected a {kind} row")
                )
    return problems


# -- the charts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ARPlacement:
    """Where an initiative die puts a soldier's AR marker: the result and whether it is red."""

    result: ARResult
    red: bool

    def outcome(self, *, us: bool, in_command: bool) -> ARResult:
        """The result after the red-number rule (AR-038, AR-064, AR-065).

        A red number panics a US soldier who is out of command; in command he
        gets the space's turns. Germans never panic on a red number.
        """
        if self.red and us and not in_command:
            return ARResult.PANIC
        return self.result


class Charts:
    """The validated charts, with typed look-ups. Implements the hex map's ``TerrainRules``."""

    def __init__(self, spec: ChartsFile, source: str = "") -> None:
        self.spec = spec
        self.source = source

    # -- loading ------------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>") -> Charts:
        spec = validate(ChartsFile, data, source, ChartError)
        problems = cross_check(spec)
        if problems:
            raise ChartError(source, problems)
        return cls(spec, source)

    @classmethod
    def load(cls, path: str | Path | None = None) -> Charts:
        """Load a charts file (the shipped one when ``path`` is None)."""
        p = CHARTS_PATH if path is None else Path(path)
        return cls.from_data(read_data(p, ChartError), str(p))

    @classmethod
    def default(cls) -> Charts:
        """The shipped charts, loaded once."""
        return _shipped()

    def to_data(self) -> dict[str, Any]:
        """Plain data (a game embeds its charts in the save, like its scenario)."""
        return self.spec.model_dump(mode="json", exclude_none=True)

    # -- Weapon Chart ----------------------------------------------------------------------

    def weapon(self, weapon: str) -> Weapon:
        """The Weapon Chart line of ``weapon`` (FC-005)."""
        try:
            return self.spec.weapons[weapon]
        except KeyError:
            raise self._unknown("weapon", weapon, self.spec.weapons) from None

    def weapons(self, side: Side | None = None) -> dict[str, Weapon]:
        """The Weapon Chart, or one side's part of it (FC-005)."""
        return {k: w for k, w in self.spec.weapons.items() if side is None or w.side is side}

    def range_band(self, weapon: str, range_hexes: int) -> Band | None:
        """The band for a range counted by ``rules_range`` (FC-013), or None beyond long.

        Same hex (0) and adjacent hex (1) are short range; a target beyond the
        long band cannot be fired at (house rule FC-015).
        """
        if range_hexes < 0:
            raise ValueError(f"a range is never negative (got {range_hexes})")
        bands = self.weapon(weapon).range
        for band in Band:
            if range_hexes <= getattr(bands, band.value):
                return band
        return None

    def hit_chance(self, weapon: str, range_hexes: int) -> int | None:
        """The Weapon Chart's base hit chance at this range; None out of range (FC-016, FC-015)."""
        band = self.range_band(weapon, range_hexes)
        return None if band is None else int(getattr(self.weapon(weapon).hit, band.value))

    def jams(self, weapon: str, percentile: int) -> bool:
        """Step 2: does this percentile roll jam the weapon (or make the round a dud)? (FC-011)"""
        _check_percentile(percentile)
        jam = self.weapon(weapon).jam
        return jam is not None and percentile <= jam

    def spends_clip(self, weapon: str, percentile: int) -> bool:
        """Step 7: does this percentile roll on the Out of Ammo column spend a clip? (FC-021)

        Weapons with no Out of Ammo number (bazookas, grenades, satchel charges)
        never do: their rounds are crossed off as used (FC-040).
        """
        _check_percentile(percentile)
        number = self.weapon(weapon).out_of_ammo
        return number is not None and percentile <= number

    def throw_range(self, weapon: str, stance: Stance) -> int | None:
        """The longest throw of a grenade or satchel charge from ``stance``; None if he can't
        throw from it (AR-081: satchel standing only, 1-3 hexes; AR-082: shorter crouching)."""
        return self.weapon(weapon).throw.get(stance)

    # -- Damage Table --------------------------------------------------------------------

    def damage(self, row: str, die: int) -> DamageResult:
        """The Damage Table result on ``row`` for one die (FC-019, FC-020, FC-068, FC-069)."""
        _check_die(die)
        try:
            r = self.spec.damage[row]
        except KeyError:
            raise self._unknown("Damage Table row", row, self.spec.damage) from None
        return r.result(die)

    # -- Fire Combat Modifiers -------------------------------------------------------------

    def modifier(self, stance: Stance | str, terrain: str) -> int:
        """Shift for the target's stance in the target's terrain (FC-023, FC-027).

        Only the target's stance and hex count; the firer's never do (FC-024).
        """
        try:
            shifts = self.spec.modifiers.terrain[terrain]
        except KeyError:
            raise self._unknown("terrain", terrain, self.spec.modifiers.terrain) from None
        return int(getattr(shifts, Stance(stance).value))

    @property
    def snap_fire(self) -> int:
        """Shift for each snap shot (FC-025)."""
        return self.spec.modifiers.snap_fire

    @property
    def wounded_firer(self) -> int:
        """Shift when the firer is wounded (FC-025: −1)."""
        return self.spec.modifiers.wounded_firer

    @property
    def captured_weapon(self) -> int:
        """Shift when the firer uses a captured weapon (FC-025: −1)."""
        return self.spec.modifiers.captured_weapon

    def multiple_target_shift(self, weapon: str, targets: int, aimed: bool) -> int:
        """Shift for a multiple target (FC-031): per target beyond the first, for aimed fire
        from an automatic weapon only. ``targets`` counts every enemy soldier and vehicle in
        the hex, even those the weapon cannot harm."""
        if targets < 1:
            raise ValueError(f"a fire has at least one target (got {targets})")
        if not (aimed and self.weapon(weapon).automatic):
            return 0
        return self.spec.modifiers.multiple_target * (targets - 1)

    # -- AR Track ------------------------------------------------------------------------

    @property
    def ar_ratings(self) -> range:
        """The Action Ratings the AR Track has columns for (AR-041)."""
        cols = self.spec.ar_track.columns
        return range(min(cols), max(cols) + 1)

    def ar_space(self, rating: int, die: int) -> ARPlacement:
        """Where initiative die ``die`` puts the marker of a soldier with Action Rating
        ``rating`` (AR-034..038, AR-041). Use :meth:`ARPlacement.outcome` for the red-number
        rule and :meth:`ARResult.space` for the half of the track."""
        _check_die(die)
        try:
            col = self.spec.ar_track.columns[rating]
        except KeyError:
            raise ValueError(
                f"no AR Track column for Action Rating {rating}; the track has "
                f"{self.ar_ratings.start}-{self.ar_ratings.stop - 1}"
            ) from None
        for r in ARResult:
            if die in getattr(col, r.value):
                return ARPlacement(r, die in col.red)
        raise AssertionError("validated columns cover every face")

    # -- Movement Point Cost ----------------------------------------------------------------

    def mp_cost(self, terrain: str) -> int | None:
        """Movement Points to enter a hex of ``terrain`` standing, None if it can't be entered
        (AR-101, AR-106). A crawl is one hex whatever the terrain (AR-100)."""
        try:
            cost = self.spec.movement.terrain[terrain]
        except KeyError:
            raise self._unknown("terrain", terrain, self.spec.movement.terrain) from None
        return None if cost == "impassable" else cost

    def hexside_mp_cost(self, feature: str) -> int | None:
        """MP added for crossing a hexside ``feature`` standing; None if he can't (AR-101)."""
        try:
            cost = self.spec.movement.hexsides[feature]
        except KeyError:
            raise self._unknown("hexside feature", feature, self.spec.movement.hexsides) from None
        return None if cost == "impassable" else cost

    def blocks_sight(self, terrain: str) -> bool:
        """Does ``terrain`` block sight through its hex? (FC-001; see docs/rules/ambush-hexes.md)"""
        try:
            return self.spec.terrain[terrain].blocks_sight
        except KeyError:
            raise self._unknown("terrain", terrain, self.spec.terrain) from None

    def hexside_blocks_sight(self, feature: str) -> bool:
        """Does a hexside ``feature`` block sight across it? (FC-001; docs/rules/ambush-hexes.md)"""
        try:
            return self.spec.hexsides[feature].blocks_sight
        except KeyError:
            raise self._unknown("hexside feature", feature, self.spec.hexsides) from None

    def building(self, terrain: str) -> Wall | None:
        """'wood' or 'stone' for a building terrain, else None (FC-069, FC-071, FC-072)."""
        try:
            return self.spec.terrain[terrain].building
        except KeyError:
            raise self._unknown("terrain", terrain, self.spec.terrain) from None

    # -- Clear Jammed Weapon -------------------------------------------------------------------

    def clear_jam(self, ws: int, die: int, captured: bool = False) -> JamResult:
        """Clearing a jam: one die read in the soldier's WS column (FC-035, FC-036, FC-038).

        A captured weapon is cleared at WS −1 (FC-037). A WS beyond the chart's
        columns reads the nearest column.
        """
        _check_die(die)
        cols = self.spec.clear_jam.columns
        ws = min(max(ws - (1 if captured else 0), min(cols)), max(cols))
        col = cols[ws]
        for r in JamResult:
            if die in getattr(col, r.value):
                return r
        raise AssertionError("validated columns cover every face")

    # -- helpers ---------------------------------------------------------------------------------

    def _unknown(self, what: str, name: str, known: dict[str, Any]) -> KeyError:
        return KeyError(
            f"unknown {what} {name!r}; the charts ({self.source or 'data'}) know "
            f"{', '.join(sorted(known))}"
        )


@cache
def _shipped() -> Charts:
    return Charts.load(CHARTS_PATH)


def _check_die(die: int) -> None:
    if die not in FACES:
        raise ValueError(f"the Ambush! die reads 0-9 (got {die})")


def _check_percentile(roll: int) -> None:
    if not 0 <= roll <= 99:
        raise ValueError(f"percentile dice read 00-99 (got {roll})")


def hit_number(base: int, ws: int, shifts: int) -> int:
    """Step 4: the number to roll at or under (FC-016, house rule FC-017).

    The base chance plus the firer's WS plus the signed shifts (modifiers chart,
    snap fire, wounded firer...), kept within 0-8.

    >>> hit_number(6, 1, -3), hit_number(2, 0, -5), hit_number(8, 3, 0)
    (4, 0, 8)
    """
    return min(8, max(0, base + ws + shifts))


def hits(number: int, die: int) -> bool:
    """Step 5: one die at or under the hit number hits; 0 always hits, 9 always misses (FC-018).

    >>> hits(0, 0), hits(8, 9), hits(4, 4), hits(4, 5)
    (True, False, True, False)
    """
    _check_die(die)
    if die == 0:
        return True
    if die == 9:
        return False
    return die <= number
