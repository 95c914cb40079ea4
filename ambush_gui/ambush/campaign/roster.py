"""The record pad: the squad's men from mission to mission."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

RATINGS = ("ar", "mpa", "ws", "per", "ldr")
"""The five ratings, in the soldier card's order."""

RATING_WORDS = {"ar": "Action Rating", "mpa": "Movement Point Allowance", "ws": "Weapon Skill",
                "per": "Perception", "ldr": "Leadership"}

Status = Literal["fit", "wounded", "dead", "captured"]
"""fit; wounded (out for ``out_for`` missions); dead or captured: gone from the squad."""


@dataclass
class Soldier:
    """One line of the record pad."""

    id: str
    name: str
    ar: int
    mpa: int
    ws: int
    per: int
    ldr: int
    status: Status = "fit"
    out_for: int = 0
    """Missions he must still miss (wounded); 0 when fit."""
    missions: int = 0
    germans: int = 0
    """Germans he put out of the fight."""
    xp: int = 0
    """Experience not yet spent."""
    recruit: bool = False
    """He joined as a replacement (not of the starting roster)."""
    history: list[str] = field(default_factory=list)
    """One line per mission, in words."""

    @property
    def available(self) -> bool:
        return self.status == "fit"

    def rating(self, name: str) -> int:
        return int(getattr(self, name))

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Soldier:
        return cls(**data)


@dataclass
class Roster:
    soldiers: list[Soldier] = field(default_factory=list)

    def available(self) -> list[Soldier]:
        """The men fit to go on the next mission, in roster order."""
        return [s for s in self.soldiers if s.available]

    def living(self) -> list[Soldier]:
        """The men still with the squad: fit or wounded."""
        return [s for s in self.soldiers if s.status in ("fit", "wounded")]

    def by_id(self, soldier_id: str) -> Soldier:
        for s in self.soldiers:
            if s.id == soldier_id:
                return s
        raise KeyError(f"no soldier {soldier_id!r} on the roster")

    def to_data(self) -> list[dict[str, Any]]:
        return [s.to_data() for s in self.soldiers]

    @classmethod
    def from_data(cls, data: list[dict[str, Any]]) -> Roster:
        return cls([Soldier.from_data(s) for s in data])


RECRUIT_NAMES = (
    "Abbott", "Barlow", "Caskey", "Dunmore", "Ellery", "Fenwick", "Gorski", "Halloran",
    "Ingram", "Jessup", "Kowal", "Lindqvist", "Mattox", "Nolan", "Okafor", "Pruitt",
    "Quaid", "Rasmussen", "Sutter", "Tolliver", "Underhill", "Varga", "Whitcomb", "Yancey",
    "Zielinski", "Ashby", "Brandt", "Corliss", "Delacroix", "Estrada", "Fairbanks", "Greer",
    "Hadley", "Iverson", "Janowski", "Kimura", "Lovell", "Marchetti", "Novak", "Ostrowski",
)
"""The project's own names for recruits, used in order (then again with a number)."""


def recruit(roster: Roster, settings: Any) -> Soldier:
    """A new recruit with the settings' recruit ratings (campaign rule 7), named by the next name of
    :data:`RECRUIT_NAMES` nobody on the roster has (the dead included: a name stays his)."""
    taken_ids = {s.id for s in roster.soldiers}
    taken_names = {s.name for s in roster.soldiers}
    r = settings.recruit
    n = 0
    while True:
        for surname in RECRUIT_NAMES:
            name = f"Pvt {surname}" + (f" {n + 1}" if n else "")
            sid = f"pvt-{surname.lower()}" + (f"-{n + 1}" if n else "")
            if name not in taken_names and sid not in taken_ids:
                return Soldier(sid, name, ar=r.ar, mpa=r.mpa, ws=r.ws, per=r.per, ldr=r.ldr,
                               recruit=True)
        n += 1


def fill(roster: Roster, settings: Any, takes: int = 0) -> list[Soldier]:
    """campaign rule 7: recruits join until the living roster holds ``settings.roster_size`` men, and
    more while fewer than ``takes`` are fit to go. Returns the recruits (added in place)."""
    joined = []
    while len(roster.living()) < settings.roster_size or len(roster.available()) < takes:
        man = recruit(roster, settings)
        roster.soldiers.append(man)
        joined.append(man)
    return joined
