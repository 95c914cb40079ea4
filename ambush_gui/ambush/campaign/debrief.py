"""After a mission: what it did to each man, and the campaign rules applied."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Fate:
    soldier_id: str
    result: str
    """"unhurt", "wounded", "incapacitated", "killed" or "captured"."""
    germans: int = 0
    """Germans he put out of the fight in the mission."""
    hit: list[str] = field(default_factory=list)
    """Names of the Germans he put out of the fight."""

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Debrief:
    """What one finished mission did to the roster."""

    step_id: str
    outcome: str
    points: int
    fates: list[Fate] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)
    died_of_wounds: list[str] = field(default_factory=list)
    xp: dict[str, int] = field(default_factory=dict)
    recruits: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    """Every die the campaign rules threw: purpose, face, result."""
    level: str = ""
    next_step: str | None = None


def fates_of(game: Any) -> list[Fate]:
    """Each US soldier's end in a finished game, in squad order."""
    raise NotImplementedError


def debrief(progress: Any, game: Any) -> Debrief:
    """Apply the campaign rules to the progress's roster for the finished ``game``."""
    raise NotImplementedError


def raise_cost(soldier: Any, rating: str, settings: Any) -> int | None:
    """Experience to raise ``rating`` by one; None when it is at its cap."""
    raise NotImplementedError


def promote(progress: Any, soldier_id: str, rating: str) -> None:
    """Spend the soldier's experience to raise ``rating`` by one; ValueError in words when
    not allowed."""
    raise NotImplementedError
