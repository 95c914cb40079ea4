"""The mission file's schema: the pydantic models of the map, the Mission Card, the soldier
cards, the paragraphs and the victory levels, and the hex map a ``[map]`` table describes.

The words of the format are explained in :mod:`ambush_gui.ambush.mission`."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ambush_gui.ambush.charts import Charts, Faces, Side, Stance
from ambush_gui.ambush.fire import Term
from ambush_gui.core.hexgrid import Hex, HexMap, Hexside
from ambush_gui.release import SCENARIOS_DIR

SCENARIOS = SCENARIOS_DIR
"""Where the shipped missions are."""

ACTION_NUMBERS = range(10)
"""The German Action Number: one 0-9 die (house rule AR-051)."""

SELF_PRESERVATION = "S"
"""The letter of the Self-Preservation column (AR-114)."""

MAX_HOPS = 64
"""How many "go to" a single reading may follow before the engine calls it a loop."""


def _invalid(message: str) -> PydanticCustomError:
    return PydanticCustomError("mission", message)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=64)]
HexRef = Annotated[str, Field(pattern=r"^\d{4}$", description="a hex number CCRR, e.g. '0304'")]
HexSpan = Annotated[
    str,
    Field(
        pattern=r"^\d{4}(-\d{4})?$",
        description="a hex 'CCRR', or a block 'CCRR-CCRR' (columns and rows from the first "
        "hex to the second, both included)",
    ),
]
SideRef = Annotated[str, Field(pattern=r"^\d{4}/\d{4}$", description="a hexside 'CCRR/CCRR'")]
Place = Annotated[
    str,
    Field(pattern=r"^(\d{4}|[a-z][a-z0-9-]*)$", max_length=64, description="a hex number or an area's name"),
]
ConditionName = Annotated[str, Field(pattern=r"^[A-Z]$", description="a Condition: one capital")]
ParagraphNo = Annotated[int, Field(ge=1, le=9999)]
Column = Annotated[
    list[ParagraphNo],
    Field(min_length=10, max_length=10, description="the paragraph for Action Numbers 0-9"),
]
Rating = Annotated[int, Field(ge=-1, le=12)]

# Bounds on what a mission file may hold (docs/formats.md, "Limits"): far beyond any real
# mission (the hedgerow mission has 49 paragraphs, 6 Germans, 5 soldiers) but they keep a
# game in memory and every check quick.
MAX_LIST = 1_000
"""Terrain patches, hexes in a patch, checks, references, hexes in a reference, options..."""
MAX_PARAGRAPHS = 9_999
MAX_SQUAD = 50
MAX_GERMANS = 99
MAX_POINTS = 9_999
"""Victory points: a score, an award, a level's minimum (either sign)."""
Name = Annotated[str, Field(max_length=200)]
Text = Annotated[str, Field(max_length=20_000)]
Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]


# -- the map -----------------------------------------------------------------------------


class TerrainPatch(Strict):
    """Hexes of one terrain: single hexes and blocks."""

    terrain: Id
    hexes: list[HexSpan] = Field(min_length=1, max_length=MAX_LIST)


class SidePatch(Strict):
    """Hexsides carrying one feature (a hedgerow, a wall)."""

    feature: Id
    sides: list[SideRef] = Field(min_length=1, max_length=MAX_LIST)


class MapSpec(Strict):
    width: int = Field(ge=1, le=99)
    height: int = Field(ge=1, le=99)
    default: Id = Field(default="clear", description="terrain of every hex not listed")
    terrain: list[TerrainPatch] = Field(default=[], max_length=MAX_LIST)
    hexsides: list[SidePatch] = Field(default=[], max_length=MAX_LIST)
    areas: dict[Id, Annotated[list[HexSpan], Field(max_length=MAX_LIST)]] = Field(
        default={}, max_length=MAX_LIST,
        description="named groups of hexes, for Paragraph Checks and conditions"
    )


# -- the Mission Card ----------------------------------------------------------------------


class ConditionSpec(Strict):
    """One Condition (one Mission Card). ``events`` replaces lines of the Event column."""

    name: Name
    events: dict[int, ParagraphNo] = Field(default={}, max_length=11)


class CheckSpec(Strict):
    """A Paragraph Check: entering any of ``at`` reads ``paragraph`` (under ``when`` only)."""

    at: list[Place] = Field(min_length=1, max_length=MAX_LIST)
    paragraph: ParagraphNo
    when: list[ConditionName] = Field(default=[], max_length=26,
                                      description="Conditions it applies under; [] = all")


class ReferenceSpec(Strict):
    """Red movement references: an arrow from each hex of ``path`` to the next."""

    path: list[HexRef] = Field(min_length=2, max_length=MAX_LIST)
    when: list[ConditionName] = Field(default=[], max_length=26,
                                      description="Conditions it applies under; [] = all")


class CardSpec(Strict):
    """The Mission Card (AR-006): Paragraph Checks, the Event column, references, the
    Condition at the start."""

    start: ConditionName
    checks: list[CheckSpec] = Field(default=[], max_length=MAX_LIST)
    events: dict[int, ParagraphNo] = Field(
        default={}, max_length=11, description="2d6 total (2-12) -> paragraph; a total not listed: no event"
    )
    references: list[ReferenceSpec] = Field(default=[], max_length=MAX_LIST)


# -- soldier cards -----------------------------------------------------------------------


class Ratings(Strict):
    """AR, MPA, WS, PER, LDR (DESIGN.md names the ratings whose symbols the seeds lost)."""

    ar: Rating = Field(description="Action Rating: his AR Track column")
    mpa: int = Field(ge=1, le=20, description="Movement Point Allowance")
    ws: Rating = Field(description="Weapon Skill")
    per: Rating = Field(description="Perception")
    ldr: Rating = Field(description="Leadership")


class Reaction(StrEnum):
    """The situations a Special Reaction column answers (AR-113)."""

    US_INTO_SIGHT = "us-into-sight"  # an active US soldier came into his sight
    FIRED_AT = "fired-at"  # he was fired at (even if missed)
    COMRADE_HIT = "comrade-hit"  # a German he can see was hit


class ReactionSpec(Strict):
    situation: Reaction
    column: Column


class GermanCard(Ratings):
    """A German soldier card: number, counter letter, weapons, ratings and the paragraph
    table (Action Number x Condition), with Special Reaction and Self-Preservation columns."""

    number: int = Field(ge=1, le=99)
    letter: str = Field(pattern=r"^[A-Z]$")
    name: Name
    weapons: list[Id] = Field(min_length=1, max_length=20)
    points: Points | None = Field(
        default=None, description="scored when he is activated (AR-010); absent: victory.activation"
    )
    columns: dict[ConditionName, Column] = Field(description="Condition -> paragraph per Action Number")
    self_preservation: Column = Field(description="column S (AR-114)")
    reactions: dict[ConditionName, ReactionSpec] = Field(
        default={}, description="Special Reaction letter -> situation and column (AR-113)"
    )


class SquadSoldier(Ratings):
    """A US soldier card. A crew weapon (a machinegun, FC-052) in ``weapons`` is a piece of
    it: the two soldiers who list the same crew weapon carry it together (FC-053), paired in
    squad order, each in his Port Boxes (FC-054; see :func:`crew_pairs`)."""

    id: Id
    name: Name
    weapons: list[Id] = Field(
        min_length=1, max_length=20,
        description="Weapon Chart keys (US weapons). A crew weapon (machinegun) is carried in "
        "pieces by two soldiers: list it on both their cards; the first two soldiers listing "
        "it share one gun, the next two another")
    ammo: list[Id] = Field(default=[], max_length=20,
                           description="Ammo Boxes: Weapon Chart key of each clip")
    port_boxes: int = Field(
        default=0, ge=0, le=6,
        description="Port Boxes on his card: they hold his pieces of a crew weapon (the first "
        "carrier of a light or medium machinegun 2, the second 1; of a heavy one 2 each)")
    enters: list[HexRef] = Field(min_length=1, max_length=MAX_LIST,
                                 description="the hexes he may enter the map by")


# -- paragraphs ----------------------------------------------------------------------------


class ListStyle(StrEnum):
    """AR-111: bulleted options, the one that applies; numbered, the first that applies."""

    BULLETED = "bulleted"
    NUMBERED = "numbered"


_CONDS = ("always", "sees_us", "us_within", "wounded", "has_ammo", "stance", "us_in",
          "condition", "chance", "german_active", "german_out", "all", "any", "not_")


class Cond(Strict):
    """A condition over the game facts: a table with exactly one key.

    ``always``; ``sees_us`` (he can see an active US soldier); ``us_within = N`` (an active
    US soldier within N hexes of him: 0 his hex, 1 his hex or next to it); ``wounded``;
    ``has_ammo``; ``stance``; ``us_in = [hexes or areas]``; ``condition = "B"`` (the
    Condition in force); ``chance = "0-3"`` (faces of the reading's 0-9 die);
    ``german_active = N`` (German N is on the map and active); ``german_out = N`` (German N
    has appeared and is out of the fight: incapacitated, killed or captured, AR-053; a German
    who has not appeared, or has slipped off the map and may come back, AR-107, is not);
    ``all``, ``any``, ``not``. ``false`` for a yes/no fact reads "not".

    ``not german_active`` holds for a German who has not appeared as well as for one out of
    the fight; "not yet appeared" is ``all = [{not = {german_active}}, {not = {german_out}}]``.
    """

    always: Literal[True] | None = None
    sees_us: bool | None = None
    us_within: int | None = Field(default=None, ge=0, le=30)
    wounded: bool | None = None
    has_ammo: bool | None = None
    stance: Stance | None = None
    us_in: list[Place] | None = Field(default=None, max_length=MAX_LIST)
    condition: ConditionName | None = None
    chance: Faces | None = None
    german_active: int | None = Field(default=None, ge=1, le=99)
    german_out: int | None = Field(default=None, ge=1, le=99)
    all: list[Cond] | None = Field(default=None, max_length=50)
    any: list[Cond] | None = Field(default=None, max_length=50)
    not_: Cond | None = Field(default=None, alias="not")

    @model_validator(mode="after")
    def _one(self) -> Cond:
        keys = [k for k in _CONDS if getattr(self, k) is not None]
        if len(keys) != 1:
            raise _invalid(
                "a condition has exactly one of: always, sees_us, us_within, wounded, "
                "has_ammo, stance, us_in, condition, chance, german_active, german_out, all, "
                "any, not"
                f" (got {', '.join(k.rstrip('_') for k in keys) or 'none'})"
            )
        return self

    @property
    def key(self) -> str:
        return next(k for k in _CONDS if getattr(self, k) is not None)

    def walk(self) -> Iterator[Cond]:
        """This condition and every one inside it."""
        yield self
        for c in (self.all or []) + (self.any or []) + ([self.not_] if self.not_ else []):
            yield from c.walk()

    def text(self) -> str:
        """A short reading for logs (the paragraph's own text is what the player reads)."""
        k = self.key
        if k == "all":
            return " and ".join(f"({c.text()})" for c in self.all or [])
        if k == "any":
            return " or ".join(f"({c.text()})" for c in self.any or [])
        if k == "not_":
            assert self.not_ is not None
            return f"not ({self.not_.text()})"
        if k == "chance":
            from ambush_gui.ambush.charts import faces_text

            assert self.chance is not None
            return f"die reads {faces_text(self.chance)}"
        v = getattr(self, k)
        return k if v is True else f"{k}={v}"


ALWAYS = Cond(always=True)


HIM = frozenset({"sees_us", "us_within", "stance", "wounded", "has_ammo"})
"""The conditions about the German reading the paragraph (paragraphs.py asks them of him)."""


class MoveKind(StrEnum):
    REFERENCES = "references"  # along the red references (AR-112)
    EVASIVE = "evasive"  # until out of every US soldier's sight, then off the map (AR-107)


class EndResult(StrEnum):
    VICTORY = "victory"
    DEFEAT = "defeat"
    POINTS = "points"  # judged by the victory points


class Activate(Strict):
    """Activate German ``german`` in ``hex`` (AR-007..010, AR-033, AR-040, AR-119)."""

    german: int = Field(ge=1, le=99)
    hex: HexRef
    stance: Stance = Stance.STANDING
    weapons: list[Id] = Field(default=[], max_length=20, description="weapon markers placed with him")
    two_turns: list[Side] = Field(max_length=2,
        default=[], description="sides given two turns in Round 1 (a German mid-Round: him)"
    )
    advantage: Side | None = Field(default=None, description="who holds the Advantage in Round 1")


_ACTS = ("fire", "move", "stance", "surrender", "activate", "condition", "commence_rounds",
         "score", "goto", "end", "hold", "out_of_ammo", "give_turn")


class Act(Strict):
    """One action of an option: a table with exactly one verb (``why`` may explain a score).

    ``fire = "closest" | "easiest"``; ``move = "references" | "evasive"``; ``stance``;
    ``surrender``; ``activate = {...}``; ``condition = "B"``; ``commence_rounds``;
    ``score = N``; ``goto = N``; ``end = "victory" | "defeat" | "points"``; ``hold`` (he
    does nothing); ``out_of_ammo`` (his weapon runs dry, FC-043); ``give_turn = N`` (he
    gives German N a turn: German commanders give turns only when told to, AR-062).
    """

    fire: Term | None = None
    move: MoveKind | None = None
    stance: Stance | None = None
    surrender: Literal[True] | None = None
    activate: Activate | None = None
    condition: ConditionName | None = None
    commence_rounds: Literal[True] | None = None
    score: Points | None = None
    goto: ParagraphNo | None = None
    end: EndResult | None = None
    hold: Literal[True] | None = None
    out_of_ammo: Literal[True] | None = None
    give_turn: int | None = Field(default=None, ge=1, le=99, description="AR-062: he gives German N a turn")
    why: Name = ""

    @model_validator(mode="after")
    def _one(self) -> Act:
        verbs = [k for k in _ACTS if getattr(self, k) is not None]
        if len(verbs) != 1:
            raise _invalid(
                f"an action has exactly one of: {', '.join(_ACTS)} (got {', '.join(verbs) or 'none'})"
            )
        return self

    @property
    def verb(self) -> str:
        return next(k for k in _ACTS if getattr(self, k) is not None)

    def to_data(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True, exclude_defaults=True, by_alias=True)


class OptionSpec(Strict):
    text: Text
    when: Cond = ALWAYS
    do: list[Act] = Field(min_length=1, max_length=50)


class ParagraphSpec(Strict):
    number: ParagraphNo
    text: Text
    style: ListStyle = ListStyle.BULLETED
    options: list[OptionSpec] = Field(default=[], max_length=50)
    sighting: Id | None = Field(
        default=None,
        description="names the sighting this paragraph makes; an Event that would read it "
        "again is skipped (AR-030)",
    )


# -- victory and the end ---------------------------------------------------------------------


class Outcome(StrEnum):
    """Who a victory level (or an ``end`` action) gives the mission to."""

    US = "us"
    DRAW = "draw"
    GERMAN = "german"


class Level(Strict):
    """One victory level: the least total that reaches it, its name, and who it gives the
    mission to (format 1 files had no outcome: loading infers it from the name)."""

    min: Points
    result: Name = Field(description="the level's name, shown to the player")
    outcome: Outcome = Field(description="who wins at this level: us, draw or german")


class VictorySpec(Strict):
    activation: Points = Field(default=1, description="points for each German activated (AR-010)")
    german_incapacitated: Points = 2
    german_killed: Points = 2
    german_captured: Points = 3
    us_wounded: Points = -1
    us_incapacitated: Points = -2
    us_killed: Points = -3
    levels: list[Level] = Field(
        min_length=1, max_length=50, description="highest first: the first whose min the total reaches"
    )


class EndSpec(Strict):
    text: Text = ""
    exit_hexes: list[HexRef] = Field(
        default=[], max_length=MAX_LIST,
        description="the mission ends when every active US soldier has left by these"
    )


FORMAT = 2
"""The mission file format this program writes. Format 1 (no level ``outcome``) still loads:
:func:`migrate` brings it up to date in memory."""

DEFAULT_TURN_LIMIT = 60
"""House rule (AR-006): the day ends after this many Operations turns unless the mission says."""

DEFAULT_ROUND_LIMIT = 30
"""House rule (AR-002): one firefight of this many Rounds ends the mission unless it says."""


class MissionSpec(Strict):
    format: Literal[1, 2] = Field(default=1, description="2 for this program; 1 (or absent): "
                                  "levels without an outcome, migrated on loading")
    system: Literal["ambush"] = "ambush"
    kind: Literal["mission"] = "mission"
    name: Id
    title: Name
    brief: Text = ""
    operations_turn_limit: int = Field(
        default=DEFAULT_TURN_LIMIT, ge=1, le=999,
        description="the day ends after this many Operations turns; the points decide (AR-006)")
    round_limit: int = Field(
        default=DEFAULT_ROUND_LIMIT, ge=1, le=999,
        description="a firefight that lasts this many Rounds ends the mission (AR-002)")
    map: MapSpec
    conditions: dict[ConditionName, ConditionSpec] = Field(min_length=1)
    card: CardSpec
    germans: list[GermanCard] = Field(default=[], max_length=MAX_GERMANS)
    squad: list[SquadSoldier] = Field(min_length=1, max_length=MAX_SQUAD)
    paragraphs: list[ParagraphSpec] = Field(min_length=1, max_length=MAX_PARAGRAPHS)
    victory: VictorySpec
    end: EndSpec = EndSpec()


# -- hexes in a file ---------------------------------------------------------------------------


def _col_row(label: str) -> tuple[int, int]:
    return int(label[:2]), int(label[2:])


def span_labels(span: str) -> list[str]:
    """``"0102-0203"`` -> the hexes of columns 01-02 and rows 02-03, as labels.

    >>> span_labels("0102-0203")
    ['0102', '0103', '0202', '0203']
    """
    first, _, last = span.partition("-")
    if not last:
        return [first]
    (c1, r1), (c2, r2) = _col_row(first), _col_row(last)
    return [f"{c:02d}{r:02d}" for c in range(min(c1, c2), max(c1, c2) + 1)
            for r in range(min(r1, r2), max(r1, r2) + 1)]


def map_of(m: MapSpec, charts: Charts) -> HexMap:
    """The hex map a ``[map]`` table describes (the mission's, and the editor's while it
    paints one): patches listed later win over earlier ones."""
    terrain = {Hex.from_label(lb): p.terrain for p in m.terrain for s in p.hexes
               for lb in span_labels(s)}
    sides = {Hexside.between(*(Hex.from_label(x) for x in side.split("/"))): p.feature
             for p in m.hexsides for side in p.sides}
    return HexMap(m.width, m.height, charts, terrain, default=m.default,
                  hexsides=sides, stacking={"vehicle": 2})
