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
from typing import Annotated, Any, ClassVar, Literal

import shapely
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from ambush_gui.alley.model import FigureKind, Side
from ambush_gui.alley.places import describe
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.dice import Die
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import check_model, plain_id, read_data, validate
from ambush_gui.core.geometry import CoverClass, Piece, Table, close_to_earlier

# Bounds on what a file may hold (docs/formats.md, "Limits"): far beyond any real scenario
# (Contracting Trouble has 16 pieces, 11 units, 5 Hot Spots), but they keep play in memory
# and every check quick. Coordinates are finite and near the table (at most 96" across).
MAX_COORD = 1000.0
MAX_PIECES = 10_000
MAX_CORNERS = 1_000
MAX_UNITS = 500
MAX_FIGURES = 100
MAX_HOT_SPOTS = 100
MAX_LIST = 500
"""Escorts, contractors, aid stations, awards, deployment zones: each list."""
MAX_ID = 64
MAX_NAME = 200
MAX_TEXT = 20_000

Coord = Annotated[float, Field(ge=-MAX_COORD, le=MAX_COORD, allow_inf_nan=False)]
Length = Annotated[float, Field(gt=0, le=MAX_COORD, allow_inf_nan=False)]
Ident = Annotated[str, Field(min_length=1, max_length=MAX_ID), AfterValidator(plain_id)]
Name = Annotated[str, Field(max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Point = tuple[Coord, Coord]


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


Rect = tuple[Coord, Coord, Coord, Coord]


def check_shape(rect: Rect | None, points: list[Point] | None) -> None:
    """The rules of an outline given as ``rect`` or ``points`` (pieces and zones alike)."""
    if (rect is None) == (points is None):
        raise ValueError("give exactly one of 'rect' or 'points'")
    if points is not None and len(points) < 3:
        raise ValueError("a polygon needs at least 3 points")
    if rect is not None and (rect[2] <= 0 or rect[3] <= 0):
        raise ValueError("a rect needs a positive width and depth")


OUTLINE = "the outline crosses itself or encloses no area"


def sound(poly: shapely.Polygon) -> bool:
    """An outline a piece or a zone can have: not crossing itself, with an area (a piece
    that is not sound is refused with its place, before play would build it)."""
    return bool(poly.is_valid) and poly.area > 0


def shape_corners(rect: Rect | None, points: list[Point] | None) -> list[Point]:
    """An outline's corners: a rect's four (anticlockwise from the south-west), or the points."""
    if rect is not None:
        x, y, w, h = rect
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    assert points is not None
    return list(points)


class PieceSpec(Strict):
    id: Ident
    kind: TerrainKind
    label: Name = ""
    rect: Rect | None = Field(
        default=None, description="x, y of the south-west corner, width, depth (inches)"
    )
    points: list[Point] | None = Field(default=None, max_length=MAX_CORNERS,
                                       description="polygon corners (inches)")
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
    width: float = Field(gt=0, le=96, allow_inf_nan=False)
    height: float = Field(gt=0, le=96, allow_inf_nan=False)
    pieces: list[PieceSpec] = Field(default=[], max_length=MAX_PIECES)


class Confidence(StrEnum):
    """Force on Force Confidence Levels (house rule FF-070/FF-118: the ladder)."""

    HIGH = "high"
    CONFIDENT = "confident"
    LOW = "low"


class FigureSpec(Strict):
    id: Ident
    kind: FigureKind = FigureKind.SOLDIER
    weapon: Name = "rifle"
    at: Point


class UnitSpec(Strict):
    id: Ident
    name: Name
    side: Side
    tq: str = Field(description="Troop Quality die, e.g. 'd8'")
    morale: str = Field(description="Morale die, e.g. 'd10'")
    optimum_range: Length | None = None
    armor: int | None = Field(default=None, ge=0, le=3)
    confidence: Confidence | None = Field(
        default=None, description="Force on Force Confidence Level (mounted, combat_stress); "
                                  "absent: confident (house rule FF-070)")
    figures: list[FigureSpec] = Field(min_length=1, max_length=MAX_FIGURES)

    @field_validator("tq", "morale")
    @classmethod
    def _die(cls, v: str) -> str:
        Die.parse(v)
        return v


class ZoneSpec(Strict):
    """Part of the table where a side sets up: a rectangle or a polygon, like a piece."""

    id: Ident | None = Field(default=None, description="names the zone for a zone award")
    label: Name = ""
    rect: Rect | None = Field(
        default=None, description="x, y of the south-west corner, width, depth (inches)"
    )
    points: list[Point] | None = Field(default=None, max_length=MAX_CORNERS,
                                       description="polygon corners (inches)")

    @model_validator(mode="after")
    def _one_shape(self) -> ZoneSpec:
        check_shape(self.rect, self.points)
        return self

    def corners(self) -> list[Point]:
        return shape_corners(self.rect, self.points)


class SideSpec(Strict):
    name: Name
    member: Name | None = Field(
        default=None,
        description="one of the side, in texts ('Marine'); absent: the name's last word, singular",
    )
    optimum_range: float = Field(gt=0, le=MAX_COORD, allow_inf_nan=False)
    armor: int = Field(default=0, ge=0, le=3)
    friendly_edges: list[Edge] = Field(default=[], max_length=4)
    deployment: list[ZoneSpec] | None = Field(
        default=None, max_length=MAX_LIST,  # not [], so saves of scenarios without zones stay as they were
        description="where the side's figures set up (rectangles or polygons); absent: anywhere",
    )


def member_word(side: SideSpec) -> str:
    """One of the side in a sentence ("Marine POW m-1 held"): the file's ``member``, else the
    last word of the side's name made singular ("US Marines" -> "Marine")."""
    if side.member:
        return side.member
    words = side.name.split()
    word = words[-1] if words else "figure"
    if word.endswith("men"):  # Gunmen, Militiamen
        return word[:-3] + "man"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 1 else word


class HotSpotSpec(Strict):
    number: int = Field(ge=1, le=5)
    at: Point


class ContractorSpec(Strict):
    """Shorthand for a wounded escort labelled "contractor" (CT-014)."""

    id: Ident
    at: Point


class EscortSpec(Strict):
    """A non-combatant the Regulars must bring out (DC-002: a VIP, informant, detainee...):
    it waits on the ground until a Regular unit reaches it, then is carried as a Dependant."""

    id: Ident
    at: Point
    label: str = Field(default="escort", min_length=1, max_length=MAX_NAME,
                       description="what it is, shown on the table and in texts ('VIP')")
    wounded: bool = Field(default=False, description="starts wounded (a contractor does, CT-014)")
    weapon: Name | None = Field(default=None, description="must be absent or 'unarmed': escorts never fight")


MAX_REINFORCEMENTS = 60
"""The most small-arms figures one reinforcement line may bring: a plain number up to it, or
up to 6d6 plus up to 24 (the figures of one arrival must fit on the table and in memory)."""

_COUNT = re.compile(r"^\s*([1-6]?)d6\s*(?:\+\s*([0-9]{1,2}))?\s*$", re.ASCII)
_NUMBER = re.compile(r"^\s*[0-9]{1,2}\s*$", re.ASCII)


class ReinforcementEntry(Strict):
    """One line of the 2d6 reinforcement table (CT-022..032)."""

    small_arms: int | str | None = Field(default=None,
                                         description="'1d6', '1d6+2', '2d6' or a number")
    light_support: int = Field(default=0, ge=0, le=3)
    rpg: int = Field(default=0, ge=0, le=3)
    leader: bool = False
    roll_again: bool = False

    @field_validator("small_arms")
    @classmethod
    def _count(cls, v: int | str | None) -> str | None:
        if isinstance(v, int):
            if not 0 <= v <= MAX_REINFORCEMENTS:
                raise ValueError(f"expected a number of figures, 0 to {MAX_REINFORCEMENTS}")
            return str(v)  # the engine reads every count as text
        if v is None:
            return v
        if _NUMBER.match(v):
            if int(v) > MAX_REINFORCEMENTS:
                raise ValueError(f"expected a number of figures, 0 to {MAX_REINFORCEMENTS}")
            return v
        m = _COUNT.match(v)
        if not m or int(m.group(2) or 0) > 24:
            raise ValueError("expected a number (0-60) or an expression like '1d6', '1d6+2', "
                             "'2d6' (up to 6d6, plus up to 24)")
        return v


class ReinforcementSpec(Strict):
    NUMBERED: ClassVar[dict[str, str]] = {"table": "roll"}  # "04" and "4": one roll given twice

    level: Literal["automatic"] | int = Field(
        default="automatic", description="Insurgency Level: 'automatic' or 1-6 (AA-059: a d6 roll)"
    )
    tq: str = Field(default="d6", description="the arrivals' Troop Quality die")
    morale: str = Field(default="d10", description="the arrivals' Morale die")
    leader_tq: str = Field(default="d8", description="an arriving leader's Troop Quality die")
    table: dict[int, ReinforcementEntry] = Field(max_length=11)

    @field_validator("tq", "morale", "leader_tq")
    @classmethod
    def _die(cls, v: str) -> str:
        Die.parse(v)
        return v

    @field_validator("level")
    @classmethod
    def _level(cls, v: str | int) -> str | int:
        if isinstance(v, int) and not 1 <= v <= 6:
            raise ValueError(f"the Insurgency Level is 1-6 or 'automatic' (AA-059 rolls a d6), not {v}")
        return v

    @field_validator("table")
    @classmethod
    def _all_rolls(cls, v: dict[int, ReinforcementEntry]) -> dict[int, ReinforcementEntry]:
        missing = sorted(set(range(2, 13)) - set(v))
        extra = sorted(set(v) - set(range(2, 13)))
        if missing or extra:
            raise ValueError(f"needs one line for each 2d6 total 2-12 (missing {missing}, extra {extra})")
        return v


class AwardEvent(StrEnum):
    """What scores (docs/formats.md, "Awards")."""

    ESCORT_EXITED = "escort_exited"  # per escort brought off the table (by the edge, if given)
    NONE_LEFT_BEHIND = "none_left_behind"  # once, at the end: no own casualty or POW left behind
    ENEMY_WOUNDED = "enemy_wounded"  # per enemy figure wounded
    ENEMY_KILLED = "enemy_killed"  # per enemy figure killed (an Insurgent casualty, AA-154)
    CAPTIVE_HELD = "captive_held"  # per captive held at the end
    HOT_SPOT_NEUTRALISED = "hot_spot_neutralised"  # per Hot Spot neutralised (AA-054)
    FIGURE_EXITED = "figure_exited"  # per own figure off the table (by the edge, if given)
    ZONE_HELD = "zone_held"  # once, at the end: own figures in the zone and no enemy
    ZONE_CLEARED = "zone_cleared"  # once: an own unit in the zone with no enemy in it
    CIVILIAN_CASUALTY = "civilian_casualty"  # per civilian casualty the enemy caused (FF-159/160)


ZONE_EVENTS = (AwardEvent.ZONE_HELD, AwardEvent.ZONE_CLEARED)
EDGE_EVENTS = (AwardEvent.ESCORT_EXITED, AwardEvent.FIGURE_EXITED)


class AwardSpec(Strict):
    """One thing that scores: ``side`` scores ``points`` (a penalty when negative) for ``event``."""

    side: Side
    event: AwardEvent
    points: int = Field(ge=-99, le=99)
    zone: Ident | None = Field(default=None, description="zone events: a table piece or deployment-zone id")
    edge: Edge | None = Field(default=None, description="exit events: only figures off this edge")

    @model_validator(mode="after")
    def _fits_event(self) -> AwardSpec:
        if self.event in ZONE_EVENTS and not self.zone:
            raise ValueError(f"a {self.event.value} award needs a 'zone' "
                             "(a table piece or deployment-zone id)")
        if self.event not in ZONE_EVENTS and self.zone is not None:
            raise ValueError(f"'zone' is only for zone_held and zone_cleared, not {self.event.value}")
        if self.event not in EDGE_EVENTS and self.edge is not None:
            raise ValueError(f"'edge' is only for escort_exited and figure_exited, not {self.event.value}")
        return self


# Contracting Trouble's five victory keys (CT-042..046): each is shorthand for one award,
# in this order (which is the order the score ledger lists them, so saves replay alike).
SHORTHAND: dict[str, tuple[Side, AwardEvent, int]] = {
    "contractor_escorted": (Side.REGULAR, AwardEvent.ESCORT_EXITED, 5),  # CT-042
    "none_left_behind": (Side.REGULAR, AwardEvent.NONE_LEFT_BEHIND, 5),  # CT-043
    "marine_wounded": (Side.INSURGENT, AwardEvent.ENEMY_WOUNDED, 1),  # CT-044
    "marine_killed": (Side.INSURGENT, AwardEvent.ENEMY_KILLED, 2),  # CT-045
    "captive": (Side.INSURGENT, AwardEvent.CAPTIVE_HELD, 5),  # CT-046
}


class VictorySpec(Strict):
    """What scores (CT-042..046, or any list of awards); house rule CT-047: the higher total wins.

    With no ``awards`` the five keys default to Contracting Trouble's points; with awards
    only the keys written in the file add to them."""

    contractor_escorted: int | None = Field(default=None, ge=-99, le=99,
                                            description="shorthand: escort_exited for the Regulars (5)")
    none_left_behind: int | None = Field(default=None, ge=-99, le=99,
                                         description="shorthand: none_left_behind for the Regulars (5)")
    marine_wounded: int | None = Field(default=None, ge=-99, le=99,
                                       description="shorthand: enemy_wounded for the Insurgents (1)")
    marine_killed: int | None = Field(default=None, ge=-99, le=99,
                                      description="shorthand: enemy_killed for the Insurgents (2)")
    captive: int | None = Field(default=None, ge=-99, le=99,
                                description="shorthand: captive_held for the Insurgents (5)")
    awards: list[AwardSpec] | None = Field(default=None, max_length=MAX_LIST,
                                           description="what scores, in the order scored")

    def all_awards(self) -> list[AwardSpec]:
        """Every award the game scores: the shorthand keys' first, then the list."""
        out = []
        for key, (side, event, default) in SHORTHAND.items():
            points = getattr(self, key)
            if points is None and self.awards is None:
                points = default
            if points is not None:
                out.append(AwardSpec(side=side, event=event, points=points))
        return out + list(self.awards or [])


MODULE_TABLES = ("mortars", "nbc", "mines", "ieds", "mounted", "combat_stress", "civilians")
"""The Force on Force modules, whose settings tables sit at the top of a scenario file."""


ESCORTS_HELD = "escorts_held_at_the_end"
"""Contracting Trouble's own special rule (CT-046, CT-017): escorts still on the table when
the game ends are the Insurgents' captives, those a Regular unit still carries too."""


class ScenarioSpec(Strict):
    format: Literal[1, 2] = Field(
        default=1, description="2: awards and escorts; a format-1 file is read as before")
    system: Literal["alley"] = "alley"
    name: Name
    title: Name
    brief: Text = ""
    turn_limit: int = Field(default=8, ge=1, le=99)
    effective_range: float | None = Field(
        default=None, gt=0, le=MAX_COORD, allow_inf_nan=False,
        description="None: every target is within Effective Range (AA-113)"
    )
    table: TableSpec
    sides: dict[Side, SideSpec]
    units: list[UnitSpec] = Field(max_length=MAX_UNITS)
    hot_spots: list[HotSpotSpec] = Field(default=[], max_length=MAX_HOT_SPOTS)
    contractors: list[ContractorSpec] = Field(default=[], max_length=MAX_LIST,
                                              description="shorthand: wounded escorts labelled "
                                                          "'contractor'")
    escorts: list[EscortSpec] | None = Field(default=None, max_length=MAX_LIST,
                                             description="non-combatants to bring out")
    aid_stations: list[Point] = Field(
        default=[], max_length=MAX_LIST,
        description="DC-012: where Regular units may hand over their casualties (inches)"
    )
    reinforcements: ReinforcementSpec | None = None
    victory: VictorySpec = VictorySpec()
    modules: list[Ident] | dict[Ident, dict[str, Any]] = Field(
        default=[], max_length=20,
        description="Force on Force rule modules switched on, by name ('mines', 'civilians'...); "
                    "each one's settings go in a table of its name. (Also read: a table of "
                    "module names to settings.)")
    mortars: dict[str, Any] | None = Field(default=None, description="settings of the mortars module")
    nbc: dict[str, Any] | None = Field(default=None, description="settings of the nbc module")
    mines: dict[str, Any] | None = Field(default=None, description="settings of the mines module")
    ieds: dict[str, Any] | None = Field(default=None, description="settings of the ieds module")
    mounted: dict[str, Any] | None = Field(default=None, description="settings of the mounted module")
    combat_stress: dict[str, Any] | None = Field(default=None,
                                                 description="settings of the combat_stress module")
    civilians: dict[str, Any] | None = Field(default=None, description="settings of the civilians module")
    special_rules: list[Literal["contractors", "escorts_held_at_the_end"]] = Field(
        default=[], description="'contractors': CT-018/CT-053, they cannot be seized early or hit; "
        "'escorts_held_at_the_end': escorts still on the table when the game ends, carried or "
        "not, are the Insurgents' captives (Contracting Trouble's own rule, CT-046)"
    )
    options: dict[str, str] = Field(
        default={}, description="the scenario's defaults for rules options (NAME = VALUE, see "
        "docs/rules/options.md); a player may still choose otherwise when a game starts"
    )

    def module_names(self) -> list[str]:
        """The modules switched on, in the file's order."""
        return list(self.modules)

    def module_settings(self) -> dict[str, dict[str, Any]]:
        """Each module switched on with its settings as written (its table, or the value
        of the older ``[modules.NAME]`` form; {} when the file gives none)."""
        out: dict[str, dict[str, Any]] = {}
        for name in self.modules:
            given = self.modules[name] if isinstance(self.modules, dict) else None
            table = getattr(self, name, None) if name in MODULE_TABLES else None
            out[name] = dict(table or given or {})
        return out

    def all_escorts(self) -> list[EscortSpec]:
        """The escorts, the ``[[contractors]]`` shorthand first (wounded, labelled "contractor")."""
        out = [EscortSpec(id=c.id, at=c.at, label="contractor", wounded=True) for c in self.contractors]
        return out + list(self.escorts or [])

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
        if not sound(poly):
            problems.append((f"table.pieces[{i}]", OUTLINE))
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
            elif fig.kind is FigureKind.CONTRACTOR and WEAPONS[fig.weapon].armed:
                problems.append((f"{path}.weapon", f"{fig.id} is an escort (kind 'contractor'), which "
                                                   f"carries no weapon (CT-016, DC-001): weapon must be "
                                                   f"'unarmed', not {fig.weapon!r}"))
    for i, c in enumerate(spec.contractors):
        unique(c.id, f"contractors[{i}].id")
        if not on_table(c.at):
            problems.append((f"contractors[{i}].at", f"{list(c.at)} is outside the table"))
    for i, e in enumerate(spec.escorts or []):
        unique(e.id, f"escorts[{i}].id")
        if not on_table(e.at):
            problems.append((f"escorts[{i}].at", f"{list(e.at)} is outside the table"))
        if e.weapon not in (None, "unarmed"):
            problems.append((f"escorts[{i}].weapon", f"an escort carries no weapon (it never fights, "
                                                     f"DC-001): leave 'weapon' out, not {e.weapon!r}"))
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
    close = [(i, k) for i, k in enumerate(close_to_earlier([hs.at for hs in spec.hot_spots], 6))
             if k >= 0]
    for i, k in close[:SHOWN]:
        a, b = spec.hot_spots[i].at, spec.hot_spots[k].at
        d = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
        problems.append((f"hot_spots[{i}].at",
                         f"is {d:.1f}\" from hot_spots[{k}]; Hot Spots must be at least 6\" apart (AA-050)"))
    if len(close) > SHOWN:
        problems.append(("hot_spots", f"and {len(close) - SHOWN:,} more Hot Spots closer than 6\" "
                                      "to another (AA-050)"))
    from ambush_gui.alley.modules import REGISTRY

    problems += _module_problems(spec, REGISTRY)
    from ambush_gui.alley.options import OPTIONS

    for name, value in spec.options.items():
        try:
            OPTIONS.check({name: value})
        except ValueError as exc:
            problems.append((f"options.{name}", str(exc)))
    if spec.hot_spots and spec.reinforcements is None:
        problems.append(("reinforcements", "Hot Spots are placed but no reinforcement table is given"))
    problems += _award_problems(spec)
    return problems


def numbered_twice(model: Any, given: Any) -> list[tuple[str, str]]:
    """A settings table keyed by number (``model.NUMBERED``: field -> what a number is, "turn"
    or "total") gives each number one line: keys "04" and "4" are one number given twice,
    and one would silently win. Checked on the file's own keys, before the strict read turns
    them into numbers (a pydantic "before" validator would make it read the rest in Python's
    strict mode, which refuses text for a number key)."""
    from ambush_gui.alley.modules import one_per_number

    out: list[tuple[str, str]] = []
    for field, what in getattr(model, "NUMBERED", {}).items():
        table = given.get(field) if isinstance(given, dict) else None
        try:
            one_per_number(table, what)
        except ValueError as why:
            out.append((field, str(why)))
    return out


def _module_problems(spec: ScenarioSpec, registry: dict[str, Any]) -> list[tuple[str, str]]:
    """Every module named exists and appears once; every settings table belongs to a module
    switched on and is what that module expects (its pydantic model, then its own checks)."""
    problems: list[tuple[str, str]] = []
    names = spec.module_names()
    listed = isinstance(spec.modules, list)
    for i, name in enumerate(names):
        path = f"modules[{i}]" if listed else f"modules.{name}"
        if name not in registry:
            known = ", ".join(sorted(registry)) or "none yet"
            problems.append((path, f"unknown rule module {name!r} (expected one of: {known})"))
        elif name in names[:i]:
            problems.append((path, f"{name!r} is switched on twice"))
    for table in MODULE_TABLES:
        if getattr(spec, table) is not None and table not in names:
            problems.append((table, f"[{table}] gives settings for the {table} module, which is not "
                                    f"switched on: add \"{table}\" to modules, or remove the table"))
    for name, given in spec.module_settings().items():
        cls = registry.get(name)
        if cls is None:
            continue
        if isinstance(spec.modules, dict) and spec.modules[name] and getattr(spec, name, None):
            problems.append((name, f"settings for {name} are given twice ([{name}] and "
                                   f"[modules.{name}]): keep one"))
        base = name if name in MODULE_TABLES and getattr(spec, name, None) is not None else f"modules.{name}"
        wrong = numbered_twice(cls.Settings, given)
        settings, more = check_model(cls.Settings, given) if not wrong else (None, [])
        wrong += more
        if settings is None:
            problems += [((f"{base}.{path}" if path else base).replace(".[", "["), what)
                         for path, what in wrong]
            continue
        problems += cls.cross_check(spec, settings)
    return problems


def zone_ids(spec: ScenarioSpec) -> dict[str, list[Point]]:
    """What a zone award may name: every table piece and every deployment zone with an id,
    each with its outline's corners (file inches)."""
    out: dict[str, list[Point]] = {p.id: p.corners() for p in spec.table.pieces}
    for side in spec.sides.values():
        for zone in side.deployment or []:
            if zone.id:
                out.setdefault(zone.id, zone.corners())
    return out


def _award_problems(spec: ScenarioSpec) -> list[tuple[str, str]]:
    """Zone awards name a zone that exists; escort awards have escorts to score; exit awards
    name an edge the scoring side can leave by (a unit leaves only across a friendly edge)."""
    problems: list[tuple[str, str]] = []
    zones = zone_ids(spec)
    for i, award in enumerate(spec.victory.awards or []):
        path = f"victory.awards[{i}]"
        if award.zone is not None and award.zone not in zones:
            known = ", ".join(sorted(zones)) or "none: give a piece or a deployment zone an id"
            problems.append((f"{path}.zone", f"no table piece or deployment zone {award.zone!r} "
                                             f"(expected one of {known})"))
        if award.event in EDGE_EVENTS:
            side = spec.sides.get(award.side)
            edges = [str(e) for e in side.friendly_edges] if side is not None else []
            who = side.name if side is not None else str(award.side)
            if not edges:
                problems.append((f"{path}.event", f"{who} have no friendly edge, so nobody of theirs "
                                                  f"can leave the table and {award.event.value} never "
                                                  "scores (expected friendly_edges for that side)"))
            elif award.edge is not None and str(award.edge) not in edges:
                problems.append((f"{path}.edge", f"{who} leave only by their friendly edges "
                                                 f"({', '.join(edges)}), so an award for the "
                                                 f"{award.edge} edge never scores"))
        if award.event is AwardEvent.CIVILIAN_CASUALTY and "civilians" not in spec.module_names():
            problems.append((f"{path}.event", "civilian_casualty scores the civilians module's "
                                              "casualties: add \"civilians\" to modules"))
        if award.event is AwardEvent.ESCORT_EXITED and not spec.all_escorts():
            problems.append((f"{path}.event", "escort_exited scores escorts, but the scenario places "
                                              "none ([[escorts]] or [[contractors]])"))
    return problems


BASE = 0.5  # AA-004: a figure's base is about half an inch across
SHOWN = 10  # problems of one kind shown one by one; the rest are counted in one line


def setup_check(spec: ScenarioSpec) -> list[tuple[str, str]]:
    """What would break play although each entry is well formed: every problem as (path,
    expectation). A side with no units, figures or Hot Spots inside impassable terrain, a
    unit out of cohesion at set-up (AA-014), two figures' bases overlapping (AA-004), and
    each switched-on module's own set-up problems (:meth:`RuleModule.setup_check`)."""
    from ambush_gui.core.geometry import cohesive

    problems: list[tuple[str, str]] = []
    for side in Side:
        if not any(u.side is side for u in spec.units):
            name = spec.sides[side].name if side in spec.sides else side.value
            problems.append((f"sides.{side.value}", f"{name} have no units: each side needs at "
                                                    "least one unit in [[units]]"))
    blocked = [(p.id, shapely.Polygon(p.corners())) for p in spec.table.pieces
               if sound(shapely.Polygon(p.corners())) and p.to_piece().impassable]
    tree = shapely.STRtree([poly for _, poly in blocked])  # a look-up per figure, not a scan

    def inside(at: Point) -> str | None:
        hits = tree.query(shapely.Point(at), predicate="within")  # the point within the piece
        return blocked[int(hits.min())][0] if len(hits) else None

    spots: list[tuple[str, str, Point]] = []  # (path, id, where) of every figure on the table
    for i, unit in enumerate(spec.units):
        for j, fig in enumerate(unit.figures):
            spots.append((f"units[{i}].figures[{j}]", fig.id, fig.at))
        if not cohesive([f.at for f in unit.figures]):
            problems.append((f"units[{i}]", f"{unit.name} is out of cohesion at set-up: its figures "
                                            "must each be within 1\" of another, or all within 4\" "
                                            "of the unit's centre (AA-014)"))
    for i, c in enumerate(spec.contractors):
        spots.append((f"contractors[{i}]", c.id, c.at))
    for i, e in enumerate(spec.escorts or []):
        spots.append((f"escorts[{i}]", e.id, e.at))
    for path, fid, at in spots:
        pid = inside(at)
        if pid is not None:
            problems.append((f"{path}.at", f"{fid} at {list(at)} stands inside {pid!r}, which is "
                                           "impassable: nobody can stand there"))
    for i, hs in enumerate(spec.hot_spots):
        pid = inside(hs.at)
        if pid is not None:
            problems.append((f"hot_spots[{i}].at", f"Hot Spot {hs.number} at {list(hs.at)} is inside "
                                                   f"{pid!r}, which is impassable: its Insurgents could "
                                                   "not arrive"))
    overlaps = [(k, j) for k, j in enumerate(close_to_earlier([at for *_, at in spots], BASE - 1e-9))
                if j >= 0]
    for k, j in overlaps[:SHOWN]:
        (path, fid, at), (other_path, other, there) = spots[k], spots[j]
        d = ((at[0] - there[0]) ** 2 + (at[1] - there[1]) ** 2) ** 0.5
        problems.append((f"{path}.at", f"{fid} at {list(at)} is {d:.2f}\" from {other} "
                                       f"({other_path}): their half-inch bases overlap "
                                       f"(AA-004); figures stand at least {BASE}\" apart"))
    if len(overlaps) > SHOWN:
        problems.append(("units", f"and {len(overlaps) - SHOWN:,} more figures whose bases overlap "
                                  "another's (AA-004)"))
    from ambush_gui.alley.modules import REGISTRY

    for name in dict.fromkeys(spec.module_names()):  # each module's own set-up (civilians: FF-135)
        if name in REGISTRY:
            problems += REGISTRY[name].setup_check(spec)
    return problems


def scenario_warnings(spec: ScenarioSpec) -> list[tuple[str, str]]:
    """What is doubtful but playable, as (path, what): nothing scoring (no award gives
    points, so both totals stay 0 and house rule CT-047 makes every game a draw: the rules
    allow it, but a designer hardly means it); reinforcements switched on with no
    Hot Spot placed. Each arrival rolls for a Hot Spot to come on at (AA-052), and with
    none on the table every arrival is lost (house rule AA-056), so the reinforcement
    table never brings anyone: the game plays, but hardly as the designer meant."""
    out: list[tuple[str, str]] = []
    if not any(award.points for award in spec.victory.all_awards()):  # CT-047: equal totals draw
        out.append(("victory", "Nothing scores: every game will end in a draw; add an award "
                               "([[victory.awards]]; in the editor, What scores)"))
    if spec.reinforcements is not None and not spec.hot_spots:
        out.append(("reinforcements", "Insurgent reinforcements come on at a Hot Spot (AA-052), but no "
                                      "Hot Spot is placed, so every arrival is lost (AA-056): place "
                                      "[[hot_spots]], or remove [reinforcements]"))
    return out


def module_problem(spec: ScenarioSpec, module: str, rules: str, words: str) -> str:
    """Why a piece whose rules are ``module``'s cannot be played, or "" when it can."""
    from ambush_gui.alley.modules import REGISTRY

    if module not in REGISTRY:
        return (f"{words} pieces need the Force on Force {module} module ({rules}), which this "
                "version does not have yet; the scenario can be saved as a draft but not played")
    if module not in spec.module_names():
        return (f"{words} pieces need the {module} rule module ({rules}) switched on: add "
                f"\"{module}\" to the scenario's modules list")
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
            if not sound(poly):
                problems.append((path, OUTLINE))
                continue
            if not table.contains(poly):
                problems.append((path, f"lies partly outside the {w:g}x{h:g} table"))
            name = f"{path} ({zone.label})" if zone.label else path
            zones[name] = poly.buffer(1e-6)  # a figure on the zone's edge is inside it
        if side_spec.deployment:
            out[side] = zones
    return out


def retire_options(data: Any) -> Any:
    """A file whose ``[options]`` names the retired option ``escorts_not_brought_out`` (a
    rules option until issue 26) loads as before: ``held`` becomes the special rule
    ``escorts_held_at_the_end``; ``on_the_ground`` is what a file without it plays. Done on
    the file's data before it is read (strictly, as its JSON: a "before" validator would
    make pydantic read the rest in Python's strict mode, which refuses a list for a point).
    Returns the data to read, or raises ScenarioError naming the value."""
    from ambush_gui.alley.options import RETIRED_ESCORTS

    opts = data.get("options") if isinstance(data, dict) else None
    if not isinstance(opts, dict) or RETIRED_ESCORTS not in opts:
        return data
    opts = dict(opts)
    value = opts.pop(RETIRED_ESCORTS)
    data = {**data, "options": opts}
    if value == "held":
        rules = data.get("special_rules")
        rules = list(rules) if isinstance(rules, list) else []
        data["special_rules"] = rules + ([ESCORTS_HELD] if ESCORTS_HELD not in rules else [])
    elif value != "on_the_ground":
        raise ValueError(f"{value!r} is not one of its readings (held, on_the_ground); it is "
                         f"now the special rule \"{ESCORTS_HELD}\"")
    return data


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
        # FF-129..135: with the civilians module on, the mobs move and the module owns them
        # (their stands block fire and movement, not sight), so the static table leaves them out
        owned = {TerrainKind.CIVILIAN_MOB} if "civilians" in self.spec.module_names() else set()
        return Table(t.width * s, t.height * s, [p.to_piece(s) for p in t.pieces if p.kind not in owned])

    def to_data(self) -> dict[str, Any]:
        """Plain data (embedded in saves, so a save outlives edits to the shipped file)."""
        data = self.spec.model_dump(mode="json", exclude_none=True)
        if not data.get("options"):  # written only when set, as files written before it
            data.pop("options", None)
        return data

    @cached_property
    def warnings(self) -> list[tuple[str, str]]:
        """Doubtful but playable (:func:`scenario_warnings`): ``validate`` and the editor's
        Problems list show them; nothing refuses to play."""
        return scenario_warnings(self.spec)

    def describe(self, path: str, what: str) -> tuple[str, str]:
        """A problem or warning's place and message in the designer's words."""
        from ambush_gui.alley.places import describe

        return describe(self.to_data(), path, what)

    @cached_property
    def inferred(self) -> list[str]:
        """What an older file leaves to the reader, said in words (``validate`` prints it):
        a format-1 file's victory terms and contractors, a module's older settings keys."""
        return self._format1() + self._modules_migrated()

    def _format1(self) -> list[str]:
        if self.spec.format != 1:
            return []
        out = []
        v = self.spec.victory
        if v.awards is None:
            keys = ", ".join(f"{k} {getattr(v, k) if getattr(v, k) is not None else d}"
                             for k, (_, _, d) in SHORTHAND.items())
            out.append(f"format 1: no victory.awards, so the five Contracting Trouble terms score ({keys})")
        if self.spec.contractors:
            out.append(f"format 1: {len(self.spec.contractors)} [[contractors]] read as wounded "
                       "escorts labelled 'contractor'")
        return out

    def _modules_migrated(self) -> list[str]:
        from ambush_gui.alley.modules import REGISTRY

        out = []
        for name, given in self.spec.module_settings().items():
            cls = REGISTRY.get(name)
            if cls is not None:
                out += cls.migrated(cls.Settings.model_validate(given))
        return out

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", scale: float = 1.0,
                  setup: bool = True) -> Scenario:
        """``setup=False`` skips :func:`setup_check` (rule tests build odd set-ups on purpose).
        A problem names its place in the designer's words ("Hot Spot 3", "Fireteam Alpha,
        figure a-2"), as the editor's Problems list does; ``problems`` keeps the paths."""
        def said(path: str, what: str) -> tuple[str, str]:
            return describe(data, path, what)

        try:
            data = retire_options(data)
        except ValueError as why:
            raise ScenarioError(source, [("options.escorts_not_brought_out", str(why))], said) from None
        given = data.get("reinforcements") if isinstance(data, dict) else None
        twice = numbered_twice(ReinforcementSpec, given)
        if twice:
            raise ScenarioError(source, [(f"reinforcements.{path}", what) for path, what in twice], said)
        try:
            spec = validate(ScenarioSpec, data, source, ScenarioError)
        except ScenarioError as exc:
            raise ScenarioError(source, exc.problems, said) from None
        problems = cross_check(spec) + (setup_check(spec) if setup else [])
        if problems:
            raise ScenarioError(source, problems, said)
        return cls(spec, source, scale)

    @classmethod
    def load(cls, path: str | Path, scale: float = 1.0) -> Scenario:
        data = read_data(path, ScenarioError)
        return cls.from_data(data, str(path), scale)
