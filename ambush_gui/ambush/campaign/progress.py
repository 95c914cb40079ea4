"""One campaign being played: the progress file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambush_gui.ambush.campaign.campaign import Campaign
from ambush_gui.ambush.campaign.debrief import Debrief
from ambush_gui.ambush.campaign.loadout import Loadout
from ambush_gui.ambush.campaign.roster import Roster
from ambush_gui.core.errors import InputError


class ProgressError(InputError):
    """A progress file that cannot be used: the file, the place, what is wrong."""


class Progress:
    """The state of one campaign being played."""

    def __init__(self, campaign: Campaign, seed: int, roster: Roster) -> None:
        self.campaign = campaign
        self.seed = seed
        self.roster = roster
        self.step_id: str | None = campaign.steps[0].id
        self.phase: str = "equip"
        self.loadout: Loadout | None = None
        self.game_save: dict[str, Any] | None = None
        self.done: list[Debrief] = []
        self.path: Path | None = None

    @classmethod
    def new(cls, campaign: Campaign, seed: int = 0, roster: Roster | None = None) -> Progress:
        raise NotImplementedError

    @classmethod
    def load(cls, path: str | Path) -> Progress:
        raise NotImplementedError

    def save(self, path: str | Path | None = None) -> Path:
        raise NotImplementedError

    def start_mission(self, loadout: Loadout) -> Any:
        raise NotImplementedError

    def resume_mission(self) -> Any:
        """The game in play, rebuilt from ``game_save``."""
        raise NotImplementedError

    def record(self, game: Any) -> None:
        """Keep the mission in play's decisions (the window's autosave)."""
        raise NotImplementedError

    def finish_mission(self, game: Any) -> Debrief:
        raise NotImplementedError

    def next_mission(self) -> None:
        raise NotImplementedError


def progress_dir(data_dir: Path) -> Path:
    """Where progress files live in the player's data folder."""
    return Path(data_dir) / "campaigns"
