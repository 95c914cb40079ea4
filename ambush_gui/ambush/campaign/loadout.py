"""Choose-and-equip: who goes on a mission and what each carries."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Kit:
    """One slot of the mission's squad: the man in it and what he carries. A crew weapon
    is listed on both its carriers' kits, as in a mission file (FC-053)."""

    soldier_id: str
    weapons: list[str] = field(default_factory=list)
    ammo: list[str] = field(default_factory=list)
    port_boxes: int = 0

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Loadout:
    slots: list[Kit] = field(default_factory=list)

    def to_data(self) -> list[dict[str, Any]]:
        return [k.to_data() for k in self.slots]

    @classmethod
    def from_data(cls, data: list[dict[str, Any]]) -> Loadout:
        return cls([Kit(**k) for k in data])


def suggest(campaign: Any, step_id: str, roster: Any) -> Loadout:
    """A sound default: the best men available (the leader first), each slot carrying what
    the mission's own squad carries in it, within the allotment."""
    raise NotImplementedError


def loadout_problems(campaign: Any, step_id: str, roster: Any, loadout: Loadout) -> list[str]:
    """Why the loadout may not start the mission, in words; [] when it may."""
    raise NotImplementedError
