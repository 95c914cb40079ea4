"""Ambush Alley scenario files: the pydantic models, loading and the cross-checks.

A scenario is a TOML file (see docs/formats.md). Loading validates its shape with
pydantic, then checks what a schema cannot: figures on the table, known weapons,
unique ids, Hot Spots 6" apart (AA-050), every figure inside its side's deployment
zones when the side has any, and terrain kinds whose rules live in a Force on Force
module only when that module is switched on and exists. Every problem found is
reported at once, each naming the file, the path in it and what was expected.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import shapely
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ambush_gui.alley.model import FigureKind, Side
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.dice import Die
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data, validate
from ambush_gui.core.geometry import CoverClass, Piece, Table

Point = tuple[float, float]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TerrainKind(StrEnum):
    BUILDING = "building"
    WALL = "wall"
    RUBBLE = "rubble"
    ROAD = "road"
    VEHICLE = "vehicle"
    OPEN = "open"
    CIVILIAN_MOB = "civilian_mob"  # FF-129..141: a crowd stand, moved by the civilians module
    MINEFIELD = "minefield"  # FF-027..043: entering it calls for a mine attack (mines module)


# What each kind of piece does unless the file says otherwise (house rule AA-127).
KIND_DEFAULTS: dict[TerrainKind, tuple[bool, CoverClass, bool]] = {
    #                      blocks sight, cover, impassable
    TerrainKind.BUILDING: (True, CoverClass.SOLID, False),
    TerrainKind.WALL: (False, CoverClass.SOLID, False),
    TerrainKind.RUBBLE: (False, CoverClass.LIGHT, False),
    TerrainKind.ROAD: (False, CoverClass.NONE, False),
    TerrainKind.VEHICLE: (True, CoverClass.SOLID, True),
    TerrainKind.OPEN: (False, CoverClass.NONE, False),
    # FF-135: nobody fires or moves through a mob stand
    TerrainKind.CIVILIAN_MOB: (True, CoverClass.NONE, True),
    # open ground to the eye and the feet; what it does (FF-036) is the mines module's
    TerrainKind.MINEFIELD: (False, CoverClass.NONE, False),
}


# The kinds whose rules are a Force on Force module's, not the core game's: the module
# that enforces them, its rules, and the words for the pieces. A scenario that places
# them is played only with that module switched on (and registered), so nothing on the
# table is something the engine would silently ignore.
MODULE_KINDS: dict[TerrainKind, tuple[str, str, str]] = {
    TerrainKind.CIVILIAN_MOB: ("civilians", "FF-129..141", "civilian mob"),
    TerrainKind.MINEFIELD: ("mines", "FF-027..043", "minefield"),
}


class Edge(StrEnum):
    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


Rect = tuple[float, float, float, float]


def check_shape(rect: Rect | None, points: list[Point] | None) -> None:
    """The rules of an outline given as ``rect`` or ``points`` (pieces and zones alike)."""
    if (rect is None) == (points is None):
        raise ValueError("give exactly one of 'rect' or 'points'")
    if points is not None and len(points) < 3:
        raise ValueError("a polygon needs at least 3 points")
    if rect is not None and (rect[2] <= 0 or rect[3] <= 0):
        raise ValueError("a rect needs a positive width and depth")


def shape_corners(rect: Rect | None, points: list[Point] | None) -> list[Point]:
    """An outline's corners: a rect's four (anticlockwise from the south-west), or the points."""
    if rect is not None:
        x, y, w, h = rect
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    assert points is not None
    return list(points)


class PieceSpec(Strict):
    id: str
    kind: TerrainKind
    label: str = ""
    rect: tuple[float, float, float, float] | None = Field(
        default=None, description="x, y of the south-west corner, width, depth (inches)"
    )
    points: list[Point] | None = Field(default=None, description="polygon corners (inches)")
    blocks_sight: bool | None = None
    cover: CoverClass | None = None
    impassable: bool | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> PieceSpec:
        check_shape(self.rect, self.points)
        return self

    def corners(self) -> list[Point]:
        return shape_corners(self.rect, self.points)

    def to_piece(self, scale: float = 1.0) -> Piece:
        blocks, cover, impassable = KIND_DEFAULTS[self.kind]
        poly = shapely.Polygon([(x * scale, y * scale) for x, y in self.corners()])
        return Piece(
            id=self.id,
            kind=self.kind.value,
            polygon=poly,
            blocks_sight=blocks if self.blocks_sight is None else self.blocks_sight,
            cover=cover if self.cover is None else self.cover,
            impassable=impassable if self.impassable is None else self.impassable,
        )


class TableSpec(Strict):
    width: float = Field(gt=0, le=96)
    height: float = Field(gt=0, le=96)
    pieces: list[PieceSpec] = []


class FigureSpec(Strict):
    id: str
    kind: FigureKind = FigureKind.SOLDIER
    weapon: str = "rifle"
    at: Point


class UnitSpec(Strict):
    id: str
    name: str
    side: Side
    tq: str = Field(description="Troop Quality die, e.g. 'd8'")
    morale: str = Field(description="Morale die, e.g. 'd10'")
    optimum_range: float | None = None
    armor: int | None = Field(default=None, ge=0, le=3)
    figures: list[FigureSpec] = Field(min_length=1)

    @field_validator("tq", "morale")
    @classmethod
    def _die(cls, v: str) -> str:
        Die.parse(v)
        return v


class ZoneSpec(Strict):
    """Part of the table where a side sets up: a rectangle or a polygon, like a piece."""

    label: str = ""
    rect: Rect | None = Field(
        default=None, description="x, y of the south-west corner, width, depth (inches)"
    )
    points: list[Point] | None = Field(default=None, description="polygon corners (inches)")

    @model_validator(mode="after")
    def _one_shape(self) -> ZoneSpec:
        check_shape(self.rect, self.points)
        return self

    def corners(self) -> list[Point]:
        return shape_corners(self.rect, self.points)


class SideSpec(Strict):
    name: str
    optimum_range: float = Field(gt=0)
    armor: int = Field(default=0, ge=0, le=3)
    friendly_edges: list[Edge] = []
    deployment: list[ZoneSpec] | None = Field(
        default=None,  # not [], so saves of scenarios without zones stay as they were
        description="where the side's figures set up (rectangles or polygons); absent: anywhere",
    )


class HotSpotSpec(Strict):
    number: int = Field(ge=1, le=5)
    at: Point


class ContractorSpec(Strict):
    id: str
    at: Point


_COUNT = re.compile(r"^\s*(\d*)d6\s*(?:\+\s*(\d+))?\s*$")


class ReinforcementEntry(Strict):
    """One line of the 2d6 reinforcement table (CT-022..032)."""

    small_arms: str | None = Field(default=None, description="'1d6', '1d6+2', '2d6' or a number")
    light_support: int = Field(default=0, ge=0, le=3)
    rpg: int = Field(default=0, ge=0, le=3)
    leader: bool = False
    roll_again: bool = False

    @field_validator("small_arms")
    @classmethod
    def _count(cls, v: str | None) -> str | None:
        if v is not None and not (v.strip().isdigit() or _COUNT.match(v)):
            raise ValueError("expected a number or an expression like '1d6', '1d6+2', '2d6'")
        return v


class ReinforcementSpec(Strict):
    level: Literal["automatic"] | int = Field(
        default="automatic", description="Insurgency Level: 'automatic' or 0-6 (AA-059)"
    )
    tq: str = "d6"
    morale: str = "d10"
    leader_tq: str = "d8"
    table: dict[int, ReinforcementEntry]

    @field_validator("table")
    @classmethod
    def _all_rolls(cls, v: dict[int, ReinforcementEntry]) -> dict[int, ReinforcementEntry]:
        missing = sorted(set(range(2, 13)) - set(v))
        extra = sorted(set(v) - set(range(2, 13)))
        if missing or extra:
            raise ValueError(f"needs one line for each 2d6 total 2-12 (missing {missing}, extra {extra})")
        return v


class VictorySpec(Strict):
    """Victory points (CT-042..046); house rule CT-047 decides the winner by the totals."""

    contractor_escorted: int = 5
    none_left_behind: int = 5
    marine_wounded: int = 1
    marine_killed: int = 2
    captive: int = 5


class ScenarioSpec(Strict):
    format: Literal[1] = 1
    system: Literal["alley"] = "alley"
    name: str
    title: str
    brief: str = ""
    turn_limit: int = Field(default=8, ge=1, le=99)
    effective_range: float | None = Field(
        default=None, description="None: every target is within Effective Range (AA-113)"
    )
    table: TableSpec
    sides: dict[Side, SideSpec]
    units: list[UnitSpec]
    hot_spots: list[HotSpotSpec] = []
    contractors: list[ContractorSpec] = []
    aid_stations: list[Point] = Field(
        default=[], description="DC-012: where Regular units may hand over their casualties (inches)"
    )
    reinforcements: ReinforcementSpec | None = None
    victory: VictorySpec = VictorySpec()
    modules: dict[str, dict[str, Any]] = Field(
        default={}, description="optional rule modules switched on, with their options"
    )
    special_rules: list[Literal["contractors"]] = Field(
        default=[], description="'contractors': CT-018/CT-053, they cannot be seized early or hit"
    )

    @field_validator("sides")
    @classmethod
    def _both_sides(cls, v: dict[Side, SideSpec]) -> dict[Side, SideSpec]:
        if set(v) != set(Side):
            raise ValueError("needs both 'regular' and 'insurgent'")
        return v


def cross_check(spec: ScenarioSpec) -> list[tuple[str, str]]:
    """What the schema cannot say: every problem as (path, expectation)."""
    problems: list[tuple[str, str]] = []
    w, h = spec.table.width, spec.table.height

    def on_table(p: Point) -> bool:
        return 0 <= p[0] <= w and 0 <= p[1] <= h

    ids: dict[str, str] = {}

    def unique(ident: str, path: str) -> None:
        if ident in ids:
            problems.append((path, f"id {ident!r} is already used at {ids[ident]}"))
        else:
            ids[ident] = path

    for i, piece in enumerate(spec.table.pieces):
        unique(piece.id, f"table.pieces[{i}].id")
        poly = shapely.Polygon(piece.corners())
        if not poly.is_valid:
            problems.append((f"table.pieces[{i}]", "the outline crosses itself"))
        elif not shapely.box(0, 0, w, h).buffer(1e-9).contains(poly):
            problems.append((f"table.pieces[{i}]", f"lies partly outside the {w:g}x{h:g} table"))
        module_kind = MODULE_KINDS.get(piece.kind)
        if module_kind is not None:
            need = module_problem(spec, *module_kind)
            if need:
                problems.append((f"table.pieces[{i}].kind", need))
    zones = _deployment_zones(spec, problems)
    for i, unit in enumerate(spec.units):
        unique(unit.id, f"units[{i}].id")
        side_zones = zones.get(unit.side)
        for j, fig in enumerate(unit.figures):
            path = f"units[{i}].figures[{j}]"
            unique(fig.id, f"{path}.id")
            if not on_table(fig.at):
                problems.append(
                    (f"{path}.at", f"{list(fig.at)} is outside the {w:g}x{h:g} table")
                )
            elif side_zones and not any(z.covers(shapely.Point(fig.at)) for z in side_zones.values()):
                listed = ", ".join(side_zones)
                problems.append(
                    (path, f"stands outside the {unit.side.value} deployment zones: {fig.id} of "
                           f"{unit.name} at {list(fig.at)} is in none of {listed}")
                )
            if fig.weapon not in WEAPONS:
                known = ", ".join(sorted(WEAPONS))
                problems.append((f"{path}.weapon", f"unknown weapon {fig.weapon!r}; expected one of {known}"))
    for i, c in enumerate(spec.contractors):
        unique(c.id, f"contractors[{i}].id")
        if not on_table(c.at):
            problems.append((f"contractors[{i}].at", f"{list(c.at)} is outside the table"))
    for i, p in enumerate(spec.aid_stations):
        if not on_table(p):
            problems.append((f"aid_stations[{i}]", f"{list(p)} is outside the table"))
    seen: dict[int, int] = {}
    for i, hs in enumerate(spec.hot_spots):
        if hs.number in seen:
            problems.append((f"hot_spots[{i}].number", f"Hot Spot {hs.number} is already placed"))
        seen[hs.number] = i
        if not on_table(hs.at):
            problems.append((f"hot_spots[{i}].at", f"{list(hs.at)} is outside the table"))
        for k, other in enumerate(spec.hot_spots[:i]):
            d = ((hs.at[0] - other.at[0]) ** 2 + (hs.at[1] - other.at[1]) ** 2) ** 0.5
            if d < 6:
                problems.append(
                    (f"hot_spots[{i}].at",
                     f"is {d:.1f}\" from hot_spots[{k}]; Hot Spots must be at least 6\" apart (AA-050)")
                )
    from ambush_gui.alley.modules import REGISTRY

    for name in spec.modules:
        if name not in REGISTRY:
            known = ", ".join(sorted(REGISTRY)) or "none yet"
            problems.append((f"modules.{name}", f"unknown rule module {name!r} (available: {known})"))
    if spec.hot_spots and spec.reinforcements is None:
        problems.append(("reinforcements", "Hot Spots are placed but no reinforcement table is given"))
    return problems


def module_problem(spec: ScenarioSpec, module: str, rules: str, words: str) -> str:
    """Why a piece whose rules are ``module``'s cannot be played, or "" when it can."""
    from ambush_gui.alley.modules import REGISTRY

    if module not in REGISTRY:
        return (f"{words} pieces need the Force on Force {module} module ({rules}), which this "
                "version does not have yet; the scenario can be saved as a draft but not played")
    if module not in spec.modules:
        return (f"{words} pieces need the {module} rule module ({rules}) switched on: add "
                f"[modules.{module}] to the scenario")
    return ""


def _deployment_zones(spec: ScenarioSpec,
                      problems: list[tuple[str, str]]) -> dict[Side, dict[str, shapely.Polygon]]:
    """Each side's deployment zones as polygons by their path and label (only the sound ones, so a
    broken zone is reported once, not again for every figure), reporting the broken."""
    w, h = spec.table.width, spec.table.height
    table = shapely.box(0, 0, w, h).buffer(1e-9)
    out: dict[Side, dict[str, shapely.Polygon]] = {}
    for side, side_spec in spec.sides.items():
        zones: dict[str, shapely.Polygon] = {}
        for k, zone in enumerate(side_spec.deployment or []):
            path = f"sides.{side.value}.deployment[{k}]"
            poly = shapely.Polygon(zone.corners())
            if not poly.is_valid:
                problems.append((path, "the outline crosses itself"))
                continue
            if not table.contains(poly):
                problems.append((path, f"lies partly outside the {w:g}x{h:g} table"))
            name = f"{path} ({zone.label})" if zone.label else path
            zones[name] = poly.buffer(1e-6)  # a figure on the zone's edge is inside it
        if side_spec.deployment:
            out[side] = zones
    return out


class Scenario:
    """A validated scenario, ready to start games (optionally at 28mm scale)."""

    def __init__(self, spec: ScenarioSpec, source: str = "", scale: float = 1.0) -> None:
        self.spec = spec
        self.source = source
        self.scale = scale

    @property
    def name(self) -> str:
        return self.spec.name

    @cached_property
    def table(self) -> Table:
        s = self.scale
        t = self.spec.table
        return Table(t.width * s, t.height * s, [p.to_piece(s) for p in t.pieces])

    def to_data(self) -> dict[str, Any]:
        """Plain data (embedded in saves, so a save outlives edits to the shipped file)."""
        return self.spec.model_dump(mode="json", exclude_none=True)

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", scale: float = 1.0) -> Scenario:
        spec = validate(ScenarioSpec, data, source, ScenarioError)
        problems = cross_check(spec)
        if problems:
            raise ScenarioError(source, problems)
        return cls(spec, source, scale)

    @classmethod
    def load(cls, path: str | Path, scale: float = 1.0) -> Scenario:
        data = read_data(path, ScenarioError)
        return cls.from_data(data, str(path), scale)
