"""The record pad: the squad's men from mission to mission."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

RATINGS = ("ar", "mpa", "ws", "per", "ldr")
"""The five ratings, in the soldier card's order."""

RATING_WORDS = {"ar": "Action Rating", "mpa": "Movement Point Allowance", "ws": "Weapon Skill",
                "per": "Perception", "ldr": "Leadership"}

Status = Literal["fit", "wounded", "dead"]


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
        return [s for s in self.soldiers if s.status != "dead"]

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
