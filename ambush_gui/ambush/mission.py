"""Ambush! mission files: the map, the Mission Card, the German soldier cards, the paragraphs
and the US squad, as pydantic models, with loading and the cross-checks.

The seeds refer to a paragraph booklet, a Mission Card and soldier cards but print none of
them (AR-006). A mission file (TOML, ``system = "ambush"``, ``kind = "mission"``) supplies
all of it as data; ``docs/rules/ambush-paragraphs.md`` describes the format and the house
rules behind it. Loading validates the shape with pydantic, then :func:`cross_check` finds
what a schema cannot say (a paragraph pointing nowhere, a card missing a Condition column,
a hex off the map, a loop of "go to" with no way out, unknown weapons, a German number used
twice...). Every problem is reported at once, naming the file, the path in it and what was
expected, as :class:`~ambush_gui.core.errors.ScenarioError`. Paragraphs no Mission Card
entry, soldier card or other paragraph leads to are only warned about
(:attr:`Mission.warnings`).

Words, from the rulebook:

- A **Condition** ("A", "B"...) is the Mission Card in force; the German cards have one
  Action Number column per Condition (AR-110). A paragraph may change it (AR-123).
- A **Paragraph Check** reads the paragraph the Mission Card gives the hex (or area) a US
  soldier enters (AR-003). The **Event column** is read with 2d6 (AR-029).
- The **red references** are arrows from hex to hex that a moving German follows (AR-112).
- A paragraph's options are **bulleted** (the one that applies) or **numbered** (the first
  that applies) (AR-111); each has a condition (:class:`Cond`) and actions (:class:`Act`).

>>> m = Mission.load(SCENARIOS / "ambush-tutorial.toml")
>>> m.name, m.spec.card.start, m.german(1).letter
('ambush-tutorial', 'A', 'A')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ambush_gui.ambush.charts import Charts, Faces, Side, Stance, WeaponKind
from ambush_gui.ambush.fire import Term
from ambush_gui.ambush.model import MAX_AMMO_BOXES, Soldier, WeaponState
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import path_tokens, read_data, type_words, validate
from ambush_gui.core.hexgrid import Hex, HexMap, Hexside

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
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


# -- format 1 -----------------------------------------------------------------------------------


def infer_outcome(levels: list[Any], index: int) -> Outcome:
    """Who won at level ``index`` of a format 1 file, read the way format 1 games were decided:
    the lowest level (or one named like it) is a German win, a level whose name starts with
    "Draw" a draw, any other a US win."""
    names = [str(lv.get("result", "")) if isinstance(lv, dict) else "" for lv in levels]
    name = names[index]
    if name == names[-1]:
        return Outcome.GERMAN
    if name.lower().startswith("draw"):
        return Outcome.DRAW
    return Outcome.US


def migrate(data: Any) -> tuple[Any, list[tuple[str, str]]]:
    """Bring a format 1 mission (``format = 1`` or no ``format``) up to format 2 in memory:
    every victory level without an ``outcome`` gets the one format 1 games gave it. Returns
    the new data (the input is not changed) and one warning per inferred outcome. Data of
    another format, or not shaped like a mission, is returned as it is for the schema to
    judge."""
    if not isinstance(data, dict) or data.get("format", 1) != 1:
        return data, []
    out = dict(data, format=FORMAT)
    notes: list[tuple[str, str]] = []
    victory = data.get("victory")
    levels = victory.get("levels") if isinstance(victory, dict) else None
    if isinstance(levels, list) and levels and all(isinstance(lv, dict) for lv in levels):
        new = []
        for i, lv in enumerate(levels):
            if "outcome" not in lv:
                outcome = infer_outcome(levels, i)
                lv = dict(lv, outcome=outcome.value)
                notes.append((f"victory.levels[{i}]",
                              f"format 1 file, no outcome: taken as outcome = \"{outcome.value}\""
                              " (as format 1 games read the level's name); write it to make it "
                              "explicit"))
            new.append(lv)
        out["victory"] = dict(victory or {}, levels=new)
    return out, notes


# -- crew weapons ------------------------------------------------------------------------------


def crew_keys(charts: Charts) -> set[str]:
    """The Weapon Chart's crew weapons (FC-052)."""
    return {k for k, w in charts.spec.weapons.items() if w.kind is WeaponKind.CREW}


CrewPair = tuple[str, tuple[int, int], tuple[int, int]]
"""A crew weapon carried by two soldiers: (key, (soldier, weapon index) of the first carrier,
(soldier, weapon index) of the second), indices into ``squad`` and its ``weapons``."""


def crew_pairs(squad: list[list[str]], crew: set[str]) -> tuple[list[CrewPair],
                                                                 list[tuple[int, int]]]:
    """Who carries which crew weapon (FC-053): the listings of each crew weapon key on the
    squad's cards (``squad``: each soldier's ``weapons``), paired in squad order: the first
    soldier listing it with the second, the third with the fourth. Returns the pairs and
    the listings left alone (the odd one out, or a soldier listing the same gun twice in a
    row, who cannot carry both pieces).

    >>> crew_pairs([["m1919"], ["m1-garand"], ["m1-carbine", "m1919"]], {"m1919"})
    ([('m1919', (0, 0), (2, 1))], [])
    """
    open_: dict[str, tuple[int, int]] = {}
    pairs: list[CrewPair] = []
    alone: list[tuple[int, int]] = []
    for i, weapons in enumerate(squad):
        for j, key in enumerate(weapons):
            if key not in crew:
                continue
            first = open_.pop(key, None)
            if first is None:
                open_[key] = (i, j)
            elif first[0] == i:
                alone.append(first)
                open_[key] = (i, j)
            else:
                pairs.append((key, first, (i, j)))
    alone += open_.values()
    return pairs, sorted(alone)


def crew_share(boxes: int) -> tuple[int, int]:
    """The Port Boxes of a crew weapon each carrier holds (FC-054, house rule AR-098): the
    first the larger half. 3 -> (2, 1); 4 -> (2, 2)."""
    return boxes - boxes // 2, boxes // 2


def migrate_crew(data: Any, charts: Charts) -> tuple[Any, list[tuple[str, str]]]:
    """Give every crew weapon of the squad its two carriers (FC-053, FC-054), in memory.

    Files written before crew weapons were loaded as such may list a machinegun on one
    soldier only (it was then a personal weapon nobody could prepare or fire) or give its
    carriers no Port Boxes. A crew weapon listed by one soldier is given a second carrier:
    the next soldier in squad order (round the end) who lists no crew weapon; a carrier
    whose ``port_boxes`` cannot hold his pieces gets as many as his pieces fill. A gun that
    finds no second carrier stays a personal weapon that can never fire. Each inference is
    one warning naming what was taken. Data not shaped like a mission is returned as it is
    for the schema to judge."""
    squad = data.get("squad") if isinstance(data, dict) else None
    if not isinstance(squad, list) or not all(
            isinstance(s, dict) and isinstance(s.get("weapons"), list)
            and all(isinstance(w, str) for w in s["weapons"]) for s in squad):
        return data, []
    crew = crew_keys(charts)
    if not any(w in crew for s in squad for w in s["weapons"]):
        return data, []
    squad = [dict(s, weapons=list(s["weapons"])) for s in squad]
    notes: list[tuple[str, str]] = []

    def who(i: int) -> str:
        return str(squad[i].get("name") or squad[i].get("id") or f"soldier {i + 1}")

    _, alone = crew_pairs([s["weapons"] for s in squad], crew)
    for i, j in alone:
        key = squad[i]["weapons"][j]
        n = len(squad)
        mate = next((k % n for k in range(i + 1, i + n)
                     if not any(w in crew for w in squad[k % n]["weapons"])), None)
        if mate is None:
            notes.append((f"squad[{i}].weapons[{j}]",
                          f"the {key} is a crew weapon that two soldiers carry (FC-053), but no "
                          "other soldier is free to carry it: it stays a weapon he can never "
                          "prepare or fire; list it on a second soldier's card"))
            continue
        squad[mate]["weapons"].append(key)
        notes.append((f"squad[{i}].weapons[{j}]",
                      f"the {key} is a crew weapon that two soldiers carry (FC-053): taken as "
                      f"carried by {who(i)} with {who(mate)}, the next soldier free to carry it; "
                      f"list it on the second carrier's card to make it explicit"))
    pairs, _ = crew_pairs([s["weapons"] for s in squad], crew)
    need = [0] * len(squad)
    for key, (a, _ja), (b, _jb) in pairs:
        boxes = charts.weapon(key).port_boxes or 0
        first, second = crew_share(boxes)
        need[a] += first
        need[b] += second
    for i, s in enumerate(squad):
        have = s.get("port_boxes", 0)
        if isinstance(have, int) and have < need[i]:
            s["port_boxes"] = need[i]
            notes.append((f"squad[{i}].port_boxes",
                          f"port_boxes = {have}: his pieces of a crew weapon fill {need[i]} "
                          f"(FC-054): taken as port_boxes = {need[i]}; write it to make it "
                          "explicit"))
    return dict(data, squad=squad), notes


# -- places in the designer's words ------------------------------------------------------------



def _tokens(path: str) -> list[str | int]:
    return path_tokens(path)


_NEEDS = {  # a list the schema wants longer, in the designer's words
    "do": "do needs at least one action: what happens when the option applies",
    "squad": "the mission needs at least one US soldier",
    "paragraphs": "the mission needs at least one paragraph",
    "conditions": "the mission needs at least one Condition",
    "levels": "the victory needs at least one level",
    "weapons": "he needs at least one weapon",
    "enters": "he needs at least one entry hex",
    "at": "a Paragraph Check needs at least one hex or area",
    "path": "a red reference joins at least two hexes",
    "hexes": "a terrain patch needs at least one hex",
    "sides": "a hexside patch needs at least one hexside",
}
_PATTERNS = {  # the schema's patterns, said as what to write
    r"^\d{4}$": "a hex number CCRR, e.g. 0304",
    r"^\d{4}(-\d{4})?$": "a hex CCRR or a block CCRR-CCRR",
    r"^\d{4}/\d{4}$": "a hexside CCRR/CCRR",
    r"^(\d{4}|[a-z][a-z0-9-]*)$": "a hex number or an area's name",
    r"^[A-Z]$": "one capital letter",
    r"^[a-z][a-z0-9-]*$": "lower case letters, digits and hyphens, starting with a letter",
}
_WHOLE = {"squad": "the US squad", "paragraphs": "the paragraphs", "germans": "the German cards",
          "conditions": "the Conditions"}
_LIST_MIN = re.compile(r"List should have at least (\d+) items? after validation, not (\d+)")
_LIST_MAX = re.compile(r"List should have at most (\d+) items? after validation, not (\d+)")
_BOUND = re.compile(r"Input should be (greater|less) than( or equal to)? (-?\d+) \(got (.*)\)$")
_PATTERN = re.compile(r"String should match pattern '(.*)' \(got (.*)\)$")
_INTEGER = re.compile(r"Input should be a valid integer.*?(\(got .*\))?$")
_CHOICE = re.compile(r"Input should be (.*) \(got (.*)\)$")


def plain_words(toks: list[str | int], what: str) -> str:
    """A schema message (pydantic's wording) in the designer's words, naming the field:
    "List should have at least 1 item after validation, not 0" under ``do`` becomes "an
    option needs at least one action: what happens when it applies"; "Input should be
    greater than or equal to 1 (got 0)" under ``goto`` becomes "goto needs a paragraph
    number, 1 or more (got 0)". A message the program wrote itself is returned as it is.

    >>> plain_words(["germans", 0, "columns", "A"],
    ...             "List should have at least 10 items after validation, not 2")
    'a column has 10 paragraphs, one for each Action Number 0-9 (it has 2)'
    >>> plain_words(["germans", 0, "ar"], "Input should be less than or equal to 12 (got 40)")
    'ar is at most 12 (got 40)'
    """
    leaf = next((t for t in reversed(toks) if isinstance(t, str)), "")
    counted = toks and isinstance(toks[-1], int)  # an item of a list, not the field itself
    column = len(toks) >= 2 and toks[-2] in ("columns", "reactions") or leaf in (
        "self_preservation", "column")
    if column and (m := _LIST_MIN.match(what) or _LIST_MAX.match(what)):
        return f"a column has 10 paragraphs, one for each Action Number 0-9 (it has {m[2]})"
    if m := _LIST_MIN.match(what):
        least, has = int(m[1]), int(m[2])
        if leaf in _NEEDS and least == 1:
            return _NEEDS[leaf]
        return f"{leaf} needs at least {least} (it has {has})"
    if m := _LIST_MAX.match(what):
        return f"{leaf} has at most {m[1]} (it has {m[2]})"
    if counted:
        leaf = f"{leaf} item {int(toks[-1]) + 1}"
    if m := _BOUND.match(what):
        limit = int(m[3]) + (0 if m[2] else (1 if m[1] == "greater" else -1))
        if leaf in ("goto", "paragraph") and m[1] == "greater":
            return f"{leaf} needs a paragraph number, {limit} or more (got {m[4]})"
        return f"{leaf} is at {'least' if m[1] == 'greater' else 'most'} {limit} (got {m[4]})"
    if m := _INTEGER.match(what):
        needs = "a paragraph number" if leaf in ("goto", "paragraph") else "a whole number"
        return f"{leaf} needs {needs}" + (f" {m[1]}" if m[1] else "")
    if m := _PATTERN.match(what):
        return f"{leaf}: expected {_PATTERNS.get(m[1], 'text of the form ' + m[1])} (got {m[2]})"
    if (m := _CHOICE.match(what)) and "valid" not in m[1]:
        return f"{leaf}: expected {m[1]} (got {m[2]})"
    if what == "is missing (required)":
        return f"{leaf} is missing (required)"
    if what == "is not a known field":
        return f"{leaf} is not a known field (a misspelt name?)"
    if what.startswith("Input should be") and (wanted := type_words(what)):
        got = what[what.rfind(" (got "):] if what.endswith(")") and " (got " in what else ""
        return f"{leaf} needs {wanted}{got}"
    return what


def describe(data: Any, path: str, what: str) -> tuple[str, str]:
    """A problem's place in the words the designer wrote: ``paragraphs[64].options[1].do[0]
    .goto`` of the file becomes "paragraph 66, option 2" (paragraphs by their number, Germans
    by theirs, US soldiers by their id, options and actions counted from 1), and a field
    the message already names ("goto 167: ...") is not said twice. Places outside those
    lists keep their dotted path. ``data`` is the file's data as read."""
    toks = _tokens(path)
    what = plain_words(toks, what)
    words: list[str] = []
    cur: Any = data
    i = 0

    def item(seq: Any, k: int) -> Any:
        return seq[k] if isinstance(seq, list) and 0 <= k < len(seq) else None

    def field(obj: Any, key: str) -> Any:
        return obj.get(key) if isinstance(obj, dict) else None

    rest: list[str | int] = []
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t in ("paragraphs", "germans", "squad") and isinstance(nxt, int) and not words:
            cur = item(field(cur, t), nxt)
            if t == "paragraphs":
                n = field(cur, "number")
                words.append(f"paragraph {n}" if _whole(n) else f"paragraph #{nxt + 1} (no number)")
            elif t == "germans":
                n = field(cur, "number")
                words.append(f"German {n}" if _whole(n) else f"German card #{nxt + 1} (no number)")
            else:
                sid = field(cur, "id")
                words.append(f"US soldier {sid}" if isinstance(sid, str) and sid
                             else f"US soldier #{nxt + 1}")
            i += 2
        elif t == "options" and isinstance(nxt, int) and words:
            cur = item(field(cur, t), nxt)
            words.append(f"option {nxt + 1}")
            i += 2
        elif t == "do" and isinstance(nxt, int) and words:
            acts = field(cur, t)
            if not (isinstance(acts, list) and len(acts) == 1):
                words.append(f"action {nxt + 1}")
            cur = item(acts, nxt)
            i += 2
        elif t == "columns" and isinstance(nxt, str) and words and words[0].startswith("German"):
            cur = None
            words.append(f"column {nxt}")
            i += 2
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "self_preservation" and words:
            words.append("column S")
            i += 1
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "reactions" and isinstance(nxt, str) and words:
            words.append(f"Special Reaction {nxt}")
            i += 2
            if i < len(toks) and toks[i] == "column":
                i += 1
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "victory" and nxt == "levels" and not words:
            i += 2
            index = toks[i] if i < len(toks) else None
            if isinstance(index, int):
                levels = field(field(data, "victory"), "levels")
                name = field(item(levels, index), "result")
                words.append(f"victory level {index + 1}" + (f" ({name})" if name else ""))
                i += 1
            else:
                words.append("victory levels")
        elif words:
            rest = toks[i:]
            break
        elif len(toks) == 1 and t in _WHOLE:
            return _WHOLE[str(t)], what
        else:
            return path, what
    place = ", ".join(words)
    if what.startswith(f"{place} ") and not rest:  # "paragraph 50: paragraph 50 is never read"
        what = what[len(place) + 1:]
    if rest:
        tail = "".join(f"[{t}]" if isinstance(t, int) else f".{t}" for t in rest).lstrip(".")
        if isinstance(rest[0], str) and len(rest) <= 2 and what.startswith((f"{rest[0]} ", f"{rest[0]}:")):
            pass  # the message names the field itself
        else:
            words.append(tail)
        place = ", ".join(words)
    return place, what


# -- the paragraphs a file names -----------------------------------------------------------------


def _dict(x: Any) -> dict[Any, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def paragraph_refs(data: Any) -> Iterator[tuple[str, Any, bool]]:
    """Every place of a mission's plain data (a draft too) naming a paragraph: (dotted path,
    number, is a root). Roots are the places the game reads on its own (the Mission Card
    and the soldier cards); the others are an option's ``goto``, reached only through its
    paragraph. Parts not shaped as the format says are passed over (the schema says why).

    >>> list(paragraph_refs({"card": {"events": {"7": 3}}, "paragraphs": [
    ...     {"number": 3, "options": [{"do": [{"goto": 9}]}]}]}))
    [('card.events.7', 3, True), ('paragraphs[0].options[0].do[0].goto', 9, False)]
    """
    data = _dict(data)
    card = _dict(data.get("card"))
    for i, check in enumerate(_list(card.get("checks"))):
        if "paragraph" in _dict(check):
            yield f"card.checks[{i}].paragraph", check["paragraph"], True
    for total, n in _dict(card.get("events")).items():
        yield f"card.events.{total}", n, True
    for name, cond in _dict(data.get("conditions")).items():
        for total, n in _dict(_dict(cond).get("events")).items():
            yield f"conditions.{name}.events.{total}", n, True
    for i, g in enumerate(_list(data.get("germans"))):
        g = _dict(g)
        for c, col in _dict(g.get("columns")).items():
            for k, n in enumerate(_list(col)):
                yield f"germans[{i}].columns.{c}[{k}]", n, True
        for k, n in enumerate(_list(g.get("self_preservation"))):
            yield f"germans[{i}].self_preservation[{k}]", n, True
        for letter, r in _dict(g.get("reactions")).items():
            for k, n in enumerate(_list(_dict(r).get("column"))):
                yield f"germans[{i}].reactions.{letter}.column[{k}]", n, True
    for i, p in enumerate(_list(data.get("paragraphs"))):
        for j, o in enumerate(_list(_dict(p).get("options"))):
            for k, a in enumerate(_list(_dict(o).get("do"))):
                if "goto" in _dict(a):
                    yield f"paragraphs[{i}].options[{j}].do[{k}].goto", a["goto"], False


def no_such_paragraph(path: str, number: int) -> tuple[str, str]:
    """The problem of a place naming a paragraph the mission does not have."""
    leaf = _tokens(path)[-1]
    said = leaf if isinstance(leaf, str) and leaf in ("goto", "paragraph") else "paragraph"
    return path, f"{said} {number}: no such paragraph"


def draft_problems(data: Any) -> list[tuple[str, str]]:
    """What the cross-checks would say about the paragraphs a draft names, found on the plain
    data: a file that fails its schema is not cross-checked, and a designer half-way through
    a mission still wants to hear that a ``goto`` leads nowhere."""
    numbers = {n for p in _list(_dict(data).get("paragraphs")) if _whole(n := _dict(p).get("number"))}
    return [no_such_paragraph(path, n) for path, n, _ in paragraph_refs(data)
            if _whole(n) and n not in numbers]


def _whole(n: Any) -> bool:
    """A paragraph number as a draft may hold one: a whole number (a list, a table or text
    there is the schema's to report, and cannot be looked up)."""
    return isinstance(n, int) and not isinstance(n, bool)


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


# -- the cross-checks --------------------------------------------------------------------------


def check(spec: MissionSpec, charts: Charts | None = None
          ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Every problem and every warning, from one run of the checks (loading needs both)."""
    return _Checker(spec, charts or Charts.default()).run()


def cross_check(spec: MissionSpec, charts: Charts | None = None) -> list[tuple[str, str]]:
    """What the schema cannot say: every problem as (path, expectation)."""
    return _Checker(spec, charts or Charts.default()).run()[0]


def warnings(spec: MissionSpec, charts: Charts | None = None) -> list[tuple[str, str]]:
    """Doubtful but playable: paragraphs nothing leads to."""
    return _Checker(spec, charts or Charts.default()).run()[1]


class _Checker:
    def __init__(self, spec: MissionSpec, charts: Charts) -> None:
        self.spec = spec
        self.charts = charts
        self.problems: list[tuple[str, str]] = []
        self.warnings: list[tuple[str, str]] = []
        self.numbers = {p.number for p in spec.paragraphs}

    def bad(self, path: str, what: str) -> None:
        self.problems.append((path, what))

    # -- atoms -------------------------------------------------------------------------------
    def hex_ok(self, path: str, label: str) -> bool:
        w, h = self.spec.map.width, self.spec.map.height
        c, r = _col_row(label)
        if 1 <= c <= w and 1 <= r <= h:
            return True
        self.bad(path, f"hex {label} is off the {w}x{h} map (columns 01-{w:02d}, rows 01-{h:02d})")
        return False

    def span_ok(self, path: str, span: str) -> None:
        for part in span.split("-"):
            self.hex_ok(path, part)

    def place_ok(self, path: str, place: str) -> None:
        if place.isdigit():
            self.hex_ok(path, place)
        elif place not in self.spec.map.areas:
            known = ", ".join(sorted(self.spec.map.areas)) or "none defined"
            self.bad(path, f"unknown area {place!r}; expected a hex number or an area under "
                           f"[map.areas] ({known})")

    def paragraph_ok(self, path: str, number: int) -> None:
        if number not in self.numbers:
            self.problems.append(no_such_paragraph(path, number))

    def condition_ok(self, path: str, name: str) -> None:
        if name not in self.spec.conditions:
            known = ", ".join(sorted(self.spec.conditions))
            self.bad(path, f"unknown Condition {name!r}; the mission has {known}")

    def weapon_ok(self, path: str, key: str, side: Side | None = None) -> bool:
        """A Weapon Chart key, of ``side``'s part of the chart when given (FC-005)."""
        weapons = self.charts.spec.weapons
        if key not in weapons:
            self.bad(path, f"unknown weapon {key!r}; the Weapon Chart has {', '.join(sorted(weapons))}")
            return False
        if side is not None and weapons[key].side is not side:
            own = ", ".join(sorted(self.charts.weapons(side)))
            theirs, who = ("a German", "a US soldier") if side is Side.US else ("a US", "a German")
            self.bad(path, f"{key!r} is {theirs} weapon; {who} carries his side's weapons: {own} "
                           "(FC-005)")
            return False
        return True

    def ratings_ok(self, path: str, r: Ratings) -> None:
        """Every rating against the charts it is read on: the Action Rating needs its AR Track
        column (AR-034, AR-041), else every initiative die of the game fails."""
        ars = self.charts.ar_ratings
        if r.ar not in ars:
            self.bad(f"{path}.ar", f"ar = {r.ar}: the AR Track has no column for Action Rating "
                                   f"{r.ar}; expected {ars.start}-{ars.stop - 1} (AR-041)")
        ws = sorted(self.charts.spec.clear_jam.columns)
        if not ws[0] <= r.ws <= ws[-1]:
            self.warnings.append((f"{path}.ws", f"ws = {r.ws}: the Clear Jammed Weapon Chart has "
                                  f"columns {ws[0]} to {ws[-1]}; his jams are read in the nearest"))

    def events_ok(self, path: str, events: dict[int, int]) -> None:
        for total, number in events.items():
            if not 2 <= total <= 12:
                self.bad(f"{path}.{total}", f"an Event total is 2-12 on two dice (got {total})")
            self.paragraph_ok(f"{path}.{total}", number)

    # -- the file ------------------------------------------------------------------------------
    def run(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        self.check_map()
        self.check_card()
        self.check_germans()
        self.check_squad()
        self.check_paragraphs()
        for i, label in enumerate(self.spec.end.exit_hexes):
            self.hex_ok(f"end.exit_hexes[{i}]", label)
        levels = [lv.min for lv in self.spec.victory.levels]
        if levels != sorted(levels, reverse=True):
            self.bad("victory.levels", f"must run from the highest min down (got {levels})")
        self.check_loops()
        self.check_read_by_nobody()
        self.check_reachable()
        self.check_repeatable()
        self.check_overlaps()
        self.check_cycles()
        return self.problems, self.warnings

    def check_map(self) -> None:
        m = self.spec.map
        terrains = self.charts.spec.terrain
        known = ", ".join(sorted(terrains))
        if m.default not in terrains:
            self.bad("map.default", f"unknown terrain {m.default!r}; the charts have {known}")
        for i, patch in enumerate(m.terrain):
            if patch.terrain not in terrains:
                self.bad(f"map.terrain[{i}].terrain",
                         f"unknown terrain {patch.terrain!r}; the charts have {known}")
            for j, span in enumerate(patch.hexes):
                self.span_ok(f"map.terrain[{i}].hexes[{j}]", span)
        for i, sides in enumerate(m.hexsides):
            if sides.feature not in self.charts.spec.hexsides:
                self.bad(f"map.hexsides[{i}].feature",
                         f"unknown hexside feature {sides.feature!r}; the charts have "
                         f"{', '.join(sorted(self.charts.spec.hexsides))}")
            for j, side in enumerate(sides.sides):
                path = f"map.hexsides[{i}].sides[{j}]"
                a, b = side.split("/")
                if self.hex_ok(path, a) & self.hex_ok(path, b):
                    try:
                        Hexside.between(Hex.from_label(a), Hex.from_label(b))
                    except ValueError as exc:
                        self.bad(path, str(exc))
        for name, spans in m.areas.items():
            for j, span in enumerate(spans):
                self.span_ok(f"map.areas.{name}[{j}]", span)

    def check_card(self) -> None:
        card = self.spec.card
        self.condition_ok("card.start", card.start)
        self.events_ok("card.events", card.events)
        for name, spec in self.spec.conditions.items():
            self.events_ok(f"conditions.{name}.events", spec.events)
        claimed: dict[tuple[str, str, str], str] = {}
        for i, check in enumerate(card.checks):
            path = f"card.checks[{i}]"
            self.paragraph_ok(f"{path}.paragraph", check.paragraph)
            for k, c in enumerate(check.when):
                self.condition_ok(f"{path}.when[{k}]", c)
            for j, place in enumerate(check.at):
                self.place_ok(f"{path}.at[{j}]", place)
                level = "hex" if place.isdigit() else "area"
                hexes = [place] if place.isdigit() else [
                    lb for s in self.spec.map.areas.get(place, []) for lb in span_labels(s)]
                for cond in check.when or list(self.spec.conditions):
                    for lb in hexes:
                        key = (level, lb, cond)
                        if key in claimed and claimed[key] != path:
                            self.bad(f"{path}.at[{j}]",
                                     f"hex {lb} already has a Paragraph Check under Condition "
                                     f"{cond} at {claimed[key]} (one {level} check per hex)")
                        claimed[key] = path
        outgoing: dict[tuple[str, str], str] = {}
        for i, ref in enumerate(card.references):
            path = f"card.references[{i}]"
            for k, c in enumerate(ref.when):
                self.condition_ok(f"{path}.when[{k}]", c)
            on = [self.hex_ok(f"{path}.path[{j}]", lb) for j, lb in enumerate(ref.path)]
            for j in range(len(ref.path) - 1):
                a, b = ref.path[j], ref.path[j + 1]
                if not (on[j] and on[j + 1]):
                    continue
                if Hex.from_label(a).distance(Hex.from_label(b)) != 1:
                    self.bad(f"{path}.path[{j + 1}]",
                             f"a red reference joins adjacent hexes; {a} and {b} are not adjacent")
                for cond in ref.when or list(self.spec.conditions):
                    if (a, cond) in outgoing:
                        self.bad(f"{path}.path[{j}]",
                                 f"hex {a} already has a red reference under Condition {cond} "
                                 f"({outgoing[(a, cond)]}); one arrow leaves a hex")
                    outgoing[(a, cond)] = f"{path}.path[{j}]"

    def check_germans(self) -> None:
        numbers: dict[int, int] = {}
        letters: dict[str, int] = {}
        conds = set(self.spec.conditions)
        for i, g in enumerate(self.spec.germans):
            path = f"germans[{i}]"
            if g.number in numbers:
                self.bad(f"{path}.number",
                         f"German {g.number} is used by two cards (card #{numbers[g.number] + 1} "
                         "has it too)")
            numbers.setdefault(g.number, i)
            if g.letter in letters:
                self.bad(f"{path}.letter", f"letter {g.letter} is already German "
                                           f"{self.spec.germans[letters[g.letter]].number}'s")
            letters.setdefault(g.letter, i)
            self.ratings_ok(path, g)
            for j, w in enumerate(g.weapons):
                self.weapon_ok(f"{path}.weapons[{j}]", w, Side.GERMAN)
            for c in sorted(conds - set(g.columns)):
                self.bad(path, f"no column for Condition {c} (every Condition needs one)")
            for c in sorted(set(g.columns) - conds):
                self.bad(f"{path}.columns.{c}", f"{c!r} is not a Condition of this mission")
            for c, col in g.columns.items():
                for n, p in enumerate(col):
                    self.paragraph_ok(f"{path}.columns.{c}[{n}]", p)
            for n, p in enumerate(g.self_preservation):
                self.paragraph_ok(f"{path}.self_preservation[{n}]", p)
            for letter, r in g.reactions.items():
                if letter == SELF_PRESERVATION or letter in conds:
                    taken = "Self-Preservation" if letter == SELF_PRESERVATION else "a Condition"
                    self.bad(f"{path}.reactions.{letter}",
                             f"letter {letter} is taken by {taken}; "
                             "a Special Reaction needs its own letter")
                for n, p in enumerate(r.column):
                    self.paragraph_ok(f"{path}.reactions.{letter}.column[{n}]", p)

    def check_squad(self) -> None:
        ids: dict[str, int] = {}
        for i, s in enumerate(self.spec.squad):
            path = f"squad[{i}]"
            if s.id in ids:
                self.bad(f"{path}.id", f"id {s.id!r} is used by two soldiers (soldier "
                                       f"#{ids[s.id] + 1} has it too)")
            ids.setdefault(s.id, i)
            self.ratings_ok(path, s)
            for j, w in enumerate(s.weapons):
                self.weapon_ok(f"{path}.weapons[{j}]", w, Side.US)
            if len(s.ammo) > MAX_AMMO_BOXES:
                self.bad(f"{path}.ammo", f"{len(s.ammo)} Ammo Boxes; at most {MAX_AMMO_BOXES} (FC-039)")
            for j, w in enumerate(s.ammo):
                if self.weapon_ok(f"{path}.ammo[{j}]", w, Side.US):
                    self.ammo_fits(f"{path}.ammo[{j}]", w, s)
            for j, lb in enumerate(s.enters):
                if self.hex_ok(f"{path}.enters[{j}]", lb):
                    self.edge_ok(f"{path}.enters[{j}]", lb)

    def ammo_fits(self, path: str, key: str, s: SquadSoldier) -> None:
        """An Ammo Box holds a clip or round of a weapon someone in the squad carries, or a
        grenade or satchel charge thrown from the box itself (FC-039, FC-040). The rules tie
        no box to its owner's weapons: a loader loads his partner's bazooka from his own
        boxes (FC-065), a crewman feeds the gun he shares a hex with (FC-001), and a friend
        may take a box over (AR-093). A box for a weapon nobody in the squad carries is kept
        but warned about: nobody can ever fire it."""
        kind = self.charts.spec.weapons[key].kind
        if kind in (WeaponKind.GRENADE, WeaponKind.SATCHEL):
            return
        if any(key in mate.weapons for mate in self.spec.squad):
            return
        name = self.charts.spec.weapons[key].name
        self.warnings.append((path, f"an Ammo Box of {key!r} ({name}) fits no weapon anyone in "
                                    "the squad carries, so nobody can ever use it; expected a "
                                    "clip or round of a weapon on a squad card, or a grenade or "
                                    "satchel charge (FC-039)"))

    def edge_ok(self, path: str, label: str) -> None:
        """A US soldier enters from off the map (AR-012, AR-013): his entry hex is on its edge."""
        w, h = self.spec.map.width, self.spec.map.height
        c, r = _col_row(label)
        if c not in (1, w) and r not in (1, h):
            self.bad(path, f"entry hex {label} is not on the map edge; expected column 01 or "
                           f"{w:02d}, or row 01 or {h:02d} (a soldier enters from off the map, "
                           "AR-013)")

    def check_paragraphs(self) -> None:
        seen: dict[int, int] = {}
        germans = {g.number for g in self.spec.germans}
        for i, p in enumerate(self.spec.paragraphs):
            path = f"paragraphs[{i}]"
            if p.number in seen:
                self.bad(f"{path}.number", f"paragraph {p.number} is written twice (paragraph "
                                           f"#{seen[p.number] + 1} in the file has it too)")
            seen.setdefault(p.number, i)
            for j, o in enumerate(p.options):
                opath = f"{path}.options[{j}]"
                self.check_cond(f"{opath}.when", o.when, germans)
                for k, a in enumerate(o.do):
                    self.check_act(f"{opath}.do[{k}]", a, germans)

    def check_cond(self, path: str, c: Cond, germans: set[int]) -> None:
        k = c.key
        if k == "us_in":
            for j, place in enumerate(c.us_in or []):
                self.place_ok(f"{path}.us_in[{j}]", place)
        elif k == "condition":
            self.condition_ok(f"{path}.condition", c.condition or "")
        elif k in ("german_active", "german_out") and getattr(c, k) not in germans:
            self.bad(f"{path}.{k}", f"no German card numbered {getattr(c, k)}")
        elif k in ("all", "any"):
            for j, sub in enumerate(getattr(c, k)):
                self.check_cond(f"{path}.{k}[{j}]", sub, germans)
        elif k == "not_":
            assert c.not_ is not None
            self.check_cond(f"{path}.not", c.not_, germans)

    def check_act(self, path: str, a: Act, germans: set[int]) -> None:
        if a.goto is not None:
            self.paragraph_ok(f"{path}.goto", a.goto)
        elif a.condition is not None:
            self.condition_ok(f"{path}.condition", a.condition)
        elif a.give_turn is not None and a.give_turn not in germans:
            self.bad(f"{path}.give_turn", f"no German card numbered {a.give_turn}")
        elif a.activate is not None:
            act = a.activate
            if act.german not in germans:
                self.bad(f"{path}.activate.german", f"no German card numbered {act.german}")
            self.hex_ok(f"{path}.activate.hex", act.hex)
            for j, w in enumerate(act.weapons):
                self.weapon_ok(f"{path}.activate.weapons[{j}]", w, Side.GERMAN)

    # -- the paragraph graph ---------------------------------------------------------------------
    def check_loops(self) -> None:
        """A paragraph is trapped when every option of it goes to another paragraph and none of
        them can end the reading: a loop of "go to" with no way out.

        One pass each way, linear in the paragraphs: the paragraphs that can end are found
        backwards from those that end at once, and each trapped paragraph's loop is found by
        following first choices, each paragraph walked once (a 3,000-paragraph chain took
        half a minute when every paragraph was looked at again on every round)."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        index = {p.number: i for i, p in enumerate(self.spec.paragraphs)}
        targets = {n: _targets(p) for n, p in by_no.items()}
        ends = {n for n, ts in targets.items() if not by_no[n].options or None in ts}
        led_from: dict[int, list[int]] = {}
        for n, ts in targets.items():
            for t in dict.fromkeys(ts):
                if t in by_no:
                    led_from.setdefault(t, []).append(n)  # type: ignore[arg-type]
        todo = list(ends)
        while todo:  # whatever leads to a paragraph that can end can end
            for n in led_from.get(todo.pop(), ()):
                if n not in ends:
                    ends.add(n)
                    todo.append(n)
        first = {n: next((t for t in ts if t in by_no), None) for n, ts in targets.items()}
        loops = _Loops(first)
        for n in by_no:
            if n in ends or first[n] is None:
                continue  # it can end, or it has only missing targets: already reported
            self.bad(f"paragraphs[{index[n]}]",
                     f"paragraph {n} can never end: every option goes to another paragraph and "
                     f"they lead round a loop with no way out ({loops.shown(n)}); "
                     "give one option an action that is not 'goto'")

    def check_read_by_nobody(self) -> None:
        """A paragraph the Mission Card reads (a Paragraph Check, the Event column, and every
        paragraph they "go to") has no German reading it: a condition about "him" (sees_us,
        us_within, stance, wounded, has_ammo) has nobody to ask, and does not hold there
        (paragraphs.py). A warning: the same paragraph may be a German's too."""
        spec = self.spec
        by_no = {p.number: (i, p) for i, p in enumerate(spec.paragraphs)}
        todo = [c.paragraph for c in spec.card.checks] + list(spec.card.events.values())
        for cond in spec.conditions.values():
            todo += list(cond.events.values())
        seen: set[int] = set()
        while todo:
            n = todo.pop()
            if n in seen or n not in by_no:
                continue
            seen.add(n)
            i, p = by_no[n]
            for j, o in enumerate(p.options):
                asks = next((c for c in o.when.walk() if c.key in HIM), None)
                if asks is not None:
                    self.warnings.append(
                        (f"paragraphs[{i}].options[{j}].when",
                         f"asks about 'him' ({asks.text()}), but the Mission Card reads "
                         f"paragraph {n} (a Paragraph Check or an Event, or a 'go to' from one) "
                         "with no German reading it: there it does not hold; ask about the map "
                         "instead (us_in, condition, chance, german_active, german_out)"))
                todo += [a.goto for a in o.do if a.goto is not None]

    def check_reachable(self) -> None:
        spec = self.spec
        roots: set[int] = {c.paragraph for c in spec.card.checks}
        roots |= set(spec.card.events.values())
        for cond in spec.conditions.values():
            roots |= set(cond.events.values())
        for g in spec.germans:
            for col in [*g.columns.values(), g.self_preservation, *(r.column for r in g.reactions.values())]:
                roots |= set(col)
        by_no = {p.number: p for p in spec.paragraphs}
        seen: set[int] = set()
        todo = [n for n in roots if n in by_no]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo += [a.goto for o in by_no[n].options for a in o.do
                     if a.goto is not None and a.goto in by_no]
        for i, p in enumerate(spec.paragraphs):
            if p.number not in seen:
                self.warnings.append(
                    (f"paragraphs[{i}]", f"paragraph {p.number} is never read: no Mission Card "
                     "entry, soldier card or other paragraph leads to it"))


    def roots(self, condition: str) -> set[int]:
        """The paragraphs read from outside the paragraphs under ``condition``: its Paragraph
        Checks, its Event column and every German's columns."""
        spec = self.spec
        out = {c.paragraph for c in spec.card.checks if not c.when or condition in c.when}
        cond = spec.conditions.get(condition)
        out |= set((dict(spec.card.events) | (cond.events if cond else {})).values())
        for g in spec.germans:
            cols = [g.self_preservation, *(r.column for r in g.reactions.values())]
            if condition in g.columns:
                cols.append(g.columns[condition])
            out |= {n for col in cols for n in col}
        return out

    def again(self, condition: str) -> set[int]:
        """The paragraphs that can be read more than once under ``condition``: reached from
        its roots without passing through a paragraph whose sighting is made once (AR-030)."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        seen: set[int] = set()
        todo = [n for n in self.roots(condition) if n in by_no]
        while todo:
            n = todo.pop()
            if n in seen or by_no[n].sighting is not None:
                continue
            seen.add(n)
            todo += [a.goto for o in by_no[n].options for a in o.do
                     if a.goto is not None and a.goto in by_no]
        return seen

    def check_repeatable(self) -> None:
        """Warn of a paragraph that scores and can be read again: a computer player (or a
        patient player) farms it turn after turn. It is safe once it makes a sighting
        (AR-030), ends the mission, or changes to a Condition under which nothing leads back
        to it."""
        conds = list(self.spec.conditions)
        again = {c: self.again(c) for c in conds}
        anywhere = set().union(*again.values()) if again else set()
        for i, p in enumerate(self.spec.paragraphs):
            if p.sighting is not None or p.number not in anywhere:
                continue
            for j, o in enumerate(p.options):
                points = sum(a.score or 0 for a in o.do)
                if points <= 0 or any(a.end is not None for a in o.do):
                    continue
                to = next((a.condition for a in o.do if a.condition is not None), None)
                if to is not None and p.number not in again.get(to, set()):
                    continue
                self.warnings.append(
                    (f"paragraphs[{i}].options[{j}]",
                     f"scores {points} and can be read again (nothing stops a second reading): "
                     "give the paragraph a sighting, end the mission, or change the Condition "
                     "so that nothing leads back to it"))


    def check_overlaps(self) -> None:
        """Warn of options a paragraph's list style makes the designer's intent unlikely
        (AR-111, AR-117). Bulleted: an option with no condition applies always, so whenever
        a conditional option applies too, a die picks between them and each happens only on
        some rolls. Numbered: the first that applies is taken, so options after an "always"
        one are never read."""
        for i, p in enumerate(self.spec.paragraphs):
            always = [j for j, o in enumerate(p.options) if o.when.key == "always"]
            if not always:
                continue
            if p.style is ListStyle.BULLETED:
                others = [j for j in range(len(p.options)) if j not in always]
                if not others:
                    continue
                names = _options_text(others)
                s = "s" if len(others) == 1 else ""
                for j in always:
                    self.warnings.append((
                        f"paragraphs[{i}].options[{j}]",
                        f"applies always (no condition) in a bulleted list, so whenever {names} "
                        f"appl{'ies' if s else 'y'} too, both apply and a die picks one of them (AR-117): "
                        f"{names} happen{s} only on some rolls. Make the list numbered with this "
                        "option last (\"otherwise\"), or give it a condition of its own"))
            elif always[0] < len(p.options) - 1:
                j = always[0]
                later = _options_text(list(range(j + 1, len(p.options))))
                self.warnings.append((
                    f"paragraphs[{i}].options[{j}]",
                    f"applies always (no condition) in a numbered list, where the first that "
                    f"applies is taken (AR-111): {later} after it never happens. Move it last, "
                    "or give it a condition"))

    def check_cycles(self) -> None:
        """Warn of paragraphs that lead round to themselves by "go to" (one that goes to
        itself, or a circle of several): each reading is in the same situation, so the same
        options apply again and only a chance die or a Condition change leads out; otherwise
        the game stops after MAX_HOPS readings. A circle with no way out at all is already a
        problem (:meth:`check_loops`). Linear: one pass of Tarjan's strongly connected
        components over the "go to" graph."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        index = {p.number: i for i, p in enumerate(self.spec.paragraphs)}
        edges: dict[int, list[tuple[int, str]]] = {n: [] for n in by_no}
        for i, p in enumerate(self.spec.paragraphs):
            for j, o in enumerate(p.options):
                for k, a in enumerate(o.do):
                    if a.goto is not None and a.goto in by_no:
                        edges[p.number].append((a.goto, f"paragraphs[{i}].options[{j}].do[{k}].goto"))
        trapped = {w[0] for w in self.problems if "can never end" in w[1]}
        for comp in _strong_components(by_no, {n: [t for t, _ in es] for n, es in edges.items()}):
            first = min(comp, key=index.__getitem__)
            if f"paragraphs[{index[first]}]" in trapped:
                continue
            if len(comp) == 1:
                for target, path in edges[first]:
                    if target == first:
                        self.warnings.append((path, _SELF_LOOP.format(n=first, hops=MAX_HOPS)))
                continue
            ring = _ring(first, set(comp), {n: [t for t, _ in edges[n]] for n in comp})
            self.warnings.append((
                f"paragraphs[{index[first]}]",
                f"paragraphs {' -> '.join(map(str, ring))} go to each other in a circle: each "
                "reading is in the same situation, so unless a chance die or a Condition change "
                f"leads out of it the reading goes round until the game stops it after {MAX_HOPS} "
                "readings. Go to a paragraph outside the circle, or end it"))


_SELF_LOOP = ("goto {n} leads back to this paragraph: it is read again at once in the same "
              "situation, so the same option applies again unless a chance die or a Condition "
              "change turns it, and the game stops after {hops} readings. Go to another "
              "paragraph, or give the option a chance")


def _options_text(options: list[int]) -> str:
    """Options counted from 1, as a designer says them: "option 2", "options 1 and 3"."""
    names = [str(j + 1) for j in options]
    if len(names) == 1:
        return f"option {names[0]}"
    return f"options {', '.join(names[:-1])} and {names[-1]}"


def _strong_components(nodes: Iterable[int], succ: dict[int, list[int]]) -> list[list[int]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit), in linear
    time; each component holds paragraphs that can all lead to one another."""
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    out: list[list[int]] = []
    for root in nodes:
        if root in order:
            continue
        work = [(root, 0)]
        while work:
            n, k = work.pop()
            if k == 0:
                order[n] = low[n] = len(order)
                stack.append(n)
                on_stack.add(n)
            targets = succ.get(n, [])
            if k < len(targets):
                work.append((n, k + 1))
                t = targets[k]
                if t not in order:
                    work.append((t, 0))
                elif t in on_stack:
                    low[n] = min(low[n], order[t])
                continue
            if low[n] == order[n]:
                comp = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    comp.append(m)
                    if m == n:
                        break
                out.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[n])
    return out


def _ring(start: int, members: set[int], succ: dict[int, list[int]]) -> list[int]:
    """A shortest circle from ``start`` back to it inside ``members`` (breadth first)."""
    came: dict[int, int] = {}
    todo = [start]
    while todo:
        nxt = []
        for n in todo:
            for t in succ.get(n, []):
                if t not in members:
                    continue
                if t == start:
                    path = [n]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if t not in came:
                    came[t] = n
                    nxt.append(t)
        todo = nxt
    return [start, start]


def _targets(p: ParagraphSpec) -> list[int | None]:
    """Where each option of ``p`` goes: its first goto, or None for an option that stays."""
    out: list[int | None] = []
    for o in p.options:
        gotos = [a.goto for a in o.do if a.goto is not None]
        out.append(gotos[0] if gotos else None)
    return out


SHOWN_CHAIN = 8  # paragraphs of a loop named in a message; a longer one is shortened


class _Loops:
    """Where following each paragraph's first "go to" leads: round a loop, or to a paragraph
    that goes nowhere. Each paragraph is walked once, whatever the number asked about."""

    def __init__(self, first: dict[int, int | None]) -> None:
        self.first = first
        self.entry: dict[int, int] = {}  # the first paragraph a walk from here meets twice
        self.loop: dict[int, tuple[list[int], int]] = {}  # a loop member's loop, its place in it
        self.dead: dict[int, tuple[int, int]] = {}  # (the paragraph going nowhere, steps to it)

    def _walk(self, n: int) -> None:
        stack: list[int] = []
        at: dict[int, int] = {}
        m: int | None = n
        while m is not None and m not in at and m not in self.entry and m not in self.dead:
            at[m] = len(stack)
            stack.append(m)
            m = self.first.get(m)
        if m is None:  # the last paragraph walked goes nowhere
            last = stack.pop()
            self.dead[last] = (last, 0)
        elif m in at:  # a new loop: its members, then the paragraphs before it
            loop = stack[at[m]:]
            for k, member in enumerate(loop):
                self.entry[member] = member
                self.loop[member] = (loop, k)
            del stack[at[m]:]
        for k in reversed(stack):  # each leads to the one after it, already settled
            nxt = self.first[k]
            assert nxt is not None
            if nxt in self.dead:
                end, steps = self.dead[nxt]
                self.dead[k] = (end, steps + 1)
            else:
                self.entry[k] = nxt if self.entry[nxt] == nxt else self.entry[nxt]

    def shown(self, n: int) -> str:
        """The loop paragraph ``n`` falls into, as "12 -> 13 -> 12" (from where the walk
        meets it), or the chain to the paragraph that goes nowhere; a long one shortened."""
        if n not in self.entry and n not in self.dead:
            self._walk(n)
        if n in self.dead:
            end, steps = self.dead[n]
            path = [n]
            while len(path) <= min(steps, SHOWN_CHAIN - 1):
                path.append(self.first[path[-1]])  # type: ignore[arg-type]
            if steps < SHOWN_CHAIN:
                return " -> ".join(map(str, path))
            return " -> ".join(map(str, path[:-2])) + f" -> … ({steps + 1:,} paragraphs) -> {end}"
        e = self.entry[n]
        loop, start = self.loop[e]
        size = len(loop)
        shown = [loop[(start + k) % size] for k in range(min(size, SHOWN_CHAIN - 1))]
        if size < SHOWN_CHAIN:
            return " -> ".join(map(str, [*shown, e]))
        return " -> ".join(map(str, shown[:-1])) + f" -> … (a loop of {size:,}) -> {e}"


# -- the mission -------------------------------------------------------------------------------


class Mission:
    """A validated mission: the map, the card, the soldier cards and the paragraphs."""

    scale: float = 1.0  # saves record a scenario's scale; a hex map has none

    def __init__(self, spec: MissionSpec, source: str = "", charts: Charts | None = None,
                 migrated: list[tuple[str, str]] | None = None, data: Any = None,
                 checked: list[tuple[str, str]] | None = None) -> None:
        self.spec = spec
        self.source = source
        self.charts = charts or Charts.default()
        self.migrated = list(migrated or [])
        """What loading a format 1 file inferred (path, what)."""
        found = checked if checked is not None else warnings(spec, self.charts)  # once only
        self.warnings: list[tuple[str, str]] = self.migrated + found
        """Doubtful but playable (path, what): inferred outcomes, paragraphs nothing leads to,
        paragraphs that score again and again."""
        self._data = data if data is not None else self.to_data()
        self._paragraphs = {p.number: p for p in spec.paragraphs}
        self._germans = {g.number: g for g in spec.germans}

    # -- loading -------------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", charts: Charts | None = None) -> Mission:
        """Validate ``data`` (format 1 is migrated first): every problem at once, as a
        :class:`ScenarioError` whose message names the places in the designer's words."""
        charts = charts or Charts.default()
        data, migrated = migrate(data)
        data, crewed = migrate_crew(data, charts)
        migrated += crewed

        def said(path: str, what: str) -> tuple[str, str]:
            return describe(data, path, what)

        try:
            spec = validate(MissionSpec, data, source, ScenarioError)
        except ScenarioError as exc:
            named = {p for p, _ in exc.problems}
            more = [p for p in draft_problems(data) if p[0] not in named]
            raise ScenarioError(source, exc.problems + more, said) from None
        problems, warned = check(spec, charts)
        if problems:
            raise ScenarioError(source, problems, said)
        return cls(spec, source, charts, migrated, data, checked=warned)

    def describe(self, path: str, what: str) -> tuple[str, str]:
        """A problem or warning's place in the designer's words (see :func:`describe`)."""
        return describe(self._data, path, what)

    @classmethod
    def load(cls, path: str | Path, charts: Charts | None = None) -> Mission:
        return cls.from_data(read_data(path, ScenarioError), str(path), charts)

    def to_data(self) -> dict[str, Any]:
        """Plain data (embedded in saves, so a save outlives edits to the shipped file)."""
        return self.spec.model_dump(mode="json", exclude_none=True, by_alias=True)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    # -- look-ups ------------------------------------------------------------------------------
    def paragraph(self, number: int) -> ParagraphSpec:
        try:
            return self._paragraphs[number]
        except KeyError:
            raise KeyError(f"{self.name}: no paragraph {number}") from None

    def german(self, number: int) -> GermanCard:
        """The soldier card of German ``number`` (AR-007)."""
        try:
            return self._germans[number]
        except KeyError:
            raise KeyError(f"{self.name}: no German card numbered {number}") from None

    @cached_property
    def map(self) -> HexMap:
        return map_of(self.spec.map, self.charts)

    @cached_property
    def areas(self) -> dict[str, frozenset[Hex]]:
        return {name: frozenset(Hex.from_label(lb) for s in spans for lb in span_labels(s))
                for name, spans in self.spec.map.areas.items()}

    def places(self, places: Iterable[str]) -> frozenset[Hex]:
        """Hex numbers and area names -> the hexes."""
        out: set[Hex] = set()
        for p in places:
            out |= {Hex.from_label(p)} if p.isdigit() else self.areas[p]
        return frozenset(out)

    def check_paragraph(self, h: Hex, condition: str) -> int | None:
        """The Paragraph Check of hex ``h`` under ``condition`` (AR-003): the hex's own entry,
        else its area's, else None (house rule AR-006)."""
        area_hit: int | None = None
        for c in self.spec.card.checks:
            if c.when and condition not in c.when:
                continue
            for place in c.at:
                if place.isdigit():
                    if Hex.from_label(place) == h:
                        return c.paragraph
                elif area_hit is None and h in self.areas[place]:
                    area_hit = c.paragraph
        return area_hit

    def event_paragraph(self, total: int, condition: str) -> int | None:
        """The Event column's paragraph for a 2d6 ``total`` under ``condition`` (AR-029)."""
        over = self.spec.conditions[condition].events
        return over.get(total, self.spec.card.events.get(total))

    def references(self, condition: str) -> dict[Hex, Hex]:
        """The red references in force: hex -> the next hex (AR-112)."""
        out: dict[Hex, Hex] = {}
        for ref in self.spec.card.references:
            if ref.when and condition not in ref.when:
                continue
            hexes = [Hex.from_label(lb) for lb in ref.path]
            out.update(zip(hexes, hexes[1:], strict=False))
        return out

    def activation_points(self, number: int) -> int:
        """Points scored when German ``number`` is activated (AR-010, house rule AR-011)."""
        pts = self.german(number).points
        return self.spec.victory.activation if pts is None else pts

    def level(self, points: int) -> Level:
        """The victory level a total reaches (the lowest when it reaches none)."""
        for lv in self.spec.victory.levels:
            if points >= lv.min:
                return lv
        return self.spec.victory.levels[-1]

    def result(self, points: int) -> str:
        """The name of the victory level a total reaches."""
        return self.level(points).result

    # -- soldiers ------------------------------------------------------------------------------
    def german_soldier(self, number: int, extra: Iterable[str] = ()) -> Soldier:
        """A German's counter from his card, off the map until activated (AR-007, AR-008)."""
        g = self.german(number)
        sid = f"g{number}"
        return Soldier(sid, Side.GERMAN, g.name, ar=g.ar, mpa=g.mpa, ws=g.ws, per=g.per,
                       ldr=g.ldr, letter=g.letter, number=g.number,
                       weapons=[WeaponState(f"{sid}-{k}-{i}", k)
                                for i, k in enumerate([*g.weapons, *extra])])

    @cached_property
    def _crew(self) -> list[CrewPair]:
        return crew_pairs([s.weapons for s in self.spec.squad], crew_keys(self.charts))[0]

    def us_soldiers(self) -> list[Soldier]:
        """The squad, off the map until they enter (AR-012). A crew weapon two of them carry
        is not among their own weapons: see :meth:`crew_weapons`."""
        pieces = {p for _, a, b in self._crew for p in (a, b)}
        return [Soldier(s.id, Side.US, s.name, ar=s.ar, mpa=s.mpa, ws=s.ws, per=s.per, ldr=s.ldr,
                        weapons=[WeaponState(f"{s.id}-{k}-{j}", k) for j, k in enumerate(s.weapons)
                                 if (i, j) not in pieces],
                        ammo=list(s.ammo), port_boxes=s.port_boxes)
                for i, s in enumerate(self.spec.squad)]

    def crew_weapons(self) -> list[WeaponState]:
        """The squad's crew weapons, each carried in pieces by its two soldiers (FC-053,
        FC-054), not prepared (FC-052): its id is the first carrier's weapon id."""
        out = []
        for key, (a, ja), (b, _) in self._crew:
            first, second = crew_share(self.charts.weapon(key).port_boxes or 0)
            sa, sb = self.spec.squad[a], self.spec.squad[b]
            out.append(WeaponState(f"{sa.id}-{key}-{ja}", key,
                                   carriers={sa.id: first, sb.id: second}))
        return out


def shipped() -> list[Path]:
    """The shipped mission files."""
    return sorted(p for p in SCENARIOS.glob("ambush-*.toml"))
