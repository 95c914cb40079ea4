"""The Ambush! campaign: one squad's record pad carried through missions in order.

Qt-free. The pieces:

- :mod:`.spec` the campaign file's schema (``ambush_gui/scenarios/campaigns/*.toml``) and its settings;
- :mod:`.campaign` :class:`Campaign`, a validated campaign file with its missions loaded,
  and :meth:`Campaign.mission_for`, a mission with the chosen men in its squad's slots;
- :mod:`.roster` the record pad: :class:`Soldier`, :class:`Roster`, recruits;
- :mod:`.loadout` choose-and-equip: :class:`Loadout`, :func:`suggest`, :func:`loadout_problems`;
- :mod:`.debrief` what a finished mission did to the squad: :func:`fates_of`, :func:`debrief`,
  experience and promotions (:func:`raise_cost`, :func:`promote`, :func:`unpromote`);
- :mod:`.progress` :class:`Progress`, one campaign being played, saved atomically with a ``.bak``;
- :mod:`.simulate` :func:`play_campaign`, the computer playing a campaign through.

The rules are the project's own: ``docs/rules/ambush-campaign.md``. The GUI never computes a
campaign rule: it shows what these return.
"""

from __future__ import annotations

from ambush_gui.ambush.campaign.campaign import Campaign, CampaignError, Step, shipped
from ambush_gui.ambush.campaign.debrief import (
    Debrief,
    Fate,
    debrief,
    fates_of,
    promote,
    raise_cost,
    unpromote,
)
from ambush_gui.ambush.campaign.loadout import Kit, Loadout, loadout_problems, suggest
from ambush_gui.ambush.campaign.progress import Progress, ProgressError, progress_dir
from ambush_gui.ambush.campaign.roster import RATINGS, Roster, Soldier
from ambush_gui.ambush.campaign.simulate import CampaignResult, play_campaign
from ambush_gui.ambush.campaign.spec import CampaignSpec, Settings

__all__ = [
    "RATINGS",
    "Campaign",
    "CampaignError",
    "CampaignResult",
    "CampaignSpec",
    "Debrief",
    "Fate",
    "Kit",
    "Loadout",
    "Progress",
    "ProgressError",
    "Roster",
    "Settings",
    "Soldier",
    "Step",
    "debrief",
    "fates_of",
    "loadout_problems",
    "play_campaign",
    "progress_dir",
    "promote",
    "raise_cost",
    "shipped",
    "suggest",
    "unpromote",
]
