"""A campaign file, validated, with its missions loaded."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ambush_gui.ambush.campaign.spec import Allotment, CampaignSpec, Next
from ambush_gui.ambush.mission import Mission
from ambush_gui.core.errors import ScenarioError

CAMPAIGNS = Path(__file__).resolve().parents[3] / "scenarios" / "campaigns"
"""Where the shipped campaigns are."""


class CampaignError(ScenarioError):
    """A campaign file that failed validation: the file, the place in the designer's words
    ("mission 3 (\"lane\")"), what was expected."""


@dataclass(frozen=True)
class Step:
    """One mission of the campaign, its mission loaded."""

    id: str
    mission: Mission
    takes: int
    allotment: Allotment
    next: Next
    title: str = ""
    brief: str = ""
    index: int = 0

    @property
    def slots(self) -> int:
        """The mission's own squad size."""
        return len(self.mission.spec.squad)


class Campaign:
    """A validated campaign file, its missions loaded."""

    def __init__(self, spec: CampaignSpec, source: str, steps: list[Step],
                 warnings: list[tuple[str, str]] | None = None) -> None:
        self.spec = spec
        self.source = source
        self.steps = steps
        self.warnings = list(warnings or [])
        self._by_id = {s.id: s for s in steps}

    @classmethod
    def load(cls, path: str | Path) -> Campaign:
        raise NotImplementedError

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>",
                  missions: dict[str, Any] | None = None) -> Campaign:
        """Validate ``data``. ``missions``: step id -> the mission's data, embedded (a
        progress file carries them); absent, each step's ``mission`` is looked up."""
        raise NotImplementedError

    def to_data(self) -> dict[str, Any]:
        return self.spec.model_dump(mode="json", exclude_none=True)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def brief(self) -> str:
        return self.spec.brief

    @property
    def settings(self) -> Any:
        return self.spec.settings

    def step(self, step_id: str) -> Step:
        try:
            return self._by_id[step_id]
        except KeyError:
            raise KeyError(f"{self.name}: no mission {step_id!r}") from None

    def next_step(self, step_id: str, outcome: str) -> str | None:
        """The step after ``step_id`` for ``outcome`` (us/draw/german): its branch, else the
        next in order; None when the campaign ends."""
        raise NotImplementedError

    def mission_for(self, step_id: str, roster: Any, loadout: Any) -> Mission:
        """The step's mission with the chosen men in its squad's slots: their names and
        ratings from the roster, weapons, Ammo Boxes and Port Boxes from the loadout, entry
        hexes from the slot."""
        raise NotImplementedError


def shipped() -> list[Path]:
    """The shipped campaign files."""
    return sorted(CAMPAIGNS.glob("*.toml"))
