"""The campaign file's schema (``kind = "campaign"``), strict like the mission schema.

Format: ``docs/formats.md`` ("Ambush! campaign"); the settings are the numbers of the
campaign rules, ``docs/rules/ambush-campaign.md``. Every setting has a default.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ambush_gui.ambush.mission.schema import Id, Name, Rating, Text

MAX_STEPS = 100
MAX_ROSTER = 50


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Count = Annotated[int, Field(ge=0, le=99)]
Die = Annotated[int, Field(ge=0, le=6, description="a d6 face: 0 = never, 6 = always")]


class Caps(Strict):
    """The most a rating may be raised to (campaign rule 6)."""

    ar: int = Field(default=5, ge=-1, le=12, description="Action Rating")
    mpa: int = Field(default=7, ge=1, le=20, description="Movement Point Allowance")
    ws: int = Field(default=3, ge=-1, le=12, description="Weapon Skill")
    per: int = Field(default=6, ge=-1, le=12, description="Perception")
    ldr: int = Field(default=4, ge=-1, le=12, description="Leadership")


RatingSet = Caps
"""The name of the skeleton's (kept: the screens' tests build settings with it)."""


class RecruitRatings(Strict):
    """A recruit's ratings (campaign rule 7)."""

    ar: int = Field(default=2, ge=-1, le=12, description="Action Rating")
    mpa: int = Field(default=6, ge=1, le=20, description="Movement Point Allowance")
    ws: int = Field(default=0, ge=-1, le=12, description="Weapon Skill")
    per: int = Field(default=3, ge=-1, le=12, description="Perception")
    ldr: int = Field(default=0, ge=-1, le=12, description="Leadership")


class Costs(Strict):
    """Experience points to raise a rating by one (campaign rule 6)."""

    ar: int = Field(default=8, ge=1, le=999)
    mpa: int = Field(default=6, ge=1, le=999)
    ws: int = Field(default=5, ge=1, le=999)
    per: int = Field(default=4, ge=1, le=999)
    ldr: int = Field(default=6, ge=1, le=999)


class Settings(Strict):
    """The numbers of the campaign rules (docs/rules/ambush-campaign.md), each with its
    default. The names below are the rules' names in that page."""

    roster_size: int = Field(default=8, ge=1, le=MAX_ROSTER,
                             description="recruits fill the roster up to this before each mission")
    wounded_out_on: Die = Field(default=2, description="campaign rule 2: a wounded man misses the next "
                                "mission on a d6 at or under this")
    wounded_out: Count = Field(default=1, description="campaign rule 2: missions a wounded man misses")
    incapacitated_dies_on: Die = Field(default=1, description="campaign rule 3: an incapacitated man "
                                       "dies of his wounds on a d6 at or under this")
    incapacitated_long_on: Die = Field(default=3, description="campaign rule 3: else, on a d6 at or under "
                                       "this he misses incapacitated_long missions")
    incapacitated_long: Count = Field(default=2, description="campaign rule 3: the long absence")
    incapacitated_short: Count = Field(default=1, description="campaign rule 3: the short absence (else)")
    xp_mission: Count = Field(default=1, description="campaign rule 5: for each mission survived")
    xp_german: Count = Field(default=2, description="campaign rule 5: for each German he put "
                             "out of the fight")
    xp_us: Count = Field(default=2, description="campaign rule 5: when the mission is a US victory")
    xp_draw: Count = Field(default=1, description="campaign rule 5: when the mission is a draw")
    xp_german_win: Count = Field(default=0, description="campaign rule 5: when the Germans win the mission")
    costs: Costs = Costs()
    caps: Caps = Field(default=Caps(), description="campaign rule 6: no rating is raised above "
                       "its cap")
    recruit: RecruitRatings = Field(default=RecruitRatings(),
                                    description="campaign rule 7: a recruit's ratings")


class RosterEntry(Strict):
    """A man of the starting roster."""

    id: Id
    name: Name
    ar: Rating = Field(description="Action Rating")
    mpa: int = Field(ge=1, le=20, description="Movement Point Allowance")
    ws: Rating = Field(description="Weapon Skill")
    per: Rating = Field(description="Perception")
    ldr: Rating = Field(description="Leadership")


class Allotment(Strict):
    """What the squad may draw for a mission: weapons (a crew weapon counts once per gun)
    and Ammo Boxes, by Weapon Chart key."""

    weapons: dict[Id, Count] = Field(default={}, max_length=100)
    ammo: dict[Id, Count] = Field(default={}, max_length=100)


class Next(Strict):
    """Where the campaign goes after a mission, by its outcome: a step id, or "end"."""

    us: Id | None = None
    draw: Id | None = None
    german: Id | None = None


class MissionStep(Strict):
    id: Id
    mission: Annotated[str, Field(min_length=1, max_length=500, description=(
        "a shipped mission's name, or a path relative to the campaign file"))]
    title: Name = Field(default="", description="the step's own name; default: the mission's title")
    brief: Text = Field(default="", description="the campaign's words before this mission")
    takes: int | None = Field(default=None, ge=1, le=50,
                              description="how many soldiers go; default: the mission's squad size")
    allotment: Allotment | None = None
    next: Next = Next()


class CampaignSpec(Strict):
    format: Literal[1] = 1
    system: Literal["ambush"] = "ambush"
    kind: Literal["campaign"] = "campaign"
    name: Id
    title: Name
    brief: Text = ""
    settings: Settings = Settings()
    roster: list[RosterEntry] = Field(default=[], max_length=MAX_ROSTER)
    missions: list[MissionStep] = Field(min_length=1, max_length=MAX_STEPS)
