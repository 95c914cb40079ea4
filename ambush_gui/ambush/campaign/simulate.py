"""The computer plays a campaign through (``ambush-gui simulate CAMPAIGN``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ambush_gui.ambush.campaign.campaign import Campaign


@dataclass
class CampaignResult:
    seed: int
    missions: list[dict[str, Any]] = field(default_factory=list)
    """Per mission played: step, outcome, points, losses."""
    survivors: int = 0
    growth: dict[str, int] = field(default_factory=dict)
    """Rating points gained by promotion, per rating."""
    exceptions: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


def play_campaign(campaign: Campaign, seed: int = 0, us: str = "normal") -> CampaignResult:
    raise NotImplementedError
